//! Hedged signing (draft-irtf-cfrg-det-sigs-with-noise-05 §3) with a fuzzed RNG: the
//! seed, the context, the message and the random bytes the RNG hands out all come from
//! the input. Each of `sign_hedged`, `sign_ctx_hedged` and `sign_ph_hedged` must equal
//! an independent computation of the draft's construction (sha2 and curve25519-dalek)
//! and verify (ed25519-dalek's `verify_strict` for the pure form); a context over 255
//! bytes must be `ContextTooLong`; `sign_checked` must equal `sign`.
//!
//! Input: seed (32) || context length (1; 255 + n means n + 255 bytes, to reach the
//! error) || context || 32 RNG bytes || message (the rest). Past the end, zeros.
#![no_main]

use curve25519_dalek::{EdwardsPoint, Scalar as DalekScalar};
use edwards25519::ed25519::{Error, SigningKey};
use edwards25519_fuzz::Input;
use libfuzzer_sys::fuzz_target;
use rand::{TryCryptoRng, TryRng};
use sha2::{Digest, Sha512};

/// The fuzzed RNG: the input's bytes, then zeros.
struct FuzzRng<'a>(&'a [u8]);

impl TryRng for FuzzRng<'_> {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        let mut b = [0u8; 4];
        self.try_fill_bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let mut b = [0u8; 8];
        self.try_fill_bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for d in dst {
            *d = match self.0.split_first() {
                Some((&b, rest)) => {
                    self.0 = rest;
                    b
                }
                None => 0,
            };
        }
        Ok(())
    }
}
impl TryCryptoRng for FuzzRng<'_> {}

/// Draft -05 §3 from scratch: prefix' = SHA-512(prefix || Z)[..32], then RFC 8032 with
/// prefix'. `dom` is empty for pure Ed25519; `m` is PH(M) for Ed25519ph.
fn reference(seed: &[u8; 32], z: &[u8], dom: &[u8], m: &[u8]) -> [u8; 64] {
    let h = Sha512::digest(seed);
    let mut s_bytes = [0u8; 32];
    s_bytes.copy_from_slice(&h[..32]);
    s_bytes[0] &= 248;
    s_bytes[31] &= 127;
    s_bytes[31] |= 64;
    let s = DalekScalar::from_bytes_mod_order(s_bytes);
    let a = EdwardsPoint::mul_base(&s).compress().to_bytes();
    let hedged = Sha512::new()
        .chain_update(&h[32..])
        .chain_update(z)
        .finalize();
    let wide = |parts: &[&[u8]]| {
        let mut h = Sha512::new();
        parts.iter().for_each(|p| h.update(p));
        DalekScalar::from_bytes_mod_order_wide(&h.finalize().into())
    };
    let r = wide(&[dom, &hedged[..32], m]);
    let big_r = EdwardsPoint::mul_base(&r).compress().to_bytes();
    let k = wide(&[dom, &big_r, &a, m]);
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&big_r);
    sig[32..].copy_from_slice((r + k * s).as_bytes());
    sig
}

fn dom2(phflag: u8, context: &[u8]) -> Vec<u8> {
    let mut d = b"SigEd25519 no Ed25519 collisions".to_vec();
    d.extend_from_slice(&[phflag, context.len() as u8]);
    d.extend_from_slice(context);
    d
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let seed: [u8; 32] = input.take();
    let ctx_len = usize::from(input.byte());
    // 255 is the longest valid context; a length byte of 255 asks for 300 bytes.
    let ctx_len = if ctx_len == 255 { 300 } else { ctx_len };
    let rest = input.rest();
    let (ctx, rest) = rest.split_at(ctx_len.min(rest.len()));
    let (z, msg) = rest.split_at(32.min(rest.len()));
    let mut z_full = [0u8; 32];
    z_full[..z.len()].copy_from_slice(z);

    let key = SigningKey::from_seed(&seed);
    let vk = key.verifying_key();

    let sig = key.sign_hedged(msg, &mut FuzzRng(z));
    assert_eq!(
        sig.to_bytes(),
        reference(&seed, &z_full, &[], msg),
        "sign_hedged"
    );
    let dvk = ed25519_dalek::VerifyingKey::from_bytes(&vk.to_bytes()).expect("a valid key");
    assert!(
        dvk.verify_strict(msg, &ed25519_dalek::Signature::from_bytes(&sig.to_bytes()))
            .is_ok(),
        "ed25519-dalek rejects a hedged signature"
    );

    let ctx_sig = key.sign_ctx_hedged(msg, ctx, &mut FuzzRng(z));
    let ph_sig = key.sign_ph_hedged(msg, ctx, &mut FuzzRng(z));
    if ctx.len() > 255 {
        assert_eq!(ctx_sig, Err(Error::ContextTooLong));
        assert_eq!(ph_sig, Err(Error::ContextTooLong));
    } else {
        let ctx_sig = ctx_sig.expect("a short context");
        assert_eq!(
            ctx_sig.to_bytes(),
            reference(&seed, &z_full, &dom2(0, ctx), msg)
        );
        assert_eq!(vk.verify_ctx(msg, ctx, &ctx_sig), Ok(()));
        let ph_sig = ph_sig.expect("a short context");
        let ph = Sha512::digest(msg);
        assert_eq!(
            ph_sig.to_bytes(),
            reference(&seed, &z_full, &dom2(1, ctx), &ph)
        );
        assert_eq!(vk.verify_ph(msg, ctx, &ph_sig), Ok(()));
    }

    assert_eq!(key.sign_checked(msg), Ok(key.sign(msg)));
});
