//! Straus's interleaved method on eight lanes, for variable-time multiscalar sums of a
//! few dozen to a couple of hundred terms: **each lane owns a slice of the digit
//! positions of every scalar** and runs its own sequence of doublings and additions,
//! so no lane waits for another.
//!
//! The scalars are in width-5 NAF (`Scalar::vartime_non_adjacent_form(5)`: odd digits
//! below 16 in magnitude, at most one nonzero in any five consecutive positions), the
//! points' tables hold the odd multiples 1·P … 15·P, and lane l sums
//! Aₗ = Σᵢ Σₚ 2^(p - sₗ)·dᵢₚ·Pᵢ over the positions p of its slice sₗ … sₗ₊₁ - 1, top
//! down: a doubling per position below its top nonzero one, and an addition per
//! nonzero digit. (Precomputed tables, [`WideRows`], hold 64 odd multiples for
//! width-8 NAF digits; a schedule can put such terms first, [`Schedule::with_wide`].)
//! The caller combines the lane sums as Σₗ 2^sₗ·Aₗ
//! ([`Schedule::starts`]). The slices are cut so that the lanes' step counts are about
//! equal ([`Schedule::new`]): about 32 positions each for full-size scalars, shorter
//! ones at the bottom where the batch verifier's 128-bit coefficients add digits.
//!
//! A lane's work is a list of steps, each "acc ← acc + q" with a cached addend q: a
//! table entry (negated by lane mask where the digit is negative), or, for a doubling,
//! acc's own cached form (the addition formula is complete: it doubles correctly). So
//! every step of every lane is one 8M addition (plus the 1M conversion of acc in the
//! steps where some lane doubles), and the lanes stay busy: a lane pads its list, once
//! finished, with additions of the identity. For full-size scalars that is about 31
//! doublings and n·32/6 additions per lane.
//!
//! Why this layout, counted in eight-lane multiplications (M) at n terms:
//! - **Lanes owning points** (lane j sums the points j, 8 + j, …, every lane doubling
//!   through all 253 positions): 253 doublings of all eight lanes whatever n, against
//!   about 31 here (plus the caller's ~220 doublings of one point on the four-lane
//!   backend, about an eighth of the cost each); a sparse NAF would leave most lanes
//!   adding the identity, and fixed windows (about n·51/8 additions of 8M for radix
//!   2^5) cost as much as the NAF steps here, so it loses below about 300 terms.
//! - **Doublings and additions in separate steps** (every lane doubles at each
//!   position, then adds its digits of that position): each position costs the
//!   largest lane's count of nonzero digits, about 1.4 standard deviations over the
//!   mean (15 steps against 10.7 at 64 terms); here a lane's list is only as long as
//!   its own digits, and the lists of the lanes differ by a few percent.
//! - **Equal slices of 32 positions**: with the batch verifier's mix of full scalars
//!   and 128-bit coefficients the four low lanes had twice the additions of the four
//!   high ones; VerifyBatch/64 measured 1.036 of the four-lane path with equal
//!   slices, 0.92 with balanced ones (same-run A/B, `-C target-cpu=native`).
//!
//! The tables are built eight points at a time (one doubling, seven additions and
//! eight conversions to cached form per group) and stored as one [`Row`] per point and
//! entry, so that a step loads each lane's row whole and transposes the eight rows
//! into limb registers ([`transpose8`], as the Pippenger engine does).
//!
//! **Where the time goes, and why the gain is small** (AMD EPYC Zen 4, 64 random
//! terms, cargo's default build, profiled with equal slices and a schedule built with a
//! branch per digit, 119 µs in all): 361 steps of 215 ns (786 cycles at 3.66 GHz for
//! about 600 `vpmadd52` instructions: the multiplier is the bound), the tables 17 µs,
//! that schedule 7.5 µs (today's mask-driven pass takes about 4), the NAFs
//! 6.3 µs, the Horner combination about 8 µs. Zen 4 runs a zmm `vpmadd52` at half the
//! rate of a ymm one, so eight lanes multiply no faster than the four-lane backend's
//! ymm registers; a lane-step here is about a fifth cheaper than a four-lane
//! addition, and the ninth multiplication of the doubling steps, the four-lane Horner
//! combination and the schedule use most of that up. A CPU that issues zmm
//! `vpmadd52` at the ymm rate would halve the steps' time.
//!
//! Variable time: the digits choose the steps and the addresses (the inputs are
//! public).

