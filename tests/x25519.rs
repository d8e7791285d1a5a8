//! The typed X25519 API (`edwards25519::x25519`) against x25519-dalek 3, black-box:
//! the same RNG stream gives the same keys, random keys give the same public keys,
//! shared secrets and `was_contributory`, small-order peers give all-zero secrets that
//! `was_contributory` refuses; RFC 7748 §5.2 and §6.1 and all Wycheproof X25519 cases
//! through the typed API; slice conversions, `Debug`, wiping and the trait surface.
//!
//! The raw function (`montgomery::x25519`, `x25519_checked`) is checked on the same
//! vectors, and against both dalek crates on edge inputs, in `group/tests/montgomery.rs`;
//! here the vectors go through the types a user of x25519-dalek writes.
//! serde is in `tests/x25519_serde.rs`.

#![cfg(feature = "rand_core")]

use crate::common::{field, read_json, unhex_n};
use edwards25519::montgomery::MontgomeryPoint;
use edwards25519::x25519::{
    EphemeralSecret, Error, PublicKey, ReusableSecret, SharedSecret, StaticSecret,
    X25519_BASEPOINT_BYTES, x25519,
};
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn rng(tag: u64) -> StdRng {
    StdRng::seed_from_u64(0x7825_5519 ^ tag)
}

/// 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut b = [0xffu8; 32];
    b[0] = 0xed;
    b[31] = 0x7f;
    b
};

/// `P` + `d` (d small: no carry out of the first byte).
fn p_plus(d: u8) -> [u8; 32] {
    let mut b = P;
    b[0] += d;
    b
}

/// The u of every small-order point: 0, 1 and the two u of order 8, from the 8 small-order
/// Edwards points of testvectors/points/low_order_points.json mapped by curve25519-dalek
/// (the reference, not our map); p - 1 (a point of order 4 on the twist); the
/// non-canonical p and p + 1. Each also with bit 255 set: 14 values.
fn small_order_us() -> Vec<[u8; 32]> {
    let file = read_json("points/low_order_points.json");
    let mut us: Vec<[u8; 32]> = Vec::new();
    for p in file["points"].as_array().expect("points") {
        let y = curve25519_dalek::edwards::CompressedEdwardsY(unhex_n(field(p, "canonical")));
        let u = y.decompress().expect("a point").to_montgomery().to_bytes();
        if !us.contains(&u) {
            us.push(u);
        }
    }
    assert_eq!(us.len(), 4, "0, 1 and the two u of order 8");
    us.extend([p_plus(0), p_plus(1)]);
    let mut minus_one = P;
    minus_one[0] -= 1;
    us.push(minus_one);
    let high: Vec<[u8; 32]> = us
        .iter()
        .map(|u| {
            let mut h = *u;
            h[31] |= 0x80;
            h
        })
        .collect();
    us.extend(high);
    us
}

/// The same seeded stream gives the same secret in both libraries: one `fill_bytes` of
/// 32, kept as drawn. Checked by the public keys, by the bytes where the type shows them,
/// and by the streams staying in step afterwards.
#[test]
fn random_from_rng_matches_dalek() {
    for tag in 0..16 {
        let (mut ours, mut theirs) = (rng(tag), rng(tag));
        let e = EphemeralSecret::random_from_rng(&mut ours);
        let de = x25519_dalek::EphemeralSecret::random_from_rng(&mut theirs);
        assert_eq!(
            PublicKey::from(&e).to_bytes(),
            x25519_dalek::PublicKey::from(&de).to_bytes()
        );
        let r = ReusableSecret::random_from_rng(&mut ours);
        let dr = x25519_dalek::ReusableSecret::random_from_rng(&mut theirs);
        assert_eq!(
            PublicKey::from(&r).to_bytes(),
            x25519_dalek::PublicKey::from(&dr).to_bytes()
        );
        let s = StaticSecret::random_from_rng(&mut ours);
        let ds = x25519_dalek::StaticSecret::random_from_rng(&mut theirs);
        assert_eq!(s.to_bytes(), ds.to_bytes(), "kept as drawn, not clamped");
        assert_eq!(
            PublicKey::from(&s).to_bytes(),
            x25519_dalek::PublicKey::from(&ds).to_bytes()
        );
        assert_eq!(ours.next_u64(), theirs.next_u64(), "streams in step");
    }
    // Unclamped: some draw has a bit that clamping would clear.
    let mut r = rng(99);
    let clamped_away = (0..8).any(|_| StaticSecret::random_from_rng(&mut r).to_bytes()[0] & 7 != 0);
    assert!(clamped_away);
}

