//! Ed25519 signatures (RFC 8032 PureEdDSA) on the edwards25519 group.
//!
//! Built only on the public API of the field, scalar and group crates, this module shows
//! how a signature crate uses them.
//!
//! - [`SigningKey`]: key generation from a 32-byte seed and deterministic signing.
//! - [`VerifyingKey`]: two verification rules.
//!   - [`VerifyingKey::verify`] follows [ZIP-215]: S must be canonical; A and R may be any
//!     encoding [`Point::from_bytes`](crate::Point::from_bytes) accepts (non-canonical and
//!     small-order ones included); the challenge hashes the encodings as received; the
//!     equation is cofactored, `[8][S]B = [8]R + [8][k]A`. Every implementation following
//!     these rules agrees on every input, and batch verification agrees with it.
//!   - [`VerifyingKey::verify_strict`] rejects non-canonical encodings of A and R,
//!     small-order A and R, and uses the cofactorless equation `[S]B = R + [k]A`.
//! - [`verify_batch`]: many signatures at once, accepting exactly when every one passes
//!   [`VerifyingKey::verify`] (except with probability at most 2^-128 over the random
//!   coefficients).
//!
//! Which rule to use: `verify` when every verifier must agree on every signature
//! (consensus systems, and whenever batch verification is used: batch and single agree
//! only under ZIP-215 rules); `verify_strict` when a signature should also be
//! non-malleable in its encodings and a key of small order must be refused (with such a
//! key, anyone can make signatures that `verify` accepts, without any secret).
//!
//! A third rule, for compatibility: [`VerifyingKey::verify_cofactorless`] is
//! ed25519-dalek's `verify` (cofactorless equation, R canonical, small-order A and R
//! accepted), and [`VerifyingKey::verify_prehashed_cofactorless`] and
//! [`VerifyingKey::verify_prehashed_strict`] its Ed25519ph forms. The crate
//! `edwards25519-compat-ed25519-dalek` (in `compat/`) gives ed25519-dalek's API with
//! these rules; this module keeps ZIP-215 as its `verify`.
//!
//! - Ed25519ctx and Ed25519ph (RFC 8032 §5.1): [`SigningKey::sign_ctx`],
//!   [`SigningKey::sign_ph`] and [`SigningKey::sign_prehashed`] sign with the dom2 prefix
//!   and a context of up to 255 bytes; [`VerifyingKey::verify_ctx`],
//!   [`VerifyingKey::verify_ph`] and [`VerifyingKey::verify_prehashed`] check them under
//!   [`VerifyingKey::verify`]'s (ZIP-215) rules. A longer context is
//!   [`Error::ContextTooLong`].
//! - Hedged signing ([`SigningKey::sign_hedged`], [`SigningKey::sign_ctx_hedged`],
//!   [`SigningKey::sign_ph_hedged`]; draft-irtf-cfrg-det-sigs-with-noise-05 §3): 32
//!   random bytes mixed into the nonce, against fault and side-channel attacks that
//!   exploit deterministic nonces; verifiers see ordinary signatures. Deterministic
//!   [`SigningKey::sign`] stays the choice where signatures must be reproducible or no
//!   good RNG exists. [`SigningKey::sign_checked`] verifies its signature before
//!   returning it ([`Error::SelfCheckFailed`] on a fault).
//! - X25519 keys from Ed25519 keys: [`SigningKey::to_x25519_scalar`] and
//!   [`VerifyingKey::to_montgomery`] (libsodium's `crypto_sign_ed25519_sk_to_curve25519`
//!   and `_pk_to_curve25519`), for [`montgomery`](crate::montgomery).
//!
//! With the `signature` feature, [`SigningKey`] implements `signature::Signer`,
//! `signature::RandomizedSigner` (hedged, this module's [`Signature`] only) and
//! `signature::Keypair`, and [`VerifyingKey`] implements `signature::Verifier` (ZIP-215
//! rules), for both this module's [`Signature`] and the `ed25519` crate's.
//!
//! With the `serde` feature, [`SigningKey`], [`VerifyingKey`] and [`Signature`]
//! serialize to the same bytes as ed25519-dalek 3's keys and the `ed25519` 3 crate's
//! `Signature`, in every format: the table is docs/serde.md in the repository.
//!
//! ```
//! use edwards25519::ed25519::{Error, SigningKey};
//!
//! let key = SigningKey::from_seed(&[7u8; 32]);
//! let sig = key.sign(b"hello");
//! let vk = key.verifying_key();
//! assert!(vk.verify(b"hello", &sig).is_ok());
//! assert!(vk.verify_strict(b"hello", &sig).is_ok());
//! assert_eq!(vk.verify(b"goodbye", &sig), Err(Error::EquationFailed));
//! ```
//!
//!
//! With the `signature` feature, generic code over the RustCrypto traits works with
//! these keys (here with the `ed25519` crate's `Signature`, which ed25519-dalek uses):
//!
//! ```
//! # #[cfg(feature = "signature")]
//! # {
//! use edwards25519::ed25519::SigningKey;
//! use signature::{Keypair, Signer, Verifier};
//!
//! fn sign_and_check<K>(key: &K, msg: &[u8]) -> bool
//! where
//!     K: Signer<ed25519::Signature> + Keypair,
//!     K::VerifyingKey: Verifier<ed25519::Signature>,
//! {
//!     let sig = key.sign(msg);
//!     key.verifying_key().verify(msg, &sig).is_ok()
//! }
//!
//! assert!(sign_and_check(&SigningKey::from_seed(&[4u8; 32]), b"generic"));
//! # }
//! ```
//!
//! With the `serde` feature, keys and signatures serialize as ed25519-dalek's do:
//!
//! ```
//! # #[cfg(feature = "serde")]
//! # {
//! use edwards25519::ed25519::{Signature, SigningKey, VerifyingKey};
//!
//! let key = SigningKey::from_seed(&[6u8; 32]);
//! let vk = key.verifying_key();
//! let sig = key.sign(b"stored");
//! let json = serde_json::to_string(&(vk, sig)).unwrap();
//! let (vk2, sig2): (VerifyingKey, Signature) = serde_json::from_str(&json).unwrap();
//! assert_eq!((vk2, sig2), (vk, sig));
//! // A signature is upper-case hex in human-readable formats, as ed25519 3 writes it.
//! assert!(json.contains(&hex::encode_upper(sig.to_bytes())));
//! # }
//! ```
//! [ZIP-215]: https://zips.z.cash/zip-0215

mod batch;
mod cofactorless;
mod conversions;
#[cfg(all(feature = "digest", feature = "signature"))]
mod digest_impl;
mod error;
mod expanded;
mod hash;
mod hex;
#[cfg(feature = "pkcs8")]
#[cfg_attr(docsrs, doc(cfg(feature = "pkcs8")))]
pub mod pkcs8;
mod precomputed;
#[cfg(feature = "serde")]
mod serde_impl;
mod signature;
mod signing;
#[cfg(feature = "signature")]
mod traits;
mod verifying;

pub use batch::verify_batch;
#[cfg(all(feature = "digest", feature = "signature"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "digest", feature = "signature"))))]
pub use digest_impl::Context;
pub use error::Error;
pub use expanded::ExpandedSecretKey;
pub use precomputed::PrecomputedVerifyingKey;
pub use signature::Signature;
pub use signing::SigningKey;
pub use verifying::VerifyingKey;
