//! X25519 Diffie-Hellman (RFC 7748) with the typed API of x25519-dalek 3.
//!
//! A program written against x25519-dalek 3 ports by changing its `use` lines: the types
//! ([`PublicKey`], [`EphemeralSecret`], [`ReusableSecret`], [`StaticSecret`],
//! [`SharedSecret`]), their conversions, the bare [`x25519`] function and
//! [`X25519_BASEPOINT_BYTES`] have x25519-dalek's names and behaviour, and the same RNG
//! stream gives the same keys in both libraries (see `StaticSecret::random_from_rng`).
//! The arithmetic is this crate's: `PublicKey::from` a secret is
//! [`MontgomeryPoint::mul_base_clamped`] (the Edwards base table and the birational map),
//! and `diffie_hellman` is [`montgomery::x25519`], a
//! constant-time Montgomery ladder (RFC 7748 §5).
//!
//! A secret holds its 32 bytes as drawn or given; they are clamped (RFC 7748 §5) at
//! each use, so [`StaticSecret::to_bytes`] returns what `StaticSecret::from` was given.
//!
//! # A handshake
//!
//! A client that knows a server's static public key (from a certificate, or pinned)
//! sends a fresh ephemeral public key; both sides compute the same shared secret and
//! derive a session key from it and the transcript. Each refuses a shared secret that is
//! all zeros ([`SharedSecret::was_contributory`]): the peer's key had small order, and
//! the secret would be known to anyone (RFC 7748 §6.1).
//!
//! ```
//! use edwards25519::x25519::{EphemeralSecret, PublicKey, SharedSecret, StaticSecret};
//! use sha2::{Digest, Sha256};
//!
//! // The session key: the shared secret bound to both public keys.
//! fn session_key(shared: &SharedSecret, client: &PublicKey, server: &PublicKey) -> [u8; 32] {
//!     Sha256::new()
//!         .chain_update(b"example handshake v1")
//!         .chain_update(shared.as_bytes())
//!         .chain_update(client.as_bytes())
//!         .chain_update(server.as_bytes())
//!         .finalize()
//!         .into()
//! }
//!
//! let mut rng = rand::rng();
//!
//! // The server's long-term key pair; the client knows `server_public`.
//! let server_secret = StaticSecret::random_from_rng(&mut rng);
//! let server_public = PublicKey::from(&server_secret);
//!
//! // Client: a fresh key for this session only, used once.
//! let client_secret = EphemeralSecret::random_from_rng(&mut rng);
//! let client_public = PublicKey::from(&client_secret);
//! let client_shared = client_secret.diffie_hellman(&server_public); // consumes the secret
//! assert!(client_shared.was_contributory());
//! let client_key = session_key(&client_shared, &client_public, &server_public);
//!
//! // Server, on receiving `client_public` (32 bytes on the wire):
//! let received = PublicKey::from(client_public.to_bytes());
//! let server_shared = server_secret.diffie_hellman(&received);
//! assert!(server_shared.was_contributory());
//! let server_key = session_key(&server_shared, &received, &server_public);
//! assert_eq!(client_key, server_key);
//!
//! // A peer key of small order (here u = 0) gives an all-zero shared secret: refused.
//! let bad = server_secret.diffie_hellman(&PublicKey::from([0u8; 32]));
//! assert!(!bad.was_contributory());
//! ```
//!
//! # x25519-dalek's own examples
//!
//! From x25519-dalek 3's documentation, changed only in their `use` lines. Alice and Bob
//! each make a secret and a public key:
//!
#![cfg_attr(feature = "getrandom", doc = "```")]
#![cfg_attr(not(feature = "getrandom"), doc = "```ignore")]
//! use edwards25519::x25519::{EphemeralSecret, PublicKey};
//!
//! let alice_secret = EphemeralSecret::random();
//! let alice_public = PublicKey::from(&alice_secret);
//! ```
//!
//! Bob does the same:
//!
#![cfg_attr(feature = "getrandom", doc = "```")]
#![cfg_attr(not(feature = "getrandom"), doc = "```ignore")]
//! # use edwards25519::x25519::{EphemeralSecret, PublicKey};
//! let bob_secret = EphemeralSecret::random();
//! let bob_public = PublicKey::from(&bob_secret);
//! ```
//!
//! Alice computes her shared secret with Bob:
//!
//! ```
//! # use getrandom::{SysRng, rand_core::UnwrapErr};
//! # use edwards25519::x25519::{EphemeralSecret, PublicKey};
//! # let mut rng = UnwrapErr(SysRng);
//! # let alice_secret = EphemeralSecret::random_from_rng(&mut rng);
//! # let alice_public = PublicKey::from(&alice_secret);
//! # let bob_secret = EphemeralSecret::random_from_rng(&mut rng);
//! # let bob_public = PublicKey::from(&bob_secret);
//! let alice_shared_secret = alice_secret.diffie_hellman(&bob_public);
//! ```
//!
//! Similarly, Bob:
//!
//! ```
//! # use getrandom::{SysRng, rand_core::UnwrapErr};
//! # use edwards25519::x25519::{EphemeralSecret, PublicKey};
//! # let mut rng = UnwrapErr(SysRng);
//! # let alice_secret = EphemeralSecret::random_from_rng(&mut rng);
//! # let alice_public = PublicKey::from(&alice_secret);
//! # let bob_secret = EphemeralSecret::random_from_rng(&mut rng);
//! # let bob_public = PublicKey::from(&bob_secret);
//! let bob_shared_secret = bob_secret.diffie_hellman(&alice_public);
//! ```
//!
//! These secrets are the same:
//!
//! ```
//! # use getrandom::{SysRng, rand_core::UnwrapErr};
//! # use edwards25519::x25519::{EphemeralSecret, PublicKey};
//! # let mut rng = UnwrapErr(SysRng);
//! # let alice_secret = EphemeralSecret::random_from_rng(&mut rng);
//! # let alice_public = PublicKey::from(&alice_secret);
//! # let bob_secret = EphemeralSecret::random_from_rng(&mut rng);
//! # let bob_public = PublicKey::from(&bob_secret);
//! # let alice_shared_secret = alice_secret.diffie_hellman(&bob_public);
//! # let bob_shared_secret = bob_secret.diffie_hellman(&alice_public);
//! assert_eq!(alice_shared_secret.as_bytes(), bob_shared_secret.as_bytes());
//! ```
//!
//! # Features, against x25519-dalek's
//!
//! The module is always built, `no_std` and allocation-free.
//!
//! | x25519-dalek 3 | here |
//! |---|---|
//! | `static_secrets` (off): [`StaticSecret`] | always available: no feature |
//! | `reusable_secrets` (off): [`ReusableSecret`] | always available: no feature |
//! | `zeroize` (on): wipe on drop | `zeroize` (on): wipe on drop, and also `Zeroize` on the secrets (x25519-dalek 3 has only `ZeroizeOnDrop`) |
//! | `getrandom` (off): `random()` | `getrandom` (off): `random()`, the same |
//! | `serde` (off): [`PublicKey`], [`StaticSecret`] | `serde` (off): the same bytes in every format |
//! | `precomputed-tables` (on) | none: the base table is always built in |
//! | `random_from_rng` always | `rand_core` (on, default) |
//!
//! The two secret types x25519-dalek hides behind features are a nudge towards
//! [`EphemeralSecret`], not a cost; here they are plain types, and their docs carry
//! x25519-dalek's warning. Beyond x25519-dalek: a `Debug` on every type that prints no
//! secret, [`TryFrom<&[u8]>`](PublicKey#impl-TryFrom<%26[u8]>-for-PublicKey) with a typed
//! [`Error`] for [`PublicKey`] and [`StaticSecret`], and conversions between
//! [`PublicKey`] and [`MontgomeryPoint`].

