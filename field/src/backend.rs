//! The field backends, each owning its limb type, and the CPU check that picks one.
//!
//! - [`radix51`]: [`Fe51`](radix51::Fe51), portable radix 2^51 (five limbs below 2^52).
//! - [`radix64`]: [`Fe64`](radix64::Fe64), portable 4×64 limbs (`u128` products).
//! - `x86_64` (x86-64 only): `Mulx<P>`, the same 4×64 limbs multiplied with MULX (BMI2)
//!   and ADCX/ADOX (ADX) in inline assembly; usable only with a proof `P` that the
//!   CPU was checked (the module's documentation says why).
//!
//! The public [`FieldElement`](crate::FieldElement) wraps one of them: on x86-64 the
//! 4×64 limbs, each operation choosing MULX/ADX or the portable 4×64 code on a cached
//! CPUID check; elsewhere, and in the build with
//! `RUSTFLAGS='--cfg edwards25519_backend="portable"'`, the radix-2^51 limbs with no
//! check at all.
//!
//! Code generic over [`FieldArith`](crate::FieldArith) (the group crate) instantiates it
//! on one backend type once per top-level operation instead (no check per field
//! operation): on x86-64 `Mulx<P>` after [`cpu_has_bmi2_adx`], else [`Fe64`](radix64::Fe64).
//!
//! ```
//! use edwards25519_field::FieldElement;
//! use edwards25519_field::backend::radix64::Fe64;
//!
//! let x = FieldElement::from_bytes(&[9; 32]);
//! // The same value in each backend's limbs.
//! assert_eq!(x.to_fe51().to_bytes(), x.to_bytes());
//! assert_eq!(x.to_fe64().to_bytes(), x.to_bytes());
//! assert_eq!(Fe64::from_fe51(&x.to_fe51()), x.to_fe64());
//! ```

pub mod radix51;
pub mod radix64;

/// Compiled on every x86-64 target, even when the portable backend is forced: whether
/// a module exists must not depend on a cfg that another crate (or rustdoc, which does
/// not see `RUSTFLAGS`) might evaluate differently. The cfg only decides what
/// [`FieldElement`](crate::FieldElement) holds and what [`use_fast`] says.
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_bmi2_adx, "bmi2", "adx");

/// Whether this CPU can run the x86-64 MULX/ADX backend (it has BMI2 and ADX), whichever
/// backend is selected: a CPUID check done once and cached (constant true when `bmi2`
/// and `adx` are enabled target features).
///
/// ```
/// use edwards25519_field::backend::{cpu_has_bmi2_adx, use_fast};
///
/// // The MULX/ADX code runs only where the CPU has it.
/// assert!(!use_fast() || cpu_has_bmi2_adx());
/// // Cached: the same answer every time.
/// assert_eq!(cpu_has_bmi2_adx(), cpu_has_bmi2_adx());
/// ```
#[inline(always)]
pub fn cpu_has_bmi2_adx() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        cpuid_bmi2_adx::get()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the public [`FieldElement`](crate::FieldElement) runs the MULX/ADX code on
/// this machine (false in the forced portable build).
///
/// ```
/// use edwards25519_field::backend;
///
/// assert!(!backend::use_fast() || backend::cpu_has_bmi2_adx());
/// #[cfg(target_arch = "x86_64")]
/// assert_eq!(backend::use_fast(), backend::selected() == backend::x86_64::NAME);
/// ```
#[inline(always)]
pub fn use_fast() -> bool {
    cfg!(edwards25519_x86) && cpu_has_bmi2_adx()
}

/// The name of the backend that [`FieldElement`](crate::FieldElement)'s operations run
/// on this machine.
///
/// ```
/// use edwards25519_field::FieldArith;
/// use edwards25519_field::backend::{self, radix51::Fe51, radix64::Fe64};
///
/// let name = backend::selected();
/// let portable = [<Fe51 as FieldArith>::BACKEND, <Fe64 as FieldArith>::BACKEND];
/// // A portable backend's name unless the MULX/ADX code runs.
/// assert!(portable.contains(&name) || backend::use_fast());
/// ```
pub fn selected() -> &'static str {
    #[cfg(edwards25519_x86)]
    if use_fast() {
        return x86_64::NAME;
    }
    <crate::fe_impl::Inner as crate::FieldArith>::BACKEND
}

/// Operators, `Default`, `Debug`, equality, selection and zeroizing for a backend's
/// limb type `$t` (a tuple struct over `$limbs`), from its module's limb functions.
macro_rules! limb_ops {
    ($t:ident, $limbs:ty, $add:ident, $sub:ident, $mul:ident, $neg:ident) => {
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
                <$t as $crate::FieldArith>::ZERO
            }
        }
        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($t), "(0x"))?;
                for b in <$t as $crate::FieldArith>::to_bytes(self).iter().rev() {
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
