//! The point layer's constants in each vector representation, built at compile time
//! ([`const_consts!`]), and one `LaneTables` impl for the IFMA fields, which are generic
//! over their lane type ([`lane_tables!`]): their constants, and their base point
//! tables, built on first use ([`lazy_tables`](super::lazy_tables)).
//!
//! Macros, not generic functions: a `static` cannot be generic, and a `const fn` cannot
//! call a trait method or a function pointer, so each representation names its own
//! `const fn` conversion and the macro writes the code around it.

/// A [`Consts`](super::Consts) value built in a const context by `$convert`, a
/// `const fn` from four portable elements (`[&FieldElement; 4]`, lanes 0…3) to the
/// field type: the identity, identity addend and addend factors of `point`.
macro_rules! const_consts {
    ($convert:path) => {{
        use $crate::backend::vector::Consts;
        use $crate::backend::vector::point::{CACHED_FACTORS, IDENTITY, IDENTITY_CACHED};

        Consts {
            identity: $convert(IDENTITY),
            identity_cached: $convert(IDENTITY_CACHED),
            cached_factors: $convert(CACHED_FACTORS),
        }
    }};
}

/// `impl $trait for $lanes`: the tables of the five-limb field `$field<$lanes>`
/// (`F4` or `F52`) returned by `$method` (built on first use) and its constants by
/// `$consts` (built at compile time), from `$slices`, a `const fn` from four portable
/// elements to the field's limb-sliced lane arrays (`[limb][lane]`), and
/// `$from_array`, a `const fn` from `[u64; 4]` to the lane type.
macro_rules! lane_tables {
    (@convert $field:ident < $lanes:ty >, $slices:path, $from_array:path) => {
        /// Four portable elements in lanes 0…3.
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
    };
    (impl $trait:ident :: $method:ident, $consts:ident for $field:ident < $lanes:ty >,
     $slices:path, $from_array:path) => {
        impl $trait for $lanes {
            fn $method() -> &'static $crate::backend::vector::Tables<$field<$lanes>> {
                $crate::backend::vector::const_tables::lane_tables!(
                    @convert $field<$lanes>, $slices, $from_array
                );
                static TABLES: $crate::backend::vector::lazy_tables::LazyTables<
                    $field<$lanes>,
                > = $crate::backend::vector::lazy_tables::LazyTables::new();
                TABLES.get(convert)
            }
            fn $consts() -> &'static $crate::backend::vector::Consts<$field<$lanes>> {
                $crate::backend::vector::const_tables::lane_tables!(
                    @convert $field<$lanes>, $slices, $from_array
                );
                static CONSTS: $crate::backend::vector::Consts<$field<$lanes>> =
                    $crate::backend::vector::const_tables::const_consts!(convert);
                &CONSTS
            }
        }
    };
}

pub(crate) use {const_consts, lane_tables};
