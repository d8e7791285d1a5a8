//! X25519 (RFC 7748 §5) on AVX-512 IFMA: one Montgomery ladder with the independent
//! products of each step in the four lanes of the radix-2^52 field [`F52`].
//!
//! The ladder state is one vector, lanes (x3, z3, x2, z2). A step for bit t:
//!
//! 1. the deferred conditional swap of lanes (0, 1) with (2, 3), by mask;
//! 2. (A, B, C, D) = (x2 + z2, x2 - z2, x3 + z3, x3 - z3), carried, and one
//!    multiplication (A, B, D, C)·(A, B, A, B) = (AA, BB, DA, CB);
//! 3. (DA + CB, DA - CB, AA, E = AA - BB), carried; beside it, not after it,
//!    (BB, a24·AA - (a24 - 1)·BB = BB + a24·E) by small multiplications of AA and BB,
//!    carried, in lanes 2 and 3 of the right factor; one multiplication:
//!    ((DA + CB)², (DA - CB)², AA·BB, E·(BB + a24·E)) = (x3', W, x2', z2');
//! 4. one multiplication by (1, x1, 1, 1): (x3', x1·W, x2', z2') is the next state,
//!    left wide (not carried): the next step's sums and differences take wide
//!    values and are carried anyway.
//!
//! That is the grouping of the step's products into four-lane multiplications of
//! the 4-way vectorized ladders (Hisil, Egrice, Ozdemir, "Fast 4 way vectorized ladder
//! for the complete set of Montgomery curves", 2020; Nath, Sarkar, "Efficient 4-way
//! vectorizations of the Montgomery ladder", 2020): three multiplicative levels, the
//! last one three lanes idle (the product by x1 depends on the second level's square).
//!
//! Constant time: the swap is a mask blend with the same instructions for both values
//! of the bit, the bit is read at a public position, and every step runs the same
//! instructions; no table lookup, no branch on a lane.
//!
//! # Which ladder runs where IFMA exists, and where the cycles go
//!
//! Two IFMA ladders: this one, and the eight-lane one of
//! [`super::ifma52x8::single`], which keeps every coordinate beside its multiple by x1
//! so that a step is two eight-lane multiplications instead of three four-lane ones.
//! [`mul_clamped`] runs the one [`faster_ladder`] picks by a measured property of the
//! CPU, the rate of 512-bit multiply-adds against 256-bit ones. Same-run figures
//! (`cargo bench -p edwards25519-group --features fuzzing --bench x25519_ladders`, LTO
//! with one codegen unit, no CPU flags, each ladder forced, minimum per call):
//!
//! | CPU | four lanes | eight lanes | MULX/ADX ladder | x25519-dalek |
//! |---|---|---|---|---|
//! | Intel Xeon (family 6 model 207) | 24.7 µs | 17.5 µs | 26.5 µs | 50.5 µs |
//! | Intel Xeon (reporting family 6 model 167, about 3.5 GHz) | 20.2 µs | 14.5 µs | 21.1 µs | 42.1 µs |
//! | AMD EPYC Zen 4 (the peer driver; the eight-lane ladder not measured there) | 17.3 µs | | 24.1 µs | |
//!
//! On the Intel Xeon the eight-lane ladder takes 0.71 of the four-lane one's time in
//! each build users make: cargo's default profile 17.0 against 23.9 µs, LTO 17.5
//! against 24.7 µs, LTO with `-C target-cpu=native` 17.3 against 24.5 µs (the same
//! bench in each).
//!
//! On the Zen 4 a 512-bit instruction is two 256-bit halves, and an eight-lane point
//! operation costs as much as six four-lane ones (`docs/design.md`), so the four-lane
//! ladder is its choice; a Zen 4 should confirm it with the bench above.
//!
//! This ladder: removing a carry from the chain gained, removing instructions off it
//! did not. The step is bound by its dependency chain (three multiplications of 58
//! `vpmadd52` each, the columns' chains five deep, and four sequential carries), not
//! by the multiplier ports. The third multiplication, x1·W with three lanes idle, cost
//! about 3.9 µs of the ladder on the Zen 4 (measured by leaving it out): the
//! eight-lane ladder is that cut.

