//! Inputs that cannot hurt (issue 7): every public decoder and constructor that takes
//! bytes, limbs, coordinates or slices, fed arbitrary values, returns a value or a typed
//! error, never panics, and the error says why (its variant is checked against the
//! reason, computed independently from the input). The documented panics (multiscalar
//! multiplication with different lengths, a NAF width outside 2..=8) happen exactly when
//! documented, with the documented message.
//!
//! Strategies mix uniform bytes with the edges where decoders have special cases (values
//! near p, l, 2^252, 2^255; zero; torsion points; non-canonical encodings), so every
//! error variant is reached. 10,000 cases per property in release, 256 in debug.
//! serde deserialisation is covered by tests/serde.rs and the crates' serde tests.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey, verify_batch};
use edwards25519::{DecodeError, FieldElement, Point, Scalar};
use proptest::collection::vec;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(debug_assertions) { 256 } else { 10_000 })
}

// ---------------------------------------------------------------------------------------
// Independent predicates on the bytes.

/// p = 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut p = [0xff; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    p
};

/// l, little-endian.
const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// a < b for little-endian 256-bit values.
fn lt(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().rev().lt(b.iter().rev())
}

/// The 255-bit y (sign bit cleared) is >= p.
fn y_ge_p(b: &[u8; 32]) -> bool {
    let mut y = *b;
    y[31] &= 0x7f;
    !lt(&y, &P)
}

/// Little-endian a + b (mod 2^256).
fn add(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let t = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = t as u8;
        carry = t >> 8;
    }
    out
}

fn small(v: u8) -> [u8; 32] {
    let mut b = [0; 32];
    b[0] = v;
    b
}

/// Little-endian a - v (mod 2^256) for a byte v.
fn sub_small(a: &[u8; 32], v: u8) -> [u8; 32] {
    // a + (2^256 - v)
    let mut neg = [0xffu8; 32];
    neg[0] = 0u8.wrapping_sub(v);
    if v == 0 {
        return *a;
    }
    add(a, &neg)
}

// ---------------------------------------------------------------------------------------
// Strategies.

/// 32 bytes: uniform, or near one of the edges 0, p, 2^255, l, 2^252, 2^253, 2^256.
fn bytes32() -> impl Strategy<Value = [u8; 32]> {
    let mut two_252 = [0u8; 32];
    two_252[31] = 0x10;
    let mut two_253 = [0u8; 32];
    two_253[31] = 0x20;
    let mut two_255 = [0u8; 32];
    two_255[31] = 0x80;
    let edges = [[0u8; 32], P, two_255, L, two_252, two_253, [0u8; 32]];
    prop_oneof![
        3 => any::<[u8; 32]>(),
        2 => (0..edges.len(), 0u8..40, any::<bool>(), any::<bool>()).prop_map(
            move |(i, d, up, sign)| {
                let mut b = if up {
                    add(&edges[i], &small(d))
                } else {
                    sub_small(&edges[i], d)
                };
                if sign {
                    b[31] ^= 0x80;
                }
                b
            }
        ),
        1 => (any::<[u8; 32]>(), 0u8..0x20).prop_map(|(mut b, top)| {
            b[31] = top; // below 2^253: about half below l
            b
        }),
    ]
}

fn bytes64() -> impl Strategy<Value = [u8; 64]> {
    prop_oneof![
        any::<[u8; 64]>(),
        (bytes32(), bytes32()).prop_map(|(a, b)| {
            let mut w = [0u8; 64];
            w[..32].copy_from_slice(&a);
            w[32..].copy_from_slice(&b);
            w
        }),
        bytes32().prop_map(|a| {
            let mut w = [0u8; 64];
            w[..32].copy_from_slice(&a);
            w
        }),
        Just([0xff; 64]),
    ]
}

/// The 8 torsion points' canonical encodings.
fn torsion_encodings() -> Vec<[u8; 32]> {
    let t = common::order_8_point();
    let mut acc = Point::IDENTITY;
    (0..8)
        .map(|_| {
            let e = acc.to_bytes();
            acc += t;
            e
        })
        .collect()
}

