//! Algebraic laws, aliasing, operator forms, constants and the `FieldArith` trait.
//!
//! These check the operations against each other (and against num-bigint where a
//! value is asserted), on the same edge-weighted inputs as `reference.rs`.

// The aliasing tests spell out `x = x * x` and `x = &x * &x` on purpose.
#![allow(clippy::assign_op_pattern, clippy::op_ref)]

use crate::common;

use common::*;
use edwards25519_field::{FieldArith, FieldElement, backend};
use num_bigint::BigUint;
use proptest::prelude::*;

type Fe = FieldElement;

// `Mulx<Checked>` is operated on only in `field_arith_backends`, after
// `cpu_has_bmi2_adx()` returned true (`clone_keeps_the_value` and `zeroize` only build,
// clone, zeroize and convert one, which runs no MULX): the contract of `Checked`.
#[cfg(target_arch = "x86_64")]
use common::Checked;

proptest! {
    #![proptest_config(ops_config())]

    #[test]
    fn add_mul_commute(a in arb_fe(), b in arb_fe()) {
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!(a * b, b * a);
    }

    #[test]
    fn add_mul_associate(a in arb_fe(), b in arb_fe(), c in arb_fe()) {
        let (l, r) = ((a + b) + c, a + (b + c));
        prop_assert!(l.is_in_bounds() && r.is_in_bounds());
        prop_assert_eq!(l, r);
        let (l, r) = ((a * b) * c, a * (b * c));
        prop_assert!(l.is_in_bounds() && r.is_in_bounds());
        prop_assert_eq!(l, r);
    }

    #[test]
    fn mul_distributes(a in arb_fe(), b in arb_fe(), c in arb_fe()) {
        let (l, r) = ((a + b) * c, a * c + b * c);
        prop_assert!(l.is_in_bounds() && r.is_in_bounds());
        prop_assert_eq!(l, r);
        prop_assert_eq!((a - b) * c, a * c - b * c);
    }

    #[test]
    fn identities_and_inverses(a in arb_fe(), b in arb_fe()) {
        prop_assert_eq!(a + Fe::ZERO, a);
        prop_assert_eq!(a * Fe::ONE, a);
        prop_assert!(bool::from((a * Fe::ZERO).is_zero()));
        prop_assert!(bool::from((a + -a).is_zero()));
        prop_assert!(bool::from((a - a).is_zero()));
        prop_assert_eq!(a - b, a + -b);
        prop_assert_eq!(-(-a), a);
        prop_assert_eq!(-(a - b), b - a);
        prop_assert_eq!(-a, Fe::ZERO - a);
    }

    #[test]
    fn square_is_mul_by_self(a in arb_fe()) {
        prop_assert_eq!(a.square(), a * a);
        prop_assert_eq!(a.square(), (-a).square());
        prop_assert_eq!((a + a).square(), a.square().mul32(4));
    }

    /// mul32(b) equals multiplication by b as an element, also iterated (so its output
    /// feeds back in as an input).
    #[test]
    fn mul32_is_mul(a in arb_fe(), b in arb_u32()) {
        let fb = fe(&BigUint::from(b));
        let (mut x, mut y) = (a, a);
        for _ in 0..10 {
            x = x.mul32(b);
            y *= fb;
            prop_assert!(x.is_in_bounds(), "limbs {:?}", x.limbs());
            prop_assert_eq!(x, y);
        }
    }

    /// All operator forms (&a op &b, a op &b, &a op b, a op b, a op= b, a op= &b) give
    /// the same limbs.
    #[test]
    fn operator_forms_agree(a in arb_fe(), b in arb_fe()) {
        macro_rules! forms {
            ($op:tt, $op_assign:tt) => {{
                let r = &a $op &b;
                prop_assert_eq!((a $op &b).limbs(), r.limbs());
                prop_assert_eq!((&a $op b).limbs(), r.limbs());
                prop_assert_eq!((a $op b).limbs(), r.limbs());
                let mut x = a;
                x $op_assign b;
                prop_assert_eq!(x.limbs(), r.limbs());
                let mut x = a;
                x $op_assign &b;
                prop_assert_eq!(x.limbs(), r.limbs());
            }};
        }
        forms!(+, +=);
        forms!(-, -=);
        forms!(*, *=);
        prop_assert_eq!((-a).limbs(), (-&a).limbs());
    }

    /// Outputs may alias inputs: x op= x and x = x op x give the non-aliased result.
    #[test]
    fn aliasing(a in arb_fe(), b in arb_fe()) {
        let copy = a;
        let mut x = a;
        x += x;
        prop_assert_eq!(x.limbs(), (a + copy).limbs());
        let mut x = a;
        x -= x;
        prop_assert_eq!(x.limbs(), (a - copy).limbs());
        prop_assert!(bool::from(x.is_zero()));
        let mut x = a;
        x *= x;
        prop_assert_eq!(x.limbs(), (a * copy).limbs());
        let mut x = a;
        x = x * x;
        prop_assert_eq!(x.limbs(), (a * copy).limbs());
        let mut x = a;
        x = &x * &x;
        prop_assert_eq!(x.limbs(), (a * copy).limbs());
        let mut x = a;
        x = x.square();
        prop_assert_eq!(x.limbs(), copy.square().limbs());
        let mut x = a;
        x = -x;
        prop_assert_eq!(x.limbs(), (-copy).limbs());
        let mut x = a;
        x = x.mul32(121_666);
        prop_assert_eq!(x.limbs(), copy.mul32(121_666).limbs());
        let mut x = a;
        x = x.abs();
        prop_assert_eq!(x.limbs(), copy.abs().limbs());
        // Two-argument forms with the output aliasing either input.
        let (mut x, mut y) = (a, b);
        x = x - y;
        y = x * y;
        prop_assert_eq!(x, a - b);
        prop_assert_eq!(y, (a - b) * b);
    }

    #[test]
    fn abs_is_plus_or_minus(a in arb_fe()) {
        let r = a.abs();
        prop_assert!(r == a || r == -a);
        prop_assert!(!bool::from(r.is_negative()));
        prop_assert_eq!(r, (-a).abs());
        // -x is negative exactly when x is non-zero and not negative.
        prop_assert_eq!(
            bool::from((-a).is_negative()),
            !bool::from(a.is_zero()) && !bool::from(a.is_negative())
        );
    }

    #[test]
    fn bytes_round_trip(a in arb_fe(), b in bytes32()) {
        let x = Fe::from_bytes(&a.to_bytes());
        prop_assert!(x.is_in_bounds());
        prop_assert_eq!(x, a);
        prop_assert_eq!(x.to_bytes(), a.to_bytes());
        // Decoding then encoding clears bit 255 and reduces; encoding is idempotent.
        let y = Fe::from_bytes(&b);
        prop_assert_eq!(Fe::from_bytes(&y.to_bytes()).to_bytes(), y.to_bytes());
    }
}

