//! Precomputation for points the caller chooses: [`FixedBaseTable`] (constant-time
//! multiplication of one point by many scalars, ScalarBaseMult's algorithm) and
//! [`VartimePrecomputedMultiscalar`] (variable-time multiscalar multiplication over a
//! fixed set of points with wide tables).
//!
//! Both hold their tables in the representation of the point backend that built them
//! (the fastest one this CPU runs, see [`crate::backend`]), so a lookup converts
//! nothing; the multiscalar one, from 20 points where the CPU has the eight-lane IFMA
//! engine (64 where 512-bit multiply-adds run at half rate), in that engine's rows
//! (`straus8::precomputed_rows`), and from 768 points none at all ([`NO_TABLES_FROM`]).
//! The tables sit behind `dyn Any`: an operation finds its backend's table by type,
//! and in the one case where it would not (a table built by another backend, which a
//! process does not do, as the CPU does not change under it) it computes the same
//! result without the table, so nothing panics.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::any::Any;
use core::borrow::Borrow;
use core::fmt;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::Point;
use crate::backend::dispatch;
use crate::backend::{Op, PointBackend, Routine};
use crate::models::Extended;
use crate::models::batch_to_affine_cached;
use crate::scalar_mul::fixed_base::TableWalk;
use crate::scalar_mul::multiscalar::vartime_multiscalar;
use crate::scalar_mul::vartime_double_base::interleaved;
use crate::scalar_mul::{double_times, naf_table, odd_step};
#[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
use crate::{backend::vector::ifma52x8::straus, scalar_mul::straus8};

/// A table of multiples of one point, for constant-time multiplication by many secret
/// scalars at `Point::mul_base`'s speed (the same algorithm: signed radix-16 digits, 64
/// mixed additions from 32 rows of 8 affine multiples, 4 doublings, every lookup a full
/// constant-time scan).
///
/// Building it costs about 480 point operations and one inversion; it holds 256 affine
/// points (24-40 KiB on the heap, by backend). Pedersen commitments, ElGamal and
/// threshold-signature generators are the typical users.
///
/// ```
/// use edwards25519_group::{FixedBaseTable, Point, Scalar};
///
/// let h = Point::mul_base(&Scalar::from_bytes_mod_order([9; 32]));
/// let table = FixedBaseTable::new(&h);
/// let s = Scalar::from_bytes_mod_order([5; 32]);
/// assert_eq!(table.mul(&s), &h * &s);
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub struct FixedBaseTable {
    point: Point,
    /// `Box<[[B::Affine; 8]; 32]>` for the backend B that built it:
    /// `[i][j] = (j + 1)·16^(2i)·point`.
    rows: Box<dyn Any + Send + Sync>,
}

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl fmt::Debug for FixedBaseTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FixedBaseTable")
            .field("point", &self.point)
            .finish_non_exhaustive()
    }
}

/// Appends `first + j·step` for j in 0..n to `out`, in the portable representation
/// (n - 1 additions): the rows of both precomputed tables, made affine together after.
#[inline(always)]
fn push_progression<B: PointBackend>(
    b: B,
    first: &B::Point,
    step: &B::Cached,
    n: usize,
    out: &mut Vec<Extended<FieldElement>>,
) {
    let mut acc = *first;
    out.push(b.to_point(&acc));
    for _ in 1..n {
        acc = b.to_extended(&b.add(&acc, step));
        out.push(b.to_point(&acc));
    }
}

