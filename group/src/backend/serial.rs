//! The serial backend: point arithmetic one field operation at a time (`crate::models`),
//! over any field backend ([`CurveField`]: the x86-64 MULX/ADX limbs or the portable
//! ones), each with its own copy of the base point tables.
//!
//! The base point tables are built once at compile time on the portable field
//! (`crate::tables`) and converted at compile time for every other field backend, so a
//! lookup never converts anything.

use core::marker::PhantomData;

use edwards25519_field::{FieldArith, FieldElement};

use super::{Op, PointBackend};
use crate::models::{AffineCached, Cached, Completed, Extended};
use crate::scalar_mul::select;
use crate::tables::{self, BaseTable, OddMultiples};

/// A field backend with its own copy of the base point tables.
pub(crate) trait CurveField: FieldArith + Send + Sync + 'static {
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

/// The serial point backend over field backend `F`.
#[derive(Clone, Copy)]
pub(crate) struct Serial<F>(PhantomData<F>);

/// Runs `op` on [`Serial<F>`]. Kept out of line: inlined into its callers, the code
/// generation of the large scalar-multiplication loops (register allocation of one
/// very large body) varied with unrelated code, measured at 26 to 29 µs for ScalarMult
/// on the same machine; out of line it stays at the fast end.
#[inline(never)]
pub(crate) fn run<F: CurveField, O: Op>(op: O) -> O::Output {
    op.run(Serial::<F>(PhantomData))
}

impl<F: CurveField> PointBackend for Serial<F> {
    type Point = Extended<F>;
    type Sum = Completed<F>;
    type Cached = Cached<F>;
    type Affine = AffineCached<F>;

    #[inline(always)]
    fn from_point(self, p: &Extended<FieldElement>) -> Extended<F> {
        p.convert::<F>()
    }
    #[inline(always)]
    fn to_point(self, p: &Extended<F>) -> Extended<FieldElement> {
        p.convert::<FieldElement>()
    }
    #[inline(always)]
    fn identity(self) -> Extended<F> {
        Extended::IDENTITY
    }
    #[inline(always)]
    fn to_cached(self, p: &Extended<F>) -> Cached<F> {
        p.to_cached()
    }
    #[inline(always)]
    fn add(self, p: &Extended<F>, q: &Cached<F>) -> Completed<F> {
        p.add_cached(q)
    }
    #[inline(always)]
    fn sub(self, p: &Extended<F>, q: &Cached<F>) -> Completed<F> {
        p.sub_cached(q)
    }
    #[inline(always)]
    fn add_affine(self, p: &Extended<F>, q: &AffineCached<F>) -> Completed<F> {
        p.add_affine(q)
    }
    #[inline(always)]
    fn sub_affine(self, p: &Extended<F>, q: &AffineCached<F>) -> Completed<F> {
        p.sub_affine(q)
    }
    #[inline(always)]
    fn double_point(self, p: &Extended<F>) -> Completed<F> {
        p.to_projective().double()
    }
    #[inline(always)]
    fn double(self, s: &Completed<F>) -> Completed<F> {
        s.to_projective().double()
    }
    #[inline(always)]
    fn to_extended(self, s: &Completed<F>) -> Extended<F> {
        s.to_extended()
    }
    #[inline(always)]
    fn select(self, table: &[Cached<F>; 8], digit: i8) -> Cached<F> {
        select(table, digit)
    }
    #[inline(always)]
    fn select_affine(self, table: &[AffineCached<F>; 8], digit: i8) -> AffineCached<F> {
        select(table, digit)
    }
    #[inline(always)]
    fn base_table(self) -> &'static BaseTable<F> {
        F::base_table()
    }
    #[inline(always)]
    fn odd_base_multiples(self) -> &'static OddMultiples<F> {
        F::odd_base_multiples()
    }
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn affine(self, a: &AffineCached<FieldElement>) -> AffineCached<F> {
        AffineCached {
            y_plus_x: F::from_field(&a.y_plus_x),
            y_minus_x: F::from_field(&a.y_minus_x),
            xy2d: F::from_field(&a.xy2d),
        }
    }
    #[cfg(feature = "alloc")]
    fn affine_addends(self, points: &[Extended<FieldElement>]) -> alloc::vec::Vec<AffineCached<F>> {
        let points: alloc::vec::Vec<Extended<F>> =
            points.iter().map(|p| p.convert::<F>()).collect();
        crate::scalar_mul::pippenger::batch_to_affine_cached(&points)
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
