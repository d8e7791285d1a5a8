//! Shared by the field tests: the num-bigint reference model and the input generators.
//!
//! The reference reads an element through its limbs (`FieldElement::limbs`), never
//! through `to_bytes`, so encoding bugs cannot hide behind the model.

use std::sync::LazyLock;

use edwards25519_field::FieldElement;
use num_bigint::BigUint;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;

/// p = 2^255 - 19.
pub static P: LazyLock<BigUint> = LazyLock::new(|| (BigUint::from(1u8) << 255u32) - 19u8);

/// sqrt(-1) = 2^((p-1)/4) mod p, computed independently of the crate's constant.
pub static SQRT_M1: LazyLock<BigUint> =
    LazyLock::new(|| BigUint::from(2u8).modpow(&((&*P - 1u8) >> 2u32), &P));

/// Proptest configuration: `debug` cases in debug builds (where `debug_assert!`s run
/// and code is slow), `release` cases in release builds ([`crate::proptest_config`]).
pub fn config(debug: usize, release: usize) -> ProptestConfig {
    crate::proptest_config(debug, release)
}

/// The per-operation case count: at least 10,000 in release.
pub fn ops_config() -> ProptestConfig {
    config(1_000, 10_000)
}

/// The case count for exponentiations (invert, pow22523, sqrt_ratio), slower in debug.
pub fn pow_config() -> ProptestConfig {
    config(500, 10_000)
}

/// The integer the limbs stand for, not reduced: Σ `limbs[i]`·2^(51·i).
pub fn limbs_value(x: &FieldElement) -> BigUint {
    x.limbs()
        .iter()
        .rev()
        .fold(BigUint::from(0u8), |acc, &l| (acc << 51u32) + l)
}

/// The value of x mod p.
pub fn val(x: &FieldElement) -> BigUint {
    limbs_value(x) % &*P
}

/// n mod p as an element with canonical limbs (built with `from_limbs`, not `from_bytes`).
pub fn fe(n: &BigUint) -> FieldElement {
    let n = n % &*P;
    let mask = (BigUint::from(1u8) << 51u32) - 1u8;
    let limb = |i: u32| -> u64 {
        let digits = ((&n >> (51 * i)) & &mask).to_u64_digits();
        digits.first().copied().unwrap_or(0)
    };
    FieldElement::from_limbs([limb(0), limb(1), limb(2), limb(3), limb(4)])
        .expect("51-bit limbs are within the invariant")
}

/// The 32-byte little-endian encoding of n < 2^256.
pub fn le32(n: &BigUint) -> [u8; 32] {
    let mut out = [0u8; 32];
    let bytes = n.to_bytes_le();
    assert!(bytes.len() <= 32, "value does not fit 32 bytes");
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

/// The 64-byte little-endian encoding of n < 2^512.
pub fn le64(n: &BigUint) -> [u8; 64] {
    let mut out = [0u8; 64];
    let bytes = n.to_bytes_le();
    assert!(bytes.len() <= 64, "value does not fit 64 bytes");
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

/// 1/x mod p, with 0 mapping to 0 (Fermat, independent of the crate).
pub fn inv(x: &BigUint) -> BigUint {
    x.modpow(&(&*P - 2u8), &P)
}

/// Whether x (mod p) is a square (Euler's criterion; 0 counts as a square).
pub fn is_square(x: &BigUint) -> bool {
    let e = x.modpow(&((&*P - 1u8) >> 1u32), &P);
    e <= BigUint::from(1u8)
}

/// Fails the case unless `out` keeps the limb invariant and equals `expected` mod p.
pub fn check(out: &FieldElement, expected: &BigUint) -> Result<(), TestCaseError> {
    prop_assert!(
        out.is_in_bounds(),
        "limb invariant broken: {:?}",
        out.limbs()
    );
    prop_assert_eq!(val(out), expected % &*P, "limbs {:?}", out.limbs());
    Ok(())
}

/// Limb values at the edges of the invariant (every limb < 2^52). 0 and 2^51 - 1 appear
/// twice: they combine into the values next to 0 and p.
pub const EDGE_LIMBS: [u64; 12] = [
    0,
    0,
    1,
    19,
    (1 << 51) - 20,
    (1 << 51) - 19,
    (1 << 51) - 1,
    (1 << 51) - 1,
    1 << 51,
    (1 << 51) + 1,
    (1 << 52) - 19,
    (1 << 52) - 1,
];

/// A limb below 2^52, half the time an edge value.
fn limb() -> impl Strategy<Value = u64> {
    prop_oneof![select(&EDGE_LIMBS[..]), 0u64..(1 << 52)]
}

fn from_limbs(l: [u64; 5]) -> FieldElement {
    FieldElement::from_limbs(l).expect("generated limbs are below 2^52")
}

/// Byte encodings at the edges: the values 0..=20, 2^255-21..=2^255-1 (which covers
/// p-2, p-1, p, p+1, ..., 2^255-1) and 2^254, each with bit 255 clear or set.
pub fn edge_bytes() -> impl Strategy<Value = [u8; 32]> {
    let small = (0u32..=20).prop_map(BigUint::from);
    let top = (0u32..=20).prop_map(|k| (BigUint::from(1u8) << 255u32) - 1u8 - k);
    let mid = Just(BigUint::from(1u8) << 254u32);
    (prop_oneof![3 => small, 3 => top, 1 => mid], any::<bool>()).prop_map(|(n, high)| {
        let mut b = le32(&n);
        b[31] |= u8::from(high) << 7;
        b
    })
}

/// 32 bytes: edge encodings or uniformly random ones.
pub fn bytes32() -> impl Strategy<Value = [u8; 32]> {
    prop_oneof![edge_bytes(), any::<[u8; 32]>()]
}

/// Field elements weighted toward edges: every limb an edge value, a mix of edge and
/// random limbs, decoded edge encodings, uniformly random limbs (< 2^52, so the
/// representation is often unreduced) and decoded random bytes.
pub fn arb_fe() -> impl Strategy<Value = FieldElement> {
    prop_oneof![
        2 => core::array::from_fn::<_, 5, _>(|_| select(&EDGE_LIMBS[..])).prop_map(from_limbs),
        2 => [limb(), limb(), limb(), limb(), limb()].prop_map(from_limbs),
        1 => edge_bytes().prop_map(|b| FieldElement::from_bytes(&b)),
        3 => core::array::from_fn::<_, 5, _>(|_| 0u64..(1 << 52)).prop_map(from_limbs),
        2 => any::<[u8; 32]>().prop_map(|b| FieldElement::from_bytes(&b)),
    ]
}

/// u32 multipliers for `mul32`: edges (0, 1, 19, 121666, upstream's benchmark constant,
/// 2^31, u32::MAX) or uniform.
pub fn arb_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        select(&[0u32, 1, 2, 19, 38, 121_666, 0xaa42_aa42, 1 << 31, u32::MAX][..]),
        any::<u32>(),
    ]
}

