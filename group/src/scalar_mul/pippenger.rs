//! Pippenger's bucket method for variable-time multiscalar multiplication of many terms.
//!
//! Each scalar is cut into w signed digits of c bits: s = Σ dⱼ·2^(c·j) with every dⱼ in
//! [-2^(c-1), 2^(c-1)) except the top one, which is in [0, 2^(c-1)]
//! (`Scalar::vartime_signed_radix_2c`).
//! Then, from the top window down, acc = 2^c·acc + Σₖ k·Bₖ where bucket Bₖ is the sum of
//! the points whose digit in this window is ±k (sign applied as the point is added).
//! Σₖ k·Bₖ is computed with the running-sum trick: walking k from 2^(c-1) down to 1,
//! `running += Bₖ; total += running`, so 2 additions per bucket instead of a
//! multiplication.
//!
//! The points are first made affine with one shared inversion, so bucket additions are
//! mixed additions (7M). Cost per window: n additions into buckets, 2·2^(c-1) for the running sums, c doublings.
//! Windows: w = ⌈254/c⌉. The window size is picked by n in [`window_bits`], from
//! measurements written there.
//!
//! Execution time depends on the inputs: everything here is for public scalars and
//! points (batch verification).
//!
//! ```
//! use edwards25519_group::{Point, Scalar};
//!
//! // Not public itself: Point::vartime_multiscalar_mul runs it from 256 terms up.
//! // Pᵢ = (i + 1)·B and sᵢ = i, so Σ sᵢ·Pᵢ = (Σ i·(i + 1))·B.
//! let points: Vec<Point> = (0..256u32)
//!     .scan(Point::IDENTITY, |p, _| {
//!         *p = *p + Point::GENERATOR;
//!         Some(*p)
//!     })
//!     .collect();
//! let scalars: Vec<Scalar> = (0..256u32).map(Scalar::from).collect();
//! let total: u32 = (0..256u32).map(|i| i * (i + 1)).sum();
//! let sum = Point::vartime_multiscalar_mul(&scalars, &points);
//! assert_eq!(sum, Point::mul_base(&Scalar::from(total)));
//! ```

use alloc::vec;

use edwards25519_field::FieldElement;
use edwards25519_scalar::Scalar;

use crate::backend::PointBackend;
use crate::models::Extended;
use crate::scalar_mul::double_times;

/// Window size c for n terms.
///
/// Chosen from field-operation counts per term (multiplications + 0.8·squarings, field
/// additions not counted, the shared inversion included), measured by running this code
/// on a counting field backend over random scalars: deterministic, unlike timings on the
/// shared development machine (the timings taken alongside agreed within their noise).
/// Straus (width-5 NAF) for comparison; the smallest count per row is the chosen c:
///
/// ```text
///     n  Straus    c=6    c=7    c=8    c=9   c=10   c=11
///   256     417    399    426    494    622    820   1181
///   384     417    367    372    416    508    650    894
///   512     414    350    344    371    444    558    746
///   768     414    333    316    325    372    457    592
///  1024     414    325    302    301    332    399    506
///  2048     412    312    281    266    270    300    362
///  4096     412    306    271    248    238    245    271
///  8192     412    303    266    239    222    216    220
/// 16384     412    302    263    234    214    202    194
/// ```
///
/// Bigger windows keep winning slowly past 16384 terms, but 2^10 buckets is where the
/// bucket array stops fitting in a typical L2 cache, so c stops at 11.
pub(crate) fn window_bits(n: usize) -> usize {
    match n {
        0..=499 => 6,
        500..=1023 => 7,
        1024..=3071 => 8,
        3072..=6143 => 9,
        6144..=12287 => 10,
        _ => 11,
    }
}

/// Σ sᵢ·Pᵢ with c-bit windows ([`window_bits`] picks c from n).
///
/// Execution time depends on the inputs.
#[inline(always)]
pub(crate) fn vartime_mul<B: PointBackend>(
    b: B,
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
) -> B::Point {
    vartime_mul_with_window(b, scalars, points, window_bits(scalars.len()))
}

