//! The public API, written as the calls an outside user makes.
//!
//! The public names and signatures are fixed: new items may be added, none renamed.
//! Each item is used here with its exact signature, so a rename or a
//! changed signature fails to compile here; the assertions pin the behaviours the
//! contract writes down (edge cases of `sqrt_ratio`, `invert(0)`, the identity's
//! Montgomery bytes, length mismatches, ...).
#![cfg(feature = "ed25519")]
// Operator forms on references are part of the contract, so they are spelled out.
#![allow(clippy::op_ref)]

use core::borrow::Borrow;

use edwards25519::ed25519::{self, Signature, SigningKey, VerifyingKey};
use edwards25519::{DecodeError, FieldElement, Point, Scalar, field, group, scalar};
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

/// The traits the contract lists, checked at compile time.
fn traits<T>()
where
    T: ConstantTimeEq
        + ConditionallySelectable
        + PartialEq
        + Eq
        + Copy
        + Clone
        + core::fmt::Debug
        + Default
        + Zeroize,
{
}

#[test]
fn field_element() {
    traits::<FieldElement>();
    let _: fn(&[u8; 32]) -> FieldElement = FieldElement::from_bytes;
    let _: fn(&FieldElement) -> [u8; 32] = FieldElement::to_bytes;
    let _: fn(&[u8; 64]) -> FieldElement = FieldElement::from_wide_bytes;
    let _: fn(&FieldElement) -> FieldElement = FieldElement::square;
    let _: fn(&FieldElement) -> FieldElement = FieldElement::invert;
    let _: fn(&FieldElement, u32) -> FieldElement = FieldElement::mul32;
    let _: fn(&FieldElement) -> FieldElement = FieldElement::pow22523;
    let _: fn(&FieldElement, &FieldElement) -> (Choice, FieldElement) = FieldElement::sqrt_ratio;
    let _: fn(&FieldElement) -> Choice = FieldElement::is_negative;
    let _: fn(&FieldElement) -> Choice = FieldElement::is_zero;
    let _: fn(&FieldElement) -> FieldElement = FieldElement::abs;

    let (zero, one) = (FieldElement::ZERO, FieldElement::ONE);
    let two = one + one;
    // Operators on values and references, both sides, and the assigning forms.
    let mut x = &two * &two - &one + two;
    x += one;
    x -= &one;
    x *= two;
    assert_eq!(-x, &zero - &x);
    assert_eq!(-&x, zero - x);
    assert_eq!(x * &one, &x * one);
    let mut n = x;
    n.conditional_negate(Choice::from(1));
    assert_eq!(n, -x);
    assert_eq!(FieldElement::default(), zero);
    // Edge cases written in the contract.
    assert_eq!(zero.invert(), zero);
    let (ok, r) = FieldElement::sqrt_ratio(&zero, &two);
    assert!(bool::from(ok) && r == zero);
    let (ok, r) = FieldElement::sqrt_ratio(&two, &zero);
    assert!(!bool::from(ok) && r == zero);
    // Bit 255 is ignored; to_bytes is canonical.
    let mut b = one.to_bytes();
    b[31] |= 0x80;
    assert_eq!(FieldElement::from_bytes(&b), one);
}

