//! Negative controls: deliberately variable-time operations that memcheck must flag.
//! If they pass, the marking does not work and every other result means nothing.

use std::hint::black_box;

use edwards25519_field::FieldElement;

use crate::Op;
use crate::rng::Rng;
use crate::valgrind::{make_defined, make_undefined};

/// The controls, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "leaky-branch",
        run: branch,
    },
    Op {
        name: "leaky-index",
        run: index,
    },
    Op {
        name: "leaky-through-field",
        run: through_field,
    },
];

#[inline(never)]
fn when_set(x: u64) -> u64 {
    black_box(x.rotate_left(17) ^ 0x5555)
}

#[inline(never)]
fn when_clear(x: u64) -> u64 {
    black_box(x.wrapping_mul(0x9E37_79B9))
}

/// Branches on a secret bit: two calls the compiler cannot merge into a select,
/// because each has a side effect (black_box).
fn branch(rng: &mut Rng) -> Vec<u8> {
    let mut secret = rng.next_u64();
    make_undefined(&mut secret);
    let mut out = if black_box(secret) & 1 == 1 {
        when_set(secret)
    } else {
        when_clear(secret)
    };
    make_defined(&mut out);
    out.to_le_bytes().to_vec()
}

static TABLE: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = (i as u64).wrapping_mul(0x0101_0101_0101_0101);
        i += 1;
    }
    t
};

/// Reads a table entry at a secret index: the load address depends on the secret.
fn index(rng: &mut Rng) -> Vec<u8> {
    let mut secret = rng.next_u64();
    make_undefined(&mut secret);
    let i = (black_box(secret) & 15) as usize;
    let mut out = black_box(&TABLE)[i];
    make_defined(&mut out);
    out.to_le_bytes().to_vec()
}

/// Branches on the sign of a secret field product: shows that the marking flows
/// through the field code (nothing was computed at compile time from
/// the fixed seed), so a leak inside the library would be seen.
fn through_field(rng: &mut Rng) -> Vec<u8> {
    let mut a = FieldElement::from_bytes(&rng.bytes());
    let b = FieldElement::from_bytes(&rng.bytes());
    make_undefined(&mut a);
    let negative = {
        let p = a * b;
        bool::from(p.is_negative())
    };
    let mut out = if black_box(negative) {
        when_set(1)
    } else {
        when_clear(2)
    };
    make_defined(&mut out);
    out.to_le_bytes().to_vec()
}
