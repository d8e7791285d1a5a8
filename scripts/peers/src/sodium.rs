//! libsodium through a few `extern "C"` declarations (its `crypto_scalarmult_curve25519*`
//! and `crypto_sign_*` functions, as documented in its headers), present when build.rs
//! found it with pkg-config (`cfg(sodium)`). Safe wrappers with fixed-size arrays.

/// The linked libsodium's version, or `None` when this build has none.
#[cfg(sodium)]
pub const VERSION: Option<&str> = Some(env!("PEERS_SODIUM_VERSION"));
/// The linked libsodium's version, or `None` when this build has none.
#[cfg(not(sodium))]
pub const VERSION: Option<&str> = None;

#[cfg(sodium)]
mod ffi {
    use std::ffi::{c_int, c_ulonglong};
    unsafe extern "C" {
        pub fn sodium_init() -> c_int;
        pub fn crypto_scalarmult_curve25519(q: *mut u8, n: *const u8, p: *const u8) -> c_int;
        pub fn crypto_scalarmult_curve25519_base(q: *mut u8, n: *const u8) -> c_int;
        pub fn crypto_sign_seed_keypair(pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
        pub fn crypto_sign_detached(
            sig: *mut u8,
            siglen: *mut c_ulonglong,
            m: *const u8,
            mlen: c_ulonglong,
            sk: *const u8,
        ) -> c_int;
        pub fn crypto_sign_verify_detached(
            sig: *const u8,
            m: *const u8,
            mlen: c_ulonglong,
            pk: *const u8,
        ) -> c_int;
    }
}

/// `sodium_init` (picks its implementations for this CPU); true on success.
#[cfg(sodium)]
pub fn init() -> bool {
    // SAFETY: no arguments; libsodium documents it as safe to call more than once.
    unsafe { ffi::sodium_init() >= 0 }
}

/// X25519 of `n` (clamped by libsodium) and `p`; `None` for an all-zero result.
#[cfg(sodium)]
pub fn scalarmult(n: &[u8; 32], p: &[u8; 32]) -> Option<[u8; 32]> {
    let mut q = [0u8; 32];
    // SAFETY: the three pointers are to 32-byte buffers, as crypto_scalarmult_curve25519
    // reads and writes (crypto_scalarmult_curve25519_BYTES = _SCALARBYTES = 32).
    let r = unsafe { ffi::crypto_scalarmult_curve25519(q.as_mut_ptr(), n.as_ptr(), p.as_ptr()) };
    (r == 0).then_some(q)
}

/// X25519 of `n` (clamped by libsodium) and the base point 9.
#[cfg(sodium)]
pub fn scalarmult_base(n: &[u8; 32]) -> [u8; 32] {
    let mut q = [0u8; 32];
    // SAFETY: both pointers are to 32-byte buffers, as the function reads and writes.
    let r = unsafe { ffi::crypto_scalarmult_curve25519_base(q.as_mut_ptr(), n.as_ptr()) };
    assert_eq!(r, 0, "crypto_scalarmult_curve25519_base");
    q
}

/// The Ed25519 key pair of a 32-byte seed: (public key, 64-byte secret key: seed ‖ public).
#[cfg(sodium)]
pub fn seed_keypair(seed: &[u8; 32]) -> ([u8; 32], [u8; 64]) {
    let (mut pk, mut sk) = ([0u8; 32], [0u8; 64]);
    // SAFETY: pk is 32 bytes, sk 64 and seed 32 (crypto_sign_PUBLICKEYBYTES,
    // _SECRETKEYBYTES, _SEEDBYTES).
    let r =
        unsafe { ffi::crypto_sign_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()) };
    assert_eq!(r, 0, "crypto_sign_seed_keypair");
    (pk, sk)
}

/// An Ed25519 signature of `m` under the 64-byte secret key `sk`.
#[cfg(sodium)]
pub fn sign(m: &[u8], sk: &[u8; 64]) -> [u8; 64] {
    let mut sig = [0u8; 64];
    // SAFETY: sig is 64 bytes (crypto_sign_BYTES), the length pointer may be null, m is
    // valid for m.len() bytes, sk is 64 bytes.
    let r = unsafe {
        ffi::crypto_sign_detached(
            sig.as_mut_ptr(),
            std::ptr::null_mut(),
            m.as_ptr(),
            m.len() as u64,
            sk.as_ptr(),
        )
    };
    assert_eq!(r, 0, "crypto_sign_detached");
    sig
}

/// Whether `sig` is a valid Ed25519 signature of `m` under `pk`.
#[cfg(sodium)]
pub fn verify(sig: &[u8; 64], m: &[u8], pk: &[u8; 32]) -> bool {
    // SAFETY: sig is 64 bytes, m valid for m.len() bytes, pk 32 bytes.
    unsafe {
        ffi::crypto_sign_verify_detached(sig.as_ptr(), m.as_ptr(), m.len() as u64, pk.as_ptr()) == 0
    }
}
