//! Pippenger's bucket method (see `crate::scalar_mul::pippenger`) on eight lanes, for
//! variable-time multiscalar multiplication of many terms: **each lane owns a window**.
//!
//! The scalars are cut into w signed c-bit digits (`Scalar::vartime_signed_radix_2c`),
//! and the windows are taken eight at a time (a *pass*): lane l of pass p owns window
//! 8p + l, with its own 2^(c-1) buckets and one spare "trash" bucket. For each point,
//! all eight lanes add the same affine point (broadcast) into their own bucket for
//! their own digit, negated in the lanes whose digit is negative; a lane whose digit is
//! 0 adds into its trash bucket, which is never read. The buckets of the eight lanes are
//! interleaved (bucket k of lane l is at `(k·20 + limb)·8 + l`), so the bucket reads and
//! writes are one gather and one scatter per limb, with eight distinct addresses: two
//! lanes never touch the same bucket, and no addition waits on another lane. Then each
//! lane sums its own buckets by running sums (`running += Bₖ; total += running`, from
//! the top bucket down), all eight windows at once, and the w window sums are combined
//! by c doublings each (Horner) by the caller, on the four-lane backend.
//!
//! Why windows and not buckets per lane: with lanes owning buckets of one window, the
//! eight points of one step must go to eight different buckets, which needs the points
//! sorted or scheduled by digit; with lanes owning windows every addition is conflict-free
//! by construction and the digits need no sorting, at the price of padding the last
//! pass when w is not a multiple of 8 (the window table, [`window_bits`], picks c
//! with that in mind).
//!
//! Variable time: the digits choose addresses (the inputs are public). A point whose
//! eight digits of a pass are all 0 is skipped for that pass (the 128-bit coefficients
//! of batch verification have no high windows).
//!
//! Only the tests call it for now: see `crate::scalar_mul::pippenger8` for why and for
//! where its time goes.
// Reached only from the tests until it beats the four-lane path.
#![cfg_attr(not(test), allow(dead_code))]

use alloc::vec;
use alloc::vec::Vec;
use core::arch::x86_64::*;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use super::point::{Affine8, Point8, affine_limbs, lane_mask};
use super::{Ifma8, Lanes52, Zmm};
use crate::models::{Extended, batch_to_affine_cached};

/// Words per bucket and lane: 4 coordinates of 5 limbs.
const WORDS: usize = 20;
/// Words per bucket slot of all eight lanes.
const STRIDE: u64 = (WORDS * 8) as u64;

/// The lane operations the bucket reads and writes add to [`Lanes52`].
pub(crate) trait Gather8: Lanes52<Array = [u64; 8]> {
    /// Lane l of the result is `base[idx[l]]` (`vpgatherqq`).
    ///
    /// # Safety
    ///
    /// Every lane of `idx` must be below `base.len()`.
    unsafe fn gather(base: &[u64], idx: Self) -> Self;
    /// `base[idx[l]] = self[l]` for each lane l (`vpscatterqq`).
    ///
    /// # Safety
    ///
    /// Every lane of `idx` must be below `base.len()`.
    unsafe fn scatter(self, base: &mut [u64], idx: Self);
}

impl Gather8 for Zmm {
    #[inline(always)]
    unsafe fn gather(base: &[u64], idx: Self) -> Self {
        // SAFETY: the caller keeps every index within `base`; only reached after the
        // CPUID check (AVX-512 F), see `Zmm`.
        Zmm(unsafe { _mm512_i64gather_epi64::<8>(idx.0, base.as_ptr() as *const _) })
    }
    #[inline(always)]
    unsafe fn scatter(self, base: &mut [u64], idx: Self) {
        // SAFETY: the caller keeps every index within `base`; only reached after the
        // CPUID check (AVX-512 F), see `Zmm`.
        unsafe { _mm512_i64scatter_epi64::<8>(base.as_mut_ptr() as *mut _, idx.0, self.0) }
    }
}

#[cfg(test)]
impl Gather8 for super::model::Model8 {
    unsafe fn gather(base: &[u64], idx: Self) -> Self {
        Self(idx.0.map(|i| base[i as usize]))
    }
    unsafe fn scatter(self, base: &mut [u64], idx: Self) {
        for (v, i) in self.0.iter().zip(idx.0) {
            base[i as usize] = *v;
        }
    }
}

