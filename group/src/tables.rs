//! Precomputed multiples of the base point B, built at compile time by `const fn`.
//!
//! - [`BASE_TABLE`] (ScalarBaseMult): 32 rows of 8 affine cached points,
//!   `BASE_TABLE[i][j] = (j + 1)·16^(2i)·B` for i in 0..32, j in 0..8. With signed
//!   radix-16 digits this covers every 16^k·B (odd k as 16·16^(k-1)·B, see
//!   `scalar_mul::fixed_base`). 256 entries × 3 field elements = 30 KiB
//!   (24 KiB in the 4×64-bit representation).
//! - [`ODD_BASE_MULTIPLES`] (VarTimeDoubleScalarBaseMult): 64 affine cached points,
//!   `ODD_BASE_MULTIPLES[j] = (2j + 1)·B`, for width-8 NAF digits.
//! - [`ODD_BASE_128_MULTIPLES`] (signature verification with half-size scalars, see
//!   `scalar_mul::vartime_double_base`): the same for 2^128·B,
//!   `ODD_BASE_128_MULTIPLES[j] = (2j + 1)·2^128·B`.
//!
//! How they are built (no pasted literals, no run-time initialisation): the constant
//! evaluator runs the `const fn`s below with the portable limb code
//! (`FieldElement::const_*`). Points are computed in extended coordinates with the
//! unified addition, then all 384 are made affine with one batch inversion
//! (Montgomery's trick: 3 multiplications per point and a single inversion), which
//! keeps the compile-time cost low (about 9000 field multiplications; under 2 s of
//! `cargo check` on the development machine). The unit tests rebuild every entry at run
//! time by repeated addition and compare.
//!
//! Other field backends get the same tables converted at compile time (see
//! `crate::backend::serial`); the vector backends convert the serial fallback's copy on
//! first use (`crate::backend::vector::lazy_tables`).

use edwards25519_field::FieldElement;

use crate::models::{AffineCached, D2};

/// The base point's affine x (the even root), little-endian.
pub(crate) const BASE_X: FieldElement = FieldElement::from_bytes(&[
    0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7, 0x2c, 0x69,
    0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0, 0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21,
]);

/// The base point's y = 4/5, little-endian.
pub(crate) const BASE_Y: FieldElement = FieldElement::from_bytes(&[
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
]);

/// x·y of the base point, little-endian (computed offline; `tests::generator` checks it).
pub(crate) const BASE_T: FieldElement = FieldElement::from_bytes(&[
    0xa3, 0xdd, 0xb7, 0xa5, 0xb3, 0x8a, 0xde, 0x6d, 0xf5, 0x52, 0x51, 0x77, 0x80, 0x9f, 0xf0, 0x20,
    0x7d, 0xe3, 0xab, 0x64, 0x8e, 0x4e, 0xea, 0x66, 0x65, 0x76, 0x8b, 0xd7, 0x0f, 0x5f, 0x87, 0x67,
]);

/// 32 rows of 8 affine cached multiples: `[i][j] = (j + 1)·16^(2i)·B`.
pub(crate) type BaseTable<F> = [[AffineCached<F>; 8]; 32];

/// The odd multiples `[j] = (2j + 1)·B`, j in 0..64.
pub(crate) type OddMultiples<F> = [AffineCached<F>; 64];

/// The ScalarBaseMult table on the portable backend.
pub(crate) static BASE_TABLE: BaseTable<FieldElement> = TABLES.0;

/// The width-8 NAF table of B on the portable backend.
pub(crate) static ODD_BASE_MULTIPLES: OddMultiples<FieldElement> = TABLES.1;

/// The width-8 NAF table of 2^128·B on the portable backend.
pub(crate) static ODD_BASE_128_MULTIPLES: OddMultiples<FieldElement> = TABLES.2;

