//! The point-layer steps compiled once per field, out of line, instead of inlined at
//! every call site of every operation: [`OutOfLine`]'s methods, which a field with
//! target features implements with [`out_of_line!`] and its feature list (the
//! instruction models of the tests keep the trait's inline defaults). Besides the
//! table lookup, [`OutOfLine::call`] runs the routines of
//! [`PointBackend::call`](crate::backend::PointBackend::call) (a point's table of
//! multiples, the precomputed odd tables), once per call or per point.
//!
//! An operation is one function with the field's target features on (each field's
//! `run_with_features`), and the point code is inlined into it once per call site:
//! most of the group crate's compile time goes to optimising those copies. A step out
//! of line is a function with the same target features, `#[inline(never)]`, that the
//! operations call. The call passes its values through memory (every vector register
//! is caller-saved, and a point or an addend is five registers): two store-to-load
//! forwardings, ≈ 15 cycles, on the value's dependency chain.
//!
//! So only a step OFF the accumulator's chain is called: the constant-time table
//! lookup ([`OutOfLine::select`]: its inputs are a digit and a table, its output an
//! addend). The additions and doublings stay inline: out of line, each added those
//! ≈ 15 cycles to a chain of dependent formulas (same-run, LTO, AMD EPYC Zen 4:
//! ScalarMult 1.08 and Verification 1.08 on AVX2, VarTimeDoubleScalarBaseMult 1.23 and
//! Verification 1.09 on IFMA, for half the group crate's compile time). So does the
//! conversion to an addend: called for each entry of the variable-time tables, it cost
//! VerifyBatch/64 1.035 (LTO, IFMA).

#[cfg(doc)]
use super::point::OutOfLine;

/// `impl OutOfLine for $field` with its step one `#[inline(never)]` function with
/// `$features` on: the field's `run_with_features` list, which its `Vector` token
/// proves the CPU has.
macro_rules! out_of_line {
    ($field:ty, $features:literal) => {
        impl $crate::backend::vector::point::OutOfLine for $field {
            #[inline(always)]
            fn select(
                _b: $crate::backend::vector::point::Vector<Self>,
                table: &[$crate::backend::vector::Cached4<Self>; 8],
                digit: i8,
            ) -> $crate::backend::vector::Cached4<Self> {
                #[target_feature(enable = $features)]
                #[inline(never)]
                fn select(
                    table: &[$crate::backend::vector::Cached4<$field>; 8],
                    digit: i8,
                ) -> $crate::backend::vector::Cached4<$field> {
                    $crate::backend::vector::Cached4::select(table, digit)
                }
                // SAFETY: `_b` exists, so CPUID reported the features `select`
                // enables (see the field's `detect`).
                unsafe { select(table, digit) }
            }
            #[inline(always)]
            fn call<R: $crate::backend::Routine<$crate::backend::vector::point::Vector<Self>>>(
                b: $crate::backend::vector::point::Vector<Self>,
                routine: R,
            ) -> R::Output {
                #[target_feature(enable = $features)]
                #[inline(never)]
                fn call<
                    R: $crate::backend::Routine<$crate::backend::vector::point::Vector<$field>>,
                >(
                    b: $crate::backend::vector::point::Vector<$field>,
                    routine: R,
                ) -> R::Output {
                    routine.run(b)
                }
                // SAFETY: `b` exists, so CPUID reported the features `call` enables
                // (see the field's `detect`).
                unsafe { call(b, routine) }
            }
        }
    };
}

pub(crate) use out_of_line;
