//! Internal point models, generic over the field backend.
//!
//! The curve is -x² + y² = 1 + d·x²·y² (a = -1). Formulas are those of Hisil, Wong,
//! Carter and Dawson, "Twisted Edwards curves revisited" (2008), specialised to a = -1.
//! Costs are in field multiplications (M) and squarings (S); additions are not counted.
//!
//! | model | coordinates | meaning |
//! |---|---|---|
//! | [`Extended`] | (X : Y : Z : T) | x = X/Z, y = Y/Z, x·y = T/Z |
//! | [`Projective`] | (X : Y : Z) | x = X/Z, y = Y/Z ("P2") |
//! | [`Completed`] | ((X : Z), (Y : T)) | x = X/Z, y = Y/T ("P1xP1") |
//! | [`Cached`] | (Y+X, Y-X, 2·Z, 2d·T) | an addend ready for [`Extended::add_cached`] |
//! | [`AffineCached`] | (y+x, y-x, 2d·x·y) | an addend with Z = 1, for mixed addition |
//!
//! Additions and doublings produce a [`Completed`] point; it becomes [`Projective`] (3M)
//! when the next step is a doubling, or [`Extended`] (4M) when the next step is an
//! addition. So an addition with a cached point costs 8M, a mixed addition 7M, and a
//! doubling 3M + 4S.
//!
//! Every function here is constant time: no branch or index depends on coordinates.

// Points are 128-160 bytes: conversions take `&self` on purpose.
#![allow(clippy::wrong_self_convention)]

use edwards25519_field::{FieldArith, FieldElement};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// The curve constant d = -121665/121666.
pub(crate) const D: FieldElement = FieldElement::from_bytes(&[
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
    0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
]);

/// 2·d.
pub(crate) const D2: FieldElement = D.const_add(&D);

/// 1/d = -121666/121665: turns a table entry's 2d·x·y into 2x·y (the AVX2 walk's
/// first entries, `backend::vector::avx2`).
#[cfg_attr(not(edwards25519_vector), allow(dead_code))]
pub(crate) const INVERSE_D: FieldElement = FieldElement::from_bytes(&[
    0x43, 0xf8, 0xc9, 0xcd, 0x76, 0xf2, 0xe0, 0x25, 0x2e, 0x54, 0x79, 0x42, 0x98, 0xd6, 0x5d, 0x0b,
    0x66, 0xcf, 0xb9, 0xcd, 0x14, 0x21, 0x16, 0x2b, 0x43, 0xce, 0xd5, 0x14, 0xd2, 0x7e, 0x90, 0x40,
]);

/// A point in extended coordinates: x = X/Z, y = Y/Z, x·y = T/Z, Z != 0.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extended<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
    pub(crate) t: F,
}

/// A point in projective coordinates: x = X/Z, y = Y/Z. Enough for doubling.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projective<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
}

/// The output of an addition or doubling: x = X/Z, y = Y/T.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Completed<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
    pub(crate) t: F,
}

/// An extended point prepared as an addend: (Y+X, Y-X, 2·Z, 2d·T).
///
/// Z is stored doubled: the addition needs D = 2·Z1·Z2, and a table entry is built once
/// but added many times (ScalarMult: 8 entries, 64 additions), so the doubling moves
/// out of the loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cached<F> {
    pub(crate) y_plus_x: F,
    pub(crate) y_minus_x: F,
    pub(crate) z2: F,
    pub(crate) t2d: F,
}

/// An affine point prepared as an addend: (y+x, y-x, 2d·x·y), implicitly Z = 1.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AffineCached<F> {
    pub(crate) y_plus_x: F,
    pub(crate) y_minus_x: F,
    pub(crate) xy2d: F,
}

impl<F: FieldArith> Extended<F> {
    /// The neutral element (0, 1).
    pub(crate) const IDENTITY: Self = Extended {
        x: F::ZERO,
        y: F::ONE,
        z: F::ONE,
        t: F::ZERO,
    };

