//! The fixed-base walk's table additions on the IFMA field (`scalar_mul::fixed_base`):
//! the sums of the odd and of the even radix-16 digits' table entries, Σᵢ dᵢ·Pᵢ over the
//! 32 rows, written for this field instead of through the generic point layer. What
//! makes it faster than the generic loop (each step measured with
//! `group/benches/x25519_base.rs`, AMD EPYC Zen 4, LTO + 1 CGU; `Point::mul_base` went
//! from 2.71 µs to 2.12 µs):
//!
//! - **Two independent chains.** The odd digits' sum and the even digits' sum are
//!   accumulated in one loop, interleaved, so one chain's additions run in the other's
//!   latency (the walk's caller then adds 16·odd + even: one full addition more). On its
//!   own the single chain is bound by the dependency from one addition to the next.
//! - **Both chains in one register where that pays** ([`sum_digits_paired`]). Where
//!   512-bit instructions run near the rate of 256-bit ones (measured once per process,
//!   with the X25519 ladders' choice: `wide::wide_registers_pay`), the two
//!   chains are the two halves of zmm registers ([`super::paired`]): the same
//!   instructions on each half, so the same limbs, in half the instructions, and one
//!   scan whose entries are broadcast to both halves. The interleaved chains are bound
//!   by instruction throughput there, so this pays directly. Against the two ymm
//!   chains, same run (`scripts/before_after.sh --runs 3`, Intel Xeon family 6 model
//!   207): ScalarBaseMult 0.77 (LTO + 1 CGU), 0.79 (cargo defaults), 0.74
//!   (`target-cpu=native`); X25519Base 0.86, 0.87, 0.84. On an Intel Xeon reporting
//!   family 6 model 167 the ymm chains took ScalarBaseMult 1.25, 1.22 and 1.28 and
//!   X25519Base 1.12, 1.10 and 1.14 of the paired walk's time (the same three builds).
//!   Where a 512-bit instruction is split in two (AMD Zen 4) it would save nothing, so
//!   the ymm chains run there.
//! - **Carries only where a multiplication needs them.** A product is folded
//!   (z_k + 19·z_(k+5)) but not carried: every consumer of a product here is a linear
//!   step (a sum, or a difference against [`BIG_P`], a multiple of p above every folded
//!   limb) followed by one carry, so one carry per multiplication instead of two.
//! - **The digit's sign costs no vector instruction.** Each chain keeps a sign bit f
//!   with (its sum) = (-1)^f·R, R the point in the lanes; adding d·Q, d = (-1)^s·|d|,
//!   computes R' = (-1)^(f⊕s)·R + |d|·Q and sets f = s. Negating R is free inside the
//!   addition's first linear step: its (Y - X, Y + X, Z, T) becomes (Y + X, Y - X, Z,
//!   -T), another lane mask on the same masked subtraction. The table entry is never
//!   negated.
//! - **The table scan** compares |d| with each entry's number into an AVX-512 mask
//!   register and blends the entry's five limb registers under it, one instruction
//!   per register; one pass over the row serves both chains, so each entry is loaded
//!   once (two separate scans let the compiler load each entry into a register for
//!   both and spill it: 5% slower).
//! - **The product sums the high halves first** (`F4::mul_uncarried::<true>`, the
//!   field's one product in its throughput order), and its ×19 is shifts and additions
//!   ([`Masked::times19`]): left alone, the compiler turns x + 2x + 16x into a 64-bit
//!   multiplication, which AVX-512 F builds from two `vpmuludq` on the ports the
//!   multiply-adds need.
//!
//! | level | bound | made by |
//! |---|---|---|
//! | folded | < 267·2^52 < 2^60.1 per limb | [`mul_folded`]: columns below 15·2^52 (`F4::mul`'s bound); limb 0 takes z_0 + 19·z_5, at most (1 + 19·14)·2^52, the most |
//! | summed | < 2^62 | folded + ([`BIG_P`] - folded) or folded + folded: carried next |
//! | reduced | < 2^51 + 2^16 | `F4::carry` of a summed value (carries below 2^11) |
//!
//! Multiplications take reduced values and table entries (mul-ready, below 2^52); the
//! instruction model asserts it in the tests.
//!
//! Constant time: the digit's sign and absolute value come from arithmetic; every entry
//! of the row is read and blended under a mask computed from |d|; the signs choose lane
//! masks of instructions that always run. No branch, address or loop bound depends on
//! a digit.

