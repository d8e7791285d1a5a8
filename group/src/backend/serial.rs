//! The serial backend: point arithmetic one field operation at a time (`crate::models`),
//! over any field backend ([`CurveField`]: the x86-64 MULX/ADX limbs or the portable
//! ones), each with its own copy of the base point tables.
//!
//! The base point tables are built once at compile time on the portable field
//! (`crate::tables`) and converted at compile time for every other field backend, so a
//! lookup never converts anything. Where the vector backends are compiled, the
//! fallback's tables (`WithoutAvx2`) are also the source of theirs
//! (`vector::lazy_tables`), so the binary holds one copy.

use core::marker::PhantomData;

use edwards25519_field::{FieldArith, FieldElement};

use super::{Op, PointBackend, Routine};
use crate::models::select;
use crate::models::{AffineCached, Cached, Completed, Extended};
use crate::tables::{self, BaseTable, OddMultiples};

/// A field backend with its own copy of the base point tables.
pub(crate) trait CurveField: FieldArith + Send + Sync + 'static {
    /// The ScalarBaseMult table in this representation (see [`tables::BASE_TABLE`]).
    fn base_table() -> &'static BaseTable<Self>;
    /// The odd multiples of B in this representation (see
    /// [`tables::ODD_BASE_MULTIPLES`]).
    fn odd_base_multiples() -> &'static OddMultiples<Self>;
    /// The odd multiples of 2^128·B in this representation (see
    /// [`tables::ODD_BASE_128_MULTIPLES`]).
    fn odd_base_128_multiples() -> &'static OddMultiples<Self>;
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
    #[inline(always)]
    fn odd_base_128_multiples() -> &'static OddMultiples<Self> {
        &tables::ODD_BASE_128_MULTIPLES
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
    /// One formula for both signs (the code size of one addition in the loops that
    /// call it).
    #[inline(always)]
    fn add_signed(self, p: &Extended<F>, q: &Cached<F>, negative: bool) -> Completed<F> {
        p.add_cached_signed(q, negative)
    }
    /// One formula for both signs.
    #[inline(always)]
    fn add_signed_affine(
        self,
        p: &Extended<F>,
        q: &AffineCached<F>,
        negative: bool,
    ) -> Completed<F> {
        p.add_affine_signed(q, negative)
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
    #[inline(always)]
    fn odd_base_128_multiples(self) -> &'static OddMultiples<F> {
        F::odd_base_128_multiples()
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
        crate::models::batch_to_affine_cached(&points)
    }
    #[inline(always)]
    fn call<R: Routine<Self>>(self, routine: R) -> R::Output {
        call(self, routine)
    }
}

/// [`PointBackend::call`] for [`Serial<F>`]: the routine out of line, once per field.
#[inline(never)]
fn call<F: CurveField, R: Routine<Serial<F>>>(b: Serial<F>, routine: R) -> R::Output {
    routine.run(b)
}

/// The serial backend's field where the vector backends run on every CPU with AVX2
/// (`dispatch::run`'s fallback): the portable 4×64 limbs, or the MULX/ADX ones in a
/// build whose target features already require BMI2 and ADX.
#[cfg(all(
    edwards25519_vector,
    not(all(target_feature = "bmi2", target_feature = "adx"))
))]
pub(crate) type WithoutAvx2 = edwards25519_field::backend::radix64::Fe64;
/// The serial backend's field where the vector backends run on every CPU with AVX2
/// (`dispatch::run`'s fallback): the portable 4×64 limbs, or the MULX/ADX ones in a
/// build whose target features already require BMI2 and ADX.
#[cfg(all(edwards25519_vector, target_feature = "bmi2", target_feature = "adx"))]
pub(crate) type WithoutAvx2 = x86_64::Fast;

/// Binds `$F` to the field backend for this machine and evaluates `$body` with it: on
/// x86-64 the MULX/ADX limbs (`x86_64::Fast`) when CPUID reports BMI2 and ADX, else the
/// portable 4×64 limbs; elsewhere (and in the forced portable build) [`FieldElement`].
/// One check per call: callers use it once per top-level operation. Where the target
/// features require BMI2 and ADX (`-C target-cpu=native` on such a CPU), the check is
/// known to pass and only the MULX/ADX branch is compiled. Without the vector backends
/// (the smallest build), [`FieldElement`] (below).
#[cfg(all(
    edwards25519_vector,
    not(all(target_feature = "bmi2", target_feature = "adx"))
))]
macro_rules! field_dispatch {
    ($F:ident => $body:expr) => {{
        if edwards25519_field::backend::cpu_has_bmi2_adx() {
            // The only place `Fast` (MULX/ADX) is named: after the check (see
            // `x86_64::Checked`).
            #[allow(dead_code)]
            type $F = $crate::backend::serial::x86_64::Fast;
            $body
        } else {
            #[allow(dead_code)]
            type $F = edwards25519_field::backend::radix64::Fe64;
            $body
        }
    }};
}

/// Binds `$F` to the MULX/ADX limbs and evaluates `$body`: the target features require
/// BMI2 and ADX, so the binary runs only where `cpu_has_bmi2_adx()` is true.
#[cfg(all(edwards25519_x86, target_feature = "bmi2", target_feature = "adx"))]
macro_rules! field_dispatch {
    ($F:ident => $body:expr) => {{
        #[allow(dead_code)]
        type $F = $crate::backend::serial::x86_64::Fast;
        $body
    }};
}

