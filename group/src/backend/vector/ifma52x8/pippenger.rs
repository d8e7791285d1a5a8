//! Pippenger's bucket method (see `crate::scalar_mul::pippenger`) on eight lanes, for
//! variable-time multiscalar multiplication of many terms: **each lane owns a window
//! and walks its points sorted by digit**, so its bucket is always in registers.
//!
//! The scalars are cut into w signed c-bit digits (`Scalar::vartime_signed_radix_2c`),
//! and the windows are taken eight at a time (a *pass*): lane l of pass p owns window
//! 8p + l. Before a pass, each lane's nonzero digits are sorted by magnitude, largest
//! first (a counting sort: the digits are public), into a schedule: at step t, lane l
//! adds its t-th point, negated where the digit is negative, to one accumulator. The
//! accumulator is never reset. After the last point of magnitude k it holds
//! Rₖ = Σ_{|d| ≥ k} ±P, the running sum of the buckets from the top down, and since
//! Σₖ k·Bₖ = Σₖ Rₖ (Rₖ = Σ_{k' ≥ k} B_k'), the window's sum needs only the Rₖ:
//! the lane writes its accumulator into slot k (and the slots of the empty magnitudes
//! below it, which share Rₖ) with one masked store per limb, and after the pass the
//! slots are added up, all eight windows at once. That is n mixed additions (7M) per
//! window for the buckets and 2^(c-1) cached additions (9M with the conversion) for
//! the sums, against n + 2·2^(c-1) for buckets kept in memory and summed by the
//! running-sum trick.
//!
//! Why lanes own windows and walk sorted points, not the other layouts:
//! - Lanes owning windows with buckets in memory (the first version of this engine)
//!   read and wrote each lane's bucket by address: 20 `vpgatherqq` and 20
//!   `vpscatterqq` per addition, which Zen 4 runs as long microcode sequences (about a
//!   third of the time at 1,024 terms), and the running sums cost 2 additions per
//!   bucket. Here the accumulator is written (masked stores) once per bucket, not
//!   read and written per point, and the addend rows are loaded whole and transposed
//!   ([`transpose8`]): 15 gathers per step measured 6% slower at 1,024 terms.
//! - Lanes owning the buckets of one window (one bucket run per lane) leave a bucket
//!   split between two lanes at each chunk boundary and make the running sums cross
//!   lanes (eight prefix corrections per window, small-scalar multiplications);
//!   lanes owning windows need no fixing up, and every lane's run count is about n.
//!
//! The padding: a lane with fewer nonzero digits than the longest lane of its pass (or
//! with no window, past w) adds the identity (an extra row of the addend table) in its
//! remaining steps. The window table, [`window_bits`], is measured.
//!
//! The points are made affine first on eight lanes ([`affine_rows`]: Montgomery's
//! trick across the groups of eight, `encode::invert_groups`), into rows of 16 words
//! (the 15 radix-2^52 limbs of (y+x, y-x, 2d·x·y) and one of padding).
//!
//! Variable time: the digits choose the schedule and the addresses (the inputs are
//! public).

use alloc::vec;
use alloc::vec::Vec;
use core::arch::x86_64::*;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use super::encode::invert_groups;
use super::point::{Affine8, Cached8, Point8, lane_mask, limbs52};
use super::select::Masked52;
use super::{F52, Ifma8, Lanes52, Zmm};
use crate::models::{D2, Extended};

/// An addend row: the 15 radix-2^52 limbs of (y+x, y-x, 2d·x·y), then one word of
/// padding, as two lane arrays (one zmm load each), on its own two cache lines.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Row([[u64; 8]; 2]);
/// Lane arrays per slot: 4 coordinates of 5 limbs (limb m of coordinate c, all eight
/// lanes, at `5·c + m`).
const SLOT: usize = 20;

/// The lane operation the engine adds to [`Masked52`] (whose `permute2` transposes
/// the addend rows): the per-lane stores of the accumulator.
pub(crate) trait Buckets8: Masked52<Mask = u8> {
    /// `dst[l] = self[l]` for the lanes l of `m`, the other words of `dst` untouched
    /// (`vmovdqu64` with a write mask).
    fn store_lanes(self, dst: &mut [u64; 8], m: u8);
}