/// Random secrets and peers (any 32 bytes, so also u >= p and bit 255 set): the same
/// public keys, shared secrets and `was_contributory` as x25519-dalek, for every secret
/// type, and the same as the bare `x25519`.
#[test]
fn typed_api_matches_dalek() {
    let mut r = rng(1);
    for _ in 0..48 {
        let (k, u): ([u8; 32], [u8; 32]) = (r.random(), r.random());
        let peer = PublicKey::from(u);
        let dpeer = x25519_dalek::PublicKey::from(u);

        let s = StaticSecret::from(k);
        let ds = x25519_dalek::StaticSecret::from(k);
        assert_eq!(
            PublicKey::from(&s).to_bytes(),
            x25519_dalek::PublicKey::from(&ds).to_bytes()
        );
        assert_eq!(
            PublicKey::from(&s).to_bytes(),
            x25519(k, X25519_BASEPOINT_BYTES)
        );
        let (ss, dss) = (s.diffie_hellman(&peer), ds.diffie_hellman(&dpeer));
        assert_eq!(ss.to_bytes(), dss.to_bytes(), "k={k:02x?} u={u:02x?}");
        assert_eq!(ss.to_bytes(), x25519(k, u));
        assert_eq!(ss.was_contributory(), dss.was_contributory());

        // The other two types, from one seeded stream on each side.
        let seed: u64 = r.random();
        let (mut a, mut b) = (StdRng::seed_from_u64(seed), StdRng::seed_from_u64(seed));
        let re = ReusableSecret::random_from_rng(&mut a);
        let dre = x25519_dalek::ReusableSecret::random_from_rng(&mut b);
        let e = EphemeralSecret::random_from_rng(&mut a);
        let de = x25519_dalek::EphemeralSecret::random_from_rng(&mut b);
        let (rs, drs) = (re.diffie_hellman(&peer), dre.diffie_hellman(&dpeer));
        assert_eq!(rs.as_bytes(), drs.as_bytes());
        assert_eq!(rs.was_contributory(), drs.was_contributory());
        let (es, des) = (e.diffie_hellman(&peer), de.diffie_hellman(&dpeer));
        assert_eq!(es.as_bytes(), des.as_bytes());
        assert_eq!(es.was_contributory(), des.was_contributory());
        assert!(ss.was_contributory() && rs.was_contributory() && es.was_contributory());
    }
}

/// Two parties agree through every pairing of the three secret types.
#[test]
fn every_secret_type_agrees() {
    let mut r = rng(2);
    let s = StaticSecret::random_from_rng(&mut r);
    let re = ReusableSecret::random_from_rng(&mut r);
    let e = EphemeralSecret::random_from_rng(&mut r);
    let (ps, pr, pe) = (
        PublicKey::from(&s),
        PublicKey::from(&re),
        PublicKey::from(&e),
    );
    assert_eq!(
        s.diffie_hellman(&pr).as_bytes(),
        re.diffie_hellman(&ps).as_bytes()
    );
    let se = s.diffie_hellman(&pe).to_bytes();
    let re_e = re.diffie_hellman(&pe).to_bytes();
    let es = e.diffie_hellman(&ps); // consumes e
    assert_eq!(es.as_bytes(), &se);
    assert_ne!(se, re_e);
}