proptest! {
    #![proptest_config(pow_config())]

    #[test]
    fn invert_is_inverse(a in arb_fe()) {
        let r = a.invert();
        prop_assert!(r.is_in_bounds());
        if bool::from(a.is_zero()) {
            prop_assert!(bool::from(r.is_zero()));
        } else {
            prop_assert_eq!(a * r, Fe::ONE);
            prop_assert_eq!(r.invert(), a);
            prop_assert_eq!((-a).invert(), -r);
        }
        // Aliasing: x = x.invert().
        let mut x = a;
        x = x.invert();
        prop_assert_eq!(x.limbs(), r.limbs());
    }

    /// pow22523(x) = x^((p-5)/8), so pow22523(x)^8 · x^5 = x^p = x.
    #[test]
    fn pow22523_power_law(a in arb_fe()) {
        let t = a.pow22523();
        prop_assert!(t.is_in_bounds());
        let t8 = t.square().square().square();
        let a5 = a.square().square() * a;
        prop_assert_eq!(t8 * a5, a);
    }

    /// sqrt_ratio agrees with itself and with square, mul and invert.
    #[test]
    fn sqrt_ratio_consistency(x in arb_fe(), v in arb_fe(), k in arb_fe()) {
        // x²/1 is a square with root |x|.
        let (ok, r) = Fe::sqrt_ratio(&x.square(), &Fe::ONE);
        prop_assert!(bool::from(ok));
        prop_assert_eq!(r, x.abs());
        prop_assert!(r.is_in_bounds());

        // (x²·v)/v has root |x| for v != 0.
        if !bool::from(v.is_zero()) {
            let (ok, r) = Fe::sqrt_ratio(&(x.square() * v), &v);
            prop_assert!(bool::from(ok));
            prop_assert_eq!(r, x.abs());
        }

        // u/v and (u·k²)/(v·k²) have the same answer for k != 0, and sqrt_ratio(u, v)
        // = sqrt_ratio(u/v, 1).
        let u = x;
        let (ok1, r1) = Fe::sqrt_ratio(&u, &v);
        if !bool::from(k.is_zero()) {
            let k2 = k.square();
            let (ok2, r2) = Fe::sqrt_ratio(&(u * k2), &(v * k2));
            prop_assert_eq!(bool::from(ok1), bool::from(ok2));
            prop_assert_eq!(r1, r2);
        }
        if !bool::from(v.is_zero()) {
            let (ok3, r3) = Fe::sqrt_ratio(&(u * v.invert()), &Fe::ONE);
            prop_assert_eq!(bool::from(ok1), bool::from(ok3));
            prop_assert_eq!(r1, r3);
            // The square/non-square relation, written with field operations.
            let target = if bool::from(ok1) { u } else { Fe::SQRT_M1 * u };
            prop_assert_eq!(r1.square() * v, target);
        }
        prop_assert!(!bool::from(r1.is_negative()));
    }

    /// The FieldArith provided methods that the group crate uses, on the public type
    /// and on every backend type, against num-bigint.
    #[test]
    fn field_arith_backends(a in arb_fe(), b in arb_fe(), k in 1u32..12) {
        check_backend::<Fe>(&a, &b, k)?;
        check_backend::<backend::radix51::Fe51>(&a, &b, k)?;
        check_backend::<backend::radix64::Fe64>(&a, &b, k)?;
        #[cfg(target_arch = "x86_64")]
        if backend::cpu_has_bmi2_adx() {
            check_backend::<backend::x86_64::Mulx<Checked>>(&a, &b, k)?;
        }
    }
}

