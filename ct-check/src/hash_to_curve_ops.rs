//! RFC 9380 hash-to-curve (group crate, feature `hash-to-curve`) with a secret message
//! (a VOPRF or PAKE input) or a secret field element: expand_message_xmd, the RO and NU
//! suites for edwards25519 and the Curve25519 u, and the Elligator 2 map alone. The DST
//! and the message length are public; the message bytes and u are marked undefined.

use edwards25519_field::FieldElement;
use edwards25519_group::Point;
use edwards25519_group::hash_to_curve::{
    encode_to_curve25519, expand_message_xmd, hash_to_curve25519,
};

use crate::Op;
use crate::rng::Rng;
use crate::valgrind::{make_defined, make_undefined};

/// The hash-to-curve operations, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "h2c-expand-message-xmd",
        run: expand,
    },
    Op {
        name: "h2c-hash-to-curve",
        run: hash_to_curve,
    },
    Op {
        name: "h2c-encode-to-curve",
        run: encode_to_curve,
    },
    Op {
        name: "h2c-hash-to-curve25519",
        run: hash_to_curve25519_u,
    },
    Op {
        name: "h2c-encode-to-curve25519",
        run: encode_to_curve25519_u,
    },
    Op {
        name: "h2c-map-to-curve",
        run: map_to_curve,
    },
];

/// A public DST (RFC 9380's test-vector style).
const DST: &[u8] = b"ct-check-V01-CS01-with-edwards25519_XMD:SHA-512_ELL2_RO_";

/// A 32-byte secret message.
fn secret_msg(rng: &mut Rng) -> [u8; 32] {
    let mut m = rng.bytes();
    make_undefined(&mut m);
    m
}

/// Declassifies a result point and encodes it.
fn public(mut p: Point) -> Vec<u8> {
    make_defined(&mut p);
    p.to_bytes().to_vec()
}

fn expand(rng: &mut Rng) -> Vec<u8> {
    let msg = secret_msg(rng);
    let mut out = [0u8; 200];
    expand_message_xmd(&msg, DST, &mut out).expect("200 bytes is a valid length");
    make_defined(&mut out);
    out.to_vec()
}

fn hash_to_curve(rng: &mut Rng) -> Vec<u8> {
    public(Point::hash_to_curve(&secret_msg(rng), DST))
}

fn encode_to_curve(rng: &mut Rng) -> Vec<u8> {
    public(Point::encode_to_curve(&secret_msg(rng), DST))
}

fn hash_to_curve25519_u(rng: &mut Rng) -> Vec<u8> {
    let mut u = hash_to_curve25519(&secret_msg(rng), DST);
    make_defined(&mut u.0);
    u.0.to_vec()
}

fn encode_to_curve25519_u(rng: &mut Rng) -> Vec<u8> {
    let mut u = encode_to_curve25519(&secret_msg(rng), DST);
    make_defined(&mut u.0);
    u.0.to_vec()
}

/// The map alone on a secret u: one random u, then u = 0 (the exceptional case that
/// gives the identity), both marked secret, so the regular and the exceptional inputs
/// both run on undefined data (the loop's choice of input is public).
fn map_to_curve(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for zero in [false, true] {
        let mut b = rng.bytes::<32>();
        if zero {
            b = [0u8; 32];
        }
        let mut u = FieldElement::from_bytes(&b);
        make_undefined(&mut u);
        out.extend(public(Point::map_to_curve(&u)));
    }
    out
}