use alloc::vec;
use alloc::vec::Vec;

use edwards25519_field::FieldElement;

use super::pippenger::{Buckets8, transpose8};
use super::point::{Cached8, Point8, lane_mask, limbs52};
use super::{F52, Ifma8, Zmm};
use crate::models::{D2, Extended};

/// Table entries per point in the tables built per call (width-5 NAF digits): the odd
/// multiples (2j + 1)·P, j in 0..8.
const ENTRIES: usize = 8;
/// Table entries per point in precomputed tables ([`WideRows`], width-8 NAF digits: odd,
/// below 128 in magnitude): j in 0..64.
pub(crate) const WIDE_ENTRIES: usize = 64;
/// A step's flag bits (`row << 2 | flags`): the addend is negated ...
const NEG: u64 = 1;
/// ... or the step is a doubling (the row is then the identity's, unused).
const DOUBLE: u64 = 2;

/// A cached addend row: the 20 radix-2^52 limbs of (Y+X, Y-X, 2·Z, 2d·T) (limb m of
/// coordinate c at word 5·c + m), then four words of padding, as three lane arrays
/// (one zmm load each), on its own three cache lines.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Row([[u64; 8]; 3]);

/// Precomputed tables of [`WIDE_ENTRIES`] rows per point, point i's entry j
/// ((2j + 1)·Pᵢ) at row `WIDE_ENTRIES·i + j`: `VartimePrecomputedMultiscalar`'s tables
/// where it runs this engine ([`wide_rows`]).
pub(crate) struct WideRows {
    rows: Vec<Row>,
}

impl WideRows {
    /// The number of points.
    pub(crate) fn points(&self) -> usize {
        self.rows.len() / WIDE_ENTRIES
    }
}

/// The eight lanes' steps.
pub(crate) struct Schedule {
    /// `steps[t][l]`: lane l's step t, `row << 2 | flags` ([`NEG`], [`DOUBLE`]).
    steps: Vec<[u64; 8]>,
    /// `doubles[t]`: the lanes whose step t is a doubling.
    doubles: Vec<u8>,
    /// `starts[l]`: the lowest position of lane l's slice (`starts[0] = 0`).
    starts: [usize; 8],
    /// The number of scalars, of which the first `wide` are over [`WideRows`].
    n: usize,
    /// See `n`.
    wide: usize,
}

impl Schedule {
    /// The steps of every lane for the width-5 NAF digits `nafs`.
    ///
    /// The slices are cut so that the lanes' step counts (a doubling per position
    /// below the slice's top, an addition per nonzero digit) are about equal: with
    /// scalars of different lengths (the 128-bit coefficients of batch verification)
    /// equal slices would leave the high lanes half idle. Then, per scalar, one
    /// iteration per nonzero digit (found from a bit mask of the nonzero digits, no
    /// branch on the zero ones) puts its addition in its lane at the place its
    /// position's additions start, counted from the per-position totals.
    pub(crate) fn new(nafs: &[[i8; 256]]) -> Self {
        Self::with_wide(nafs, 0)
    }

