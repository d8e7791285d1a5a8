//! The one operator-forwarding macro of the workspace.

/// Derives the owned and mixed-reference forms of a binary operator from its
/// reference form `impl Op<&B> for &A`: `A op B`, `A op &B` and `&A op B`, each
/// forwarding to `&a op &b`. With the assigning trait and method added, also
/// `a op= b` and `a op= &b` (for operators whose output is `A`).
///
/// ```text
/// forward_binop!(Point, Add, add, Point => Point, AddAssign, add_assign);
/// forward_binop!(Scalar, Mul, mul, Point => Point);
/// ```
///
/// A leading `[P: Bound]` makes every impl generic over `P` (the field's MULX type
/// `Mulx<P>`, whose `P` is the proof of the CPU check).
///
/// Aliasing is fine (`a *= a`): the right side is read before `a` is overwritten.
#[doc(hidden)]
#[macro_export]
macro_rules! forward_binop {
    ([$($g:tt)*] $a:ty, $Op:ident, $op:ident, $b:ty => $out:ty) => {
        impl<$($g)*> core::ops::$Op<$b> for $a {
            type Output = $out;
            #[inline(always)]
            fn $op(self, rhs: $b) -> $out {
                core::ops::$Op::$op(&self, &rhs)
            }
        }
        impl<$($g)*> core::ops::$Op<&$b> for $a {
            type Output = $out;
            #[inline(always)]
            fn $op(self, rhs: &$b) -> $out {
                core::ops::$Op::$op(&self, rhs)
            }
        }
        impl<$($g)*> core::ops::$Op<$b> for &$a {
            type Output = $out;
            #[inline(always)]
            fn $op(self, rhs: $b) -> $out {
                core::ops::$Op::$op(self, &rhs)
            }
        }
    };
    ([$($g:tt)*] $a:ty, $Op:ident, $op:ident, $b:ty => $out:ty, $OpAssign:ident, $op_assign:ident) => {
        $crate::forward_binop!([$($g)*] $a, $Op, $op, $b => $out);
        impl<$($g)*> core::ops::$OpAssign<$b> for $a {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: $b) {
                *self = core::ops::$Op::$op(&*self, &rhs);
            }
        }
        impl<$($g)*> core::ops::$OpAssign<&$b> for $a {
            #[inline(always)]
            fn $op_assign(&mut self, rhs: &$b) {
                *self = core::ops::$Op::$op(&*self, rhs);
            }
        }
    };
    // The generic arms come first: a type fragment would try to read `[..]` as an
    // array type and fail.
    ($a:ty, $Op:ident, $op:ident, $b:ty => $out:ty) => {
        $crate::forward_binop!([] $a, $Op, $op, $b => $out);
    };
    ($a:ty, $Op:ident, $op:ident, $b:ty => $out:ty, $OpAssign:ident, $op_assign:ident) => {
        $crate::forward_binop!([] $a, $Op, $op, $b => $out, $OpAssign, $op_assign);
    };
}