/// Point encodings: any 32 bytes, the edges, torsion points (canonical, sign-flipped,
/// y + p), and s·B + T for a small s (canonical and sign-flipped).
fn point_bytes() -> impl Strategy<Value = [u8; 32]> {
    let torsion = torsion_encodings();
    prop_oneof![
        3 => bytes32(),
        1 => (0usize..8, 0u8..3).prop_map(move |(i, form)| {
            let mut b = torsion[i];
            match form {
                0 => {}
                1 => b[31] ^= 0x80,
                // y + p (a non-canonical encoding when y < 19; else y wraps).
                _ => {
                    let sign = b[31] & 0x80;
                    b[31] &= 0x7f;
                    b = add(&b, &P);
                    b[31] = (b[31] & 0x7f) | sign;
                }
            }
            b
        }),
        1 => (any::<u64>(), 0usize..8, any::<bool>()).prop_map(|(s, t, flip)| {
            let torsion = common::order_8_point() * Scalar::from(t as u64);
            let mut b = (Point::mul_base(&Scalar::from(s)) + torsion).to_bytes();
            if flip {
                b[31] ^= 0x80;
            }
            b
        }),
    ]
}

/// Field elements: from arbitrary bytes, or zero, one, -1, p (zero, non-canonically).
fn field_element() -> impl Strategy<Value = FieldElement> {
    prop_oneof![
        3 => bytes32().prop_map(|b| FieldElement::from_bytes(&b)),
        1 => Just(FieldElement::ZERO),
        1 => Just(FieldElement::ONE),
        1 => Just(-FieldElement::ONE),
        1 => Just(FieldElement::from_bytes(&P)),
    ]
}

fn any_scalar() -> impl Strategy<Value = Scalar> {
    bytes32().prop_map(Scalar::from_bytes_mod_order)
}

fn message() -> impl Strategy<Value = Vec<u8>> {
    vec(any::<u8>(), 0..80)
}

// ---------------------------------------------------------------------------------------
// Field.

/// The canonical encoding is below p with bit 255 clear.
fn is_canonical_field_encoding(b: &[u8; 32]) -> bool {
    b[31] & 0x80 == 0 && lt(b, &P)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn field_from_bytes_any(b in bytes32()) {
        let fe = FieldElement::from_bytes(&b);
        prop_assert!(fe.is_in_bounds());
        let enc = fe.to_bytes();
        prop_assert!(is_canonical_field_encoding(&enc));
        prop_assert_eq!(FieldElement::from_bytes(&enc), fe);
        // Bit 255 is ignored.
        let mut flipped = b;
        flipped[31] ^= 0x80;
        prop_assert_eq!(FieldElement::from_bytes(&flipped), fe);
        // y < p: the encoding is the input (without bit 255).
        let mut y = b;
        y[31] &= 0x7f;
        if !y_ge_p(&b) {
            prop_assert_eq!(enc, y);
        }
    }

    #[test]
    fn field_from_wide_bytes_any(b in bytes64()) {
        let fe = FieldElement::from_wide_bytes(&b);
        prop_assert!(fe.is_in_bounds());
        prop_assert!(is_canonical_field_encoding(&fe.to_bytes()));
        // The top half zero: the same as from_bytes when the low half is below 2^255.
        if b[32..].iter().all(|&x| x == 0) && b[31] & 0x80 == 0 {
            let low: [u8; 32] = b[..32].try_into().expect("32");
            prop_assert_eq!(fe, FieldElement::from_bytes(&low));
        }
    }

    /// Limbs: `Some` exactly when every limb is below 2^52 (the invariant), and then
    /// the element works like any other.
    #[test]
    fn field_from_limbs_any(limbs in proptest::array::uniform5(prop_oneof![
        0u64..(1 << 52),
        ((1u64 << 52) - 8)..((1u64 << 52) + 8),
        any::<u64>(),
        Just(u64::MAX),
    ])) {
        let in_bounds = limbs.iter().all(|&l| l < 1 << 52);
        match FieldElement::from_limbs(limbs) {
            Some(fe) => {
                prop_assert!(in_bounds);
                prop_assert_eq!(fe.limbs(), limbs);
                prop_assert!(is_canonical_field_encoding(&fe.to_bytes()));
                let sq = fe.square();
                prop_assert_eq!(sq, fe * fe);
                prop_assert!(sq.is_in_bounds());
                let inv = fe.invert();
                prop_assert_eq!(fe * inv, if bool::from(fe.is_zero()) { FieldElement::ZERO } else { FieldElement::ONE });
            }
            None => prop_assert!(!in_bounds, "{:x?} rejected", limbs),
        }
    }

    /// Total functions at their edges: invert(0) = 0, and `sqrt_ratio`'s documented
    /// special cases (u = 0 gives (1, 0); u != 0, v = 0 gives (0, 0)).
    #[test]
    fn field_total_functions(u in field_element(), v in field_element()) {
        let (ok, r) = FieldElement::sqrt_ratio(&u, &v);
        prop_assert!(!bool::from(r.is_negative()));
        let u_zero = bool::from(u.is_zero());
        let v_zero = bool::from(v.is_zero());
        if u_zero {
            prop_assert!(bool::from(ok) && bool::from(r.is_zero()));
        } else if v_zero {
            prop_assert!(!bool::from(ok) && bool::from(r.is_zero()));
        } else if bool::from(ok) {
            prop_assert_eq!(r.square() * v, u);
        } else {
            prop_assert_eq!(r.square() * v, FieldElement::SQRT_M1 * u);
        }
        prop_assert_eq!(u * u.invert(), if u_zero { FieldElement::ZERO } else { FieldElement::ONE });
    }
}

