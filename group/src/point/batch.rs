//! Batch decoding (feature `alloc`): [`Point::from_bytes_batch`].
//!
//! With AVX-512 IFMA (CPUID-checked at run time), eight decodings run at once, one per
//! lane of a zmm register in radix 2^52 (`backend::vector::ifma52x8::decode`): the
//! square root's exponentiation, the costly part, is lane-wise, and the checks and the
//! point assembly are per element on the portable field. Where CPUID reports AVX2 and
//! not IFMA (and with the AVX2 backend forced), four decodings run at once on the AVX2
//! field, one per 64-bit lane of a ymm register (`backend::vector::avx2::decode`: 0.70
//! of the time of 64 `from_bytes` calls with LTO, 0.67 in cargo's default profile, 0.55
//! with `-C target-cpu=native`; Intel Xeon, AVX2 forced, `scripts/before_after.sh`).
//! Without AVX2 it calls [`Point::from_bytes`] in a loop.
//!
//! Measured with criterion (`CARGO_PROFILE_BENCH_LTO=fat
//! CARGO_PROFILE_BENCH_CODEGEN_UNITS=1 cargo bench --bench group --
//! 'FromBytesBatch|Decode'`, AMD EPYC Zen 4, on a 2-core machine shared with other
//! builds, so only same-run ratios mean anything); runs 1 and 2 with cargo's default
//! target CPU, run 3 with `RUSTFLAGS='-C target-cpu=native'` (both libraries):
//!
//! | row | run 1 | run 2 | run 3 (native) |
//! |---|---|---|---|
//! | `Decode/dalek_decompress` (curve25519-dalek 5) | 5.61 µs | 6.63 µs | 6.05 µs |
//! | `Decode/from_bytes` | 5.21 µs (0.93 of dalek) | 3.96 µs (0.60) | 3.89 µs (0.64) |
//! | `FromBytesBatch/64`, per point | 1.14 µs (0.20 of dalek, 0.22 of `from_bytes`) | 1.18 µs (0.18, 0.30) | 1.04 µs (0.17, 0.27) |

use alloc::vec::Vec;

use edwards25519_field::FieldElement;

use crate::models::Extended;
use crate::{DecodeError, Point};

impl Point {
    /// [`Point::from_bytes`] of every encoding: element i is
    /// `Point::from_bytes(&encodings[i])`, with the same errors
    /// ([`DecodeError::NotOnCurve`]) and the same lenient rules (y >= p reduced, x = 0
    /// with the sign bit accepted). Any length, 0 included.
    ///
    /// With AVX-512 IFMA, eight square roots run at once, one per lane of a zmm
    /// register (the last group of eight padded); with AVX2 and no IFMA, four per ymm
    /// register; elsewhere, one `from_bytes` per encoding. The time depends on the
    /// number of encodings and of valid ones, not on which are valid or on their values.
    ///
    /// ```
    /// use edwards25519_group::{DecodeError, Point, Scalar};
    ///
    /// let mut encodings: Vec<[u8; 32]> = (1..=9u8)
    ///     .map(|i| Point::mul_base(&Scalar::from(i)).to_bytes())
    ///     .collect();
    /// let mut y2 = [0u8; 32];
    /// y2[0] = 2; // y = 2 is the y of no point
    /// encodings.push(y2);
    /// let decoded = Point::from_bytes_batch(&encodings);
    /// assert_eq!(decoded.len(), 10);
    /// for (d, e) in decoded.iter().zip(&encodings) {
    ///     assert_eq!(*d, Point::from_bytes(e));
    /// }
    /// assert_eq!(decoded[9], Err(DecodeError::NotOnCurve));
    /// assert!(Point::from_bytes_batch(&[]).is_empty());
    /// ```
    pub fn from_bytes_batch(encodings: &[[u8; 32]]) -> Vec<Result<Point, DecodeError>> {
        #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
        if let Some(token) = crate::backend::vector::ifma52x8::detect() {
            return in_groups(encodings, |e| {
                crate::backend::vector::ifma52x8::decode::from_bytes_x8(token, e)
            });
        }
        #[cfg(edwards25519_vector)]
        if let Some(token) = crate::backend::vector::avx2::detect() {
            return in_fours(token, encodings);
        }
        encodings.iter().map(Point::from_bytes).collect()
    }
}

/// `from_bytes_batch` on the AVX2 field: four square roots per ymm register for all but
/// a last partial group of one or two encodings, which take one `from_bytes` each
/// (`avx2::grouped`).
#[cfg(edwards25519_vector)]
pub(crate) fn in_fours(
    token: crate::backend::vector::point::Vector<crate::backend::vector::avx2::F5>,
    encodings: &[[u8; 32]],
) -> Vec<Result<Point, DecodeError>> {
    use crate::backend::vector::avx2;
    let n = avx2::grouped(encodings.len());
    let mut out = in_groups(&encodings[..n], |e| avx2::decode::from_bytes_x4(token, e));
    out.extend(encodings[n..].iter().map(Point::from_bytes));
    out
}

/// The base point's encoding (y = 4/5, x even): a constant, where
/// `Point::GENERATOR.to_bytes()` would take an inversion per batch.
const PADDING: [u8; 32] = {
    let mut b = [0x66; 32];
    b[0] = 0x58;
    b
};

/// Runs `decode` on groups of N encodings, the last group padded with the base point's
/// encoding (an ordinary valid point: the same work) whose results are dropped.
#[cfg_attr(not(edwards25519_vector), allow(dead_code))]
pub(crate) fn in_groups<const N: usize>(
    encodings: &[[u8; 32]],
    mut decode: impl FnMut(&[[u8; 32]; N]) -> [Result<Extended<FieldElement>, DecodeError>; N],
) -> Vec<Result<Point, DecodeError>> {
    let mut out = Vec::with_capacity(encodings.len());
    let mut group = [PADDING; N];
    for chunk in encodings.chunks(N) {
        group[..chunk.len()].copy_from_slice(chunk);
        let decoded = decode(&group);
        out.extend(decoded[..chunk.len()].iter().map(|d| d.map(Point)));
    }
    out
}

#[cfg(test)]
mod tests;
