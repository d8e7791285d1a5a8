//! Precomputed multiples of the base point B, in the binary as compile-time statics.
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
//! How they are built: `tables/words.rs` holds the 384 entries as canonical 64-bit
//! words, and a `const fn` reads them into the statics (the words are the x86-64 field
//! element's limbs as they stand). The file is generated, not pasted: the test
//! `words_file_is_current` computes every entry at run time from the point models (by
//! repeated addition, each made affine with its own inversion) and fails if the file
//! differs; `EDWARDS25519_WRITE_TABLES=1 cargo test -p edwards25519-group --lib
//! tables::` rewrites it. Computing the entries in the constant evaluator instead
//! (about 9000 field multiplications) took 1.7 s of the group crate's front end, on
//! one core before any code generation starts, in every build.
//!
//! Other field backends get the same tables converted at compile time (see
//! `crate::backend::serial`); the vector backends convert the serial fallback's copy on
//! first use (`crate::backend::vector::lazy_tables`).

use edwards25519_field::FieldElement;
use edwards25519_field::backend::radix64::Fe64;

use crate::models::AffineCached;

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

// `WORDS`: the 384 entries, generated (see the module docs).
include!("tables/words.rs");

/// Number of entries: the base table's 256, then the two odd-multiple tables' 64 each.
const N: usize = 32 * 8 + 2 * 64;

/// Coordinate c of entry k, from its canonical words (least significant first): the
/// 4×64 limbs as they stand (no bytes in between, which the constant evaluator would
/// walk one at a time).
const fn element(k: usize, c: usize) -> FieldElement {
    let w = &WORDS[k];
    let i = 4 * c;
    FieldElement::from_fe64(&Fe64::from_limbs([w[i], w[i + 1], w[i + 2], w[i + 3]]))
}

/// The three tables from [`WORDS`], in its order.
const fn build() -> (
    BaseTable<FieldElement>,
    OddMultiples<FieldElement>,
    OddMultiples<FieldElement>,
) {
    let mut base = [[AffineCached::IDENTITY; 8]; 32];
    let mut odd = [AffineCached::IDENTITY; 64];
    let mut odd128 = [AffineCached::IDENTITY; 64];
    let mut k = 0;
    while k < N {
        let entry = AffineCached {
            y_plus_x: element(k, 0),
            y_minus_x: element(k, 1),
            xy2d: element(k, 2),
        };
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
    extern crate std;

    use std::string::String;
    use std::vec::Vec;

    use super::*;
    use crate::Point;
    use crate::models::Extended;

    /// What `src/tables/words.rs` holds, relative to the crate's manifest.
    const WORDS_FILE: &str = "src/tables/words.rs";

    fn same(a: &AffineCached<FieldElement>, b: &AffineCached<FieldElement>) -> bool {
        a.y_plus_x == b.y_plus_x && a.y_minus_x == b.y_minus_x && a.xy2d == b.xy2d
    }

    /// The N entries in [`WORDS`]'s order, from the run-time models: j·16^(2i)·B and the
    /// odd multiples of B and 2^128·B by repeated addition, each made affine with its
    /// own inversion (`Extended::to_affine_cached`).
    fn computed() -> Vec<AffineCached<FieldElement>> {
        let mut out = Vec::with_capacity(N);
        let mut row_start: Extended<FieldElement> = Point::GENERATOR.0;
        for _ in 0..32 {
            let mut acc = row_start;
            for _ in 0..8 {
                out.push(acc.to_affine_cached());
                acc = acc.add_cached(&row_start.to_cached()).to_extended();
            }
            for _ in 0..8 {
                row_start = row_start.double();
            }
        }
        let b128 = (0..128).fold(Point::GENERATOR.0, |p, _| p.double());
        for p in [Point::GENERATOR.0, b128] {
            let p2 = p.double().to_cached();
            let mut acc = p;
            for _ in 0..64 {
                out.push(acc.to_affine_cached());
                acc = acc.add_cached(&p2).to_extended();
            }
        }
        out
    }

    /// The text of `src/tables/words.rs` for these entries.
    fn render(entries: &[AffineCached<FieldElement>]) -> String {
        use core::fmt::Write;
        let mut s = String::new();
        s.push_str(
            "// Generated by `tables::tests::words_file_is_current` from the run-time point\n\
             // models; do not edit. `EDWARDS25519_WRITE_TABLES=1 cargo test -p\n\
             // edwards25519-group --lib tables::` rewrites it.\n\
             //\n\
             // Per entry, the canonical encodings of y + x, y - x and 2d·x·y as little-endian\n\
             // 64-bit words, least significant first. Read only by the constant evaluator\n\
             // (`build`): the binary holds the statics, not this array.\n\
             #[allow(clippy::large_const_arrays)]\n\
             const WORDS: [[u64; 12]; N] = [\n",
        );
        for (k, e) in entries.iter().enumerate() {
            if k < 256 && k % 8 == 0 {
                writeln!(s, "    // BASE_TABLE[{}]", k / 8).expect("a String takes any text");
            } else if k == 256 {
                s.push_str("    // ODD_BASE_MULTIPLES\n");
            } else if k == 256 + 64 {
                s.push_str("    // ODD_BASE_128_MULTIPLES\n");
            }
            s.push_str("    [");
            for (c, f) in [e.y_plus_x, e.y_minus_x, e.xy2d].iter().enumerate() {
                // The canonical value's words: `Fe64::from_bytes` of the encoding.
                for (w, word) in Fe64::from_bytes(&f.to_bytes()).limbs().iter().enumerate() {
                    let sep = if c == 0 && w == 0 { "" } else { ", " };
                    write!(s, "{sep}{word:#018x}").expect("a String takes any text");
                }
            }
            s.push_str("],\n");
        }
        s.push_str("];\n");
        s
    }

    /// The generated file matches what the run-time models compute (rewritten first
    /// when `EDWARDS25519_WRITE_TABLES` is set).
    #[test]
    fn words_file_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(WORDS_FILE);
        let want = render(&computed());
        if std::env::var_os("EDWARDS25519_WRITE_TABLES").is_some() {
            std::fs::write(&path, &want).expect("the words file is writable");
        }
        let have = std::fs::read_to_string(&path).expect("the words file is readable");
        assert!(
            have == want,
            "{WORDS_FILE} differs from the computed tables; rerun with EDWARDS25519_WRITE_TABLES=1"
        );
    }

    /// The statics' entries in [`WORDS`]'s order.
    fn statics() -> impl Iterator<Item = &'static AffineCached<FieldElement>> {
        BASE_TABLE
            .iter()
            .flatten()
            .chain(ODD_BASE_MULTIPLES.iter())
            .chain(ODD_BASE_128_MULTIPLES.iter())
    }

    /// The statics, as the compiler built them from [`WORDS`], against the run-time
    /// models.
    #[test]
    fn statics_hold_the_computed_entries() {
        let computed = computed();
        assert_eq!(computed.len(), N);
        for (k, (have, want)) in statics().zip(&computed).enumerate() {
            assert!(same(have, want), "entry {k}");
        }
    }

    /// Every limb of every entry satisfies the field invariant.
    #[test]
    fn entries_in_bounds() {
        for e in statics() {
            assert!(e.y_plus_x.is_in_bounds() && e.y_minus_x.is_in_bounds());
            assert!(e.xy2d.is_in_bounds());
        }
    }
}