    /// (Y+X, Y-X, 2·Z, 2d·T). Cost: 1M.
    #[inline(always)]
    pub(crate) fn to_cached(&self) -> Cached<F> {
        Cached {
            y_plus_x: self.y + self.x,
            y_minus_x: self.y - self.x,
            z2: self.z + self.z,
            t2d: self.t * F::from_field(&D2),
        }
    }

    /// Drops T. Cost: 0.
    #[inline(always)]
    pub(crate) fn to_projective(&self) -> Projective<F> {
        Projective {
            x: self.x,
            y: self.y,
            z: self.z,
        }
    }

    /// The one addition formula behind the four below: the addend enters as its
    /// (y+x, y-x) pair, C = T1·(2d·T2) and D = 2·Z1·Z2 (D = 2·Z1 for an affine addend).
    ///
    /// A = (Y1-X1)·(y-x), B = (Y1+X1)·(y+x); result ((B-A : D+C), (B+A : D-C)).
    /// Subtracting adds -q = (y-x, y+x, -C): with `SUB` the pair is swapped and C's sign
    /// flipped. `SUB` is a compile-time constant, so no branch is left in the code.
    #[inline(always)]
    fn add_parts<const SUB: bool>(&self, y_plus_x: &F, y_minus_x: &F, c: F, d: F) -> Completed<F> {
        self.add_parts_signed(y_plus_x, y_minus_x, c, d, SUB)
    }

    /// [`Extended::add_parts`] with the sign a run-time value, for variable-time
    /// callers (the sign is public: it picks operands by a select of references, and
    /// nothing here is meant to hide it). One copy of the formula for both signs; with
    /// a constant `sub` (`add_parts`, always inlined) the selects fold away.
    #[inline(always)]
    fn add_parts_signed(&self, y_plus_x: &F, y_minus_x: &F, c: F, d: F, sub: bool) -> Completed<F> {
        let (plus, minus) = if sub {
            (y_minus_x, y_plus_x)
        } else {
            (y_plus_x, y_minus_x)
        };
        let a = (self.y - self.x) * *minus;
        let b = (self.y + self.x) * *plus;
        let (d_plus_c, d_minus_c) = (d + c, d - c);
        let (z, t) = if sub {
            (d_minus_c, d_plus_c)
        } else {
            (d_plus_c, d_minus_c)
        };
        Completed {
            x: b - a,
            y: b + a,
            z,
            t,
        }
    }

    /// self - q if `sub`, else self + q, the sign public (variable-time callers).
    /// Cost: 4M.
    #[inline(always)]
    pub(crate) fn add_cached_signed(&self, q: &Cached<F>, sub: bool) -> Completed<F> {
        self.add_parts_signed(
            &q.y_plus_x,
            &q.y_minus_x,
            self.t * q.t2d,
            self.z * q.z2,
            sub,
        )
    }

    /// self - q if `sub`, else self + q, for an affine q, the sign public. Cost: 3M.
    #[inline(always)]
    pub(crate) fn add_affine_signed(&self, q: &AffineCached<F>, sub: bool) -> Completed<F> {
        self.add_parts_signed(
            &q.y_plus_x,
            &q.y_minus_x,
            self.t * q.xy2d,
            self.z + self.z,
            sub,
        )
    }

    /// self + q. Cost: 4M (then 3M or 4M to leave the completed model).
    #[inline(always)]
    pub(crate) fn add_cached(&self, q: &Cached<F>) -> Completed<F> {
        self.add_parts::<false>(&q.y_plus_x, &q.y_minus_x, self.t * q.t2d, self.z * q.z2)
    }

    /// self - q. Cost: 4M.
    #[inline(always)]
    pub(crate) fn sub_cached(&self, q: &Cached<F>) -> Completed<F> {
        self.add_parts::<true>(&q.y_plus_x, &q.y_minus_x, self.t * q.t2d, self.z * q.z2)
    }