#[test]
fn scalar() {
    traits::<Scalar>();
    let _: fn([u8; 32]) -> CtOption<Scalar> = Scalar::from_canonical_bytes;
    let _: fn([u8; 32]) -> Scalar = Scalar::from_bytes_mod_order;
    let _: fn(&[u8; 64]) -> Scalar = Scalar::from_bytes_mod_order_wide;
    let _: fn([u8; 32]) -> Scalar = Scalar::from_bytes_with_clamping;
    let _: fn(&Scalar) -> [u8; 32] = Scalar::to_bytes;
    let _: fn(&Scalar, &Scalar, &Scalar) -> Scalar = Scalar::multiply_add;
    let _: fn(&Scalar) -> Scalar = Scalar::invert;

    let (zero, one) = (Scalar::ZERO, Scalar::ONE);
    let two = one + one;
    let mut x = &two * &two - &one + two;
    x += one;
    x -= &one;
    x *= two;
    assert_eq!(-x, &zero - &x);
    assert_eq!(Scalar::multiply_add(&x, &two, &one), x * two + one);
    assert_eq!(zero.invert(), zero);
    assert_eq!(Scalar::default(), zero);
    // from_canonical_bytes: none for l and above.
    let mut l_bytes = [0u8; 32];
    l_bytes[..16].copy_from_slice(&0x14def9dea2f79cd65812631a5cf5d3ed_u128.to_le_bytes());
    l_bytes[31] = 0x10;
    assert!(bool::from(Scalar::from_canonical_bytes(l_bytes).is_none()));
    assert_eq!(Scalar::from_bytes_mod_order(l_bytes), zero);

    struct Counter(u64);
    impl rand_core::TryRng for Counter {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(u32::from(self.next()))
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.next()))
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.iter_mut().for_each(|b| *b = self.next());
            Ok(())
        }
    }
    impl rand_core::TryCryptoRng for Counter {}
    impl Counter {
        /// xorshift64: a long period, so two draws of 64 bytes differ.
        fn next(&mut self) -> u8 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 as u8
        }
    }
    let mut rng = Counter(1);
    let a = Scalar::random(&mut rng);
    let b = Scalar::random(&mut rng);
    assert_ne!(a, b);
    let dynamic: &mut dyn rand_core::CryptoRng = &mut rng;
    let _ = Scalar::random(dynamic);
}

#[test]
fn point() {
    traits::<Point>();
    let _: fn(&[u8; 32]) -> Result<Point, DecodeError> = Point::from_bytes;
    let _: fn(&[u8; 32]) -> Result<Point, DecodeError> = Point::from_canonical_bytes;
    let _: fn(&Point) -> [u8; 32] = Point::to_bytes;
    let _: fn(&Point) -> [u8; 32] = Point::to_montgomery_bytes;
    let _: fn(&Scalar) -> Point = Point::mul_base;
    let _: fn(&Scalar, &Point, &Scalar) -> Point = Point::vartime_double_scalar_mul_basepoint;
    let _: fn(&Point) -> Point = Point::double;
    let _: fn(&Point) -> Point = Point::mul_by_cofactor;
    let _: fn(&Point) -> bool = Point::is_identity;
    let _: fn(&Point) -> bool = Point::is_small_order;
    let _: fn(&Point) -> bool = Point::is_torsion_free;
    let coords: (FieldElement, FieldElement, FieldElement, FieldElement) =
        Point::GENERATOR.extended_coordinates();
    let (x, y, z, t) = coords;
    assert_eq!(
        Point::from_extended_coordinates(x, y, z, t),
        Ok(Point::GENERATOR)
    );
    let zero = FieldElement::ZERO;
    assert!(Point::from_extended_coordinates(zero, zero, zero, zero).is_err());

    let (b, id) = (Point::GENERATOR, Point::IDENTITY);
    let s = Scalar::from_bytes_mod_order([3; 32]);
    let mut p = &b + &b - &id + b;
    p += b;
    p -= &b;
    assert_eq!(-p, &id - &p);
    assert_eq!(&p * &s, &s * &p);
    assert_eq!(p * s, s * p);
    assert_eq!(Point::mul_base(&s), &b * &s);
    assert_eq!(Point::default(), id);
    // The identity's Montgomery u is 0.
    assert_eq!(id.to_montgomery_bytes(), [0u8; 32]);
    // DecodeError says why.
    let err: DecodeError = Point::from_bytes(&[2u8; 32]).expect_err("no x matches this y");
    let _: &dyn core::error::Error = &err;
    assert!(!err.to_string().is_empty());
}