// With the AVX2 backend forced, only the tests reach this one.
#![cfg_attr(edwards25519_backend = "avx2", allow(dead_code))]

use edwards25519_field::FieldElement;

use super::ifma::Lanes;
use super::ifma52x4::F52;
use super::ifma52x8::single;
use super::{lanes, order};

/// (A + 2)/4 = 121666, the doubling's constant in the form E·(BB + a24·E) (see
/// `crate::montgomery`).
const A24: u64 = 121_666;

cpufeatures::new!(
    cpuid_ifma_ladder,
    "avx2",
    "avx512f",
    "avx512vl",
    "avx512ifma"
);

/// Whether CPUID (and XGETBV) report AVX2 and AVX-512 F, VL and IFMA; checked once, then
/// cached.
#[inline]
pub(crate) fn cpu_has_ifma() -> bool {
    cpuid_ifma_ladder::get()
}

/// The ladder of the module docs over the instructions `L`, for a clamped scalar `k`
/// (bit 255 clear: steps for bits 254 down to 0): returns (x2, z2), the u-coordinate
/// of \[k\]P as a fraction.
///
/// **Invariant** (the portable ladder's, `crate::montgomery`): at the top of the step
/// for bit t, after the pending swap, (x2 : z2) is \[m\]P and (x3 : z3) is \[m + 1\]P for
/// m = k >> (t + 1). Every lane is wide at the top of a step (tight for the first, the
/// output of [`F52::mul_wide`] after), and the carries keep every multiplier operand
/// tight.
#[inline(always)]
pub(crate) fn ladder<L: Lanes>(k: &[u8; 32], u: &FieldElement) -> (FieldElement, FieldElement) {
    let (one, zero) = (FieldElement::ONE, FieldElement::ZERO);
    let x1 = F52::<L>::from_elements([&one, u, &one, &one]);
    // (x3, z3, x2, z2) = (u, 1, 1, 0): [1]P and [0]P.
    let mut v = F52::<L>::from_elements([u, &one, &one, &zero]);
    let small_p = L::from_array([0, 0, 1, A24]);
    let small_q = L::from_array([0, 0, 0, A24 - 1]);
    let mut swap = 0u64;
    for t in (0..255).rev() {
        // The bit at public position t, as 0 or 1 (no branch on it).
        let bit = u64::from((k[t >> 3] >> (t & 7)) & 1);
        swap ^= bit;
        v = v.swap_halves_if(L::splat(0u64.wrapping_sub(swap)));
        swap = bit;

        // (x2, x2, x3, x3) ± (z2, z2, z3, z3) = (A, B, C, D).
        let abcd = v
            .permute::<{ order(2, 2, 0, 0) }>()
            .sub_lanes_wide::<{ lanes(false, true, false, true) }>(
                &v.permute::<{ order(3, 3, 1, 1) }>(),
            )
            .carry();
        // (A, B, D, C)·(A, B, A, B) = (AA, BB, DA, CB).
        let m1 = abcd
            .permute::<{ order(0, 1, 3, 2) }>()
            .mul(&abcd.permute::<{ order(0, 1, 0, 1) }>());

        // (DA, DA, AA, AA) ± (CB, CB, 0, BB) = (DA + CB, DA - CB, AA, E).
        let q2 = m1.permute::<{ order(3, 3, 1, 1) }>();
        let left = m1
            .permute::<{ order(2, 2, 0, 0) }>()
            .sub_lanes::<{ lanes(false, true, false, true) }>(
                &q2.zero_lanes::<{ lanes(false, false, true, false) }>(),
            )
            .carry();
        // Lanes 2 and 3 straight from the products, carried beside `left` rather than
        // after it: 64p + (BB, AA)·(1, a24) - (BB, BB)·(0, a24 - 1) = (BB, BB + a24·E)
        // mod p, as BB + a24·(AA - BB) = a24·AA - (a24 - 1)·BB. Lanes 0, 1 from `left`.
        let doubling = m1
            .permute::<{ order(0, 0, 1, 0) }>()
            .mul_small_sub(small_p, &m1.permute::<{ order(1, 1, 1, 1) }>(), small_q)
            .carry();
        let right = left.blend::<{ lanes(false, false, true, true) }>(&doubling);
        // ((DA + CB)², (DA - CB)², AA·BB, E·(BB + a24·E)).
        let m2 = left.mul(&right);

        // (x3, x1·(DA - CB)², x2, z2), left wide: the next step's sums carry it.
        v = m2.mul_wide(&x1);
    }
    v = v.swap_halves_if(L::splat(0u64.wrapping_sub(swap))).carry();
    (v.lane(2), v.lane(3))
}