    /// The steps for `nafs`, of which the first `wide` are width-8 NAFs over a
    /// [`WideRows`] of `wide` points (rows 0 to `WIDE_ENTRIES·wide - 1`) and the others
    /// width-5 NAFs over the tables built per call, whose rows follow (then the
    /// identity's row).
    pub(crate) fn with_wide(nafs: &[[i8; 256]], wide: usize) -> Self {
        let n = nafs.len();
        debug_assert!(wide <= n);
        // Scalar i's first row.
        let base =
            |i: usize| (WIDE_ENTRIES * i.min(wide) + ENTRIES * i.saturating_sub(wide)) as u64;
        let identity = base(n) << 2;
        // cnt[p]: the scalars with a nonzero digit at position p; masks[i]: bit p set
        // where scalar i's digit p is nonzero.
        let mut cnt = [0u32; 256];
        let mut masks = vec![[0u64; 4]; n];
        for (d, m) in nafs.iter().zip(masks.iter_mut()) {
            for (c, &x) in cnt.iter_mut().zip(d) {
                *c += u32::from(x != 0);
            }
            for (w, chunk) in m.iter_mut().zip(d.chunks_exact(64)) {
                *w = nonzero_mask(chunk);
            }
        }
        let bounds = balance(&cnt);
        // next[p]: where (in its lane's list) the next addition at position p goes.
        let mut next = [0u32; 256];
        let mut lane_of = [0u8; 256];
        let mut tops = [None; 8];
        let mut lens = [0usize; 8];
        for l in 0..8 {
            let (lo, hi) = (bounds[l], bounds[l + 1]);
            lane_of[lo..hi].fill(l as u8);
            // The lane starts at its top nonzero position (doublings of the identity
            // before it would be wasted steps).
            let Some(top) = (lo..hi).rev().find(|&p| cnt[p] != 0) else {
                continue;
            };
            let mut at = 0u32;
            for p in (lo..=top).rev() {
                at += u32::from(p != top);
                next[p] = at;
                at += cnt[p];
            }
            tops[l] = Some(top);
            lens[l] = at as usize;
        }
        let len = lens.iter().copied().max().unwrap_or(0);
        let mut steps = vec![[identity; 8]; len];
        let mut doubles = vec![0u8; len];
        for (l, top) in tops.iter().enumerate() {
            let Some(top) = *top else { continue };
            // The doubling before each position's additions, below the top.
            for &at in &next[bounds[l]..top] {
                let t = at as usize - 1;
                steps[t][l] = identity | DOUBLE;
                doubles[t] |= 1 << l;
            }
        }
        for (i, (d, m)) in nafs.iter().zip(&masks).enumerate() {
            let first = base(i);
            for (w, &bits) in m.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let p = 64 * w + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let d = d[p];
                    // |d| is odd and below 16 (128 for a wide table): entry |d|/2 holds
                    // |d|·P.
                    let row = first + u64::from(d.unsigned_abs() / 2);
                    steps[next[p] as usize][usize::from(lane_of[p])] = row << 2 | u64::from(d < 0);
                    next[p] += 1;
                }
            }
        }
        let mut starts = [0; 8];
        starts.copy_from_slice(&bounds[..8]);
        Schedule {
            steps,
            doubles,
            starts,
            n,
            wide,
        }
    }

    /// `starts[l]`: the lowest position of lane l's slice: the caller's sum is
    /// Σₗ 2^starts\[l\]·Aₗ.
    pub(crate) fn starts(&self) -> &[usize; 8] {
        &self.starts
    }
}

/// The slice bounds: lane l owns the positions `b[l]..b[l + 1]`, `b[0] = 0` and
/// `b[8]` past the top nonzero position (all 0 when every digit is). A position's
/// work is its count of nonzero digits plus one (its doubling); a cut goes before
/// the first position at which the lanes below it hold their share of the total.
fn balance(cnt: &[u32; 256]) -> [usize; 9] {
    let Some(top) = (0..256).rev().find(|&p| cnt[p] != 0) else {
        return [0; 9];
    };
    let work = |p: usize| u64::from(cnt[p]) + 1;
    let total: u64 = (0..=top).map(work).sum();
    let mut b = [top + 1; 9];
    b[0] = 0;
    let (mut done, mut l) = (0u64, 1usize);
    for p in 0..=top {
        while l < 8 && 8 * done >= l as u64 * total {
            b[l] = p;
            l += 1;
        }
        done += work(p);
    }
    b
}

