//! Eight point decodings at once (`Point::from_bytes_batch`): the square root of RFC
//! 8032 §5.1.3 lane by lane on the eight-lane radix-2^52 field.
//!
//! Per lane: y from the 255 low bits (y >= p is reduced by the arithmetic mod p),
//! u = y² - 1, v = d·y² + 1, then the candidate root r = u·v³·(u·v⁷)^((p-5)/8) and
//! check = v·r², all on [`F52`]: 255 squarings and 18 multiplications of eight lanes,
//! nearly all of a decoding's work. The rest is per
//! element on the portable field, exactly as `FieldArith::sqrt_ratio` and the single
//! decoding finish: compare check with u, -u and -u·√-1 (constant-time equalities),
//! multiply r by √-1 where needed, take the non-negative root, apply the sign bit, and
//! build (x, y, 1, x·y). The bounds are [`F52`]'s table: every value multiplied is
//! reduced (the bytes' limbs, products, and sums or differences carried first).

use edwards25519_field::FieldElement;

use super::{F52, Ifma8, Lanes52, Zmm, limbs_from_bytes, limbs_to_field};
use crate::DecodeError;
use crate::models::{D, Extended};
use crate::point::root::decode_with_root;

/// `Point::from_bytes` of eight encodings on this CPU's AVX-512 IFMA.
#[inline]
pub(crate) fn from_bytes_x8(
    token: Ifma8,
    encodings: &[[u8; 32]; 8],
) -> [Result<Extended<FieldElement>, DecodeError>; 8] {
    // SAFETY: `token` exists, so CPUID reported every feature `roots_with_features`
    // enables.
    let roots = unsafe { roots_with_features(token, encodings) };
    finish(encodings, &roots)
}

/// The one function with the target features on: the lane-wise part, all
/// `#[inline(always)]`, compiles into it with the intrinsics.
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline(never)]
fn roots_with_features(_: Ifma8, encodings: &[[u8; 32]; 8]) -> Roots {
    crate::backend::vector::align_frame();
    roots::<Zmm>(encodings)
}

/// `Point::from_bytes` of eight encodings on any [`Lanes52`] (the tests run it on the
/// instruction model).
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn decode8<L: Lanes52<Array = [u64; 8]>>(
    encodings: &[[u8; 32]; 8],
) -> [Result<Extended<FieldElement>, DecodeError>; 8] {
    finish(encodings, &roots::<L>(encodings))
}

/// Each lane's candidate root r and check = v·r², as per-limb lane arrays.
struct Roots {
    r: [[u64; 8]; 5],
    check: [[u64; 8]; 5],
}

/// The lane-wise part: r = u·v³·(u·v⁷)^((p-5)/8) and v·r² for u = y² - 1 and
/// v = d·y² + 1. Constant time (a fixed sequence of lane operations).
#[inline(always)]
fn roots<L: Lanes52<Array = [u64; 8]>>(encodings: &[[u8; 32]; 8]) -> Roots {
    let mut y_limbs = [[0u64; 8]; 5];
    for (j, e) in encodings.iter().enumerate() {
        let l = limbs_from_bytes(e);
        for i in 0..5 {
            y_limbs[i][j] = l[i];
        }
    }
    // Reduced: limbs 0…3 below 2^52, limb 4 below 2^47.
    let y = F52::<L>::from_limb_arrays(y_limbs);
    let d_limbs = limbs_from_bytes(&D.to_bytes());
    let d = F52(d_limbs.map(L::splat));
    let one = F52::<L>::one();

    let yy = y.square();
    let u = yy.sub(&one).carry();
    let v = yy.mul(&d).add(&one).carry();
    let v3 = v.square().mul(&v);
    let v7 = v3.square().mul(&v);
    let uv3 = u.mul(&v3);
    let uv7 = u.mul(&v7);
    let r = uv3.mul(&pow_p58(&uv7));
    let check = v.mul(&r.square());
    Roots {
        r: r.to_limb_arrays(),
        check: check.to_limb_arrays(),
    }
}

/// x^((p-5)/8) = x^(2^252 - 3), by the addition chain of [`F52::invert`] up to
/// x^(2^250 - 1), then two squarings and one multiplication (the chain of
/// curve25519-donna's `pow22523`). Reduced in, reduced out.
#[inline(always)]
fn pow_p58<L: Lanes52>(z: &F52<L>) -> F52<L> {
    let (z_250_0, _) = z.pow_2_250_minus_1();
    z_250_0.square_n(2).mul(z) // 2^252 - 3
}

/// The per-element end of each decoding (`point::root`), on the portable field.
fn finish(
    encodings: &[[u8; 32]; 8],
    roots: &Roots,
) -> [Result<Extended<FieldElement>, DecodeError>; 8] {
    let lane = |l: &[[u64; 8]; 5], j: usize| limbs_to_field(core::array::from_fn(|i| l[i][j]));
    core::array::from_fn(|j| {
        decode_with_root(&encodings[j], lane(&roots.r, j), lane(&roots.check, j))
    })
}
