//! The independent reference for the hash-to-curve tests: RFC 9380's expand_message_xmd
//! (§5.3.1) transcribed step by step on `Vec<u8>` and the `sha2` crate, hash_to_field
//! (§5.2), Elligator 2 in its plain form (§6.7.1) with the §6.8.2 rational map, and affine
//! edwards25519 arithmetic, all on num-bigint integers.

use edwards25519_group::FieldElement;
use num_bigint::BigUint;
use sha2::{Digest, Sha512};

pub(super) fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - BigUint::from(19u8)
}

pub(super) fn md(a: &BigUint) -> BigUint {
    a % p()
}

pub(super) fn add(a: &BigUint, b: &BigUint) -> BigUint {
    md(&(a + b))
}

pub(super) fn sub(a: &BigUint, b: &BigUint) -> BigUint {
    md(&(a + p() - md(b)))
}

pub(super) fn mul(a: &BigUint, b: &BigUint) -> BigUint {
    md(&(a * b))
}

pub(super) fn neg(a: &BigUint) -> BigUint {
    sub(&BigUint::from(0u8), a)
}

/// inv0: a^(p-2), so 0 maps to 0 (RFC 9380 §4).
pub(super) fn inv0(a: &BigUint) -> BigUint {
    a.modpow(&(p() - BigUint::from(2u8)), &p())
}

pub(super) fn is_square(a: &BigUint) -> bool {
    let e = (p() - BigUint::from(1u8)) >> 1u32;
    let r = a.modpow(&e, &p());
    r == BigUint::from(0u8) || r == BigUint::from(1u8)
}

/// A square root of a square a (Atkin's method for p = 5 mod 8).
pub(super) fn sqrt(a: &BigUint) -> BigUint {
    let r = a.modpow(&((p() + BigUint::from(3u8)) >> 3u32), &p());
    if mul(&r, &r) == md(a) {
        return r;
    }
    let i = BigUint::from(2u8).modpow(&((p() - BigUint::from(1u8)) >> 2u32), &p());
    let r = mul(&r, &i);
    assert_eq!(mul(&r, &r), md(a), "not a square");
    r
}

/// sgn0 for m = 1: the parity of the canonical value (RFC 9380 §4.1).
pub(super) fn sgn0(a: &BigUint) -> bool {
    md(a).bit(0)
}

pub(super) fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

pub(super) fn from_fe(f: &FieldElement) -> BigUint {
    BigUint::from_bytes_le(&f.to_bytes())
}

pub(super) fn to_fe(a: &BigUint) -> FieldElement {
    let mut b = md(a).to_bytes_le();
    b.resize(32, 0);
    FieldElement::from_bytes(&b.try_into().expect("32 bytes"))
}

pub(super) fn parse_big(s: &str) -> BigUint {
    BigUint::parse_bytes(s.trim_start_matches("0x").as_bytes(), 16).expect("hex integer")
}

/// RFC 9380 §5.3.1 with H = SHA-512, b_in_bytes = 64, s_in_bytes = 128, step by step
/// (and §5.3.3 for long DSTs). Returns (uniform_bytes, msg_prime, DST_prime), or None
/// where step 2 aborts.
pub(super) fn ref_expand(
    msg: &[u8],
    dst: &[u8],
    len_in_bytes: usize,
) -> Option<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    let dst: Vec<u8> = if dst.len() > 255 {
        Sha512::digest([b"H2C-OVERSIZE-DST-".as_slice(), dst].concat()).to_vec()
    } else {
        dst.to_vec()
    };
    let ell = len_in_bytes.div_ceil(64);
    if ell > 255 || len_in_bytes > 65535 || dst.len() > 255 {
        return None;
    }
    let mut dst_prime = dst.clone();
    dst_prime.push(dst.len() as u8);
    let z_pad = [0u8; 128];
    let l_i_b_str = (len_in_bytes as u16).to_be_bytes();
    let msg_prime = [&z_pad[..], msg, &l_i_b_str, &[0u8], &dst_prime].concat();
    let b0 = Sha512::digest(&msg_prime).to_vec();
    let mut b = vec![Sha512::digest([&b0[..], &[1u8], &dst_prime].concat()).to_vec()];
    for i in 2..=ell {
        let x: Vec<u8> = b0.iter().zip(&b[i - 2]).map(|(a, c)| a ^ c).collect();
        b.push(Sha512::digest([&x[..], &[i as u8], &dst_prime].concat()).to_vec());
    }
    let mut uniform = b.concat();
    uniform.truncate(len_in_bytes);
    Some((uniform, msg_prime, dst_prime))
}

