//! The public `FieldElement` against num-bigint, operation by operation, on inputs
//! that reach every representation the element can hold: on x86-64 any 256-bit value
//! in 4×64 limbs (through `FieldElement::from_fe64`, including values in [p, 2^256)),
//! elsewhere radix-2^51 limbs. Whatever backend the public type runs on this CPU
//! (MULX/ADX or portable 4×64, or radix 2^51), each result's value must be the
//! num-bigint one and its encoding canonical.

use edwards25519_field::FieldElement;
use edwards25519_field::backend::radix64::Fe64;
use num_bigint::BigUint;
use proptest::prelude::*;

fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - 19u8
}

/// The value of a 4×64 limb array.
fn value(l: &[u64; 4]) -> BigUint {
    l.iter()
        .rev()
        .fold(BigUint::ZERO, |acc, w| (acc << 64u32) + *w)
}

/// The value of an element, from its canonical encoding (checked canonical).
fn val(x: &FieldElement) -> BigUint {
    let v = BigUint::from_bytes_le(&x.to_bytes());
    assert!(v < p(), "non-canonical encoding");
    v
}

/// Limbs with edge words (0, 1, 19, 2^63, 2^64 - 1, ...) or uniform ones.
fn arb_limbs() -> impl Strategy<Value = [u64; 4]> {
    let word = prop_oneof![
        1 => Just(0u64),
        1 => Just(1u64),
        1 => Just(19u64),
        1 => Just(1u64 << 63),
        1 => Just((1u64 << 63) - 1),
        1 => Just(u64::MAX),
        1 => Just(u64::MAX - 18),
        6 => any::<u64>(),
    ];
    [word.clone(), word.clone(), word.clone(), word]
}

/// An element holding exactly those limbs (any 256-bit value), and its value mod p.
fn element(l: &[u64; 4]) -> (FieldElement, BigUint) {
    (
        FieldElement::from_fe64(&Fe64::from_limbs(*l)),
        value(l) % p(),
    )
}

fn pow(x: &BigUint, e: &BigUint) -> BigUint {
    x.modpow(e, &p())
}

proptest! {
    #![proptest_config(crate::common::config(2_000, 20_000))]

    #[test]
    fn ring_operations(a in arb_limbs(), b in arb_limbs(), k in any::<u32>()) {
        let ((x, va), (y, vb)) = (element(&a), element(&b));
        let p = p();
        prop_assert_eq!(val(&x), va.clone());
        prop_assert_eq!(val(&(x * y)), (&va * &vb) % &p);
        prop_assert_eq!(val(&x.square()), (&va * &va) % &p);
        prop_assert_eq!(val(&(x + y)), (&va + &vb) % &p);
        prop_assert_eq!(val(&(x - y)), (&va + &p - &vb) % &p);
        prop_assert_eq!(val(&(-x)), (&p - &va) % &p);
        prop_assert_eq!(val(&x.mul32(k)), (&va * BigUint::from(k)) % &p);
        let (mut z, mut w) = (x, x);
        z *= y;
        w += y;
        prop_assert_eq!(z, x * y);
        prop_assert_eq!(w, x + y);
    }

    #[test]
    fn invert_and_pow22523(a in arb_limbs()) {
        let (x, va) = element(&a);
        let p = p();
        let inv = pow(&va, &(&p - 2u8)); // 0 maps to 0
        prop_assert_eq!(val(&x.invert()), inv);
        prop_assert_eq!(val(&x.pow22523()), pow(&va, &((&p - 5u8) >> 3u32)));
    }

    #[test]
    fn sqrt_ratio(a in arb_limbs(), b in arb_limbs(), square in any::<bool>()) {
        let (v, vv) = element(&b);
        let (x, _) = element(&a);
        // Half the cases a square ratio: u = x²·v.
        let u = if square { x.square() * v } else { element(&a).0 };
        let vu = val(&u);
        let p = p();
        let (ok, r) = FieldElement::sqrt_ratio(&u, &v);
        let vr = val(&r);
        prop_assert!(!vr.bit(0), "r is not non-negative");
        let lhs = (&vr * &vr * &vv) % &p;
        let sqrt_m1 = val(&FieldElement::SQRT_M1);
        if bool::from(ok) {
            prop_assert_eq!(lhs, vu.clone());
        } else if vv != BigUint::ZERO {
            prop_assert_eq!(lhs, (&sqrt_m1 * &vu) % &p);
        }
        // Whether u/v is a square, by Euler's criterion (u = 0 counts; v = 0, u != 0 not).
        let want = if vu == BigUint::ZERO {
            true
        } else if vv == BigUint::ZERO {
            false
        } else {
            let q = (&vu * pow(&vv, &(&p - 2u8))) % &p;
            pow(&q, &((&p - 1u8) >> 1u32)) == BigUint::from(1u8)
        };
        prop_assert_eq!(bool::from(ok), want);
        if square {
            prop_assert!(bool::from(ok));
        }
    }

    #[test]
    fn encodings_and_predicates(a in arb_limbs(), bytes in any::<[u8; 32]>()) {
        let (x, va) = element(&a);
        let enc = x.to_bytes();
        prop_assert_eq!(BigUint::from_bytes_le(&enc), va.clone());
        prop_assert_eq!(FieldElement::from_bytes(&enc), x);
        prop_assert_eq!(bool::from(x.is_zero()), va == BigUint::ZERO);
        prop_assert_eq!(bool::from(x.is_negative()), va.bit(0));
        let abs = val(&x.abs());
        prop_assert!(!abs.bit(0));
        prop_assert!(abs == va || abs == (p() - &va) % p());
        // from_bytes ignores bit 255 and reduces.
        let mut low = bytes;
        low[31] &= 0x7f;
        prop_assert_eq!(val(&FieldElement::from_bytes(&bytes)), BigUint::from_bytes_le(&low) % p());
        // from_limbs / limbs keep the value.
        let back = FieldElement::from_limbs(x.limbs()).expect("limbs() is inside the invariant");
        prop_assert_eq!(back, x);
        // Equality by value: x and x + p (when it fits in 256 bits) are equal.
        let vp = value(&a) + p();
        if vp.bits() <= 256 {
            let d = vp.to_u64_digits();
            let l: [u64; 4] = core::array::from_fn(|i| d.get(i).copied().unwrap_or(0));
            prop_assert_eq!(element(&l).0, x);
        }
    }
}
