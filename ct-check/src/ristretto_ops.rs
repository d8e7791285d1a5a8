//! ristretto255 operations with secret inputs: decoding (valid and invalid secret
//! encodings, through `ct_from_bytes`, whose verdict is a `Choice` declassified with the
//! output), encoding, scalar multiplications, the one-way map, its inverse, Lizard
//! encoding and equality.
//!
//! `RistrettoPoint::from_bytes` is not checked on its own: it branches on its verdict
//! (which of the three errors, or success), which is its documented public output.

use edwards25519_group::ristretto::RistrettoPoint;
use subtle::ConstantTimeEq;

use crate::Op;
use crate::field_ops::public_choice;
use crate::rng::Rng;
use crate::scalar_ops::secret_scalar;
use crate::valgrind::{make_defined, make_undefined};

/// The ristretto255 operations, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "ristretto-decode",
        run: decode_valid,
    },
    Op {
        name: "ristretto-decode-invalid",
        run: decode_invalid,
    },
    Op {
        name: "ristretto-encode",
        run: encode,
    },
    Op {
        name: "ristretto-double-and-encode-batch",
        run: double_and_encode_batch,
    },
    Op {
        name: "ristretto-mul-secret-point",
        run: mul_secret_point,
    },
    Op {
        name: "ristretto-mul-base",
        run: mul_base,
    },
    Op {
        name: "ristretto-from-uniform-bytes",
        run: from_uniform_bytes,
    },
    Op {
        name: "ristretto-ct-eq",
        run: ct_eq,
    },
    Op {
        name: "ristretto-map-to-curve-inverse",
        run: map_to_curve_inverse,
    },
    Op {
        name: "ristretto-lizard-encode",
        run: lizard_encode,
    },
];

/// A random element, public (computed before any marking).
fn public_element(rng: &mut Rng) -> RistrettoPoint {
    RistrettoPoint::from_uniform_bytes(&rng.bytes())
}

/// A random element, marked secret.
fn secret_element(rng: &mut Rng) -> RistrettoPoint {
    let mut p = public_element(rng);
    make_undefined(&mut p);
    p
}

/// Declassifies a result element and encodes it.
fn public(mut p: RistrettoPoint) -> Vec<u8> {
    make_defined(&mut p);
    p.to_bytes().to_vec()
}

/// Decodes secret bytes; the verdict is declassified together with the element.
fn decode_secret(mut bytes: [u8; 32]) -> Vec<u8> {
    make_undefined(&mut bytes);
    let r = RistrettoPoint::ct_from_bytes(&bytes);
    let ok = public_choice(r.is_some());
    let mut out = public(r.unwrap_or(RistrettoPoint::IDENTITY));
    out.push(ok);
    out
}

/// A secret valid encoding.
fn decode_valid(rng: &mut Rng) -> Vec<u8> {
    decode_secret(public_element(rng).to_bytes())
}

/// Secret random bytes with bit 255 and the low bit cleared (so that the curve checks
/// decide, not the first two), and secret bytes that fail the first two checks.
fn decode_invalid(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..8 {
        let mut b: [u8; 32] = rng.bytes();
        match i {
            0 => b[31] |= 0x80,
            1 => b[0] |= 1,
            _ => {
                b[31] &= 0x7f;
                b[0] &= 0xfe;
            }
        }
        out.extend(decode_secret(b));
    }
    out
}

fn encode(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = secret_element(rng).to_bytes();
    make_defined(&mut bytes);
    bytes.to_vec()
}

/// Four secret elements and the identity, marked secret too (its zero denominator is
/// replaced by a select), their doubles encoded with one inversion.
fn double_and_encode_batch(rng: &mut Rng) -> Vec<u8> {
    let mut points: Vec<RistrettoPoint> = (0..4).map(|_| secret_element(rng)).collect();
    let mut identity = RistrettoPoint::IDENTITY;
    make_undefined(&mut identity);
    points.push(identity);
    let mut out: Vec<u8> = RistrettoPoint::double_and_encode_batch(&points).concat();
    make_defined(out.as_mut_slice());
    out
}

// `&P * &s` is the reference form of the public API (the owned form forwards to it).
#[allow(clippy::op_ref)]
fn mul_secret_point(rng: &mut Rng) -> Vec<u8> {
    let p = secret_element(rng);
    public(&p * &secret_scalar(rng))
}

fn mul_base(rng: &mut Rng) -> Vec<u8> {
    public(RistrettoPoint::mul_base(&secret_scalar(rng)))
}

fn from_uniform_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut wide: [u8; 64] = rng.bytes();
    make_undefined(&mut wide);
    public(RistrettoPoint::from_uniform_bytes(&wide))
}

fn ct_eq(rng: &mut Rng) -> Vec<u8> {
    let (p, q) = (secret_element(rng), secret_element(rng));
    // 2p - p is p (with another representative, in general); q is another element.
    let r = p.double() - p;
    vec![public_choice(p.ct_eq(&r)), public_choice(p.ct_eq(&q))]
}

/// The preimages of a secret element (a Lizard-encoded message decrypted by its
/// recipient is one), each declassified with its validity.
fn map_to_curve_inverse(rng: &mut Rng) -> Vec<u8> {
    let p = secret_element(rng);
    let mut out = Vec::new();
    for b in p.map_to_curve_inverse() {
        out.push(public_choice(b.is_some()));
        let mut bytes = b.unwrap_or([0; 32]);
        make_defined(&mut bytes);
        out.extend(bytes);
    }
    out
}

/// Lizard encoding of 16 secret bytes (SHA-256).
fn lizard_encode(rng: &mut Rng) -> Vec<u8> {
    let mut data: [u8; 16] = rng.bytes();
    make_undefined(&mut data);
    public(RistrettoPoint::lizard_encode::<sha2::Sha256>(&data))
}
