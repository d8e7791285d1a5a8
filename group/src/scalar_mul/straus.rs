//! Straus (interleaved window) multiscalar multiplication: Σ sᵢ·Pᵢ with one shared chain
//! of doublings.
//!
//! - [`mul`]: constant time. Signed radix-16 digits (`Scalar::as_radix_16`, every digit in
//!   [-8, 8)), a table of the cached multiples 1·Pᵢ … 8·Pᵢ per point, 4 doublings per digit
//!   position shared by all points, then one addition per point and position of a
//!   multiple picked by a full constant-time scan and conditionally negated.
//!   Cost: 7n additions for the tables, 252 doublings, 64n additions.
//! - [`vartime_mul`]: variable time, for public inputs. Width-5 NAF digits
//!   (`Scalar::vartime_non_adjacent_form(5)`, odd, |d| < 16, at most one nonzero in any 5
//!   consecutive), a table of the odd multiples 1·Pᵢ, 3·Pᵢ, …, 15·Pᵢ per point; about
//!   256/6 additions per point and 256 shared doublings. The multiscalar entry point uses it
//!   below the Pippenger crossover (see `crate::multiscalar`).

use alloc::vec::Vec;

use crate::backend::PointBackend;
// No closures around point arithmetic in this file or the other algorithms: a closure
// called from iterator code is compiled as its own function, outside the vector
// backends' one function with the target features on, and their instructions would
// stay out of line (measured 10× slower).
use crate::scalar_mul::variable_base::multiples;
use crate::scalar_mul::vartime_double_base::{interleaved, odd_multiples};

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
        tables.push(multiples(b, p));
    }

    let mut acc = b.identity();
    for i in (0..64).rev() {
        if i != 63 {
            // acc = 16·acc: four doublings, back to extended form at the end.
            let p = b.double(&b.double(&b.double(&b.double_point(&acc))));
            acc = b.to_extended(&p);
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
    let mut tables: Vec<[B::Cached; 8]> = Vec::with_capacity(points.len());
    for p in points {
        tables.push(odd_multiples(b, p));
    }

    interleaved::<B>(b, &[], &[], nafs, &tables)
}
