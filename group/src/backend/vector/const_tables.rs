//! The base point tables of `crate::tables` in each vector representation, built at
//! compile time: one builder for every field ([`const_tables!`]) and one `LaneTables`
//! impl for the IFMA fields, which are generic over their lane type ([`lane_tables!`]).
//!
//! Macros, not generic functions: a `static` cannot be generic, and a `const fn` cannot
//! call a trait method or a function pointer, so each representation names its own
//! `const fn` conversion and the macro writes the loops around it.

/// A [`Tables`](super::Tables) value built in a const context by `$convert`, a
/// `const fn` from four portable elements (`[&FieldElement; 4]`, lanes 0…3) to the
/// field type: the addends of `BASE_TABLE`, `ODD_BASE_MULTIPLES` and
/// `ODD_BASE_128_MULTIPLES` in the cached lane order of `point::affine_lanes`, and the
/// identity, identity addend and addend factors of `point`.
macro_rules! const_tables {
    ($convert:path) => {{
        use $crate::backend::vector::point::{
            CACHED_FACTORS, IDENTITY, IDENTITY_CACHED, affine_lanes,
        };
        use $crate::backend::vector::{Cached4, Tables};
        use $crate::tables::{BASE_TABLE, ODD_BASE_128_MULTIPLES, ODD_BASE_MULTIPLES};

        let id = Cached4($convert(IDENTITY_CACHED));
        let mut t = Tables {
            base: [[id; 8]; 32],
            odd: [id; 64],
            odd128: [id; 64],
            identity: $convert(IDENTITY),
            identity_cached: id.0,
            cached_factors: $convert(CACHED_FACTORS),
        };
        // `while`, not `for`: iterators are not const.
        let mut i = 0;
        while i < 32 {
            let mut j = 0;
            while j < 8 {
                t.base[i][j] = Cached4($convert(affine_lanes(&BASE_TABLE[i][j])));
                j += 1;
            }
            i += 1;
        }
        let mut j = 0;
        while j < 64 {
            t.odd[j] = Cached4($convert(affine_lanes(&ODD_BASE_MULTIPLES[j])));
            t.odd128[j] = Cached4($convert(affine_lanes(&ODD_BASE_128_MULTIPLES[j])));
            j += 1;
        }
        t
    }};
}

/// `impl $trait for $lanes`: the tables of the five-limb field `$field<$lanes>`
/// (`F4` or `F52`) returned by `$method`, from `$slices`, a `const fn` from four
/// portable elements to the field's limb-sliced lane arrays (`[limb][lane]`), and
/// `$from_array`, a `const fn` from `[u64; 4]` to the lane type.
macro_rules! lane_tables {
    (impl $trait:ident :: $method:ident for $field:ident < $lanes:ty >,
     $slices:path, $from_array:path) => {
        impl $trait for $lanes {
            fn $method() -> &'static $crate::backend::vector::Tables<$field<$lanes>> {
                const fn convert(e: [&::edwards25519_field::FieldElement; 4]) -> $field<$lanes> {
                    let s = $slices(e);
                    $field([
                        $from_array(s[0]),
                        $from_array(s[1]),
                        $from_array(s[2]),
                        $from_array(s[3]),
                        $from_array(s[4]),
                    ])
                }
                static TABLES: $crate::backend::vector::Tables<$field<$lanes>> =
                    $crate::backend::vector::const_tables::const_tables!(convert);
                &TABLES
            }
        }
    };
}

pub(crate) use {const_tables, lane_tables};
