//! The point-layer steps that are compiled once per field, out of line, instead of
//! inlined at every call site of every operation.
//!
//! An operation is one function with the field's target features on (each field's
//! `run_with_features`), and the point formulas were inlined into it once per call
//! site: most of the group crate's compile time went to optimising those copies. A
//! step out of line is a function with the same target features, `#[inline(never)]`,
//! that the operations call. The call passes its values through memory (every vector
//! register is caller-saved, and a point or an addend is five registers), which costs
//! two store-to-load forwardings on the value's dependency chain: ≈ 15 cycles.
//!
//! So only steps OFF the accumulator's chain are called: the constant-time table
//! lookup ([`OutOfLine::select`]: its input is a digit and a table, its output an
//! addend) and the addend conversion ([`OutOfLine::to_cached`]: the tables' entries).
//! The additions and doublings stay inline: out of line, each took those ≈ 15 cycles
//! from a chain of dependent formulas (measured same-run, LTO, AMD EPYC Zen 4:
//! ScalarMult 1.08 and Verification 1.08 on AVX2, VarTimeDoubleScalarBaseMult 1.23 and
//! Verification 1.09 on IFMA).
//!
//! Each field with target features implements [`OutOfLine`] with [`out_of_line!`] and
//! its feature list; the instruction models of the tests keep the inline defaults.

use super::point::{Ext4, Vector};
use super::{Cached4, VectorField};

/// The point-layer steps a field may compile once, out of line. The defaults inline
/// them; the token `b` proves that the CPU runs the field's instructions.
pub(crate) trait OutOfLine: VectorField {
    /// p as an addend ([`Ext4::to_cached`]).
    #[inline(always)]
    fn to_cached(_b: Vector<Self>, p: &Ext4<Self>) -> Cached4<Self> {
        p.to_cached()
    }
    /// `digit`·P from `table[j] = (j + 1)·P` in constant time ([`Cached4::select`]).
    #[inline(always)]
    fn select(_b: Vector<Self>, table: &[Cached4<Self>; 8], digit: i8) -> Cached4<Self> {
        Cached4::select(table, digit)
    }
}

/// `impl OutOfLine for $field` with each step one `#[inline(never)]` function with
/// `$features` on: the field's `run_with_features` list, which its `Vector` token
/// proves the CPU has.
macro_rules! out_of_line {
    ($field:ty, $features:literal) => {
        impl $crate::backend::vector::out_of_line::OutOfLine for $field {
            #[inline(always)]
            fn to_cached(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
            ) -> $crate::backend::vector::Cached4<Self> {
                #[target_feature(enable = $features)]
                #[inline(never)]
                fn to_cached(
                    p: &$crate::backend::vector::point::Ext4<$field>,
                ) -> $crate::backend::vector::Cached4<$field> {
                    p.to_cached()
                }
                // SAFETY: `_b` exists, so CPUID reported the features `to_cached`
                // enables (see the field's `detect`).
                unsafe { to_cached(p) }
            }

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
                // SAFETY: as in `to_cached`.
                unsafe { select(table, digit) }
            }
        }
    };
}

pub(crate) use out_of_line;