// ---------------------------------------------------------------------------------------
// Scalar.

proptest! {
    #![proptest_config(config())]

    #[test]
    fn scalar_from_canonical_bytes_any(b in bytes32()) {
        let s = Option::<Scalar>::from(Scalar::from_canonical_bytes(b));
        prop_assert_eq!(s.is_some(), lt(&b, &L), "{:02x?}", b);
        if let Some(s) = s {
            prop_assert_eq!(s.to_bytes(), b);
        }
    }

    #[test]
    fn scalar_from_bytes_mod_order_any(b in bytes32()) {
        let s = Scalar::from_bytes_mod_order(b);
        prop_assert!(lt(&s.to_bytes(), &L));
        if lt(&b, &L) {
            prop_assert_eq!(s.to_bytes(), b);
        }
    }

    #[test]
    fn scalar_from_bytes_mod_order_wide_any(b in bytes64()) {
        let s = Scalar::from_bytes_mod_order_wide(&b);
        prop_assert!(lt(&s.to_bytes(), &L));
        if b[32..].iter().all(|&x| x == 0) {
            let low: [u8; 32] = b[..32].try_into().expect("32");
            prop_assert_eq!(s, Scalar::from_bytes_mod_order(low));
        }
    }

    #[test]
    fn scalar_from_bytes_with_clamping_any(b in bytes32()) {
        let s = Scalar::from_bytes_with_clamping(b);
        prop_assert!(lt(&s.to_bytes(), &L));
        let mut clamped = b;
        clamped[0] &= 0xf8;
        clamped[31] = (clamped[31] & 0x7f) | 0x40;
        prop_assert_eq!(s, Scalar::from_bytes_mod_order(clamped));
    }

    /// `vartime_non_adjacent_form` panics, as documented, exactly for widths outside
    /// 2..=8; `as_radix_16` takes any scalar.
    #[test]
    fn scalar_recodings_any(s in any_scalar(), w in 0usize..24) {
        let d = s.as_radix_16();
        prop_assert!(d[..63].iter().all(|&x| (-8..8).contains(&x)) && (0..=2).contains(&d[63]));
        let naf = catch_unwind(|| s.vartime_non_adjacent_form(w));
        if (2..=8).contains(&w) {
            let naf = naf.expect("valid width does not panic");
            prop_assert!(naf.iter().all(|&x| x == 0 || (x % 2 != 0 && i32::from(x).abs() < 1 << (w - 1))));
        } else {
            let msg = panic_message(naf.expect_err("invalid width panics"));
            prop_assert_eq!(msg, format!("NAF width must be in 2..=8, got {w}"));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Point.

/// Operations that must work on any decoded point.
fn exercise(p: &Point, s: &Scalar) -> Result<(), TestCaseError> {
    prop_assert_eq!(Point::from_canonical_bytes(&p.to_bytes()), Ok(*p));
    let _ = p.to_montgomery_bytes();
    prop_assert_eq!(p.double(), p + p);
    prop_assert_eq!(p.is_small_order(), p.mul_by_cofactor().is_identity());
    let _ = p.is_torsion_free();
    prop_assert_eq!(p * s, s * p);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// `from_bytes`: a point, or `NotOnCurve` (its only error).
    #[test]
    fn point_from_bytes_any(b in point_bytes(), s in any_scalar()) {
        match Point::from_bytes(&b) {
            Ok(p) => exercise(&p, &s)?,
            Err(e) => prop_assert_eq!(e, DecodeError::NotOnCurve, "{:02x?}", b),
        }
    }

    /// `from_canonical_bytes`: the error names the first reason in the documented
    /// order (y >= p, no point, negative zero); accepted bytes are exactly the encoding.
    #[test]
    fn point_from_canonical_bytes_any(b in point_bytes()) {
        let strict = Point::from_canonical_bytes(&b);
        let expected = if y_ge_p(&b) {
            Err(DecodeError::NonCanonicalY)
        } else {
            match Point::from_bytes(&b) {
                Err(_) => Err(DecodeError::NotOnCurve),
                Ok(p) if b[31] & 0x80 != 0 && bool::from(p.extended_coordinates().0.is_zero()) => {
                    Err(DecodeError::NonCanonicalSign)
                }
                Ok(p) => Ok(p),
            }
        };
        prop_assert_eq!(strict, expected, "{:02x?}", b);
        if let Ok(p) = strict {
            prop_assert_eq!(p.to_bytes(), b);
        }
    }
}

/// d = -121665/121666.
fn d() -> FieldElement {
    -FieldElement::from_bytes(&[
        0x41, 0xdb, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ]) * FieldElement::from_bytes(&[
        0x42, 0xdb, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0,
    ])
    .invert()
}

/// The documented verdict of `from_extended_coordinates`.
fn expected_extended(
    x: FieldElement,
    y: FieldElement,
    z: FieldElement,
    t: FieldElement,
) -> Result<(), DecodeError> {
    if bool::from(z.is_zero()) || x * y != z * t {
        Err(DecodeError::InvalidCoordinates)
    } else if y.square() - x.square() != z.square() + d() * t.square() {
        Err(DecodeError::NotOnCurve)
    } else {
        Ok(())
    }
}

/// Coordinates to try: arbitrary (with zeros and ±1 likely), a point's coordinates
/// scaled by an arbitrary λ (λ = 0 included), or scaled and then one coordinate changed,
/// or X·Y = Z·T by construction (T = XY/Z) and generally off the curve.
fn coordinates() -> impl Strategy<Value = [FieldElement; 4]> {
    prop_oneof![
        proptest::array::uniform4(field_element()),
        Just([FieldElement::ZERO; 4]),
        (point_bytes(), field_element(), 0usize..5, field_element()).prop_filter_map(
            "not a point",
            |(b, lambda, which, other)| {
                let p = Point::from_bytes(&b).ok()?;
                let (x, y, z, t) = p.extended_coordinates();
                let mut c = [x * lambda, y * lambda, z * lambda, t * lambda];
                if which < 4 {
                    c[which] = other;
                }
                Some(c)
            }
        ),
        proptest::array::uniform3(field_element()).prop_map(|[x, y, z]| [
            x,
            y,
            z,
            x * y * z.invert()
        ]),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// Any four field elements: an `Err` with the documented reason, or a valid point;
    /// never a panic.
    #[test]
    fn point_from_extended_coordinates_any(c in coordinates(), s in any_scalar()) {
        let [x, y, z, t] = c;
        let got = Point::from_extended_coordinates(x, y, z, t);
        prop_assert_eq!(got.map(|_| ()), expected_extended(x, y, z, t), "{:?}", c);
        if let Ok(p) = got {
            // The point (X/Z, Y/Z).
            let zi = z.invert();
            let mut enc = (y * zi).to_bytes();
            enc[31] |= (x * zi).is_negative().unwrap_u8() << 7;
            prop_assert_eq!(p.to_bytes(), enc);
            exercise(&p, &s)?;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Multiscalar multiplication: the documented panic, and only it.

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else {
        "<non-string panic payload>".to_string()
    }
}

const LENGTH_MISMATCH: &str =
    "multiscalar multiplication: scalars and points have different lengths";

proptest! {
    #![proptest_config(config())]

    /// Arbitrary lengths 0..8 each, as slices or as filtered iterators (whose size hints
    /// say nothing): different lengths panic with the documented message, equal lengths
    /// give Σ sᵢ·Pᵢ.
    #[test]
    fn multiscalar_lengths(
        ns in 0usize..8,
        np in 0usize..8,
        filtered in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let scalars: Vec<Scalar> = (0..ns as u64).map(|i| Scalar::from(seed ^ i.wrapping_mul(0x9e37_79b9))).collect();
        let points: Vec<Point> = (0..np as u64).map(|i| Point::mul_base(&Scalar::from(i + seed % 1000))).collect();
        let ct = catch_unwind(AssertUnwindSafe(|| {
            if filtered {
                Point::multiscalar_mul(scalars.iter().filter(|_| true), points.iter().filter(|_| true))
            } else {
                Point::multiscalar_mul(&scalars, &points)
            }
        }));
        let vt = catch_unwind(AssertUnwindSafe(|| {
            if filtered {
                Point::vartime_multiscalar_mul(scalars.iter().filter(|_| true), points.iter().filter(|_| true))
            } else {
                Point::vartime_multiscalar_mul(scalars.clone(), points.clone())
            }
        }));
        if ns == np {
            let sum: Point = scalars.iter().zip(&points).map(|(s, p)| p * s).sum();
            prop_assert_eq!(ct.expect("equal lengths do not panic"), sum);
            prop_assert_eq!(vt.expect("equal lengths do not panic"), sum);
        } else {
            prop_assert_eq!(panic_message(ct.expect_err("different lengths panic")), LENGTH_MISMATCH);
            prop_assert_eq!(panic_message(vt.expect_err("different lengths panic")), LENGTH_MISMATCH);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Ed25519.

/// S encodings: arbitrary, canonical (reduced), or the real S, or the real S + l.
#[derive(Clone, Copy, Debug)]
enum SChoice {
    Bytes([u8; 32]),
    Real,
    RealPlusL,
}

/// R encodings: arbitrary point encodings, or the real R.
#[derive(Clone, Copy, Debug)]
enum RChoice {
    Bytes([u8; 32]),
    Real,
}

/// Keys: arbitrary point encodings, or the signer's key.
#[derive(Clone, Copy, Debug)]
enum KeyChoice {
    Bytes([u8; 32]),
    Real,
}

fn s_choice() -> impl Strategy<Value = SChoice> {
    prop_oneof![
        2 => bytes32().prop_map(SChoice::Bytes),
        1 => bytes32().prop_map(|b| SChoice::Bytes(Scalar::from_bytes_mod_order(b).to_bytes())),
        2 => Just(SChoice::Real),
        1 => Just(SChoice::RealPlusL),
    ]
}

fn r_choice() -> impl Strategy<Value = RChoice> {
    prop_oneof![point_bytes().prop_map(RChoice::Bytes), Just(RChoice::Real)]
}

fn key_choice() -> impl Strategy<Value = KeyChoice> {
    prop_oneof![
        point_bytes().prop_map(KeyChoice::Bytes),
        Just(KeyChoice::Real)
    ]
}

/// The documented `verify` verdict up to the equation: S, then R.
fn expected_verify(sig: &[u8; 64]) -> Result<(), Error> {
    let s: [u8; 32] = sig[32..].try_into().expect("32");
    let r: [u8; 32] = sig[..32].try_into().expect("32");
    if !lt(&s, &L) {
        return Err(Error::NonCanonicalS);
    }
    Point::from_bytes(&r).map_err(Error::InvalidR)?;
    Ok(())
}

/// The documented `verify_strict` verdict up to the equation: S, key canonical, key
/// small order, R decodes, R canonical, R small order.
fn expected_strict(key: &[u8; 32], sig: &[u8; 64]) -> Result<(), Error> {
    let s: [u8; 32] = sig[32..].try_into().expect("32");
    let r: [u8; 32] = sig[..32].try_into().expect("32");
    if !lt(&s, &L) {
        return Err(Error::NonCanonicalS);
    }
    let a = Point::from_canonical_bytes(key).map_err(|_| Error::NonCanonicalPublicKey)?;
    if a.is_small_order() {
        return Err(Error::SmallOrderPublicKey);
    }
    let rp = Point::from_bytes(&r).map_err(Error::InvalidR)?;
    if Point::from_canonical_bytes(&r).is_err() {
        return Err(Error::NonCanonicalR);
    }
    if rp.is_small_order() {
        return Err(Error::SmallOrderR);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn verifying_key_from_bytes_any(b in point_bytes()) {
        match VerifyingKey::from_bytes(&b) {
            Ok(vk) => {
                prop_assert_eq!(vk.to_bytes(), b);
                prop_assert_eq!(vk.as_bytes(), &b);
                let p = Point::from_bytes(&b).expect("the same rule as Point::from_bytes");
                prop_assert_eq!(vk.to_point(), p);
                prop_assert_eq!(vk.is_canonical(), Point::from_canonical_bytes(&b).is_ok());
                prop_assert_eq!(vk.is_weak(), p.is_small_order());
                // The key of the decoded point carries the canonical encoding.
                let canonical = VerifyingKey::from_point(&p);
                prop_assert_eq!(canonical.to_bytes(), p.to_bytes());
                prop_assert_eq!(canonical.to_point(), p);
            }
            Err(e) => {
                prop_assert_eq!(e, Error::InvalidPublicKey(DecodeError::NotOnCurve));
                prop_assert!(Point::from_bytes(&b).is_err());
            }
        }
        prop_assert_eq!(VerifyingKey::try_from(&b), VerifyingKey::from_bytes(&b));
    }

    /// Slices of any length: `InvalidLength` unless 32 (keys) or 64 (signatures) bytes.
    #[test]
    fn slices_of_any_length(v in vec(any::<u8>(), 0..140), b in point_bytes()) {
        let key = VerifyingKey::try_from(v.as_slice());
        let sig = Signature::try_from(v.as_slice());
        match v.len() {
            32 => prop_assert_eq!(key, VerifyingKey::from_bytes(&v.clone().try_into().expect("32"))),
            n => prop_assert_eq!(key, Err(Error::InvalidLength { expected: 32, actual: n })),
        }
        match v.len() {
            64 => prop_assert_eq!(sig.map(|s| s.to_bytes().to_vec()), Ok(v.clone())),
            n => prop_assert_eq!(sig, Err(Error::InvalidLength { expected: 64, actual: n })),
        }
        // A 32-byte slice of point bytes decodes like the array.
        prop_assert_eq!(VerifyingKey::try_from(&b[..]), VerifyingKey::from_bytes(&b));
    }

    /// Any 64 bytes are a `Signature`, kept as given; every constructor agrees.
    #[test]
    fn signature_from_bytes_any(b in bytes64()) {
        let sig = Signature::from_bytes(&b);
        prop_assert_eq!(sig.to_bytes(), b);
        prop_assert_eq!(&sig.r_bytes()[..], &b[..32]);
        prop_assert_eq!(&sig.s_bytes()[..], &b[32..]);
        let r: [u8; 32] = b[..32].try_into().expect("32");
        let s: [u8; 32] = b[32..].try_into().expect("32");
        prop_assert_eq!(Signature::from_components(r, s), sig);
        prop_assert_eq!(Signature::from(b), sig);
        prop_assert_eq!(Signature::from(&b), sig);
        prop_assert_eq!(<[u8; 64]>::from(sig), b);
    }

    /// Any 32-byte seed is a signing key, whose signatures verify under both rules.
    #[test]
    fn signing_key_from_any_seed(seed in bytes32(), msg in message()) {
        let key = SigningKey::from_seed(&seed);
        prop_assert_eq!(key.to_bytes(), seed);
        prop_assert_eq!(SigningKey::from(&seed).verifying_key(), key.verifying_key());
        let vk = key.verifying_key();
        prop_assert!(vk.is_canonical() && !vk.is_weak());
        let sig = key.sign(&msg);
        prop_assert_eq!(vk.verify(&msg, &sig), Ok(()));
        prop_assert_eq!(vk.verify_strict(&msg, &sig), Ok(()));
        prop_assert_eq!(VerifyingKey::from(&key), vk);
    }

    /// Keys, R, S and messages mixed from arbitrary bytes, edges and a real signature's
    /// parts: both rules return `Ok` or the first failing reason in the documented order
    /// (then `EquationFailed`); all-real parts verify; strict acceptance implies ZIP-215
    /// acceptance.
    #[test]
    fn verify_arbitrary_inputs(
        seed in any::<[u8; 32]>(),
        msg in message(),
        other_msg in prop::option::weighted(0.2, message()),
        key_c in key_choice(),
        r_c in r_choice(),
        s_c in s_choice(),
    ) {
        let signer = SigningKey::from_seed(&seed);
        let real = signer.sign(&msg);
        let key = match key_c {
            KeyChoice::Bytes(b) => b,
            KeyChoice::Real => signer.verifying_key().to_bytes(),
        };
        let r = match r_c {
            RChoice::Bytes(b) => b,
            RChoice::Real => *real.r_bytes(),
        };
        let s = match s_c {
            SChoice::Bytes(b) => b,
            SChoice::Real => *real.s_bytes(),
            SChoice::RealPlusL => add(real.s_bytes(), &L),
        };
        let sig = Signature::from_components(r, s);
        let replaced = other_msg.is_some();
        let msg = other_msg.unwrap_or(msg);
        let all_real = matches!((key_c, r_c, s_c), (KeyChoice::Real, RChoice::Real, SChoice::Real));
        let vk = match VerifyingKey::from_bytes(&key) {
            Ok(vk) => vk,
            Err(e) => {
                prop_assert_eq!(e, Error::InvalidPublicKey(DecodeError::NotOnCurve));
                prop_assert!(Point::from_bytes(&key).is_err());
                return Ok(());
            }
        };
        let sig_bytes = sig.to_bytes();
        let zip215 = vk.verify(&msg, &sig);
        let strict = vk.verify_strict(&msg, &sig);
        match expected_verify(&sig_bytes) {
            Err(e) => prop_assert_eq!(zip215, Err(e)),
            Ok(()) => prop_assert!(zip215 == Ok(()) || zip215 == Err(Error::EquationFailed), "{:?}", zip215),
        }
        match expected_strict(&key, &sig_bytes) {
            Err(e) => prop_assert_eq!(strict, Err(e)),
            Ok(()) => prop_assert!(strict == Ok(()) || strict == Err(Error::EquationFailed), "{:?}", strict),
        }
        if strict.is_ok() {
            prop_assert_eq!(zip215, Ok(()));
        }
        if all_real && !replaced {
            prop_assert_eq!(zip215, Ok(()));
            prop_assert_eq!(strict, Ok(()));
        }
    }
}

/// One batch item: message, signature, key; valid or not.
fn batch_item() -> impl Strategy<Value = (Vec<u8>, Signature, VerifyingKey)> {
    (
        any::<[u8; 32]>(),
        message(),
        0u8..6,
        point_bytes(),
        bytes32(),
    )
        .prop_map(|(seed, msg, kind, pb, sb)| {
            let signer = SigningKey::from_seed(&seed);
            let sig = signer.sign(&msg);
            let vk = signer.verifying_key();
            match kind {
                // Valid (half the items).
                0..=2 => (msg, sig, vk),
                // Arbitrary R or S.
                3 => (msg, Signature::from_components(pb, *sig.s_bytes()), vk),
                4 => (msg, Signature::from_components(*sig.r_bytes(), sb), vk),
                // Arbitrary key (when it decodes), same signature.
                _ => (msg, sig, VerifyingKey::from_bytes(&pb).unwrap_or(vk)),
            }
        })
}

proptest! {
    #![proptest_config(config())]

    /// Slices of arbitrary lengths 0..8: different lengths are `BatchLengthMismatch`;
    /// equal lengths give the first item's S or R error, else `EquationFailed` if any
    /// item fails `verify`, else `Ok` (and an empty batch is `Ok`). Never a panic.
    #[test]
    fn verify_batch_arbitrary_lengths(
        items in vec(batch_item(), 8),
        nm in 0usize..8,
        ns in 0usize..8,
        nk in 0usize..8,
        equal in any::<bool>(),
        rng_seed in any::<u64>(),
    ) {
        let (ns, nk) = if equal { (nm, nm) } else { (ns, nk) };
        let messages: Vec<&[u8]> = items[..nm].iter().map(|(m, _, _)| m.as_slice()).collect();
        let sigs: Vec<Signature> = items[..ns].iter().map(|(_, s, _)| *s).collect();
        let keys: Vec<VerifyingKey> = items[..nk].iter().map(|(_, _, k)| *k).collect();
        let mut rng = StdRng::seed_from_u64(rng_seed);
        let got = verify_batch(&messages, &sigs, &keys, &mut rng);
        if nm != ns || nm != nk {
            prop_assert_eq!(got, Err(Error::BatchLengthMismatch));
        } else {
            let singles: Vec<Result<(), Error>> = items[..nm].iter().map(|(m, s, k)| k.verify(m, s)).collect();
            let expected = singles
                .iter()
                .find_map(|r| match r {
                    Err(e @ (Error::NonCanonicalS | Error::InvalidR(_))) => Some(Err(*e)),
                    _ => None,
                })
                .unwrap_or(if singles.iter().all(Result::is_ok) { Ok(()) } else { Err(Error::EquationFailed) });
            prop_assert_eq!(got, expected, "singles {:?}", singles);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The `group` feature's decoders (cargo test --features group).

#[cfg(feature = "group")]
mod group_traits {
    use super::*;
    use edwards25519::group::SubgroupPoint;
    use group::GroupEncoding;
    use group::ff::{FromUniformBytes, PrimeField};

    proptest! {
        #![proptest_config(config())]

        #[test]
        fn group_encoding_any(b in point_bytes()) {
            let p = Option::<Point>::from(<Point as GroupEncoding>::from_bytes(&b));
            prop_assert_eq!(p, Point::from_canonical_bytes(&b).ok());
            let q = Option::<Point>::from(<Point as GroupEncoding>::from_bytes_unchecked(&b));
            prop_assert_eq!(q, p);
            let sub = Option::<SubgroupPoint>::from(<SubgroupPoint as GroupEncoding>::from_bytes(&b));
            prop_assert_eq!(sub.map(Point::from), p.filter(Point::is_torsion_free));
            if let Ok(q) = Point::from_bytes(&b) {
                let from_point = Option::<SubgroupPoint>::from(SubgroupPoint::from_point(&q));
                prop_assert_eq!(from_point.map(|x| x.to_point()), Some(q).filter(Point::is_torsion_free));
            }
        }

        #[test]
        fn prime_field_any(b in bytes32(), w in bytes64()) {
            let s = Option::<Scalar>::from(Scalar::from_repr(b));
            prop_assert_eq!(s, Option::<Scalar>::from(Scalar::from_canonical_bytes(b)));
            prop_assert_eq!(
                <Scalar as FromUniformBytes<64>>::from_uniform_bytes(&w),
                Scalar::from_bytes_mod_order_wide(&w)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// The strategies reach every reason, so the properties above check each error variant.

/// `n` values drawn from a strategy (deterministic runner).
fn sample<S: Strategy>(strategy: S, n: usize) -> Vec<S::Value> {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    (0..n)
        .map(|_| {
            strategy
                .new_tree(&mut runner)
                .expect("strategy produces values")
                .current()
        })
        .collect()
}

#[test]
fn strategies_reach_every_reason() {
    use std::collections::HashSet;
    let n = if cfg!(debug_assertions) { 600 } else { 3_000 };

    let strict: HashSet<_> = sample(point_bytes(), n)
        .iter()
        .map(|b| Point::from_canonical_bytes(b).err())
        .collect();
    for e in [
        None,
        Some(DecodeError::NotOnCurve),
        Some(DecodeError::NonCanonicalY),
        Some(DecodeError::NonCanonicalSign),
    ] {
        assert!(strict.contains(&e), "point_bytes never gives {e:?}");
    }

    let extended: HashSet<_> = sample(coordinates(), n)
        .into_iter()
        .map(|[x, y, z, t]| Point::from_extended_coordinates(x, y, z, t).err())
        .collect();
    for e in [
        None,
        Some(DecodeError::NotOnCurve),
        Some(DecodeError::InvalidCoordinates),
    ] {
        assert!(extended.contains(&e), "coordinates never give {e:?}");
    }

    let scalars = sample(bytes32(), n);
    let canonical = scalars.iter().filter(|b| lt(b, &L)).count();
    assert!(
        canonical > n / 10 && canonical < n - n / 10,
        "{canonical} of {n}"
    );

    // Keys and signatures built as in `verify_arbitrary_inputs`.
    let signer = SigningKey::from_seed(&[7; 32]);
    let real = signer.sign(b"m");
    // (Error is not Hash: plain vectors.)
    let mut strict_errors = vec![];
    let mut zip215_errors = vec![];
    let inputs = sample((key_choice(), r_choice(), s_choice()), 4 * n);
    for (k, r, s) in inputs {
        let key = match k {
            KeyChoice::Bytes(b) => b,
            KeyChoice::Real => signer.verifying_key().to_bytes(),
        };
        let Ok(vk) = VerifyingKey::from_bytes(&key) else {
            continue;
        };
        let r = match r {
            RChoice::Bytes(b) => b,
            RChoice::Real => *real.r_bytes(),
        };
        let s = match s {
            SChoice::Bytes(b) => b,
            SChoice::Real => *real.s_bytes(),
            SChoice::RealPlusL => add(real.s_bytes(), &L),
        };
        let sig = Signature::from_components(r, s);
        zip215_errors.push(vk.verify(b"m", &sig).err());
        strict_errors.push(vk.verify_strict(b"m", &sig).err());
    }
    for e in [
        None,
        Some(Error::NonCanonicalS),
        Some(Error::InvalidR(DecodeError::NotOnCurve)),
        Some(Error::EquationFailed),
    ] {
        assert!(zip215_errors.contains(&e), "verify never gives {e:?}");
    }
    for e in [
        None,
        Some(Error::NonCanonicalS),
        Some(Error::NonCanonicalPublicKey),
        Some(Error::SmallOrderPublicKey),
        Some(Error::InvalidR(DecodeError::NotOnCurve)),
        Some(Error::NonCanonicalR),
        Some(Error::SmallOrderR),
        Some(Error::EquationFailed),
    ] {
        assert!(
            strict_errors.contains(&e),
            "verify_strict never gives {e:?}"
        );
    }
}

#[test]
fn batch_strategy_reaches_every_outcome() {
    let n = if cfg!(debug_assertions) { 200 } else { 1_000 };
    let mut outcomes = vec![];
    let mut rng = StdRng::seed_from_u64(1);
    for (items, len) in sample((vec(batch_item(), 8), 0usize..8), n) {
        let messages: Vec<&[u8]> = items[..len].iter().map(|(m, _, _)| m.as_slice()).collect();
        let sigs: Vec<Signature> = items[..len].iter().map(|(_, s, _)| *s).collect();
        let keys: Vec<VerifyingKey> = items[..len].iter().map(|(_, _, k)| *k).collect();
        outcomes.push(verify_batch(&messages, &sigs, &keys, &mut rng).err());
    }
    for e in [
        None,
        Some(Error::NonCanonicalS),
        Some(Error::InvalidR(DecodeError::NotOnCurve)),
        Some(Error::EquationFailed),
    ] {
        assert!(outcomes.contains(&e), "batches never give {e:?}");
    }
}
