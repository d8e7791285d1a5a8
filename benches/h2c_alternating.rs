//! Back-to-back timing of RFC 9380 hash-to-curve against curve25519-dalek: the two
//! libraries alternate, round by round, on the same 32-byte messages, and each side's
//! best round is kept. Criterion times one side's samples and then the other's, and on
//! a shared machine the speed drifts between the two; alternating cancels the drift.
//!
//! Run: `cargo bench --bench h2c_alternating` (add the LTO settings of
//! `scripts/bench_builds.sh` for the LTO figure). Prints ns per call and the ratio. The
//! timed calls return the point (no encoding); the outputs are compared first.

use std::hint::black_box;
use std::time::Instant;

use curve25519_dalek::edwards::EdwardsPoint;
use edwards25519::Point;
use sha2::Sha512;

const ROUNDS: usize = 15;
const CALLS: usize = 2_000;

type Side<'a> = &'a dyn Fn(&[u8; 32]);

/// Best-of-ROUNDS ns per call for (ours, theirs), alternating which side goes first.
fn race(msgs: &[[u8; 32]], ours: Side, theirs: Side) -> (f64, f64) {
    let time = |f: Side| {
        let t = Instant::now();
        for m in msgs {
            f(black_box(m));
        }
        t.elapsed().as_nanos() as f64 / msgs.len() as f64
    };
    let (mut a, mut b) = (f64::MAX, f64::MAX);
    for round in 0..ROUNDS {
        if round % 2 == 0 {
            a = a.min(time(ours));
            b = b.min(time(theirs));
        } else {
            b = b.min(time(theirs));
            a = a.min(time(ours));
        }
    }
    (a, b)
}

fn main() {
    let ro: &[u8] = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
    let nu: &[u8] = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_NU_";
    let mut msgs = vec![[0u8; 32]; CALLS];
    for (i, m) in msgs.iter_mut().enumerate() {
        m[..8].copy_from_slice(&(i as u64).to_le_bytes());
    }
    for m in msgs.iter().take(16) {
        assert_eq!(
            Point::hash_to_curve(m, ro).to_bytes(),
            EdwardsPoint::hash_to_curve::<Sha512>(&[m], &[ro])
                .compress()
                .0
        );
        assert_eq!(
            Point::encode_to_curve(m, nu).to_bytes(),
            EdwardsPoint::encode_to_curve::<Sha512>(&[m], &[nu])
                .compress()
                .0
        );
    }
    println!("best of {ROUNDS} alternating rounds of {CALLS} calls (32-byte messages)");
    let ours_ro = |m: &[u8; 32]| {
        black_box(Point::hash_to_curve(m, ro));
    };
    let theirs_ro = |m: &[u8; 32]| {
        black_box(EdwardsPoint::hash_to_curve::<Sha512>(&[m], &[ro]));
    };
    let ours_nu = |m: &[u8; 32]| {
        black_box(Point::encode_to_curve(m, nu));
    };
    let theirs_nu = |m: &[u8; 32]| {
        black_box(EdwardsPoint::encode_to_curve::<Sha512>(&[m], &[nu]));
    };
    let cases: [(&str, Side, Side); 2] = [
        ("HashToCurve", &ours_ro, &theirs_ro),
        ("EncodeToCurve", &ours_nu, &theirs_nu),
    ];
    for (name, ours, theirs) in cases {
        let (a, b) = race(&msgs, ours, theirs);
        println!(
            "{name:14} edwards25519 {a:8.0} ns   curve25519-dalek {b:8.0} ns   ratio {:.2}",
            a / b
        );
    }
}
