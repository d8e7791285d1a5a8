//! Every batch engine this CPU runs (the eight-lane IFMA engine and its instruction
//! model, the AVX2 field's four lanes) gives, element by element, what the single
//! calls give, for fuzzed batches of 0 to 19 elements (full and partial groups of four
//! and eight): X25519 of fuzzed scalars and u (non-canonical u and bit 255 included),
//! the fixed-base public keys, the decoding of fuzzed encodings (valid, non-canonical,
//! small-order and random bytes), and the encodings and Montgomery u of the decoded
//! points. The public batch functions are checked against the single calls too.
#![no_main]

use edwards25519::Point;
use edwards25519::montgomery::{self, MontgomeryPoint};
use edwards25519_fuzz::{Input, non_canonical, torsion};
use edwards25519_group::backend::fuzzing::Batch;
use libfuzzer_sys::fuzz_target;

/// u as fuzzed, or pushed to an edge by the tag: u + p where that fits in 255 bits
/// (non-canonical), bit 255 set, or a small value.
fn u_coordinate(tag: u8, mut u: [u8; 32]) -> [u8; 32] {
    match tag % 4 {
        0 => {
            // u < 19 → u + p = u + 2^255 - 19: 0xff bytes, 0x7f on top.
            let low = u[0] % 19;
            u = [0xff; 32];
            u[0] = low.wrapping_add(0xed);
            u[31] = 0x7f;
        }
        1 => u[31] |= 0x80,
        2 => u[1..].fill(0),
        _ => {}
    }
    u
}

/// An encoding: the fuzzed bytes, or a point's encoding (a multiple of B from the
/// bytes plus a small-order point), its other encoding where it has one, or its sign
/// flipped.
fn encoding(tag: u8, bytes: [u8; 32]) -> [u8; 32] {
    let point =
        || Point::mul_base(&edwards25519::Scalar::from_bytes_mod_order(bytes)) + torsion(tag >> 3);
    match tag % 8 {
        0 | 1 => bytes,
        2 => torsion(tag >> 3).to_bytes(),
        3 => non_canonical(&torsion(tag >> 3).to_bytes()).unwrap_or(bytes),
        4 => {
            let mut e = point().to_bytes();
            e[31] ^= 0x80;
            e
        }
        _ => point().to_bytes(),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let n = usize::from(input.byte() % 20);
    let (mut scalars, mut us, mut encodings) = (vec![], vec![], vec![]);
    for _ in 0..n {
        let tag = input.byte();
        scalars.push(input.take::<32>());
        us.push(u_coordinate(tag, input.take::<32>()));
        encodings.push(encoding(tag >> 2, input.take::<32>()));
    }

    let shared: Vec<[u8; 32]> = scalars
        .iter()
        .zip(&us)
        .map(|(k, u)| montgomery::x25519(*k, *u))
        .collect();
    let public: Vec<[u8; 32]> = scalars
        .iter()
        .map(|k| MontgomeryPoint::mul_base_clamped(*k).0)
        .collect();
    let decoded: Vec<_> = encodings.iter().map(Point::from_bytes).collect();
    let points: Vec<Point> = decoded.iter().filter_map(|r| r.ok()).collect();
    let bytes: Vec<[u8; 32]> = points.iter().map(Point::to_bytes).collect();
    let mont: Vec<[u8; 32]> = points.iter().map(|p| p.to_montgomery().0).collect();

    assert_eq!(
        montgomery::x25519_batch(&scalars, &us).as_deref(),
        Ok(&shared[..]),
        "x25519_batch"
    );
    let batch_public: Vec<[u8; 32]> = MontgomeryPoint::mul_base_clamped_batch(&scalars)
        .iter()
        .map(|m| m.0)
        .collect();
    assert_eq!(batch_public, public, "mul_base_clamped_batch");
    assert_eq!(
        Point::from_bytes_batch(&encodings),
        decoded,
        "from_bytes_batch"
    );
    assert_eq!(Point::to_bytes_batch(&points), bytes, "to_bytes_batch");
    let batch_mont: Vec<[u8; 32]> = Point::to_montgomery_batch(&points)
        .iter()
        .map(|m| m.0)
        .collect();
    assert_eq!(batch_mont, mont, "to_montgomery_batch");

    for engine in Batch::available() {
        assert_eq!(
            engine.x25519(&scalars, &us).as_ref(),
            Some(&shared),
            "{engine:?} x25519"
        );
        assert_eq!(
            engine.from_bytes(&encodings).as_ref(),
            Some(&decoded),
            "{engine:?} decoding"
        );
        if let Some(got) = engine.mul_base_clamped(&scalars) {
            assert_eq!(got, public, "{engine:?} fixed base");
        }
        if let Some((b, m)) = engine.encode(&points) {
            assert_eq!(b, bytes, "{engine:?} to_bytes");
            assert_eq!(m, mont, "{engine:?} to_montgomery");
        }
    }
});
