//! Group operations: scalar multiplications with secret scalars (and secret points),
//! encoding of a secret point, point arithmetic, select and equality.
//!
//! Decoding (`Point::from_bytes`) is not checked: it is constant time only up to its
//! accept/reject result, which memcheck would (rightly) see as a branch on the input.

use edwards25519_group::Point;
use edwards25519_group::montgomery::MontgomeryPoint;
use subtle::{ConditionallySelectable, ConstantTimeEq};

use crate::Op;
use crate::field_ops::{public_choice, secret_choice};
use crate::rng::Rng;
use crate::scalar_ops::secret_scalar;
use crate::valgrind::{make_defined, make_undefined};

/// The group operations, by name.
pub const OPS: &[Op] = &[
    Op {
        name: "point-mul-base",
        run: mul_base,
    },
    Op {
        name: "point-mul-public-point",
        run: mul_public_point,
    },
    Op {
        name: "point-mul-secret-point",
        run: mul_secret_point,
    },
    Op {
        name: "point-multiscalar-mul",
        run: multiscalar,
    },
    Op {
        name: "point-multiscalar-mul-secret-points",
        run: multiscalar_secret_points,
    },
    Op {
        name: "point-to-bytes",
        run: to_bytes,
    },
    Op {
        name: "point-to-montgomery-bytes",
        run: to_montgomery_bytes,
    },
    Op {
        name: "point-add",
        run: add,
    },
    Op {
        name: "point-double",
        run: double,
    },
    Op {
        name: "point-mul-by-cofactor",
        run: mul_by_cofactor,
    },
    Op {
        name: "point-select",
        run: select,
    },
    Op {
        name: "point-ct-eq",
        run: ct_eq,
    },
    Op {
        name: "montgomery-mul-clamped",
        run: mul_clamped,
    },
    Op {
        name: "montgomery-mul-clamped-secret-u",
        run: mul_clamped_secret_u,
    },
    Op {
        name: "montgomery-mul-clamped-checked",
        run: mul_clamped_checked,
    },
    Op {
        name: "montgomery-mul-base-clamped",
        run: mul_base_clamped,
    },
    Op {
        name: "montgomery-mul-bits-be",
        run: mul_bits_be,
    },
    Op {
        name: "point-multiscalar-mul-unreduced",
        run: multiscalar_unreduced,
    },
    Op {
        name: "point-to-bytes-batch",
        run: to_bytes_batch,
    },
    Op {
        name: "point-to-montgomery-batch",
        run: to_montgomery_batch,
    },
    Op {
        name: "montgomery-x25519-batch",
        run: x25519_batch,
    },
    Op {
        name: "montgomery-mul-base-clamped-batch",
        run: mul_base_clamped_batch,
    },
];

/// Points (or keys) in the batch operations: more than one, so that the batch
/// inversion's running products are exercised, and not a multiple of eight, so that a
/// partial lane group would be too where eight-lane code runs.
const BATCH: usize = 3;

/// Terms in the multiscalar multiplications.
const TERMS: usize = 4;

/// A random point of the prime-order subgroup, public (computed before any marking).
fn public_point(rng: &mut Rng) -> Point {
    let s = edwards25519_scalar::Scalar::from_bytes_mod_order_wide(&rng.bytes());
    Point::mul_base(&s)
}

/// A random point, marked secret.
fn secret_point(rng: &mut Rng) -> Point {
    let mut p = public_point(rng);
    make_undefined(&mut p);
    p
}

/// Declassifies a result point and encodes it.
fn public(mut p: Point) -> Vec<u8> {
    make_defined(&mut p);
    p.to_bytes().to_vec()
}

fn mul_base(rng: &mut Rng) -> Vec<u8> {
    public(Point::mul_base(&secret_scalar(rng)))
}

// `&P * &s`, the reference form every other `*` forwards to (`forward_binop!`).
#[allow(clippy::op_ref)]
fn mul_public_point(rng: &mut Rng) -> Vec<u8> {
    let p = public_point(rng);
    public(&p * &secret_scalar(rng))
}

// `&P * &s`, the reference form every other `*` forwards to (`forward_binop!`).
#[allow(clippy::op_ref)]
fn mul_secret_point(rng: &mut Rng) -> Vec<u8> {
    let p = secret_point(rng);
    public(&p * &secret_scalar(rng))
}

fn multiscalar(rng: &mut Rng) -> Vec<u8> {
    let points: Vec<Point> = (0..TERMS).map(|_| public_point(rng)).collect();
    let scalars: Vec<_> = (0..TERMS).map(|_| secret_scalar(rng)).collect();
    public(Point::multiscalar_mul(&scalars, &points))
}

/// Secret integers below 2^255, not reduced (curve25519-dalek's `from_bits`).
fn multiscalar_unreduced(rng: &mut Rng) -> Vec<u8> {
    let points: Vec<Point> = (0..TERMS).map(|_| public_point(rng)).collect();
    let ints: Vec<[u8; 32]> = (0..TERMS).map(|_| secret_x25519_scalar(rng)).collect();
    public(Point::multiscalar_mul_unreduced(&ints, &points))
}

fn multiscalar_secret_points(rng: &mut Rng) -> Vec<u8> {
    let points: Vec<Point> = (0..TERMS).map(|_| secret_point(rng)).collect();
    let scalars: Vec<_> = (0..TERMS).map(|_| secret_scalar(rng)).collect();
    public(Point::multiscalar_mul(&scalars, &points))
}

