//! Scalar multiplication algorithms, generic over the point backend
//! ([`PointBackend`], `crate::backend`).
//!
//! Each public entry point (on [`Point`](crate::Point)) recodes the scalar (the
//! recodings are all `edwards25519_scalar`'s: `Scalar::as_radix_16`,
//! `Scalar::vartime_non_adjacent_form`, `Scalar::vartime_signed_radix_2c`), hands an
//! `Op` to `backend::run`, which picks the backend once for the call, converts the
//! input points, runs one of these generic bodies and converts the result back.
//!
//! - [`fixed_base`]: ScalarBaseMult, constant time, precomputed table of B.
//! - [`variable_base`]: ScalarMult, constant time, per-call table of 8 multiples.
//! - [`vartime_double_base`]: a·A + b·B for public inputs (signature verification).
//! - [`multiscalar`]: multiscalar multiplication, over `straus` or `pippenger`.
//! - [`precomputed`]: the precomputed tables ([`FixedBaseTable`](crate::FixedBaseTable),
//!   [`VartimePrecomputedMultiscalar`](crate::VartimePrecomputedMultiscalar)).
//!
//! What they share is here: the two kinds of per-point table ([`radix_16_table`],
//! [`naf_table`]), and the doubling chains
//! ([`double_times`], [`double_sum_times`]).

pub(crate) mod fixed_base;
#[cfg(all(
    test,
    feature = "alloc",
    edwards25519_vector,
    not(edwards25519_backend = "avx2")
))]
mod msm_test_inputs;
#[cfg(feature = "alloc")]
pub(crate) mod multiscalar;
#[cfg(feature = "alloc")]
pub mod pippenger;
#[cfg(all(
    feature = "alloc",
    edwards25519_vector,
    not(edwards25519_backend = "avx2")
))]
pub(crate) mod pippenger8;
#[cfg(feature = "alloc")]
pub(crate) mod precomputed;
#[cfg(feature = "alloc")]
pub mod straus;
#[cfg(all(
    feature = "alloc",
    edwards25519_vector,
    not(edwards25519_backend = "avx2")
))]
pub(crate) mod straus8;
mod unreduced;
pub(crate) mod variable_base;
pub(crate) mod vartime_double_base;

use crate::backend::{PointBackend, Routine};

// No closures around point arithmetic in these algorithms: a closure called from
// iterator code is compiled as its own function, outside the vector backends' one
// function with the target features on, and its instructions would stay out of line
// (measured 10× slower). The helpers below are `#[inline(always)]` for the same reason.

/// The per-point table for signed radix-16 digits (ScalarMult, constant-time Straus):
/// `[j] = (j + 1)·P`, j in 0..8, read through [`PointBackend::select`]. 7 additions.
#[inline(always)]
pub(crate) fn radix_16_table<B: PointBackend>(b: B, p: &B::Point) -> [B::Cached; 8] {
    b.call(Table {
        point: p,
        odd: false,
    })
}

/// The per-point table for width-5 NAF digits (VarTimeDoubleScalarBaseMult, variable-time
/// Straus, the precomputed multiscalar's dynamic points): the odd multiples
/// `[j] = (2j + 1)·P`, j in 0..8, so an odd digit d with |d| < 16 reads entry |d|/2.
/// One doubling and 7 additions.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn naf_table<B: PointBackend>(b: B, p: &B::Point) -> [B::Cached; 8] {
    b.call(Table {
        point: p,
        odd: true,
    })
}

/// [`naf_table`] inlined into the caller, not called: the variable-time Straus, the
/// double-base product and the half-size Schnorr check, where the call measured
/// 1.01-1.03× slower (VerifyBatch/64, VarTimeDoubleScalarBaseMult, Verification).
#[inline(always)]
pub(crate) fn naf_table_inline<B: PointBackend>(b: B, p: &B::Point) -> [B::Cached; 8] {
    Table {
        point: p,
        odd: true,
    }
    .run(b)
}

/// Both per-point tables as one routine, compiled once per backend and called by every
/// operation that builds one (one call per point, against the 7 or 8 additions inside):
/// `[j] = (2j + 1)·P` if `odd`, else `(j + 1)·P`. `odd` is fixed by the call site, not
/// by any secret.
struct Table<'a, B: PointBackend> {
    point: &'a B::Point,
    odd: bool,
}

impl<B: PointBackend> Routine<B> for Table<'_, B> {
    type Output = [B::Cached; 8];
    #[inline(always)]
    fn run(self, b: B) -> [B::Cached; 8] {
        let p = self.point;
        let p_cached = b.to_cached(p);
        let step = if self.odd { odd_step(b, p) } else { p_cached };
        progression(b, p, p_cached, &step)
    }
}

/// 2·P as an addend: the step between consecutive odd multiples of P.
#[inline(always)]
pub(crate) fn odd_step<B: PointBackend>(b: B, p: &B::Point) -> B::Cached {
    b.to_cached(&b.to_extended(&b.double_point(p)))
}

/// `[j] = first + j·step` as cached addends, j in 0..8 (`first_cached` is `first`
/// already cached): 7 additions.
#[inline(always)]
fn progression<B: PointBackend>(
    b: B,
    first: &B::Point,
    first_cached: B::Cached,
    step: &B::Cached,
) -> [B::Cached; 8] {
    let mut table = [first_cached; 8];
    let mut acc = *first;
    for entry in table.iter_mut().skip(1) {
        acc = b.to_extended(&b.add(&acc, step));
        *entry = b.to_cached(&acc);
    }
    table
}

/// 2^k·s for a sum straight out of an addition or a doubling: k doublings, none of
/// them back in extended form (a doubling does not need T), so a chain costs k
/// doublings and no conversions but the one its caller makes before the next addition.
#[inline(always)]
pub(crate) fn double_sum_times<B: PointBackend>(b: B, s: &B::Sum, k: usize) -> B::Sum {
    let mut r = *s;
    for _ in 0..k {
        r = b.double(&r);
    }
    r
}

/// 2^k·p for an extended point, k >= 1: [`double_sum_times`] after the first doubling.
/// 16·p (k = 4) is the step of the radix-16 algorithms.
#[inline(always)]
pub(crate) fn double_times<B: PointBackend>(b: B, p: &B::Point, k: usize) -> B::Sum {
    debug_assert!(k >= 1);
    double_sum_times(b, &b.double_point(p), k - 1)
}