/// Every small-order u gives 32 zero bytes whatever the secret, and `was_contributory`
/// is false exactly then; x25519-dalek says the same. Random peers are contributory.
#[test]
fn small_order_peers_are_not_contributory() {
    let us = small_order_us();
    assert_eq!(us.len(), 14);
    let mut r = rng(3);
    for u in &us {
        for _ in 0..4 {
            let k: [u8; 32] = r.random();
            let shared = StaticSecret::from(k).diffie_hellman(&PublicKey::from(*u));
            let dalek = x25519_dalek::StaticSecret::from(k)
                .diffie_hellman(&x25519_dalek::PublicKey::from(*u));
            assert_eq!(shared.as_bytes(), &[0u8; 32], "u={u:02x?}");
            assert!(!shared.was_contributory());
            assert!(!dalek.was_contributory());
            assert_eq!(shared.as_bytes(), dalek.as_bytes());
        }
    }
    for _ in 0..16 {
        let shared = StaticSecret::from(r.random::<[u8; 32]>())
            .diffie_hellman(&PublicKey::from(r.random::<[u8; 32]>()));
        assert_ne!(shared.as_bytes(), &[0u8; 32]);
        assert!(shared.was_contributory());
    }
}

fn h32(v: &serde_json::Value, key: &str) -> [u8; 32] {
    unhex_n(field(v, key))
}

/// X25519(k, u) through the typed API: a static secret and a public key.
fn typed(k: [u8; 32], u: [u8; 32]) -> SharedSecret {
    StaticSecret::from(k).diffie_hellman(&PublicKey::from(u))
}

/// RFC 7748 §5.2 (both vectors; the second u has bit 255 set) and §6.1 (both key pairs
/// by `PublicKey::from`, the shared secret both ways), through the typed API.
#[test]
fn rfc7748_vectors_typed() {
    let v = read_json("rfc7748/x25519.json");
    let cases = v["scalar_mult"].as_array().expect("list");
    assert_eq!(cases.len(), 2);
    for c in cases {
        let (k, u, out) = (h32(c, "scalar"), h32(c, "u"), h32(c, "output"));
        assert_eq!(typed(k, u).to_bytes(), out, "{}", c["name"]);
        assert_eq!(x25519(k, u), out);
    }
    let d = &v["diffie_hellman"];
    let (a, b) = (
        StaticSecret::from(h32(d, "alice_private")),
        StaticSecret::from(h32(d, "bob_private")),
    );
    let (pa, pb) = (PublicKey::from(&a), PublicKey::from(&b));
    assert_eq!(pa.to_bytes(), h32(d, "alice_public"));
    assert_eq!(pb.to_bytes(), h32(d, "bob_public"));
    assert_eq!(a.diffie_hellman(&pb).to_bytes(), h32(d, "shared"));
    assert_eq!(b.diffie_hellman(&pa).to_bytes(), h32(d, "shared"));
}

/// RFC 7748 §5.2's iterated test through the typed API: k, u = X25519(k, u) from
/// k = u = 9; the value after `n` rounds, checked at each listed count up to `n`.
fn iterated_typed(n: u64) {
    let v = read_json("rfc7748/x25519.json");
    let after = v["iterated"]["after"].as_array().expect("list");
    let (mut k, mut u) = (X25519_BASEPOINT_BYTES, X25519_BASEPOINT_BYTES);
    let mut checked = 0;
    for i in 1..=n {
        let next = typed(k, u).to_bytes();
        u = k;
        k = next;
        if let Some(e) = after.iter().find(|e| e["iterations"].as_u64() == Some(i)) {
            assert_eq!(k, h32(e, "k"), "after {i} rounds");
            checked += 1;
        }
    }
    assert!(checked >= 1, "no listed count up to {n}");
}

/// After 1 and 1,000 rounds.
#[test]
fn rfc7748_iterated_1000_typed() {
    iterated_typed(1000);
}

/// After 1,000,000 rounds (a million ladders: a minute or two in release; not in CI):
/// `cargo test --release --test suite x25519:: -- --ignored`.
#[test]
#[ignore]
fn rfc7748_iterated_1000000_typed() {
    iterated_typed(1_000_000);
}

/// All 518 Wycheproof X25519 cases through the typed API and the facade's `x25519`:
/// every shared secret reproduced (the "acceptable" low-order cases give 32 zero bytes),
/// and `was_contributory` false for exactly those 31.
#[test]
fn wycheproof_typed() {
    let v = read_json("wycheproof/x25519_test.json");
    let (mut n, mut zero) = (0, 0);
    for g in v["testGroups"].as_array().expect("groups") {
        for t in g["tests"].as_array().expect("tests") {
            let (u, k, expected) = (h32(t, "public"), h32(t, "private"), h32(t, "shared"));
            let shared = typed(k, u);
            assert_eq!(shared.to_bytes(), expected, "tcId {}", t["tcId"]);
            assert_eq!(x25519(k, u), expected);
            assert_eq!(shared.was_contributory(), expected != [0u8; 32]);
            zero += usize::from(!shared.was_contributory());
            n += 1;
        }
    }
    assert_eq!((n, zero), (518, 31));
}