/// [`ladder`] on the CPU's registers.
///
/// # Safety
///
/// The CPU supports AVX2 and AVX-512 F, VL and IFMA ([`cpu_has_ifma`]).
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512ifma")]
#[inline(never)]
pub(crate) unsafe fn ladder_ymm(k: &[u8; 32], u: &FieldElement) -> (FieldElement, FieldElement) {
    super::align_frame();
    ladder::<super::ifma::Ymm>(k, u)
}

/// The two IFMA ladders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IfmaLadder {
    /// This module's: one step's products in four lanes, three levels per step.
    FourLanes,
    /// [`single`]'s: every coordinate beside its multiple by x1 in eight lanes, two
    /// levels per step.
    EightLanes,
}

/// The IFMA ladder for this CPU, by a property no CPUID bit names: whether 512-bit
/// multiply-adds deliver clearly more lanes per unit of time than 256-bit ones
/// ([`super::wide::wide_registers_pay`], measured once per process, about 5 µs). The
/// eight-lane ladder does a third fewer dependent products than the four-lane one but
/// twice the lanes per instruction, so it wins where the 512-bit form runs near the
/// 256-bit form's rate (Intel Xeon with two 512-bit units: the ladder 0.71 of the
/// four-lane one's time) and loses where a 512-bit instruction is split in two (AMD
/// Zen 4, where an eight-lane point operation costs as much as six four-lane ones,
/// `docs/design.md`).
fn faster_ladder() -> IfmaLadder {
    if super::wide::wide_registers_pay() {
        IfmaLadder::EightLanes
    } else {
        IfmaLadder::FourLanes
    }
}

/// X25519's ladder on `ladder`: (x2, z2).
///
/// # Safety
///
/// The CPU supports AVX2 and AVX-512 F, VL and IFMA ([`cpu_has_ifma`]).
unsafe fn run(ladder: IfmaLadder, k: &[u8; 32], u: &FieldElement) -> (FieldElement, FieldElement) {
    // SAFETY: the caller's promise; the eight-lane ladder needs a subset of the
    // features (AVX-512 F and IFMA).
    unsafe {
        match ladder {
            IfmaLadder::FourLanes => ladder_ymm(k, u),
            IfmaLadder::EightLanes => single::ladder_zmm(k, u),
        }
    }
}

/// X25519 for a clamped scalar `k` and u on the faster IFMA ladder
/// ([`faster_ladder`]), when the CPU has IFMA; None otherwise. The caller wipes `k`
/// (`montgomery::wipe_scalar`).
///
/// It runs instead of the serial ladders wherever CPUID reports IFMA (the module docs
/// say why).
#[inline]
pub(crate) fn mul_clamped(k: &[u8; 32], u: &FieldElement) -> Option<[u8; 32]> {
    if !cpu_has_ifma() {
        return None;
    }
    // SAFETY: CPUID reported every feature both ladders enable.
    Some(divided(unsafe { run(faster_ladder(), k, u) }))
}

/// X25519 on one IFMA ladder, for the tests and the fuzzing hook; None without IFMA.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn mul_clamped_with(
    ladder: IfmaLadder,
    k: &[u8; 32],
    u: &FieldElement,
) -> Option<[u8; 32]> {
    if !cpu_has_ifma() {
        return None;
    }
    // SAFETY: CPUID reported every feature both ladders enable.
    Some(divided(unsafe { run(ladder, k, u) }))
}