use super::folded::K as BIG_P;
use super::paired::Paired;
use super::{F4, LaneOps, LaneTables, Lanes};
use crate::backend::vector::limbs::unrolled;
use crate::backend::vector::{Cached4, order};

/// a·b lane by lane, folded and not carried: [`F4::mul_uncarried`], the field's one
/// product, its columns summed high halves first (the order for throughput: the two
/// chains of the walk interleave). Takes mul-ready limbs (below 2^52); gives folded
/// ones (see the module docs).
#[inline(always)]
fn mul_folded<L: LaneOps>(a: &[L; 5], b: &[L; 5]) -> [L; 5] {
    F4(*a).mul_uncarried::<true>(&F4(*b)).0
}

/// `F4::carry` of summed limbs: reduced.
#[inline(always)]
fn carry<L: LaneOps>(x: [L; 5]) -> [L; 5] {
    F4(x).carry_lanes().0
}

/// x + (BIG_P - y) in the lanes of `neg`, x + y elsewhere, for folded x and y: summed
/// ([`F4::add_sub_masked`], the point formulas' linear step).
#[inline(always)]
fn add_sub<L: LaneOps>(x: &[L; 5], y: &[L; 5], neg: u8) -> [L; 5] {
    F4(*x).add_sub_masked(&F4(*y), neg).0
}

/// The lanes of [`add_signed`]'s first subtraction for (-1)^g·R, g the low bit of
/// `negate_r`: 0b0001 for R, 0b1010 for -R, from the bit by a mask, not a branch.
#[inline(always)]
fn left_lanes(negate_r: u8) -> u8 {
    0b0001 ^ (0u8.wrapping_sub(negate_r & 1) & 0b1011)
}

/// (-1)^g·R + Q for R = (X, Y, Z, T) folded, Q = (y-x, y+x, 2z, 2d·t) a mul-ready
/// addend, and `neg` = [`left_lanes`]`(g)` (in each half, for a paired register); gives
/// a folded (X3, Y3, Z3, T3).
///
/// -R = (-X, Y, Z, -T), so the addition's left factor (Y - X, Y + X, Z, T) of -R is
/// (Y + X, Y - X, Z, -T): the lanes that subtract are {0} for R and {1, 3} for -R. Then
/// the formulas of `point`: (A, B, D, C) = left·Q, (E, F, G, H) = (B - A, D - C,
/// D + C, B + A), (X3, Y3, Z3, T3) = (E·F, G·H, F·G, E·H).
#[inline(always)]
fn add_signed<L: LaneOps>(r: &[L; 5], q: &[L; 5], neg: u8) -> [L; 5] {
    let yyz0: [L; 5] = unrolled!(5, |i| r[i].permute_keep::<{ order(1, 1, 2, 3) }, 0b0111>());
    let xx0t: [L; 5] = unrolled!(5, |i| r[i].permute_keep::<{ order(0, 0, 2, 3) }, 0b1011>());
    let left = carry(add_sub(&yyz0, &xx0t, neg));
    let abdc = mul_folded(&left, q);
    let bddb: [L; 5] = unrolled!(5, |i| abdc[i].permute::<{ order(1, 2, 2, 1) }>());
    let acca: [L; 5] = unrolled!(5, |i| abdc[i].permute::<{ order(0, 3, 3, 0) }>());
    let efgh = carry(add_sub(&bddb, &acca, L::each_four(0b0011)));
    let egfe: [L; 5] = unrolled!(5, |i| efgh[i].permute::<{ order(0, 2, 1, 0) }>());
    let fhgh: [L; 5] = unrolled!(5, |i| efgh[i].permute::<{ order(1, 3, 2, 3) }>());
    mul_folded(&egfe, &fhgh)
}

/// The odd chain's digit (`pair[1]`) and the even chain's (`pair[0]`), each in
/// [-8, 8], as (|d|, 1 where d < 0, else 0): by arithmetic, not a branch.
#[inline(always)]
fn split_digits(pair: &[i8]) -> ([u8; 2], [u8; 2]) {
    let d = [pair[1], pair[0]];
    debug_assert!(d.iter().all(|d| (-8..=8).contains(d)));
    let sign = [d[0] >> 7, d[1] >> 7];
    let abs = [
        ((d[0] ^ sign[0]) - sign[0]) as u8,
        ((d[1] ^ sign[1]) - sign[1]) as u8,
    ];
    (abs, [(sign[0] & 1) as u8, (sign[1] & 1) as u8])
}

