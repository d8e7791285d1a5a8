//! One `Debug` format for every value type: `Name(hex)`, the canonical little-endian
//! encoding in lower-case hex (byte 0 first, no `0x`), checked against the `hex` crate's
//! encoding of `to_bytes()`. Secret keys print only their public key.
#![cfg(feature = "ed25519")]

use edwards25519::ed25519::{Signature, SigningKey, VerifyingKey};
use edwards25519::montgomery::MontgomeryPoint;
use edwards25519::{FieldElement, Point, Scalar};

fn expected(name: &str, bytes: &[u8]) -> String {
    format!("{name}({})", hex::encode(bytes))
}

#[test]
fn value_types_print_their_canonical_bytes() {
    for i in 1u64..20 {
        let s = Scalar::from(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).invert();
        assert_eq!(format!("{s:?}"), expected("Scalar", &s.to_bytes()));
        let p = Point::mul_base(&s);
        assert_eq!(format!("{p:?}"), expected("Point", &p.to_bytes()));
        let fe = FieldElement::from_bytes(&s.to_bytes()).invert();
        assert_eq!(format!("{fe:?}"), expected("FieldElement", &fe.to_bytes()));
        let m: MontgomeryPoint = p.to_montgomery();
        assert_eq!(format!("{m:?}"), expected("MontgomeryPoint", &m.0));
        let key = SigningKey::from_seed(&s.to_bytes());
        let vk: VerifyingKey = key.verifying_key();
        assert_eq!(format!("{vk:?}"), expected("VerifyingKey", &vk.to_bytes()));
        let sig: Signature = key.sign(b"debug");
        assert_eq!(format!("{sig:?}"), expected("Signature", &sig.to_bytes()));
        // The secret key: its public key only, never the seed.
        let dbg = format!("{key:?}");
        assert!(
            dbg.contains(&expected("VerifyingKey", &vk.to_bytes())),
            "{dbg}"
        );
        assert!(!dbg.contains(&hex::encode(key.to_bytes())), "{dbg}");
        #[cfg(feature = "group")]
        {
            let g = edwards25519::SubgroupPoint::from_point(&p).expect("torsion-free");
            assert_eq!(format!("{g:?}"), expected("SubgroupPoint", &p.to_bytes()));
        }
    }
}
