//! expand_message_xmd (RFC 9380 §5.3.1) and the field elements it feeds (§5.2), over
//! any hash with 64-byte outputs: SHA-512 for the suites of this module, another hash
//! for [`Point::hash_to_curve_with_hash`](crate::Point::hash_to_curve_with_hash).

use core::marker::PhantomData;

use edwards25519_field::FieldElement;
use sha2::digest::consts::U64;
use sha2::digest::{Digest, common::BlockSizeUser};

/// The output size b_in_bytes (RFC 9380 §5.3.1) of SHA-512 and of every hash taken here.
pub(super) const B_IN_BYTES: usize = 64;
/// The longest output: ell = ceil(len / 64) <= 255 blocks. (RFC 9380 also caps the
/// length at 65535, which this already implies.)
pub(super) const MAX_LEN: usize = 255 * B_IN_BYTES;
/// L = ceil((ceil(log2(p)) + k)/8) = ceil((255 + 128)/8) = 48 bytes per field element
/// (RFC 9380 §5.2, k = 128, the suites' security level).
pub(super) const L: usize = 48;

/// DST_prime = DST || I2OSP(len(DST), 1), with a DST over 255 bytes replaced by
/// H("H2C-OVERSIZE-DST-" || DST) (RFC 9380 §5.3.3). The DST comes in pieces, which are
/// concatenated. At most 256 bytes.
pub(super) struct DstPrime {
    bytes: [u8; 256],
    len: usize,
}

impl DstPrime {
    pub(super) fn new<D: Digest<OutputSize = U64>>(dst: &[&[u8]]) -> DstPrime {
        let mut bytes = [0u8; 256];
        let total: usize = dst.iter().map(|d| d.len()).sum();
        let n = if total > 255 {
            let mut h = D::new();
            h.update(b"H2C-OVERSIZE-DST-");
            for d in dst {
                h.update(d);
            }
            bytes[..B_IN_BYTES].copy_from_slice(&h.finalize());
            B_IN_BYTES
        } else {
            let mut at = 0;
            for d in dst {
                bytes[at..at + d.len()].copy_from_slice(d);
                at += d.len();
            }
            total
        };
        // n <= 255, so the length fits the one-byte I2OSP.
        bytes[n] = n as u8;
        DstPrime { bytes, len: n + 1 }
    }

    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// expand_message_xmd (RFC 9380 §5.3.1) as a stream of 64-byte blocks b_1, b_2, ...
///
/// b_0 = H(Z_pad || msg || I2OSP(len, 2) || I2OSP(0, 1) || DST_prime) and
/// b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime). `prev` starts at zero,
/// so b_1 = H(b_0 || I2OSP(1, 1) || DST_prime) comes out of the same formula. H is any
/// hash with 64-byte outputs (SHA-512 for the suites here); Z_pad is its block size in
/// zero bytes, and the message comes in pieces, hashed one after the other.
///
/// **Invariant**: `len_in_bytes` <= [`MAX_LEN`] (the callers check it), so
/// ell <= 255 and the block index fits one byte; callers draw at most ell blocks.
pub(super) struct Expander<D> {
    b0: [u8; B_IN_BYTES],
    prev: [u8; B_IN_BYTES],
    dst_prime: DstPrime,
    next: u8,
    hash: PhantomData<D>,
}

impl<D: Digest<OutputSize = U64> + BlockSizeUser> Expander<D> {
    pub(super) fn new(msg: &[&[u8]], dst: &[&[u8]], len_in_bytes: usize) -> Expander<D> {
        debug_assert!(len_in_bytes <= MAX_LEN);
        let dst_prime = DstPrime::new::<D>(dst);
        let mut h = D::new();
        // Z_pad: s_in_bytes zero bytes, in pieces of 64.
        let mut pad = D::block_size();
        while pad > 0 {
            let n = pad.min(64);
            h.update(&[0u8; 64][..n]);
            pad -= n;
        }
        for m in msg {
            h.update(m);
        }
        // len_in_bytes <= 16320 < 2^16: I2OSP(len, 2) is exact.
        h.update((len_in_bytes as u16).to_be_bytes());
        h.update([0u8]);
        h.update(dst_prime.as_bytes());
        let mut b0 = [0u8; B_IN_BYTES];
        b0.copy_from_slice(&h.finalize());
        Expander {
            b0,
            prev: [0u8; B_IN_BYTES],
            dst_prime,
            next: 1,
            hash: PhantomData,
        }
    }

