//! `FieldArith`'s provided methods, on a type that overrides none of them.
//!
//! Every backend in the crate overrides some defaults with its own code (a single-row
//! `mul32`, a direct `to_bytes`, an `invert` on its own limbs), so no backend test runs
//! those default bodies; cargo-mutants found them unchecked. `Bare` implements only the
//! required items, by delegating to `FieldElement`, and every provided method is checked
//! on it against the num-bigint model.

use core::ops::{Add, Mul, Neg, Sub};

use edwards25519_field::{FieldArith, FieldElement};
use num_bigint::BigUint;
use proptest::prelude::*;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::common::{P, SQRT_M1, arb_fe, arb_u32, config, fe, inv, is_square, le32, val};

/// A `FieldElement` that takes every provided method from the trait.
#[derive(Clone, Copy, Debug, Default)]
struct Bare(FieldElement);

impl ConditionallySelectable for Bare {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Bare(FieldElement::conditional_select(&a.0, &b.0, choice))
    }
}

impl ConstantTimeEq for Bare {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl Add for Bare {
    type Output = Bare;
    fn add(self, b: Bare) -> Bare {
        Bare(self.0 + b.0)
    }
}

impl Sub for Bare {
    type Output = Bare;
    fn sub(self, b: Bare) -> Bare {
        Bare(self.0 - b.0)
    }
}

impl Mul for Bare {
    type Output = Bare;
    fn mul(self, b: Bare) -> Bare {
        Bare(self.0 * b.0)
    }
}

impl Neg for Bare {
    type Output = Bare;
    fn neg(self) -> Bare {
        Bare(-self.0)
    }
}

impl FieldArith for Bare {
    const ZERO: Self = Bare(FieldElement::ZERO);
    const ONE: Self = Bare(FieldElement::ONE);
    const BACKEND: &'static str = "bare (trait defaults)";

    fn from_field(fe: &FieldElement) -> Self {
        Bare(*fe)
    }
    fn to_field(&self) -> FieldElement {
        self.0
    }
    fn square(&self) -> Self {
        Bare(self.0.square())
    }
}

fn v(x: &Bare) -> BigUint {
    val(&x.0)
}

proptest! {
    #![proptest_config(config(200, 2_000))]

    #[test]
    fn small_provided_methods(a in arb_fe(), b in arb_u32(), k in 1u32..12) {
        let x = Bare(a);
        let n = val(&a);
        prop_assert_eq!(v(&x.square2()), &n * &n * 2u8 % &*P);
        prop_assert_eq!(v(&x.mul32(b)), &n * b % &*P);
        prop_assert_eq!(v(&x.pow2k(k)), n.modpow(&(BigUint::from(1u8) << k), &P));
        // The canonical encoding: the value below p, not just any 32 bytes of it.
        prop_assert_eq!(x.to_bytes(), le32(&n));
        prop_assert_eq!(bool::from(x.is_zero()), n == BigUint::ZERO);
        prop_assert_eq!(bool::from(x.is_negative()), n.bit(0));
        let abs = v(&x.abs());
        prop_assert!(!abs.bit(0), "|x| is negative");
        prop_assert!(abs == n || (&abs + &n) % &*P == BigUint::ZERO);
    }

    #[test]
    fn exponentiations(a in arb_fe()) {
        let x = Bare(a);
        let n = val(&a);
        prop_assert_eq!(v(&x.invert()), inv(&n));
        prop_assert_eq!(v(&x.invert_fermat()), inv(&n));
        prop_assert_eq!(v(&x.pow22523()), n.modpow(&((&*P - 5u8) >> 3u32), &P));
        let (head, z11) = x.pow_2_250_minus_1();
        let e = (BigUint::from(1u8) << 250u32) - 1u8;
        prop_assert_eq!(v(&head), n.modpow(&e, &P));
        prop_assert_eq!(v(&z11), n.modpow(&BigUint::from(11u8), &P));
    }

    /// sqrt_ratio's four cases (u = 0, v = 0, u/v square, u/v not a square), as in the
    /// public type's test but through the default body.
    #[test]
    fn sqrt_ratio(x in arb_fe(), w in arb_fe(), d in arb_fe(), kind in 0u8..5) {
        let (u, vv) = match kind {
            0 => (FieldElement::ZERO, d),
            1 => (w, FieldElement::ZERO),
            2 => (fe(&(val(&x) * val(&x) * val(&d))), d),
            3 => (fe(&(val(&x) * val(&x) * val(&d) * 2u8)), d),
            _ => (w, d),
        };
        let (nu, nv) = (val(&u), val(&vv));
        let (was_square, r) = Bare::sqrt_ratio(&Bare(u), &Bare(vv));
        let (was_square, r) = (bool::from(was_square), v(&r));
        if nu == BigUint::ZERO || nv == BigUint::ZERO {
            prop_assert_eq!(was_square, nu == BigUint::ZERO);
            prop_assert_eq!(r, BigUint::ZERO);
        } else {
            let square = is_square(&(&nu * inv(&nv)));
            prop_assert_eq!(was_square, square);
            prop_assert!(!r.bit(0), "r is negative");
            let want = if square { nu } else { &*SQRT_M1 * nu % &*P };
            prop_assert_eq!(&r * &r * nv % &*P, want);
        }
    }

    /// The default pair forms: `pow2k_pair` is `pow2k` twice, and `sqrt_ratio_pair` is
    /// `sqrt_ratio` twice (in either order, so that each fraction takes both places).
    #[test]
    fn pair_forms(x in arb_fe(), w in arb_fe(), d in arb_fe(), k in 1u32..40) {
        let (a, b) = (Bare(x), Bare(w));
        let (p, q) = Bare::pow2k_pair(&a, &b, k);
        prop_assert_eq!((v(&p), v(&q)), (v(&a.pow2k(k)), v(&b.pow2k(k))));
        let square = Bare(fe(&(val(&x) * val(&x) * val(&d))));
        let fractions = [(square, Bare(d)), (b, Bare(d)), (Bare(FieldElement::ZERO), a)];
        for (u0, v0) in fractions {
            for (u1, v1) in fractions {
                let got = Bare::sqrt_ratio_pair(&u0, &v0, &u1, &v1).map(|(c, r)| (bool::from(c), v(&r)));
                let one = |u: &Bare, vv: &Bare| {
                    let (c, r) = Bare::sqrt_ratio(u, vv);
                    (bool::from(c), v(&r))
                };
                prop_assert_eq!(got, [one(&u0, &v0), one(&u1, &v1)]);
            }
        }
    }
}
