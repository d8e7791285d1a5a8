//! Helpers shared by the fuzz targets: reading fixed-size pieces out of the fuzzer's
//! bytes, the small-order points, a model of the ZIP-215 verification rule built from
//! the group's own operations, and a signer that plants small-order components.

use edwards25519::ed25519::Signature;
use edwards25519::{Point, Scalar};
use sha2::{Digest, Sha512};

/// Reads the fuzzer's input front to back; past the end it reads zeros, so every
/// target accepts inputs of any length.
pub struct Input<'a>(pub &'a [u8]);

impl<'a> Input<'a> {
    /// The next N bytes (zero-padded).
    pub fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        self.take::<1>()[0]
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.0)
    }
}

/// The 8 points of small order, from curve25519-dalek's `EIGHT_TORSION` table (an
/// independent source), decoded by our strict decoder.
pub fn torsion(i: u8) -> Point {
    let t = curve25519_dalek::constants::EIGHT_TORSION[usize::from(i % 8)];
    Point::from_canonical_bytes(&t.compress().to_bytes()).expect("a canonical encoding")
}

/// The other encoding of the point `enc` encodes, if it has one: y + p for y < 19
/// (y + p < 2^255 only there), or the sign bit set for x = 0 (y = 1 or y = -1).
pub fn non_canonical(enc: &[u8; 32]) -> Option<[u8; 32]> {
    let small_y = enc[1..31].iter().all(|&b| b == 0) && enc[31] & 0x7f == 0 && enc[0] < 19;
    if small_y {
        // y + p: p = 2^255 - 19, so add 2^255 - 19 to y < 19: low byte y - 19 + 256
        // with a borrow through bytes 1..31 (all 0xff) and 0x7f in the top byte.
        let mut out = [0xffu8; 32];
        out[0] = enc[0].wrapping_add(0xed);
        out[31] = 0x7f | (enc[31] & 0x80);
        return Some(out);
    }
    let p = Point::from_bytes(enc).ok()?;
    let x_zero = bool::from(p.extended_coordinates().0.is_zero());
    if x_zero && enc[31] & 0x80 == 0 {
        let mut out = *enc;
        out[31] |= 0x80;
        return Some(out);
    }
    None
}

/// k = SHA-512(R || A || M) mod l over the encodings as given.
pub fn challenge(r: &[u8; 32], a: &[u8; 32], msg: &[u8]) -> Scalar {
    let h: [u8; 64] = Sha512::new()
        .chain_update(r)
        .chain_update(a)
        .chain_update(msg)
        .finalize()
        .into();
    Scalar::from_bytes_mod_order_wide(&h)
}

/// The ZIP-215 rule, modelled with the group's separately tested operations (fixed-base
/// and variable-base scalar multiplication, subtraction, the cofactor): S < l; A and R
/// decode under the lenient rules (non-canonical y and -0 allowed); accept exactly when
/// [8]([S]B - R - [k]A) is the identity, with k over the encodings as given.
pub fn zip215_model(key: &[u8; 32], sig: &[u8; 64], msg: &[u8]) -> bool {
    let mut s_bytes = [0u8; 32];
    s_bytes.copy_from_slice(&sig[32..]);
    let mut r_bytes = [0u8; 32];
    r_bytes.copy_from_slice(&sig[..32]);
    let Some(s) = Option::<Scalar>::from(Scalar::from_canonical_bytes(s_bytes)) else {
        return false;
    };
    let (Ok(a), Ok(r)) = (Point::from_bytes(key), Point::from_bytes(&r_bytes)) else {
        return false;
    };
    let k = challenge(&r_bytes, key, msg);
    (Point::mul_base(&s) - r - a * k)
        .mul_by_cofactor()
        .is_identity()
}

/// One signature case: a key encoding, a signature, a message.
pub struct Case<'a> {
    /// The public key's encoding.
    pub key: [u8; 32],
    /// R || S.
    pub sig: [u8; 64],
    /// The message.
    pub msg: &'a [u8],
}

impl Case<'_> {
    /// The signature.
    pub fn signature(&self) -> Signature {
        Signature::from_bytes(&self.sig)
    }
}

/// Reads one case. Mode byte even: raw bytes (key 32, signature 64, then the message:
/// what the seed corpora hold). Odd: a signature made here, so that the fuzzer reaches
/// accepting paths: secret a and nonce r from the input, A = [a]B + T_i and
/// R = [r]B + T_j with small-order T's (either side optionally pure torsion or given by
/// its non-canonical encoding), S = r + k·a (optionally + l, non-canonical), then an
/// optional one-byte corruption of the key or signature.
pub fn read_case<'a>(input: &mut Input<'a>, msg_len: Option<usize>) -> Case<'a> {
    let mode = input.byte();
    let msg = |input: &mut Input<'a>| match msg_len {
        None => input.rest(),
        Some(n) => {
            let n = n.min(input.0.len());
            let (m, rest) = input.0.split_at(n);
            input.0 = rest;
            m
        }
    };
    if mode & 1 == 0 {
        let key = input.take::<32>();
        let sig = input.take::<64>();
        let msg = msg(input);
        return Case { key, sig, msg };
    }
    let a = Scalar::from_bytes_mod_order(input.take::<32>());
    let r = Scalar::from_bytes_mod_order(input.take::<32>());
    let flags = input.byte();
    let torsions = input.byte();
    let (flip_at, flip_with) = (input.byte(), input.byte());
    let msg = msg(input);

    let a = if flags & 1 != 0 { Scalar::ZERO } else { a };
    let r = if flags & 2 != 0 { Scalar::ZERO } else { r };
    let big_a = Point::mul_base(&a) + torsion(torsions);
    let big_r = Point::mul_base(&r) + torsion(torsions >> 4);
    let mut key = big_a.to_bytes();
    let mut r_bytes = big_r.to_bytes();
    if flags & 4 != 0 {
        key = non_canonical(&key).unwrap_or(key);
    }
    if flags & 8 != 0 {
        r_bytes = non_canonical(&r_bytes).unwrap_or(r_bytes);
    }
    let k = challenge(&r_bytes, &key, msg);
    let s = Scalar::multiply_add(&k, &a, &r);
    let mut s_bytes = s.to_bytes();
    if flags & 16 != 0 {
        add_l(&mut s_bytes);
    }
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&r_bytes);
    sig[32..].copy_from_slice(&s_bytes);
    if flags & 32 != 0 {
        let i = usize::from(flip_at) % 96;
        if i < 32 {
            key[i] ^= flip_with;
        } else {
            sig[i - 32] ^= flip_with;
        }
    }
    Case { key, sig, msg }
}

/// s += l in place (s < l, so s + l < 2^254 fits).
pub fn add_l(s: &mut [u8; 32]) {
    // l = 2^252 + 27742317777372353535851937790883648493, little-endian.
    const L: [u8; 32] = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde,
        0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ];
    let mut carry = 0u16;
    for (b, l) in s.iter_mut().zip(L) {
        let t = u16::from(*b) + u16::from(l) + carry;
        *b = t as u8;
        carry = t >> 8;
    }
}
