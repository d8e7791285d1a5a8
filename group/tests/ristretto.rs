//! ristretto255 (RFC 9496): every published vector in testvectors/ristretto255, the
//! cross-check against curve25519-dalek 5's `RistrettoPoint` (decoding verdicts and
//! values on random and near-valid strings, the one-way map, the multiplications),
//! group laws, and total decoders (proptest).
//!
//! `EDWARDS25519_RISTRETTO_CASES=<n>` sets the number of cases of each cross-check
//! (default 10,000 in release, 500 in debug); `EDWARDS25519_TEST_SEED` another seed.

use crate::common;

use common::{Tally, hex32, rng, scalar_pair};
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DPoint};
use edwards25519_group::ristretto::RistrettoPoint;
use edwards25519_group::{DecodeError, Scalar};
use proptest::prelude::*;
use rand::RngExt;
use rand::rngs::StdRng;

/// Cases per cross-check.
fn cases() -> usize {
    edwards25519_test_support::cases_or_env("EDWARDS25519_RISTRETTO_CASES", 500, 10_000)
}

fn vectors_dir() -> String {
    format!("{}/../testvectors/ristretto255", env!("CARGO_MANIFEST_DIR"))
}

fn json(name: &str) -> serde_json::Value {
    let path = format!("{}/{name}", vectors_dir());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("json")
}

fn hex64(s: &str) -> [u8; 64] {
    hex::decode(s.trim_start_matches("0x"))
        .expect("hex")
        .try_into()
        .expect("64 bytes")
}

fn small(n: u64) -> Scalar {
    let mut b = [0u8; 32];
    b[..8].copy_from_slice(&n.to_le_bytes());
    Scalar::from_bytes_mod_order(b)
}

/// RFC 9496 A.1 (and the sage reference file): the encodings of 0·G .. 15·G decode,
/// re-encode to themselves, and are the multiples computed by addition and by both
/// multiplications.
#[test]
fn vectors_small_multiples() {
    let v = json("ristretto255_vectors.json");
    let sage = json("sage_reference_vectors.json");
    let list = v["small_multiples"].as_array().expect("small_multiples");
    let sage_list = sage["ristretto255"].as_array().expect("ristretto255");
    assert_eq!(list.len(), 16);
    assert_eq!(sage_list.len(), 16);
    let mut acc = RistrettoPoint::IDENTITY;
    for (i, (entry, sage_enc)) in list.iter().zip(sage_list).enumerate() {
        assert_eq!(entry["multiple"].as_u64(), Some(i as u64));
        let enc = hex32(entry["encoding"].as_str().expect("encoding"));
        let sage_enc = hex32(sage_enc.as_str().expect("hex").trim_start_matches("0x"));
        for e in [enc, sage_enc] {
            let p = RistrettoPoint::from_bytes(&e).expect("a published encoding decodes");
            assert_eq!(p, acc, "[{i}]G by addition");
            assert_eq!(p.to_bytes(), e);
            assert_eq!(acc.to_bytes(), e);
            assert_eq!(RistrettoPoint::mul_base(&small(i as u64)), p);
            assert_eq!(RistrettoPoint::GENERATOR * small(i as u64), p);
            assert!(bool::from(RistrettoPoint::ct_from_bytes(&e).is_some()));
        }
        acc += RistrettoPoint::GENERATOR;
    }
    assert_eq!(
        RistrettoPoint::IDENTITY.to_bytes(),
        [0u8; 32],
        "the identity encodes to zero"
    );
    println!("ristretto255 small multiples: 16 + 16 (sage) encodings");
}