    /// self + q for an affine q (Z2 = 1). Cost: 3M.
    #[inline(always)]
    pub(crate) fn add_affine(&self, q: &AffineCached<F>) -> Completed<F> {
        self.add_parts::<false>(&q.y_plus_x, &q.y_minus_x, self.t * q.xy2d, self.z + self.z)
    }

    /// self - q for an affine q. Cost: 3M.
    #[inline(always)]
    pub(crate) fn sub_affine(&self, q: &AffineCached<F>) -> Completed<F> {
        self.add_parts::<true>(&q.y_plus_x, &q.y_minus_x, self.t * q.xy2d, self.z + self.z)
    }

    /// 2·self. Cost: 4S (through [`Projective::double`]; dropping T is free) plus 4M
    /// back to extended.
    #[inline(always)]
    pub(crate) fn double(&self) -> Extended<F> {
        self.to_projective().double().to_extended()
    }

    /// 2^k·self for k >= 1, staying projective between doublings.
    /// Cost: k·4S + (k-1)·3M + 4M.
    #[inline]
    pub(crate) fn mul_by_pow_2(&self, k: u32) -> Extended<F> {
        debug_assert!(k >= 1);
        let mut p = self.to_projective();
        for _ in 1..k {
            p = p.double().to_projective();
        }
        p.double().to_extended()
    }

    /// -self.
    #[inline(always)]
    pub(crate) fn neg(&self) -> Self {
        Extended {
            x: -self.x,
            y: self.y,
            z: self.z,
            t: -self.t,
        }
    }
}

impl<F: FieldArith> Projective<F> {
    /// 2·self. Cost: 4S (the completed result; 3M more to projective).
    ///
    /// With A = X², B = Y², C = 2Z², E = (X+Y)² - A - B:
    /// result ((E : B-A), (B+A : C-(B-A))), the a = -1 doubling with the signs of
    /// y's numerator and denominator both flipped (y is unchanged).
    #[inline(always)]
    pub(crate) fn double(&self) -> Completed<F> {
        let a = self.x.square();
        let b = self.y.square();
        let c = self.z.square2();
        let b_plus_a = b + a;
        let b_minus_a = b - a;
        let e = (self.x + self.y).square() - b_plus_a;
        Completed {
            x: e,
            y: b_plus_a,
            z: b_minus_a,
            t: c - b_minus_a,
        }
    }
}

impl<F: FieldArith> Completed<F> {
    /// (X·T : Y·Z : Z·T). Cost: 3M.
    #[inline(always)]
    pub(crate) fn to_projective(&self) -> Projective<F> {
        Projective {
            x: self.x * self.t,
            y: self.y * self.z,
            z: self.z * self.t,
        }
    }

    /// (X·T : Y·Z : Z·T : X·Y). Cost: 4M.
    #[inline(always)]
    pub(crate) fn to_extended(&self) -> Extended<F> {
        Extended {
            x: self.x * self.t,
            y: self.y * self.z,
            z: self.z * self.t,
            t: self.x * self.y,
        }
    }
}

impl<F: FieldArith> Projective<F> {
    /// Back to extended coordinates: (X·Z : Y·Z : Z² : X·Y). Cost: 3M + 1S.
    /// (Tests only: the algorithms leave a doubling chain through [`Completed`].)
    #[cfg(test)]
    pub(crate) fn to_extended(&self) -> Extended<F> {
        Extended {
            x: self.x * self.z,
            y: self.y * self.z,
            z: self.z.square(),
            t: self.x * self.y,
        }
    }
}

impl<F: FieldArith> Cached<F> {
    /// The identity as an addend: (1, 1, 2, 0). (A function, not a constant: the
    /// backends have no constant 2; the addition of constants folds at compile time.)
    #[inline(always)]
    pub(crate) fn identity() -> Self {
        Cached {
            y_plus_x: F::ONE,
            y_minus_x: F::ONE,
            z2: F::ONE + F::ONE,
            t2d: F::ZERO,
        }
    }

