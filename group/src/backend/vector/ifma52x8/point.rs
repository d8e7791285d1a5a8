//! Eight-lane point arithmetic on [`F52`]: eight independent points of the curve
//! -x² + y² = 1 + d·x²·y², one per lane, each coordinate an eight-lane field element
//! (structure of arrays). The formulas are `crate::models`' (Hisil, Wong, Carter and
//! Dawson, "Twisted Edwards curves revisited", 2008, with a = -1), each field operation
//! run on all eight lanes at once, so no lane ever talks to another: no permutes and no
//! blends, unlike the four-lane backends, where one point fills the lanes.
//!
//! | type | coordinates | made by |
//! |---|---|---|
//! | [`Point8`] | extended (X : Y : Z : T) | conversions, every addition and doubling |
//! | [`Cached8`] | (Y+X, Y-X, 2·Z, 2d·T) | [`Point8::to_cached`] |
//! | [`Affine8`] | (y+x, y-x, 2d·x·y), Z = 1 | [`Affine8::from_affine`], [`Affine8::splat`] |
//!
//! Additions and doublings return extended points directly (the "completed" point's
//! four products are taken at once): an addition with a cached point costs 8M, with an
//! affine one 7M, a doubling 4S + 4M, all eight lanes together.
//!
//! **Bounds.** Every coordinate of every type here is *reduced* in [`F52`]'s table
//! (limbs 0…3 below 2^52, limb 4 below 2^47 + 2^12): the multiplier reads only the low
//! 52 bits of its operands, so each sum or difference is carried before it is
//! multiplied or stored.
//!
//! **Constant time.** Everything here is branch-free: a fixed sequence of lane
//! operations, with per-lane choices by all-ones/all-zeros lane masks
//! ([`lane_mask`]). The variable-time multiscalar code and the constant-time batches
//! share it.

// Shared by the multiscalar engine and the constant-time batches; not every helper has
// a caller in every build.
#![allow(dead_code)]
// Eight-lane points are 640 bytes: conversions take `&self` on purpose.
#![allow(clippy::wrong_self_convention)]

use edwards25519_field::FieldElement;

use super::{F52, Lanes52, limbs_from_bytes, limbs_to_field};
use crate::models::{AffineCached, D2, Extended};

/// Eight extended points (X : Y : Z : T), x = X/Z, y = Y/Z, x·y = T/Z; reduced
/// coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Point8<L> {
    pub(crate) x: F52<L>,
    pub(crate) y: F52<L>,
    pub(crate) z: F52<L>,
    pub(crate) t: F52<L>,
}

/// Eight addends (Y+X, Y-X, 2·Z, 2d·T); reduced coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cached8<L> {
    pub(crate) y_plus_x: F52<L>,
    pub(crate) y_minus_x: F52<L>,
    pub(crate) z2: F52<L>,
    pub(crate) t2d: F52<L>,
}

/// Eight affine addends (y+x, y-x, 2d·x·y), Z = 1; reduced coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Affine8<L> {
    pub(crate) y_plus_x: F52<L>,
    pub(crate) y_minus_x: F52<L>,
    pub(crate) xy2d: F52<L>,
}

/// The radix-2^52 limbs of a portable element (limbs 0…3 below 2^52, limb 4 below 2^47:
/// reduced).
#[inline(always)]
pub(crate) fn limbs52(e: &FieldElement) -> [u64; 5] {
    limbs_from_bytes(&e.to_bytes())
}

/// The lane mask of a per-lane condition: all ones in the lanes where `bit` is 1, zero
/// where it is 0 (`bit` must be 0 or 1 in every lane). Branch-free.
#[inline(always)]
pub(crate) fn lane_mask<L: Lanes52>(bit: L) -> L {
    L::splat(0).sub(bit)
}

/// An element in every lane.
#[inline(always)]
fn splat_field<L: Lanes52>(e: &FieldElement) -> F52<L> {
    F52(limbs52(e).map(L::splat))
}

