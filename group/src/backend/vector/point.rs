//! The point layer of the vector backends, over any [`VectorField`]: X, Y, Z, T of one
//! point in lanes 0…3, and the parallel forms of the extended-coordinate formulas of
//! Hisil, Wong, Carter and Dawson ("Twisted Edwards curves revisited", 2008, section 4),
//! a = -1.
//!
//! Each formula is a linear step (lane permutations, additions, subtractions against a
//! multiple of p), four multiplications in parallel, another linear step and four more
//! multiplications. An addition costs two vector multiplications, a doubling one
//! squaring and one multiplication (two multiplications, E = 2·Z·T instead of
//! (X + Y)² - X² - Y², on the fields that set [`VectorField::DOUBLE_WITH_T`]), where the
//! serial backend spends 8 and 7 field operations. A Z = 1 addend saves nothing here (its lane multiplies in parallel with
//! the others), so affine addends are cached ones with 2·Z = 2.
//!
//! | type | lanes (0 first) | bounds |
//! |---|---|---|
//! | [`Ext4`] | (X, Y, Z, T) | reduced |
//! | [`Cached4`] | (Y-X, Y+X, 2·Z, 2d·T) | mul-ready: reduced (carried where [`VectorField::REDUCED_IS_MUL_READY`] does not hold), lane 3 possibly the field's negation of such a value |
//!
//! **Constant time.** No lane value chooses a branch, an address or a loop bound: the
//! table lookup reads all 8 entries and keeps one through `subtle`'s `Choice`; negation
//! is a permutation and a masked subtraction, computed always.

// Vector points are 160 bytes: conversions take `&self` on purpose.
#![allow(clippy::wrong_self_convention)]

use core::marker::PhantomData;

use edwards25519_field::FieldElement;
use subtle::Choice;

use super::{Cached4, TWO, VectorField, lanes, order};
use crate::backend::{PointBackend, Routine};
use crate::models::{AffineCached, D2, Extended};

/// Proof that this CPU runs the instructions of field `F`; the only way to reach the
/// vector code. Made by the field module's `detect` (or, for a field that executes no
/// special instruction, by anyone).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vector<F> {
    _field: PhantomData<F>,
}

impl<F> Vector<F> {
    /// The token.
    ///
    /// # Safety
    ///
    /// The CPU must support every instruction `F`'s methods execute.
    pub(super) const unsafe fn assume_supported() -> Self {
        Vector {
            _field: PhantomData,
        }
    }
}

/// A point (X : Y : Z : T) in lanes 0…3, reduced.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ext4<F>(F);

/// An affine addend (y+x, y-x, 2d·x·y) as the lanes of a cached one,
/// (y-x, y+x, 2, 2d·x·y), for the field modules' tables.
pub(super) const fn affine_lanes(a: &AffineCached<FieldElement>) -> [&FieldElement; 4] {
    [&a.y_minus_x, &a.y_plus_x, &TWO, &a.xy2d]
}

/// The identity's lanes, (0, 1, 1, 0).
pub(super) const IDENTITY: [&FieldElement; 4] = [
    &FieldElement::ZERO,
    &FieldElement::ONE,
    &FieldElement::ONE,
    &FieldElement::ZERO,
];

/// The identity addend's lanes, (1, 1, 2, 0).
pub(super) const IDENTITY_CACHED: [&FieldElement; 4] = [
    &FieldElement::ONE,
    &FieldElement::ONE,
    &TWO,
    &FieldElement::ZERO,
];

/// The lane factors of [`Ext4::to_cached`]: (Y-X, Y+X, Z, T)·(1, 1, 2, 2d).
pub(super) const CACHED_FACTORS: [&FieldElement; 4] =
    [&FieldElement::ONE, &FieldElement::ONE, &TWO, &D2];

impl<F: VectorField> Ext4<F> {
    /// (Y-X, Y+X, Z, T): the left factors of an addition; wide where the field's
    /// multiplication takes that on its left, else reduced.
    #[inline(always)]
    fn diff_sum(&self) -> F {
        let yyzt = self.0.permute::<{ order(1, 1, 2, 3) }>();
        let xx00 = self
            .0
            .permute::<{ order(0, 0, 2, 3) }>()
            .zero_lanes::<{ lanes(false, false, true, true) }>();
        // (Y - X, Y + X, Z, T): X is reduced.
        let sums = yyzt.add_sub_lanes::<{ lanes(true, false, false, false) }>(&xx00);
        if F::MUL_TAKES_WIDE_LEFT {
            sums
        } else {
            sums.carry()
        }
    }