use core::fmt;

use edwards25519_group::montgomery::{self, MontgomeryPoint};
use subtle::ConstantTimeEq;
#[cfg(feature = "zeroize")]
use zeroize::{Zeroize, ZeroizeOnDrop};

#[cfg(feature = "serde")]
mod serde_impl;

/// The bare X25519 function, RFC 7748 §5: `k` is clamped, bit 255 of `u` is ignored and a
/// non-canonical `u` is reduced. The same function as
/// [`montgomery::x25519`]; for a `u` of small order the result
/// is 32 zero bytes ([`montgomery::x25519_checked`]
/// refuses those). Constant time.
///
/// x25519-dalek's example, changed only in its `use` lines:
///
/// ```
/// use getrandom::{SysRng, rand_core::UnwrapErr};
///
/// use edwards25519::x25519::x25519;
/// use edwards25519::x25519::StaticSecret;
/// use edwards25519::x25519::PublicKey;
///
/// let mut rng = UnwrapErr(SysRng);
///
/// // Generate Alice's key pair.
/// let alice_secret = StaticSecret::random_from_rng(&mut rng);
/// let alice_public = PublicKey::from(&alice_secret);
///
/// // Generate Bob's key pair.
/// let bob_secret = StaticSecret::random_from_rng(&mut rng);
/// let bob_public = PublicKey::from(&bob_secret);
///
/// // Alice and Bob should now exchange their public keys.
///
/// // Once they've done so, they may generate a shared secret.
/// let alice_shared = x25519(alice_secret.to_bytes(), bob_public.to_bytes());
/// let bob_shared = x25519(bob_secret.to_bytes(), alice_public.to_bytes());
///
/// assert_eq!(alice_shared, bob_shared);
/// ```
#[inline]
pub fn x25519(k: [u8; 32], u: [u8; 32]) -> [u8; 32] {
    montgomery::x25519(k, u)
}

