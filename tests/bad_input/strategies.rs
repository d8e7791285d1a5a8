//! What the properties draw from: byte predicates computed independently of the
//! library, and strategies mixing uniform bytes with the edges where decoders have
//! special cases.

use edwards25519::{FieldElement, Point, Scalar};
use proptest::collection::vec;
use proptest::prelude::*;

use crate::common;

pub(crate) fn config() -> ProptestConfig {
    ProptestConfig::with_cases(if cfg!(debug_assertions) { 256 } else { 10_000 })
}

// ---------------------------------------------------------------------------------------
// Independent predicates on the bytes.

/// p = 2^255 - 19, little-endian.
pub(crate) const P: [u8; 32] = {
    let mut p = [0xff; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    p
};

/// l, little-endian.
pub(crate) const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// a < b for little-endian 256-bit values.
pub(crate) fn lt(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.iter().rev().lt(b.iter().rev())
}

/// The 255-bit y (sign bit cleared) is >= p.
pub(crate) fn y_ge_p(b: &[u8; 32]) -> bool {
    let mut y = *b;
    y[31] &= 0x7f;
    !lt(&y, &P)
}

/// Little-endian a + b (mod 2^256).
pub(crate) fn add(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let t = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = t as u8;
        carry = t >> 8;
    }
    out
}

pub(crate) fn small(v: u8) -> [u8; 32] {
    let mut b = [0; 32];
    b[0] = v;
    b
}

/// Little-endian a - v (mod 2^256) for a byte v.
pub(crate) fn sub_small(a: &[u8; 32], v: u8) -> [u8; 32] {
    // a + (2^256 - v)
    let mut neg = [0xffu8; 32];
    neg[0] = 0u8.wrapping_sub(v);
    if v == 0 {
        return *a;
    }
    add(a, &neg)
}

// ---------------------------------------------------------------------------------------
// Strategies.

/// 32 bytes: uniform, or near one of the edges 0, p, 2^255, l, 2^252, 2^253, 2^256.
pub(crate) fn bytes32() -> impl Strategy<Value = [u8; 32]> {
    let mut two_252 = [0u8; 32];
    two_252[31] = 0x10;
    let mut two_253 = [0u8; 32];
    two_253[31] = 0x20;
    let mut two_255 = [0u8; 32];
    two_255[31] = 0x80;
    let edges = [[0u8; 32], P, two_255, L, two_252, two_253, [0u8; 32]];
    prop_oneof![
        3 => any::<[u8; 32]>(),
        2 => (0..edges.len(), 0u8..40, any::<bool>(), any::<bool>()).prop_map(
            move |(i, d, up, sign)| {
                let mut b = if up {
                    add(&edges[i], &small(d))
                } else {
                    sub_small(&edges[i], d)
                };
                if sign {
                    b[31] ^= 0x80;
                }
                b
            }
        ),
        1 => (any::<[u8; 32]>(), 0u8..0x20).prop_map(|(mut b, top)| {
            b[31] = top; // below 2^253: about half below l
            b
        }),
    ]
}

pub(crate) fn bytes64() -> impl Strategy<Value = [u8; 64]> {
    prop_oneof![
        any::<[u8; 64]>(),
        (bytes32(), bytes32()).prop_map(|(a, b)| {
            let mut w = [0u8; 64];
            w[..32].copy_from_slice(&a);
            w[32..].copy_from_slice(&b);
            w
        }),
        bytes32().prop_map(|a| {
            let mut w = [0u8; 64];
            w[..32].copy_from_slice(&a);
            w
        }),
        Just([0xff; 64]),
    ]
}

/// The 8 torsion points' canonical encodings.
pub(crate) fn torsion_encodings() -> Vec<[u8; 32]> {
    let t = common::order_8_point();
    let mut acc = Point::IDENTITY;
    (0..8)
        .map(|_| {
            let e = acc.to_bytes();
            acc += t;
            e
        })
        .collect()
}

/// Point encodings: any 32 bytes, the edges, torsion points (canonical, sign-flipped,
/// y + p), and s·B + T for a small s (canonical and sign-flipped).
pub(crate) fn point_bytes() -> impl Strategy<Value = [u8; 32]> {
    let torsion = torsion_encodings();
    prop_oneof![
        3 => bytes32(),
        1 => (0usize..8, 0u8..3).prop_map(move |(i, form)| {
            let mut b = torsion[i];
            match form {
                0 => {}
                1 => b[31] ^= 0x80,
                // y + p (a non-canonical encoding when y < 19; else y wraps).
                _ => {
                    let sign = b[31] & 0x80;
                    b[31] &= 0x7f;
                    b = add(&b, &P);
                    b[31] = (b[31] & 0x7f) | sign;
                }
            }
            b
        }),
        1 => (any::<u64>(), 0usize..8, any::<bool>()).prop_map(|(s, t, flip)| {
            let torsion = common::order_8_point() * Scalar::from(t as u64);
            let mut b = (Point::mul_base(&Scalar::from(s)) + torsion).to_bytes();
            if flip {
                b[31] ^= 0x80;
            }
            b
        }),
    ]
}

/// Field elements: from arbitrary bytes, or zero, one, -1, p (zero, non-canonically).
pub(crate) fn field_element() -> impl Strategy<Value = FieldElement> {
    prop_oneof![
        3 => bytes32().prop_map(|b| FieldElement::from_bytes(&b)),
        1 => Just(FieldElement::ZERO),
        1 => Just(FieldElement::ONE),
        1 => Just(-FieldElement::ONE),
        1 => Just(FieldElement::from_bytes(&P)),
    ]
}

pub(crate) fn any_scalar() -> impl Strategy<Value = Scalar> {
    bytes32().prop_map(Scalar::from_bytes_mod_order)
}

pub(crate) fn message() -> impl Strategy<Value = Vec<u8>> {
    vec(any::<u8>(), 0..80)
}

pub(crate) fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else {
        "<non-string panic payload>".to_string()
    }
}
