//! Multiscalar multiplication Σ sᵢ·Pᵢ: [`Point::multiscalar_mul`] (constant time, Straus)
//! and [`Point::vartime_multiscalar_mul`] (Straus for few terms, Pippenger for many).

use alloc::vec::Vec;
use core::borrow::Borrow;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::Point;
use crate::backend::dispatch;
use crate::backend::{Op, PointBackend};
use crate::models::Extended;
use crate::scalar_mul::{pippenger, straus};

/// The points in backend `b`'s representation (a loop, not an iterator closure: see
/// `scalar_mul`).
#[inline(always)]
fn convert_points<B: PointBackend>(b: B, points: &[Extended<FieldElement>]) -> Vec<B::Point> {
    let mut out = Vec::with_capacity(points.len());
    for p in points {
        out.push(b.from_point(p));
    }
    out
}

/// Constant-time Straus as a backend operation.
#[derive(Clone, Copy)]
pub(crate) struct Straus<'a> {
    pub(crate) digits: &'a [[i8; 64]],
    pub(crate) points: &'a [Extended<FieldElement>],
}

impl Op for Straus<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let pts = convert_points(b, self.points);
        b.to_point(&straus::mul(b, self.digits, &pts))
    }
}

/// Variable-time multiscalar multiplication (Straus or Pippenger by the number of
/// terms) as a backend operation: [`VartimeStraus`] or [`VartimePippenger`], for the
/// tests and the fuzz hook, which run it on every backend. The public path runs the two
/// apart (see [`vartime_multiscalar`]).
#[cfg(any(test, feature = "fuzzing"))]
#[derive(Clone, Copy)]
pub(crate) struct VartimeMultiscalar<'a> {
    pub(crate) scalars: &'a [Scalar],
    pub(crate) points: &'a [Extended<FieldElement>],
}

#[cfg(any(test, feature = "fuzzing"))]
impl Op for VartimeMultiscalar<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        if self.scalars.len() < PIPPENGER_THRESHOLD {
            VartimeStraus(self.scalars, self.points).run(b)
        } else {
            VartimePippenger(self.scalars, self.points).run(b)
        }
    }
}

/// Variable-time Straus (below [`PIPPENGER_THRESHOLD`] terms) as a backend operation.
#[derive(Clone, Copy)]
struct VartimeStraus<'a>(&'a [Scalar], &'a [Extended<FieldElement>]);

impl Op for VartimeStraus<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        let nafs: Vec<[i8; 256]> = self
            .0
            .iter()
            .map(|s| s.vartime_non_adjacent_form(5))
            .collect();
        let pts = convert_points(b, self.1);
        b.to_point(&straus::vartime_mul(b, &nafs, &pts))
    }
}

/// Variable-time Pippenger (from [`PIPPENGER_THRESHOLD`] terms on) as a backend
/// operation.
#[derive(Clone, Copy)]
struct VartimePippenger<'a>(&'a [Scalar], &'a [Extended<FieldElement>]);

impl Op for VartimePippenger<'_> {
    type Output = Extended<FieldElement>;
    #[inline(always)]
    fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
        b.to_point(&pippenger::vartime_mul(b, self.0, self.1))
    }
}

/// From this many terms on, [`Point::vartime_multiscalar_mul`] uses Pippenger instead of
/// Straus.
///
/// Field-operation counts (see `pippenger::window_bits`): Straus costs a flat ~415
/// multiplications per term, Pippenger with c = 6 432 at 192 terms and 399 at 256, so
/// the crossover is between 192 and 256 terms. Timed alternately on the serial MULX/ADX
/// backend (release build, random terms), Pippenger over Straus was 1.38 at 192 terms,
/// 0.98 at 256 and 0.63 at 512; on the portable backend 0.99, 0.86 and 0.78. The
/// `VarTimeMultiScalarMult` benchmarks re-measure it.
const PIPPENGER_THRESHOLD: usize = 256;

// `vartime_multiscalar` leaves Pippenger to the eight-lane engine wherever that runs.
#[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
const _: () = assert!(crate::scalar_mul::pippenger8::THRESHOLD <= PIPPENGER_THRESHOLD);

