//! Every `FieldElement` operation against num-bigint arithmetic mod p = 2^255 - 19.
//!
//! Inputs come from generators weighted toward edge limbs and edge encodings
//! (`common::arb_fe`); after every operation the output must keep the limb invariant
//! (`is_in_bounds`). 10,000 cases per operation in release, fewer in debug (where the
//! `debug_assert!`s of the limb code run).

use crate::common;

use common::*;
use edwards25519_field::FieldElement;
use num_bigint::BigUint;
use proptest::prelude::*;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};

proptest! {
    #![proptest_config(ops_config())]

    #[test]
    fn add(a in arb_fe(), b in arb_fe()) {
        check(&(a + b), &(val(&a) + val(&b)))?;
    }

    #[test]
    fn sub(a in arb_fe(), b in arb_fe()) {
        check(&(a - b), &(val(&a) + &*P - val(&b)))?;
    }

    #[test]
    fn neg(a in arb_fe()) {
        check(&(-a), &(&*P - val(&a)))?;
    }

    #[test]
    fn mul(a in arb_fe(), b in arb_fe()) {
        check(&(a * b), &(val(&a) * val(&b)))?;
    }

    #[test]
    fn square(a in arb_fe()) {
        check(&a.square(), &(val(&a) * val(&a)))?;
    }

    #[test]
    fn mul32(a in arb_fe(), b in arb_u32()) {
        check(&a.mul32(b), &(val(&a) * b))?;
    }

    /// The `const fn` forms (for tables built at compile time) equal the operators, limb
    /// for limb, and the reference.
    #[test]
    fn const_ops(a in arb_fe(), b in arb_fe()) {
        let (va, vb) = (val(&a), val(&b));
        check(&a.const_add(&b), &(&va + &vb))?;
        check(&a.const_sub(&b), &(&va + &*P - &vb))?;
        check(&a.const_mul(&b), &(&va * &vb))?;
        check(&a.const_square(), &(&va * &va))?;
        prop_assert_eq!(a.const_add(&b).limbs(), (a + b).limbs());
        prop_assert_eq!(a.const_sub(&b).limbs(), (a - b).limbs());
        prop_assert_eq!(a.const_mul(&b).limbs(), (a * b).limbs());
        prop_assert_eq!(a.const_square().limbs(), a.square().limbs());
    }

    #[test]
    fn is_negative(a in arb_fe()) {
        prop_assert_eq!(bool::from(a.is_negative()), val(&a).bit(0));
    }

    #[test]
    fn is_zero(a in arb_fe()) {
        prop_assert_eq!(bool::from(a.is_zero()), val(&a) == BigUint::ZERO);
    }

    #[test]
    fn abs(a in arb_fe()) {
        let v = val(&a);
        let expected = if v.bit(0) { &*P - &v } else { v };
        let r = a.abs();
        check(&r, &expected)?;
        prop_assert!(!bool::from(r.is_negative()));
    }

    #[test]
    fn from_bytes(b in bytes32()) {
        let x = FieldElement::from_bytes(&b);
        let n = BigUint::from_bytes_le(&b) % (BigUint::from(1u8) << 255u32);
        check(&x, &n)?;
    }

    #[test]
    fn to_bytes(a in arb_fe()) {
        let bytes = a.to_bytes();
        // Canonical: exactly the encoding of the reduced value (< p, bit 255 clear).
        prop_assert_eq!(bytes, le32(&val(&a)));
        prop_assert!(BigUint::from_bytes_le(&bytes) < *P);
    }

    #[test]
    fn from_wide_bytes(lo in bytes32(), hi in bytes32()) {
        let mut b = [0u8; 64];
        b[..32].copy_from_slice(&lo);
        b[32..].copy_from_slice(&hi);
        check(&FieldElement::from_wide_bytes(&b), &BigUint::from_bytes_le(&b))?;
    }

    #[test]
    fn ct_eq_and_partial_eq(a in arb_fe(), b in arb_fe()) {
        let expected = val(&a) == val(&b);
        prop_assert_eq!(bool::from(a.ct_eq(&b)), expected);
        prop_assert_eq!(a == b, expected);
        prop_assert_eq!(a != b, !expected);
        prop_assert!(bool::from(a.ct_eq(&a)));
    }

    /// Equality is by value: a different limb representation of the same value is equal.
    #[test]
    fn eq_is_by_value(a in arb_fe(), delta in arb_fe()) {
        if let Some(b) = other_representation(&a) {
            prop_assert_ne!(held(&a), held(&b));
            prop_assert!(bool::from(a.ct_eq(&b)));
            prop_assert_eq!(a, b);
            prop_assert_eq!(a.to_bytes(), b.to_bytes());
        }
        // Values that differ are unequal, in whatever representation.
        let c = a + delta;
        prop_assert_eq!(a == c, val(&delta) == BigUint::ZERO);
    }

    #[test]
    fn conditional_select(a in arb_fe(), b in arb_fe(), bit in 0u8..2) {
        let (choice, c) = (Choice::from(bit), bit == 1);
        let r = FieldElement::conditional_select(&a, &b, choice);
        // Selection copies limbs exactly.
        prop_assert_eq!(r.limbs(), if c { b.limbs() } else { a.limbs() });

        let mut s = a;
        s.conditional_assign(&b, choice);
        prop_assert_eq!(s.limbs(), r.limbs());

        let (mut x, mut y) = (a, b);
        FieldElement::conditional_swap(&mut x, &mut y, choice);
        prop_assert_eq!(x.limbs(), if c { b.limbs() } else { a.limbs() });
        prop_assert_eq!(y.limbs(), if c { a.limbs() } else { b.limbs() });

        let mut n = a;
        n.conditional_negate(choice);
        check(&n, &if c { &*P - val(&a) } else { val(&a) })?;
    }
}