impl Buckets8 for Zmm {
    #[inline(always)]
    fn store_lanes(self, dst: &mut [u64; 8], m: u8) {
        // SAFETY: `dst` is 64 writable bytes, all a full store would touch (a masked
        // store touches fewer); only reached after the CPUID check (AVX-512 F).
        unsafe { _mm512_mask_storeu_epi64(dst.as_mut_ptr() as *mut _, m, self.0) }
    }
}

#[cfg(test)]
impl Buckets8 for super::model::Model8 {
    fn store_lanes(self, dst: &mut [u64; 8], m: u8) {
        for (l, d) in dst.iter_mut().enumerate() {
            if m >> l & 1 == 1 {
                *d = self.0[l];
            }
        }
    }
}

/// Window size c for n terms on this engine.
///
/// Cost model, in eight-lane multiplications: ⌈w/8⌉ passes of 7n (bucket additions)
/// plus 9·2^(c-1) (the slot sums), w = ⌈253/c⌉ (`Scalar::signed_radix_2c_len`); c = 8
/// gives 32 windows, four full passes. From a development timing loop (window sums
/// alone, best of 9, random terms, `-C target-cpu=native`, AMD EPYC Zen 4), µs:
///
/// ```text
///     n    c=5    c=6    c=7    c=8    c=9
///    64    137    155    190    255    442
///   128    218    227    252    309    496
///   192    296    298    315    358    545
///   256    372    368    369    406    592
///   512    698    644    607    602    803
///  1024   1414   1249   1122   1016   1218
///  2048   3088   2512   2473   2202   2406
/// ```
///
/// Past 2,048 terms c = 8 is kept (c = 9 and up pay more slot sums than they save
/// windows, as 29 windows still take four passes).
pub(crate) fn window_bits(n: usize) -> usize {
    match n {
        0..=191 => 5,
        192..=383 => 6,
        384..=511 => 7,
        _ => 8,
    }
}

/// The w window sums Σₖ k·Bₖ of the c-bit signed digits of `scalars` over `points`,
/// lowest window first, on this CPU's AVX-512 IFMA. The caller combines them as
/// Σⱼ 2^(c·j)·Wⱼ.
#[inline]
pub(crate) fn window_sums(
    token: Ifma8,
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
    c: usize,
) -> Vec<Extended<FieldElement>> {
    let prep = Prepared::new(scalars, points, c);
    // SAFETY: `token` exists, so CPUID reported every feature `sums_with_features`
    // enables.
    unsafe { sums_with_features::<Zmm>(token, &prep) }
}

/// The one function with the target features on.
/// Generic over the lanes (run with [`Zmm`] only) so that it is compiled where it is
/// called, and not in a program that never calls it (docs/backends.md, "Build cost").
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn sums_with_features<L: Buckets8>(_: Ifma8, prep: &Prepared) -> Vec<Extended<FieldElement>> {
    crate::backend::vector::align_frame();
    sums::<L>(prep)
}

/// The inputs: the digits, scalar-major, and the points.
pub(crate) struct Prepared<'a> {
    /// Window size.
    c: usize,
    /// Number of windows.
    w: usize,
    /// `digits[i·⌈w/8⌉ + p][l]` is digit 8p + l of scalar i, 0 past w: pass p reads
    /// one array per scalar.
    digits: Vec<[i16; 8]>,
    /// The points.
    points: &'a [Extended<FieldElement>],
}

impl<'a> Prepared<'a> {
    /// The digits of every scalar.
    pub(crate) fn new(scalars: &[Scalar], points: &'a [Extended<FieldElement>], c: usize) -> Self {
        debug_assert_eq!(scalars.len(), points.len());
        debug_assert!((2..=15).contains(&c));
        let n = scalars.len();
        let w = Scalar::signed_radix_2c_len(c);
        let passes = w.div_ceil(8);
        let mut digits = vec![[0i16; 8]; n * passes];
        for (s, d) in scalars.iter().zip(digits.chunks_exact_mut(passes)) {
            signed_digits(s, c, &mut d.as_flattened_mut()[..w]);
        }
        Prepared {
            c,
            w,
            digits,
            points,
        }
    }
}