/// Builds a [`FixedBaseTable`]'s rows on a backend.
struct BuildRows<'a>(&'a Extended<FieldElement>);

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl Op for BuildRows<'_> {
    type Output = Box<dyn Any + Send + Sync>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Self::Output {
        // 256 points in extended form: row i holds (j + 1)·16^(2i)·P.
        let mut points = Vec::with_capacity(256);
        let mut row_start = b.from_point(self.0);
        for _ in 0..32 {
            push_progression(b, &row_start, &b.to_cached(&row_start), 8, &mut points);
            // 16^2·row_start: eight doublings.
            row_start = b.to_extended(&double_times(b, &row_start, 8));
        }
        let affine = batch_to_affine_cached::<FieldElement>(&points);
        let mut rows = Box::new([[b.affine(&affine[0]); 8]; 32]);
        for (k, a) in affine.iter().enumerate() {
            rows[k / 8][k % 8] = b.affine(a);
        }
        rows
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl FixedBaseTable {
    /// The table of `point`'s multiples, in the representation of the fastest point
    /// backend this CPU runs. The point is not treated as secret.
    ///
    /// ```
    /// use edwards25519_group::{FixedBaseTable, Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(9u8));
    /// let table = FixedBaseTable::new(&p);
    /// let s = Scalar::from_bytes_mod_order([42u8; 32]);
    /// assert_eq!(table.mul(&s), &p * &s);
    /// ```
    // Compiled where it is called (docs/backends.md, "Build cost").
    #[inline]
    pub fn new(point: &Point) -> FixedBaseTable {
        FixedBaseTable {
            point: *point,
            rows: dispatch::run(BuildRows(&point.0)),
        }
    }

    /// The point the table was built from.
    ///
    /// ```
    /// use edwards25519_group::{FixedBaseTable, Point};
    ///
    /// let table = FixedBaseTable::new(&Point::GENERATOR);
    /// assert_eq!(table.point(), &Point::GENERATOR);
    /// ```
    pub fn point(&self) -> &Point {
        &self.point
    }

    /// scalar·point, in constant time (safe for secret scalars).
    ///
    /// ```
    /// use edwards25519_group::{FixedBaseTable, Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(5u8));
    /// let table = FixedBaseTable::new(&p);
    /// let s = Scalar::from_bytes_mod_order([0x77; 32]);
    /// assert_eq!(table.mul(&s), &p * &s);
    /// ```
    pub fn mul(&self, scalar: &Scalar) -> Point {
        #[allow(unused_mut)]
        let mut digits = scalar.as_radix_16();
        // ScalarBaseMult's operation over these rows (one copy of the walk for both).
        let p = dispatch::run(TableWalk {
            digits: &digits,
            rows: Some(&*self.rows),
        });
        let p = match p {
            Some(p) => Point(p),
            // Another backend's table: the same product by variable-base
            // multiplication (also constant time; `mul_digits` wipes its own copy).
            None => self.point.mul_digits(digits),
        };
        #[cfg(feature = "zeroize")]
        zeroize::Zeroize::zeroize(&mut digits);
        p
    }
}

/// The panic message for scalars and points of different lengths (as
/// `Point::vartime_multiscalar_mul`'s).
const LENGTH_MISMATCH: &str =
    "multiscalar multiplication: scalars and points have different lengths";

/// Variable-time multiscalar multiplication over a fixed set of points, with a table of
/// 64 odd multiples (1·P, 3·P, …, 127·P, affine) per point, so the scalars can use
/// width-8 NAF digits: about 256/9 additions per term instead of the 256/6 of
/// [`Point::vartime_multiscalar_mul`]'s width-5 digits, and no per-call tables. For
/// public inputs only (batch verification against fixed keys, fixed generators).
///
/// Memory: 64 affine points per static point (6-10 KiB each, by backend).
///
/// Execution time depends on the inputs.
///
/// ```
/// use edwards25519_group::{Point, Scalar, VartimePrecomputedMultiscalar};
///
/// let g: Vec<Point> = (1u8..=3).map(|i| Point::mul_base(&Scalar::from_bytes_mod_order([i; 32]))).collect();
/// let pre = VartimePrecomputedMultiscalar::new(&g);
/// let s: Vec<Scalar> = (7u8..=9).map(|i| Scalar::from_bytes_mod_order([i; 32])).collect();
/// assert_eq!(pre.vartime_multiscalar_mul(&s), Point::vartime_multiscalar_mul(&s, &g));
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub struct VartimePrecomputedMultiscalar {
    points: Vec<Extended<FieldElement>>,
    /// `Vec<[B::Affine; 64]>` for the backend B that built it: `[i][j] = (2j + 1)·Pᵢ`;
    /// or, where the CPU has the eight-lane IFMA engine and there are enough points for
    /// it (`straus8::precomputed_rows`), that engine's `straus::WideRows` (the same
    /// multiples, in cached form).
    tables: Box<dyn Any + Send + Sync>,
}

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl fmt::Debug for VartimePrecomputedMultiscalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VartimePrecomputedMultiscalar")
            .field("points", &self.points.len())
            .finish_non_exhaustive()
    }
}