proptest! {
    #![proptest_config(pow_config())]

    #[test]
    fn invert(a in arb_fe()) {
        // inv() maps 0 to 0 as the API requires (0^(p-2) = 0).
        let r = a.invert();
        check(&r, &inv(&val(&a)))?;
        if val(&a) == BigUint::ZERO {
            prop_assert_eq!(r.to_bytes(), [0u8; 32]);
        } else {
            prop_assert_eq!(val(&r) * val(&a) % &*P, BigUint::from(1u8));
        }
    }

    #[test]
    fn pow22523(a in arb_fe()) {
        let e = (&*P - 5u8) >> 3u32;
        check(&a.pow22523(), &val(&a).modpow(&e, &P))?;
    }

    /// sqrt_ratio in its four cases, with inputs made to be squares and non-squares
    /// (2 is not a square mod p, as p = 5 mod 8) as well as random ones.
    #[test]
    fn sqrt_ratio(x in arb_fe(), v in arb_fe(), w in arb_fe(), kind in 0u8..6) {
        let (u, v) = match kind {
            0 => (FieldElement::ZERO, v),                      // u = 0
            1 => (w, FieldElement::ZERO),                      // v = 0
            2 => (fe(&(val(&x) * val(&x) * val(&v))), v),      // u/v a square
            3 => (fe(&(val(&x) * val(&x) * val(&v) * 2u8)), v), // u/v twice a square
            _ => (w, v),                                       // anything
        };
        let (vu, vv) = (val(&u), val(&v));
        let (was_square, r) = FieldElement::sqrt_ratio(&u, &v);
        let was_square = bool::from(was_square);
        prop_assert!(r.is_in_bounds(), "limb invariant broken: {:?}", r.limbs());
        let vr = val(&r);

        if vu == BigUint::ZERO {
            prop_assert!(was_square);
            prop_assert_eq!(vr, BigUint::ZERO);
        } else if vv == BigUint::ZERO {
            prop_assert!(!was_square);
            prop_assert_eq!(vr, BigUint::ZERO);
        } else {
            let square = is_square(&(&vu * inv(&vv)));
            prop_assert_eq!(was_square, square);
            if kind == 2 { prop_assert!(square); }
            if kind == 3 { prop_assert!(!square); }
            // Non-negative: the canonical value is even. Together with r²v below this
            // pins r to one value.
            prop_assert!(!vr.bit(0), "r is negative");
            let lhs = &vr * &vr * &vv % &*P;
            let rhs = if square { vu } else { &*SQRT_M1 * vu % &*P };
            prop_assert_eq!(lhs, rhs);
        }
    }
}

/// sqrt_ratio and sqrt_ratio_pair on the fourth roots of unity as v (v = -1 among them,
/// where v² + v = 0: the candidate's factor must be u·v³ and nothing that merely agrees
/// with it elsewhere) and small u, squares and non-squares, against num-bigint.
#[test]
fn sqrt_ratio_at_the_roots_of_unity() {
    use edwards25519_field::FieldArith;
    let small = |n: u64| fe(&BigUint::from(n));
    let i = FieldElement::SQRT_M1;
    let one = FieldElement::ONE;
    let vs = [one, -one, i, -i];
    let us = [one, -one, small(2), small(4), i, small(9) * i];
    let check = |u: &FieldElement, v: &FieldElement, (ok, r): (Choice, FieldElement)| {
        let (vu, vv, vr) = (val(u), val(v), val(&r));
        let square = is_square(&(&vu * inv(&vv)));
        assert_eq!(bool::from(ok), square, "u = {u:?}, v = {v:?}");
        assert!(!vr.bit(0), "negative root for u = {u:?}, v = {v:?}");
        let want = if square { vu } else { &*SQRT_M1 * vu % &*P };
        assert_eq!(&vr * &vr * &vv % &*P, want, "u = {u:?}, v = {v:?}");
    };
    for v in &vs {
        for u in &us {
            check(u, v, FieldElement::sqrt_ratio(u, v));
            let [a, b] = FieldElement::sqrt_ratio_pair(u, v, &us[0], &vs[1]);
            check(u, v, a);
            check(&us[0], &vs[1], b);
        }
    }
}

/// The `const fn`s evaluate at compile time.
#[test]
fn const_evaluation() {
    const TWO: FieldElement = FieldElement::ONE.const_add(&FieldElement::ONE);
    const FOUR: FieldElement = TWO.const_square();
    const EIGHT: FieldElement = FOUR.const_mul(&TWO);
    const SEVEN: FieldElement = EIGHT.const_sub(&FieldElement::ONE);
    const MINUS_ONE: FieldElement = FieldElement::ZERO.const_sub(&FieldElement::ONE);
    const BYTES: [u8; 32] = SEVEN.to_bytes();
    const FROM: FieldElement = FieldElement::from_bytes(&[0xff; 32]);
    assert_eq!(val(&SEVEN), BigUint::from(7u8));
    assert_eq!(val(&MINUS_ONE), &*P - 1u8);
    assert_eq!(BYTES, le32(&BigUint::from(7u8)));
    assert_eq!(val(&FROM), BigUint::from(18u8));
    assert_eq!(FieldElement::SQRT_M1.square(), MINUS_ONE);
}
