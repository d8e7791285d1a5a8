//! A tour of the crate: Ed25519 keys, signing and verification (and how a failure reads),
//! point encoding and decoding, and a short timing table of the upstream benchmark
//! operations, measured in about a second and a half.
//!
//! `cargo run --release --example tour`

use std::hint::black_box;
use std::time::{Duration, Instant};

use edwards25519::ed25519::{self, Signature, SigningKey, VerifyingKey};
use edwards25519::{Point, Scalar};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn main() {
    println!("edwards25519 tour");
    println!(
        "field backend: {}\n",
        edwards25519::field::backend::selected()
    );

    // Keys: from the operating system's randomness, or from a fixed 32-byte seed
    // (RFC 8032 §7.1 TEST 1's secret key here, so the output can be checked).
    let random_key = SigningKey::generate(&mut rand::rng());
    println!(
        "a fresh key's public key:   {}",
        hex(&random_key.verifying_key().to_bytes())
    );
    let seed: [u8; 32] = [
        0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c,
        0xc4, 0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae,
        0x7f, 0x60,
    ];
    let key = SigningKey::from_seed(&seed);
    let vk = key.verifying_key();
    println!("RFC 8032 TEST 1 public key: {}", hex(&vk.to_bytes()));
    println!("Debug of a SigningKey shows only the public part: {key:?}\n");

    // Sign and verify. The empty message gives RFC 8032 TEST 1's signature.
    let sig = key.sign(b"");
    println!("signature of \"\": {}", hex(&sig.to_bytes()));
    let msg = b"edwards25519 tour";
    let sig = key.sign(msg);
    report("verify (ZIP-215):", vk.verify(msg, &sig));
    report("verify_strict:", vk.verify_strict(msg, &sig));

    // Failures say why.
    report("changed message:", vk.verify(b"edwards25519 tour!", &sig));
    let mut bytes = sig.to_bytes();
    bytes[63] |= 0x80; // S >= 2^255 > l
    report(
        "S out of range:",
        vk.verify(msg, &Signature::from_bytes(&bytes)),
    );
    // The identity point as a public key: ZIP-215 allows it, strict rules do not.
    let weak = VerifyingKey::from_bytes(&Point::IDENTITY.to_bytes()).expect("a valid point");
    let forged = Signature::from_components(Point::IDENTITY.to_bytes(), [0; 32]);
    report("identity key, verify:", weak.verify(msg, &forged));
    report("identity key, strict:", weak.verify_strict(msg, &forged));
    let mut not_a_point = [0u8; 32];
    not_a_point[0] = 2; // no curve point has y = 2
    report("y = 2 as a key:", VerifyingKey::from_bytes(&not_a_point));
    println!();

    // Points: encode and decode; a non-canonical encoding (y + p for y = 1, the
    // identity) decodes like upstream SetBytes but not under strict RFC 8032 rules.
    let p = Point::mul_base(&Scalar::from(2026u64));
    let enc = p.to_bytes();
    let back = Point::from_bytes(&enc).expect("round trip");
    println!(
        "[2026]B encodes as {}; decodes back: {}",
        hex(&enc),
        back == p
    );
    let mut y_plus_p = [0xffu8; 32];
    y_plus_p[0] = 0xee; // p + 1 = 2^255 - 18
    y_plus_p[31] = 0x7f;
    println!(
        "p + 1 as a point: from_bytes -> identity: {}, from_canonical_bytes: {:?}\n",
        Point::from_bytes(&y_plus_p) == Ok(Point::IDENTITY),
        Point::from_canonical_bytes(&y_plus_p).map(|_| ())
    );

    timing_table();
}

/// Prints a result, with the error's explanation.
fn report<T: std::fmt::Debug>(label: &str, r: Result<T, ed25519::Error>) {
    match r {
        Ok(v) => println!("{label:<22} Ok({v:?})"),
        Err(e) => println!("{label:<22} Err({e:?}): {e}"),
    }
}

/// Mean time of `f` over about `budget`, after one warm-up call.
fn time_per_op(budget: Duration, mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut n = 0u32;
    while start.elapsed() < budget {
        f();
        n += 1;
    }
    start.elapsed() / n
}

fn timing_table() {
    let budget = Duration::from_millis(180);
    let a = Scalar::from_bytes_mod_order([0x5a; 32]);
    let b = Scalar::from_bytes_mod_order([0xa5; 32]);
    let p = Point::mul_base(&Scalar::from(12345u64));
    let enc = p.to_bytes();
    let key = SigningKey::from_seed(&[1; 32]);
    let vk = key.verifying_key();
    let msg = b"Hello, world!";
    let sig = key.sign(msg);

    const N: usize = 64;
    let keys: Vec<SigningKey> = (0..N)
        .map(|i| SigningKey::from_seed(&[i as u8; 32]))
        .collect();
    let msgs: Vec<Vec<u8>> = (0..N)
        .map(|i| format!("message {i}").into_bytes())
        .collect();
    let sigs: Vec<Signature> = keys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
    let vks: Vec<VerifyingKey> = keys.iter().map(SigningKey::verifying_key).collect();
    let msg_refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
    let mut rng = rand::rng();

    let rows: [(&str, Duration); 7] = [
        (
            "ScalarBaseMult",
            time_per_op(budget, || {
                black_box(Point::mul_base(black_box(&a)));
            }),
        ),
        (
            "ScalarMult",
            time_per_op(budget, || {
                black_box(black_box(&p) * black_box(&a));
            }),
        ),
        (
            "VarTimeDoubleScalarBaseMult",
            time_per_op(budget, || {
                black_box(Point::vartime_double_scalar_mul_basepoint(
                    black_box(&a),
                    black_box(&p),
                    black_box(&b),
                ));
            }),
        ),
        (
            "EncodingDecoding",
            time_per_op(budget, || {
                let q = Point::from_bytes(black_box(&enc)).expect("valid");
                black_box(q.to_bytes());
            }),
        ),
        (
            "Signing",
            time_per_op(budget, || {
                black_box(key.sign(black_box(msg)));
            }),
        ),
        (
            "Verification",
            time_per_op(budget, || {
                black_box(vk.verify(black_box(msg), black_box(&sig))).expect("valid");
            }),
        ),
        (
            "VerifyBatch/64 per signature",
            time_per_op(budget, || {
                black_box(ed25519::verify_batch(&msg_refs, &sigs, &vks, &mut rng)).expect("valid");
            }) / N as u32,
        ),
    ];

    println!(
        "timings (mean over ~{} ms each, this machine, now):",
        budget.as_millis()
    );
    println!("  {:<30} {:>10} {:>12}", "operation", "µs", "per second");
    for (name, t) in rows {
        println!(
            "  {:<30} {:>10.2} {:>12.0}",
            name,
            t.as_secs_f64() * 1e6,
            1.0 / t.as_secs_f64()
        );
    }
    println!("(criterion figures: cargo bench --bench group --bench ed25519)");
}
