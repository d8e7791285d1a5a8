//! `FieldElement::from_bytes` and `from_wide_bytes` on arbitrary bytes: never panic,
//! the value is the input reduced mod p (num-bigint), the encoding is canonical and
//! decodes back to itself, and the limbs stay in bounds.
#![no_main]

use edwards25519::FieldElement;
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;

fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - 19u32
}

fn le32(x: &BigUint) -> [u8; 32] {
    let mut out = [0u8; 32];
    let b = x.to_bytes_le();
    out[..b.len()].copy_from_slice(&b);
    out
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let bytes = input.take::<32>();
    let fe = FieldElement::from_bytes(&bytes);
    assert!(fe.is_in_bounds());
    let enc = fe.to_bytes();
    // Bit 255 is ignored, the rest reduced mod p.
    let mut masked = bytes;
    masked[31] &= 0x7f;
    let want = BigUint::from_bytes_le(&masked) % p();
    assert_eq!(enc, le32(&want), "from_bytes({bytes:02x?})");
    assert_eq!(FieldElement::from_bytes(&enc).to_bytes(), enc);

    let wide = input.take::<64>();
    let fw = FieldElement::from_wide_bytes(&wide);
    assert!(fw.is_in_bounds());
    let want = BigUint::from_bytes_le(&wide) % p();
    assert_eq!(fw.to_bytes(), le32(&want), "from_wide_bytes({wide:02x?})");
});