/// The panic message for scalars and points of different lengths.
const LENGTH_MISMATCH: &str =
    "multiscalar multiplication: scalars and points have different lengths";

/// Collects the points, in the portable representation (converted per backend later).
fn collect_points<J>(points: J) -> Vec<Extended<FieldElement>>
where
    J: IntoIterator,
    J::Item: Borrow<Point>,
{
    points.into_iter().map(|p| p.borrow().0).collect()
}

// The generic entry points below only collect their inputs and call these, which are not
// generic, so the iterator types of a caller add no copy of the algorithms. These are
// `#[inline]` and the algorithms (one copy per backend) generic, so they are compiled in
// the crate that calls them, once, and not in a program that never does
// (docs/backends.md, "Build cost").

/// [`Point::multiscalar_mul`] on collected inputs.
#[inline]
fn straus(digits: &[[i8; 64]], points: &[Extended<FieldElement>]) -> Extended<FieldElement> {
    dispatch::run(Straus { digits, points })
}

/// [`Point::vartime_multiscalar_mul`] on collected inputs: on CPUs with AVX-512 IFMA
/// the eight-lane engine's Pippenger from its crossover (`pippenger8`) and its Straus
/// below it down to `straus8::MIN_TERMS`, else the dispatched backend.
///
/// Always inlined: with a second caller (`VartimePrecomputedMultiscalar`'s sums without
/// tables), cargo's default profile stopped inlining it into the public sum, which then
/// took 1.04 of the time at 64 terms (`scripts/before_after.sh --default`).
#[inline(always)]
pub(crate) fn vartime_multiscalar(scalars: &[Scalar], points: &[Extended<FieldElement>]) -> Point {
    #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
    if scalars.len() >= crate::scalar_mul::pippenger8::THRESHOLD
        && let Some(sum) = crate::scalar_mul::pippenger8::vartime_mul(scalars, points)
    {
        return Point(sum);
    }
    #[cfg(all(edwards25519_vector, not(edwards25519_backend = "avx2")))]
    if (crate::scalar_mul::straus8::MIN_TERMS..crate::scalar_mul::pippenger8::THRESHOLD)
        .contains(&scalars.len())
        && let Some(sum) = crate::scalar_mul::straus8::vartime_mul(scalars, points)
    {
        return Point(sum);
    }
    if scalars.len() < PIPPENGER_THRESHOLD {
        Point(dispatch::run(VartimeStraus(scalars, points)))
    } else {
        // Where the four-lane IFMA backend runs, so does the eight-lane engine, which
        // took every sum of this size above: that backend's copy would never run.
        Point(dispatch::run_without_ifma(VartimePippenger(
            scalars, points,
        )))
    }
}

/// [`straus()`] on the digits of (possibly secret) scalars, then the digits wiped.
#[inline]
fn straus_and_wipe(mut digits: Vec<[i8; 64]>, points: Vec<Extended<FieldElement>>) -> Point {
    assert!(digits.len() == points.len(), "{}", LENGTH_MISMATCH);
    let result = straus(&digits, &points);
    #[cfg(feature = "zeroize")]
    digits.iter_mut().for_each(zeroize::Zeroize::zeroize);
    #[cfg(not(feature = "zeroize"))]
    let _ = &mut digits;
    Point(result)
}

#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
impl Point {
    /// Σ sᵢ·Pᵢ over the pairs of `scalars` and `points`, in constant time (Straus with
    /// signed radix-16 digits and constant-time table lookups): safe for secret scalars.
    /// The points, and the number of terms, are not treated as secret.
    ///
    /// `scalars` and `points` are anything iterable whose items borrow as [`Scalar`] and
    /// [`Point`]: slices, `Vec`s, arrays, iterators (filtered ones too; the lengths are
    /// counted after collecting, size hints are not trusted). Zero terms give the
    /// identity.
    ///
    /// # Panics
    ///
    /// If `scalars` and `points` yield different numbers of items, with the message
    /// "multiscalar multiplication: scalars and points have different lengths".
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let a = Scalar::from_bytes_mod_order([3; 32]);
    /// let b = Scalar::from_bytes_mod_order([5; 32]);
    /// let p = Point::GENERATOR.double();
    /// let sum = Point::multiscalar_mul([a, b], [Point::GENERATOR, p]);
    /// assert_eq!(sum, Point::mul_base(&a) + &p * &b);
    /// ```
    pub fn multiscalar_mul<I, J>(scalars: I, points: J) -> Point
    where
        I: IntoIterator<Item: Borrow<Scalar>>,
        J: IntoIterator<Item: Borrow<Point>>,
    {
        // Only the digits of the (possibly secret) scalars are kept.
        let digits: Vec<[i8; 64]> = scalars
            .into_iter()
            .map(|s| s.borrow().as_radix_16())
            .collect();
        straus_and_wipe(digits, collect_points(points))
    }