    /// The addend form: (Y-X, Y+X, Z, T)·(1, 1, 2, 2d). One vector multiplication.
    #[inline(always)]
    pub(super) fn to_cached(&self) -> Cached4<F> {
        let c = self.diff_sum().mul(&F::consts().cached_factors);
        Cached4(if F::REDUCED_IS_MUL_READY {
            c
        } else {
            c.carry()
        })
    }

    /// self + q.
    ///
    /// (Y1-X1, Y1+X1, Z1, T1)·(Y2-X2, Y2+X2, 2·Z2, 2d·T2) = (A, B, D, C), then
    /// [`finish_addition`]. Two vector multiplications.
    #[inline(always)]
    fn add(&self, q: &Cached4<F>) -> Ext4<F> {
        finish_addition(self.diff_sum().mul_folded(&q.0))
    }

    /// 2·self. One vector squaring and one multiplication.
    ///
    /// (X, Y, Z, X+Y)² = (A, B, Z², S); then E = S - A - B (= 2XY), G = B - A,
    /// H = B + A, F = 2Z² - G, and [`finish`]. This is the a = -1 doubling with the
    /// signs of y's numerator and denominator flipped, as in `crate::models`.
    #[inline(always)]
    fn double(&self) -> Ext4<F> {
        if F::DOUBLE_WITH_T {
            return self.double_with_t();
        }
        let xyzx = self.0.permute::<{ order(0, 1, 2, 0) }>();
        let ooo_y = self
            .0
            .permute::<{ order(1, 1, 1, 1) }>()
            .zero_lanes::<{ lanes(true, true, true, false) }>();
        let sums = xyzx.add(&ooo_y);
        let squares = if F::SQUARE_TAKES_SUMS {
            sums.square()
        } else {
            sums.carry().square()
        };

        let a = squares.permute::<{ order(0, 0, 0, 0) }>();
        let b = squares.permute::<{ order(1, 1, 1, 1) }>();
        let h = b.add(&a); // wide
        let g = b.sub(&a); // wide
        let hggh = h.blend::<{ lanes(false, true, true, false) }>(&g);
        // (S, 2·Z², 0, 0): reduced plus reduced, wide.
        let s_zz = squares.permute::<{ order(3, 2, 2, 3) }>();
        let s_2zz = s_zz
            .blend::<{ lanes(false, true, false, false) }>(&s_zz.add(&s_zz))
            .zero_lanes::<{ lanes(false, false, true, true) }>();
        // (S - H, 2·Z² - G, G, H) = (E, F, G, H)
        let efgh = hggh
            .blend::<{ lanes(true, true, false, false) }>(&s_2zz.add(&hggh.neg_wide()))
            .carry();
        finish(&efgh)
    }

    /// 2·self as [`Ext4::double`], with E = 2XY taken as 2·Z·T (X·Y = Z·T on every
    /// extended point, so E is the same field element): (X, Y, Z, Z)·(X, Y, Z, T) =
    /// (A, B, Z², Z·T), then G = B - A, H = B + A, F = 2Z² - G and [`finish`]. One vector
    /// multiplication in place of the squaring, and no carry before it: both factors
    /// are reduced, which [`VectorField::DOUBLE_WITH_T`] fields take as mul-ready.
    #[inline(always)]
    fn double_with_t(&self) -> Ext4<F> {
        // (A, B, C, D) = (X², Y², Z², Z·T), folded: the linear step carries.
        let products = self
            .0
            .permute::<{ order(0, 1, 2, 2) }>()
            .mul_folded(&self.0);
        finish_egfh(&products.double_egfh())
    }
}

/// From (A, B, D, C) (folded, [`VectorField::mul_folded`]) to (E, G, F, H) =
/// (B-A, D+C, D-C, B+A), then [`finish_egfh`].
#[inline(always)]
fn finish_addition<F: VectorField>(abdc: F) -> Ext4<F> {
    let bddb = abdc.permute::<{ order(1, 2, 2, 1) }>();
    let acca = abdc.permute::<{ order(0, 3, 3, 0) }>();
    finish_egfh(&bddb.add_sub_lanes_carried::<{ lanes(true, false, true, false) }>(&acca))
}

