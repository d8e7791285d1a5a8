//! Field operations, each run on the public [`FieldElement`] (`F` below), whose
//! operations run the backend this CPU and build select (so a build with the fast
//! backend checks the fast limb code, and a portable build the portable one).
//! The `-fe64` operations run the portable 4×64 backend explicitly: on x86-64 it is
//! what the public type runs on a CPU without BMI2/ADX, which neither build selects.

use edwards25519_field::{FieldArith, FieldElement};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::Op;
use crate::rng::Rng;
use crate::valgrind::{make_defined, make_undefined};

/// The field type the operations run on.
type F = FieldElement;

/// The field operations, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "field-mul",
        run: mul,
    },
    Op {
        name: "field-square",
        run: square,
    },
    Op {
        name: "field-invert",
        run: invert,
    },
    Op {
        name: "field-to-bytes",
        run: to_bytes,
    },
    Op {
        name: "field-from-bytes",
        run: from_bytes,
    },
    Op {
        name: "field-from-wide-bytes",
        run: from_wide_bytes,
    },
    Op {
        name: "field-sqrt-ratio",
        run: sqrt_ratio,
    },
    Op {
        name: "field-sqrt-ratio-pair",
        run: sqrt_ratio_pair::<F>,
    },
    Op {
        name: "field-select",
        run: select,
    },
    Op {
        name: "field-ct-eq",
        run: ct_eq,
    },
    Op {
        name: "field-mul-fe64",
        run: mul_fe64,
    },
    Op {
        name: "field-square-fe64",
        run: square_fe64,
    },
    Op {
        name: "field-invert-fe64",
        run: invert_fe64,
    },
    Op {
        name: "field-to-bytes-fe64",
        run: to_bytes_fe64,
    },
    Op {
        name: "field-sqrt-ratio-fe64",
        run: sqrt_ratio_fe64,
    },
    Op {
        name: "field-sqrt-ratio-pair-fe64",
        run: sqrt_ratio_pair::<Fe64>,
    },
];

type Fe64 = edwards25519_field::backend::radix64::Fe64;

fn mul_fe64(rng: &mut Rng) -> Vec<u8> {
    let (a, b) = (secret::<Fe64>(rng), secret::<Fe64>(rng));
    public(a * b)
}

fn square_fe64(rng: &mut Rng) -> Vec<u8> {
    public(FieldArith::square(&secret::<Fe64>(rng)))
}

fn invert_fe64(rng: &mut Rng) -> Vec<u8> {
    public(FieldArith::invert(&secret::<Fe64>(rng)))
}

fn to_bytes_fe64(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = FieldArith::to_bytes(&secret::<Fe64>(rng));
    make_defined(&mut bytes);
    bytes.to_vec()
}

fn sqrt_ratio_fe64(rng: &mut Rng) -> Vec<u8> {
    let (u, v) = (secret::<Fe64>(rng), secret::<Fe64>(rng));
    let (was_square, r) = <Fe64 as FieldArith>::sqrt_ratio(&u, &v);
    let mut out = vec![public_choice(was_square)];
    out.extend(public(r));
    out
}

/// Two square roots of ratios side by side (`hash_to_curve`'s and
/// `from_uniform_bytes`' two maps), every input secret.
fn sqrt_ratio_pair<G: FieldArith>(rng: &mut Rng) -> Vec<u8> {
    let (u0, v0, u1, v1) = (
        secret::<G>(rng),
        secret::<G>(rng),
        secret::<G>(rng),
        secret::<G>(rng),
    );
    let mut out = Vec::new();
    for (was_square, r) in G::sqrt_ratio_pair(&u0, &v0, &u1, &v1) {
        out.push(public_choice(was_square));
        out.extend(public(r));
    }
    out
}

/// A field element from 32 random bytes, marked secret.
fn secret<F: FieldArith>(rng: &mut Rng) -> F {
    let mut x = F::from_field(&FieldElement::from_bytes(&rng.bytes()));
    make_undefined(&mut x);
    x
}

/// A secret bit.
pub fn secret_choice(rng: &mut Rng) -> Choice {
    let mut bit = rng.bytes::<1>()[0] & 1;
    make_undefined(&mut bit);
    Choice::from(bit)
}

/// Declassifies a result choice.
pub fn public_choice(mut c: Choice) -> u8 {
    make_defined(&mut c);
    c.unwrap_u8()
}

/// Declassifies a result element and encodes it (after the marking, so the encoding
/// is not part of the checked operation).
fn public<F: FieldArith>(mut x: F) -> Vec<u8> {
    make_defined(&mut x);
    x.to_bytes().to_vec()
}

fn mul(rng: &mut Rng) -> Vec<u8> {
    {
        let (a, b) = (secret::<F>(rng), secret::<F>(rng));
        public(a * b)
    }
}

fn square(rng: &mut Rng) -> Vec<u8> {
    public(secret::<F>(rng).square())
}

fn invert(rng: &mut Rng) -> Vec<u8> {
    public(<F as FieldArith>::invert(&secret::<F>(rng)))
}

fn to_bytes(rng: &mut Rng) -> Vec<u8> {
    {
        let mut bytes = <F as FieldArith>::to_bytes(&secret::<F>(rng));
        make_defined(&mut bytes);
        bytes.to_vec()
    }
}

fn from_bytes(rng: &mut Rng) -> Vec<u8> {
    {
        let mut bytes: [u8; 32] = rng.bytes();
        make_undefined(&mut bytes);
        public(F::from_field(&FieldElement::from_bytes(&bytes)))
    }
}

/// Portable only: `from_wide_bytes` is not part of [`FieldArith`].
fn from_wide_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut bytes: [u8; 64] = rng.bytes();
    make_undefined(&mut bytes);
    public(FieldElement::from_wide_bytes(&bytes))
}

fn sqrt_ratio(rng: &mut Rng) -> Vec<u8> {
    {
        let (u, v) = (secret::<F>(rng), secret::<F>(rng));
        let (was_square, r) = <F as FieldArith>::sqrt_ratio(&u, &v);
        let mut out = vec![public_choice(was_square)];
        out.extend(public(r));
        out
    }
}

fn select(rng: &mut Rng) -> Vec<u8> {
    {
        let (a, b) = (secret::<F>(rng), secret::<F>(rng));
        public(F::conditional_select(&a, &b, secret_choice(rng)))
    }
}

fn ct_eq(rng: &mut Rng) -> Vec<u8> {
    {
        let a = secret::<F>(rng);
        // One equal and one unequal comparison.
        let b = secret::<F>(rng);
        vec![public_choice(a.ct_eq(&a)), public_choice(a.ct_eq(&b))]
    }
}