/// RFC 9496 A.2: all 29 invalid encodings are rejected, each with the error of its
/// group, and by curve25519-dalek.
#[test]
fn vectors_invalid_encodings() {
    let v = json("ristretto255_vectors.json");
    let list = v["invalid_encodings"]
        .as_array()
        .expect("invalid_encodings");
    assert_eq!(list.len(), 29);
    let mut by_error = [0usize; 3];
    for entry in list {
        let enc = hex32(entry["encoding"].as_str().expect("encoding"));
        let reason = entry["reason"].as_str().expect("reason");
        let (want, slot) = if reason.contains("non-canonical") {
            (DecodeError::NonCanonicalFieldElement, 0)
        } else if reason.contains("negative field element") {
            (DecodeError::NegativeFieldElement, 1)
        } else {
            // nonsquare x², negative xy, s = -1 giving y = 0
            (DecodeError::InvalidRistrettoEncoding, 2)
        };
        assert_eq!(
            RistrettoPoint::from_bytes(&enc),
            Err(want),
            "{} ({reason})",
            entry["encoding"]
        );
        assert!(bool::from(RistrettoPoint::ct_from_bytes(&enc).is_none()));
        assert!(CompressedRistretto(enc).decompress().is_none());
        by_error[slot] += 1;
    }
    assert_eq!(by_error, [4, 8, 17]);
    println!("ristretto255 invalid encodings: 29 rejected ({by_error:?} by error)");
}

/// RFC 9496 A.3 (11 inputs), the sage reference map (7) and the ristretto.group
/// hash-to-group labels (7, input = SHA-512 of the label): `from_uniform_bytes`.
#[test]
fn vectors_one_way_map() {
    let v = json("ristretto255_vectors.json");
    let sage = json("sage_reference_vectors.json");
    let mut pairs: Vec<([u8; 64], [u8; 32])> = Vec::new();
    for e in v["one_way_map"].as_array().expect("one_way_map") {
        pairs.push((
            hex64(e["input"].as_str().expect("input")),
            hex32(e["output"].as_str().expect("output")),
        ));
    }
    assert_eq!(pairs.len(), 11);
    for e in v["hash_to_group_labels"].as_array().expect("labels") {
        pairs.push((
            hex64(e["sha512_of_label"].as_str().expect("sha512")),
            hex32(e["output"].as_str().expect("output")),
        ));
    }
    let sage_map = sage["ristretto255_map"]
        .as_object()
        .expect("ristretto255_map");
    for e in sage_map.values() {
        pairs.push((
            hex64(e["Input"].as_str().expect("Input")),
            hex32(
                e["Output"]
                    .as_str()
                    .expect("Output")
                    .trim_start_matches("0x"),
            ),
        ));
    }
    assert_eq!(pairs.len(), 25);
    for (input, output) in &pairs {
        let p = RistrettoPoint::from_uniform_bytes(input);
        assert_eq!(p.to_bytes(), *output, "input {}", hex::encode(input));
        assert_eq!(RistrettoPoint::from_bytes(output), Ok(p));
    }
    println!("ristretto255 one-way map: 25 inputs (11 RFC, 7 labels, 7 sage)");
}

/// p = 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    p
};

/// a + b on 256-bit little-endian integers, none if it overflows.
fn add256(a: &[u8; 32], b: &[u8; 32]) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let v = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = v as u8;
        carry = v >> 8;
    }
    (carry == 0).then_some(out)
}

/// a - b for a >= b on 256-bit little-endian integers.
fn sub256(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in 0..32 {
        let mut v = i16::from(a[i]) - i16::from(b[i]) - borrow;
        borrow = i16::from(v < 0);
        if v < 0 {
            v += 256;
        }
        out[i] = v as u8;
    }
    assert_eq!(borrow, 0);
    out
}

/// The error RFC 9496 §4.3.1 gives for `bytes`, with the canonical and sign checks
/// done here on the integer (independently of the field code) and the rest decided
/// by curve25519-dalek: a string dalek accepts must be canonical and non-negative.
fn expected(bytes: &[u8; 32], dalek_accepts: bool) -> Result<(), DecodeError> {
    let below_p = bytes.iter().rev().cmp(P.iter().rev()) == std::cmp::Ordering::Less;
    if !below_p {
        assert!(!dalek_accepts);
        Err(DecodeError::NonCanonicalFieldElement)
    } else if bytes[0] & 1 == 1 {
        assert!(!dalek_accepts);
        Err(DecodeError::NegativeFieldElement)
    } else if !dalek_accepts {
        Err(DecodeError::InvalidRistrettoEncoding)
    } else {
        Ok(())
    }
}