/// (E, F, G, H) to (E·F, G·H, F·G, E·H) = (X3, Y3, Z3, T3): x = E/G, y = H/F.
#[inline(always)]
fn finish<F: VectorField>(efgh: &F) -> Ext4<F> {
    finish_egfh(&efgh.permute::<{ order(0, 2, 1, 3) }>())
}

/// [`finish`] from the lanes in the order (E, G, F, H): that times its permutation
/// (F, H, G, E) is (E·F, G·H, F·G, H·E), so one permutation, where (E, F, G, H) needs
/// two (the linear steps that feed this one produce that order directly).
#[inline(always)]
fn finish_egfh<F: VectorField>(egfh: &F) -> Ext4<F> {
    Ext4(egfh.mul(&egfh.permute::<{ order(2, 3, 1, 0) }>()))
}

impl<F: VectorField> Cached4<F> {
    /// -self = (Y+X, Y-X, 2·Z, -2d·T): swap lanes 0 and 1, negate lane 3 against 2p.
    /// Lane 3 is reduced or 2p minus a reduced value, so 2p minus it has no negative
    /// limb, and it stays one of the two.
    #[inline(always)]
    fn neg(&self) -> Cached4<F> {
        Cached4(
            self.0
                .permute::<{ order(1, 0, 2, 3) }>()
                .neg_lanes::<{ lanes(false, false, false, true) }>(),
        )
    }

    /// `digit`·P from `table[j] = (j + 1)·P`, digit in [-8, 8], in constant time.
    ///
    /// Why it is constant time: |digit| and its sign come from arithmetic (no branch);
    /// all 8 entries are read, and each is kept or not by a lane mask
    /// ([`VectorField::lookup8`]); the negation is computed always and kept or not
    /// through a `subtle` choice.
    #[inline(always)]
    pub(super) fn select(table: &[Cached4<F>; 8], digit: i8) -> Cached4<F> {
        let negative = Choice::from(((digit >> 7) & 1) as u8);
        let mut out = Cached4(Self::select_abs(table, digit));
        let neg = out.neg();
        out.0.assign_if(&neg.0, negative);
        out
    }

    /// |`digit`|·P from `table[j] = (j + 1)·P`, digit in [-8, 8], the identity for 0:
    /// the scan of [`Cached4::select`] without the negation, for a caller that applies
    /// the signs itself (the AVX2 walk, four entries at once). Constant time as that.
    #[inline(always)]
    pub(super) fn select_abs(table: &[Cached4<F>; 8], digit: i8) -> F {
        debug_assert!((-8..=8).contains(&digit));
        let sign = digit >> 7;
        let abs = ((digit ^ sign) - sign) as u8;
        let [t0, t1, t2, t3, t4, t5, t6, t7] = table;
        F::lookup8(
            &F::consts().identity_cached,
            [&t0.0, &t1.0, &t2.0, &t3.0, &t4.0, &t5.0, &t6.0, &t7.0],
            abs,
        )
    }
}

/// The point-layer steps a field may compile once, out of line
/// ([`super::out_of_line`]). The defaults inline them; the token `b` proves that the
/// CPU runs the field's instructions.
pub(crate) trait OutOfLine: VectorField {
    /// `digit`·P from `table[j] = (j + 1)·P` in constant time ([`Cached4::select`]).
    #[inline(always)]
    fn select(_b: Vector<Self>, table: &[Cached4<Self>; 8], digit: i8) -> Cached4<Self> {
        Cached4::select(table, digit)
    }
    /// `routine` on `b` ([`PointBackend::call`]).
    #[inline(always)]
    fn call<R: Routine<Vector<Self>>>(b: Vector<Self>, routine: R) -> R::Output {
        routine.run(b)
    }
}

/// The table lookups of the constant-time algorithms call the field's [`OutOfLine`]
/// step.
impl<F: OutOfLine> PointBackend for Vector<F> {
    type Point = Ext4<F>;
    type Sum = Ext4<F>;
    type Cached = Cached4<F>;
    type Affine = Cached4<F>;

