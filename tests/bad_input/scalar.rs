//! Scalar decoders and recodings.

use std::panic::catch_unwind;

use edwards25519::Scalar;
use proptest::prelude::*;

#[allow(unused_imports)]
use crate::common;
use crate::strategies::*;

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
