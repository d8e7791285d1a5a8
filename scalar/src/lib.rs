//! Arithmetic modulo l = 2^252 + 27742317777372353535851937790883648493, the order of
//! the prime-order subgroup of edwards25519 (and of the Ed25519 base point).
//!
//! [`Scalar`] is the public type. Every `Scalar` holds its canonical value, below l: no
//! public constructor makes an unreduced one. All operations are constant time except
//! [`Scalar::vartime_non_adjacent_form`], which says so in its name.
//!
//! ```
//! use edwards25519_scalar::Scalar;
//!
//! // An Ed25519-style response s = r + k·a from 64-byte hashes.
//! let r = Scalar::from_bytes_mod_order_wide(&[7u8; 64]);
//! let k = Scalar::from_bytes_mod_order_wide(&[9u8; 64]);
//! let a = Scalar::from_bytes_with_clamping([3u8; 32]);
//! let s = Scalar::multiply_add(&k, &a, &r);
//! assert_eq!(s, r + k * a);
//!
//! // Canonical decoding rejects values >= l.
//! let bytes = s.to_bytes();
//! assert_eq!(Option::from(Scalar::from_canonical_bytes(bytes)), Some(s));
//! assert!(bool::from(Scalar::from_canonical_bytes([0xff; 32]).is_none()));
//!
//! assert_eq!(s * s.invert(), Scalar::ONE);
//! assert_eq!(Scalar::ZERO.invert(), Scalar::ZERO);
//! ```
//!
//! # Representation
//!
//! Four 64-bit limbs holding the canonical value (not a Montgomery form), reduced with
//! the special shape of l: 2^252 ≡ -c (mod l) with c < 2^125, so a value folds below l
//! with a few multiplications by c and no precomputed quotient (see `limbs.rs`).
//! A product costs 16 + 14 64x64-bit multiplications (a square 10 + 14), and the
//! 64-byte decoding that every Ed25519 signature and verification runs costs the 20 of
//! the general reduction alone. Canonical storage also makes `to_bytes`, equality and
//! the recodings free of any conversion.
//!
//! Chosen by measurement: the candidates ran in one throwaway harness (release build,
//! x86-64 AMD EPYC, dependent chains through the public API from another crate, minimum
//! over 100 repeats; the 2-core machine was shared, load average about 6, so absolute
//! figures are pessimistic and the ratios within a row are what counts):
//!
//! | ns per operation            | 4x64 fold (chosen) | 4x64 Montgomery | curve25519-dalek 5 |
//! |-----------------------------|-------------------:|----------------:|-------------------:|
//! | multiplication              | 29.2               | 52.3            | 104.1              |
//! | `from_bytes_mod_order_wide` | 31.1               | 87.7            | 121.5              |
//! | addition                    | 7.3                | (same code)     | 29.8               |
//! | inversion, safegcd (chosen) | 2,160              | -               | 12,340             |
//! | inversion, Fermat           | 8,920              | -               | (same run)         |
//!
//! "4x64 Montgomery" is the same limbs with word-by-word Montgomery reduction (using
//! the zero third limb of l), kept canonical between operations, so a product is two
//! Montgomery multiplications (the second by 2^512 mod l) and the wide decoding needs
//! three and a reduction; it was written in the harness only, not kept. Fermat is
//! x^(l-2) with 4-bit windows over this crate's squaring and product (kept as the test
//! reference in `invert.rs`). curve25519-dalek's `Scalar` (five 52-bit limbs,
//! Montgomery, stored as bytes) is the public-API reference point.
//! Earlier steps, same harness: one general reduction for every product gave 49 ns per
//! multiplication (the shortened product reduction, one fold fewer, 40); without
//! `#[inline]` on the public operations, calls from another crate cost 40 ns per
//! multiplication and 17 ns per addition.
//!
//! # Recodings
//!
//! For the group crate, all in one module: [`Scalar::as_radix_16`] (signed digits in
//! [-8, 8), constant time; [`signed_radix_16`] is the same on any integer below 2^255, as
//! the group crate needs for the group order), [`Scalar::vartime_non_adjacent_form`]
//! (width-w NAF, variable time) and [`Scalar::vartime_signed_radix_2c`] (signed radix-2^c
//! digits for Pippenger's bucket method, variable time).
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
mod batch_invert;
mod const_reduce;
mod error;
#[cfg(feature = "group")]
mod ff_impl;
mod half_size;
mod halve;
mod invert;
mod limbs;
mod ops;
mod recoding;
mod scalar;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_impl;

pub use error::ScalarError;
pub use half_size::HalfSizeMultiple;
pub use recoding::signed_radix_16;
pub use scalar::Scalar;