/// `row[|d| - 1]`, or `identity` for d = 0, for both chains' digits: every entry read
/// once and blended into both outputs under lane masks of |d| == its number (one
/// pass, so each entry's load serves both chains).
#[inline(always)]
fn scan<L: Lanes>(identity: &F4<L>, row: &[Cached4<F4<L>>; 8], abs: [u8; 2]) -> [[L; 5]; 2] {
    // No closure (`map`): a closure compiles outside the target-feature function.
    let abs = [L::splat(u64::from(abs[0])), L::splat(u64::from(abs[1]))];
    let mut out = [identity.0; 2];
    for (j, entry) in (1u64..).zip(row) {
        let number = L::splat(j);
        for (o, a) in out.iter_mut().zip(abs) {
            *o = unrolled!(5, |i| o[i].blend_eq(entry.0.0[i], a, number));
        }
    }
    out
}

/// (Σᵢ `digits[2i + 1]`·Pᵢ, Σᵢ `digits[2i]`·Pᵢ), reduced, for `table[i][j]` the addend
/// of (j + 1)·Pᵢ and digits in [-8, 8]: two independent chains interleaved in one loop
/// (see the module docs). Constant time.
#[inline(always)]
pub(super) fn sum_digits<L: Lanes>(
    table: &[[Cached4<F4<L>>; 8]; 32],
    digits: &[i8; 64],
) -> [F4<L>; 2] {
    let identity = &L::consts().identity_cached;
    let mut r0 = L::consts().identity.0;
    let mut r1 = r0;
    let mut flip = [0u8; 2];
    for (row, pair) in table.iter().zip(digits.chunks_exact(2)) {
        let (abs, negative) = split_digits(pair);
        let [q0, q1] = scan(identity, row, abs);
        r0 = add_signed(&r0, &q0, left_lanes(flip[0] ^ negative[0]));
        r1 = add_signed(&r1, &q1, left_lanes(flip[1] ^ negative[1]));
        flip = negative;
    }
    [
        unflip(&r0, flip_lanes(flip[0])),
        unflip(&r1, flip_lanes(flip[1])),
    ]
}

/// The lanes [`unflip`] negates: X and T (0b1001) where the low bit of `flip` is set,
/// none otherwise.
#[inline(always)]
fn flip_lanes(flip: u8) -> u8 {
    0u8.wrapping_sub(flip & 1) & 0b1001
}

/// (-1)^flip·r for folded r (X and T negated in the lanes of `neg` =
/// [`flip_lanes`]`(flip)`), reduced.
#[inline(always)]
fn unflip<L: LaneOps>(r: &[L; 5], neg: u8) -> F4<L> {
    F4(carry(
        unrolled!(5, |i| r[i].sub_from_masked(L::splat(BIG_P[i]), neg))
    ))
}

