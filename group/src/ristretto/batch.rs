//! The encodings of doubled elements in a batch: [`RistrettoPoint::double_and_encode_batch`].
//!
//! An encoding (RFC 9496 §4.3.2) takes an inverse square root, 1/√(u1·u2²) with
//! u1 = Z0² - Y0² and u2 = X0·Y0, and inverse square roots do not batch. For a point
//! P0 = \[2\]Q the root is a rational function of Q (the batched double-and-encode of the
//! Ristretto design, after Hamburg's Decaf), so a batch of doubles takes one inversion.
//! With the doubling's E = 2XY, G = Y² - X², F = G - 2Z², H = -(X² + Y²) (a = -1) and
//! P0 = (E·F : G·H : F·G : E·H):
//!
//! ```text
//! u1 = Z0² - Y0² = G²·(F - H)·(F + H) = G²·2(Y² - Z²)·(-2)(X² + Z²) = (a - d)·E²·G²
//! ```
//!
//! since the curve equation gives (Y² - Z²)(X² + Z²) = (1 + d)·X²·Y², and a - d = -(1 + d).
//! With u2 = E·F·G·H:
//!
//! ```text
//! u1·u2² = (a - d)·w²,  w = E²·G²·F·H,  so  1/√(u1·u2²) = ±(1/√(a - d))/w
//! ```
//!
//! and the encoding takes either sign (`encode_with_invsqrt`). On 2E, w = 0 exactly
//! when E = 0 (Q in the identity's coset: G = 0 and F = 0 would need (x·y)² = -1/d or
//! 1/d, which are not squares, and H = 0 a point of order 8); there u2 = 0 and any root
//! gives s = 0, so a zero w is replaced by 1 before the batch inversion.
//!
//! Cost per element: the doubling (4 squarings, 4 products), u1, u2 and w (1 squaring,
//! 5 products), 3 products of Montgomery's trick and 1 for the root, then the
//! encoding's 10 products; against about 254 squarings for one encoding's root.

use alloc::vec::Vec;

use edwards25519_field::FieldArith;

use super::{INVSQRT_A_MINUS_D, RistrettoPoint, encode_with_invsqrt};
use crate::models::{Extended, invert_all};

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl RistrettoPoint {
    /// The encodings of \[2\]P for every P in `points`, with one field inversion for the
    /// whole batch instead of one inverse square root per element (the Ristretto
    /// design's batched double-and-encode; curve25519-dalek's
    /// `RistrettoPoint::double_and_compress_batch`). Each is `p.double().to_bytes()`.
    /// Constant time; any length, including 0.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    /// use edwards25519_group::Scalar;
    ///
    /// let points = [
    ///     RistrettoPoint::GENERATOR,
    ///     RistrettoPoint::IDENTITY,
    ///     RistrettoPoint::mul_base(&Scalar::from(7u8)),
    /// ];
    /// let batch = RistrettoPoint::double_and_encode_batch(&points);
    /// assert!(batch.iter().zip(&points).all(|(b, p)| *b == p.double().to_bytes()));
    /// ```
    pub fn double_and_encode_batch(points: &[RistrettoPoint]) -> Vec<[u8; 32]> {
        crate::backend::serial::field_dispatch!(F => double_and_encode_all::<F>(points))
    }
}

/// The doubled representative P0 = \[2\]Q with u1 and u2 of its encoding, and the root's
/// denominator w (module docs).
struct Doubled<F> {
    point: Extended<F>,
    u1_u2: [F; 2],
    w: F,
}

/// [`Doubled`] of one representative Q, by the library's doubling: its completed
/// result is (E : -H : G : -F) in the module docs' names, and its extended form
/// (E·(-F) : (-H)·G : G·(-F) : E·(-H)) is P0 with every coordinate negated, which the
/// encoding does not see (u1, u2 and w are products of pairs of them).
#[inline(always)]
fn doubled<F: FieldArith>(q: &Extended<F>) -> Doubled<F> {
    let c = q.to_projective().double();
    let point = c.to_extended();
    // E·G and F·H = (-F)·(-H).
    let eg = c.x * c.z;
    let fh = c.t * c.y;
    let u1 = (point.z + point.y) * (point.z - point.y);
    Doubled {
        point,
        u1_u2: [u1, eg * fh],
        w: eg.square() * fh,
    }
}

/// [`RistrettoPoint::double_and_encode_batch`] on the field `F`.
#[inline(always)]
fn double_and_encode_all<F: FieldArith>(points: &[RistrettoPoint]) -> Vec<[u8; 32]> {
    let doubles: Vec<Doubled<F>> = points
        .iter()
        .map(|p| doubled(&p.0.0.convert::<F>()))
        .collect();
    let w_inv = invert_all(
        doubles
            .iter()
            .map(|d| F::conditional_select(&d.w, &F::ONE, d.w.is_zero())),
    );
    let c = F::from_field(&INVSQRT_A_MINUS_D);
    doubles
        .iter()
        .zip(w_inv)
        .map(|(d, w_inv)| encode_with_invsqrt(&d.point, d.u1_u2, c * w_inv))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Scalar};

    /// Every length from 0 to 20 against the single encodings of the doubles, the
    /// identity and the other representatives of its coset (the 4-torsion points, where
    /// w = 0) included among ordinary elements.
    #[test]
    fn agrees_with_double_then_encode() {
        let torsion = [
            Point::IDENTITY,
            Point::EIGHT_TORSION[2],
            Point::EIGHT_TORSION[4],
            Point::EIGHT_TORSION[6],
        ];
        let mut points = Vec::new();
        for i in 0..20u8 {
            let p = if i % 5 == 3 {
                RistrettoPoint(torsion[usize::from(i / 5)])
            } else {
                RistrettoPoint::mul_base(&Scalar::from_bytes_mod_order(
                    [i.wrapping_mul(37) ^ 0x5c; 32],
                ))
            };
            // A representative other than the canonical one, for some elements.
            let p = if i % 3 == 1 {
                RistrettoPoint(p.0 + torsion[usize::from(i % 4)])
            } else {
                p
            };
            points.push(p);
        }
        for n in 0..=points.len() {
            let batch = RistrettoPoint::double_and_encode_batch(&points[..n]);
            assert_eq!(batch.len(), n);
            for (b, p) in batch.iter().zip(&points) {
                assert_eq!(*b, p.double().to_bytes());
            }
        }
        for t in torsion {
            assert_eq!(
                RistrettoPoint::double_and_encode_batch(&[RistrettoPoint(t)]),
                [[0u8; 32]]
            );
        }
    }
}
