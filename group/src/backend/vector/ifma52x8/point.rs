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

/// An eight-lane type whose coordinates are named [`F52`] fields, with the
/// lane-by-lane operations that treat every coordinate alike: `select`, and `$from`,
/// eight portable values of type `$portable` (whose fields have the same names), value
/// j in lane j. A macro because each type names its coordinates.
macro_rules! coordinates {
    ($(#[$doc:meta])* struct $ty:ident { $($f:ident),+ } $from:ident($portable:ident)) => {
        coordinates!($(#[$doc])* struct $ty { $($f),+ });

        impl<L: Lanes52<Array = [u64; 8]>> $ty<L> {
            /// Eight portable values, value j in lane j.
            #[inline(always)]
            pub(crate) fn $from(v: &[$portable<FieldElement>; 8]) -> Self {
                $ty { $($f: lanes_field(v.each_ref().map(|v| &v.$f))),+ }
            }
        }
    };
    ($(#[$doc:meta])* struct $ty:ident { $($f:ident),+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $ty<L> {
            $(pub(crate) $f: F52<L>),+
        }

        impl<L: Lanes52> $ty<L> {
            /// self where `mask` is zero, b where it is all ones, lane by lane.
            #[inline(always)]
            pub(crate) fn select(&self, b: &Self, mask: L) -> Self {
                $ty { $($f: select(&self.$f, &b.$f, mask)),+ }
            }
        }
    };
}

coordinates! {
    /// Eight extended points (X : Y : Z : T), x = X/Z, y = Y/Z, x·y = T/Z;
    /// reduced coordinates.
    struct Point8 { x, y, z, t }
    from_points(Extended)
}

coordinates! {
    /// Eight addends (Y+X, Y-X, 2·Z, 2d·T); reduced coordinates.
    struct Cached8 { y_plus_x, y_minus_x, z2, t2d }
}

coordinates! {
    /// Eight affine addends (y+x, y-x, 2d·x·y), Z = 1; reduced coordinates.
    struct Affine8 { y_plus_x, y_minus_x, xy2d }
    from_affine(AffineCached)
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

    /// self + q, or self - q in the lanes where `neg` is all ones (a [`lane_mask`]),
    /// for either kind of addend ([`Addend8`]). Cost: 8M for a cached q, 7M for an
    /// affine one.
    ///
    /// From A = (Y1-X1)·(y-x), B = (Y1+X1)·(y+x), C = T1·(2d·T2) and D = 2·Z1·Z2, the
    /// completed point ((E : F), (G : H)), E = B - A, H = B + A, F = D - C, G = D + C,
    /// to extended (E·F : G·H : F·G : E·H) (add-2008-hwcd-3). Subtraction adds
    /// (y-x, y+x, -C): where `neg` is set, the pair going in is swapped, and so are F
    /// and G.
    #[inline(always)]
    pub(crate) fn add_signed<A: Addend8<L>>(&self, q: &A, neg: L) -> Self {
        let [mut plus, mut minus] = q.sum_diff();
        F52::conditional_swap(&mut plus, &mut minus, neg);
        let a = self.y.sub(&self.x).carry().mul(&minus);
        let b = self.y.add(&self.x).carry().mul(&plus);
        let [c, d] = q.c_and_d(self);
        let e = b.sub(&a).carry();
        let h = b.add(&a).carry();
        let mut f = d.sub(&c).carry();
        let mut g = d.add(&c).carry();
        F52::conditional_swap(&mut f, &mut g, neg);
        Self::from_completed(&e, &f, &g, &h)
    }

    /// self + q, for either kind of addend. Cost: 8M cached, 7M affine.
    #[inline(always)]
    pub(crate) fn add<A: Addend8<L>>(&self, q: &A) -> Self {
        self.add_signed(q, L::splat(0))
    }

    /// self - q, for either kind of addend. Cost: 8M cached, 7M affine.
    #[inline(always)]
    pub(crate) fn sub<A: Addend8<L>>(&self, q: &A) -> Self {
        self.add_signed(q, L::splat(u64::MAX))
    }

    /// [`Point8::add_signed`] for a cached q. Cost: 8M.
    #[inline(always)]
    pub(crate) fn add_cached_signed(&self, q: &Cached8<L>, neg: L) -> Self {
        self.add_signed(q, neg)
    }

    /// [`Point8::add_signed`] for an affine q. Cost: 7M.
    #[inline(always)]
    pub(crate) fn add_affine_signed(&self, q: &Affine8<L>, neg: L) -> Self {
        self.add_signed(q, neg)
    }

    /// [`Point8::add`] for an affine q. Cost: 7M.
    #[inline(always)]
    pub(crate) fn add_affine(&self, q: &Affine8<L>) -> Self {
        self.add(q)
    }

    /// [`Point8::sub`] for an affine q. Cost: 7M.
    #[inline(always)]
    pub(crate) fn sub_affine(&self, q: &Affine8<L>) -> Self {
        self.sub(q)
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
        Self::from_completed(&e, &f, &g, &h)
    }

    /// The extended point (E·F : G·H : F·G : E·H) of the completed point
    /// ((E : F), (G : H)), which both formulas end in. Cost: 4M.
    #[inline(always)]
    fn from_completed(e: &F52<L>, f: &F52<L>, g: &F52<L>, h: &F52<L>) -> Self {
        Point8 {
            x: e.mul(f),
            y: g.mul(h),
            z: f.mul(g),
            t: e.mul(h),
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
}

impl<L: Lanes52<Array = [u64; 8]>> Point8<L> {
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

/// An addend of [`Point8::add_signed`]: what it brings to the formula's products.
pub(crate) trait Addend8<L: Lanes52> {
    /// (y+x, y-x); reduced.
    fn sum_diff(&self) -> [F52<L>; 2];
    /// The products C = T1·(2d·T2) and D = 2·Z1·Z2 with the point
    /// p = (X1 : Y1 : Z1 : T1); reduced.
    fn c_and_d(&self, p: &Point8<L>) -> [F52<L>; 2];
}

impl<L: Lanes52> Addend8<L> for Cached8<L> {
    #[inline(always)]
    fn sum_diff(&self) -> [F52<L>; 2] {
        [self.y_plus_x, self.y_minus_x]
    }

    /// D = Z1·(2·Z2): 2M.
    #[inline(always)]
    fn c_and_d(&self, p: &Point8<L>) -> [F52<L>; 2] {
        [p.t.mul(&self.t2d), p.z.mul(&self.z2)]
    }
}

impl<L: Lanes52> Addend8<L> for Affine8<L> {
    #[inline(always)]
    fn sum_diff(&self) -> [F52<L>; 2] {
        [self.y_plus_x, self.y_minus_x]
    }

    /// Z2 = 1, so D = 2·Z1: 1M.
    #[inline(always)]
    fn c_and_d(&self, p: &Point8<L>) -> [F52<L>; 2] {
        [p.t.mul(&self.xy2d), p.z.add(&p.z).carry()]
    }
}

#[cfg(test)]
#[path = "point_tests.rs"]
mod tests;
