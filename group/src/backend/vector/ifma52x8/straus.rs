//! Straus's interleaved method on eight lanes, for variable-time multiscalar sums of a
//! few dozen to a few hundred terms: **each lane owns a 32-bit slice of every scalar**
//! and runs its own sequence of doublings and additions, so no lane waits for another.
//!
//! The scalars are in width-5 NAF (`Scalar::vartime_non_adjacent_form(5)`: odd digits
//! below 16 in magnitude, at most one nonzero in any five consecutive positions), the
//! points' tables hold the odd multiples 1·P … 15·P, and lane l sums
//! Aₗ = Σᵢ Σₚ 2^(p - 32·l)·dᵢₚ·Pᵢ over the positions p of its slice 32·l … 32·l + 31,
//! top down: a doubling per position below its top nonzero one, and an addition per
//! nonzero digit. The caller combines the lane sums as Σₗ 2^(32·l)·Aₗ.
//!
//! A lane's work is a list of steps, each "acc ← acc + q" with a cached addend q: a
//! table entry (negated by lane mask where the digit is negative), or, for a doubling,
//! acc's own cached form (the addition formula is complete: it doubles correctly). So
//! every step of every lane is one 8M addition plus the 1M conversion of acc, and the
//! lanes stay busy: a lane pads its list, once finished, with additions of the
//! identity. Per lane that is 31 doublings and about n·32/6 additions.
//!
//! Why this layout, counted in eight-lane multiplications (M) at n terms:
//! - **Lanes owning points** (lane j sums the points j, 8 + j, …, every lane doubling
//!   through all 253 positions): 253 doublings of all eight lanes whatever n, against
//!   31 here (plus the caller's 224 doublings of one point on the four-lane backend,
//!   about an eighth of the cost each); a sparse NAF would leave most lanes adding the
//!   identity, and fixed windows (about n·51/8 additions of 8M for radix 2^5) cost as
//!   much as the NAF steps here, so it loses below about 300 terms.
//! - **Doublings and additions in separate steps** (every lane doubles at each
//!   position, then adds its digits of that position): each position costs the
//!   largest lane's count of nonzero digits, about 1.4 standard deviations over the
//!   mean (15 steps against 10.7 at 64 terms); here a lane's list is only as long as
//!   its own digits, and the lists of the lanes differ by a few percent.
//!
//! The tables are built eight points at a time (one doubling, seven additions and
//! eight conversions to cached form per group) and stored as one [`Row`] per point and
//! entry, so that a step loads each lane's row whole and transposes the eight rows
//! into limb registers ([`transpose8`], as the Pippenger engine does).
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

/// Bits of each scalar a lane owns: eight slices cover the 256 positions of a NAF.
pub(crate) const SLICE: usize = 32;
/// Table entries per point: the odd multiples (2j + 1)·P, j in 0..8.
const ENTRIES: usize = 8;
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

/// The eight lanes' steps.
pub(crate) struct Schedule {
    /// `steps[t][l]`: lane l's step t, `row << 2 | flags` ([`NEG`], [`DOUBLE`]).
    steps: Vec<[u64; 8]>,
    /// `doubles[t]`: the lanes whose step t is a doubling.
    doubles: Vec<u8>,
    /// The number of points (the identity's row is `ENTRIES·n`).
    n: usize,
}

impl Schedule {
    /// The steps of every lane for the width-5 NAF digits `nafs`.
    ///
    /// A counting sort per lane, on bit masks of the nonzero digits (so that the work
    /// per scalar and lane is one pass over its 32 digits without a branch on them,
    /// and one iteration per nonzero digit).
    pub(crate) fn new(nafs: &[[i8; 256]]) -> Self {
        let n = nafs.len();
        let identity = ((ENTRIES * n) as u64) << 2;
        // masks[i][l]: bit k set where digit 32·l + k of scalar i is nonzero.
        let mut masks = vec![[0u32; 8]; n];
        let mut any = [0u32; 8];
        for (d, m) in nafs.iter().zip(masks.iter_mut()) {
            for l in 0..8 {
                m[l] = nonzero_mask(&d[SLICE * l..SLICE * (l + 1)]);
                any[l] |= m[l];
            }
        }
        // starts[l][k]: where lane l's steps of position 32·l + k begin (the doubling,
        // below the lane's top position, then one addition per nonzero digit), the
        // top position first; lens[l]: lane l's step count.
        let mut starts = [[0u32; SLICE]; 8];
        let mut lens = [0usize; 8];
        for l in 0..8 {
            // The lane starts at its top nonzero position (doublings of the identity
            // before it would be wasted steps).
            if any[l] == 0 {
                continue;
            }
            let top = 31 - any[l].leading_zeros() as usize;
            let mut counts = [0u32; SLICE];
            for m in &masks {
                for (k, c) in counts.iter_mut().enumerate() {
                    *c += m[l] >> k & 1;
                }
            }
            let mut at = 0u32;
            for k in (0..=top).rev() {
                starts[l][k] = at + u32::from(k != top);
                at += u32::from(k != top) + counts[k];
            }
            lens[l] = at as usize;
        }
        let len = lens.iter().copied().max().unwrap_or(0);
        let mut steps = vec![[identity; 8]; len];
        let mut doubles = vec![0u8; len];
        for l in 0..8 {
            if any[l] == 0 {
                continue;
            }
            let top = 31 - any[l].leading_zeros() as usize;
            for k in 0..top {
                let t = starts[l][k] as usize - 1;
                steps[t][l] = identity | DOUBLE;
                doubles[t] |= 1 << l;
            }
            let next = &mut starts[l];
            for (i, (d, m)) in nafs.iter().zip(&masks).enumerate() {
                let mut m = m[l];
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let d = d[SLICE * l + k];
                    // |d| is odd and below 16: entry |d|/2 holds |d|·P.
                    let row = (ENTRIES * i) as u64 + u64::from(d.unsigned_abs() / 2);
                    steps[next[k] as usize][l] = row << 2 | u64::from(d < 0);
                    next[k] += 1;
                }
            }
        }
        Schedule { steps, doubles, n }
    }
}