#[test]
fn multiscalar_inputs() {
    fn both<I, J>(scalars: I, points: J) -> (Point, Point)
    where
        I: IntoIterator + Clone,
        I::Item: Borrow<Scalar>,
        J: IntoIterator + Clone,
        J::Item: Borrow<Point>,
    {
        (
            Point::multiscalar_mul(scalars.clone(), points.clone()),
            Point::vartime_multiscalar_mul(scalars, points),
        )
    }
    let s = [Scalar::ONE, Scalar::ONE + Scalar::ONE];
    let p = [Point::GENERATOR, Point::GENERATOR.double()];
    let mut five = [0u8; 32];
    five[0] = 5;
    // 1·B + 2·(2B) = 5B.
    let want = Point::mul_base(&Scalar::from_bytes_mod_order(five));
    assert_eq!(both(&s, &p), (want, want));
    assert_eq!(both(s.to_vec(), p.to_vec()), (want, want));
    assert_eq!(both(s.iter().filter(|_| true), p.iter()), (want, want));
    let none: [Scalar; 0] = [];
    let no_points: [Point; 0] = [];
    assert_eq!(both(none, no_points), (Point::IDENTITY, Point::IDENTITY));
}

#[test]
fn ed25519_layer() {
    let key = SigningKey::from_seed(&[7; 32]);
    let _: fn(&[u8; 32]) -> SigningKey = SigningKey::from_seed;
    let vk: VerifyingKey = key.verifying_key();
    let sig: Signature = key.sign(b"message");
    let bytes: [u8; 64] = sig.to_bytes();
    assert_eq!(Signature::from_bytes(&bytes).to_bytes(), bytes);
    let vk_bytes: [u8; 32] = vk.to_bytes();
    let vk2: VerifyingKey = VerifyingKey::from_bytes(&vk_bytes).expect("valid key");
    let ok: Result<(), ed25519::Error> = vk2.verify(b"message", &sig);
    assert!(ok.is_ok());
    assert!(vk2.verify_strict(b"message", &sig).is_ok());
    assert!(vk2.verify(b"other", &sig).is_err());

    let mut rng = rand::rng();
    let fresh = SigningKey::generate(&mut rng);
    let msgs: [&[u8]; 2] = [b"a", b"b"];
    let sigs = [key.sign(b"a"), fresh.sign(b"b")];
    let keys = [vk, fresh.verifying_key()];
    assert!(ed25519::verify_batch(&msgs, &sigs, &keys, &mut rng).is_ok());
    // Different lengths are an error, not a panic; an empty batch is accepted.
    assert!(ed25519::verify_batch(&msgs, &sigs[..1], &keys, &mut rng).is_err());
    assert!(ed25519::verify_batch(&[], &[], &[], &mut rng).is_ok());
    // The modules the facade re-exports.
    // The same types through the re-exported crates (the point of the qualification).
    #[allow(unused_qualifications)]
    let _: (field::FieldElement, scalar::Scalar, group::Point) =
        (FieldElement::ONE, Scalar::ONE, Point::GENERATOR);
}

/// `edwards25519::group::backend::selected()` names the point backend, and it is the one
/// the cfg and this CPU call for.
#[test]
fn point_backend_selection() {
    let name: &'static str = group::backend::selected();
    let field: &'static str = field::backend::selected();
    #[cfg(target_arch = "x86_64")]
    let (ifma, avx2) = (
        std::is_x86_feature_detected!("avx512ifma") && std::is_x86_feature_detected!("avx512vl"),
        std::is_x86_feature_detected!("avx2"),
    );
    #[cfg(not(target_arch = "x86_64"))]
    let (ifma, avx2) = (false, false);
    // The forced backend, from RUSTFLAGS' cfg or from the variable the field and group
    // build scripts read (option_env! makes cargo rebuild this test when it changes).
    let forced = if cfg!(edwards25519_backend = "portable") {
        Some("portable")
    } else if cfg!(edwards25519_backend = "serial") {
        Some("serial")
    } else if cfg!(edwards25519_backend = "avx2") {
        Some("avx2")
    } else {
        option_env!("EDWARDS25519_BACKEND")
    };
    let want = if matches!(forced, Some("portable" | "serial")) {
        field
    } else if forced == Some("avx2") {
        if avx2 { "avx2" } else { field }
    } else if ifma && (cfg!(edwards25519_backend = "ifma52") || forced == Some("ifma52")) {
        "avx512-ifma52"
    } else if ifma {
        "avx512-ifma"
    } else if avx2 {
        "avx2"
    } else {
        field
    };
    assert_eq!(name, want);
    if forced == Some("portable") {
        assert!(name.starts_with("portable"), "{name}");
    }
}