    /// Σ nᵢ·Pᵢ for little-endian integers nᵢ below 2^255 (bit 255 of each cleared), not
    /// reduced mod l: the multiscalar form of [`Point::mul_unreduced`], for
    /// curve25519-dalek's `Scalar::from_bits`. On torsion-free points it equals
    /// [`Point::multiscalar_mul`] of the residues; a small-order component is multiplied
    /// by the integer. Constant time, as [`Point::multiscalar_mul`]: the same Straus on
    /// signed radix-16 digits, which cover any integer below 2^255 (the top digit is at
    /// most 8, within the tables of 1·P … 8·P).
    ///
    /// # Panics
    ///
    /// As [`Point::multiscalar_mul`], if the two inputs have different lengths.
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let p = Point::mul_base(&Scalar::from(5u8)) + Point::EIGHT_TORSION[1];
    /// let q = Point::GENERATOR;
    /// let (a, b) = ([0xffu8; 32], [0x21u8; 32]);
    /// let sum = Point::multiscalar_mul_unreduced([a, b], [p, q]);
    /// assert_eq!(sum, p.mul_unreduced(&a) + q.mul_unreduced(&b));
    /// ```
    pub fn multiscalar_mul_unreduced<I, J>(scalars: I, points: J) -> Point
    where
        I: IntoIterator<Item: Borrow<[u8; 32]>>,
        J: IntoIterator<Item: Borrow<Point>>,
    {
        let digits: Vec<[i8; 64]> = scalars
            .into_iter()
            .map(|n| {
                let mut n = *n.borrow();
                n[31] &= 0x7f;
                let d = edwards25519_scalar::signed_radix_16(&n);
                #[cfg(feature = "zeroize")]
                zeroize::Zeroize::zeroize(&mut n);
                d
            })
            .collect();
        straus_and_wipe(digits, collect_points(points))
    }

    /// Σ sᵢ·Pᵢ over the pairs of `scalars` and `points`, for public inputs (batch
    /// signature verification): Straus with width-5 NAF digits below a measured
    /// crossover, Pippenger's bucket method from there on.
    ///
    /// Execution time depends on the inputs.
    ///
    /// Accepts the same inputs as [`Point::multiscalar_mul`]; zero terms give the
    /// identity.
    ///
    /// # Panics
    ///
    /// If `scalars` and `points` yield different numbers of items, with the message
    /// "multiscalar multiplication: scalars and points have different lengths".
    ///
    /// ```
    /// use edwards25519_group::{Point, Scalar};
    ///
    /// let s: Vec<Scalar> = (1u8..=4).map(|i| Scalar::from_bytes_mod_order([i; 32])).collect();
    /// let p: Vec<Point> = s.iter().map(|k| Point::mul_base(&k.invert())).collect();
    /// // Σ sᵢ·(sᵢ⁻¹·B) = 4·B
    /// let sum = Point::vartime_multiscalar_mul(&s, &p);
    /// assert_eq!(sum, Point::GENERATOR.double().double());
    /// ```
    pub fn vartime_multiscalar_mul<I, J>(scalars: I, points: J) -> Point
    where
        I: IntoIterator<Item: Borrow<Scalar>>,
        J: IntoIterator<Item: Borrow<Point>>,
    {
        let scalars: Vec<Scalar> = scalars.into_iter().map(|s| *s.borrow()).collect();
        let points = collect_points(points);
        assert!(scalars.len() == points.len(), "{}", LENGTH_MISMATCH);
        vartime_multiscalar(&scalars, &points)
    }
}
