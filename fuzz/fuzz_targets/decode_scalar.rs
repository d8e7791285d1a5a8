//! The scalar decoders on arbitrary bytes: `from_canonical_bytes` (accepts exactly
//! the values below l, and then re-encodes to the same bytes), `from_bytes_mod_order`,
//! `from_bytes_mod_order_wide` and `from_bytes_with_clamping` (canonical results equal
//! to curve25519-dalek's).
#![no_main]

use curve25519_dalek::Scalar as DScalar;
use edwards25519::Scalar;
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let bytes = input.take::<32>();
    let wide = input.take::<64>();

    let ours = Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes));
    let theirs = Option::<DScalar>::from(DScalar::from_canonical_bytes(bytes));
    assert_eq!(
        ours.is_some(),
        theirs.is_some(),
        "canonical verdict {bytes:02x?}"
    );
    if let Some(s) = ours {
        assert_eq!(
            s.to_bytes(),
            bytes,
            "canonical decode re-encodes to its input"
        );
    }

    let check = |s: Scalar, d: DScalar, what: &str| {
        let enc = s.to_bytes();
        assert_eq!(enc, d.to_bytes(), "{what}");
        let back = Option::<Scalar>::from(Scalar::from_canonical_bytes(enc));
        assert_eq!(back, Some(s), "{what}: the result is canonical");
    };
    check(
        Scalar::from_bytes_mod_order(bytes),
        DScalar::from_bytes_mod_order(bytes),
        "from_bytes_mod_order",
    );
    check(
        Scalar::from_bytes_mod_order_wide(&wide),
        DScalar::from_bytes_mod_order_wide(&wide),
        "from_bytes_mod_order_wide",
    );
    check(
        Scalar::from_bytes_with_clamping(bytes),
        DScalar::from_bytes_mod_order(curve25519_dalek::scalar::clamp_integer(bytes)),
        "from_bytes_with_clamping",
    );
});