/// Eight portable elements, one per lane.
#[inline(always)]
fn lanes_field<L: Lanes52<Array = [u64; 8]>>(e: [&FieldElement; 8]) -> F52<L> {
    let mut l = [[0u64; 8]; 5];
    for (j, e) in e.iter().enumerate() {
        let limbs = limbs52(e);
        for i in 0..5 {
            l[i][j] = limbs[i];
        }
    }
    F52::from_limb_arrays(l)
}

/// Each lane as a portable element.
#[inline(always)]
fn field_lanes<L: Lanes52<Array = [u64; 8]>>(e: &F52<L>) -> [FieldElement; 8] {
    let l = e.to_limb_arrays();
    core::array::from_fn(|j| limbs_to_field(core::array::from_fn(|i| l[i][j])))
}

/// a where `mask` is zero, b where it is all ones, lane by lane.
#[inline(always)]
fn select<L: Lanes52>(a: &F52<L>, b: &F52<L>, mask: L) -> F52<L> {
    let mut r = *a;
    for (x, y) in r.0.iter_mut().zip(b.0.iter()) {
        *x = x.xor(mask.and(x.xor(*y)));
    }
    r
}

impl<L: Lanes52> Point8<L> {
    /// The neutral element (0 : 1 : 1 : 0) in every lane.
    #[inline(always)]
    pub(crate) fn identity() -> Self {
        Point8 {
            x: F52::zero(),
            y: F52::one(),
            z: F52::one(),
            t: F52::zero(),
        }
    }

    /// One portable point in every lane.
    #[inline(always)]
    pub(crate) fn splat(p: &Extended<FieldElement>) -> Self {
        Point8 {
            x: splat_field(&p.x),
            y: splat_field(&p.y),
            z: splat_field(&p.z),
            t: splat_field(&p.t),
        }
    }

    /// (Y+X, Y-X, 2·Z, 2d·T). Cost: 1M.
    #[inline(always)]
    pub(crate) fn to_cached(&self) -> Cached8<L> {
        Cached8 {
            y_plus_x: self.y.add(&self.x).carry(),
            y_minus_x: self.y.sub(&self.x).carry(),
            z2: self.z.add(&self.z).carry(),
            t2d: self.t.mul(&splat_field(&D2)),
        }
    }

    /// The completed point ((E : F), (G : H)) of an addition, from A = (Y1-X1)·(y-x),
    /// B = (Y1+X1)·(y+x), C = T1·(2d·T2) and D = 2·Z1·Z2: E = B - A, H = B + A,
    /// F = D - C, G = D + C, to extended (E·F : G·H : F·G : E·H) (add-2008-hwcd-3).
    /// Subtraction adds (y-x, y+x, -C): its caller swaps the pair going in, and `neg`
    /// (a lane mask) swaps F and G here.
    #[inline(always)]
    fn finish_add(a: &F52<L>, b: &F52<L>, c: &F52<L>, d: &F52<L>, neg: L) -> Self {
        let e = b.sub(a).carry();
        let h = b.add(a).carry();
        let mut f = d.sub(c).carry();
        let mut g = d.add(c).carry();
        F52::conditional_swap(&mut f, &mut g, neg);
        Point8 {
            x: e.mul(&f),
            y: g.mul(&h),
            z: f.mul(&g),
            t: e.mul(&h),
        }
    }

    /// self + q, or self - q in the lanes where `neg` is all ones (a [`lane_mask`]).
    /// Cost: 8M.
    #[inline(always)]
    pub(crate) fn add_cached_signed(&self, q: &Cached8<L>, neg: L) -> Self {
        let (mut plus, mut minus) = (q.y_plus_x, q.y_minus_x);
        F52::conditional_swap(&mut plus, &mut minus, neg);
        let a = self.y.sub(&self.x).carry().mul(&minus);
        let b = self.y.add(&self.x).carry().mul(&plus);
        let c = self.t.mul(&q.t2d);
        let d = self.z.mul(&q.z2);
        Self::finish_add(&a, &b, &c, &d, neg)
    }