/// The tables, evaluated once by the compiler (other backends convert the statics).
const TABLES: (
    BaseTable<FieldElement>,
    OddMultiples<FieldElement>,
    OddMultiples<FieldElement>,
) = build();

/// Extended coordinates (X, Y, Z, T) for the compile-time computation.
#[derive(Clone, Copy)]
struct Ext {
    x: FieldElement,
    y: FieldElement,
    z: FieldElement,
    t: FieldElement,
}

/// p + q with the unified a = -1 formulas (the same as `models::Extended::add_cached`
/// followed by `Completed::to_extended`), valid for p = q.
const fn add(p: &Ext, q: &Ext) -> Ext {
    let a = p.y.const_sub(&p.x).const_mul(&q.y.const_sub(&q.x));
    let b = p.y.const_add(&p.x).const_mul(&q.y.const_add(&q.x));
    let c = p.t.const_mul(&D2).const_mul(&q.t);
    let zz = p.z.const_mul(&q.z);
    let d = zz.const_add(&zz);
    // Completed ((b - a : d + c), (b + a : d - c)) to extended.
    let (e, h, g, f) = (
        b.const_sub(&a),
        b.const_add(&a),
        d.const_add(&c),
        d.const_sub(&c),
    );
    Ext {
        x: e.const_mul(&f),
        y: h.const_mul(&g),
        z: g.const_mul(&f),
        t: e.const_mul(&h),
    }
}

/// 1/z = z^(p-2) = z^(2^255 - 21), square-and-multiply over the public exponent.
const fn invert(z: &FieldElement) -> FieldElement {
    // p - 2 in binary, from bit 254 down: 250 ones (bits 254..5), then 01011.
    let mut acc = *z;
    let mut bit = 253;
    loop {
        acc = acc.const_square();
        // Bits 254..5 are all 1; bits 4..0 are 0b01011.
        let set = if bit >= 5 {
            true
        } else {
            (0b01011 >> bit) & 1 == 1
        };
        if set {
            acc = acc.const_mul(z);
        }
        if bit == 0 {
            break;
        }
        bit -= 1;
    }
    acc
}

/// (y + x, y - x, 2d·x·y) with x = X·zinv, y = Y·zinv.
const fn affine_cached(p: &Ext, zinv: &FieldElement) -> AffineCached<FieldElement> {
    let x = p.x.const_mul(zinv);
    let y = p.y.const_mul(zinv);
    AffineCached {
        y_plus_x: y.const_add(&x),
        y_minus_x: y.const_sub(&x),
        xy2d: x.const_mul(&y).const_mul(&D2),
    }
}

/// Number of points made affine together.
const N: usize = 32 * 8 + 2 * 64;