/// Window size c for n terms on eight lanes.
///
/// From the cost model: n·8·⌈w/8⌉ lane additions (7M each, plus one gather and one
/// scatter per limb) against 8·⌈w/8⌉·2^(c-1) running-sum steps (2 additions of 9M
/// each), w = ⌈254/c⌉; c = 8 (32 windows, four full passes) is the sweet spot from
/// about 1,000 terms. To be re-tuned once the engine is wired in.
pub(crate) fn window_bits(n: usize) -> usize {
    match n {
        0..=95 => 5,
        96..=383 => 6,
        384..=1535 => 7,
        1536..=6143 => 8,
        _ => 9,
    }
}

/// The w window sums Σₖ k·Bₖ of the c-bit signed digits of `scalars` over `points`,
/// lowest window first, on this CPU's AVX-512 IFMA. The caller combines them as
/// Σⱼ 2^(c·j)·Wⱼ.
pub(crate) fn window_sums(
    token: Ifma8,
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
    c: usize,
) -> Vec<Extended<FieldElement>> {
    let prep = Prepared::new(scalars, points, c);
    // SAFETY: `token` exists, so CPUID reported every feature `sums_with_features`
    // enables.
    unsafe { sums_with_features(token, &prep) }
}

/// The one function with the target features on.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn sums_with_features(_: Ifma8, prep: &Prepared) -> Vec<Extended<FieldElement>> {
    sums::<Zmm>(prep)
}

/// The inputs in the engine's form: the digits, window-major, and each point's affine
/// addend limbs.
pub(crate) struct Prepared {
    /// Window size.
    c: usize,
    /// Number of windows.
    w: usize,
    /// Number of terms.
    n: usize,
    /// `digits[j·n + i]` is digit j of scalar i.
    digits: Vec<i16>,
    /// (y+x, y-x, 2d·x·y) of each point in radix 2^52.
    addends: Vec<[[u64; 5]; 3]>,
}

impl Prepared {
    /// Digits and affine addends (one shared inversion, `batch_to_affine_cached`).
    pub(crate) fn new(scalars: &[Scalar], points: &[Extended<FieldElement>], c: usize) -> Self {
        debug_assert_eq!(scalars.len(), points.len());
        debug_assert!((2..=15).contains(&c));
        let n = scalars.len();
        let w = Scalar::signed_radix_2c_len(c);
        let mut digits = vec![0i16; n * w];
        let mut one = [0i16; 128];
        for (i, s) in scalars.iter().enumerate() {
            s.vartime_signed_radix_2c(c, &mut one[..w]);
            for (j, &d) in one[..w].iter().enumerate() {
                digits[j * n + i] = d;
            }
        }
        let addends = batch_to_affine_cached(points)
            .iter()
            .map(affine_limbs)
            .collect();
        Prepared {
            c,
            w,
            n,
            digits,
            addends,
        }
    }
}