/// Bit k set where `d[k]` is nonzero, for 32 digits; no branch on them (per 8 bytes:
/// a byte's high bit after `(x & 0x7f) + 0x7f | x` is set exactly when x is
/// nonzero, and the multiplication gathers the eight high bits into the top byte).
#[inline(always)]
fn nonzero_mask(d: &[i8]) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut mask = 0u32;
    for (j, chunk) in d.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        for (o, &x) in b.iter_mut().zip(chunk) {
            *o = x as u8;
        }
        let w = u64::from_le_bytes(b);
        let high = (((w & LOW7) + LOW7) | w) & HIGH;
        // Bit 7 of byte k to bit 56 + k: the products of distinct bits do not collide.
        let bits = ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        mask |= bits << (8 * j);
    }
    mask
}

/// The eight lane sums Aₗ (see the module docs) of `points` with the steps of `sched`,
/// on this CPU's AVX-512 IFMA.
pub(crate) fn lane_sums(
    token: Ifma8,
    sched: &Schedule,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    // SAFETY: `token` exists, so CPUID reported every feature `sums_with_features`
    // enables.
    unsafe { sums_with_features(token, sched, points) }
}

/// The one function with the target features on.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn sums_with_features(
    _: Ifma8,
    sched: &Schedule,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    sums::<Zmm>(sched, points)
}

/// The lane sums on any [`Buckets8`] (the tests run it on the instruction model).
#[inline(always)]
pub(crate) fn sums<L: Buckets8>(
    sched: &Schedule,
    points: &[Extended<FieldElement>],
) -> [Extended<FieldElement>; 8] {
    debug_assert_eq!(sched.n, points.len());
    let d2 = F52::<L>(limbs52(&D2).map(L::splat));
    let rows = table_rows::<L>(points, &d2);
    let mut acc = Point8::<L>::identity();
    // A loop, not an iterator closure, around the lane code (closures do not inherit
    // the caller's target features).
    for (entry, &doubles) in sched.steps.iter().zip(&sched.doubles) {
        let neg = lane_mask(L::from_array(*entry).and(L::splat(NEG)));
        let mut q = load_cached::<L>(&rows, entry);
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

/// The tables of `points` as [`Row`]s, point i's entry j ((2j + 1)·Pᵢ) at row
/// `ENTRIES·i + j`, then the identity's row (1, 1, 2, 0). Eight points at a time: a
/// doubling, seven additions and eight conversions per group.
#[inline(always)]
fn table_rows<L: Buckets8>(points: &[Extended<FieldElement>], d2: &F52<L>) -> Vec<Row> {
    let n = points.len();
    let mut rows = vec![Row([[0; 8]; 3]); ENTRIES * n + 1];
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
        for j in 0..ENTRIES {
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
                rows[ENTRIES * (8 * g + l) + j] =
                    Row([lo[l].to_array(), mid[l].to_array(), hi[l].to_array()]);
            }
        }
    }
    let id = &mut rows[ENTRIES * n].0;
    // Limb 0 of Y+X (word 0), of Y-X (word 5) and of 2·Z (word 10).
    id[0][0] = 1;
    id[0][5] = 1;
    id[1][2] = 2;
    rows
}

/// Lane l's cached addend from row `entry[l] >> 2` of `rows`: the eight rows loaded
/// whole (three zmm loads each) and transposed (the outputs of the third
/// transposition past the four limbs of 2d·T are unused).
#[inline(always)]
fn load_cached<L: Buckets8>(rows: &[Row], entry: &[u64; 8]) -> Cached8<L> {
    let mut lo = [L::splat(0); 8];
    let mut mid = [L::splat(0); 8];
    let mut hi = [L::splat(0); 8];
    for l in 0..8 {
        let r = &rows[(entry[l] >> 2) as usize].0;
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
