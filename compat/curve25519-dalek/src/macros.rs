//! Operator forwarding: each operator is written once, on references, and the three
//! other combinations of owned and borrowed operands forward to it.

/// `impl $tr<&$rhs> for &$lhs` from the closure-like body, plus the owned forms.
macro_rules! binop {
    ($tr:ident, $m:ident, $lhs:ty, $rhs:ty, $out:ty, |$a:ident, $b:ident| $body:expr) => {
        impl<'a, 'b> core::ops::$tr<&'b $rhs> for &'a $lhs {
            type Output = $out;
            fn $m(self, rhs: &'b $rhs) -> $out {
                let ($a, $b) = (self, rhs);
                $body
            }
        }
        impl<'b> core::ops::$tr<&'b $rhs> for $lhs {
            type Output = $out;
            fn $m(self, rhs: &'b $rhs) -> $out {
                core::ops::$tr::$m(&self, rhs)
            }
        }
        impl<'a> core::ops::$tr<$rhs> for &'a $lhs {
            type Output = $out;
            fn $m(self, rhs: $rhs) -> $out {
                core::ops::$tr::$m(self, &rhs)
            }
        }
        impl core::ops::$tr<$rhs> for $lhs {
            type Output = $out;
            fn $m(self, rhs: $rhs) -> $out {
                core::ops::$tr::$m(&self, &rhs)
            }
        }
    };
}

/// `$tr<$rhs>` and `$tr<&$rhs>` for `$lhs` from the binary operator `$op`.
macro_rules! assignop {
    ($tr:ident, $m:ident, $lhs:ty, $rhs:ty, $op:tt) => {
        impl<'b> core::ops::$tr<&'b $rhs> for $lhs {
            fn $m(&mut self, rhs: &'b $rhs) {
                *self = &*self $op rhs;
            }
        }
        impl core::ops::$tr<$rhs> for $lhs {
            fn $m(&mut self, rhs: $rhs) {
                *self = &*self $op &rhs;
            }
        }
    };
}

/// `Neg` for `$t` and `&$t`.
macro_rules! negop {
    ($t:ty, |$a:ident| $body:expr) => {
        impl core::ops::Neg for &$t {
            type Output = $t;
            fn neg(self) -> $t {
                let $a = self;
                $body
            }
        }
        impl core::ops::Neg for $t {
            type Output = $t;
            fn neg(self) -> $t {
                -&self
            }
        }
    };
}

pub(crate) use {assignop, binop, negop};