/// The digits of `Scalar::vartime_signed_radix_2c` (`out.len()` of them, w), without
/// its branch on each digit's sign (half of them mispredicted on random scalars): v,
/// the c bits at c·j plus the carry, is at most 2^c; the carry out is 1 exactly when
/// v ≥ 2^(c-1), that is when v + 2^(c-1) reaches 2^c, and the digit is v minus the
/// carry times 2^c, in [-2^(c-1), 2^(c-1)). The last digit keeps v (at most 2^(c-1)
/// for a scalar below 2^253, see `Scalar::vartime_signed_radix_2c`). A digit
/// expansion with these ranges is unique, so the digits are the scalar crate's (the
/// tests compare them).
pub(crate) fn signed_digits(s: &Scalar, c: usize, out: &mut [i16]) {
    // Eight bytes from the byte of bit c·j on: c·j < 254, so the byte is at most 31.
    let mut b = [0u8; 40];
    b[..32].copy_from_slice(&s.to_bytes());
    let (mask, half) = ((1u64 << c) - 1, 1u64 << (c - 1));
    let last = out.len() - 1;
    let mut carry = 0u64;
    for (j, d) in out.iter_mut().enumerate() {
        let bit = j * c;
        let mut word = [0u8; 8];
        word.copy_from_slice(&b[bit / 8..bit / 8 + 8]);
        let v = ((u64::from_le_bytes(word) >> (bit % 8)) & mask) + carry;
        carry = if j < last { (v + half) >> c } else { 0 };
        *d = (v as i64 - (carry << c) as i64) as i16;
    }
}

/// One pass's schedule (see the module docs).
struct Schedule {
    /// `steps[t][l]`: lane l's entry at step t, `row << 1 | negative`.
    steps: Vec<[u64; 8]>,
    /// `ends[t]`: the lanes whose run of one magnitude ends at step t.
    ends: Vec<u8>,
    /// Per lane, in step order, the slots `(hi, lo)` each run end fills: `lo..=hi`.
    fills: [Vec<(u16, u16)>; 8],
}

/// The schedule of pass `pass`: the entries of row `n` (the identity) pad every lane.
fn schedule(digits: &[[i16; 8]], n: usize, w: usize, c: usize, pass: usize) -> Schedule {
    let half = 1usize << (c - 1);
    let passes = w.div_ceil(8);
    // counts[k][l]: digits of magnitude k in lane l's window (the top digit can reach
    // 2^(c-1) = half, the others stay below; lanes past w have only zeros).
    let mut counts = vec![[0u32; 8]; half + 1];
    for i in 0..n {
        let d = &digits[i * passes + pass];
        for l in 0..8 {
            counts[usize::from(d[l].unsigned_abs())][l] += 1;
        }
    }
    // next[k][l]: where lane l's next entry of magnitude k goes, the largest first.
    let mut next = vec![[0u32; 8]; half + 1];
    let mut len = [0u32; 8];
    for k in (1..=half).rev() {
        next[k] = len;
        for (n, c) in len.iter_mut().zip(counts[k]) {
            *n += c;
        }
    }
    let steps_len = len.iter().max().copied().unwrap_or(0) as usize;
    let mut ends = vec![0u8; steps_len];
    let mut fills: [Vec<(u16, u16)>; 8] = Default::default();
    for l in 0..8 {
        // The run of magnitude k fills the slots down to the next nonempty magnitude.
        let mut lo = 1;
        for k in 1..=half {
            if counts[k][l] > 0 {
                fills[l].push((k as u16, lo as u16));
                ends[(next[k][l] + counts[k][l] - 1) as usize] |= 1 << l;
                lo = k + 1;
            }
        }
        fills[l].reverse();
    }
    let mut steps = vec![[(n as u64) << 1; 8]; steps_len];
    for i in 0..n {
        let d = &digits[i * passes + pass];
        for l in 0..8 {
            if d[l] != 0 {
                let at = &mut next[usize::from(d[l].unsigned_abs())][l];
                steps[*at as usize][l] = (i as u64) << 1 | u64::from(d[l] < 0);
                *at += 1;
            }
        }
    }
    Schedule { steps, ends, fills }
}