static DECODE_RANDOM: Tally = Tally::new("ristretto255 decode of random strings vs dalek");
static DECODE_NEAR: Tally = Tally::new("ristretto255 decode of near-valid strings vs dalek");

/// Decodes `bytes` on both sides: the same verdict (and the error the RFC's order
/// implies), the same element when accepted, and the constant-time decoder agrees.
fn check_decode(tally: &Tally, bytes: &[u8; 32]) -> bool {
    let theirs = CompressedRistretto(*bytes).decompress();
    let ours = RistrettoPoint::from_bytes(bytes);
    assert_eq!(
        ours.map(|_| ()),
        expected(bytes, theirs.is_some()),
        "{}",
        hex::encode(bytes)
    );
    let ct = RistrettoPoint::ct_from_bytes(bytes);
    assert_eq!(bool::from(ct.is_some()), ours.is_ok());
    if let (Ok(p), Some(q)) = (ours, theirs) {
        assert_eq!(p.to_bytes(), *bytes, "one encoding per element");
        assert_eq!(q.compress().to_bytes(), *bytes);
        assert_eq!(ct.unwrap(), p);
    }
    tally.add(1);
    ours.is_ok()
}

/// A random element on both sides: a random multiple of the generator.
fn pair(rng: &mut StdRng) -> (RistrettoPoint, DPoint) {
    let (s, ds) = scalar_pair(rng);
    (RistrettoPoint::mul_base(&s), RISTRETTO_BASEPOINT_POINT * ds)
}

/// Random 32-byte strings, half of them with bit 255 cleared and the low bit cleared
/// (so that the curve checks, not the first two, decide).
#[test]
fn cross_dalek_decode_random() {
    let mut rng = rng(0x7213);
    let mut accepted = 0;
    for i in 0..cases() {
        let mut b: [u8; 32] = rng.random();
        if i % 2 == 0 {
            b[31] &= 0x7f;
            b[0] &= 0xfe;
        }
        accepted += usize::from(check_decode(&DECODE_RANDOM, &b));
    }
    // About 1/8 of the even, reduced strings are encodings.
    assert!(accepted > cases() / 40, "{accepted} accepted");
    DECODE_RANDOM.report();
}

/// Near-valid strings: encodings of random elements with one bit flipped, the high
/// bit set, s + p (the same s, non-canonical), p - s (the negative root), and small
/// values of s and p + small.
#[test]
fn cross_dalek_decode_near_valid() {
    let mut rng = rng(0x7214);
    for _ in 0..cases() {
        let (p, q) = pair(&mut rng);
        let enc = p.to_bytes();
        assert_eq!(enc, q.compress().to_bytes());
        assert!(check_decode(&DECODE_NEAR, &enc));
        let mut flipped = enc;
        let bit = rng.random_range(0..256);
        flipped[bit / 8] ^= 1 << (bit % 8);
        check_decode(&DECODE_NEAR, &flipped);
        let mut high = enc;
        high[31] |= 0x80;
        assert_eq!(
            RistrettoPoint::from_bytes(&high),
            Err(DecodeError::NonCanonicalFieldElement)
        );
        check_decode(&DECODE_NEAR, &high);
        let plus_p = add256(&enc, &P).expect("s + p < 2^256");
        assert_eq!(
            RistrettoPoint::from_bytes(&plus_p),
            Err(DecodeError::NonCanonicalFieldElement)
        );
        check_decode(&DECODE_NEAR, &plus_p);
        if enc != [0u8; 32] {
            let neg = sub256(&P, &enc);
            assert_eq!(
                RistrettoPoint::from_bytes(&neg),
                Err(DecodeError::NegativeFieldElement)
            );
            check_decode(&DECODE_NEAR, &neg);
        }
    }
    for k in 0u8..=40 {
        let mut b = [0u8; 32];
        b[0] = k;
        check_decode(&DECODE_NEAR, &b);
        if let Some(b) = add256(&P, &b) {
            check_decode(&DECODE_NEAR, &b);
        }
        let mut top = [0xffu8; 32];
        top[0] = 0xff - k;
        check_decode(&DECODE_NEAR, &top);
    }
    DECODE_NEAR.report();
}

