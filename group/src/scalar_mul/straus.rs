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

use edwards25519_field::FieldArith;

use crate::models::{Cached, Extended, Projective};

/// The cached multiples 1·P, 2·P, …, 8·P of one point (entry j holds (j+1)·P).
pub(crate) struct RadixTable<F>([Cached<F>; 8]);

impl<F: FieldArith> RadixTable<F> {
    /// Builds the table: 7 additions of P, computed the same way for every P.
    pub(crate) fn new(p: &Extended<F>) -> Self {
        let p_cached = p.to_cached();
        let mut entries = [p_cached; 8];
        let mut acc = *p;
        for entry in entries.iter_mut().skip(1) {
            acc = acc.add_cached(&p_cached).to_extended();
            *entry = acc.to_cached();
        }
        RadixTable(entries)
    }

    /// d·P for a digit d in [-8, 8], in constant time: a full scan of the 8 entries and
    /// a conditional negation ([`super::select`]).
    #[inline(always)]
    pub(crate) fn select(&self, digit: i8) -> Cached<F> {
        super::select(&self.0, digit)
    }
}

/// The odd cached multiples 1·P, 3·P, …, 15·P of one point (entry j holds (2j+1)·P),
/// for width-5 NAF digits. Built and read in variable time.
pub(crate) struct NafTable<F>([Cached<F>; 8]);

impl<F: FieldArith> NafTable<F> {
    /// Builds the table: one doubling and 7 additions of 2·P.
    pub(crate) fn new(p: &Extended<F>) -> Self {
        let p2 = p.double().to_cached();
        let mut entries = [p.to_cached(); 8];
        let mut acc = *p;
        for entry in entries.iter_mut().skip(1) {
            acc = acc.add_cached(&p2).to_extended();
            *entry = acc.to_cached();
        }
        NafTable(entries)
    }

    /// The entry for an odd positive digit d < 16: d·P.
    #[inline(always)]
    pub(crate) fn odd(&self, digit: usize) -> &Cached<F> {
        &self.0[digit / 2]
    }
}

/// Σ sᵢ·Pᵢ in constant time, from the radix-16 digits of each sᵢ (`Scalar::as_radix_16`).
///
/// Constant time in the digits: the loop bounds depend only on the number of terms, every
/// table lookup is a full scan ([`RadixTable::select`]), and the additions are complete
/// (the identity and equal points need no special case). The points are not secret.
pub(crate) fn mul<F: FieldArith>(digits: &[[i8; 64]], points: &[Extended<F>]) -> Extended<F> {
    debug_assert_eq!(digits.len(), points.len());
    let tables: Vec<RadixTable<F>> = points.iter().map(RadixTable::new).collect();

    let mut acc = Extended::IDENTITY;
    for i in (0..64).rev() {
        if i != 63 {
            // acc = 16·acc: four doublings, staying projective until the last one.
            let p = acc.to_projective().double().to_projective();
            let p = p.double().to_projective().double().to_projective();
            acc = p.double().to_extended();
        }
        for (table, d) in tables.iter().zip(digits) {
            acc = acc.add_cached(&table.select(d[i])).to_extended();
        }
    }
    acc
}

/// Σ sᵢ·Pᵢ for public inputs, from the width-5 NAF digits of each sᵢ
/// (`Scalar::vartime_non_adjacent_form(5)`).
///
/// Execution time depends on the inputs.
pub(crate) fn vartime_mul<F: FieldArith>(
    nafs: &[[i8; 256]],
    points: &[Extended<F>],
) -> Extended<F> {
    debug_assert_eq!(nafs.len(), points.len());
    let tables: Vec<NafTable<F>> = points.iter().map(NafTable::new).collect();

    // Start at the highest position where some digit is nonzero.
    let top = (0..256).rev().find(|&i| nafs.iter().any(|naf| naf[i] != 0));
    let Some(top) = top else {
        return Extended::IDENTITY;
    };

    let mut acc: Projective<F> = Extended::IDENTITY.to_projective();
    for i in (0..=top).rev() {
        let mut t = acc.double();
        for (table, naf) in tables.iter().zip(nafs) {
            let d = naf[i];
            if d > 0 {
                t = t.to_extended().add_cached(table.odd(d as usize));
            } else if d < 0 {
                t = t
                    .to_extended()
                    .sub_cached(table.odd(d.unsigned_abs() as usize));
            }
        }
        acc = t.to_projective();
    }
    acc.to_extended()
}
