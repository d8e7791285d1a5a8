//! The items added for the rest of curve25519-dalek 5's API, checked call by call
//! against the real crate: the torsion and low-order constants, precomputed
//! multiscalar multiplication, and (feature `legacy_compatibility`) `Scalar::from_bits`.

use curve25519_dalek as cd;
use real_curve25519_dalek as rc;

use cd::traits::VartimePrecomputedMultiscalarMul as _;
use rc::traits::VartimePrecomputedMultiscalarMul as _;

/// Pseudo-random 32-byte strings (a fixed LCG: reproducible, no RNG dependency).
fn bytes(n: usize) -> Vec<[u8; 32]> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            let mut b = [0u8; 32];
            for x in b.iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *x = (state >> 56) as u8;
            }
            b
        })
        .collect()
}

fn scalars(n: usize) -> (Vec<cd::Scalar>, Vec<rc::Scalar>) {
    let b = bytes(n);
    (
        b.iter()
            .map(|x| cd::Scalar::from_bytes_mod_order(*x))
            .collect(),
        b.iter()
            .map(|x| rc::Scalar::from_bytes_mod_order(*x))
            .collect(),
    )
}

/// Points with a torsion component: clamped multiples of B plus a torsion point.
fn points(n: usize) -> (Vec<cd::EdwardsPoint>, Vec<rc::EdwardsPoint>) {
    let b = bytes(n + 3);
    let c = (0..n)
        .map(|i| cd::EdwardsPoint::mul_base_clamped(b[i + 3]) + cd::constants::EIGHT_TORSION[i % 8])
        .collect();
    let r = (0..n)
        .map(|i| rc::EdwardsPoint::mul_base_clamped(b[i + 3]) + rc::constants::EIGHT_TORSION[i % 8])
        .collect();
    (c, r)
}

fn ristretto(n: usize) -> (Vec<cd::RistrettoPoint>, Vec<rc::RistrettoPoint>) {
    let b = bytes(2 * n);
    let wide = |i: usize| {
        let mut w = [0u8; 64];
        w[..32].copy_from_slice(&b[2 * i]);
        w[32..].copy_from_slice(&b[2 * i + 1]);
        w
    };
    (
        (0..n)
            .map(|i| cd::RistrettoPoint::from_uniform_bytes(&wide(i)))
            .collect(),
        (0..n)
            .map(|i| rc::RistrettoPoint::from_uniform_bytes(&wide(i)))
            .collect(),
    )
}

#[test]
fn eight_torsion_is_dalek_s() {
    for (c, r) in cd::constants::EIGHT_TORSION
        .iter()
        .zip(rc::constants::EIGHT_TORSION.iter())
    {
        assert_eq!(c.compress().to_bytes(), r.compress().to_bytes());
        assert_eq!(c.is_small_order(), r.is_small_order());
        assert_eq!(c.to_montgomery().to_bytes(), r.to_montgomery().to_bytes());
    }
}

#[test]
fn x25519_low_order_points_are_dalek_s() {
    let c = &cd::constants::X25519_LOW_ORDER_POINTS;
    let r = &rc::constants::X25519_LOW_ORDER_POINTS;
    assert_eq!(c.len(), r.len());
    for (c, r) in c.iter().zip(r.iter()) {
        assert_eq!(c.to_bytes(), r.to_bytes());
        assert_eq!(
            c.mul_clamped([0x31; 32]).to_bytes(),
            r.mul_clamped([0x31; 32]).to_bytes()
        );
    }
}