static MAP: Tally = Tally::new("ristretto255 from_uniform_bytes vs dalek");

/// The one-way map on random 64-byte inputs (some with bit 255 of a half set or a
/// half >= p) against dalek.
#[test]
fn cross_dalek_from_uniform_bytes() {
    let mut rng = rng(0x7215);
    for i in 0..cases() {
        let mut b: [u8; 64] = rng.random();
        match i % 4 {
            0 => b[31] |= 0x80,
            1 => b[32..].copy_from_slice(&P),
            2 => b[32] = b[32].wrapping_add(1),
            _ => {}
        }
        let ours = RistrettoPoint::from_uniform_bytes(&b);
        let theirs = DPoint::from_uniform_bytes(&b);
        assert_eq!(ours.to_bytes(), theirs.compress().to_bytes());
        MAP.add(1);
    }
    MAP.report();
}

static MUL: Tally = Tally::new("ristretto255 multiplications vs dalek");

/// Every multiplication against dalek, on elements from the one-way map (arbitrary
/// representatives) and from decoding.
#[test]
#[allow(clippy::op_ref)] // the reference forms are the public API under test
fn cross_dalek_multiplication() {
    let mut rng = rng(0x7216);
    for i in 0..cases() {
        let wide: [u8; 64] = rng.random();
        let p = RistrettoPoint::from_uniform_bytes(&wide);
        let dp = DPoint::from_uniform_bytes(&wide);
        let (a, da) = scalar_pair(&mut rng);
        let (b, db) = scalar_pair(&mut rng);
        let same = |x: RistrettoPoint, y: DPoint| x.to_bytes() == y.compress().to_bytes();
        assert!(same(&p * &a, dp * da), "case {i}");
        assert!(same(&a * &p, da * dp));
        assert!(same(
            RistrettoPoint::mul_base(&a),
            RISTRETTO_BASEPOINT_POINT * da
        ));
        if i % 4 == 0 {
            assert!(same(
                RistrettoPoint::vartime_double_scalar_mul_basepoint(&a, &p, &b),
                DPoint::vartime_double_scalar_mul_basepoint(&da, &dp, &db)
            ));
            let q = RistrettoPoint::from_bytes(&(dp * db).compress().to_bytes())
                .expect("dalek's encoding decodes");
            let want = dp * da + dp * db * db;
            assert!(same(RistrettoPoint::multiscalar_mul([a, b], [p, q]), want));
            assert!(same(
                RistrettoPoint::vartime_multiscalar_mul([a, b], [p, q]),
                want
            ));
            assert!(same(p + q, dp + dp * db));
            assert!(same(p - q, dp - dp * db));
            assert!(same(-p, -dp));
        }
        MUL.add(1);
    }
    MUL.report();
}

/// l - 1 (the scalar), so that [l]P = [l-1]P + P.
fn l_minus_1() -> Scalar {
    Scalar::from_bytes_mod_order(common::L_MINUS_1)
}