/// The window sums on any [`Buckets8`] (the tests run it on the instruction model).
#[inline(always)]
pub(crate) fn sums<L: Buckets8>(prep: &Prepared) -> Vec<Extended<FieldElement>> {
    let Prepared {
        c,
        w,
        ref digits,
        points,
    } = *prep;
    let n = points.len();
    let half = 1usize << (c - 1);
    let rows = affine_rows::<L>(points);
    let d2 = F52::<L>(limbs52(&D2).map(L::splat));
    // Slot k (1..=half) at k·SLOT; slot 0 unused.
    let mut slots = vec![[0u64; 8]; (half + 1) * SLOT];
    let id = identity_words();
    let mut out = Vec::with_capacity(w.next_multiple_of(8));

    for pass in 0..w.div_ceil(8) {
        let sched = schedule(digits, n, w, c, pass);
        // Slots above a lane's largest magnitude keep the identity (R = 0).
        for k in 1..=half {
            slots[k * SLOT..(k + 1) * SLOT].copy_from_slice(&id);
        }
        let mut acc = Point8::<L>::identity();
        let mut fill = [0usize; 8];
        for (t, entry) in sched.steps.iter().enumerate() {
            let neg = lane_mask(L::from_array(*entry).and(L::splat(1)));
            let q = load_addends::<L>(&rows, entry);
            acc = acc.add_affine_signed(&q, neg);
            let ends = sched.ends[t];
            if ends != 0 {
                for (l, f) in fill.iter_mut().enumerate() {
                    if ends >> l & 1 == 1 {
                        let (hi, lo) = sched.fills[l][*f];
                        *f += 1;
                        for k in usize::from(lo)..=usize::from(hi) {
                            store_point(&acc, &mut slots[k * SLOT..(k + 1) * SLOT], 1 << l);
                        }
                    }
                }
            }
        }
        // Σₖ Rₖ = Σₖ k·Bₖ for each lane's window (`Point8::to_cached` with 2d in
        // limbs once, not converted per slot).
        let mut total = Point8::<L>::identity();
        for k in 1..=half {
            let r = read_point::<L>(&slots[k * SLOT..(k + 1) * SLOT]);
            let cached = Cached8 {
                y_plus_x: r.y.add(&r.x).carry(),
                y_minus_x: r.y.sub(&r.x).carry(),
                z2: r.z.add(&r.z).carry(),
                t2d: r.t.mul(&d2),
            };
            total = total.add(&cached);
        }
        out.extend_from_slice(&total.to_points());
    }
    out.truncate(w);
    out
}

/// The affine addends of `points` as [`Row`]s (limbs 0…4 of y+x, of y-x, of 2d·x·y,
/// each reduced), then the identity's row (1, 1, 0), on eight lanes: one
/// batch inversion of the Z across the groups of eight (`encode::invert_groups`),
/// then x = X/Z, y = Y/Z and the three coordinates, 4 multiplications per group.
#[inline(always)]
pub(crate) fn affine_rows<L: Masked52>(points: &[Extended<FieldElement>]) -> Vec<Row> {
    let n = points.len();
    // Loops, not iterator closures, around the lane code (closures do not inherit the
    // caller's target features).
    let mut zs: Vec<F52<L>> = Vec::with_capacity(n.div_ceil(8));
    for chunk in points.chunks(8) {
        zs.push(F52::load(|j| chunk.get(j).unwrap_or(&Extended::IDENTITY).z));
    }
    // Every Z is nonzero (points' Z never is; the padding lanes hold the identity's 1).
    invert_groups(&mut zs);
    let d2 = F52::<L>(limbs52(&D2).map(L::splat));
    let mut rows = vec![Row([[0; 8]; 2]); n + 1];
    for (g, (chunk, zinv)) in points.chunks(8).zip(&zs).enumerate() {
        let x = F52::<L>::load(|j| chunk.get(j).unwrap_or(&Extended::IDENTITY).x).mul(zinv);
        let y = F52::<L>::load(|j| chunk.get(j).unwrap_or(&Extended::IDENTITY).y).mul(zinv);
        let coords = [y.add(&x).carry(), y.sub(&x).carry(), x.mul(&y).mul(&d2)];
        for (ci, f) in coords.iter().enumerate() {
            let l = f.to_limb_arrays();
            for j in 0..chunk.len() {
                let row = &mut rows[8 * g + j].0;
                for (m, limb) in l.iter().enumerate() {
                    let at = 5 * ci + m;
                    row[at / 8][at % 8] = limb[j];
                }
            }
        }
    }
    rows[n].0[0][0] = 1;
    rows[n].0[0][5] = 1;
    rows
}