#[test]
fn edwards_precomputation_agrees() {
    let (cs, rs) = scalars(9);
    let (cp, rp) = points(9);
    let c = cd::edwards::VartimeEdwardsPrecomputation::new(&cp[..5]);
    let r = rc::edwards::VartimeEdwardsPrecomputation::new(&rp[..5]);
    assert_eq!((c.len(), c.is_empty()), (r.len(), r.is_empty()));
    let enc = |p: cd::EdwardsPoint| p.compress().to_bytes();
    let renc = |p: rc::EdwardsPoint| p.compress().to_bytes();
    assert_eq!(
        enc(c.vartime_multiscalar_mul(&cs[..5])),
        renc(r.vartime_multiscalar_mul(&rs[..5]))
    );
    assert_eq!(
        enc(c.vartime_mixed_multiscalar_mul(&cs[..5], &cs[5..], &cp[5..])),
        renc(r.vartime_mixed_multiscalar_mul(&rs[..5], &rs[5..], &rp[5..]))
    );
    let some_c = cp[5..].iter().map(|p| Some(*p));
    let some_r = rp[5..].iter().map(|p| Some(*p));
    assert_eq!(
        c.optional_mixed_multiscalar_mul(&cs[..5], &cs[5..], some_c)
            .map(enc),
        r.optional_mixed_multiscalar_mul(&rs[..5], &rs[5..], some_r)
            .map(renc)
    );
    let none_c = [Some(cp[5]), None];
    let none_r = [Some(rp[5]), None];
    assert_eq!(
        c.optional_mixed_multiscalar_mul(&cs[..5], &cs[5..7], none_c)
            .map(enc),
        r.optional_mixed_multiscalar_mul(&rs[..5], &rs[5..7], none_r)
            .map(renc)
    );
    let empty_c = cd::edwards::VartimeEdwardsPrecomputation::new(Vec::<cd::EdwardsPoint>::new());
    let empty_r = rc::edwards::VartimeEdwardsPrecomputation::new(Vec::<rc::EdwardsPoint>::new());
    assert_eq!(
        (empty_c.len(), empty_c.is_empty()),
        (empty_r.len(), empty_r.is_empty())
    );
    assert_eq!(
        enc(empty_c.vartime_mixed_multiscalar_mul(Vec::<cd::Scalar>::new(), &cs[..2], &cp[..2])),
        renc(empty_r.vartime_mixed_multiscalar_mul(Vec::<rc::Scalar>::new(), &rs[..2], &rp[..2]))
    );
}

#[test]
fn ristretto_precomputation_agrees() {
    let (cs, rs) = scalars(7);
    let (cp, rp) = ristretto(7);
    let c = cd::ristretto::VartimeRistrettoPrecomputation::new(&cp[..4]);
    let r = rc::ristretto::VartimeRistrettoPrecomputation::new(&rp[..4]);
    assert_eq!((c.len(), c.is_empty()), (r.len(), r.is_empty()));
    let enc = |p: cd::RistrettoPoint| p.compress().to_bytes();
    let renc = |p: rc::RistrettoPoint| p.compress().to_bytes();
    assert_eq!(
        enc(c.vartime_multiscalar_mul(&cs[..4])),
        renc(r.vartime_multiscalar_mul(&rs[..4]))
    );
    assert_eq!(
        enc(c.vartime_mixed_multiscalar_mul(&cs[..4], &cs[4..], &cp[4..])),
        renc(r.vartime_mixed_multiscalar_mul(&rs[..4], &rs[4..], &rp[4..]))
    );
    assert_eq!(
        c.optional_mixed_multiscalar_mul(&cs[..4], &cs[4..5], [None])
            .map(enc),
        r.optional_mixed_multiscalar_mul(&rs[..4], &rs[4..5], [None])
            .map(renc)
    );
}

#[cfg(feature = "legacy_compatibility")]
#[test]
fn from_bits_agrees() {
    let (cp, rp) = points(8);
    let mut inputs = bytes(24);
    inputs.extend([[0xff; 32], [0; 32], [0x7f; 32]]);
    for (i, b) in inputs.iter().enumerate() {
        #[allow(deprecated)]
        let r = rc::Scalar::from_bits(*b);
        let c = cd::Scalar::from_bits(*b);
        assert_eq!(c.to_bytes(), r.to_bytes(), "{b:02x?}");
        assert_eq!(c.as_bytes(), r.as_bytes());
        // Multiplication by the integer, on points with a torsion component.
        let (p, q) = (cp[i % 8], rp[i % 8]);
        assert_eq!((p * c).compress().to_bytes(), (q * r).compress().to_bytes());
        assert_eq!((c * p).compress().to_bytes(), (r * q).compress().to_bytes());
        let (u, v) = (p.to_montgomery(), q.to_montgomery());
        assert_eq!((u * c).to_bytes(), (v * r).to_bytes(), "montgomery {i}");
        assert_eq!(
            cd::EdwardsPoint::mul_base(&c).compress().to_bytes(),
            rc::EdwardsPoint::mul_base(&r).compress().to_bytes()
        );
        // Equality compares the integer, as curve25519-dalek's.
        let reduced_c = cd::Scalar::from_bytes_mod_order(*b);
        let reduced_r = rc::Scalar::from_bytes_mod_order(*b);
        assert_eq!(c == reduced_c, r == reduced_r);
    }
}

#[test]
fn ristretto_map_to_curve_agrees() {
    let mut inputs = bytes(16);
    inputs.extend([[0xff; 32], [0; 32], [0xed; 32]]);
    for b in inputs {
        assert_eq!(
            cd::RistrettoPoint::map_to_curve(b).compress().to_bytes(),
            rc::RistrettoPoint::map_to_curve(b).compress().to_bytes(),
            "{b:02x?}"
        );
    }
}