/// Binds `$F` to [`FieldElement`] and evaluates `$body`: off x86-64 and in the forced
/// portable build, the portable radix-2^51 limbs; on x86-64 without the vector backends
/// (the smallest build: the `vector` feature off, or the `"serial"` cfg), the public
/// element, which picks MULX/ADX or the portable 4×64 code at each product and squaring
/// (a cached flag and a predicted branch). There one serial copy of each operation is
/// compiled instead of two (over MULX/ADX and over the portable limbs), for a few per
/// cent of speed (docs/backends.md).
#[cfg(all(
    not(edwards25519_vector),
    not(all(edwards25519_x86, target_feature = "bmi2", target_feature = "adx"))
))]
macro_rules! field_dispatch {
    ($F:ident => $body:expr) => {{
        #[allow(dead_code)]
        type $F = edwards25519_field::FieldElement;
        $body
    }};
}
pub(crate) use field_dispatch;

/// The x86-64 backends: the portable 4×64 limbs and the MULX/ADX ones, with tables
/// converted at compile time (the same limbs for both).
#[cfg(edwards25519_x86)]
pub(crate) mod x86_64 {
    use edwards25519_field::FieldElement;
    use edwards25519_field::backend::radix64::Fe64;
    use edwards25519_field::backend::x86_64::{Bmi2Adx, Mulx};

    use super::CurveField;
    use crate::models::AffineCached;
    use crate::tables::{self, BaseTable, OddMultiples};

    /// The proof type of this crate's MULX/ADX field elements.
    #[derive(Clone, Copy)]
    pub(crate) struct Checked;

    // SAFETY: `Mulx<Checked>` (`Fast`) is named only in `field_dispatch!`'s branch that
    // runs after `cpu_has_bmi2_adx()` returned true, and in this module's tables
    // (which are only read through that branch's instantiation), and in tests guarded by
    // the same check; or, unchecked, in `field_dispatch!` and `WithoutAvx2` when the
    // target features require BMI2 and ADX, where the compiler may emit those
    // instructions anywhere, so the program runs only on a CPU that has them.
    #[allow(unsafe_code)]
    unsafe impl Bmi2Adx for Checked {}

    /// The MULX/ADX field backend. Name it only after `cpu_has_bmi2_adx()`.
    pub(crate) type Fast = Mulx<Checked>;

    /// Builds the table converters for one 4×64 type from `Fe64::from_field_const`.
    macro_rules! converters {
        ($m:ident, $T:ty, $from:expr) => {
            mod $m {
                use super::*;
                const fn fe(x: &FieldElement) -> $T {
                    $from(Fe64::from_field_const(x))
                }
                const fn convert(e: &AffineCached<FieldElement>) -> AffineCached<$T> {
                    AffineCached {
                        y_plus_x: fe(&e.y_plus_x),
                        y_minus_x: fe(&e.y_minus_x),
                        xy2d: fe(&e.xy2d),
                    }
                }
                const fn convert_base(t: &BaseTable<FieldElement>) -> BaseTable<$T> {
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
                const fn convert_odd(t: &OddMultiples<FieldElement>) -> OddMultiples<$T> {
                    let mut out = [convert(&t[0]); 64];
                    let mut j = 0;
                    while j < 64 {
                        out[j] = convert(&t[j]);
                        j += 1;
                    }
                    out
                }
                pub(super) static BASE_TABLE: BaseTable<$T> = convert_base(&tables::BASE_TABLE);
                pub(super) static ODD_BASE_MULTIPLES: OddMultiples<$T> =
                    convert_odd(&tables::ODD_BASE_MULTIPLES);
                pub(super) static ODD_BASE_128_MULTIPLES: OddMultiples<$T> =
                    convert_odd(&tables::ODD_BASE_128_MULTIPLES);
            }
            impl CurveField for $T {
                #[inline(always)]
                fn base_table() -> &'static BaseTable<Self> {
                    &$m::BASE_TABLE
                }
                #[inline(always)]
                fn odd_base_multiples() -> &'static OddMultiples<Self> {
                    &$m::ODD_BASE_MULTIPLES
                }
                #[inline(always)]
                fn odd_base_128_multiples() -> &'static OddMultiples<Self> {
                    &$m::ODD_BASE_128_MULTIPLES
                }
            }
        };
    }

    const fn id(x: Fe64) -> Fe64 {
        x
    }
    converters!(portable64, Fe64, id);
    converters!(mulx, Fast, Mulx::from_fe64);

    #[cfg(test)]
    mod tests {
        use edwards25519_field::FieldArith;

        use super::*;

        /// Every converted entry equals the portable one, in both 4×64 forms.
        #[test]
        fn converted_tables_agree() {
            let pairs = portable64::BASE_TABLE
                .iter()
                .flatten()
                .zip(mulx::BASE_TABLE.iter().flatten())
                .zip(tables::BASE_TABLE.iter().flatten())
                .chain(
                    portable64::ODD_BASE_MULTIPLES
                        .iter()
                        .zip(mulx::ODD_BASE_MULTIPLES.iter())
                        .zip(tables::ODD_BASE_MULTIPLES.iter()),
                )
                .chain(
                    portable64::ODD_BASE_128_MULTIPLES
                        .iter()
                        .zip(mulx::ODD_BASE_128_MULTIPLES.iter())
                        .zip(tables::ODD_BASE_128_MULTIPLES.iter()),
                );
            for ((p64, fast), portable) in pairs {
                for (a, b, c) in [
                    (p64.y_plus_x, fast.y_plus_x, portable.y_plus_x),
                    (p64.y_minus_x, fast.y_minus_x, portable.y_minus_x),
                    (p64.xy2d, fast.xy2d, portable.xy2d),
                ] {
                    assert_eq!(a.to_field(), c);
                    // Limbs only: no MULX runs here.
                    assert_eq!(b.to_fe64().limbs(), a.limbs());
                }
            }
        }
    }
}
