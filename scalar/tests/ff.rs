//! The `ff` 0.14 traits (feature `group`): every constant recomputed independently with
//! num-bigint, the field laws and every trait method against num-bigint arithmetic.
//!
//! `ff` 0.14 ships no reusable test suite (no `tests` module or feature), so the
//! properties are written here.
#![cfg(feature = "group")]
#![allow(clippy::op_ref)]

use crate::common;

use common::*;
use edwards25519_scalar::Scalar;
use ff::{Field, FromUniformBytes, PrimeField};
use num_bigint::BigUint;
use proptest::prelude::*;
use subtle::ConstantTimeEq;

/// The prime factors of l - 1, as found by a factorization (sympy `factorint`); the
/// tests check that their product is l - 1 and that each one is prime.
const FACTORS: [&str; 5] = [
    "2",
    "3",
    "11",
    "198211423230930754013084525763697",
    "276602624281642239937218680557139826668747",
];

fn big(s: &str) -> BigUint {
    s.parse().expect("decimal constant")
}

/// Miller-Rabin with the first 20 primes as bases: for the sizes here a composite
/// passes all of them with probability below 4^-20 (and these bases make it
/// deterministic below 2^64, which covers the small factors).
fn is_probable_prime(n: &BigUint) -> bool {
    let one = BigUint::from(1u8);
    let two = BigUint::from(2u8);
    if *n < two {
        return false;
    }
    let bases = [
        2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    ];
    for b in bases {
        let b = BigUint::from(b);
        if *n == b {
            return true;
        }
        if (n % &b) == BigUint::from(0u8) {
            return false;
        }
    }
    let n1 = n - &one;
    let s = n1.trailing_zeros().expect("n > 1");
    let d = &n1 >> s;
    'bases: for b in bases {
        let mut x = BigUint::from(b).modpow(&d, n);
        if x == one || x == n1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == n1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// g^e mod l with num-bigint.
fn modpow(g: u64, e: &BigUint) -> BigUint {
    BigUint::from(g).modpow(e, &l())
}

/// t = (l - 1) / 2^S.
fn t() -> BigUint {
    (l() - 1u8) >> Scalar::S
}

#[test]
fn modulus_and_sizes() {
    let want = format!("0x{:064x}", l());
    assert_eq!(Scalar::MODULUS, want);
    assert_eq!(u64::from(Scalar::NUM_BITS), l().bits());
    assert_eq!(Scalar::CAPACITY, Scalar::NUM_BITS - 1);
    // CAPACITY bits always fit: 2^CAPACITY <= l.
    assert!(pow2(Scalar::CAPACITY) <= l());
}

#[test]
fn factorization_of_l_minus_1() {
    let product = FACTORS
        .iter()
        .map(|f| big(f))
        .fold(BigUint::from(1u8), |a, f| a * f)
        * 2u8; // 2 appears squared
    assert_eq!(product, l() - 1u8);
    for f in FACTORS {
        assert!(is_probable_prime(&big(f)), "{f} is not prime");
    }
    // The test itself: composites are rejected.
    assert!(!is_probable_prime(&(big(FACTORS[3]) * big(FACTORS[4]))));
    assert!(!is_probable_prime(&BigUint::from(561u32))); // a Carmichael number
}

#[test]
fn multiplicative_generator_generates() {
    let g = Scalar::MULTIPLICATIVE_GENERATOR;
    assert_eq!(val(&g), BigUint::from(2u8));
    let lm1 = l() - 1u8;
    for f in FACTORS {
        let q = big(f);
        assert_ne!(
            modpow(2, &(&lm1 / &q)),
            BigUint::from(1u8),
            "2^((l-1)/{f}) = 1"
        );
    }
    // Hence a quadratic non-residue (Euler's criterion gives -1), as ff requires.
    assert_eq!(modpow(2, &(&lm1 >> 1u32)), lm1);
    // And Field::pow agrees with num-bigint on the order: g^(l-1) = 1.
    assert_eq!(g.pow(le_limbs(&lm1)), Scalar::ONE);
}

#[test]
fn two_adicity() {
    let lm1 = l() - 1u8;
    assert_eq!(Scalar::S, 2);
    assert_eq!(lm1.trailing_zeros(), Some(u64::from(Scalar::S)));
    assert!(t().bit(0), "t must be odd");
    assert_eq!(t() << Scalar::S, lm1);
}

#[test]
fn root_of_unity() {
    let root = Scalar::ROOT_OF_UNITY;
    assert_eq!(val(&root), modpow(2, &t()));
    // Order exactly 2^S: root^(2^S) = 1, root^(2^(S-1)) = -1.
    assert_eq!(root.pow([1u64 << Scalar::S]), Scalar::ONE);
    assert_eq!(root.pow([1u64 << (Scalar::S - 1)]), -Scalar::ONE);
    assert_eq!(root * Scalar::ROOT_OF_UNITY_INV, Scalar::ONE);
    assert_eq!(
        val(&Scalar::ROOT_OF_UNITY_INV),
        modpow(2, &t()).modpow(&(l() - 2u8), &l())
    );
    // Not a square (8 does not divide l - 1): sqrt_ratio_generic needs that.
    assert!(bool::from(root.sqrt().is_none()));
}

#[test]
fn delta_and_two_inv() {
    assert_eq!(val(&Scalar::DELTA), modpow(2, &pow2(Scalar::S)));
    // DELTA generates the subgroup of order t: DELTA^t = 1.
    assert_eq!(Scalar::DELTA.pow(le_limbs(&t())), Scalar::ONE);
    assert_eq!(val(&Scalar::TWO_INV), (l() + 1u8) / 2u8);
    assert_eq!(Scalar::TWO_INV.double(), Scalar::ONE);
}

#[test]
fn zero_one_and_edges() {
    assert_eq!(<Scalar as Field>::ZERO, Scalar::ZERO);
    assert_eq!(<Scalar as Field>::ONE, Scalar::ONE);
    assert!(bool::from(
        <Scalar as Field>::invert(&Scalar::ZERO).is_none()
    ));
    assert!(bool::from(Field::is_zero(&Scalar::ZERO)));
    assert!(!bool::from(Field::is_zero(&Scalar::ONE)));
    assert!(Scalar::ZERO.is_zero_vartime());
    assert_eq!(Field::sqrt(&Scalar::ZERO).into_option(), Some(Scalar::ZERO));
    assert_eq!(
        Field::sqrt(&Scalar::ONE).map(|r| r.square()).into_option(),
        Some(Scalar::ONE)
    );
    // l ≡ 1 (mod 4), so -1 is a square (its roots are ±ROOT_OF_UNITY).
    let m1 = -Scalar::ONE;
    let r = Field::sqrt(&m1)
        .into_option()
        .expect("-1 is a square since 4 | l - 1");
    assert_eq!(r.square(), m1);
    assert!(r == Scalar::ROOT_OF_UNITY || r == -Scalar::ROOT_OF_UNITY);
    // The repr of l - 1 decodes; of l does not.
    assert!(bool::from(
        Scalar::from_repr(le::<32>(&(l() - 1u8))).is_some()
    ));
    assert!(bool::from(Scalar::from_repr(le::<32>(&l())).is_none()));
    assert!(bool::from(Scalar::from_repr([0xff; 32]).is_none()));
}

#[test]
fn sqrt_ratio_edge_cases() {
    let x = Scalar::from(5u64);
    // num = 0: (true, 0), whatever div is.
    for div in [Scalar::ZERO, Scalar::ONE, x] {
        let (ok, r) = Scalar::sqrt_ratio(&Scalar::ZERO, &div);
        assert!(bool::from(ok));
        assert_eq!(r, Scalar::ZERO);
    }
    // num != 0, div = 0: (false, 0).
    let (ok, r) = Scalar::sqrt_ratio(&x, &Scalar::ZERO);
    assert!(!bool::from(ok));
    assert_eq!(r, Scalar::ZERO);
}

#[test]
fn try_random_propagates_rng_errors() {
    #[derive(Debug)]
    struct Broken;
    impl core::fmt::Display for Broken {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("broken rng")
        }
    }
    impl core::error::Error for Broken {}
    struct FailingRng;
    impl rand_core::TryRng for FailingRng {
        type Error = Broken;
        fn try_next_u32(&mut self) -> Result<u32, Broken> {
            Err(Broken)
        }
        fn try_next_u64(&mut self) -> Result<u64, Broken> {
            Err(Broken)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Broken> {
            Err(Broken)
        }
    }
    assert!(Scalar::try_random(&mut FailingRng).is_err());
}

#[test]
fn random_is_uniform_wide_reduction_of_the_rng_bytes() {
    use rand::{Rng, SeedableRng};
    let mut a = rand::rngs::StdRng::seed_from_u64(7);
    let mut b = rand::rngs::StdRng::seed_from_u64(7);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..100 {
        let s = <Scalar as Field>::random(&mut a);
        let mut bytes = [0u8; 64];
        b.fill_bytes(&mut bytes);
        assert_eq!(val(&s), int(&bytes) % l());
        assert!(seen.insert(s.to_bytes()));
    }
}

/// Little-endian u64 limbs of x (for `Field::pow`).
fn le_limbs(x: &BigUint) -> [u64; 4] {
    let b = le::<32>(x);
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8")))
}

/// Euler's criterion with num-bigint: x^((l-1)/2) = 1 (or x = 0).
fn is_square(x: &BigUint) -> bool {
    let e = x.modpow(&((l() - 1u8) >> 1u32), &l());
    e == BigUint::from(1u8) || e == BigUint::from(0u8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 200 } else { 2_000 }))]

    #[test]
    fn field_laws(a in scalar(), b in scalar(), c in scalar()) {
        prop_assert_eq!(a + b, b + a);
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a + b) + c, a + (b + c));
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a + <Scalar as Field>::ZERO, a);
        prop_assert_eq!(a * <Scalar as Field>::ONE, a);
        prop_assert_eq!(a + (-a), Scalar::ZERO);
        prop_assert_eq!(val(&Field::double(&a)), (val(&a) * 2u8) % l());
        prop_assert_eq!(val(&Field::square(&a)), (val(&a) * val(&a)) % l());
        prop_assert_eq!(val(&Field::cube(&a)), val(&a).modpow(&BigUint::from(3u8), &l()));
    }

    #[test]
    fn invert(a in scalar()) {
        let inv = <Scalar as Field>::invert(&a);
        prop_assert_eq!(bool::from(inv.is_some()), a != Scalar::ZERO);
        if let Some(inv) = inv.into_option() {
            prop_assert_eq!(val(&inv), val(&a).modpow(&(l() - 2u8), &l()));
            prop_assert_eq!(inv * a, Scalar::ONE);
        }
    }

    #[test]
    fn pow(a in scalar(), e in any::<[u64; 4]>(), short in any::<u64>()) {
        let want = val(&a).modpow(&int(&le_bytes(&e)), &l());
        prop_assert_eq!(val(&a.pow(e)), want.clone());
        prop_assert_eq!(val(&a.pow_vartime(e)), want);
        prop_assert_eq!(val(&a.pow([short])), val(&a).modpow(&BigUint::from(short), &l()));
    }

    #[test]
    fn sqrt(a in scalar()) {
        let want_square = is_square(&val(&a));
        let r = Field::sqrt(&a);
        prop_assert_eq!(bool::from(r.is_some()), want_square);
        if let Some(r) = r.into_option() {
            prop_assert_eq!(r.square(), a);
        }
        // Every square has a root.
        let sq = a.square();
        let r = Field::sqrt(&sq).into_option();
        prop_assert!(r.is_some());
        prop_assert!(r.is_some_and(|r| r == a || r == -a));
        let (ok, r) = a.sqrt_alt();
        prop_assert_eq!(bool::from(ok), want_square);
        if want_square { prop_assert_eq!(r.square(), a); }
    }

    #[test]
    fn sqrt_ratio(num in scalar(), div in scalar()) {
        let (ok, r) = Scalar::sqrt_ratio(&num, &div);
        let ratio = num * Scalar::invert(&div);
        if num == Scalar::ZERO {
            prop_assert!(bool::from(ok));
            prop_assert_eq!(r, Scalar::ZERO);
        } else if div == Scalar::ZERO {
            prop_assert!(!bool::from(ok));
            prop_assert_eq!(r, Scalar::ZERO);
        } else if is_square(&val(&ratio)) {
            prop_assert!(bool::from(ok));
            prop_assert_eq!(r.square() * div, num);
        } else {
            // G_S = ROOT_OF_UNITY, a non-square.
            prop_assert!(!bool::from(ok));
            prop_assert_eq!(r.square() * div, Scalar::ROOT_OF_UNITY * num);
        }
    }

    #[test]
    fn repr_round_trip(bytes in bytes32()) {
        let x = int(&bytes);
        let s = Scalar::from_repr(bytes);
        prop_assert_eq!(bool::from(s.is_some()), x < l());
        prop_assert_eq!(Scalar::from_repr_vartime(bytes).is_some(), x < l());
        if let Some(s) = s.into_option() {
            prop_assert_eq!(s.to_repr(), bytes);
            prop_assert_eq!(bool::from(s.is_odd()), x.bit(0));
            prop_assert_eq!(bool::from(s.is_even()), !x.bit(0));
            prop_assert!(bool::from(s.ct_eq(&Scalar::from_repr(s.to_repr()).expect("round trip"))));
        }
    }

    #[test]
    fn from_integers(v in any::<u128>(), w in any::<u64>()) {
        prop_assert_eq!(val(&Scalar::from_u128(v)), BigUint::from(v));
        prop_assert_eq!(val(&<Scalar as From<u64>>::from(w)), BigUint::from(w));
        let decimal = BigUint::from(v).to_string();
        prop_assert_eq!(Scalar::from_str_vartime(&decimal), Some(Scalar::from(v)));
    }

    #[test]
    fn from_str_vartime_reduces(x in any::<[u8; 40]>()) {
        let x = int(&x);
        let parsed = Scalar::from_str_vartime(&x.to_string());
        prop_assert_eq!(parsed.map(|s| val(&s)), Some(x % l()));
    }

    #[test]
    fn from_uniform_bytes(bytes in bytes64()) {
        prop_assert_eq!(val(&Scalar::from_uniform_bytes(&bytes)), int(&bytes) % l());
    }
}

/// Little-endian bytes of four limbs.
fn le_bytes(e: &[u64; 4]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, w) in e.iter().enumerate() {
        out[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    out
}