/// The 64 odd multiples `[j] = (2j + 1)·P` of each point as backend `b`'s affine
/// addends: a doubling and 63 additions per point, one inversion for all of them.
#[inline(always)]
fn odd_tables<B: PointBackend>(b: B, points: &[Extended<FieldElement>]) -> Vec<[B::Affine; 64]> {
    let mut ext = Vec::with_capacity(points.len() * 64);
    for p in points {
        let p = b.from_point(p);
        push_progression(b, &p, &odd_step(b, &p), 64, &mut ext);
    }
    let affine = batch_to_affine_cached::<FieldElement>(&ext);
    let mut tables: Vec<[B::Affine; 64]> = Vec::with_capacity(points.len());
    for chunk in affine.chunks_exact(64) {
        let mut t = [b.affine(&chunk[0]); 64];
        for (slot, a) in t.iter_mut().zip(chunk) {
            *slot = b.affine(a);
        }
        tables.push(t);
    }
    tables
}

/// [`odd_tables`] as a routine ([`PointBackend::call`]): one copy per backend for
/// [`BuildOdd`] and [`MixedMul`]'s fallback.
struct OddTables<'a>(&'a [Extended<FieldElement>]);

impl<B: PointBackend> Routine<B> for OddTables<'_> {
    type Output = Vec<[B::Affine; 64]>;
    #[inline(always)]
    fn run(self, b: B) -> Self::Output {
        odd_tables(b, self.0)
    }
}

/// Builds the odd-multiple tables on a backend.
struct BuildOdd<'a>(&'a [Extended<FieldElement>]);

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl Op for BuildOdd<'_> {
    type Output = Box<dyn Any + Send + Sync>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Self::Output {
        Box::new(b.call(OddTables(self.0)))
    }
}

/// The mixed multiplication on a backend (no dynamic terms: empty slices).
struct MixedMul<'a> {
    pre: &'a VartimePrecomputedMultiscalar,
    static_nafs: &'a [[i8; 256]],
    dynamic_nafs: &'a [[i8; 256]],
    dynamic_points: &'a [Extended<FieldElement>],
}

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl Op for MixedMul<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let mut dynamic = Vec::with_capacity(self.dynamic_points.len());
        for p in self.dynamic_points {
            dynamic.push(naf_table(b, &b.from_point(p)));
        }
        // Another backend's tables (see the module docs): this backend's, built for
        // this call. One call of the loop below for both cases (each call site is a
        // copy of it, with every formula inlined, per backend).
        let built;
        let tables = match self.pre.tables.downcast_ref::<Vec<[B::Affine; 64]>>() {
            Some(tables) => tables,
            None => {
                built = b.call(OddTables(&self.pre.points));
                &built
            }
        };
        b.to_point(&interleaved(
            b,
            self.static_nafs,
            tables,
            self.dynamic_nafs,
            &dynamic,
        ))
    }
}

/// The width-`w` NAFs of the scalars (variable time, for public scalars).
fn nafs(scalars: &[Scalar], w: usize) -> Vec<[i8; 256]> {
    scalars
        .iter()
        .map(|s| s.vartime_non_adjacent_form(w))
        .collect()
}

/// The scalars, collected.
fn collect_scalars<I>(scalars: I) -> Vec<Scalar>
where
    I: IntoIterator<Item: Borrow<Scalar>>,
{
    scalars.into_iter().map(|s| *s.borrow()).collect()
}

/// From this many static points on, [`VartimePrecomputedMultiscalar`] keeps no tables
/// ([`NoTables`]) and its sums are the plain variable-time sum
/// ([`Point::vartime_multiscalar_mul`], Pippenger's method at this size), which tables
/// this large (12 KiB a point, beyond the caches) no longer beat. From the development
/// timing loops (`tests::timing`, `tests::large_timing`: the plain sum over the tables'
/// Straus, best of 9 or 15 alternating rounds, cargo's default release build, the Intel
/// Xeon reporting model 167): on the eight-lane IFMA engine 1.09 at 512 points, 0.88 at
/// 1024 and 0.64 at 2048; with the AVX2 backend forced 1.24 at 512, 1.00 at 768, 0.85 at
/// 1024 and 0.44 at 2048.
const NO_TABLES_FROM: usize = 768;