/// The u-coordinate of the base point, u = 9, for [`x25519`]: the same bytes as
/// [`montgomery::X25519_BASEPOINT`].
///
/// ```
/// use edwards25519::x25519::{x25519, PublicKey, StaticSecret, X25519_BASEPOINT_BYTES};
///
/// let secret = StaticSecret::from([0x42; 32]);
/// let public = x25519(secret.to_bytes(), X25519_BASEPOINT_BYTES);
/// assert_eq!(public, PublicKey::from(&secret).to_bytes());
/// ```
pub const X25519_BASEPOINT_BYTES: [u8; 32] = montgomery::X25519_BASEPOINT;

mod public;
use public::array32;
pub use public::{Error, PublicKey};

/// The public key of a secret's 32 bytes: X25519(clamp(k), 9), by the Edwards base table.
fn public_of(secret: &[u8; 32]) -> PublicKey {
    // The copies of the secret made on the way (the by-value argument, the clamped and
    // reduced scalar in the callees) are scrubbed from the stack (crate::wipe).
    #[cfg(feature = "zeroize")]
    return crate::wipe::scrubbed(|| PublicKey(MontgomeryPoint::mul_base_clamped(*secret)));
    #[cfg(not(feature = "zeroize"))]
    PublicKey(MontgomeryPoint::mul_base_clamped(*secret))
}

/// The shared secret of a secret's 32 bytes and a peer's public key: X25519(clamp(k), u).
fn shared_of(secret: &[u8; 32], their_public: &PublicKey) -> SharedSecret {
    // As in `public_of`: the ladder's copies of the secret are scrubbed from the stack.
    #[cfg(feature = "zeroize")]
    return crate::wipe::scrubbed(|| {
        SharedSecret(montgomery::x25519(*secret, their_public.to_bytes()))
    });
    #[cfg(not(feature = "zeroize"))]
    SharedSecret(montgomery::x25519(*secret, their_public.to_bytes()))
}

/// The warning in the docs of [`ReusableSecret`] and [`StaticSecret`] (x25519-dalek's).
macro_rules! reuse_warning {
    () => {
        "# Warning\n\n\
         As x25519-dalek warns: if you are unsure whether you need this, you do not; use \
         [`EphemeralSecret`], whose single use the compiler enforces. Reusing a secret key \
         can have very serious consequences in many protocols.\n"
    };
}

/// The first paragraph of the docs of `diffie_hellman` on the reusable secrets.
macro_rules! shared_secret_doc {
    () => {
        "The shared secret with `their_public`: X25519(clamp(k), u), RFC 7748 §5. All \
         zeros for a peer key of small order: see [`SharedSecret::was_contributory`]. \
         Constant time.\n"
    };
}