/// Bit k set where `d[k]` is nonzero, for 64 digits; no branch on them (per 8 bytes:
/// a byte's high bit after `(x & 0x7f) + 0x7f | x` is set exactly when x is
/// nonzero, and the multiplication gathers the eight high bits into the top byte).
#[inline(always)]
fn nonzero_mask(d: &[i8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut mask = 0u64;
    for (j, chunk) in d.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        for (o, &x) in b.iter_mut().zip(chunk) {
            *o = x as u8;
        }
        let w = u64::from_le_bytes(b);
        let high = (((w & LOW7) + LOW7) | w) & HIGH;
        // Bit 7 of byte k to bit 56 + k: the products of distinct bits do not collide.
        let bits = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= bits << (8 * j);
    }
    mask
}

/// The eight lane sums Aₗ (see the module docs) of `points` with the steps of `sched`,
/// on this CPU's AVX-512 IFMA.
#[inline]
pub(crate) fn lane_sums(
    token: Ifma8,
    sched: &Schedule,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    // SAFETY: `token` exists, so CPUID reported every feature `sums_with_features`
    // enables.
    unsafe { sums_with_features::<Zmm, false>(token, sched, &[], points) }
}

/// [`lane_sums`] with the first `wide.points()` scalars of `sched` over the precomputed
/// tables `wide` and the others over tables of `points` built for this call.
#[inline]
pub(crate) fn lane_sums_wide(
    token: Ifma8,
    sched: &Schedule,
    wide: &WideRows,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    // SAFETY: `token` exists, so CPUID reported every feature `sums_with_features`
    // enables.
    unsafe { sums_with_features::<Zmm, true>(token, sched, &wide.rows, points) }
}

/// The one function with the target features on.
/// Generic over the lanes (run with [`Zmm`] only) so that it is compiled where it is
/// called, and not in a program that never calls it (docs/backends.md, "Build cost").
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn sums_with_features<L: Buckets8, const WIDE: bool>(
    _: Ifma8,
    sched: &Schedule,
    wide: &[Row],
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    crate::backend::vector::align_frame();
    sums_over::<L, WIDE>(sched, wide, points)
}

/// The precomputed tables of `points` on this CPU's AVX-512 IFMA.
#[inline]
pub(crate) fn wide_rows(token: Ifma8, points: &[Extended<FieldElement>]) -> WideRows {
    // SAFETY: `token` exists, so CPUID reported every feature `wide_with_features`
    // enables.
    unsafe { wide_with_features::<Zmm>(token, points) }
}

/// The one function with the target features on (as [`sums_with_features`]).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn wide_with_features<L: Buckets8>(_: Ifma8, points: &[Extended<FieldElement>]) -> WideRows {
    crate::backend::vector::align_frame();
    wide_rows_on::<L>(points)
}

/// The precomputed tables of `points` on any [`Buckets8`].
#[inline(always)]
pub(crate) fn wide_rows_on<L: Buckets8>(points: &[Extended<FieldElement>]) -> WideRows {
    let d2 = F52::<L>(limbs52(&D2).map(L::splat));
    WideRows {
        rows: table_rows::<L>(points, &d2, WIDE_ENTRIES),
    }
}

/// The lane sums on any [`Buckets8`] (the tests run it on the instruction model).
#[cfg(test)]
pub(crate) fn sums<L: Buckets8>(
    sched: &Schedule,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    sums_over::<L, false>(sched, &[], points)
}

/// [`lane_sums_wide`] on any [`Buckets8`] (the tests run it on the instruction model).
#[cfg(test)]
pub(crate) fn sums_wide<L: Buckets8>(
    sched: &Schedule,
    wide: &WideRows,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    sums_over::<L, true>(sched, &wide.rows, points)
}