    /// self + q. Cost: 8M.
    #[inline(always)]
    pub(crate) fn add(&self, q: &Cached8<L>) -> Self {
        self.add_cached_signed(q, L::splat(0))
    }

    /// self - q. Cost: 8M.
    #[inline(always)]
    pub(crate) fn sub(&self, q: &Cached8<L>) -> Self {
        self.add_cached_signed(q, L::splat(u64::MAX))
    }

    /// self + q, or self - q in the lanes where `neg` is all ones (a [`lane_mask`]),
    /// for an affine q. Cost: 7M.
    #[inline(always)]
    pub(crate) fn add_affine_signed(&self, q: &Affine8<L>, neg: L) -> Self {
        let (mut plus, mut minus) = (q.y_plus_x, q.y_minus_x);
        F52::conditional_swap(&mut plus, &mut minus, neg);
        let a = self.y.sub(&self.x).carry().mul(&minus);
        let b = self.y.add(&self.x).carry().mul(&plus);
        let c = self.t.mul(&q.xy2d);
        let d = self.z.add(&self.z).carry();
        Self::finish_add(&a, &b, &c, &d, neg)
    }

    /// self + q for an affine q. Cost: 7M.
    #[inline(always)]
    pub(crate) fn add_affine(&self, q: &Affine8<L>) -> Self {
        self.add_affine_signed(q, L::splat(0))
    }

    /// self - q for an affine q. Cost: 7M.
    #[inline(always)]
    pub(crate) fn sub_affine(&self, q: &Affine8<L>) -> Self {
        self.add_affine_signed(q, L::splat(u64::MAX))
    }

    /// 2·self (dbl-2008-hwcd with a = -1). Cost: 4S + 4M.
    ///
    /// With A = X², B = Y², C = 2·Z², the formula's G = B - A, F = G - C, H = -A - B
    /// and E = (X+Y)² - A - B; the result (E·F : G·H : F·G : E·H). Here F and H are
    /// taken negated, F' = C - G and H' = A + B, which multiplies all four
    /// coordinates by -1: the same projective point, and no negation to carry.
    #[inline(always)]
    pub(crate) fn double(&self) -> Self {
        let a = self.x.square();
        let b = self.y.square();
        let zz = self.z.square();
        let c = zz.add(&zz).carry();
        let s = self.x.add(&self.y).carry().square();
        let h = a.add(&b).carry();
        let e = s.sub(&h).carry();
        let g = b.sub(&a).carry();
        let f = c.sub(&g).carry();
        Point8 {
            x: e.mul(&f),
            y: g.mul(&h),
            z: f.mul(&g),
            t: e.mul(&h),
        }
    }

    /// 2^k·self (k doublings).
    #[inline(always)]
    pub(crate) fn double_times(&self, k: usize) -> Self {
        let mut r = *self;
        for _ in 0..k {
            r = r.double();
        }
        r
    }

    /// self where `mask` is zero, b where it is all ones, lane by lane.
    #[inline(always)]
    pub(crate) fn select(&self, b: &Self, mask: L) -> Self {
        Point8 {
            x: select(&self.x, &b.x, mask),
            y: select(&self.y, &b.y, mask),
            z: select(&self.z, &b.z, mask),
            t: select(&self.t, &b.t, mask),
        }
    }
}

impl<L: Lanes52<Array = [u64; 8]>> Point8<L> {
    /// Eight portable points, point j in lane j.
    #[inline(always)]
    pub(crate) fn from_points(p: &[Extended<FieldElement>; 8]) -> Self {
        Point8 {
            x: lanes_field(p.each_ref().map(|p| &p.x)),
            y: lanes_field(p.each_ref().map(|p| &p.y)),
            z: lanes_field(p.each_ref().map(|p| &p.z)),
            t: lanes_field(p.each_ref().map(|p| &p.t)),
        }
    }

