//! What every portable limb type has alike: the encoding of canonical words, and the
//! trait impls as one macro.

/// Four little-endian 64-bit words as 32 little-endian bytes (`const`, for the limb
/// types' `to_bytes`).
#[inline(always)]
pub(crate) const fn le_bytes(w: &[u64; 4]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        out[i] = (w[i / 8] >> (8 * (i % 8))) as u8;
        i += 1;
    }
    out
}

/// The `const` methods `add`, `sub`, `mul` and `square` (from the invoking module's
/// functions of those names), the operators (from `$add`, `$sub`, `$mul`, `$neg`, which
/// may be faster non-`const` forms), `Default`, `Debug`, equality, selection and
/// zeroizing for a backend's limb type `$t` (a tuple struct over `$limbs`).
macro_rules! limb_ops {
    ($t:ident, $limbs:ty, $add:ident, $sub:ident, $mul:ident, $neg:ident) => {
        impl $t {
            /// a + b (usable in `const` items).
            pub const fn add(&self, b: &$t) -> $t {
                $t(add(&self.0, &b.0))
            }
            /// a - b (usable in `const` items).
            pub const fn sub(&self, b: &$t) -> $t {
                $t(sub(&self.0, &b.0))
            }
            /// a·b (usable in `const` items).
            pub const fn mul(&self, b: &$t) -> $t {
                $t(mul(&self.0, &b.0))
            }
            /// a² (usable in `const` items).
            pub const fn square(&self) -> $t {
                $t(square(&self.0))
            }
        }
        impl<'a> core::ops::Add<&'a $t> for &$t {
            type Output = $t;
            #[inline(always)]
            fn add(self, rhs: &'a $t) -> $t {
                $t($add(&self.0, &rhs.0))
            }
        }
        impl<'a> core::ops::Sub<&'a $t> for &$t {
            type Output = $t;
            #[inline(always)]
            fn sub(self, rhs: &'a $t) -> $t {
                $t($sub(&self.0, &rhs.0))
            }
        }
        impl<'a> core::ops::Mul<&'a $t> for &$t {
            type Output = $t;
            #[inline(always)]
            fn mul(self, rhs: &'a $t) -> $t {
                $t($mul(&self.0, &rhs.0))
            }
        }
        impl core::ops::Neg for &$t {
            type Output = $t;
            #[inline(always)]
            fn neg(self) -> $t {
                $t($neg(&self.0))
            }
        }
        impl core::ops::Neg for $t {
            type Output = $t;
            #[inline(always)]
            fn neg(self) -> $t {
                -&self
            }
        }
        $crate::forward_binop!($t, Add, add, $t => $t, AddAssign, add_assign);
        $crate::forward_binop!($t, Sub, sub, $t => $t, SubAssign, sub_assign);
        $crate::forward_binop!($t, Mul, mul, $t => $t, MulAssign, mul_assign);

        impl Default for $t {
            /// Zero.
            fn default() -> Self {
                $t::ZERO
            }
        }
        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($t), "(0x"))?;
                for b in $t::to_bytes(self).iter().rev() {
                    write!(f, "{b:02x}")?;
                }
                write!(f, ")")
            }
        }
        impl subtle::ConstantTimeEq for $t {
            /// Equality of values mod p: the canonical 64-bit words, four word
            /// compares (not the 32 byte compares of the encodings: `sqrt_ratio` makes
            /// three of these).
            fn ct_eq(&self, other: &Self) -> subtle::Choice {
                subtle::ConstantTimeEq::ct_eq(
                    &self.canonical_words()[..],
                    &other.canonical_words()[..],
                )
            }
        }
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                subtle::ConstantTimeEq::ct_eq(self, other).into()
            }
        }
        impl Eq for $t {}
        impl subtle::ConditionallySelectable for $t {
            #[inline(always)]
            fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
                $t(
                    <$limbs as subtle::ConditionallySelectable>::conditional_select(
                        &a.0, &b.0, choice,
                    ),
                )
            }
        }
        #[cfg(feature = "zeroize")]
        impl zeroize::Zeroize for $t {
            fn zeroize(&mut self) {
                zeroize::Zeroize::zeroize(&mut self.0);
            }
        }
    };
}
pub(crate) use limb_ops;
