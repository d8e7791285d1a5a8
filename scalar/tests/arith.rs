//! Every operation against num-bigint arithmetic mod l, on inputs weighted toward edges.
// The operator forms on references are exercised on purpose.
#![allow(clippy::op_ref)]

use crate::common;

use common::*;
use edwards25519_scalar::Scalar;
use num_bigint::BigUint;
use proptest::prelude::*;

/// The result must be canonical (the type's invariant) and equal the reference.
fn check(s: &Scalar, want: &BigUint) -> Result<(), TestCaseError> {
    let got = val(s);
    prop_assert!(got < l(), "result not reduced: {got}");
    prop_assert_eq!(got, want % l());
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn add(a in scalar(), b in scalar()) {
        check(&(a + b), &(val(&a) + val(&b)))?;
        check(&(&a + &b), &(val(&a) + val(&b)))?;
    }

    #[test]
    fn sub(a in scalar(), b in scalar()) {
        check(&(a - b), &(val(&a) + l() - val(&b)))?;
        check(&(&a - b), &(val(&a) + l() - val(&b)))?;
    }

    #[test]
    fn neg(a in scalar()) {
        check(&(-a), &(l() - val(&a)))?;
        check(&(-&a), &(l() - val(&a)))?;
    }

    #[test]
    fn mul(a in scalar(), b in scalar()) {
        check(&(a * b), &(val(&a) * val(&b)))?;
        check(&(a * &b), &(val(&a) * val(&b)))?;
    }

    #[test]
    fn square(a in scalar()) {
        check(&a.square(), &(val(&a) * val(&a)))?;
    }

    #[test]
    fn div_by_2(a in scalar()) {
        // b = a·(l + 1)/2 mod l, the inverse of 2 times a.
        let b = a.div_by_2();
        check(&b, &(val(&a) * ((l() + 1u32) / 2u32)))?;
        prop_assert_eq!(b + b, a);
    }

    #[test]
    fn multiply_add(a in scalar(), b in scalar(), c in scalar()) {
        check(&Scalar::multiply_add(&a, &b, &c), &(val(&a) * val(&b) + val(&c)))?;
    }

    #[test]
    fn assign_ops(a in scalar(), b in scalar()) {
        let (va, vb) = (val(&a), val(&b));
        let mut x = a;
        x += b;
        check(&x, &(&va + &vb))?;
        x -= &b;
        check(&x, &va)?;
        x *= b;
        check(&x, &(&va * &vb))?;
        x += &a;
        x *= &a;
        check(&x, &((&va * &vb + &va) * &va))?;
        x -= a;
        check(&x, &(((&va * &vb + &va) * &va) + l() - &va))?;
    }

    /// Outputs may alias inputs.
    #[test]
    fn aliasing(a in scalar()) {
        let va = val(&a);
        let mut x = a;
        x *= x;
        check(&x, &(&va * &va))?;
        let mut y = a;
        y += y;
        check(&y, &(&va * 2u8))?;
        let mut z = a;
        z -= z;
        check(&z, &BigUint::from(0u8))?;
        let mut w = a;
        w = Scalar::multiply_add(&w, &w, &w);
        check(&w, &(&va * &va + &va))?;
        let mut v = a;
        v = v.invert();
        v *= a;
        check(&v, &BigUint::from(u8::from(va != BigUint::from(0u8))))?;
    }

    #[test]
    fn invert(a in scalar()) {
        let inv = a.invert();
        let va = val(&a);
        if va == BigUint::from(0u8) {
            prop_assert_eq!(inv, Scalar::ZERO);
        } else {
            // Reference: a^(l-2) mod l.
            check(&inv, &va.modpow(&(l() - 2u8), &l()))?;
            prop_assert_eq!(inv * a, Scalar::ONE);
        }
    }

    #[test]
    fn from_u64_and_u128(x in any::<u64>(), y in any::<u128>()) {
        check(&Scalar::from(x), &BigUint::from(x))?;
        check(&Scalar::from(y), &BigUint::from(y))?;
    }

    #[test]
    fn sum_and_product(v in proptest::collection::vec(scalar(), 0..8)) {
        let want_sum = v.iter().fold(BigUint::from(0u8), |acc, s| acc + val(s));
        let want_prod = v.iter().fold(BigUint::from(1u8), |acc, s| acc * val(s) % l());
        check(&v.iter().sum::<Scalar>(), &want_sum)?;
        check(&v.iter().copied().sum::<Scalar>(), &want_sum)?;
        check(&v.iter().product::<Scalar>(), &want_prod)?;
        check(&v.iter().copied().product::<Scalar>(), &want_prod)?;
    }

    #[test]
    fn equality_and_select(a in scalar(), b in scalar(), bit in any::<bool>()) {
        use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
        prop_assert_eq!(a == b, val(&a) == val(&b));
        prop_assert_eq!(bool::from(a.ct_eq(&b)), val(&a) == val(&b));
        prop_assert_eq!(bool::from(a.is_zero()), val(&a) == BigUint::from(0u8));
        let s = Scalar::conditional_select(&a, &b, Choice::from(u8::from(bit)));
        prop_assert_eq!(s, if bit { b } else { a });
        let mut n = a;
        subtle::ConditionallyNegatable::conditional_negate(&mut n, Choice::from(u8::from(bit)));
        prop_assert_eq!(n, if bit { -a } else { a });
    }

    /// Algebraic laws, independent of the reference.
    #[test]
    fn laws(a in scalar(), b in scalar(), c in scalar()) {
        prop_assert_eq!((a + b) + c, a + (b + c));
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a - b, a + (-b));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!(a.square(), a * a);
    }
}

#[test]
fn constants_and_traits() {
    assert_eq!(val(&Scalar::ZERO), BigUint::from(0u8));
    assert_eq!(val(&Scalar::ONE), BigUint::from(1u8));
    assert_eq!(Scalar::default(), Scalar::ZERO);
    assert_eq!(Scalar::ZERO.invert(), Scalar::ZERO);
    assert_eq!(Scalar::ONE.invert(), Scalar::ONE);
    // -1 = l - 1, and (l-1)^2 = 1.
    let m1 = -Scalar::ONE;
    assert_eq!(val(&m1), l() - 1u8);
    assert_eq!(m1 * m1, Scalar::ONE);
    assert_eq!(m1.invert(), m1);
    assert_eq!(-Scalar::ZERO, Scalar::ZERO);
    let dbg = format!("{:?}", Scalar::ONE);
    assert_eq!(
        dbg,
        "Scalar(0100000000000000000000000000000000000000000000000000000000000000)"
    );
}

#[cfg(feature = "zeroize")]
#[test]
fn zeroize_clears() {
    use zeroize::Zeroize;
    let mut s = Scalar::from(0xdead_beef_u64) * Scalar::from(u128::MAX);
    assert_ne!(s, Scalar::ZERO);
    s.zeroize();
    assert_eq!(s, Scalar::ZERO);
}
