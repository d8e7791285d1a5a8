//! [`CurveField`]: a field backend plus what the group needs precomputed in it.
//!
//! The group algorithms are generic over `F: CurveField` and instantiated once per
//! field backend by `edwards25519_field::dispatch!`. The base point tables are built
//! once at compile time on the portable backend (`crate::tables`) and converted at
//! compile time for every other backend, so a lookup never converts anything.

use edwards25519_field::{FieldArith, FieldElement};

use crate::tables::{self, BaseTable, OddMultiples};

/// A field backend with its own copy of the base point tables.
pub(crate) trait CurveField: FieldArith + 'static {
    /// The ScalarBaseMult table in this representation (see [`tables::BASE_TABLE`]).
    fn base_table() -> &'static BaseTable<Self>;
    /// The odd multiples of B in this representation (see
    /// [`tables::ODD_BASE_MULTIPLES`]).
    fn odd_base_multiples() -> &'static OddMultiples<Self>;
}

impl CurveField for FieldElement {
    #[inline(always)]
    fn base_table() -> &'static BaseTable<Self> {
        &tables::BASE_TABLE
    }
    #[inline(always)]
    fn odd_base_multiples() -> &'static OddMultiples<Self> {
        &tables::ODD_BASE_MULTIPLES
    }
}

/// The x86-64 MULX/ADX backend: tables converted with `Fe::from_field_const`.
#[cfg(target_arch = "x86_64")]
mod x86_64 {
    use edwards25519_field::FieldElement;
    use edwards25519_field::backend::x86_64::Fe;

    use super::CurveField;
    use crate::models::AffineCached;
    use crate::tables::{self, BaseTable, OddMultiples};

    const fn convert(e: &AffineCached<FieldElement>) -> AffineCached<Fe> {
        AffineCached {
            y_plus_x: Fe::from_field_const(&e.y_plus_x),
            y_minus_x: Fe::from_field_const(&e.y_minus_x),
            xy2d: Fe::from_field_const(&e.xy2d),
        }
    }

    const fn convert_base(t: &BaseTable<FieldElement>) -> BaseTable<Fe> {
        let id = convert(&t[0][0]);
        let mut out = [[id; 8]; 32];
        let mut i = 0;
        while i < 32 {
            let mut j = 0;
            while j < 8 {
                out[i][j] = convert(&t[i][j]);
                j += 1;
            }
            i += 1;
        }
        out
    }

    const fn convert_odd(t: &OddMultiples<FieldElement>) -> OddMultiples<Fe> {
        let mut out = [convert(&t[0]); 64];
        let mut j = 0;
        while j < 64 {
            out[j] = convert(&t[j]);
            j += 1;
        }
        out
    }

    static BASE_TABLE: BaseTable<Fe> = convert_base(&tables::BASE_TABLE);
    static ODD_BASE_MULTIPLES: OddMultiples<Fe> = convert_odd(&tables::ODD_BASE_MULTIPLES);

    impl CurveField for Fe {
        #[inline(always)]
        fn base_table() -> &'static BaseTable<Self> {
            &BASE_TABLE
        }
        #[inline(always)]
        fn odd_base_multiples() -> &'static OddMultiples<Self> {
            &ODD_BASE_MULTIPLES
        }
    }

    #[cfg(test)]
    mod tests {
        use edwards25519_field::FieldArith;

        use super::*;

        /// Every converted entry equals the portable one.
        #[test]
        fn converted_tables_agree() {
            let pairs = BASE_TABLE
                .iter()
                .flatten()
                .zip(tables::BASE_TABLE.iter().flatten())
                .chain(
                    ODD_BASE_MULTIPLES
                        .iter()
                        .zip(tables::ODD_BASE_MULTIPLES.iter()),
                );
            for (fast, portable) in pairs {
                assert_eq!(fast.y_plus_x.to_field(), portable.y_plus_x);
                assert_eq!(fast.y_minus_x.to_field(), portable.y_minus_x);
                assert_eq!(fast.xy2d.to_field(), portable.xy2d);
            }
        }
    }
}