    /// The next block b_i.
    pub(super) fn next_block(&mut self) -> [u8; B_IN_BYTES] {
        let mut h = D::new();
        let mut x = [0u8; B_IN_BYTES];
        for (x, (a, b)) in x.iter_mut().zip(self.b0.iter().zip(self.prev.iter())) {
            *x = a ^ b;
        }
        h.update(x);
        h.update([self.next]);
        h.update(self.dst_prime.as_bytes());
        self.prev.copy_from_slice(&h.finalize());
        self.next = self.next.wrapping_add(1);
        self.prev
    }
}

#[cfg(feature = "zeroize")]
impl<D> Drop for Expander<D> {
    /// b_0 and the last block are derived from the (possibly secret) message.
    fn drop(&mut self) {
        use zeroize::Zeroize;
        self.b0.zeroize();
        self.prev.zeroize();
    }
}

/// expand_message_xmd with the hash `D` into `out`, whose length the caller has
/// checked: at most [`MAX_LEN`].
pub(super) fn expand_into<D: Digest<OutputSize = U64> + BlockSizeUser>(
    msg: &[&[u8]],
    dst: &[&[u8]],
    out: &mut [u8],
) {
    let mut exp = Expander::<D>::new(msg, dst, out.len());
    for chunk in out.chunks_mut(B_IN_BYTES) {
        let block = exp.next_block();
        chunk.copy_from_slice(&block[..chunk.len()]);
    }
}

/// OS2IP(bytes) mod p for 48 big-endian bytes: reversed into the low 48 bytes of a
/// little-endian 512-bit value, then [`FieldElement::from_wide_bytes`]. Constant time.
pub(super) fn from_be48(bytes: &[u8; L]) -> FieldElement {
    let mut wide = [0u8; 64];
    for (w, b) in wide.iter_mut().zip(bytes.iter().rev()) {
        *w = *b;
    }
    FieldElement::from_wide_bytes(&wide)
}

/// `hash_to_field` after its length check: 48·`out.len()` <= [`MAX_LEN`], the
/// [`Expander`]'s invariant. With the hash `D` (64-byte
/// output) and the message and DST in pieces.
pub(super) fn fill_field<D: Digest<OutputSize = U64> + BlockSizeUser>(
    msg: &[&[u8]],
    dst: &[&[u8]],
    out: &mut [FieldElement],
) {
    debug_assert!(L * out.len() <= MAX_LEN);
    let mut exp = Expander::<D>::new(msg, dst, L * out.len());
    // The 48-byte chunks straddle the 64-byte blocks: `pos` is the next unread byte of
    // `block` (64 = empty). Draws ceil(48·len / 64) = ell blocks in all.
    let mut block = [0u8; B_IN_BYTES];
    let mut pos = B_IN_BYTES;
    let mut chunk = [0u8; L];
    for e in out.iter_mut() {
        let mut filled = 0;
        while filled < L {
            if pos == B_IN_BYTES {
                block = exp.next_block();
                pos = 0;
            }
            let n = (L - filled).min(B_IN_BYTES - pos);
            chunk[filled..filled + n].copy_from_slice(&block[pos..pos + n]);
            filled += n;
            pos += n;
        }
        *e = from_be48(&chunk);
    }
    #[cfg(feature = "zeroize")]
    {
        use zeroize::Zeroize;
        block.zeroize();
        chunk.zeroize();
    }
}