/// `diffie_hellman(&self)` for a secret type that may be used more than once, with the
/// lines of its doc example.
macro_rules! diffie_hellman_by_ref {
    ($name:ident, $(#[doc = $example:literal])*) => {
        impl $name {
            #[doc = shared_secret_doc!()]
            ///
            /// ```
            $(#[doc = $example])*
            /// ```
            pub fn diffie_hellman(&self, their_public: &PublicKey) -> SharedSecret {
                shared_of(&self.0, their_public)
            }
        }
    };
}

/// Implements, for a secret type holding its 32 bytes in `.0`: `random_from_rng`,
/// `random` (feature `getrandom`), `From<&Secret> for PublicKey`, a `Debug` that prints
/// no secret, and the wipe on drop (feature `zeroize`).
macro_rules! secret_common {
    ($name:ident) => {
        impl $name {
            /// A new secret: 32 bytes from `csprng`, drawn with one `fill_bytes` and kept
            /// as drawn (clamped at use), as x25519-dalek 3 does, so the same generator
            /// stream gives the same key in both libraries.
            ///
            /// `csprng` is any rand_core 0.10 `CryptoRng`; with the `rand` 0.10 crate,
            /// `rand::rng()` is its thread-local generator seeded by the operating system.
            ///
            /// ```
            #[doc = concat!("use edwards25519::x25519::{", stringify!($name), ", PublicKey};")]
            ///
            #[doc = concat!("let a = ", stringify!($name), "::random_from_rng(&mut rand::rng());")]
            #[doc = concat!("let b = ", stringify!($name), "::random_from_rng(&mut rand::rng());")]
            /// assert_ne!(PublicKey::from(&a), PublicKey::from(&b));
            /// ```
            #[cfg(feature = "rand_core")]
            #[cfg_attr(docsrs, doc(cfg(feature = "rand_core")))]
            pub fn random_from_rng<R: rand_core::CryptoRng + ?Sized>(csprng: &mut R) -> Self {
                let mut secret = $name([0u8; 32]);
                csprng.fill_bytes(&mut secret.0);
                secret
            }

            /// A new secret from the operating system's generator (getrandom's `SysRng`):
            /// [`random_from_rng`](Self::random_from_rng) over it, as x25519-dalek 3's
            /// `random` with its `getrandom` feature.
            ///
            /// # Panics
            ///
            /// If the operating system's generator fails (as x25519-dalek's does, through
            /// rand_core's `UnwrapErr`): there is no secret to return then. Use
            /// [`random_from_rng`](Self::random_from_rng) with a fallible generator's
            /// own error handling to avoid that.
            ///
            /// ```
            #[doc = concat!("use edwards25519::x25519::{", stringify!($name), ", PublicKey};")]
            ///
            #[doc = concat!("let secret = ", stringify!($name), "::random();")]
            /// let public = PublicKey::from(&secret);
            /// assert_ne!(public.to_bytes(), [0u8; 32]);
            /// ```
            #[cfg(feature = "getrandom")]
            #[cfg_attr(docsrs, doc(cfg(feature = "getrandom")))]
            pub fn random() -> Self {
                Self::random_from_rng(&mut rand_core::UnwrapErr(getrandom::SysRng))
            }
        }

        impl From<&$name> for PublicKey {
            /// The public key of this secret: X25519(clamp(k), 9), computed with the
            /// Edwards base table ([`MontgomeryPoint::mul_base_clamped`]).
            fn from(secret: &$name) -> PublicKey {
                public_of(&secret.0)
            }
        }

        impl fmt::Debug for $name {
            /// The type's name only: no secret bytes.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }

        #[cfg(feature = "zeroize")]
        #[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
        impl Zeroize for $name {
            /// Overwrites the 32 secret bytes with zeros.
            fn zeroize(&mut self) {
                self.0.zeroize();
            }
        }

        #[cfg(feature = "zeroize")]
        impl Drop for $name {
            fn drop(&mut self) {
                self.0.zeroize();
            }
        }

        #[cfg(feature = "zeroize")]
        #[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
        impl ZeroizeOnDrop for $name {}
    };
}

/// A secret key used for one key exchange only: [`EphemeralSecret::diffie_hellman`]
/// consumes it (and it is wiped on drop, feature `zeroize`).
///
/// It can only be made from fresh randomness (`random_from_rng`, feature `rand_core`) and
/// has no `Clone` and no serialization, so the compiler checks that each secret is used
/// at most once. Prefer it to [`ReusableSecret`] and [`StaticSecret`].
///
/// ```
/// use edwards25519::x25519::{EphemeralSecret, PublicKey};
///
/// let mut rng = rand::rng();
/// let (alice, bob) = (EphemeralSecret::random_from_rng(&mut rng), EphemeralSecret::random_from_rng(&mut rng));
/// let (alice_public, bob_public) = (PublicKey::from(&alice), PublicKey::from(&bob));
/// let alice_shared = alice.diffie_hellman(&bob_public);
/// let bob_shared = bob.diffie_hellman(&alice_public);
/// assert_eq!(alice_shared.as_bytes(), bob_shared.as_bytes());
/// ```
pub struct EphemeralSecret([u8; 32]);

secret_common!(EphemeralSecret);

impl EphemeralSecret {
    /// The shared secret with `their_public`: X25519(clamp(k), u), RFC 7748 §5. Consumes
    /// the secret. All zeros for a peer key of small order: see
    /// [`SharedSecret::was_contributory`]. Constant time.
    ///
    /// ```
    /// use edwards25519::x25519::{EphemeralSecret, PublicKey, StaticSecret};
    ///
    /// let server = StaticSecret::from([0x5a; 32]);
    /// let client = EphemeralSecret::random_from_rng(&mut rand::rng());
    /// let client_public = PublicKey::from(&client);
    /// let shared = client.diffie_hellman(&PublicKey::from(&server));
    /// assert_eq!(shared.as_bytes(), server.diffie_hellman(&client_public).as_bytes());
    /// ```
    pub fn diffie_hellman(self, their_public: &PublicKey) -> SharedSecret {
        shared_of(&self.0, their_public)
    }
}

/// A secret key that may be used for several key exchanges, but is not serializable, to
/// discourage keeping it: for protocols (Noise, X3DH) that use one "ephemeral" key in
/// more than one Diffie-Hellman of a single run.
///
#[doc = reuse_warning!()]
///
/// ```
/// use edwards25519::x25519::{EphemeralSecret, PublicKey, ReusableSecret};
///
/// let mut rng = rand::rng();
/// let mine = ReusableSecret::random_from_rng(&mut rng);
/// let (a, b) = (EphemeralSecret::random_from_rng(&mut rng), EphemeralSecret::random_from_rng(&mut rng));
/// let (a_public, b_public) = (PublicKey::from(&a), PublicKey::from(&b));
/// // One secret, two exchanges.
/// assert_eq!(mine.diffie_hellman(&a_public).as_bytes(), a.diffie_hellman(&PublicKey::from(&mine)).as_bytes());
/// assert_eq!(mine.diffie_hellman(&b_public).as_bytes(), b.diffie_hellman(&PublicKey::from(&mine)).as_bytes());
/// ```
#[derive(Clone)]
pub struct ReusableSecret([u8; 32]);

secret_common!(ReusableSecret);

diffie_hellman_by_ref!(
    ReusableSecret,
    /// use edwards25519::x25519::{PublicKey, ReusableSecret, StaticSecret};
    ///
    /// let mine = ReusableSecret::random_from_rng(&mut rand::rng());
    /// let theirs = StaticSecret::from([3u8; 32]);
    /// let shared = mine.diffie_hellman(&PublicKey::from(&theirs));
    /// assert_eq!(shared.as_bytes(), theirs.diffie_hellman(&PublicKey::from(&mine)).as_bytes());
);

/// A long-term secret key: usable for any number of key exchanges, and loadable from and
/// savable to bytes (`StaticSecret::from`, [`StaticSecret::to_bytes`], serde).
///
/// The 32 bytes are kept as given and clamped at each use (RFC 7748 §5), so any 32
/// bytes are a key and `to_bytes` returns them unchanged.
///
#[doc = reuse_warning!()]
///
/// ```
/// use edwards25519::x25519::{PublicKey, StaticSecret};
///
/// let stored = [0x77u8; 32];
/// let secret = StaticSecret::from(stored);
/// assert_eq!(secret.to_bytes(), stored);
/// let peer = PublicKey::from(&StaticSecret::from([0x88u8; 32]));
/// let s1 = secret.diffie_hellman(&peer);
/// let s2 = secret.diffie_hellman(&peer); // not consumed
/// assert_eq!(s1.as_bytes(), s2.as_bytes());
/// ```
#[derive(Clone)]
pub struct StaticSecret([u8; 32]);

secret_common!(StaticSecret);

diffie_hellman_by_ref!(
    StaticSecret,
    /// use edwards25519::x25519::{PublicKey, StaticSecret};
    ///
    /// // RFC 7748 §6.1: Alice's secret and Bob's public key give their shared secret.
    /// let alice: [u8; 32] = hex::decode("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    ///     .expect("hex").try_into().expect("32 bytes");
    /// let bob_public: [u8; 32] = hex::decode("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
    ///     .expect("hex").try_into().expect("32 bytes");
    /// let shared = StaticSecret::from(alice).diffie_hellman(&PublicKey::from(bob_public));
    /// assert_eq!(
    ///     hex::encode(shared.as_bytes()),
    ///     "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
    /// );
);

impl StaticSecret {
    /// The 32 bytes, as given or drawn (not clamped), to store the key. Secret: the
    /// copy returned is the caller's to protect and wipe.
    ///
    /// ```
    /// use edwards25519::x25519::StaticSecret;
    ///
    /// let bytes = [0xffu8; 32]; // not clamped: kept as given
    /// assert_eq!(StaticSecret::from(bytes).to_bytes(), bytes);
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The 32 bytes, borrowed.
    ///
    /// ```
    /// use edwards25519::x25519::StaticSecret;
    ///
    /// let secret = StaticSecret::from([5u8; 32]);
    /// assert_eq!(secret.as_bytes(), &[5u8; 32]);
    /// ```
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl From<[u8; 32]> for StaticSecret {
    /// The secret key with these 32 bytes (any 32 bytes are one; clamped at use).
    fn from(bytes: [u8; 32]) -> StaticSecret {
        StaticSecret(bytes)
    }
}

impl TryFrom<&[u8]> for StaticSecret {
    type Error = Error;

    /// The secret key with these 32 bytes; [`Error::InvalidLength`] for any other length.
    fn try_from(bytes: &[u8]) -> Result<StaticSecret, Error> {
        array32(bytes).map(StaticSecret)
    }
}

impl AsRef<[u8]> for StaticSecret {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// The result of a key exchange: 32 bytes both parties compute, to be fed to a key
/// derivation function, never used as a key directly.
///
/// Wiped on drop (feature `zeroize`); `Debug` prints no secret.
///
/// ```
/// use edwards25519::x25519::{PublicKey, StaticSecret};
///
/// let (a, b) = (StaticSecret::from([1u8; 32]), StaticSecret::from([2u8; 32]));
/// let shared = a.diffie_hellman(&PublicKey::from(&b));
/// assert_eq!(shared.to_bytes(), b.diffie_hellman(&PublicKey::from(&a)).to_bytes());
/// assert!(shared.was_contributory());
/// assert_eq!(format!("{shared:?}"), "SharedSecret { .. }");
/// ```
pub struct SharedSecret([u8; 32]);

impl SharedSecret {
    /// The 32 bytes. Secret: the copy returned is the caller's to protect and wipe.
    ///
    /// ```
    /// use edwards25519::x25519::{PublicKey, StaticSecret};
    ///
    /// let shared = StaticSecret::from([1u8; 32]).diffie_hellman(&PublicKey::from([9u8; 32]));
    /// assert_eq!(&shared.to_bytes(), shared.as_bytes());
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The 32 bytes, borrowed.
    ///
    /// ```
    /// use edwards25519::x25519::{x25519, PublicKey, StaticSecret, X25519_BASEPOINT_BYTES};
    ///
    /// let shared = StaticSecret::from([1u8; 32]).diffie_hellman(&PublicKey::from(X25519_BASEPOINT_BYTES));
    /// assert_eq!(shared.as_bytes(), &x25519([1u8; 32], X25519_BASEPOINT_BYTES));
    /// ```
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Whether the exchange was contributory: false exactly when the shared secret is 32
    /// zero bytes, which X25519 gives, whatever the secret key, for a peer public key of
    /// small order (0, 1, p - 1, the points of order 4 and 8, their non-canonical
    /// encodings and the twist's; RFC 7748 §6.1). Such a shared secret is known to
    /// anyone: protocols that need each party to contribute (where a man in the middle
    /// could otherwise force both sides onto the same public value) must refuse it.
    /// The comparison is constant time; only its answer is revealed.
    ///
    /// ```
    /// use edwards25519::x25519::{PublicKey, StaticSecret};
    ///
    /// let secret = StaticSecret::from([0x21u8; 32]);
    /// let honest = PublicKey::from(&StaticSecret::from([0x43u8; 32]));
    /// assert!(secret.diffie_hellman(&honest).was_contributory());
    /// // u = 1 is a point of small order: the result is all zeros.
    /// let mut one = [0u8; 32];
    /// one[0] = 1;
    /// assert!(!secret.diffie_hellman(&PublicKey::from(one)).was_contributory());
    /// ```
    #[must_use]
    pub fn was_contributory(&self) -> bool {
        !bool::from(self.0.ct_eq(&[0u8; 32]))
    }
}

impl AsRef<[u8]> for SharedSecret {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for SharedSecret {
    /// The type's name only: no secret bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SharedSecret").finish_non_exhaustive()
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
impl Zeroize for SharedSecret {
    /// Overwrites the 32 bytes with zeros.
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

#[cfg(feature = "zeroize")]
impl Drop for SharedSecret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

#[cfg(feature = "zeroize")]
#[cfg_attr(docsrs, doc(cfg(feature = "zeroize")))]
impl ZeroizeOnDrop for SharedSecret {}