/// Whether the public element holds 4×64 limbs (x86-64 unless forced portable).
pub const HOLDS_4X64: bool = cfg!(edwards25519_x86);

/// The limbs the element holds (4×64 or radix 2^51, see [`HOLDS_4X64`]).
pub fn held(x: &FieldElement) -> Vec<u64> {
    if HOLDS_4X64 {
        x.to_fe64().limbs().to_vec()
    } else {
        x.limbs().to_vec()
    }
}

/// A different limb representation of the same value, when the limbs leave room for
/// one (None otherwise). 4×64: x + p or x - p as 256-bit numbers. Radix 2^51: x + p
/// limb by limb, or one unit moved down a limb.
pub fn other_representation(x: &FieldElement) -> Option<FieldElement> {
    use edwards25519_field::backend::radix64::Fe64;
    if HOLDS_4X64 {
        let l = x.to_fe64().limbs();
        let v = l
            .iter()
            .rev()
            .fold(BigUint::ZERO, |acc, w| (acc << 64u32) + *w);
        let p = (BigUint::from(1u8) << 255u32) - 19u8;
        let top = BigUint::from(1u8) << 256u32;
        let w = if &v + &p < top {
            v + p
        } else if v >= p {
            v - p
        } else {
            return None;
        };
        let d = w.to_u64_digits();
        let m: [u64; 4] = core::array::from_fn(|i| d.get(i).copied().unwrap_or(0));
        return Some(FieldElement::from_fe64(&Fe64::from_limbs(m)));
    }
    let l = x.limbs();
    const P_LIMBS: [u64; 5] = [
        (1 << 51) - 19,
        (1 << 51) - 1,
        (1 << 51) - 1,
        (1 << 51) - 1,
        (1 << 51) - 1,
    ];
    let plus_p: [u64; 5] = core::array::from_fn(|i| l[i] + P_LIMBS[i]);
    if let Some(y) = FieldElement::from_limbs(plus_p) {
        return Some(y);
    }
    // l[i+1]·2^51 = (l[i+1] - 1)·2^51 + 2^51: take one from limb i+1, add 2^51 to limb i.
    for i in 0..4 {
        if l[i + 1] >= 1 && l[i] < 1 << 51 {
            let mut m = l;
            m[i + 1] -= 1;
            m[i] += 1 << 51;
            return FieldElement::from_limbs(m);
        }
    }
    // 2^255 = 19 (mod p): take 19 from limb 0, add 2^51 to limb 4.
    if l[0] >= 19 && l[4] < 1 << 51 {
        let mut m = l;
        m[0] -= 19;
        m[4] += 1 << 51;
        return FieldElement::from_limbs(m);
    }
    None
}

/// Decodes hex (the vector files are lowercase hex).
pub use crate::unhex_n as unhex;

/// The proof type for the MULX/ADX backend in the field tests and benchmarks.
///
/// Whoever operates on a `Mulx<Checked>` (see [`Mulx`]) must first have had
/// [`edwards25519_field::backend::cpu_has_bmi2_adx`] return true: building, cloning,
/// zeroizing and converting one runs no MULX, every arithmetic operation does.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Checked;

// SAFETY: the contract above moves to the callers: each test or benchmark that runs an
// operation of `Mulx<Checked>` does so only in a branch after `cpu_has_bmi2_adx()`
// returned true (they say where in a comment next to the use).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
unsafe impl edwards25519_field::backend::x86_64::Bmi2Adx for Checked {}

/// The MULX/ADX backend under the tests' proof type [`Checked`].
#[cfg(target_arch = "x86_64")]
pub type Mulx = edwards25519_field::backend::x86_64::Mulx<Checked>;
