//! `MontgomeryPoint` from arbitrary bytes: `to_edwards` (the Montgomery "decoder")
//! agrees with curve25519-dalek's on the verdict and the point, a result maps back to
//! u mod p with bit 255 ignored, equality ignores bit 255 and non-canonical u, and
//! X25519 with a fuzzed scalar agrees with curve25519-dalek's `mul_clamped`.
#![no_main]

use curve25519_dalek::montgomery::MontgomeryPoint as DMontgomery;
use edwards25519::FieldElement;
use edwards25519::montgomery::MontgomeryPoint;
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let u = input.take::<32>();
    let sign = input.byte();
    let scalar = input.take::<32>();
    let m = MontgomeryPoint(u);
    let u_reduced = FieldElement::from_bytes(&u).to_bytes();
    assert!(m == MontgomeryPoint(u_reduced));

    let ours = m.to_edwards(sign);
    let theirs = DMontgomery(u).to_edwards(sign);
    assert_eq!(
        ours.map(|p| p.to_bytes()),
        theirs.map(|p| p.compress().to_bytes()),
        "to_edwards({u:02x?}, {sign})"
    );
    if let Some(p) = ours {
        assert_eq!(p.to_montgomery().to_bytes(), u_reduced);
        assert_eq!(p.to_montgomery_bytes(), u_reduced);
    }

    // X25519 only on a quarter of the inputs: the ladder is the slow part.
    if sign & 0xc0 == 0 {
        assert_eq!(
            m.mul_clamped(scalar).to_bytes(),
            DMontgomery(u).mul_clamped(scalar).to_bytes(),
            "x25519({scalar:02x?}, {u:02x?})"
        );
    }
});