    /// Replaces self by -self when `choice` is set: swap Y+X and Y-X, negate 2d·T.
    #[inline(always)]
    pub(crate) fn conditional_negate(&mut self, choice: Choice) {
        F::conditional_swap(&mut self.y_plus_x, &mut self.y_minus_x, choice);
        self.t2d = F::conditional_select(&self.t2d, &-self.t2d, choice);
    }
}

impl<F: FieldArith> AffineCached<F> {
    /// The identity as an affine addend: (1, 1, 0).
    pub(crate) const IDENTITY: Self = AffineCached {
        y_plus_x: F::ONE,
        y_minus_x: F::ONE,
        xy2d: F::ZERO,
    };

    /// Replaces self by -self when `choice` is set: swap y+x and y-x, negate 2d·x·y.
    #[inline(always)]
    pub(crate) fn conditional_negate(&mut self, choice: Choice) {
        F::conditional_swap(&mut self.y_plus_x, &mut self.y_minus_x, choice);
        self.xy2d = F::conditional_select(&self.xy2d, &-self.xy2d, choice);
    }
}

impl<F: FieldArith> ConditionallySelectable for Extended<F> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Extended {
            x: F::conditional_select(&a.x, &b.x, choice),
            y: F::conditional_select(&a.y, &b.y, choice),
            z: F::conditional_select(&a.z, &b.z, choice),
            t: F::conditional_select(&a.t, &b.t, choice),
        }
    }
}

impl<F: FieldArith> ConditionallySelectable for Cached<F> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Cached {
            y_plus_x: F::conditional_select(&a.y_plus_x, &b.y_plus_x, choice),
            y_minus_x: F::conditional_select(&a.y_minus_x, &b.y_minus_x, choice),
            z2: F::conditional_select(&a.z2, &b.z2, choice),
            t2d: F::conditional_select(&a.t2d, &b.t2d, choice),
        }
    }
}

impl<F: FieldArith> ConditionallySelectable for AffineCached<F> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        AffineCached {
            y_plus_x: F::conditional_select(&a.y_plus_x, &b.y_plus_x, choice),
            y_minus_x: F::conditional_select(&a.y_minus_x, &b.y_minus_x, choice),
            xy2d: F::conditional_select(&a.xy2d, &b.xy2d, choice),
        }
    }
}

/// 1/zᵢ for every zᵢ, with one field inversion for all of them (Montgomery's trick):
/// with prefix products z₀·…·zᵢ₋₁, walking back from 1/(z₀·…·zₙ₋₁), each step's
/// inverse times the previous prefix is 1/zᵢ, and times zᵢ moves it one step back.
/// Cost: 3 multiplications per value and one inversion. Every zᵢ must be nonzero (the
/// Z of a `Point`), so the product is invertible. Constant time.
#[cfg(feature = "alloc")]
pub(crate) fn invert_all<F: FieldArith>(z: impl Iterator<Item = F>) -> alloc::vec::Vec<F> {
    invert_collected(z.collect())
}

/// [`invert_all`] on collected values: compiled once per field type, not once per
/// caller's iterator type, and called (not inlined into each backend's copy of an
/// operation: a batch inversion runs once per call, so a call costs nothing measurable).
#[cfg(feature = "alloc")]
#[inline(never)]
fn invert_collected<F: FieldArith>(values: alloc::vec::Vec<F>) -> alloc::vec::Vec<F> {
    let mut out = alloc::vec::Vec::with_capacity(values.len());
    let mut product = F::ONE;
    for zi in &values {
        out.push(product);
        product = product * *zi;
    }
    // inv = 1/(z₀·…·zᵢ) at the top of each step; out[i] holds z₀·…·zᵢ₋₁ until then.
    let mut inv = product.invert();
    for (slot, zi) in out.iter_mut().zip(&values).rev() {
        let zinv = inv * *slot;
        inv = inv * *zi;
        *slot = zinv;
    }
    out
}