/// Computes both tables (see the module docs).
const fn build() -> (
    BaseTable<FieldElement>,
    OddMultiples<FieldElement>,
    OddMultiples<FieldElement>,
) {
    let b = Ext {
        x: BASE_X,
        y: BASE_Y,
        z: FieldElement::ONE,
        t: BASE_T,
    };
    let mut points = [b; N];

    // Rows of the base table: row i starts at 16^(2i)·B = 256·(row i-1 start).
    let mut row_start = b;
    let mut b128 = b;
    let mut i = 0;
    while i < 32 {
        if i == 16 {
            b128 = row_start; // 16^32·B = 2^128·B
        }
        let mut acc = row_start;
        let mut j = 0;
        while j < 8 {
            points[8 * i + j] = acc;
            acc = add(&acc, &row_start);
            j += 1;
        }
        // acc = 9·row_start now; 256·row_start by eight doublings.
        let mut k = 0;
        while k < 8 {
            row_start = add(&row_start, &row_start);
            k += 1;
        }
        i += 1;
    }

    // Odd multiples: (2j + 1)·P = (2j - 1)·P + 2P, for P = B and P = 2^128·B.
    let mut t = 0;
    while t < 2 {
        let p = if t == 0 { b } else { b128 };
        let p2 = add(&p, &p);
        let mut acc = p;
        let mut j = 0;
        while j < 64 {
            points[256 + 64 * t + j] = acc;
            acc = add(&acc, &p2);
            j += 1;
        }
        t += 1;
    }

    // Batch inversion: prefix[k] = z_0·…·z_(k-1); one inversion of the full product,
    // then walk back: 1/z_k = prefix[k]·(1/(z_0·…·z_k)).
    let mut prefix = [FieldElement::ONE; N];
    let mut running = FieldElement::ONE;
    let mut k = 0;
    while k < N {
        prefix[k] = running;
        running = running.const_mul(&points[k].z);
        k += 1;
    }
    let mut inv = invert(&running);
    let mut zinv = [FieldElement::ZERO; N];
    let mut k = N;
    while k > 0 {
        k -= 1;
        zinv[k] = inv.const_mul(&prefix[k]);
        inv = inv.const_mul(&points[k].z);
    }

    let identity = AffineCached {
        y_plus_x: FieldElement::ONE,
        y_minus_x: FieldElement::ONE,
        xy2d: FieldElement::ZERO,
    };
    let mut base = [[identity; 8]; 32];
    let mut odd = [identity; 64];
    let mut odd128 = [identity; 64];
    let mut k = 0;
    while k < N {
        let entry = affine_cached(&points[k], &zinv[k]);
        if k < 256 {
            base[k / 8][k % 8] = entry;
        } else if k < 256 + 64 {
            odd[k - 256] = entry;
        } else {
            odd128[k - 256 - 64] = entry;
        }
        k += 1;
    }
    (base, odd, odd128)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;
    use crate::models::Extended;

    fn same(a: &AffineCached<FieldElement>, b: &AffineCached<FieldElement>) -> bool {
        a.y_plus_x == b.y_plus_x && a.y_minus_x == b.y_minus_x && a.xy2d == b.xy2d
    }

    /// Each entry against the run-time models: j·16^(2i)·B by repeated addition, made
    /// affine with its own inversion (`Extended::to_affine_cached`).
    #[test]
    fn base_table_entries() {
        let mut row_start: Extended<FieldElement> = Point::GENERATOR.0;
        for (i, row) in BASE_TABLE.iter().enumerate() {
            let mut acc = row_start;
            for (j, entry) in row.iter().enumerate() {
                assert!(same(entry, &acc.to_affine_cached()), "row {i} entry {j}");
                acc = acc.add_cached(&row_start.to_cached()).to_extended();
            }
            for _ in 0..8 {
                row_start = row_start.double();
            }
        }
    }

    #[test]
    fn odd_multiples_entries() {
        let b128 = (0..128).fold(Point::GENERATOR.0, |p, _| p.double());
        for (p, table) in [
            (Point::GENERATOR.0, &ODD_BASE_MULTIPLES),
            (b128, &ODD_BASE_128_MULTIPLES),
        ] {
            let p2 = p.double().to_cached();
            let mut acc = p;
            for (j, entry) in table.iter().enumerate() {
                assert!(same(entry, &acc.to_affine_cached()), "entry {j}");
                acc = acc.add_cached(&p2).to_extended();
            }
        }
    }

    /// Every limb of every entry satisfies the field invariant.
    #[test]
    fn entries_in_bounds() {
        let all = BASE_TABLE
            .iter()
            .flatten()
            .chain(ODD_BASE_MULTIPLES.iter())
            .chain(ODD_BASE_128_MULTIPLES.iter());
        for e in all {
            assert!(e.y_plus_x.is_in_bounds() && e.y_minus_x.is_in_bounds());
            assert!(e.xy2d.is_in_bounds());
        }
    }

    /// The compile-time inversion against the run-time one.
    #[test]
    fn const_invert() {
        let x = BASE_X;
        assert_eq!(invert(&x), x.invert());
        assert_eq!(invert(&x) * x, FieldElement::ONE);
    }
}