/// Slices of any length but 32 are a typed error naming both lengths; 32 bytes convert.
#[test]
fn slice_conversions() {
    let bytes: Vec<u8> = (0..64).collect();
    for len in 0..=64 {
        let slice = &bytes[..len];
        let (p, s) = (PublicKey::try_from(slice), StaticSecret::try_from(slice));
        if len == 32 {
            let arr: [u8; 32] = slice.try_into().expect("32");
            assert_eq!(p.expect("32 bytes").to_bytes(), arr);
            assert_eq!(s.expect("32 bytes").to_bytes(), arr);
        } else {
            let e = Error::InvalidLength {
                expected: 32,
                actual: len,
            };
            assert_eq!(p.expect_err("wrong length"), e);
            assert_eq!(s.expect_err("wrong length").to_string(), e.to_string());
            assert_eq!(
                e.to_string(),
                format!("wrong length for an X25519 key: expected 32 bytes, got {len}")
            );
        }
    }
    let boxed: Box<dyn std::error::Error> = Box::new(Error::InvalidLength {
        expected: 32,
        actual: 0,
    });
    assert!(boxed.source().is_none());
}

/// The conversions x25519-dalek has, and ours to and from `MontgomeryPoint`.
#[test]
fn conversions() {
    let bytes = [0xabu8; 32];
    let p = PublicKey::from(bytes);
    assert_eq!(p.to_bytes(), bytes);
    assert_eq!(p.as_bytes(), &bytes);
    assert_eq!(p.as_ref(), &bytes[..]);
    assert_eq!(<[u8; 32]>::from(p), bytes);
    assert_eq!(MontgomeryPoint::from(p).0, bytes);
    assert_eq!(PublicKey::from(MontgomeryPoint(bytes)), p);
    let s = StaticSecret::from(bytes);
    assert_eq!(
        (s.to_bytes(), s.as_bytes(), s.as_ref()),
        (bytes, &bytes, &bytes[..])
    );
    assert_eq!(s.clone().to_bytes(), bytes);
    let shared = s.diffie_hellman(&p);
    assert_eq!(shared.as_ref(), shared.as_bytes());
    assert_eq!(&shared.to_bytes(), shared.as_bytes());
    let r = ReusableSecret::random_from_rng(&mut rng(4));
    assert_eq!(PublicKey::from(&r.clone()), PublicKey::from(&r));
}

