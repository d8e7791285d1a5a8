//! Straus (interleaved window) multiscalar multiplication: Σ sᵢ·Pᵢ with one shared chain
//! of doublings.
//!
//! - [`mul`]: constant time. Signed radix-16 digits (`Scalar::as_radix_16`, every digit
//!   in [-8, 8) but the top one, in [0, 2]), a table of the cached multiples 1·Pᵢ … 8·Pᵢ
//!   per point, 4 doublings per digit position shared by all points, then one addition
//!   per point and position of a multiple picked by a full constant-time scan and
//!   conditionally negated. Cost: 7n additions for the tables, 252 doublings, 64n
//!   additions.
//! - [`vartime_mul`]: variable time, for public inputs. Width-5 NAF digits
//!   (`Scalar::vartime_non_adjacent_form(5)`, odd, |d| < 16, at most one nonzero in any 5
//!   consecutive), a table of the odd multiples 1·Pᵢ, 3·Pᵢ, …, 15·Pᵢ per point (a
//!   doubling and 7 additions); about 254/6 additions per point and up to 253 shared
//!   doublings (a scalar is below 2^253, so its NAF has at most 254 digits). The
//!   multiscalar entry point uses it below the Pippenger crossover (see
//!   `crate::scalar_mul::multiscalar`).
//!
//! ```
//! use edwards25519_group::{Point, Scalar};
//!
//! // Not public itself: Point::multiscalar_mul (constant time) runs `mul`, and
//! // Point::vartime_multiscalar_mul runs `vartime_mul` below 256 terms.
//! let points = [Point::GENERATOR, Point::GENERATOR.double(), Point::IDENTITY];
//! let scalars = [Scalar::from(3u8), Scalar::from(5u8), Scalar::from(9u8)];
//! let expected = Point::mul_base(&Scalar::from(13u8)); // 3 + 5·2
//! assert_eq!(Point::multiscalar_mul(&scalars, &points), expected);
//! assert_eq!(Point::vartime_multiscalar_mul(&scalars, &points), expected);
//! ```

use alloc::vec::Vec;

use crate::backend::PointBackend;
use crate::scalar_mul::vartime_double_base::interleaved;
use crate::scalar_mul::{double_times, naf_table_inline, radix_16_table};

/// Σ sᵢ·Pᵢ in constant time, from the radix-16 digits of each sᵢ (`Scalar::as_radix_16`).
///
/// Constant time in the digits: the loop bounds depend only on the number of terms, every
/// table lookup is a full scan ([`PointBackend::select`]), and the additions are
/// complete (the identity and equal points need no special case). The points are not
/// secret.
#[inline(always)]
pub(crate) fn mul<B: PointBackend>(b: B, digits: &[[i8; 64]], points: &[B::Point]) -> B::Point {
    debug_assert_eq!(digits.len(), points.len());
    // Entry j of a table holds (j + 1)·Pᵢ.
    let mut tables: Vec<[B::Cached; 8]> = Vec::with_capacity(points.len());
    for p in points {
        tables.push(radix_16_table(b, p));
    }

    let mut acc = b.identity();
    for i in (0..64).rev() {
        if i != 63 {
            // acc = 16·acc, back to extended form for the additions.
            acc = b.to_extended(&double_times(b, &acc, 4));
        }
        for (table, d) in tables.iter().zip(digits) {
            acc = b.to_extended(&b.add(&acc, &b.select(table, d[i])));
        }
    }
    acc
}

/// Σ sᵢ·Pᵢ for public inputs, from the width-5 NAF digits of each sᵢ
/// (`Scalar::vartime_non_adjacent_form(5)`).
///
/// Execution time depends on the inputs.
#[inline(always)]
pub(crate) fn vartime_mul<B: PointBackend>(
    b: B,
    nafs: &[[i8; 256]],
    points: &[B::Point],
) -> B::Point {
    debug_assert_eq!(nafs.len(), points.len());
    // Entry j of a table holds (2j + 1)·Pᵢ.
    // The tables inline, not through their routine (`PointBackend::call`): called,
    // VerifyBatch/64 measured 1.016-1.029× (same-run A/B, LTO, IFMA).
    let mut tables: Vec<[B::Cached; 8]> = Vec::with_capacity(points.len());
    for p in points {
        tables.push(naf_table_inline(b, p));
    }

    interleaved::<B, [B::Affine; 64]>(b, &[], &[], nafs, &tables)
}