/// The points as affine addends (y+x, y-x, 2d·x·y), with one field inversion for all
/// of them (Montgomery's trick: invert the product of the Zs, then peel off each 1/Z
/// with two multiplications). Cost: 7M per point plus one inversion; it pays back as
/// 1M saved per point and window (a mixed addition is 7M, a cached one 8M).
/// Called, not inlined (as [`invert_collected`]): one copy per field type, whichever
/// backends' operations build tables with it.
#[cfg(feature = "alloc")]
#[inline(never)]
pub(crate) fn batch_to_affine_cached<F: FieldArith>(
    points: &[Extended<F>],
) -> alloc::vec::Vec<AffineCached<F>> {
    let zinv = invert_all(points.iter().map(|p| p.z));
    let d2 = F::from_field(&D2);
    let mut out = alloc::vec::Vec::with_capacity(points.len());
    for (p, zinv) in points.iter().zip(zinv) {
        let x = p.x * zinv;
        let y = p.y * zinv;
        out.push(AffineCached {
            y_plus_x: y + x,
            y_minus_x: y - x,
            xy2d: x * y * d2,
        });
    }
    out
}

/// A precomputed addend (cached or affine cached) that the constant-time lookup can
/// select and negate.
pub(crate) trait Addend: ConditionallySelectable {
    /// The identity as this kind of addend.
    fn identity() -> Self;
    /// self = -self when `choice` is set.
    fn conditional_negate(&mut self, choice: Choice);
}

impl<F: FieldArith> Addend for Cached<F> {
    #[inline(always)]
    fn identity() -> Self {
        Cached::identity()
    }
    #[inline(always)]
    fn conditional_negate(&mut self, choice: Choice) {
        Cached::conditional_negate(self, choice);
    }
}

impl<F: FieldArith> Addend for AffineCached<F> {
    #[inline(always)]
    fn identity() -> Self {
        AffineCached::IDENTITY
    }
    #[inline(always)]
    fn conditional_negate(&mut self, choice: Choice) {
        AffineCached::conditional_negate(self, choice);
    }
}

/// `digit`·P from `table[j] = (j + 1)·P`, for a digit in [-8, 8]. Constant time.
///
/// Why it is constant time: the sign and |digit| come from arithmetic on the digit (no
/// branch); all 8 entries are read, each conditionally assigned through a mask from
/// `subtle` (no secret-dependent address); negation is a conditional swap and select.
/// A zero digit leaves the identity.
#[inline(always)]
pub(crate) fn select<T: Addend>(table: &[T; 8], digit: i8) -> T {
    debug_assert!((-8..=8).contains(&digit));
    // mask = -1 for a negative digit, 0 otherwise; |d| = (d ^ mask) - mask.
    let mask = digit >> 7;
    let abs = ((digit ^ mask) - mask) as u8;
    let negative = Choice::from((mask & 1) as u8);
    let mut out = T::identity();
    for (j, entry) in (1u8..).zip(table.iter()) {
        out.conditional_assign(entry, abs.ct_eq(&j));
    }
    out.conditional_negate(negative);
    out
}

impl<F: FieldArith> Extended<F> {
    /// Converts between backends (exact: goes through the portable representation).
    pub(crate) fn convert<G: FieldArith>(&self) -> Extended<G> {
        Extended {
            x: G::from_field(&self.x.to_field()),
            y: G::from_field(&self.y.to_field()),
            z: G::from_field(&self.z.to_field()),
            t: G::from_field(&self.t.to_field()),
        }
    }

