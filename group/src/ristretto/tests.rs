//! Unit tests that need the representatives: the RFC 9496 constants, the 4-torsion
//! classes (against curve25519-dalek), and that every constructor stays in 2E.

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::scalar::Scalar as DScalar;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::point::order_four_point;

/// A decimal string as a field element, by schoolbook multiply-by-10 on 32
/// little-endian bytes (independent of the field code; the value must be below 2^256).
fn decimal(s: &str) -> FieldElement {
    let mut acc = [0u8; 32];
    for c in s.bytes() {
        let mut carry = u32::from(c - b'0');
        for b in acc.iter_mut() {
            let v = u32::from(*b) * 10 + carry;
            *b = v as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0, "decimal constant too large");
    }
    assert!(acc[31] < 0x80);
    FieldElement::from_bytes(&acc)
}

/// The constants equal RFC 9496 §4.1's decimal values and satisfy their definitions
/// in terms of d (with a = -1).
#[test]
fn constants() {
    let one = FieldElement::ONE;
    let d = D;
    assert_eq!(FieldElement::SQRT_M1.square(), -one);
    assert_eq!(
        FieldElement::SQRT_M1,
        decimal("19681161376707505956807079304988542015446066515923890162744021073123829784752")
    );
    assert_eq!(
        SQRT_AD_MINUS_ONE,
        decimal("25063068953384623474111414158702152701244531502492656460079210482610430750235")
    );
    assert_eq!(SQRT_AD_MINUS_ONE.square(), -d - one);
    assert_eq!(
        INVSQRT_A_MINUS_D,
        decimal("54469307008909316920995813868745141605393597292927456921205312896311721017578")
    );
    assert_eq!(INVSQRT_A_MINUS_D.square() * (-one - d), one);
    assert!(!bool::from(INVSQRT_A_MINUS_D.is_negative()));
    assert_eq!(
        ONE_MINUS_D_SQ,
        decimal("1159843021668779879193775521855586647937357759715417654439879720876111806838")
    );
    assert_eq!(ONE_MINUS_D_SQ, one - d.square());
    assert_eq!(
        D_MINUS_ONE_SQ,
        decimal("40440834346308536858101042469323190826248399146238708352240133220865137265952")
    );
    assert_eq!(D_MINUS_ONE_SQ, (d - one).square());
}

/// The 4-torsion: identity, (0, -1), (±i, 0).
fn four_torsion() -> [Point; 4] {
    let t4 = order_four_point();
    [Point::IDENTITY, t4.double(), t4, -t4]
}

/// Whether `p` lies in 2E, the subgroup of order 4·l: 4·l·p is the identity.
fn in_2e(p: &Point) -> bool {
    p.mul_by_group_order().double().double().is_identity()
}

/// P + T for each 4-torsion T is the same element, with the same encoding, which is
/// curve25519-dalek's encoding of k·G; adding 2E points outside E\[4\] changes it.
#[test]
fn torsion_classes_match_dalek() {
    let mut rng = StdRng::seed_from_u64(0x5253_7472_6574);
    let ts = four_torsion();
    for i in 0..200 {
        let bytes: [u8; 32] = rng.random();
        let k = Scalar::from_bytes_mod_order(bytes);
        let dk = DScalar::from_bytes_mod_order(bytes);
        let theirs = (RISTRETTO_BASEPOINT_POINT * dk).compress().to_bytes();
        let p = Point::mul_base(&k);
        let base = RistrettoPoint(p);
        assert_eq!(base.to_bytes(), theirs, "case {i}");
        for t in &ts {
            let q = RistrettoPoint(p + t);
            assert!(in_2e(&q.0));
            assert_eq!(q, base);
            assert!(bool::from(q.ct_eq(&base)));
            assert_eq!(q.to_bytes(), theirs, "case {i}, torsion {t:?}");
            // Decoding gives back the class (some representative of it).
            let back = RistrettoPoint::from_bytes(&theirs).expect("an encoding decodes");
            assert_eq!(back, q);
        }
        let other = RistrettoPoint(p + Point::GENERATOR);
        assert_ne!(other, base);
        assert_ne!(other.to_bytes(), theirs);
    }
}

/// Decoded points and Elligator outputs are valid curve points in 2E.
#[test]
fn constructors_stay_in_2e() {
    let mut rng = StdRng::seed_from_u64(0x3265);
    let mut decoded = 0;
    for _ in 0..300 {
        let wide: [u8; 64] = rng.random();
        let m = RistrettoPoint::from_uniform_bytes(&wide);
        let (x, y, z, t) = m.0.extended_coordinates();
        assert!(Point::from_extended_coordinates(x, y, z, t).is_ok());
        assert!(in_2e(&m.0));
        let half: [u8; 32] = wide[..32].try_into().expect("32");
        let e = crate::backend::serial::field_dispatch!(F => {
            elligator::<F>(&F::from_field(&FieldElement::from_bytes(&half)))
                .convert::<FieldElement>()
        });
        assert!(Point::from_extended_coordinates(e.x, e.y, e.z, e.t).is_ok());
        assert!(in_2e(&Point(e)));
        let mut b: [u8; 32] = rng.random();
        b[31] &= 0x7f;
        if let Ok(p) = RistrettoPoint::from_bytes(&b) {
            let (x, y, z, t) = p.0.extended_coordinates();
            assert!(Point::from_extended_coordinates(x, y, z, t).is_ok());
            assert!(in_2e(&p.0));
            decoded += 1;
        }
        // The constant-time decoder holds the identity when it rejects.
        let ct = RistrettoPoint::ct_from_bytes(&b);
        assert!(bool::from(ct.unwrap_or(RistrettoPoint::GENERATOR).0.ct_eq(
            &RistrettoPoint::from_bytes(&b).map_or(Point::GENERATOR, |p| p.0)
        )));
    }
    assert!(decoded > 0);
}

/// The Elligator map of 0 and of small values against dalek's `from_uniform_bytes` of
/// an input whose halves are equal: MAP(t) + MAP(t) = 2·MAP(t).
#[test]
fn elligator_doubles() {
    for v in [0u8, 1, 2, 3, 0xff] {
        let mut wide = [0u8; 64];
        wide[0] = v;
        wide[32] = v;
        let ours = RistrettoPoint::from_uniform_bytes(&wide);
        let theirs = curve25519_dalek::RistrettoPoint::from_uniform_bytes(&wide);
        assert_eq!(ours.to_bytes(), theirs.compress().to_bytes());
        let e = crate::backend::serial::field_dispatch!(F => {
            let mut half = [0u8; 32];
            half[0] = v;
            elligator::<F>(&F::from_field(&FieldElement::from_bytes(&half))).convert::<FieldElement>()
        });
        assert_eq!(RistrettoPoint(Point(e)).double(), ours);
    }
}

/// [`RistrettoFixedBaseTable`] against variable-base multiplication, on random
/// elements and scalars (the FixedBaseTable algorithm itself is tested in `scalar_mul`).
#[cfg(feature = "alloc")]
#[test]
fn table_agrees_with_variable_base() {
    let mut rng = edwards25519_test_support::SplitMix64(0x7269_7374);
    for _ in 0..8 {
        let p = RistrettoPoint::from_uniform_bytes(&rng.bytes());
        let t = RistrettoFixedBaseTable::new(&p);
        let s = Scalar::from_bytes_mod_order(rng.bytes());
        assert_eq!(t.mul(&s), p * s);
        assert_eq!(t.point(), p);
    }
}