    /// The eight lanes as portable points.
    #[inline(always)]
    pub(crate) fn to_points(&self) -> [Extended<FieldElement>; 8] {
        let (x, y, z, t) = (
            field_lanes(&self.x),
            field_lanes(&self.y),
            field_lanes(&self.z),
            field_lanes(&self.t),
        );
        core::array::from_fn(|j| Extended {
            x: x[j],
            y: y[j],
            z: z[j],
            t: t[j],
        })
    }
}

impl<L: Lanes52> Cached8<L> {
    /// The identity as an addend, (1, 1, 2, 0), in every lane.
    #[inline(always)]
    pub(crate) fn identity() -> Self {
        Point8::<L>::identity().to_cached()
    }

    /// self where `mask` is zero, b where it is all ones, lane by lane.
    #[inline(always)]
    pub(crate) fn select(&self, b: &Self, mask: L) -> Self {
        Cached8 {
            y_plus_x: select(&self.y_plus_x, &b.y_plus_x, mask),
            y_minus_x: select(&self.y_minus_x, &b.y_minus_x, mask),
            z2: select(&self.z2, &b.z2, mask),
            t2d: select(&self.t2d, &b.t2d, mask),
        }
    }
}

impl<L: Lanes52> Affine8<L> {
    /// The identity as an affine addend, (1, 1, 0), in every lane.
    #[inline(always)]
    pub(crate) fn identity() -> Self {
        Affine8 {
            y_plus_x: F52::one(),
            y_minus_x: F52::one(),
            xy2d: F52::zero(),
        }
    }

    /// One portable affine addend in every lane.
    #[inline(always)]
    pub(crate) fn splat(a: &AffineCached<FieldElement>) -> Self {
        Self::splat_limbs(&affine_limbs(a))
    }

    /// One affine addend in every lane, from its limbs ([`affine_limbs`]).
    #[inline(always)]
    pub(crate) fn splat_limbs(l: &[[u64; 5]; 3]) -> Self {
        Affine8 {
            y_plus_x: F52(l[0].map(L::splat)),
            y_minus_x: F52(l[1].map(L::splat)),
            xy2d: F52(l[2].map(L::splat)),
        }
    }

    /// self where `mask` is zero, b where it is all ones, lane by lane.
    #[inline(always)]
    pub(crate) fn select(&self, b: &Self, mask: L) -> Self {
        Affine8 {
            y_plus_x: select(&self.y_plus_x, &b.y_plus_x, mask),
            y_minus_x: select(&self.y_minus_x, &b.y_minus_x, mask),
            xy2d: select(&self.xy2d, &b.xy2d, mask),
        }
    }
}

impl<L: Lanes52<Array = [u64; 8]>> Affine8<L> {
    /// Eight portable affine addends, addend j in lane j.
    #[inline(always)]
    pub(crate) fn from_affine(a: &[AffineCached<FieldElement>; 8]) -> Self {
        Affine8 {
            y_plus_x: lanes_field(a.each_ref().map(|a| &a.y_plus_x)),
            y_minus_x: lanes_field(a.each_ref().map(|a| &a.y_minus_x)),
            xy2d: lanes_field(a.each_ref().map(|a| &a.xy2d)),
        }
    }
}

/// The radix-2^52 limbs of an affine addend: (y+x, y-x, 2d·x·y), each reduced.
#[inline(always)]
pub(crate) fn affine_limbs(a: &AffineCached<FieldElement>) -> [[u64; 5]; 3] {
    [
        limbs52(&a.y_plus_x),
        limbs52(&a.y_minus_x),
        limbs52(&a.xy2d),
    ]
}

#[cfg(test)]
#[path = "point_tests.rs"]
mod tests;
