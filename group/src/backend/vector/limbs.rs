//! Limb helpers of the vector fields: the unrolling macros (every field, AVX2's too),
//! and for the five-limb IFMA fields, radix 2^51 ([`super::ifma`]) and radix 2^52
//! ([`super::ifma52x4`], and [`super::ifma52`] over it), the multiples of p they add
//! before a subtraction and the transposition of the conversions from portable
//! elements.

/// `[e(0), e(1), …, e(N - 1)]` written out, N = 5 or 10. `core::array::from_fn` would
/// leave calls: its loop is compiled outside the function with the target features on,
/// so none of the instructions inside would inline. And no loop either: the field
/// operations are inlined raw at every place the point formulas use them (an operation
/// is one function with the target features on), so a loop here is a loop for LLVM
/// to rotate, unroll and scalarize again at each of those places, which was most of
/// the group crate's compile time. The code it ends with is the same.
macro_rules! unrolled {
    (5, |$i:ident| $e:expr) => {
        [
            {
                let $i = 0;
                $e
            },
            {
                let $i = 1;
                $e
            },
            {
                let $i = 2;
                $e
            },
            {
                let $i = 3;
                $e
            },
            {
                let $i = 4;
                $e
            },
        ]
    };
    (10, |$i:ident| $e:expr) => {{
        let low = $crate::backend::vector::limbs::unrolled!(5, |$i| $e);
        let high = $crate::backend::vector::limbs::unrolled!(5, |k| {
            let $i = k + 5;
            $e
        });
        [
            low[0], low[1], low[2], low[3], low[4], high[0], high[1], high[2], high[3], high[4],
        ]
    }};
}

pub(crate) use unrolled;

/// Runs `$body` for `$i` = 0, 1, …, 4 written out (the statement form of
/// [`unrolled`]): every index and every test on it is then a constant. (LLVM did not
/// fully unroll the AVX2 field's earlier 10 × 10 product loops by itself, and a rolled
/// loop keeps the columns in memory: measured 4× slower.)
macro_rules! unroll5 {
    (|$i:ident| $body:block) => {{
        let $i = 0usize;
        $body
    }
    {
        let $i = 1usize;
        $body
    }
    {
        let $i = 2usize;
        $body
    }
    {
        let $i = 3usize;
        $body
    }
    {
        let $i = 4usize;
        $body
    }};
}

pub(crate) use unroll5;

/// p = 2^255 - 19 in radix 2^51: 2^51 - 19, then 2^51 - 1 four times.
pub(crate) const P51: [u64; 5] = [
    (1 << 51) - 19,
    (1 << 51) - 1,
    (1 << 51) - 1,
    (1 << 51) - 1,
    (1 << 51) - 1,
];

/// 2p = 2^256 - 38 in radix 2^52 with every limb at the top of a radix-2^52 *tight*
/// value's range (limbs 0…3 below 2^52, limb 4 below 2^48): 2^52 - 38, 2^52 - 1
/// three times, 2^48 - 1 (limb 4 has weight 2^208, so 2^48 - 1 there is 2^256 - 2^208).
pub(crate) const TWO_P52: [u64; 5] = [
    (1 << 52) - 38,
    (1 << 52) - 1,
    (1 << 52) - 1,
    (1 << 52) - 1,
    (1 << 48) - 1,
];

/// k·m, limb by limb: for the limbs m of a multiple of p, the limbs of k times it, each
/// k times the matching limb of m (so k·m's limbs exceed k times the bounds m's do).
/// For k·m's limbs below 2^64.
pub(crate) const fn times(m: [u64; 5], k: u64) -> [u64; 5] {
    [m[0] * k, m[1] * k, m[2] * k, m[3] * k, m[4] * k]
}

/// Four elements' limbs, `[lane][limb]`, as limb-sliced lane arrays, `[limb][lane]`.
pub(crate) const fn transpose(l: [[u64; 5]; 4]) -> [[u64; 4]; 5] {
    let mut out = [[0u64; 4]; 5];
    let mut i = 0;
    while i < 5 {
        out[i] = [l[0][i], l[1][i], l[2][i], l[3][i]];
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{P51, TWO_P52, times, transpose};
    use crate::backend::vector::test_limbs::{p, value};
    use num_bigint::BigUint;

    fn value51(l: [u64; 5]) -> BigUint {
        l.iter().rev().fold(BigUint::from(0u8), |acc, &x| {
            (acc << 51u32) + BigUint::from(x)
        })
    }

    /// The multiples are k·p, with the limbs the fields' bounds tables name.
    #[test]
    fn multiples_of_p() {
        assert_eq!(value51(P51), p());
        assert_eq!(value51(times(P51, 4)), p() * 4u8);
        assert_eq!(value(TWO_P52), p() * 2u8);
        assert_eq!(value(times(TWO_P52, 512)), p() * 1024u16);
        // (limb 0, limbs 1…3, limb 4) as the bounds tables name them.
        for (m, [l0, l1, l4]) in [
            (
                times(P51, 2),
                [(1 << 52) - 38, (1 << 52) - 2, (1 << 52) - 2],
            ),
            (
                times(TWO_P52, 2),
                [(1 << 53) - 76, (1 << 53) - 2, (1 << 49) - 2],
            ),
            (
                times(TWO_P52, 8),
                [(1 << 55) - 304, (1 << 55) - 8, (1 << 51) - 8],
            ),
        ] {
            assert_eq!(m, [l0, l1, l1, l1, l4]);
        }
    }

    #[test]
    fn transpose_moves_lane_k_limb_i_to_limb_i_lane_k() {
        let l: [[u64; 5]; 4] =
            core::array::from_fn(|k| core::array::from_fn(|i| (10 * k + i) as u64));
        let t = transpose(l);
        for (k, lane) in l.iter().enumerate() {
            for (i, limb) in lane.iter().enumerate() {
                assert_eq!(t[i][k], *limb);
            }
        }
    }
}