/// The bytes of u = x/z (0 for z = 0).
fn divided((x, z): (FieldElement, FieldElement)) -> [u8; 32] {
    crate::backend::serial::field_dispatch!(F => {
        use edwards25519_field::FieldArith;
        let (x, z) = (F::from_field(&x), F::from_field(&z));
        (x * z.invert()).to_bytes()
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::test_cases::{self, Hardware};
    use super::*;
    use crate::backend::vector::ifma::model::Model;

    fn model(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
        let (x, z) = ladder::<Model>(&test_cases::clamp(*k), &FieldElement::from_bytes(u));
        (x * z.invert()).to_bytes()
    }

    fn hardware(k: &[u8; 32], u: &[u8; 32]) -> Option<[u8; 32]> {
        mul_clamped_with(
            IfmaLadder::FourLanes,
            &test_cases::clamp(*k),
            &FieldElement::from_bytes(u),
        )
    }

    fn on_this_cpu() -> Option<Hardware> {
        cpu_has_ifma().then_some(hardware as Hardware)
    }

    #[test]
    fn model_ladder_equals_the_portable_ladder() {
        test_cases::agrees_with_the_portable_ladder(&|k, u| Some(model(k, u)), 8);
    }

    #[test]
    fn ymm_ladder_equals_the_portable_ladder() {
        match on_this_cpu() {
            Some(hardware) => test_cases::agrees_with_the_portable_ladder(&hardware, 300),
            None => std::println!("no AVX-512 IFMA on this CPU: the model test covers the code"),
        }
    }

    #[test]
    fn rfc7748_vectors() {
        test_cases::rfc7748(model, on_this_cpu());
    }

    #[test]
    fn wycheproof() {
        test_cases::wycheproof(model, on_this_cpu());
    }

    /// The chosen ladder is one of the two and stays chosen; `mul_clamped` agrees with
    /// both.
    #[test]
    fn the_choice_is_made_once() {
        if !cpu_has_ifma() {
            assert_eq!(mul_clamped(&[0; 32], &FieldElement::ONE), None);
            return;
        }
        let first = faster_ladder();
        assert_eq!(faster_ladder(), first);
        let (k, u) = (
            test_cases::clamp([7; 32]),
            FieldElement::from_bytes(&[9; 32]),
        );
        let out = mul_clamped(&k, &u);
        for ladder in [IfmaLadder::FourLanes, IfmaLadder::EightLanes] {
            assert_eq!(mul_clamped_with(ladder, &k, &u), out);
        }
    }
}

/// The X25519 test cases every IFMA ladder is checked on, against the portable ladder
/// and the published vectors.
#[cfg(test)]
pub(crate) mod test_cases {
    extern crate std;

    use edwards25519_field::FieldElement;
    use edwards25519_test_support::SplitMix64;
    use std::vec::Vec;

    /// A ladder on the CPU (None without its instructions).
    pub(crate) type Hardware = fn(&[u8; 32], &[u8; 32]) -> Option<[u8; 32]>;

    pub(crate) fn clamp(mut k: [u8; 32]) -> [u8; 32] {
        k[0] &= 248;
        k[31] &= 127;
        k[31] |= 64;
        k
    }

    /// The portable ladder's result (RFC 7748 §5, one element at a time).
    pub(crate) fn reference(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
        crate::montgomery::ladder::<FieldElement>(&clamp(*k), &FieldElement::from_bytes(u))
    }

    fn h(s: &str) -> [u8; 32] {
        hex::decode(s).expect("hex").try_into().expect("32 bytes")
    }

    /// Scalars and u-coordinates at the edges: scalars that clamp to the smallest and
    /// largest values and alternating bits; u = 0, 1, p - 1, p, p + 1, 2^255 - 1 (non-
    /// canonical), with bit 255 set, and points of small order (RFC 7748 §6.1, the list
    /// of Bernstein's Curve25519 page).
    pub(crate) fn edge_cases() -> Vec<([u8; 32], [u8; 32])> {
        let scalars = [[0u8; 32], [0xff; 32], [0x55; 32], [0xaa; 32], {
            let mut k = [0u8; 32];
            k[0] = 8;
            k
        }];
        let mut us: Vec<[u8; 32]> = [
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "0900000000000000000000000000000000000000000000000000000000000000",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
            "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
            "daffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            "dbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        ]
        .iter()
        .map(|s| h(s))
        .collect();
        let more: Vec<[u8; 32]> = us
            .iter()
            .map(|u| {
                let mut t = *u;
                t[31] ^= 0x80;
                t
            })
            .collect();
        us.extend(more);
        scalars
            .iter()
            .flat_map(|k| us.iter().map(move |u| (*k, *u)))
            .collect()
    }

    pub(crate) fn random_cases(n: usize) -> Vec<([u8; 32], [u8; 32])> {
        let mut rng = SplitMix64(0x1fa5_2519);
        (0..n).map(|_| (rng.bytes(), rng.bytes())).collect()
    }

    /// A ladder (a model's, always Some, or the CPU's) gives the portable ladder's bytes on
    /// the edge cases and on `random` random ones.
    /// X25519 of a scalar and a u on some ladder, None where it cannot run.
    pub(crate) type AnyLadder = dyn Fn(&[u8; 32], &[u8; 32]) -> Option<[u8; 32]>;

    pub(crate) fn agrees_with_the_portable_ladder(ladder: &AnyLadder, random: usize) {
        for (k, u) in edge_cases().into_iter().chain(random_cases(random)) {
            assert_eq!(
                ladder(&k, &u),
                Some(reference(&k, &u)),
                "k {k:02x?} u {u:02x?}"
            );
        }
    }

    /// RFC 7748 §5.2 (testvectors/rfc7748/x25519.json): the two vectors, and the
    /// iteration k = u = 9, then k, u = X25519(k, u), k, checked after 1 round on the
    /// model and after 1 and 1,000 rounds on the hardware (where it runs).
    pub(crate) fn rfc7748(model: fn(&[u8; 32], &[u8; 32]) -> [u8; 32], hardware: Option<Hardware>) {
        let v = edwards25519_test_support::read_json("rfc7748/x25519.json");
        let hex32 = |x: &serde_json::Value| h(x.as_str().expect("hex string"));
        let cases = v["scalar_mult"].as_array().expect("scalar_mult");
        assert_eq!(cases.len(), 2);
        for c in cases {
            let (k, u, out) = (hex32(&c["scalar"]), hex32(&c["u"]), hex32(&c["output"]));
            assert_eq!(model(&k, &u), out);
            if let Some(hardware) = hardware {
                assert_eq!(hardware(&k, &u), Some(out));
            }
        }
        let start = hex32(&v["iterated"]["start"]);
        let after = v["iterated"]["after"].as_array().expect("after");
        let want = |n: u64| {
            let e = after
                .iter()
                .find(|e| e["iterations"].as_u64() == Some(n))
                .expect("listed");
            hex32(&e["k"])
        };
        assert_eq!(model(&start, &start), want(1));
        let Some(hardware) = hardware else { return };
        let (mut k, mut u) = (start, start);
        for i in 1..=1000u64 {
            let out = hardware(&k, &u).expect("IFMA");
            u = k;
            k = out;
            if i == 1 {
                assert_eq!(k, want(1));
            }
        }
        assert_eq!(k, want(1000));
    }

    /// Wycheproof's x25519_test.json, every case on the hardware (valid, acceptable and
    /// the ones with small-order or non-canonical public keys: X25519 gives the listed
    /// shared value for all of them, zero for the small-order ones), every 16th on the
    /// model without it.
    pub(crate) fn wycheproof(
        model: fn(&[u8; 32], &[u8; 32]) -> [u8; 32],
        hardware: Option<Hardware>,
    ) {
        let json = edwards25519_test_support::read_json("wycheproof/x25519_test.json");
        let mut n = 0;
        for group in json["testGroups"].as_array().expect("groups") {
            for t in group["tests"].as_array().expect("tests") {
                let public = hex::decode(t["public"].as_str().expect("public")).expect("hex");
                let private = hex::decode(t["private"].as_str().expect("private")).expect("hex");
                let shared = hex::decode(t["shared"].as_str().expect("shared")).expect("hex");
                let (Ok(u), Ok(k), Ok(out)) = (
                    <[u8; 32]>::try_from(public.as_slice()),
                    <[u8; 32]>::try_from(private.as_slice()),
                    <[u8; 32]>::try_from(shared.as_slice()),
                ) else {
                    continue;
                };
                if let Some(hardware) = hardware {
                    assert_eq!(hardware(&k, &u), Some(out), "tcId {}", t["tcId"]);
                } else if n % 16 == 0 {
                    assert_eq!(model(&k, &u), out, "tcId {}", t["tcId"]);
                }
                n += 1;
            }
        }
        assert!(n > 500, "{n} cases");
    }
}
