//! The end of a decoding whose square root was computed elsewhere: the batch decoders
//! (`Point::from_bytes_batch` on the vector fields) compute the candidate root of
//! RFC 8032 §5.1.3 lane by lane and finish each element here, as
//! `FieldArith::sqrt_ratio` and the single decoding (`encoding::decode`) finish.

use edwards25519_field::FieldElement;
use subtle::{ConditionallySelectable, ConstantTimeEq};

use crate::DecodeError;
use crate::models::Extended;

/// The point `bytes` encodes, given the candidate root r = u·v³·(u·v⁷)^((p-5)/8) and
/// check = v·r² for u = y² - 1, v = d·y² + 1: the root is r if check is u, r·√-1 if
/// check is -u, else there is none; its sign is set by bit 255. The selections are
/// constant time; only the accept/reject branches, as in `Point::from_bytes`.
pub(crate) fn decode_with_root(
    bytes: &[u8; 32],
    mut r: FieldElement,
    check: FieldElement,
) -> Result<Extended<FieldElement>, DecodeError> {
    let y = FieldElement::from_bytes(bytes);
    let u = y.square() - FieldElement::ONE;
    let neg_u = -u;
    let correct_sign = check.ct_eq(&u);
    let flipped_sign = check.ct_eq(&neg_u);
    // (`sqrt_ratio` also takes r·√-1 where check = -u·√-1, for a root of i·u/v; a
    // decoding rejects that case, so it is not computed.)
    let r_prime = r * FieldElement::SQRT_M1;
    r.conditional_assign(&r_prime, flipped_sign);
    let x_abs = r.abs();
    let sign = subtle::Choice::from(bytes[31] >> 7);
    let x = FieldElement::conditional_select(&x_abs, &-x_abs, sign);

    if bool::from(correct_sign | flipped_sign) {
        Ok(Extended {
            x,
            y,
            z: FieldElement::ONE,
            t: x * y,
        })
    } else {
        Err(DecodeError::NotOnCurve)
    }
}
