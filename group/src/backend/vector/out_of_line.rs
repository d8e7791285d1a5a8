//! The point formulas out of line: each field compiles its addition, subtraction and
//! doubling once, as functions with its target features on that the operations call,
//! instead of inlining the whole formula (≈ 150-250 vector instructions, and for LLVM
//! a few thousand before optimisation) at every place an algorithm adds or doubles.
//!
//! An operation is one function with the target features on (each field's
//! `run_with_features`), and every point formula used to be inlined into it, once per
//! call site: most of the group crate's compile time went to optimising those copies
//! again and again. A call costs a few stores and loads per formula (a point or an
//! addend is five registers, passed and returned through memory, as every vector
//! register is caller-saved), against a formula of two vector multiplications.
//! (Calls one level lower, one per field multiplication, cost AVX2 1.23-1.74× its
//! time: there the stores and loads are a large part of the work.)
//!
//! [`PointBackend`](crate::backend::PointBackend) for a
//! [`Vector`] reaches these through [`OutOfLine`]: a field with target features
//! implements it with [`out_of_line!`] and its feature list, the instruction models
//! of the tests (no special instruction) without one.

use super::point::{Ext4, Vector};
use super::{Cached4, VectorField};

/// The point formulas of [`super::point`], each compiled once for this field. The
/// token `b` proves that the CPU runs the field's instructions.
pub(crate) trait OutOfLine: VectorField {
    /// p + q.
    fn add_point(b: Vector<Self>, p: &Ext4<Self>, q: &Cached4<Self>) -> Ext4<Self>;
    /// p - q.
    fn sub_point(b: Vector<Self>, p: &Ext4<Self>, q: &Cached4<Self>) -> Ext4<Self>;
    /// 2·p.
    fn double_point(b: Vector<Self>, p: &Ext4<Self>) -> Ext4<Self>;
}

/// `impl OutOfLine for $field`: with `$features`, each formula one
/// `#[inline(never)]` function with those target features on (the field's
/// `run_with_features` list, which its `Vector` token proves the CPU has); without,
/// the formulas inline (the instruction models).
macro_rules! out_of_line {
    ($field:ty, $features:literal) => {
        impl $crate::backend::vector::out_of_line::OutOfLine for $field {
            #[inline(always)]
            fn add_point(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
                q: &$crate::backend::vector::Cached4<Self>,
            ) -> $crate::backend::vector::point::Ext4<Self> {
                #[target_feature(enable = $features)]
                #[inline(never)]
                fn add(
                    p: &$crate::backend::vector::point::Ext4<$field>,
                    q: &$crate::backend::vector::Cached4<$field>,
                ) -> $crate::backend::vector::point::Ext4<$field> {
                    p.add(q)
                }
                // SAFETY: `_b` exists, so CPUID reported the features `add` enables
                // (see the field's `detect`).
                unsafe { add(p, q) }
            }

            #[inline(always)]
            fn sub_point(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
                q: &$crate::backend::vector::Cached4<Self>,
            ) -> $crate::backend::vector::point::Ext4<Self> {
                #[target_feature(enable = $features)]
                #[inline(never)]
                fn sub(
                    p: &$crate::backend::vector::point::Ext4<$field>,
                    q: &$crate::backend::vector::Cached4<$field>,
                ) -> $crate::backend::vector::point::Ext4<$field> {
                    p.add(&q.neg())
                }
                // SAFETY: as in `add`.
                unsafe { sub(p, q) }
            }

            #[inline(always)]
            fn double_point(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
            ) -> $crate::backend::vector::point::Ext4<Self> {
                #[target_feature(enable = $features)]
                #[inline(never)]
                fn double(
                    p: &$crate::backend::vector::point::Ext4<$field>,
                ) -> $crate::backend::vector::point::Ext4<$field> {
                    p.double()
                }
                // SAFETY: as in `add`.
                unsafe { double(p) }
            }
        }
    };
    ($field:ty) => {
        impl $crate::backend::vector::out_of_line::OutOfLine for $field {
            #[inline(always)]
            fn add_point(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
                q: &$crate::backend::vector::Cached4<Self>,
            ) -> $crate::backend::vector::point::Ext4<Self> {
                p.add(q)
            }

            #[inline(always)]
            fn sub_point(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
                q: &$crate::backend::vector::Cached4<Self>,
            ) -> $crate::backend::vector::point::Ext4<Self> {
                p.add(&q.neg())
            }

            #[inline(always)]
            fn double_point(
                _b: $crate::backend::vector::point::Vector<Self>,
                p: &$crate::backend::vector::point::Ext4<Self>,
            ) -> $crate::backend::vector::point::Ext4<Self> {
                p.double()
            }
        }
    };
}

pub(crate) use out_of_line;
