//! The scalar tests' helpers: the num-bigint reference and input strategies weighted toward edges.

use edwards25519_scalar::Scalar;
use num_bigint::BigUint;
use proptest::prelude::*;

/// Cases per property: at least 10,000 in release, fewer in debug builds.
pub fn cases() -> usize {
    crate::cases(1_000, 10_000)
}

/// [`cases`] as a proptest configuration.
pub fn config() -> ProptestConfig {
    crate::proptest_config(1_000, 10_000)
}

/// l = 2^252 + 27742317777372353535851937790883648493, from its definition.
pub fn l() -> BigUint {
    (BigUint::from(1u8) << 252u32)
        + "27742317777372353535851937790883648493"
            .parse::<BigUint>()
            .expect("decimal constant")
}

/// 2^k.
pub fn pow2(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

/// Little-endian bytes of `x`, padded to N (x must fit).
pub fn le<const N: usize>(x: &BigUint) -> [u8; N] {
    let v = x.to_bytes_le();
    assert!(v.len() <= N, "value does not fit {N} bytes");
    let mut out = [0u8; N];
    out[..v.len()].copy_from_slice(&v);
    out
}

/// The little-endian integer `bytes` encode.
pub fn int(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_le(bytes)
}

/// The reference value of a scalar (from its encoding, which is checked elsewhere).
pub fn val(s: &Scalar) -> BigUint {
    int(&s.to_bytes())
}

/// The scalar with reference value `x mod l`, built from canonical bytes.
pub fn scalar_of(x: &BigUint) -> Scalar {
    let r = x % l();
    Option::from(Scalar::from_canonical_bytes(le::<32>(&r))).expect("reduced value is canonical")
}

/// 256-bit edges, as byte inputs to the decoders: 0, 1, l-1, l, l+1, 2^252, 2^253,
/// 2^255, 2^256-1, and a few more around the limb and reduction boundaries.
pub fn edge_ints_256() -> Vec<BigUint> {
    let l = l();
    let one = BigUint::from(1u8);
    vec![
        BigUint::from(0u8),
        one.clone(),
        BigUint::from(2u8),
        &l - 2u8,
        &l - &one,
        l.clone(),
        &l + &one,
        &l * 2u8 - &one,
        &l * 2u8,
        pow2(252) - &one,
        pow2(252),
        pow2(253) - &one,
        pow2(253),
        pow2(255),
        pow2(64) - &one,
        pow2(128),
        &l * 15u8,
        &l * 15u8 + &one,
        pow2(256) - &l,
        pow2(256) - &one,
    ]
}

/// 512-bit edges for the wide decoder: the 256-bit edges in either half, all-ones,
/// extremes of the fold at bit 252, and squares near l^2.
pub fn edge_ints_512() -> Vec<BigUint> {
    let l = l();
    let one = BigUint::from(1u8);
    let mut v = Vec::new();
    for e in edge_ints_256() {
        v.push(e.clone());
        v.push(&e << 256u32);
        v.push((&e << 256u32) + &e);
    }
    v.push(pow2(512) - &one);
    v.push(pow2(512) - pow2(252));
    v.push((pow2(260) - &one) << 252u32);
    v.push(pow2(252) - &one + ((pow2(260) - &one) << 252u32));
    v.push(&l * &l);
    v.push(&l * &l - &one);
    v.push((&l - &one) * (&l - &one));
    v.push((&l - &one) * (&l - &one) + &l - &one);
    v.push((pow2(512) / &l) * &l);
    v.push((pow2(512) / &l) * &l - &one);
    // The top quotient digit of the fold at its maximum (4): see `fold_extreme`.
    let th_max = (pow2(252) - &one) / c();
    for (dth, gap) in [(0u8, 0u8), (0, 1), (1, 0), (1, 7), (2, 0)] {
        v.push(fold_extreme(&(&th_max - dth), &BigUint::from(gap)));
    }
    v
}

/// c = l - 2^252.
pub fn c() -> BigUint {
    l() - pow2(252)
}

/// A 512-bit x = h·2^252 + lo whose fold (x ≡ lo - h·c with h·c = t_h·2^252 + t_l)
/// has the given t_h, the smallest possible t_l, and lo = 2^252 - 1 - gap: the low
/// parts are as large and the subtracted parts as small as they can be, which drives
/// the reduction's intermediate sum to its upper bound. `t_h` must be below 2^133.
pub fn fold_extreme(t_h: &BigUint, gap: &BigUint) -> BigUint {
    let c = c();
    // t_l ≡ -t_h·2^252 (mod c) makes t_h·2^252 + t_l a multiple of c.
    let t_l = (&c - (t_h << 252u32) % &c) % &c;
    let h = ((t_h << 252u32) + &t_l) / &c;
    let x = (h << 252u32) + pow2(252) - 1u8 - gap;
    x % pow2(512)
}

/// 32 bytes: an edge (a third of the time), an edge plus a small offset, or random.
pub fn bytes32() -> impl Strategy<Value = [u8; 32]> {
    let edges = edge_ints_256();
    let edges2 = edges.clone();
    prop_oneof![
        3 => proptest::sample::select(edges).prop_map(|x| le::<32>(&x)),
        1 => (proptest::sample::select(edges2), 0u64..5).prop_map(|(x, d)| {
            let y = (x + d) % pow2(256);
            le::<32>(&y)
        }),
        6 => any::<[u8; 32]>(),
    ]
}

/// 64 bytes: an edge, a multiple of l plus or minus a little, or random.
pub fn bytes64() -> impl Strategy<Value = [u8; 64]> {
    let edges = edge_ints_512();
    prop_oneof![
        3 => proptest::sample::select(edges).prop_map(|x| le::<64>(&x)),
        2 => (any::<[u8; 32]>(), 0u64..3, any::<bool>()).prop_map(|(k, d, down)| {
            let m = int(&k) * l();
            let y = if down { (m + pow2(512) - d) % pow2(512) } else { (m + d) % pow2(512) };
            le::<64>(&y)
        }),
        1 => (any::<[u8; 17]>(), any::<u8>()).prop_map(|(th, gap)| {
            let t_h = int(&th) % pow2(133);
            le::<64>(&fold_extreme(&t_h, &BigUint::from(gap)))
        }),
        5 => any::<[u8; 64]>(),
    ]
}

/// A scalar with edge values weighted in (0, 1, l-1, l-2, 2^252, values with high
/// limbs all ones...), plus random reduced ones.
pub fn scalar() -> impl Strategy<Value = Scalar> {
    prop_oneof![
        1 => bytes32().prop_map(Scalar::from_bytes_mod_order),
        1 => any::<[u8; 64]>().prop_map(|b| Scalar::from_bytes_mod_order_wide(&b)),
    ]
}
