//! Wiping what secret computations (Ed25519 key expansion and signing, X25519) leave on
//! the stack.
//!
//! Named secrets (the nonce, its hash, the hedged prefix) are zeroized where they are
//! held. What no name reaches is wiped by running the secret computation in frames
//! below the caller's ([`below`]) and then overwriting that stack region with zeros
//! ([`scrub_stack`]): copies made by moves (a hash state moved by value), by-value
//! arguments, and registers the compiler spilled. `tests/stack_scan.rs` checks the
//! result; docs/wiping.md lists what cannot be wiped.

/// How much stack [`scrub_stack`] overwrites: more than key expansion and signing use
/// below the public function's frame (about 3 KiB on x86-64; tests/stack_scan.rs fails
/// if anything is left deeper).
const SCRUB_WORDS: usize = 1024; // 8 KiB

/// Runs `f` in a frame of its own, below the caller's, so that [`scrub_stack`] called
/// next from the caller covers everything `f` and its callees wrote.
#[inline(never)]
pub(crate) fn below<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// Overwrites the [`SCRUB_WORDS`] words of stack below the caller's frame with zeros,
/// with volatile writes the compiler cannot drop (1,024 eight-byte stores).
#[inline(never)]
pub(crate) fn scrub_stack() {
    let mut area = [0u64; SCRUB_WORDS];
    zeroize::Zeroize::zeroize(&mut area);
    core::hint::black_box(&area);
}

/// `f` run by [`below`], then the stack it used scrubbed.
pub(crate) fn scrubbed<R>(f: impl FnOnce() -> R) -> R {
    let out = below(f);
    scrub_stack();
    out
}
