//! Field decoders and constructors.

use edwards25519::FieldElement;
use proptest::prelude::*;

#[allow(unused_imports)]
use crate::common;
use crate::strategies::*;

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
                // The value, not the limbs, round-trips (on x86-64 the element is
                // held as 4×64 limbs): Σ limbᵢ·2^(51·i) from bytes and arithmetic.
                let mut weight = FieldElement::ONE;
                let mut two51 = [0u8; 32];
                two51[6] = 0x08; // 2^51 = 0x0008_0000_0000_0000
                let two51 = FieldElement::from_bytes(&two51);
                let mut value = FieldElement::ZERO;
                for &l in &limbs {
                    let mut b = [0u8; 32];
                    b[..8].copy_from_slice(&l.to_le_bytes());
                    value += FieldElement::from_bytes(&b) * weight;
                    weight *= two51;
                }
                prop_assert_eq!(fe, value);
                prop_assert_eq!(FieldElement::from_limbs(fe.limbs()), Some(fe));
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