/// Group laws: [l]P is the identity, one encoding per element (encode ∘ decode and
/// decode ∘ encode), equality agrees with the encodings, the operator forms agree.
#[test]
#[allow(clippy::op_ref)] // every operator form is exercised on purpose
fn laws() {
    let mut rng = rng(0x7217);
    let n = cases() / 10;
    let mut prev = RistrettoPoint::GENERATOR;
    for _ in 0..n {
        let wide: [u8; 64] = rng.random();
        let p = RistrettoPoint::from_uniform_bytes(&wide);
        assert!((p * l_minus_1() + p).is_identity(), "[l]P = identity");
        assert_eq!(p * l_minus_1(), -p);
        let enc = p.to_bytes();
        let back = RistrettoPoint::from_bytes(&enc).expect("decodes");
        assert_eq!(back, p);
        assert_eq!(back.to_bytes(), enc);
        assert_eq!(p == prev, enc == prev.to_bytes());
        assert_eq!(p + RistrettoPoint::IDENTITY, p);
        assert_eq!(p - p, RistrettoPoint::IDENTITY);
        assert_eq!((p + prev).to_bytes(), (prev + p).to_bytes());
        assert_eq!(p.double(), p + p);
        let s = Scalar::from_bytes_mod_order(rng.random());
        let want = &p * &s;
        assert_eq!(p * s, want);
        assert_eq!(s * p, want);
        assert_eq!(&s * p, want);
        assert_eq!(p * &s, want);
        let mut m = p;
        m *= s;
        assert_eq!(m, want);
        let mut m = p;
        m += prev;
        m -= &prev;
        assert_eq!(m, p);
        assert_eq!([p, prev].iter().sum::<RistrettoPoint>(), p + prev);
        prev = p;
    }
    assert_eq!(RistrettoPoint::default(), RistrettoPoint::IDENTITY);
    assert!(!RistrettoPoint::GENERATOR.is_identity());
    assert!((RistrettoPoint::GENERATOR * l_minus_1() + RistrettoPoint::GENERATOR).is_identity());
    let s = format!("{:?}", RistrettoPoint::GENERATOR);
    assert_eq!(
        s,
        "RistrettoPoint(e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76)"
    );
}

#[cfg(feature = "zeroize")]
#[test]
fn zeroize_gives_identity() {
    use zeroize::Zeroize;
    let mut p = RistrettoPoint::GENERATOR.double();
    p.zeroize();
    assert!(p.is_identity());
}

#[test]
fn errors_display_their_reason() {
    for (e, word) in [
        (DecodeError::NonCanonicalFieldElement, "not below p"),
        (DecodeError::NegativeFieldElement, "negative"),
        (DecodeError::InvalidRistrettoEncoding, "no group element"),
    ] {
        assert!(e.to_string().contains(word), "{e}");
    }
}

proptest! {
    /// The decoders are total: any 32 bytes give an element or a typed error, never a
    /// panic; the constant-time decoder agrees; an accepted string is its element's
    /// encoding. The one-way map is total too.
    #[test]
    fn decoders_are_total(bytes in any::<[u8; 32]>(), wide in any::<[u8; 32]>()) {
        let r = RistrettoPoint::from_bytes(&bytes);
        prop_assert_eq!(bool::from(RistrettoPoint::ct_from_bytes(&bytes).is_some()), r.is_ok());
        if let Ok(p) = r {
            prop_assert_eq!(p.to_bytes(), bytes);
        }
        let mut input = [0u8; 64];
        input[..32].copy_from_slice(&bytes);
        input[32..].copy_from_slice(&wide);
        let m = RistrettoPoint::from_uniform_bytes(&input);
        prop_assert_eq!(RistrettoPoint::from_bytes(&m.to_bytes()), Ok(m));
    }
}

#[cfg(feature = "group")]
mod group_traits {
    use super::*;
    use group::{Group, GroupEncoding};

