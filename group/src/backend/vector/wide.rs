//! Whether this CPU runs 512-bit instructions near the rate of 256-bit ones: a property
//! no CPUID bit names, measured once per process ([`wide_registers_pay`]). Where it
//! holds (an Intel Xeon with two 512-bit units), code that keeps eight lanes busy beats
//! four-lane code: the eight-lane X25519 ladder (`x25519_ifma`), the fixed-base walk's
//! two sums paired in zmm registers (`ifma::paired`). Where a 512-bit instruction is
//! split in two (AMD Zen 4), it does not.

use core::sync::atomic::{AtomicU8, Ordering};

/// The measured answer: 0 before [`wide_registers_pay`] has measured it, 1 for no, 2 for
/// yes.
static WIDE: AtomicU8 = AtomicU8::new(0);

cpufeatures::new!(cpuid_timing, "avx2", "avx512f", "avx512vl", "avx512ifma");

/// Whether 512-bit multiply-adds deliver clearly more lanes per unit of time than 256-bit
/// ones here ([`multiply_add_ticks`] and [`pays_for`], measured once per process, about
/// 5 µs, then cached): on an Intel Xeon (family 6 model 207), 384 multiply-adds take 172
/// ticks on zmm against 138 on ymm, so yes; on an AMD Zen 4, about twice, so no. On a
/// CPU whose CPUID (and XGETBV) does not report AVX2 and AVX-512 F, VL and IFMA, which
/// the timing runs, no, and nothing is timed.
pub(crate) fn wide_registers_pay() -> bool {
    match WIDE.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            // SAFETY: CPUID reported every feature the timing enables just before.
            let wide = cpuid_timing::get() && pays_for(unsafe { multiply_add_ticks() });
            WIDE.store(1 + u8::from(wide), Ordering::Relaxed);
            wide
        }
    }
}

/// Whether eight lanes pay for these [`multiply_add_ticks`]: the 512-bit multiply-adds
/// under 1.6 times the 256-bit ones' time (between the Intel Xeon's 1.25 and a split
/// unit's 2).
fn pays_for([zmm, ymm]: [u64; 2]) -> bool {
    zmm.saturating_mul(5) < ymm.saturating_mul(8)
}

/// Time-stamp-counter ticks of 384 `vpmadd52luq` (32 rounds of 12 independent ones)
/// on zmm and on ymm registers: the smaller of six alternating timings each, after
/// 10,000 ticks (a few µs) of 512-bit ones. The warm-up is there because the first
/// 512-bit instructions after an idle spell run several times slower while the unit
/// powers up: here, usually for the first three batches, once in sixteen processes for
/// all six.
///
/// # Safety
///
/// The CPU supports AVX2 and AVX-512 F, VL and IFMA (`x25519_ifma::cpu_has_ifma`).
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512ifma")]
#[inline(never)]
unsafe fn multiply_add_ticks() -> [u64; 2] {
    use core::arch::x86_64::*;
    use core::hint::black_box;
    let (b, c) = (
        black_box(_mm512_set1_epi64(3)),
        black_box(_mm512_set1_epi64(5)),
    );
    let (by, cy) = (_mm512_castsi512_si256(b), _mm512_castsi512_si256(c));
    let ticks = || {
        // SAFETY: `_rdtsc` reads the time-stamp counter, which every x86-64 CPU has.
        unsafe { _rdtsc() }
    };
    let zmm = || {
        let start = ticks();
        let mut acc = [b; 12];
        for _ in 0..32 {
            for a in acc.iter_mut() {
                *a = _mm512_madd52lo_epu64(*a, b, c);
            }
        }
        black_box(acc);
        ticks().wrapping_sub(start)
    };
    let ymm = || {
        let start = ticks();
        let mut acc = [by; 12];
        for _ in 0..32 {
            for a in acc.iter_mut() {
                *a = _mm256_madd52lo_epu64(*a, by, cy);
            }
        }
        black_box(acc);
        ticks().wrapping_sub(start)
    };
    let mut warm = 0u64;
    for _ in 0..1000 {
        warm += zmm();
        if warm > 10_000 {
            break;
        }
    }
    let mut best = [u64::MAX; 2];
    for _ in 0..6 {
        best = [best[0].min(zmm()), best[1].min(ymm())];
    }
    best
}

#[cfg(test)]
mod tests {
    use super::{WIDE, pays_for, wide_registers_pay};
    use core::sync::atomic::Ordering;

    /// The rule on the ticks measured: an Intel Xeon's (512-bit at 1.25 times the 256-bit
    /// time) pays; a CPU that splits 512-bit instructions (twice the time)
    /// and the boundary do not.
    #[test]
    fn the_rule_on_the_ticks() {
        assert!(pays_for([172, 138]));
        assert!(!pays_for([276, 138]));
        assert!(!pays_for([160, 100]));
        assert!(pays_for([159, 100]));
        assert!(!pays_for([u64::MAX, 1]));
    }

    /// The answer is measured once and cached; no where the CPU lacks what the timing
    /// runs.
    #[test]
    fn measured_once() {
        let first = wide_registers_pay();
        assert_ne!(WIDE.load(Ordering::Relaxed), 0);
        assert_eq!(wide_registers_pay(), first);
        if !crate::backend::vector::x25519_ifma::cpu_has_ifma() {
            assert!(!first);
        }
    }
}