/// Lane l's addend from row `entry[l] >> 1` of `rows`: the eight rows loaded whole (two
/// zmm loads each) and transposed, limb m of every lane into one register, instead of
/// 15 gathers (8×8 transpositions, [`transpose8`]).
#[inline(always)]
fn load_addends<L: Buckets8>(rows: &[Row], entry: &[u64; 8]) -> Affine8<L> {
    // Loops, not `array::from_fn` closures: closures do not inherit the caller's target
    // features, so the vector loads in them would not inline (a call per register).
    let mut lo = [L::splat(0); 8];
    let mut hi = [L::splat(0); 8];
    for l in 0..8 {
        let r = &rows[(entry[l] >> 1) as usize].0;
        lo[l] = L::from_array(r[0]);
        hi[l] = L::from_array(r[1]);
    }
    let (a, b) = (transpose8(lo), transpose8(hi));
    Affine8 {
        y_plus_x: F52([a[0], a[1], a[2], a[3], a[4]]),
        y_minus_x: F52([a[5], a[6], a[7], b[0], b[1]]),
        xy2d: F52([b[2], b[3], b[4], b[5], b[6]]),
    }
}

/// The 8×8 transposition: lane k of output i is lane i of input k. Three rounds of
/// eight two-source permutations (`vpermt2q`): pairs of rows interleaved by lane,
/// then by pairs of lanes, then by halves.
#[inline(always)]
pub(crate) fn transpose8<L: Buckets8>(r: [L; 8]) -> [L; 8] {
    let lo1 = L::from_array([0, 8, 2, 10, 4, 12, 6, 14]);
    let hi1 = L::from_array([1, 9, 3, 11, 5, 13, 7, 15]);
    let lo2 = L::from_array([0, 1, 8, 9, 4, 5, 12, 13]);
    let hi2 = L::from_array([2, 3, 10, 11, 6, 7, 14, 15]);
    let lo4 = L::from_array([0, 1, 2, 3, 8, 9, 10, 11]);
    let hi4 = L::from_array([4, 5, 6, 7, 12, 13, 14, 15]);
    // t[2p]: lanes 2i of rows 2p, 2p + 1 interleaved; t[2p + 1]: lanes 2i + 1.
    let mut t = r;
    for p in 0..4 {
        t[2 * p] = r[2 * p].permute2(lo1, r[2 * p + 1]);
        t[2 * p + 1] = r[2 * p].permute2(hi1, r[2 * p + 1]);
    }
    // u[4q + e] for rows 4q…4q + 3: columns e and e + 4 (e = 0, 1, 2, 3 as below).
    let mut u = t;
    for q in 0..2 {
        let b = 4 * q;
        u[b] = t[b].permute2(lo2, t[b + 2]); // columns 0, 4
        u[b + 2] = t[b].permute2(hi2, t[b + 2]); // columns 2, 6
        u[b + 1] = t[b + 1].permute2(lo2, t[b + 3]); // columns 1, 5
        u[b + 3] = t[b + 1].permute2(hi2, t[b + 3]); // columns 3, 7
    }
    let mut out = u;
    for e in 0..4 {
        out[e] = u[e].permute2(lo4, u[e + 4]);
        out[e + 4] = u[e].permute2(hi4, u[e + 4]);
    }
    out
}

/// The identity in one slot, all eight lanes: (0, 1, 1, 0).
fn identity_words() -> [[u64; 8]; SLOT] {
    let mut id = [[0u64; 8]; SLOT];
    // Limb 0 of Y (coordinate 1) and of Z (coordinate 2).
    id[5] = [1; 8];
    id[10] = [1; 8];
    id
}

/// Stores the lanes of `m` of `p` into a slot, the other lanes' words untouched.
#[inline(always)]
fn store_point<L: Buckets8>(p: &Point8<L>, slot: &mut [[u64; 8]], m: u8) {
    for (coord, f) in [&p.x, &p.y, &p.z, &p.t].into_iter().enumerate() {
        for (i, limb) in f.0.iter().enumerate() {
            limb.store_lanes(&mut slot[5 * coord + i], m);
        }
    }
}

/// The eight lanes of one slot.
#[inline(always)]
fn read_point<L: Lanes52<Array = [u64; 8]>>(slot: &[[u64; 8]]) -> Point8<L> {
    let mut p = Point8::<L>::identity();
    for (coord, f) in [&mut p.x, &mut p.y, &mut p.z, &mut p.t]
        .into_iter()
        .enumerate()
    {
        for (m, limb) in f.0.iter_mut().enumerate() {
            *limb = L::from_array(slot[5 * coord + m]);
        }
    }
    p
}
