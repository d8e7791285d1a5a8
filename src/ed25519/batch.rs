//! Batch verification: one multiscalar multiplication for many signatures.

use super::hash::challenge;
use super::{Error, Signature, VerifyingKey};
use crate::{Point, Scalar};
use alloc::vec::Vec;

/// Verifies many signatures at once: accepts exactly when every
/// `keys[i].verify(messages[i], &signatures[i])` would, except with probability at most
/// 2^-128 over the coefficients drawn from `rng`.
///
/// Each item is checked like [`VerifyingKey::verify`] (S canonical, R decodes); then,
/// with random 128-bit z_i and k_i = SHA-512(R_i || A_i || M_i) mod l, one variable-time
/// multiscalar multiplication checks the cofactored combination
///
/// `[8]( -[Σ z_i·S_i]B + Σ [z_i]R_i + Σ [z_i·k_i]A_i ) = identity`.
///
/// Multiplying by 8 puts every term's failure in the prime-order subgroup, where a
/// nonzero term survives the random combination except with probability about 2^-128:
/// this is why batch and single ZIP-215 verification agree, even on small-order and
/// mixed-order points (the reductions mod l of the coefficients vanish under the factor
/// 8 too). Consecutive items with the same key share one A term, so a run of signatures
/// by one key needs about half the multiscalar terms. The error does not say which item
/// failed; verify them one by one to find out.
///
/// Slices of different lengths give [`Error::BatchLengthMismatch`]; an empty batch is
/// accepted. Execution time depends on the inputs (all of them public).
///
/// ```
/// use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey, verify_batch};
///
/// let signers: Vec<SigningKey> = (0..4u8).map(|i| SigningKey::from_seed(&[i; 32])).collect();
/// let messages: [&[u8]; 4] = [b"one", b"two", b"three", b"four"];
/// let mut sigs: Vec<Signature> = signers.iter().zip(messages).map(|(k, m)| k.sign(m)).collect();
/// let keys: Vec<VerifyingKey> = signers.iter().map(SigningKey::verifying_key).collect();
///
/// let mut rng = rand::rng();
/// assert_eq!(verify_batch(&messages, &sigs, &keys, &mut rng), Ok(()));
/// sigs.swap(0, 1);
/// assert_eq!(verify_batch(&messages, &sigs, &keys, &mut rng), Err(Error::EquationFailed));
/// ```
pub fn verify_batch<R: rand_core::CryptoRng + ?Sized>(
    messages: &[&[u8]],
    signatures: &[Signature],
    keys: &[VerifyingKey],
    rng: &mut R,
) -> Result<(), Error> {
    let n = messages.len();
    if signatures.len() != n || keys.len() != n {
        return Err(Error::BatchLengthMismatch);
    }
    if n == 1 {
        // The double-base multiplication of a single verification is cheaper than a
        // three-term multiscalar one, and gives the same answer.
        return keys[0].verify(messages[0], &signatures[0]);
    }

    // Layout: scalars/points[0] is the base point term; then each R_i, and each A_i
    // unless it equals the previous item's key: a run of signatures by one key (a common
    // shape of batch) shares one A term, with the coefficients summed.
    let mut scalars = Vec::with_capacity(2 * n + 1);
    let mut points = Vec::with_capacity(2 * n + 1);
    scalars.push(Scalar::ZERO);
    points.push(Point::GENERATOR);
    let mut zs_sum = Scalar::ZERO;
    // Index in `scalars` of the previous item's A term, and that key.
    let mut previous: Option<(usize, &VerifyingKey)> = None;
    // Every R decoded at once (`Point::from_bytes_batch`: eight square roots in one
    // register with AVX-512 IFMA, four with AVX2); the errors are still reported item
    // by item, S first.
    let encodings: Vec<[u8; 32]> = signatures.iter().map(|sig| *sig.r_bytes()).collect();
    let decoded = Point::from_bytes_batch(&encodings);
    for (((msg, sig), key), r) in messages.iter().zip(signatures).zip(keys).zip(decoded) {
        let s = sig.s_scalar()?;
        let r = r.map_err(Error::InvalidR)?;
        let k = challenge(sig.r_bytes(), key.as_bytes(), msg);
        let z = random_128(rng);
        zs_sum = Scalar::multiply_add(&z, &s, &zs_sum);
        scalars.push(z);
        points.push(r);
        match previous {
            // Equal encodings are the same point.
            Some((i, prev)) if prev == key => {
                scalars[i] = Scalar::multiply_add(&z, &k, &scalars[i])
            }
            _ => {
                previous = Some((scalars.len(), key));
                scalars.push(z * k);
                points.push(key.to_point());
            }
        }
    }
    scalars[0] = -zs_sum;

    if Point::vartime_multiscalar_mul(&scalars, &points)
        .mul_by_cofactor()
        .is_identity()
    {
        Ok(())
    } else {
        Err(Error::EquationFailed)
    }
}

/// A uniformly random scalar below 2^128.
fn random_128<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Scalar {
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    Scalar::from(u128::from_le_bytes(bytes))
}
