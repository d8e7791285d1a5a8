//! The seam between the algorithms and the backends: [`PointBackend`] (point arithmetic
//! in one representation) and [`Op`] (a top-level operation written once over it).
//! Below both sides: it imports only the portable point models.

use edwards25519_field::FieldElement;

#[cfg(feature = "alloc")]
use crate::models::AffineCached;
use crate::models::Extended;

/// Point arithmetic in one representation. Every method is constant time except where
/// it says otherwise; `self` is a (zero-sized) proof that this backend can run here.
// `from_point` takes that proof as `self` too.
#[allow(clippy::wrong_self_convention)]
pub(crate) trait PointBackend: Copy {
    /// An extended point (X : Y : Z : T), the left operand of an addition.
    type Point: Copy;
    /// The result of an addition or a doubling before it is put back in extended
    /// form (the serial backend's completed "P1xP1" point; the vector backend needs no
    /// such step and uses its extended point).
    type Sum: Copy;
    /// A point prepared as an addend.
    type Cached: Copy;
    /// An addend with Z = 1 (the base point tables, Pippenger's points). `Send + Sync +
    /// 'static` so that a table of them can live in a precomputed object
    /// (`crate::scalar_mul::precomputed`).
    type Affine: Copy + Send + Sync + 'static;

    /// From the portable representation.
    fn from_point(self, p: &Extended<FieldElement>) -> Self::Point;
    /// To the portable representation.
    fn to_point(self, p: &Self::Point) -> Extended<FieldElement>;
    /// The neutral element.
    fn identity(self) -> Self::Point;
    /// p as an addend.
    fn to_cached(self, p: &Self::Point) -> Self::Cached;
    /// p + q.
    fn add(self, p: &Self::Point, q: &Self::Cached) -> Self::Sum;
    /// p - q.
    fn sub(self, p: &Self::Point, q: &Self::Cached) -> Self::Sum;
    /// p + q for an affine q.
    fn add_affine(self, p: &Self::Point, q: &Self::Affine) -> Self::Sum;
    /// p - q if `negative`, else p + q: for the variable-time loops (the sign is
    /// public), where a backend may compile one formula for both signs. The default
    /// branches to [`PointBackend::sub`] or [`PointBackend::add`].
    #[inline(always)]
    fn add_signed(self, p: &Self::Point, q: &Self::Cached, negative: bool) -> Self::Sum {
        if negative {
            self.sub(p, q)
        } else {
            self.add(p, q)
        }
    }
    /// [`PointBackend::add_signed`] for an affine q.
    #[inline(always)]
    fn add_signed_affine(self, p: &Self::Point, q: &Self::Affine, negative: bool) -> Self::Sum {
        if negative {
            self.sub_affine(p, q)
        } else {
            self.add_affine(p, q)
        }
    }
    /// p - q for an affine q.
    fn sub_affine(self, p: &Self::Point, q: &Self::Affine) -> Self::Sum;
    /// 2·p.
    fn double_point(self, p: &Self::Point) -> Self::Sum;
    /// 2·s, for a sum straight out of an addition or doubling (chains of doublings
    /// stay in the cheapest form).
    fn double(self, s: &Self::Sum) -> Self::Sum;
    /// A sum back in extended form, ready for an addition.
    fn to_extended(self, s: &Self::Sum) -> Self::Point;
    /// `digit`·P from `table[j] = (j + 1)·P`, digit in [-8, 8]: a full scan of the
    /// table and a conditional negation, in constant time.
    fn select(self, table: &[Self::Cached; 8], digit: i8) -> Self::Cached;
    /// [`PointBackend::select`] over affine addends.
    fn select_affine(self, table: &[Self::Affine; 8], digit: i8) -> Self::Affine;
    /// (Σᵢ `digits[2i + 1]`·Pᵢ, Σᵢ `digits[2i]`·Pᵢ) where `table[i][j]` = (j + 1)·Pᵢ
    /// (i < 32, digits in [-8, 8]): the two halves of the fixed-base walk
    /// (`crate::scalar_mul::fixed_base`), where the backend has its own constant-time
    /// code for them; `None` (the default) where the walk's generic loop over
    /// [`PointBackend::select_affine`] and [`PointBackend::add_affine`] is the code.
    #[inline(always)]
    fn sum_digits(
        self,
        _table: &[[Self::Affine; 8]; 32],
        _digits: &[i8; 64],
    ) -> Option<(Self::Point, Self::Point)> {
        None
    }
    /// The ScalarBaseMult table (`crate::tables::BASE_TABLE`) in this representation.
    fn base_table(self) -> &'static [[Self::Affine; 8]; 32];
    /// The odd multiples of B (`crate::tables::ODD_BASE_MULTIPLES`) in this
    /// representation.
    fn odd_base_multiples(self) -> &'static [Self::Affine; 64];
    /// The odd multiples of 2^128·B (`crate::tables::ODD_BASE_128_MULTIPLES`) in this
    /// representation.
    fn odd_base_128_multiples(self) -> &'static [Self::Affine; 64];
    /// A portable affine addend in this representation.
    #[cfg(feature = "alloc")]
    fn affine(self, a: &AffineCached<FieldElement>) -> Self::Affine;
    /// The points as affine addends, for Pippenger (the serial backend shares one
    /// inversion over all of them; the vector one gains nothing from Z = 1).
    #[cfg(feature = "alloc")]
    fn affine_addends(self, points: &[Extended<FieldElement>]) -> alloc::vec::Vec<Self::Affine>;
    /// Runs `routine` on this backend as a function of its own, not inlined into the
    /// operation that calls it: one copy per backend and routine type, shared by every
    /// operation that calls it (see [`Routine`]). The default inlines it.
    #[inline(always)]
    fn call<R: Routine<Self>>(self, routine: R) -> R::Output {
        routine.run(self)
    }
}

/// A part of several operations (a point's table of multiples, the precomputed odd
/// tables) that a backend compiles once, out of line, through [`PointBackend::call`],
/// instead of once inlined into each operation. Unlike an [`Op`], it works on the
/// backend's own representations, so it is written for one backend type `B` (generic
/// over it).
///
/// Only parts that run once per operation or once per point are routines: the call
/// passes its values through memory (about 15 cycles on a vector point's dependency
/// chain), which a part run once per addition would pay hundreds of times (see
/// `vector::out_of_line`). Even once per point it measured 1-3% on the hottest
/// variable-time paths, which keep theirs inline (`scalar_mul::naf_table_inline`).
pub(crate) trait Routine<B: PointBackend> {
    /// What it returns (in the backend's representation).
    type Output;
    /// Runs on backend `b`. Implementations are `#[inline(always)]`, so the routine
    /// compiles inside the backend's out-of-line function (for a vector backend, one
    /// with its target features on).
    fn run(self, b: B) -> Self::Output;
}

/// A top-level operation (a scalar multiplication), written once for every backend.
pub(crate) trait Op {
    /// What it returns (in the portable representation).
    type Output;
    /// Runs on backend `b`. Implementations are `#[inline(always)]`, so the whole
    /// operation compiles inside each backend's entry point (for the vector backend,
    /// the one function with its target features enabled).
    fn run<B: PointBackend>(self, b: B) -> Self::Output;
}