/// `Clone::clone` gives the same element on every backend type. Copy never calls it,
/// but generic code may; Mulx's Clone is written out (a derive would ask `P: Clone`),
/// and this test is what catches its mutant returning `Default::default()`.
#[test]
fn clone_keeps_the_value() {
    #[allow(clippy::clone_on_copy)] // the call under test
    fn check<F: FieldArith>(x: &Fe) {
        let f = F::from_field(x);
        assert_eq!(f.clone().to_field(), *x);
    }
    let x = Fe::from_bytes(&[0x5a; 32]);
    check::<Fe>(&x);
    check::<backend::radix51::Fe51>(&x);
    check::<backend::radix64::Fe64>(&x);
    // Building, cloning and converting a Mulx runs no MULX, on any CPU.
    #[cfg(target_arch = "x86_64")]
    check::<backend::x86_64::Mulx<Checked>>(&x);
}

/// One backend's `FieldArith` operations against num-bigint (through `to_field`).
fn check_backend<F: FieldArith>(a: &Fe, b: &Fe, k: u32) -> Result<(), TestCaseError> {
    let (x, y) = (F::from_field(a), F::from_field(b));
    let (va, vb) = (val(a), val(b));
    let back = |f: F| f.to_field();
    check(&back(x), &va)?;
    check(&back(x + y), &(&va + &vb))?;
    check(&back(x - y), &(&va + &*P - &vb))?;
    check(&back(-x), &(&*P - &va))?;
    check(&back(x * y), &(&va * &vb))?;
    check(&back(<F as FieldArith>::square(&x)), &(&va * &va))?;
    check(&back(x.square2()), &(&va * &va * 2u8))?;
    for c in [0u32, 1, 121_666, u32::MAX, k.wrapping_mul(0x9e37_79b9)] {
        check(&back(<F as FieldArith>::mul32(&x, c)), &(&va * c))?;
    }
    let e = BigUint::from(1u8) << k;
    check(&back(x.pow2k(k)), &va.modpow(&e, &P))?;
    check(&back(<F as FieldArith>::invert(&x)), &inv(&va))?;
    check(
        &back(<F as FieldArith>::pow22523(&x)),
        &va.modpow(&((&*P - 5u8) >> 3u32), &P),
    )?;
    prop_assert_eq!(<F as FieldArith>::to_bytes(&x), le32(&va));
    prop_assert_eq!(
        bool::from(<F as FieldArith>::is_zero(&x)),
        va == BigUint::ZERO
    );
    prop_assert_eq!(bool::from(<F as FieldArith>::is_negative(&x)), va.bit(0));
    prop_assert_eq!(back(<F as FieldArith>::abs(&x)), a.abs());
    let (ok, r) = <F as FieldArith>::sqrt_ratio(&x, &y);
    let (ok_ref, r_ref) = Fe::sqrt_ratio(a, b);
    prop_assert_eq!(bool::from(ok), bool::from(ok_ref));
    prop_assert_eq!(back(r), r_ref);
    prop_assert!(bool::from(F::ZERO.ct_eq(&F::from_field(&Fe::ZERO))));
    prop_assert_eq!(back(F::ONE), Fe::ONE);
    prop_assert_eq!(back(F::default()), Fe::ZERO);
    Ok(())
}