fn to_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = secret_point(rng).to_bytes();
    make_defined(&mut bytes);
    bytes.to_vec()
}

fn to_montgomery_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut bytes = secret_point(rng).to_montgomery_bytes();
    make_defined(&mut bytes);
    bytes.to_vec()
}

fn add(rng: &mut Rng) -> Vec<u8> {
    let (p, q) = (secret_point(rng), secret_point(rng));
    public(p + q)
}

fn double(rng: &mut Rng) -> Vec<u8> {
    public(secret_point(rng).double())
}

fn mul_by_cofactor(rng: &mut Rng) -> Vec<u8> {
    public(secret_point(rng).mul_by_cofactor())
}

fn select(rng: &mut Rng) -> Vec<u8> {
    let (p, q) = (secret_point(rng), secret_point(rng));
    public(Point::conditional_select(&p, &q, secret_choice(rng)))
}

fn ct_eq(rng: &mut Rng) -> Vec<u8> {
    let (p, q) = (secret_point(rng), secret_point(rng));
    vec![public_choice(p.ct_eq(&p)), public_choice(p.ct_eq(&q))]
}

/// A random 32-byte X25519 secret scalar (clamped by the operation), marked secret.
fn secret_x25519_scalar(rng: &mut Rng) -> [u8; 32] {
    let mut k = rng.bytes();
    make_undefined(&mut k);
    k
}

/// Declassifies an X25519 output.
fn public_u(mut u: MontgomeryPoint) -> Vec<u8> {
    make_defined(&mut u.0);
    u.0.to_vec()
}

/// X25519(k, u) with a secret k and a public u (the peer's key). The ladder that runs
/// follows the field backend the output reports: the MULX/ADX ladder
/// (`backend::x25519_mulx`) on the fast and serial runs, the generic ladder on the
/// radix-2^51 limbs on the portable run; the script checks that both give the same
/// bytes.
fn mul_clamped(rng: &mut Rng) -> Vec<u8> {
    let u = public_point(rng).to_montgomery();
    public_u(u.mul_clamped(secret_x25519_scalar(rng)))
}

/// X25519(k, u) with k and u both secret (bit 255 of u set, so the masking runs too).
fn mul_clamped_secret_u(rng: &mut Rng) -> Vec<u8> {
    let mut u = public_point(rng).to_montgomery();
    u.0[31] |= 0x80;
    make_undefined(&mut u.0);
    public_u(u.mul_clamped(secret_x25519_scalar(rng)))
}

/// The checked form: the all-zero test is a Choice, declassified with the output.
fn mul_clamped_checked(rng: &mut Rng) -> Vec<u8> {
    let u = public_point(rng).to_montgomery();
    let r = u.mul_clamped_checked(secret_x25519_scalar(rng));
    let ok = public_choice(r.is_some());
    let mut out = public_u(r.unwrap_or(MontgomeryPoint::default()));
    out.push(ok);
    out
}

/// The ladder on a secret 300-bit string (its length public), public u.
fn mul_bits_be(rng: &mut Rng) -> Vec<u8> {
    let u = public_point(rng).to_montgomery();
    let k: Vec<[u8; 32]> = (0..2).map(|_| secret_x25519_scalar(rng)).collect();
    let bits = (0..300).map(|i| (k[i / 256][(i % 256) / 8] >> (i % 8)) & 1 == 1);
    public_u(u.mul_bits_be(bits))
}

/// X25519(k, 9) through the Edwards base table, k secret.
fn mul_base_clamped(rng: &mut Rng) -> Vec<u8> {
    public_u(MontgomeryPoint::mul_base_clamped(secret_x25519_scalar(rng)))
}

/// Declassifies a batch of 32-byte outputs and concatenates them.
fn public_batch(mut out: Vec<[u8; 32]>) -> Vec<u8> {
    make_defined(&mut out[..]);
    out.concat()
}

/// Encodings of secret points, with one inversion for the batch.
fn to_bytes_batch(rng: &mut Rng) -> Vec<u8> {
    let points: Vec<Point> = (0..BATCH).map(|_| secret_point(rng)).collect();
    public_batch(Point::to_bytes_batch(&points))
}

/// Montgomery u of secret points, with one inversion for the batch.
fn to_montgomery_batch(rng: &mut Rng) -> Vec<u8> {
    let points: Vec<Point> = (0..BATCH).map(|_| secret_point(rng)).collect();
    public_batch(
        Point::to_montgomery_batch(&points)
            .into_iter()
            .map(|u| u.0)
            .collect(),
    )
}

/// X25519 of secret scalars with public u's, as a batch.
fn x25519_batch(rng: &mut Rng) -> Vec<u8> {
    let us: Vec<[u8; 32]> = (0..BATCH)
        .map(|_| public_point(rng).to_montgomery().0)
        .collect();
    let scalars: Vec<[u8; 32]> = (0..BATCH).map(|_| secret_x25519_scalar(rng)).collect();
    let out = edwards25519_group::montgomery::x25519_batch(&scalars, &us).expect("equal lengths");
    public_batch(out)
}

/// Public keys of secret scalars, as a batch.
fn mul_base_clamped_batch(rng: &mut Rng) -> Vec<u8> {
    let scalars: Vec<[u8; 32]> = (0..BATCH).map(|_| secret_x25519_scalar(rng)).collect();
    public_batch(
        MontgomeryPoint::mul_base_clamped_batch(&scalars)
            .into_iter()
            .map(|u| u.0)
            .collect(),
    )
}