/// RFC 9380 §5.2 with m = 1, L = 48.
pub(super) fn ref_hash_to_field(msg: &[u8], dst: &[u8], count: usize) -> Vec<BigUint> {
    let (bytes, _, _) = ref_expand(msg, dst, 48 * count).expect("valid length");
    bytes
        .chunks(48)
        .map(|c| md(&BigUint::from_bytes_be(c)))
        .collect()
}

/// An affine edwards25519 point (x, y).
pub(super) type Aff = (BigUint, BigUint);

pub(super) fn d() -> BigUint {
    mul(&neg(&big(121_665)), &inv0(&big(121_666)))
}

/// RFC 9380 §6.7.1 (Elligator 2, J = 486662, K = 1, Z = 2) in its plain form, then the
/// §6.8.2 rational map with sqrt(-486664) of sgn0 = 0 and its exceptional cases.
pub(super) fn ref_map(u: &BigUint) -> Aff {
    let j = big(486_662);
    let z = big(2);
    let mut x1 = mul(&neg(&j), &inv0(&add(&big(1), &mul(&z, &mul(u, u)))));
    if x1 == big(0) {
        x1 = neg(&j);
    }
    let g = |x: &BigUint| add(&add(&mul(&mul(x, x), x), &mul(&j, &mul(x, x))), x);
    let gx1 = g(&x1);
    let x2 = sub(&neg(&x1), &j);
    let gx2 = g(&x2);
    let (s, t) = if is_square(&gx1) {
        let y = sqrt(&gx1);
        let y = if sgn0(&y) { y } else { neg(&y) };
        (x1, y)
    } else {
        let y = sqrt(&gx2);
        let y = if sgn0(&y) { neg(&y) } else { y };
        (x2, y)
    };
    assert_eq!(mul(&t, &t), g(&s), "Elligator output on Curve25519");
    mont_to_edwards(&s, &t)
}

/// (s, t) on Curve25519 to edwards25519: (c·s/t, (s-1)/(s+1)), c = sqrt(-486664) with
/// sgn0 = 0; the identity where t = 0 or s = -1 (RFC 9380 §6.8.2).
pub(super) fn mont_to_edwards(s: &BigUint, t: &BigUint) -> Aff {
    let c = sqrt(&neg(&big(486_664)));
    let c = if sgn0(&c) { neg(&c) } else { c };
    if md(t) == big(0) || add(s, &big(1)) == big(0) {
        return (big(0), big(1));
    }
    let x = mul(&mul(&c, s), &inv0(t));
    let y = mul(&sub(s, &big(1)), &inv0(&add(s, &big(1))));
    (x, y)
}

/// Affine a = -1 twisted Edwards addition (complete on edwards25519).
pub(super) fn ref_add(p1: &Aff, p2: &Aff) -> Aff {
    let (x1, y1) = p1;
    let (x2, y2) = p2;
    let k = mul(&d(), &mul(&mul(x1, x2), &mul(y1, y2)));
    let x = mul(&add(&mul(x1, y2), &mul(y1, x2)), &inv0(&add(&big(1), &k)));
    let y = mul(&add(&mul(y1, y2), &mul(x1, x2)), &inv0(&sub(&big(1), &k)));
    (x, y)
}

pub(super) fn ref_clear_cofactor(q: &Aff) -> Aff {
    let q = ref_add(q, q);
    let q = ref_add(&q, &q);
    ref_add(&q, &q)
}

pub(super) fn ref_hash_to_curve(msg: &[u8], dst: &[u8]) -> Aff {
    let u = ref_hash_to_field(msg, dst, 2);
    ref_clear_cofactor(&ref_add(&ref_map(&u[0]), &ref_map(&u[1])))
}

pub(super) fn ref_encode_to_curve(msg: &[u8], dst: &[u8]) -> Aff {
    let u = ref_hash_to_field(msg, dst, 1);
    ref_clear_cofactor(&ref_map(&u[0]))
}

/// Montgomery u = (1 + y)/(1 - y) of an Edwards point (0 for the identity).
pub(super) fn ref_u(p: &Aff) -> BigUint {
    mul(&add(&big(1), &p.1), &inv0(&sub(&big(1), &p.1)))
}