/// [`sum_digits`] with the two sums in the two halves of one register (the odd
/// digits' in lanes 0…3, the even digits' in 4…7): the same instructions on each
/// half, lane for lane, so the same limbs, in half the instructions
/// ([`super::paired`]). One scan serves both halves: each entry is broadcast to both
/// and blended under a mask of each half's |d|. Constant time, as [`sum_digits`].
#[inline(always)]
pub(super) fn sum_digits_paired<P: Paired>(
    table: &[[Cached4<F4<P::Half>>; 8]; 32],
    digits: &[i8; 64],
) -> [F4<P::Half>; 2] {
    let consts = <P::Half as LaneTables>::consts();
    let identity: [P; 5] = unrolled!(5, |i| P::both(consts.identity_cached.0[i]));
    let mut r: [P; 5] = unrolled!(5, |i| P::both(consts.identity.0[i]));
    let mut flip = [0u8; 2];
    for (row, pair) in table.iter().zip(digits.chunks_exact(2)) {
        let (abs, negative) = split_digits(pair);
        let abs = P::join(
            P::Half::splat(u64::from(abs[0])),
            P::Half::splat(u64::from(abs[1])),
        );
        let mut q = identity;
        for (j, entry) in (1u64..).zip(row) {
            let number = P::splat(j);
            q = unrolled!(5, |i| q[i].blend_eq(P::both(entry.0.0[i]), abs, number));
        }
        let neg = left_lanes(flip[0] ^ negative[0]) | left_lanes(flip[1] ^ negative[1]) << 4;
        r = add_signed(&r, &q, neg);
        flip = negative;
    }
    let r = unflip(&r, flip_lanes(flip[0]) | flip_lanes(flip[1]) << 4);
    let halves: [[P::Half; 2]; 5] = unrolled!(5, |i| r.0[i].halves());
    [
        F4(unrolled!(5, |i| halves[i][0])),
        F4(unrolled!(5, |i| halves[i][1])),
    ]
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::vec::Vec;

    use super::super::model::Model;
    use super::super::paired::model::Pair;
    use super::super::{F4, LaneTables, Lanes};
    use super::{sum_digits, sum_digits_paired};
    use crate::Point;
    use crate::backend::Op;
    use crate::backend::dispatch::run_serial;
    use crate::backend::vector::ifma::{self, model};
    use crate::scalar_mul::fixed_base::MulBase;

    /// Digit patterns no reduced scalar has (every digit at -8 or 8, signs alternating
    /// from row to row and between the two chains, long runs of zeros), so each chain's
    /// sign bit flips and holds in every way: the walk on the instruction model (which
    /// asserts every multiplication operand is below 2^52) and on the CPU where it has
    /// IFMA, against the serial backend.
    #[test]
    fn extreme_digits_agree_with_serial() {
        for (n, pattern) in crate::testing::EXTREME_DIGIT_PATTERNS.iter().enumerate() {
            let digits: [i8; 64] = core::array::from_fn(pattern);
            let op = MulBase(&digits);
            let want = Point(run_serial(op)).to_bytes();
            assert_eq!(
                Point(op.run(model::backend())).to_bytes(),
                want,
                "model, pattern {n}"
            );
            if let Some(b) = ifma::detect() {
                assert_eq!(
                    Point(ifma::run(b, op)).to_bytes(),
                    want,
                    "IFMA, pattern {n}"
                );
            }
        }
    }

    /// The extreme digit patterns, then `random` rows of pseudo-random digits in
    /// [-8, 8] (xorshift64).
    fn digit_cases(random: usize) -> Vec<[i8; 64]> {
        let mut cases: Vec<[i8; 64]> = crate::testing::EXTREME_DIGIT_PATTERNS
            .iter()
            .map(core::array::from_fn)
            .collect();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..random {
            cases.push(core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 17) as i8 - 8
            }));
        }
        cases
    }

    fn lanes<L: Lanes>(sums: &[F4<L>; 2]) -> [[[u64; 4]; 5]; 2] {
        sums.each_ref().map(|f| f.0.map(|l| l.to_array()))
    }

    /// Both walks on the CPU's registers, over the `Ymm` tables.
    ///
    /// # Safety
    ///
    /// The CPU supports AVX2 and AVX-512 F, VL and IFMA.
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512ifma")]
    unsafe fn both_walks_on_cpu(digits: &[i8; 64]) -> [[[[u64; 4]; 5]; 2]; 2] {
        use super::super::Ymm;
        use super::super::paired::Zmm;
        let table = &Ymm::tables().base;
        [
            lanes(&sum_digits::<Ymm>(table, digits)),
            lanes(&sum_digits_paired::<Zmm>(table, digits)),
        ]
    }

    /// The paired walk gives the four-lane walk's limbs, lane for lane: on the model
    /// (which checks every multiplication operand in both halves), and on zmm where the
    /// CPU has IFMA.
    #[test]
    fn paired_walk_equals_the_four_lane_walk() {
        let table = &Model::tables().base;
        for (n, digits) in digit_cases(300).iter().enumerate() {
            let four = lanes(&sum_digits::<Model>(table, digits));
            let paired = lanes(&sum_digits_paired::<Pair<Model>>(table, digits));
            assert_eq!(paired, four, "model, case {n}");
            if ifma::detect().is_some() {
                // SAFETY: `detect` found every feature the walks use.
                let [ymm, zmm] = unsafe { both_walks_on_cpu(digits) };
                assert_eq!(ymm, four, "ymm, case {n}");
                assert_eq!(zmm, four, "zmm, case {n}");
            }
        }
    }
}