/// The Montgomery form and X25519 (`edwards25519::montgomery`).
#[test]
fn montgomery_and_x25519() {
    use edwards25519::montgomery::{self, MontgomeryPoint, X25519_BASEPOINT};
    let _: fn(&MontgomeryPoint, [u8; 32]) -> MontgomeryPoint = MontgomeryPoint::mul_clamped;
    let _: fn([u8; 32]) -> MontgomeryPoint = MontgomeryPoint::mul_base_clamped;
    let _: fn(&MontgomeryPoint, u8) -> Option<Point> = MontgomeryPoint::to_edwards;
    let _: fn(&Point) -> MontgomeryPoint = Point::to_montgomery;
    let _: fn([u8; 32], [u8; 32]) -> [u8; 32] = montgomery::x25519;
    let _: [u8; 32] = X25519_BASEPOINT;
    let _: fn(&SigningKey) -> [u8; 32] = SigningKey::to_x25519_scalar;
    let _: fn(&VerifyingKey) -> MontgomeryPoint = VerifyingKey::to_montgomery;
    // pub struct MontgomeryPoint(pub [u8; 32]).
    let MontgomeryPoint(bytes) = MontgomeryPoint(X25519_BASEPOINT);
    assert_eq!(bytes[0], 9);
    // mul_base_clamped equals mul_clamped on u = 9.
    let k = [0x77u8; 32];
    assert_eq!(
        MontgomeryPoint::mul_base_clamped(k),
        MontgomeryPoint(X25519_BASEPOINT).mul_clamped(k)
    );
    // Bit 255 of u is masked; u is reduced mod p.
    let mut high = X25519_BASEPOINT;
    high[31] |= 0x80;
    assert_eq!(
        montgomery::x25519(k, high),
        montgomery::x25519(k, X25519_BASEPOINT)
    );
    // to_edwards: only bit 0 of sign counts; none at u = -1 and off the curve.
    let u = MontgomeryPoint(X25519_BASEPOINT);
    assert_eq!(u.to_edwards(0), Some(Point::GENERATOR));
    assert_eq!(u.to_edwards(2), Some(Point::GENERATOR));
    assert_eq!(u.to_edwards(3), Some(-Point::GENERATOR));
    assert_eq!(
        MontgomeryPoint((-FieldElement::ONE).to_bytes()).to_edwards(0),
        None
    );
    let mut two = [0u8; 32];
    two[0] = 2;
    assert_eq!(MontgomeryPoint(two).to_edwards(0), None);
    assert_eq!(
        Point::GENERATOR.to_montgomery().0,
        Point::GENERATOR.to_montgomery_bytes()
    );
}

/// Ed25519ctx and Ed25519ph.
#[test]
fn ed25519_ctx_and_ph() {
    type Sign<M> = fn(&SigningKey, M, &[u8]) -> Result<Signature, ed25519::Error>;
    type Verify<M> = fn(&VerifyingKey, M, &[u8], &Signature) -> Result<(), ed25519::Error>;
    let _: Sign<&[u8]> = SigningKey::sign_ctx;
    let _: Sign<&[u8]> = SigningKey::sign_ph;
    let _: Sign<&[u8; 64]> = SigningKey::sign_prehashed;
    let _: Verify<&[u8]> = VerifyingKey::verify_ctx;
    let _: Verify<&[u8]> = VerifyingKey::verify_ph;
    let _: Verify<&[u8; 64]> = VerifyingKey::verify_prehashed;
    let key = SigningKey::from_seed(&[1; 32]);
    // An empty context is dom2(x, ""): sign_ctx with it differs from sign.
    assert_ne!(key.sign_ctx(b"m", b"").expect("empty"), key.sign(b"m"));
    // A context over 255 bytes is an error whose message names the context.
    let err = key.sign_ctx(b"m", &[0; 256]).expect_err("too long");
    assert!(err.to_string().contains("context"));
    assert!(key.sign_ph(b"m", &[0; 255]).is_ok());
}