/// The tables of a [`VartimePrecomputedMultiscalar`] of [`NO_TABLES_FROM`] points or
/// more: none.
struct NoTables;

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl VartimePrecomputedMultiscalar {
    /// The tables for `static_points` (anything iterable whose items borrow as
    /// [`Point`]), in the representation of the fastest point backend this CPU runs:
    /// a doubling and 63 additions per point, and one inversion for all of them where
    /// the tables are affine. From 768 points on it builds none: sums of that size run
    /// faster without them (Pippenger's method, as [`Point::vartime_multiscalar_mul`]).
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar, VartimePrecomputedMultiscalar};
    ///
    /// let (a, b) = (Point::mul_base(&Scalar::from(2u8)), Point::mul_base(&Scalar::from(3u8)));
    /// let pre = VartimePrecomputedMultiscalar::new([a, b]);
    /// let s = [Scalar::from(10u8), Scalar::from(100u8)];
    /// // 10·2B + 100·3B = 320·B.
    /// assert_eq!(pre.vartime_multiscalar_mul(&s), Point::mul_base(&Scalar::from(320u16)));
    /// ```
    pub fn new<I>(static_points: I) -> Self
    where
        I: IntoIterator,
        I::Item: Borrow<Point>,
    {
        Self::from_points(static_points.into_iter().map(|p| p.borrow().0).collect())
    }

    // `new` and `vartime_mixed_multiscalar_mul` only collect their inputs and call these,
    // which are not generic, so a caller's iterator types add no copy of the tables and
    // the multiplication. These are `#[inline]` and the operations (one copy per
    // backend) generic, so they are compiled in the crate that calls them, once, and not
    // in a program that never does (docs/backends.md, "Build cost").

    /// [`VartimePrecomputedMultiscalar::new`] on collected points.
    #[inline]
    fn from_points(points: Vec<Extended<FieldElement>>) -> Self {
        if points.len() >= NO_TABLES_FROM {
            return VartimePrecomputedMultiscalar {
                points,
                tables: Box::new(NoTables),
            };
        }
        #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
        if let Some(rows) = straus8::precomputed_rows(&points) {
            return VartimePrecomputedMultiscalar {
                points,
                tables: Box::new(rows),
            };
        }
        let tables = dispatch::run(BuildOdd(&points));
        VartimePrecomputedMultiscalar { points, tables }
    }

    /// [`VartimePrecomputedMultiscalar::vartime_mixed_multiscalar_mul`] on collected
    /// inputs (and [`VartimePrecomputedMultiscalar::vartime_multiscalar_mul`], with no
    /// dynamic terms).
    #[inline]
    fn mixed_mul(
        &self,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[Extended<FieldElement>],
    ) -> Point {
        assert!(
            static_scalars.len() == self.points.len()
                && dynamic_scalars.len() == dynamic_points.len(),
            "{}",
            LENGTH_MISMATCH
        );
        if self.tables.is::<NoTables>() {
            let scalars = [static_scalars, dynamic_scalars].concat();
            let points = [&self.points[..], dynamic_points].concat();
            return vartime_multiscalar(&scalars, &points);
        }
        let static_nafs = nafs(static_scalars, 8);
        let dynamic_nafs = nafs(dynamic_scalars, 5);
        #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
        if let Some(wide) = self.tables.downcast_ref::<straus::WideRows>()
            && let Some(sum) =
                straus8::vartime_mul_wide(wide, &static_nafs, &dynamic_nafs, dynamic_points)
        {
            return Point(sum);
        }
        Point(dispatch::run(MixedMul {
            pre: self,
            static_nafs: &static_nafs,
            dynamic_nafs: &dynamic_nafs,
            dynamic_points,
        }))
    }

    /// The number of static points.
    ///
    /// ```
    /// use edwards25519_group::{Point, VartimePrecomputedMultiscalar};
    ///
    /// let pre = VartimePrecomputedMultiscalar::new([Point::GENERATOR, Point::IDENTITY]);
    /// assert_eq!(pre.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there are no static points.
    ///
    /// ```
    /// use edwards25519_group::{Point, VartimePrecomputedMultiscalar};
    ///
    /// assert!(VartimePrecomputedMultiscalar::new(Vec::<Point>::new()).is_empty());
    /// assert!(!VartimePrecomputedMultiscalar::new([Point::GENERATOR]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Σ sᵢ·Pᵢ over the static points.
    ///
    /// Execution time depends on the inputs.
    ///
    /// # Panics
    ///
    /// If `static_scalars` does not yield exactly one scalar per static point, with the
    /// message "multiscalar multiplication: scalars and points have different lengths".
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar, VartimePrecomputedMultiscalar};
    ///
    /// let points = [Point::GENERATOR, Point::GENERATOR.double()];
    /// let pre = VartimePrecomputedMultiscalar::new(&points);
    /// let s = [Scalar::from(5u8), Scalar::from(7u8)];
    /// assert_eq!(pre.vartime_multiscalar_mul(&s), Point::vartime_multiscalar_mul(&s, &points));
    /// ```
    pub fn vartime_multiscalar_mul<I>(&self, static_scalars: I) -> Point
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
    {
        let static_scalars = collect_scalars(static_scalars);
        self.mixed_mul(&static_scalars, &[], &[])
    }

    /// Σ sᵢ·Pᵢ over the static points plus Σ tₖ·Qₖ over points given now (with per-call
    /// width-5 tables, as [`Point::vartime_multiscalar_mul`]'s Straus).
    ///
    /// Execution time depends on the inputs.
    ///
    /// # Panics
    ///
    /// If `static_scalars` does not yield one scalar per static point, or
    /// `dynamic_scalars` and `dynamic_points` yield different numbers of items, with
    /// the message "multiscalar multiplication: scalars and points have different
    /// lengths".
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar, VartimePrecomputedMultiscalar};
    ///
    /// let b = Point::GENERATOR;
    /// let pre = VartimePrecomputedMultiscalar::new([b]);
    /// let q = b.double();
    /// // 5·B (static) + 7·2B (given now) = 19·B.
    /// let sum = pre.vartime_mixed_multiscalar_mul([Scalar::from(5u8)], [Scalar::from(7u8)], [q]);
    /// assert_eq!(sum, Point::mul_base(&Scalar::from(19u8)));
    /// ```
    pub fn vartime_mixed_multiscalar_mul<I, J, K>(
        &self,
        static_scalars: I,
        dynamic_scalars: J,
        dynamic_points: K,
    ) -> Point
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<Scalar>,
        K: IntoIterator,
        K::Item: Borrow<Point>,
    {
        let static_scalars = collect_scalars(static_scalars);
        let dynamic_scalars = collect_scalars(dynamic_scalars);
        let dynamic_points: Vec<Extended<FieldElement>> =
            dynamic_points.into_iter().map(|p| p.borrow().0).collect();
        self.mixed_mul(&static_scalars, &dynamic_scalars, &dynamic_points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(i: u32) -> Scalar {
        let mut wide = [0u8; 64];
        for (k, w) in wide.iter_mut().enumerate() {
            *w = (i
                .wrapping_mul(2_654_435_761)
                .wrapping_add(k as u32 * 40_503)
                >> 7) as u8;
        }
        Scalar::from_bytes_mod_order_wide(&wide)
    }

    /// A table's product equals the variable-base one, for edge and random scalars and
    /// for points with torsion; and ScalarBaseMult through a table of B.
    #[test]
    fn fixed_base_table_agrees() {
        let t4 = crate::point::order_four_point();
        let points = [
            Point::GENERATOR,
            Point::IDENTITY,
            t4,
            Point::mul_base(&scalar(1)) + t4,
            Point::mul_base(&scalar(2)),
        ];
        let mut scalars = alloc::vec![Scalar::ZERO, Scalar::ONE, -Scalar::ONE];
        scalars.extend((10..40).map(scalar));
        for p in &points {
            let table = FixedBaseTable::new(p);
            for s in &scalars {
                assert_eq!(table.mul(s), p * s);
            }
        }
        let table = FixedBaseTable::new(&Point::GENERATOR);
        for s in &scalars {
            assert_eq!(table.mul(s), Point::mul_base(s));
        }
    }

    /// The precomputed multiscalar equals the plain one, static only and mixed, for
    /// 0 to 40 static terms.
    #[test]
    fn precomputed_multiscalar_agrees() {
        for n in [0usize, 1, 2, 5, 17, 40] {
            let pts: Vec<Point> = (0..n as u32)
                .map(|i| Point::mul_base(&scalar(i + 100)))
                .collect();
            let pre = VartimePrecomputedMultiscalar::new(&pts);
            assert_eq!(pre.len(), n);
            let s: Vec<Scalar> = (0..n as u32).map(|i| scalar(i + 200)).collect();
            assert_eq!(
                pre.vartime_multiscalar_mul(&s),
                Point::vartime_multiscalar_mul(&s, &pts)
            );
            let dyn_s: Vec<Scalar> = (0..3).map(|i| scalar(i + 300)).collect();
            let dyn_p: Vec<Point> = (0..3).map(|i| Point::mul_base(&scalar(i + 400))).collect();
            let want = Point::vartime_multiscalar_mul(&s, &pts)
                + Point::vartime_multiscalar_mul(&dyn_s, &dyn_p);
            assert_eq!(pre.vartime_mixed_multiscalar_mul(&s, &dyn_s, &dyn_p), want);
        }
    }

    /// The fallback paths (a table from another backend) compute the same results.
    #[test]
    fn fallback_paths_agree() {
        let p = Point::mul_base(&scalar(7));
        let table = FixedBaseTable {
            point: p,
            rows: Box::new(0u8),
        };
        for i in 0..10 {
            assert_eq!(table.mul(&scalar(i)), p * scalar(i));
        }
        let pts: Vec<Point> = (0..4).map(|i| Point::mul_base(&scalar(i + 50))).collect();
        let pre = VartimePrecomputedMultiscalar {
            points: pts.iter().map(|q| q.0).collect(),
            tables: Box::new(0u8),
        };
        let s: Vec<Scalar> = (0..4).map(|i| scalar(i + 60)).collect();
        assert_eq!(
            pre.vartime_multiscalar_mul(&s),
            Point::vartime_multiscalar_mul(&s, &pts)
        );
    }

    /// Both tables built and used on the IFMA instruction model (any CPU), against the
    /// selected backend's products.
    #[cfg(edwards25519_vector)]
    #[test]
    fn ifma_model_tables_agree() {
        tables_agree(crate::backend::vector::ifma::model::backend());
        tables_agree(crate::backend::vector::ifma52::model_backend());
    }

    /// [`MixedMul`] with static terms only, on backend `b`.
    #[cfg(edwards25519_vector)]
    fn static_only<B: PointBackend>(
        b: B,
        pre: &VartimePrecomputedMultiscalar,
        nafs: &[[i8; 256]],
    ) -> Extended<FieldElement> {
        MixedMul {
            pre,
            static_nafs: nafs,
            dynamic_nafs: &[],
            dynamic_points: &[],
        }
        .run(b)
    }

    #[cfg(edwards25519_vector)]
    fn tables_agree<B: PointBackend>(b: B) {
        let p = Point::mul_base(&scalar(3));
        let table = FixedBaseTable {
            point: p,
            rows: BuildRows(&p.0).run(b),
        };
        for i in 0..20 {
            let digits = scalar(i).as_radix_16();
            let got = TableWalk {
                digits: &digits,
                rows: Some(&*table.rows),
            }
            .run(b);
            // The table is this backend's: found, and the walk over it is right.
            assert_eq!(got.map(Point), Some(p * scalar(i)));
        }
        let pts: Vec<Point> = (0..6).map(|i| Point::mul_base(&scalar(i + 70))).collect();
        let ext: Vec<Extended<FieldElement>> = pts.iter().map(|q| q.0).collect();
        let pre = VartimePrecomputedMultiscalar {
            tables: BuildOdd(&ext).run(b),
            points: ext,
        };
        let s: Vec<Scalar> = (0..6).map(|i| scalar(i + 80)).collect();
        let nafs: Vec<[i8; 256]> = s.iter().map(|x| x.vartime_non_adjacent_form(8)).collect();
        let want = Point::vartime_multiscalar_mul(&s, &pts);
        assert_eq!(Point(static_only(b, &pre, &nafs)), want);
    }

    /// From `NO_TABLES_FROM` points on no tables, below it tables; the same sums
    /// either way.
    #[test]
    fn no_tables_from_the_threshold() {
        let pts: Vec<Point> = (0..NO_TABLES_FROM as u32)
            .map(|i| Point::mul_base(&scalar(i + 500)))
            .collect();
        let s: Vec<Scalar> = (0..NO_TABLES_FROM as u32)
            .map(|i| scalar(i + 3000))
            .collect();
        let dyn_s: Vec<Scalar> = (0..3).map(|i| scalar(i + 90)).collect();
        let dyn_p: Vec<Point> = (0..3).map(|i| Point::mul_base(&scalar(i + 95))).collect();
        for n in [NO_TABLES_FROM - 1, NO_TABLES_FROM] {
            let pre = VartimePrecomputedMultiscalar::new(&pts[..n]);
            assert_eq!(pre.tables.is::<NoTables>(), n >= NO_TABLES_FROM, "n = {n}");
            let plain = Point::vartime_multiscalar_mul(&s[..n], &pts[..n]);
            assert_eq!(pre.vartime_multiscalar_mul(&s[..n]), plain, "n = {n}");
            let mixed = pre.vartime_mixed_multiscalar_mul(&s[..n], &dyn_s, &dyn_p);
            assert_eq!(
                mixed,
                plain + Point::vartime_multiscalar_mul(&dyn_s, &dyn_p),
                "n = {n}"
            );
        }
    }

    /// The timing loops' inputs: n points (and their extended forms) and n scalars.
    fn timing_inputs(n: usize) -> (Vec<Point>, Vec<Extended<FieldElement>>, Vec<Scalar>) {
        let pts: Vec<Point> = (0..n as u32).map(|i| Point::mul_base(&scalar(i))).collect();
        let ext = pts.iter().map(|q| q.0).collect();
        let s = (0..n as u32).map(|i| scalar(i + 1000)).collect();
        (pts, ext, s)
    }

    /// Each of `runs`' best time in µs over `rounds` rounds, the runs alternating in
    /// each round.
    fn best_alternating<const K: usize>(rounds: usize, runs: [&dyn Fn() -> Point; K]) -> [f64; K] {
        extern crate std;
        let mut best = [u128::MAX; K];
        for _ in 0..rounds {
            for (b, run) in best.iter_mut().zip(runs) {
                let t = std::time::Instant::now();
                core::hint::black_box(run());
                *b = (*b).min(t.elapsed().as_nanos());
            }
        }
        best.map(|b| b as f64 / 1e3)
    }

    /// Development timing (not a benchmark): the eight-lane engine's tables over the
    /// dispatched backend's, and the plain sum (no tables kept) over the eight-lane
    /// tables, static terms only, best of 15 alternating rounds.
    /// `cargo test --release -p edwards25519-group --lib precomputed::tests::timing --
    /// --ignored --nocapture`.
    #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
    #[test]
    #[ignore]
    fn timing() {
        extern crate std;
        for n in [4usize, 8, 12, 16, 24, 32, 48, 64, 128, 256, 512, 1024, 2048] {
            let (pts, ext, s) = timing_inputs(n);
            let Some(rows) = straus8::wide_rows(&ext) else {
                return;
            };
            let eight = VartimePrecomputedMultiscalar {
                tables: Box::new(rows),
                points: ext.clone(),
            };
            let four = VartimePrecomputedMultiscalar {
                tables: dispatch::run(BuildOdd(&ext)),
                points: ext,
            };
            let [a, b, c] = best_alternating(
                15,
                [
                    &|| eight.vartime_multiscalar_mul(&s),
                    &|| four.vartime_multiscalar_mul(&s),
                    &|| Point::vartime_multiscalar_mul(&s, &pts),
                ],
            );
            std::println!(
                "n = {n:4}: eight-lane {a:8.1} µs, dispatched {b:8.1} µs ({:.3}), plain {c:8.1} µs ({:.3})",
                a / b,
                c / a
            );
        }
    }

    /// Development timing: the dispatched backend's tables against the plain sum at
    /// large sizes. `cargo test --release -p edwards25519-group --lib
    /// precomputed::tests::large_timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn large_timing() {
        extern crate std;
        for n in [128usize, 256, 384, 512, 768, 1024, 2048] {
            let (pts, ext, s) = timing_inputs(n);
            let pre = VartimePrecomputedMultiscalar {
                tables: dispatch::run(BuildOdd(&ext)),
                points: ext,
            };
            let [a, c] = best_alternating(
                9,
                [&|| pre.vartime_multiscalar_mul(&s), &|| {
                    Point::vartime_multiscalar_mul(&s, &pts)
                }],
            );
            std::println!(
                "n = {n:4}: tables {a:8.1} µs, plain {c:8.1} µs ({:.3})",
                c / a
            );
        }
    }

    #[test]
    #[should_panic(expected = "scalars and points have different lengths")]
    fn length_mismatch_panics() {
        let pre = VartimePrecomputedMultiscalar::new([Point::GENERATOR]);
        let _ = pre.vartime_multiscalar_mul([Scalar::ONE, Scalar::ONE]);
    }
}