/// [`vartime_mul`] with an explicit window size c in 2..=15 (for measurements and tests).
///
/// Execution time depends on the inputs.
#[inline(always)]
pub(crate) fn vartime_mul_with_window<B: PointBackend>(
    b: B,
    scalars: &[Scalar],
    points: &[Extended<FieldElement>],
    c: usize,
) -> B::Point {
    debug_assert_eq!(scalars.len(), points.len());
    let n = scalars.len();
    let w = Scalar::signed_radix_2c_len(c);
    let buckets_len = 1usize << (c - 1);

    // all_digits[j·n + i] is digit j of scalar i: window-major, so each window's pass
    // over the points reads its digits sequentially.
    let mut all_digits = vec![0i16; n * w];
    let mut one = [0i16; 128];
    for (i, s) in scalars.iter().enumerate() {
        s.vartime_signed_radix_2c(c, &mut one[..w]);
        for (j, &d) in one[..w].iter().enumerate() {
            all_digits[j * n + i] = d;
        }
    }
    let addends = b.affine_addends(points);

    // Bucket k-1 holds the sum for digit ±k; `filled` marks the buckets that hold
    // something, so empty ones cost nothing in the running sums.
    let mut buckets = vec![b.identity(); buckets_len];
    let mut filled = vec![false; buckets_len];

    let mut acc = b.identity();
    for j in (0..w).rev() {
        if j != w - 1 {
            acc = b.to_extended(&double_times(b, &acc, c));
        }

        filled.iter_mut().for_each(|f| *f = false);
        let window_digits = &all_digits[j * n..(j + 1) * n];
        for (pt, &d) in addends.iter().zip(window_digits) {
            if d == 0 {
                continue;
            }
            let k = d.unsigned_abs() as usize - 1;
            let base = if filled[k] { buckets[k] } else { b.identity() };
            buckets[k] = b.to_extended(&b.add_signed_affine(&base, pt, d < 0));
            filled[k] = true;
        }

        // Σ k·B_k by running sums, from the top bucket down; empty buckets are skipped
        // until the first filled one, and then add nothing to `running`.
        let mut running: Option<B::Point> = None;
        let mut total: Option<B::Point> = None;
        for k in (0..buckets_len).rev() {
            if filled[k] {
                running = Some(match running {
                    None => buckets[k],
                    Some(r) => b.to_extended(&b.add(&r, &b.to_cached(&buckets[k]))),
                });
            }
            if let Some(r) = running {
                total = Some(match total {
                    None => r,
                    Some(t) => b.to_extended(&b.add(&t, &b.to_cached(&r))),
                });
            }
        }
        if let Some(t) = total {
            acc = b.to_extended(&b.add(&acc, &b.to_cached(&t)));
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn scalar_from(bytes: [u8; 32]) -> Scalar {
        Scalar::from_bytes_mod_order(bytes)
    }

    /// Pippenger with a given window, as a backend operation.
    struct WithWindow<'a>(&'a [Scalar], &'a [Extended<FieldElement>], usize);

    impl crate::backend::Op for WithWindow<'_> {
        type Output = Extended<FieldElement>;
        // Inlined into the backend's target-feature function, like the library's own
        // operations (otherwise every vector intrinsic becomes a call: 6 s of test).
        #[inline(always)]
        fn run<B: PointBackend>(self, b: B) -> Extended<FieldElement> {
            b.to_point(&vartime_mul_with_window(b, self.0, self.1, self.2))
        }
    }

    /// Every window size gives Σ sᵢ·Pᵢ (the sum of single multiplications).
    #[test]
    fn every_window_size() {
        use crate::Point;
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            let mut b = [0u8; 32];
            for x in b.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *x = state as u8;
            }
            scalar_from(b)
        };
        for n in [1usize, 2, 7, 33] {
            let s: Vec<Scalar> = (0..n).map(|_| next()).collect();
            let p: Vec<Point> = (0..n).map(|_| Point::mul_base(&next())).collect();
            let want: Point = s.iter().zip(&p).map(|(a, q)| q * a).sum();
            let ext: Vec<Extended<FieldElement>> = p.iter().map(|q| q.0).collect();
            for c in 2..=12 {
                let got = Point(crate::backend::dispatch::run(WithWindow(&s, &ext, c)));
                assert_eq!(got, want, "n = {n}, c = {c}");
                let got = Point(crate::backend::dispatch::run_serial(WithWindow(
                    &s, &ext, c,
                )));
                assert_eq!(got, want, "serial, n = {n}, c = {c}");
            }
        }
    }
}
