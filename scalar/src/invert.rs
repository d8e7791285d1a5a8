//! Constant-time inversion modulo l: the Bernstein–Yang "safegcd" inversion (Bernstein
//! and Yang, "Fast constant-time gcd computation and modular inversion", TCHES 2019) of
//! the field crate, whose core is generic over the modulus
//! (`edwards25519_field::safegcd`, hidden from its docs), run with l.
//!
//! The design, the step bound and the constant-time argument are in that module's
//! docs. In short: 581 half-delta divsteps, always, in 10 batches of 60, each three
//! sub-batches of 20 run on packed words (the low bits of f or g with its matrix row
//! in one 64-bit word), the last sub-batch cut short to 1 step (its matrix then shifted
//! as the 19 steps after g = 0 would), on the low 60-bit limb of f and g; each batch's
//! transition matrix is then applied to the full f and g and to the coefficients d
//! and e (kept modulo l with Montgomery's trick). For
//! 0 <= g <= f <= M, ⌊(3787·log2(M) + 2166)/1644⌋ steps reach g = 0 (P. Wuille, "Bounds
//! on divsteps iterations in safegcd"): 581 for M = l. No branch, index or loop bound
//! depends on x.
//!
//! The core returns a value in (5l, 27l), below 2^257; one shortened reduction (the
//! product's, `limbs::reduce_product`) brings it below l.

use edwards25519_field::safegcd::{Modulus, invert_mod, to_wide_words};

use crate::limbs::{Limbs, reduce_product};

/// l = 2^252 + 27742317777372353535851937790883648493 as the safegcd core's modulus.
struct GroupOrder;

impl Modulus for GroupOrder {
    /// l in radix 2^60, normalised (Σ limb·2^(60·i)).
    const LIMBS: [i64; 5] = [
        0x0812_631a_5cf5_d3ed,
        0x0def_9dea_2f79_cd65,
        0x14,
        0,
        1 << 12,
    ];
    /// ⌊(3787·log2(l) + 2166)/1644⌋ = 581 (Wuille's bound, as log2(l) < 252 + 2^-120).
    const STEPS: u32 = 581;
}

/// `x^-1 mod l` for reduced x; 0 maps to 0.
pub(crate) fn invert(x: &Limbs) -> Limbs {
    // Below 27l < 2^257: five words, far inside `reduce_product`'s 2^506.
    let [r0, r1, r2, r3, r4] = to_wide_words(&invert_mod::<GroupOrder>(x));
    debug_assert!(r4 < 2);
    reduce_product(&[r0, r1, r2, r3, r4, 0, 0, 0])
}

/// `x^(l-2) mod l` (Fermat) with fixed 4-bit windows: 252 squarings and one
/// multiplication per nonzero window of the public exponent. The reference that the
/// safegcd inversion is tested against, bit for bit.
#[cfg(test)]
pub(crate) fn invert_fermat(x: &Limbs) -> Limbs {
    use crate::limbs::{L, mul, square};
    // table[i] = x^i, i in 0..16.
    let mut table = [[1, 0, 0, 0]; 16];
    table[1] = *x;
    for i in 2..16 {
        table[i] = mul(&table[i - 1], x);
    }
    // l - 2 as 64 nibbles, most significant first (l's low limb is above 2: no borrow).
    let e = [L[0] - 2, L[1], L[2], L[3]];
    let nibble = |i: usize| ((e[i / 16] >> (4 * (i % 16))) & 15) as usize;
    let mut acc = table[nibble(63)];
    for i in (0..63).rev() {
        for _ in 0..4 {
            acc = square(&acc);
        }
        // Branching on the public exponent only.
        let d = nibble(i);
        if d != 0 {
            acc = mul(&acc, &table[d]);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::{L, from_le_bytes, reduce_wide};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            if cfg!(debug_assertions) { 1_000 } else { 10_000 }
        ))]

        #[test]
        fn safegcd_matches_fermat(bytes in any::<[u8; 64]>()) {
            let x = reduce_wide(&from_le_bytes(&bytes));
            prop_assert_eq!(invert(&x), invert_fermat(&x));
        }

    }

    /// The modulus handed to the core is l, limb for limb.
    #[test]
    fn modulus_is_l() {
        let w = to_wide_words(&GroupOrder::LIMBS);
        assert_eq!([w[0], w[1], w[2], w[3]], L);
        assert_eq!(w[4], 0);
        // -l^-1 mod 2^60 (what the core uses of it), derived from the low limb.
        let low60 = (1u64 << 60) - 1;
        assert_eq!(GroupOrder::NEG_INV.wrapping_mul(L[0]) & low60, low60);
    }

    #[test]
    fn edges() {
        let lm1 = [L[0] - 1, L[1], L[2], L[3]];
        for x in [
            [0u64; 4],
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            lm1,
            [L[0] - 2, L[1], L[2], L[3]],
            [0, 0, 0, 1 << 59],
            [u64::MAX, u64::MAX, u64::MAX, (1 << 60) - 1],
        ] {
            assert_eq!(invert(&x), invert_fermat(&x), "x = {x:x?}");
        }
        assert_eq!(invert(&[0; 4]), [0; 4]);
        assert_eq!(invert(&lm1), lm1);
    }
}