/// The window sums on any [`Gather8`] (the tests run it on the instruction model).
///
/// Bucket indices: lane l's bucket k (digit ±(k + 1)) is `k`, its trash bucket
/// `2^(c-1)`; the gather index of limb m is `(k·20 + m)·8 + l`, below
/// `(2^(c-1) + 1)·160 = buckets.len()` since k ≤ 2^(c-1), m < 20 and l < 8.
#[inline(always)]
pub(crate) fn sums<L: Gather8>(prep: &Prepared) -> Vec<Extended<FieldElement>> {
    let Prepared {
        c,
        w,
        n,
        ref digits,
        ref addends,
    } = *prep;
    let half = 1usize << (c - 1);
    let trash = half as u64;
    let mut buckets = vec![0u64; (half + 1) * WORDS * 8];
    let mut out = Vec::with_capacity(w.next_multiple_of(8));

    for pass in 0..w.div_ceil(8) {
        // Every bucket (the trash ones too) starts as the identity.
        let id = identity_words();
        for k in 0..=half {
            buckets[k * WORDS * 8..(k + 1) * WORDS * 8].copy_from_slice(&id);
        }
        let windows = core::array::from_fn::<_, 8, _>(|l| 8 * pass + l);
        for (i, addend) in addends.iter().enumerate().take(n) {
            let mut k = [trash; 8];
            let mut neg = [0u64; 8];
            let mut any = false;
            for l in 0..8 {
                if windows[l] < w {
                    let d = digits[windows[l] * n + i];
                    if d != 0 {
                        k[l] = u64::from(d.unsigned_abs()) - 1;
                        neg[l] = u64::from(d < 0);
                        any = true;
                    }
                }
            }
            if !any {
                continue;
            }
            // k ≤ 2^(c-1): every index below buckets.len() (see above).
            let idx = L::from_array(core::array::from_fn(|l| k[l] * STRIDE + l as u64));
            let neg = lane_mask(L::from_array(neg));
            // SAFETY: every index is within `buckets` (see above).
            let b = unsafe { load_point(&buckets, idx) };
            let r = b.add_affine_signed(&Affine8::splat_limbs(addend), neg);
            // SAFETY: as for the load.
            unsafe { store_point(&r, &mut buckets, idx) };
        }
        // Σₖ (k + 1)·B_k for each lane's window, from the top bucket down.
        let mut running = Point8::<L>::identity();
        let mut total = Point8::<L>::identity();
        for k in (0..half).rev() {
            let bk = read_point::<L>(&buckets[k * WORDS * 8..(k + 1) * WORDS * 8]);
            running = running.add(&bk.to_cached());
            total = total.add(&running.to_cached());
        }
        out.extend_from_slice(&total.to_points());
    }
    out.truncate(w);
    out
}

/// The identity's words in one bucket slot of all eight lanes: (0, 1, 1, 0).
fn identity_words() -> [u64; WORDS * 8] {
    let mut id = [0u64; WORDS * 8];
    // Limb 0 of Y (coordinate 1) and of Z (coordinate 2).
    id[5 * 8..5 * 8 + 8].copy_from_slice(&[1; 8]);
    id[10 * 8..10 * 8 + 8].copy_from_slice(&[1; 8]);
    id
}

/// The point in lane l at `base[idx[l] + 8·m]` for word m.
///
/// # Safety
///
/// `idx[l] + 8·19` below `base.len()` in every lane.
#[inline(always)]
unsafe fn load_point<L: Gather8>(base: &[u64], idx: L) -> Point8<L> {
    let mut p = Point8::<L>::identity();
    for (coord, f) in [&mut p.x, &mut p.y, &mut p.z, &mut p.t]
        .into_iter()
        .enumerate()
    {
        for (m, limb) in f.0.iter_mut().enumerate() {
            let at = L::splat((8 * (5 * coord + m)) as u64);
            // SAFETY: the caller's bound.
            *limb = unsafe { L::gather(base, idx.add(at)) };
        }
    }
    p
}

/// Stores the point's lane l at `base[idx[l] + 8·m]` for word m.
///
/// # Safety
///
/// `idx[l] + 8·19` below `base.len()` in every lane.
#[inline(always)]
unsafe fn store_point<L: Gather8>(p: &Point8<L>, base: &mut [u64], idx: L) {
    for (coord, f) in [&p.x, &p.y, &p.z, &p.t].into_iter().enumerate() {
        for (m, limb) in f.0.iter().enumerate() {
            let at = L::splat((8 * (5 * coord + m)) as u64);
            // SAFETY: the caller's bound.
            unsafe { limb.scatter(base, idx.add(at)) };
        }
    }
}

/// The eight lanes of one bucket slot (contiguous: word m of lane l at `8·m + l`).
#[inline(always)]
fn read_point<L: Gather8>(slot: &[u64]) -> Point8<L> {
    let mut p = Point8::<L>::identity();
    for (coord, f) in [&mut p.x, &mut p.y, &mut p.z, &mut p.t]
        .into_iter()
        .enumerate()
    {
        for (m, limb) in f.0.iter_mut().enumerate() {
            let at = 8 * (5 * coord + m);
            let mut a = [0u64; 8];
            a.copy_from_slice(&slot[at..at + 8]);
            *limb = L::from_array(a);
        }
    }
    p
}
