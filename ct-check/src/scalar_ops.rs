//! Scalar operations (mod l). Scalars have one implementation, so the two backend runs
//! check the same code; they are run in both for uniformity.

use edwards25519_scalar::Scalar;
use subtle::{ConditionallySelectable, ConstantTimeEq};

use crate::Op;
use crate::field_ops::{public_choice, secret_choice};
use crate::rng::Rng;
use crate::valgrind::{make_defined, make_undefined};

/// The scalar operations, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "scalar-from-bytes-mod-order-wide",
        run: from_wide,
    },
    Op {
        name: "scalar-from-bytes-mod-order",
        run: from_mod_order,
    },
    Op {
        name: "scalar-from-bytes-with-clamping",
        run: from_clamped,
    },
    Op {
        name: "scalar-from-canonical-bytes",
        run: from_canonical,
    },
    Op {
        name: "scalar-to-bytes",
        run: to_bytes,
    },
    Op {
        name: "scalar-add",
        run: add,
    },
    Op {
        name: "scalar-sub",
        run: sub,
    },
    Op {
        name: "scalar-mul",
        run: mul,
    },
    Op {
        name: "scalar-multiply-add",
        run: multiply_add,
    },
    Op {
        name: "scalar-invert",
        run: invert,
    },
    Op {
        name: "scalar-div-by-2",
        run: div_by_2,
    },
    Op {
        name: "scalar-as-radix-16",
        run: radix_16,
    },
    Op {
        name: "scalar-select",
        run: select,
    },
    Op {
        name: "scalar-ct-eq",
        run: ct_eq,
    },
];

/// A uniformly random scalar, marked secret.
pub fn secret_scalar(rng: &mut Rng) -> Scalar {
    let mut s = Scalar::from_bytes_mod_order_wide(&rng.bytes());
    make_undefined(&mut s);
    s
}

/// Declassifies a result scalar and encodes it.
pub fn public_scalar(mut s: Scalar) -> Vec<u8> {
    make_defined(&mut s);
    s.to_bytes().to_vec()
}

/// Random bytes, marked secret.
fn secret_bytes<const N: usize>(rng: &mut Rng) -> [u8; N] {
    let mut b = rng.bytes();
    make_undefined(&mut b);
    b
}

fn from_wide(rng: &mut Rng) -> Vec<u8> {
    public_scalar(Scalar::from_bytes_mod_order_wide(&secret_bytes(rng)))
}

fn from_mod_order(rng: &mut Rng) -> Vec<u8> {
    public_scalar(Scalar::from_bytes_mod_order(secret_bytes(rng)))
}

fn from_clamped(rng: &mut Rng) -> Vec<u8> {
    public_scalar(Scalar::from_bytes_with_clamping(secret_bytes(rng)))
}

fn from_canonical(rng: &mut Rng) -> Vec<u8> {
    // One canonical input (a reduced scalar) and one almost surely not (random bytes
    // with the top bit set).
    let mut canonical = Scalar::from_bytes_mod_order_wide(&rng.bytes()).to_bytes();
    make_undefined(&mut canonical);
    let mut wild: [u8; 32] = secret_bytes(rng);
    wild[31] |= 0x80;
    let mut out = Vec::new();
    for bytes in [canonical, wild] {
        let parsed = Scalar::from_canonical_bytes(bytes);
        let is_some = public_choice(parsed.is_some());
        out.push(is_some);
        out.extend(public_scalar(parsed.unwrap_or(Scalar::ZERO)));
    }
    out
}

fn to_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = secret_scalar(rng).to_bytes();
    make_defined(&mut bytes);
    bytes.to_vec()
}

fn add(rng: &mut Rng) -> Vec<u8> {
    let (a, b) = (secret_scalar(rng), secret_scalar(rng));
    public_scalar(a + b)
}

fn sub(rng: &mut Rng) -> Vec<u8> {
    let (a, b) = (secret_scalar(rng), secret_scalar(rng));
    public_scalar(a - b)
}

fn mul(rng: &mut Rng) -> Vec<u8> {
    let (a, b) = (secret_scalar(rng), secret_scalar(rng));
    public_scalar(a * b)
}

fn multiply_add(rng: &mut Rng) -> Vec<u8> {
    let (a, b, c) = (secret_scalar(rng), secret_scalar(rng), secret_scalar(rng));
    public_scalar(Scalar::multiply_add(&a, &b, &c))
}

fn invert(rng: &mut Rng) -> Vec<u8> {
    public_scalar(secret_scalar(rng).invert())
}

fn radix_16(rng: &mut Rng) -> Vec<u8> {
    let mut digits = secret_scalar(rng).as_radix_16();
    make_defined(&mut digits);
    digits.iter().map(|&d| d as u8).collect()
}

fn select(rng: &mut Rng) -> Vec<u8> {
    let (a, b) = (secret_scalar(rng), secret_scalar(rng));
    public_scalar(Scalar::conditional_select(&a, &b, secret_choice(rng)))
}

fn ct_eq(rng: &mut Rng) -> Vec<u8> {
    let (a, b) = (secret_scalar(rng), secret_scalar(rng));
    vec![public_choice(a.ct_eq(&a)), public_choice(a.ct_eq(&b))]
}

/// Halving mod l: the low bit of the secret scalar picks x or x + l by mask.
fn div_by_2(rng: &mut Rng) -> Vec<u8> {
    public_scalar(secret_scalar(rng).div_by_2())
}