    /// (y+x, y-x, 2d·x·y) with x = X/Z, y = Y/Z. Cost: one inversion + 4M.
    /// (Tests only: the tables are built by `crate::tables` with batch inversion.)
    #[cfg(test)]
    pub(crate) fn to_affine_cached(&self) -> AffineCached<F> {
        let zinv = self.z.invert();
        let x = self.x * zinv;
        let y = self.y * zinv;
        AffineCached {
            y_plus_x: y + x,
            y_minus_x: y - x,
            xy2d: x * y * F::from_field(&D2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The base point's affine coordinates (y = 4/5, x even), from their encodings.
    fn base() -> Extended<FieldElement> {
        let x = FieldElement::from_bytes(&[
            0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7,
            0x2c, 0x69, 0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0, 0xfe, 0x53, 0x6e, 0xcd,
            0xd3, 0x36, 0x69, 0x21,
        ]);
        let y = FieldElement::from_bytes(&[
            0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
            0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
            0x66, 0x66, 0x66, 0x66,
        ]);
        Extended {
            x,
            y,
            z: FieldElement::ONE,
            t: x * y,
        }
    }

    /// -X² + Y² = Z² + d·T² and X·Y = Z·T.
    fn on_curve(p: &Extended<FieldElement>) -> bool {
        let (x2, y2, z2, t2) = (p.x.square(), p.y.square(), p.z.square(), p.t.square());
        y2 - x2 == z2 + D * t2 && p.x * p.y == p.z * p.t
    }

    fn same(p: &Extended<FieldElement>, q: &Extended<FieldElement>) -> bool {
        p.x * q.z == q.x * p.z && p.y * q.z == q.y * p.z
    }

    #[test]
    fn constants() {
        assert_eq!(
            D * FieldElement::from_bytes(&[
                0x42, 0xdb, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0
            ]),
            -FieldElement::from_bytes(&[
                0x41, 0xdb, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0
            ])
        );
        assert_eq!(D2, D + D);
        assert_eq!(D * INVERSE_D, FieldElement::ONE);
    }

    #[test]
    fn formulas_agree() {
        let b = base();
        assert!(on_curve(&b));
        let id = Extended::<FieldElement>::IDENTITY;
        // Doubling three ways.
        let d1 = b.double();
        let d2 = b.add_cached(&b.to_cached()).to_extended();
        let d3 = b.add_affine(&b.to_affine_cached()).to_extended();
        assert!(on_curve(&d1) && same(&d1, &d2) && same(&d1, &d3));
        // 3B - B = 2B, and B - B = identity.
        let t = d1.add_cached(&b.to_cached()).to_extended();
        assert!(on_curve(&t));
        assert!(same(&t.sub_cached(&b.to_cached()).to_extended(), &d1));
        assert!(same(
            &t.sub_affine(&b.to_affine_cached()).to_extended(),
            &d1
        ));
        assert!(same(&b.sub_cached(&b.to_cached()).to_extended(), &id));
        // Negated addends.
        let mut nb = b.to_cached();
        nb.conditional_negate(Choice::from(1));
        assert!(same(&t.add_cached(&nb).to_extended(), &d1));
        let mut na = b.to_affine_cached();
        na.conditional_negate(Choice::from(1));
        assert!(same(&t.add_affine(&na).to_extended(), &d1));
        assert!(same(&b.add_cached(&b.neg().to_cached()).to_extended(), &id));
        // Identity addends.
        assert!(same(&b.add_cached(&Cached::identity()).to_extended(), &b));
        assert!(same(
            &b.add_affine(&AffineCached::IDENTITY).to_extended(),
            &b
        ));
        assert!(same(&d1.to_projective().to_extended(), &d1));
    }

    /// select(d) equals d·P for every digit in [-8, 8].
    #[test]
    fn select_every_digit() {
        let p = crate::Point::GENERATOR.0;
        let mut table = [p.to_cached(); 8];
        let mut acc = p;
        for entry in table.iter_mut().skip(1) {
            acc = acc.add_cached(&p.to_cached()).to_extended();
            *entry = acc.to_cached();
        }
        for d in -8i8..=8 {
            let got = crate::Point(
                Extended::<FieldElement>::IDENTITY
                    .add_cached(&select(&table, d))
                    .to_extended(),
            );
            let mut want = crate::Point::IDENTITY;
            for _ in 0..d.unsigned_abs() {
                want += crate::Point::GENERATOR;
            }
            if d < 0 {
                want = -want;
            }
            assert_eq!(got, want, "digit {d}");
        }
    }
}