    #[test]
    fn traits_agree_with_inherent() {
        let mut rng = rng(0x7218);
        let g = <RistrettoPoint as Group>::generator();
        assert_eq!(g, RistrettoPoint::GENERATOR);
        assert!(bool::from(Group::is_identity(
            &<RistrettoPoint as Group>::identity()
        )));
        for _ in 0..100 {
            let p = <RistrettoPoint as Group>::random(&mut rng);
            let enc = GroupEncoding::to_bytes(&p);
            assert_eq!(enc, p.to_bytes());
            assert_eq!(
                <RistrettoPoint as GroupEncoding>::from_bytes(&enc).unwrap(),
                p
            );
            let s = Scalar::from_bytes_mod_order(rng.random());
            assert_eq!(
                RistrettoPoint::mul_by_generator(&s),
                RistrettoPoint::mul_base(&s)
            );
            assert_eq!(Group::double(&p), p + p);
        }
        let mut bad = RistrettoPoint::GENERATOR.to_bytes();
        bad[0] ^= 1;
        assert!(bool::from(
            <RistrettoPoint as GroupEncoding>::from_bytes(&bad).is_none()
        ));
        assert!(bool::from(
            <RistrettoPoint as GroupEncoding>::from_bytes_unchecked(&bad).is_none()
        ));
    }

    /// `Group::random` is the one-way map of 64 bytes drawn from the RNG: the same
    /// stream, read by hand, gives the same points, and the draws are not the identity.
    #[test]
    fn random_maps_64_rng_bytes() {
        let mut by_trait = rng(0x7219);
        let mut by_hand = rng(0x7219);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..16 {
            let p = <RistrettoPoint as Group>::random(&mut by_trait);
            let mut bytes = [0u8; 64];
            by_hand.fill(&mut bytes[..]);
            assert_eq!(p, RistrettoPoint::from_uniform_bytes(&bytes));
            assert!(!bool::from(Group::is_identity(&p)));
            assert!(seen.insert(p.to_bytes()), "a repeated draw");
        }
    }

    fn is_prime_group<G: group::prime::PrimeGroup>() {}

    #[test]
    fn is_a_prime_group() {
        is_prime_group::<RistrettoPoint>();
    }
}

#[cfg(feature = "serde")]
mod serde_format {
    use super::*;

    /// The 32 encoding bytes as a tuple (JSON: an array of 32 numbers, as for `Point`),
    /// strict on the way back with the decoder's message.
    #[test]
    fn json_is_the_encoding() {
        let p = RistrettoPoint::GENERATOR.double();
        let json = serde_json::to_string(&p).expect("serializes");
        let want: Vec<u8> = p.to_bytes().to_vec();
        assert_eq!(json, serde_json::to_string(&want).expect("bytes"));
        let back: RistrettoPoint = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, p);
        let mut bad = p.to_bytes();
        bad[31] |= 0x80;
        let bad_json = serde_json::to_string(&bad.to_vec()).expect("bytes");
        let err = serde_json::from_str::<RistrettoPoint>(&bad_json).expect_err("rejected");
        assert!(err.to_string().contains("not below p"), "{err}");
        let mut cbor = Vec::new();
        ciborium::into_writer(&p, &mut cbor).expect("cbor");
        let back: RistrettoPoint = ciborium::from_reader(&cbor[..]).expect("cbor back");
        assert_eq!(back, p);
    }
}

/// `Hash` covers the element (its body as `()` went unnoticed: a `HashSet` survives
/// that with collisions only). 64 distinct elements give 64 distinct 64-bit hashes,
/// and an element rebuilt from its encoding hashes as it did.
#[test]
fn hash_covers_the_element() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash_of = |p: &RistrettoPoint| {
        let mut h = DefaultHasher::new();
        p.hash(&mut h);
        h.finish()
    };
    let mut p = RistrettoPoint::GENERATOR;
    let mut hashes = Vec::new();
    for _ in 0..64 {
        let again = RistrettoPoint::from_bytes(&p.to_bytes()).expect("canonical");
        assert_eq!(hash_of(&again), hash_of(&p));
        hashes.push(hash_of(&p));
        p += RistrettoPoint::GENERATOR;
    }
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), 64);
}