    #[inline(always)]
    fn from_point(self, p: &Extended<FieldElement>) -> Ext4<F> {
        Ext4(F::from_elements([&p.x, &p.y, &p.z, &p.t]))
    }
    #[inline(always)]
    fn to_point(self, p: &Ext4<F>) -> Extended<FieldElement> {
        let [x, y, z, t] = p.0.to_elements();
        Extended { x, y, z, t }
    }
    #[inline(always)]
    fn identity(self) -> Ext4<F> {
        Ext4(F::consts().identity)
    }
    #[inline(always)]
    fn to_cached(self, p: &Ext4<F>) -> Cached4<F> {
        p.to_cached()
    }
    #[inline(always)]
    fn add(self, p: &Ext4<F>, q: &Cached4<F>) -> Ext4<F> {
        p.add(q)
    }
    #[inline(always)]
    fn sub(self, p: &Ext4<F>, q: &Cached4<F>) -> Ext4<F> {
        p.add(&q.neg())
    }
    #[inline(always)]
    fn add_affine(self, p: &Ext4<F>, q: &Cached4<F>) -> Ext4<F> {
        p.add(q)
    }
    #[inline(always)]
    fn sub_affine(self, p: &Ext4<F>, q: &Cached4<F>) -> Ext4<F> {
        p.add(&q.neg())
    }
    /// One addition for both signs: the sign picks the addend, whose negation (a lane
    /// swap and one negated lane) is off the accumulator's chain, so the variable-time
    /// loops inline one addition where the default would inline two.
    #[inline(always)]
    fn add_signed(self, p: &Ext4<F>, q: &Cached4<F>, negative: bool) -> Ext4<F> {
        let q = if negative { q.neg() } else { *q };
        p.add(&q)
    }
    /// [`PointBackend::add_signed`]'s one addition, for an affine q.
    #[inline(always)]
    fn add_signed_affine(self, p: &Ext4<F>, q: &Cached4<F>, negative: bool) -> Ext4<F> {
        self.add_signed(p, q, negative)
    }
    #[inline(always)]
    fn double_point(self, p: &Ext4<F>) -> Ext4<F> {
        p.double()
    }
    #[inline(always)]
    fn double(self, s: &Ext4<F>) -> Ext4<F> {
        s.double()
    }
    #[inline(always)]
    fn to_extended(self, s: &Ext4<F>) -> Ext4<F> {
        *s
    }
    #[inline(always)]
    fn select(self, table: &[Cached4<F>; 8], digit: i8) -> Cached4<F> {
        F::select(self, table, digit)
    }
    #[inline(always)]
    fn select_affine(self, table: &[Cached4<F>; 8], digit: i8) -> Cached4<F> {
        // Inline: the fixed-base walk selects 64 times per multiplication, one call
        // each cost the AVX2 backend up to 1.012× on ScalarBaseMult.
        Cached4::select(table, digit)
    }
    #[inline(always)]
    fn sum_digits(
        self,
        table: &[[Cached4<F>; 8]; 32],
        digits: &[i8; 64],
    ) -> Option<(Ext4<F>, Ext4<F>)> {
        F::sum_digits(table, digits).map(|[a, b]| (Ext4(a), Ext4(b)))
    }
    #[inline(always)]
    fn base_table(self) -> &'static [[Cached4<F>; 8]; 32] {
        &F::tables().base
    }
    #[inline(always)]
    fn odd_base_multiples(self) -> &'static [Cached4<F>; 64] {
        &F::tables().odd
    }
    #[inline(always)]
    fn odd_base_128_multiples(self) -> &'static [Cached4<F>; 64] {
        &F::tables().odd128
    }
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn affine(self, a: &AffineCached<FieldElement>) -> Cached4<F> {
        Cached4(F::from_elements(affine_lanes(a)))
    }
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn affine_addends(self, points: &[Extended<FieldElement>]) -> alloc::vec::Vec<Cached4<F>> {
        // A loop, not an iterator closure (see `scalar_mul`).
        let mut out = alloc::vec::Vec::with_capacity(points.len());
        for p in points {
            out.push(self.to_cached(&self.from_point(p)));
        }
        out
    }
    #[inline(always)]
    fn call<R: Routine<Self>>(self, routine: R) -> R::Output {
        F::call(self, routine)
    }
}
