//! Four point decodings at once (`Point::from_bytes_batch` on CPUs with AVX2 and no
//! AVX-512 IFMA): the square root of RFC 8032 §5.1.3 for four encodings, one per
//! 64-bit lane of the AVX2 field.
//!
//! Per lane, as the eight-lane IFMA decoder (`ifma52x8::decode`): y from the 255 low
//! bits (y >= p is reduced by the arithmetic mod p), u = y² - 1, v = d·y² + 1, the
//! candidate root r = u·v³·(u·v⁷)^((p-5)/8) and check = v·r²: 255 squarings and 17
//! products of four lanes, nearly all of a decoding's work. Each element is then
//! finished on the portable field (`point::root`). Every value squared or multiplied
//! is reduced: the conversions, products and squares give reduced limbs, and the two
//! sums and differences are carried first.

use edwards25519_field::FieldElement;

use super::{F5, from_elements_const};
use crate::DecodeError;
use crate::backend::vector::VectorField;
use crate::backend::vector::point::Vector;
use crate::models::{D, Extended};
use crate::point::root::decode_with_root;

/// d in every lane.
static D4: F5 = from_elements_const([&D; 4]);
/// 1 in every lane.
static ONE: F5 = from_elements_const([&FieldElement::ONE; 4]);

/// `Point::from_bytes` of four encodings on this CPU's AVX2.
#[inline]
pub(crate) fn from_bytes_x4(
    _: Vector<F5>,
    encodings: &[[u8; 32]; 4],
) -> [Result<Extended<FieldElement>, DecodeError>; 4] {
    // SAFETY: a `Vector<F5>` exists only after CPUID reported AVX2 (`avx2::detect`),
    // the one feature `roots_with_features` enables.
    let roots = unsafe { roots_with_features(encodings) };
    core::array::from_fn(|j| decode_with_root(&encodings[j], roots[j].0, roots[j].1))
}

/// The one function with AVX2 on: the lane-wise part, all `#[inline(always)]`,
/// compiles into it.
#[target_feature(enable = "avx2")]
#[inline(never)]
fn roots_with_features(encodings: &[[u8; 32]; 4]) -> [(FieldElement, FieldElement); 4] {
    crate::backend::vector::align_frame();
    roots4(encodings)
}

/// Each of four encodings' candidate root r and check = v·r². Constant time (a fixed
/// sequence of lane operations).
#[inline(always)]
fn roots4(encodings: &[[u8; 32]; 4]) -> [(FieldElement, FieldElement); 4] {
    let y: [FieldElement; 4] = core::array::from_fn(|j| FieldElement::from_bytes(&encodings[j]));
    let y = F5::from_elements([&y[0], &y[1], &y[2], &y[3]]);
    let yy = y.square();
    let u = yy.sub(&ONE).carry();
    let v = yy.mul(&D4).add(&ONE).carry();
    let v3 = v.square().mul(&v);
    let v7 = v3.square().mul(&v);
    let uv3 = u.mul(&v3);
    let uv7 = u.mul(&v7);
    let r = uv3.mul(&pow_p58(&uv7));
    let check = v.mul(&r.square());
    let (r, check) = (r.to_elements(), check.to_elements());
    core::array::from_fn(|j| (r[j], check[j]))
}

/// x^(2^n), n ≥ 1.
#[inline(always)]
fn square_n(x: &F5, n: u32) -> F5 {
    let mut y = x.square();
    for _ in 1..n {
        y = y.square();
    }
    y
}

/// z^((p-5)/8) = z^(2^252 - 3): z^(2^250 - 1) by the usual chain of blocks of ones
/// (5, 10, 20, 40, 50, 100, 200, 250 bits), then two squarings and one product. 252
/// squarings, 11 products.
#[inline(always)]
fn pow_p58(z: &F5) -> F5 {
    let z2 = z.square();
    let z9 = square_n(&z2, 2).mul(z);
    let z11 = z9.mul(&z2);
    let z_5 = z11.square().mul(&z9); // z^(2^5 - 1)
    let z_10 = square_n(&z_5, 5).mul(&z_5);
    let z_20 = square_n(&z_10, 10).mul(&z_10);
    let z_40 = square_n(&z_20, 20).mul(&z_20);
    let z_50 = square_n(&z_40, 10).mul(&z_10);
    let z_100 = square_n(&z_50, 50).mul(&z_50);
    let z_200 = square_n(&z_100, 100).mul(&z_100);
    let z_250 = square_n(&z_200, 50).mul(&z_50);
    square_n(&z_250, 2).mul(z)
}
