//! The decoders are total (no input panics) and agree with num-bigint; encoding is
//! canonical. Exhaustive over the edge values, property-tested over the rest.

use crate::common;

use common::*;
use edwards25519_field::FieldElement;
use num_bigint::BigUint;
use proptest::prelude::*;

fn two_pow(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

/// 64-byte inputs at the edges of from_wide_bytes: multiples of p and powers of two
/// near the bit-255, bit-256 and bit-511 boundaries, and their small neighbours.
fn edge_wide() -> impl Strategy<Value = [u8; 64]> {
    let bases = || {
        let p = P.clone();
        vec![
            BigUint::ZERO,
            p.clone(),
            &p * 2u8,
            &p * &p,
            &p << 256u32,
            two_pow(255),
            two_pow(256),
            two_pow(510),
            two_pow(511),
            two_pow(512) - 1u8 - 40u8, // so that base + 40 still fits 512 bits
        ]
    };
    (
        proptest::sample::select(bases()),
        0u32..=40,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(base, k, hi255, hi511)| {
            let mut b = le64(&(base + k));
            b[31] |= u8::from(hi255) << 7;
            b[63] |= u8::from(hi511) << 7;
            b
        })
}

proptest! {
    #![proptest_config(ops_config())]

    /// Uniformly random 32 bytes (no weighting): never panics, always the value with bit
    /// 255 cleared, mod p; the encoding is its canonical form.
    #[test]
    fn from_bytes_total(b in any::<[u8; 32]>()) {
        let x = FieldElement::from_bytes(&b);
        let n = BigUint::from_bytes_le(&b) % two_pow(255);
        check(&x, &n)?;
        prop_assert_eq!(x.to_bytes(), le32(&(n % &*P)));
    }

    #[test]
    fn from_wide_bytes_total(b in any::<[u8; 64]>()) {
        let x = FieldElement::from_wide_bytes(&b);
        check(&x, &BigUint::from_bytes_le(&b))?;
    }

    #[test]
    fn from_wide_bytes_edges(b in edge_wide()) {
        let x = FieldElement::from_wide_bytes(&b);
        check(&x, &BigUint::from_bytes_le(&b))?;
        prop_assert_eq!(x.to_bytes(), le32(&(BigUint::from_bytes_le(&b) % &*P)));
    }

    /// A 32-byte value zero-extended to 64 bytes decodes like from_bytes would, except
    /// that bit 255 now counts (2^255 = 19 mod p).
    #[test]
    fn from_wide_bytes_extends_from_bytes(b in bytes32()) {
        let mut w = [0u8; 64];
        w[..32].copy_from_slice(&b);
        let wide = FieldElement::from_wide_bytes(&w);
        let narrow = FieldElement::from_bytes(&b);
        let nineteen = FieldElement::ONE.mul32(19);
        let expected = if b[31] >> 7 == 1 { narrow + nineteen } else { narrow };
        prop_assert_eq!(wide, expected);
    }
}

/// Every 32-byte value in [0, 40] and [2^255 - 40, 2^255), with bit 255 clear and set:
/// this covers 0, 1, p-1, p, p+1, ..., 2^255-1 (2^255-20 .. 2^255-18 included).
#[test]
fn from_bytes_edges_exhaustive() {
    let values = (0u32..=40)
        .map(BigUint::from)
        .chain((1u32..=40).map(|k| two_pow(255) - k));
    for n in values {
        for high in [0u8, 0x80] {
            let mut b = le32(&n);
            b[31] |= high;
            let x = FieldElement::from_bytes(&b);
            assert!(x.is_in_bounds(), "{n}: limbs {:?}", x.limbs());
            let reduced = &n % &*P;
            assert_eq!(val(&x), reduced, "from_bytes({n}, high bit {high})");
            assert_eq!(x.to_bytes(), le32(&reduced), "to_bytes(from_bytes({n}))");
            // Canonical encodings round-trip exactly; the rest come back reduced.
            assert_eq!(x.to_bytes() == b, high == 0 && n < *P);
        }
    }
}

/// The named edge encodings from the API: p-1, p, p+1 and 2^255-1.
#[test]
fn from_bytes_named_edges() {
    let p = P.clone();
    let cases = [
        (&p - 1u8, &p - 1u8),
        (p.clone(), BigUint::ZERO),
        (&p + 1u8, BigUint::from(1u8)),
        (two_pow(255) - 1u8, BigUint::from(18u8)),
    ];
    for (input, expected) in cases {
        let x = FieldElement::from_bytes(&le32(&input));
        assert_eq!(x.to_bytes(), le32(&expected), "from_bytes({input})");
        let mut high = le32(&input);
        high[31] |= 0x80;
        assert_eq!(FieldElement::from_bytes(&high).to_bytes(), le32(&expected));
    }
    assert_eq!(
        FieldElement::from_bytes(&[0xff; 32]).to_bytes(),
        le32(&BigUint::from(18u8))
    );
}

/// to_bytes over every element whose five limbs are all edge values (10^5 elements,
/// values from 0 to about 2^256): always the canonical encoding.
#[test]
fn to_bytes_edge_limbs_exhaustive() {
    let mut edges = EDGE_LIMBS.to_vec();
    edges.dedup();
    let n = edges.len();
    let mut count = 0;
    for idx in 0..n.pow(5) {
        let l: [u64; 5] = core::array::from_fn(|i| edges[(idx / n.pow(i as u32)) % n]);
        let x = FieldElement::from_limbs(l).expect("edge limbs are below 2^52");
        assert_eq!(x.to_bytes(), le32(&val(&x)), "limbs {l:?}");
        count += 1;
    }
    assert_eq!(count, 100_000);
}