/// The lane sums with the first scalars over the precomputed rows `wide` (no rows when
/// `sched` has no wide scalars). `WIDE` false compiles the plain sums' loop without the
/// second table and the prefetching: with them, the plain sum of 64 terms took 1.012 of
/// the time and VerifyBatch/64 1.008 (same-run A/B, `-C target-cpu=native`).
#[inline(always)]
fn sums_over<L: Buckets8, const WIDE: bool>(
    sched: &Schedule,
    wide: &[Row],
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    debug_assert_eq!(sched.n, sched.wide + points.len());
    debug_assert_eq!(wide.len(), WIDE_ENTRIES * sched.wide);
    let d2 = F52::<L>(limbs52(&D2).map(L::splat));
    let mut rows = table_rows::<L>(points, &d2, ENTRIES);
    rows.push(identity_row());
    let mut acc = Point8::<L>::identity();
    let prefetching = WIDE && wide.len() >= PREFETCH_FROM;
    // A loop, not an iterator closure, around the lane code (closures do not inherit
    // the caller's target features).
    for (t, (entry, &doubles)) in sched.steps.iter().zip(&sched.doubles).enumerate() {
        // Two steps ahead: one was a little slower with tables beyond the caches (the
        // timing loop of `precomputed::tests::timing`, 1024 and 2048 points), four no
        // faster.
        if prefetching && let Some(next) = sched.steps.get(t + 2) {
            prefetch::<WIDE>(wide, &rows, next);
        }
        let neg = lane_mask(L::from_array(*entry).and(L::splat(NEG)));
        let mut q = load_cached::<L, WIDE>(wide, &rows, entry);
        if doubles != 0 {
            let own = cached(&acc, &d2);
            q = Cached8 {
                y_plus_x: q.y_plus_x.select(doubles, &own.y_plus_x),
                y_minus_x: q.y_minus_x.select(doubles, &own.y_minus_x),
                z2: q.z2.select(doubles, &own.z2),
                t2d: q.t2d.select(doubles, &own.t2d),
            };
        }
        acc = acc.add_cached_signed(&q, neg);
    }
    acc.to_points()
}

/// (Y+X, Y-X, 2·Z, 2d·T) with 2d already in limbs (`Point8::to_cached` converts it
/// on every call). Cost: 1M.
#[inline(always)]
fn cached<L: Buckets8>(p: &Point8<L>, d2: &F52<L>) -> Cached8<L> {
    Cached8 {
        y_plus_x: p.y.add(&p.x).carry(),
        y_minus_x: p.y.sub(&p.x).carry(),
        z2: p.z.add(&p.z).carry(),
        t2d: p.t.mul(d2),
    }
}

/// The identity's row (1, 1, 2, 0): limb 0 of Y+X (word 0), of Y-X (word 5) and of
/// 2·Z (word 10).
fn identity_row() -> Row {
    let mut id = Row([[0; 8]; 3]);
    id.0[0][0] = 1;
    id.0[0][5] = 1;
    id.0[1][2] = 2;
    id
}

/// The tables of `points` as [`Row`]s, point i's entry j ((2j + 1)·Pᵢ) at row
/// `entries·i + j`. Eight points at a time: a doubling, `entries - 1` additions and
/// `entries` conversions per group.
#[inline(always)]
fn table_rows<L: Buckets8>(
    points: &[Extended<FieldElement>],
    d2: &F52<L>,
    entries: usize,
) -> Vec<Row> {
    let n = points.len();
    // One more for the identity's row, which `sums_over` pushes (without it the push
    // reallocates and copies the whole table).
    let mut rows = Vec::with_capacity(entries * n + 1);
    rows.resize(entries * n, Row([[0; 8]; 3]));
    for (g, chunk) in points.chunks(8).enumerate() {
        let lane = |j: usize| chunk.get(j).unwrap_or(&Extended::IDENTITY);
        let p = Point8::<L> {
            x: F52::load(|j| lane(j).x),
            y: F52::load(|j| lane(j).y),
            z: F52::load(|j| lane(j).z),
            t: F52::load(|j| lane(j).t),
        };
        let step = cached(&p.double(), d2);
        let mut m = p;
        for j in 0..entries {
            if j > 0 {
                m = m.add(&step);
            }
            // Limb registers to rows: the same 8×8 transposition, 24 words per row.
            let c = cached(&m, d2);
            let z = L::splat(0);
            let mut regs = [z; 24];
            for (ci, f) in [&c.y_plus_x, &c.y_minus_x, &c.z2, &c.t2d]
                .into_iter()
                .enumerate()
            {
                regs[5 * ci..5 * ci + 5].copy_from_slice(&f.0);
            }
            let lo = transpose8([
                regs[0], regs[1], regs[2], regs[3], regs[4], regs[5], regs[6], regs[7],
            ]);
            let mid = transpose8([
                regs[8], regs[9], regs[10], regs[11], regs[12], regs[13], regs[14], regs[15],
            ]);
            let hi = transpose8([
                regs[16], regs[17], regs[18], regs[19], regs[20], regs[21], regs[22], regs[23],
            ]);
            for l in 0..chunk.len() {
                rows[entries * (8 * g + l) + j] =
                    Row([lo[l].to_array(), mid[l].to_array(), hi[l].to_array()]);
            }
        }
    }
    rows
}