fn hash_of<T: Hash>(t: &T) -> u64 {
    let mut h = DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

/// Public-key equality and hashing are of u mod p (bit 255 ignored), as x25519-dalek's:
/// both libraries say the same on canonical, non-canonical and high-bit encodings.
#[test]
fn public_key_equality_is_dalek_s() {
    let mut nine_high = X25519_BASEPOINT_BYTES;
    nine_high[31] |= 0x80;
    let pairs = [
        (X25519_BASEPOINT_BYTES, nine_high),
        ([0u8; 32], P),
        ([1u8; 32], [2u8; 32]),
        (
            {
                let mut one = [0u8; 32];
                one[0] = 1;
                one
            },
            p_plus(1),
        ),
    ];
    for (a, b) in pairs {
        let ours = PublicKey::from(a) == PublicKey::from(b);
        let theirs = x25519_dalek::PublicKey::from(a) == x25519_dalek::PublicKey::from(b);
        assert_eq!(ours, theirs, "{a:02x?} {b:02x?}");
        if ours {
            assert_eq!(hash_of(&PublicKey::from(a)), hash_of(&PublicKey::from(b)));
        }
    }
    assert!(PublicKey::from(X25519_BASEPOINT_BYTES) == PublicKey::from(nine_high));
}

/// `Debug` prints no secret; a public key prints its bytes.
#[test]
fn debug_prints_no_secret() {
    let bytes = [0x5au8; 32];
    let hexed = hex::encode(bytes);
    let s = StaticSecret::from(bytes);
    let shared = s.diffie_hellman(&PublicKey::from(bytes));
    let printed = [
        format!("{s:?}"),
        format!("{:?}", ReusableSecret::random_from_rng(&mut rng(5))),
        format!("{:?}", EphemeralSecret::random_from_rng(&mut rng(5))),
        format!("{shared:?}"),
    ];
    assert_eq!(
        printed,
        [
            "StaticSecret { .. }",
            "ReusableSecret { .. }",
            "EphemeralSecret { .. }",
            "SharedSecret { .. }",
        ]
    );
    assert!(
        printed
            .iter()
            .all(|p| !p.contains("5a") && !p.contains("90"))
    );
    let public = format!("{:?}", PublicKey::from(bytes));
    assert!(public.contains(&hexed), "{public}");
}

/// The secrets and the shared secret wipe: `zeroize` clears the bytes, and the types are
/// `ZeroizeOnDrop`; `PublicKey` is `Zeroize` (as in x25519-dalek) but not wiped on drop.
#[cfg(feature = "zeroize")]
#[test]
fn zeroize() {
    use zeroize::{Zeroize, ZeroizeOnDrop};
    fn wipes_on_drop<T: ZeroizeOnDrop>() {}
    wipes_on_drop::<EphemeralSecret>();
    wipes_on_drop::<ReusableSecret>();
    wipes_on_drop::<StaticSecret>();
    wipes_on_drop::<SharedSecret>();

    let mut s = StaticSecret::from([9u8; 32]);
    let mut shared = s.diffie_hellman(&PublicKey::from([9u8; 32]));
    assert!(shared.was_contributory());
    s.zeroize();
    shared.zeroize();
    assert_eq!((s.as_bytes(), shared.as_bytes()), (&[0u8; 32], &[0u8; 32]));
    assert!(!shared.was_contributory());
    let mut p = PublicKey::from([9u8; 32]);
    p.zeroize();
    assert_eq!(p.as_bytes(), &[0u8; 32]);
    // Wiped secrets of the other two types: their public key is that of the zero secret.
    let mut r = ReusableSecret::random_from_rng(&mut rng(6));
    let mut e = EphemeralSecret::random_from_rng(&mut rng(7));
    r.zeroize();
    e.zeroize();
    let zero_public = PublicKey::from(&StaticSecret::from([0u8; 32]));
    assert_eq!(
        (PublicKey::from(&r), PublicKey::from(&e)),
        (zero_public, zero_public)
    );
}

/// The trait surface x25519-dalek users rely on, checked at compile time: `PublicKey`
/// is `Copy + Eq + Hash`, the other secrets `Clone`, every type `Send + Sync`, and
/// `EphemeralSecret` is not `Clone` (the item below is ambiguous, and does not compile,
/// for a `Clone` type).
#[test]
fn trait_surface() {
    fn public_key_traits<T: Copy + Eq + Hash + core::fmt::Debug + AsRef<[u8]> + From<[u8; 32]>>() {}
    fn send_sync<T: Send + Sync>() {}
    fn clone<T: Clone>() {}
    public_key_traits::<PublicKey>();
    clone::<StaticSecret>();
    clone::<ReusableSecret>();
    send_sync::<PublicKey>();
    send_sync::<EphemeralSecret>();
    send_sync::<ReusableSecret>();
    send_sync::<StaticSecret>();
    send_sync::<SharedSecret>();

    trait AmbiguousIfClone<A> {
        fn some_item() {}
    }
    impl<T: ?Sized> AmbiguousIfClone<()> for T {}
    #[allow(dead_code)]
    struct IsClone;
    impl<T: Clone> AmbiguousIfClone<IsClone> for T {}
    <EphemeralSecret as AmbiguousIfClone<_>>::some_item();
}

/// One program, written once against x25519-dalek's API and compiled against each
/// library by its `use` line: every item of the typed API, the same outputs.
macro_rules! same_program {
    ($($krate:ident)::+) => {{
        use $($krate)::+::{
            EphemeralSecret, PublicKey, ReusableSecret, SharedSecret, StaticSecret,
            X25519_BASEPOINT_BYTES, x25519,
        };
        let mut rng = StdRng::seed_from_u64(0x5eed_2551);
        let alice = EphemeralSecret::random_from_rng(&mut rng);
        let alice_public = PublicKey::from(&alice);
        let bob = ReusableSecret::random_from_rng(&mut rng);
        let bob_public = PublicKey::from(&bob);
        let carol = StaticSecret::random_from_rng(&mut rng);
        let carol_loaded = StaticSecret::from(carol.to_bytes());
        let carol_public: PublicKey = (&carol_loaded).into();
        let wire: [u8; 32] = carol_public.to_bytes();
        let s1: SharedSecret = alice.diffie_hellman(&PublicKey::from(wire));
        let s2 = bob.diffie_hellman(&carol_public);
        let s3 = carol.diffie_hellman(&bob_public);
        let s4 = carol_loaded.diffie_hellman(&alice_public);
        let zero = carol.diffie_hellman(&PublicKey::from([0u8; 32]));
        let raw = x25519(carol.to_bytes(), X25519_BASEPOINT_BYTES);
        let arrays = vec![
            *alice_public.as_bytes(), bob_public.to_bytes(), wire, s1.to_bytes(),
            *s2.as_bytes(), s3.to_bytes(), s4.to_bytes(), zero.to_bytes(), raw,
        ];
        let slices = [s1.as_ref(), carol_public.as_ref(), carol.as_ref()].concat();
        let flags = [s1.was_contributory(), s3.was_contributory(), zero.was_contributory()];
        (arrays, slices, flags)
    }};
}

#[test]
fn the_same_program_runs_on_both() {
    let ours = same_program!(edwards25519::x25519);
    let theirs = same_program!(x25519_dalek);
    assert_eq!(ours, theirs);
    let (arrays, _, flags) = ours;
    assert_eq!(arrays[3], arrays[6], "alice and carol agree");
    assert_eq!(arrays[4], arrays[5], "bob and carol agree");
    assert_eq!(flags, [true, true, false]);
}

/// x25519-dalek 3's signatures, exactly (a changed one fails to compile here).
#[test]
fn api_md_signatures() {
    fn generic_rng<R: rand::CryptoRng + ?Sized>(r: &mut R) -> [PublicKey; 3] {
        let e = EphemeralSecret::random_from_rng(r);
        let re = ReusableSecret::random_from_rng(r);
        let s = StaticSecret::random_from_rng(r);
        [(&e).into(), (&re).into(), (&s).into()]
    }
    fn from_secrets<T>()
    where
        T: From<[u8; 32]>
            + for<'a> From<&'a StaticSecret>
            + for<'a> From<&'a EphemeralSecret>
            + for<'a> From<&'a ReusableSecret>,
    {
    }
    from_secrets::<PublicKey>();
    let _: fn(EphemeralSecret, &PublicKey) -> SharedSecret = EphemeralSecret::diffie_hellman;
    let _: fn(&ReusableSecret, &PublicKey) -> SharedSecret = ReusableSecret::diffie_hellman;
    let _: fn(&StaticSecret, &PublicKey) -> SharedSecret = StaticSecret::diffie_hellman;
    let _: fn(&StaticSecret) -> [u8; 32] = StaticSecret::to_bytes;
    let _: fn(&StaticSecret) -> &[u8; 32] = StaticSecret::as_bytes;
    let _: fn(&PublicKey) -> [u8; 32] = PublicKey::to_bytes;
    let _: fn(&PublicKey) -> &[u8; 32] = PublicKey::as_bytes;
    let _: fn(&SharedSecret) -> [u8; 32] = SharedSecret::to_bytes;
    let _: fn(&SharedSecret) -> &[u8; 32] = SharedSecret::as_bytes;
    let _: fn(&SharedSecret) -> bool = SharedSecret::was_contributory;
    let f: fn([u8; 32], [u8; 32]) -> [u8; 32] = x25519;
    assert_eq!(
        X25519_BASEPOINT_BYTES,
        edwards25519::montgomery::X25519_BASEPOINT
    );
    let k = [0x3cu8; 32];
    assert_eq!(
        f(k, X25519_BASEPOINT_BYTES),
        edwards25519::montgomery::x25519(k, X25519_BASEPOINT_BYTES)
    );
    let keys = generic_rng(&mut rng(8));
    assert!(keys[0] != keys[1] && keys[1] != keys[2]);
}