#[test]
fn sqrt_m1() {
    let i = Fe::SQRT_M1;
    assert!(i.is_in_bounds());
    assert_eq!(i.square(), -Fe::ONE);
    assert!(!bool::from(i.is_negative()));
    // The root 2^((p-1)/4), the non-negative one of the two.
    assert_eq!(val(&i), *SQRT_M1);
    assert!(!SQRT_M1.bit(0));
}

#[test]
fn constants_and_default() {
    assert_eq!(val(&Fe::ZERO), BigUint::ZERO);
    assert_eq!(val(&Fe::ONE), BigUint::from(1u8));
    assert_eq!(Fe::ZERO.limbs(), [0; 5]);
    assert_eq!(Fe::ONE.limbs(), [1, 0, 0, 0, 0]);
    assert_eq!(Fe::default().limbs(), Fe::ZERO.limbs());
    assert!(bool::from(Fe::ZERO.is_zero()));
    assert!(!bool::from(Fe::ONE.is_zero()));
    assert!(Fe::ZERO != Fe::ONE);
}

#[test]
fn from_limbs_enforces_the_invariant() {
    let max = (1u64 << 52) - 1;
    // The value survives; the limbs themselves only where the element holds radix-2^51
    // limbs (on x86-64 it holds 4×64 limbs, and `limbs()` converts back).
    let x = Fe::from_limbs([max; 5]).expect("in bounds");
    let f51 = backend::radix51::Fe51::from_limbs([max; 5]).expect("in bounds");
    assert_eq!(x.to_bytes(), f51.to_bytes());
    assert_eq!(Fe::from_limbs(x.limbs()), Some(x));
    if cfg!(not(edwards25519_x86)) {
        assert_eq!(x.limbs(), [max; 5]);
    }
    for i in 0..5 {
        for bad in [1u64 << 52, (1 << 52) + 1, u64::MAX] {
            let mut l = [0u64; 5];
            l[i] = bad;
            assert!(Fe::from_limbs(l).is_none(), "limb {i} = {bad} accepted");
        }
    }
}

#[test]
fn debug_prints_the_canonical_value() {
    // p + 1 as bytes: Debug shows the reduced value 1, as its little-endian encoding.
    let x = Fe::from_bytes(&le32(&(&*P + 1u8)));
    let expected = format!("FieldElement(01{})", "0".repeat(62));
    assert_eq!(format!("{x:?}"), expected);
}

#[cfg(feature = "zeroize")]
#[test]
fn zeroize() {
    use zeroize::Zeroize;
    let mut x = Fe::from_bytes(&[0xa5; 32]);
    x.zeroize();
    assert_eq!(x.limbs(), [0; 5]);
    // The MULX backend's type too (building and zeroizing one runs no MULX).
    #[cfg(target_arch = "x86_64")]
    {
        let mut m = backend::x86_64::Mulx::<Checked>::from_field(&Fe::from_bytes(&[0xa5; 32]));
        m.zeroize();
        assert_eq!(m.to_fe64(), Fe::ZERO.to_fe64());
    }
}

#[test]
fn backend_is_named() {
    let name = backend::selected();
    assert!(!name.is_empty());
    eprintln!("field backend selected by dispatch: {name}");
}