/// Row `entry >> 2` of `wide` followed by `rows` (of `rows` alone without `WIDE`).
#[inline(always)]
fn row<'a, const WIDE: bool>(wide: &'a [Row], rows: &'a [Row], entry: u64) -> &'a Row {
    let i = (entry >> 2) as usize;
    if !WIDE {
        return &rows[i];
    }
    match wide.get(i) {
        Some(r) => r,
        None => &rows[i - wide.len()],
    }
}

/// From this many precomputed rows (128 points, 1.5 MiB) on, [`sums_over`] asks for
/// each step's rows two steps ahead ([`prefetch`]).
///
/// A step is longer than the out-of-order window, so without the hint each step's loads
/// wait for memory when the tables are larger than the caches. The timing loop of
/// `precomputed::tests::timing`, on the Intel Xeon reporting model 167: 0.92 of the
/// time at 256 points, 0.82 at 1024, 0.66 at 2048, no change at 64. Where the tables
/// fit in the caches the hints cost time: with them on every step, the plain sum of 64
/// terms took 1.027 of the time and VerifyBatch/64 1.016 (same-run A/B, `-C
/// target-cpu=native`).
const PREFETCH_FROM: usize = 128 * WIDE_ENTRIES;

/// Asks the caches for the rows of the step `entry` (see [`load_cached`]).
#[inline(always)]
fn prefetch<const WIDE: bool>(wide: &[Row], rows: &[Row], entry: &[u64; 8]) {
    use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    for &e in entry {
        for line in &row::<WIDE>(wide, rows, e).0 {
            // SAFETY: a prefetch (SSE, on every x86-64 CPU) reads nothing
            // architecturally and cannot fault; the address is a row's cache line.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line.as_ptr().cast::<i8>()) };
        }
    }
}

/// Lane l's cached addend from row `entry[l] >> 2` of `wide` followed by `rows`: the
/// eight rows loaded whole (three zmm loads each) and transposed (the outputs of the
/// third transposition past the four limbs of 2d·T are unused).
#[inline(always)]
fn load_cached<L: Buckets8, const WIDE: bool>(
    wide: &[Row],
    rows: &[Row],
    entry: &[u64; 8],
) -> Cached8<L> {
    let mut lo = [L::splat(0); 8];
    let mut mid = [L::splat(0); 8];
    let mut hi = [L::splat(0); 8];
    for l in 0..8 {
        let r = &row::<WIDE>(wide, rows, entry[l]).0;
        lo[l] = L::from_array(r[0]);
        mid[l] = L::from_array(r[1]);
        hi[l] = L::from_array(r[2]);
    }
    let (a, b, c) = (transpose8(lo), transpose8(mid), transpose8(hi));
    Cached8 {
        y_plus_x: F52([a[0], a[1], a[2], a[3], a[4]]),
        y_minus_x: F52([a[5], a[6], a[7], b[0], b[1]]),
        z2: F52([b[2], b[3], b[4], b[5], b[6]]),
        t2d: F52([b[7], c[0], c[1], c[2], c[3]]),
    }
}
