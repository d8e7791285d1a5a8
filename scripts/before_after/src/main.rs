//! A/B timing of the upstream (Go-named) benchmark suite: `before` and `after` are two
//! revisions of the library (`after` by default the working tree), both linked into this
//! binary (scripts/before_after.sh generates its manifest, builds and runs it).
//!
//! Every operation is set up on both sides from the same bytes (field elements, scalars,
//! seeds, messages; points are multiples of the base point by the same scalars), and the
//! first call's outputs are compared, so both sides compute the same thing. Then the two
//! sides alternate: round r times `calls` calls on one side, then on the other, the order
//! swapping every round, and each side keeps its fastest round. A machine whose speed
//! drifts therefore slows both sides alike. The number of calls per round is calibrated
//! on the `before` side to about `--target-ms` milliseconds, unless `--calls` fixes it.
//! Many short rounds suit a shared machine: the best of them is likely to be one that
//! no other process interrupted.
//!
//! The arithmetic operations (field and scalar Add, Multiply, Square, Invert, Mult32) are
//! dependent chains, x = op(x, y), as in the criterion benches, so each figure is one
//! operation's latency; the rest call the operation on fixed inputs behind `black_box`.
//!
//! Flags: `--rounds R` (default 21), `--target-ms T` (default 3), `--calls N` (fixed calls
//! per round, no calibration), `--only A,B` (exact operation names), `--side before|after`
//! (set up and time one side only, no comparison: for instruction counting under
//! callgrind), `--list`. Standard error names the field backend each side selected.
//!
//! Output: a Markdown table, ns per call on each side (best round) and after/before.

use std::hint::black_box;
use std::time::Instant;

/// One operation set up on one side: `run(n)` makes `n` calls and returns the last
/// call's output as bytes (for the before/after agreement check).
type Run = Box<dyn FnMut(usize) -> Vec<u8>>;

/// The operations, in table order. Both sides implement every name (`suite!` below).
const NAMES: &[&str] = &[
    // field (the public `FieldElement`)
    "Add",
    "Multiply",
    "Square",
    "Invert",
    "Mult32",
    "Bytes",
    "SetBytes",
    "SqrtRatio",
    // scalar
    "ScalarAddition",
    "ScalarMultiplication",
    "ScalarInversion",
    "FromUniformBytes",
    "SetBytesWithClamping",
    "SetCanonicalBytes",
    "NonAdjacentForm",
    // Not upstream's: the NAF of 64 different scalars in turn (upstream's recodes one
    // scalar over and over, which lets the branch predictor learn its digits).
    "NonAdjacentForm/varied",
    "SignedRadix16",
    // points
    "EncodingDecoding",
    "ScalarBaseMult",
    "ScalarMult",
    "VarTimeDoubleScalarBaseMult",
    "MultiScalarMultSize8",
    "BytesMontgomery",
    // Hash to the group: two Elligator maps each (RFC 9380, RFC 9496)
    "HashToCurve",
    "RistrettoFromUniformBytes",
    "RistrettoEncodingDecoding",
    // X25519 (RFC 7748): the ladder on a peer's u, and a public key
    "X25519",
    "X25519Base",
    "VarTimeMultiScalarMult/2",
    "VarTimeMultiScalarMult/16",
    "VarTimeMultiScalarMult/64",
    "VarTimeMultiScalarMult/256",
    "VarTimeMultiScalarMult/1024",
    // Batches of 64 (one call, all 64)
    "EncodingBatch/64",
    "DecodingBatch/64",
    "BatchToMontgomery/64",
    "X25519BaseBatch/64",
    "X25519Batch/64",
    // Ed25519
    "KeyGeneration",
    "KeyDecoding",
    "Signing",
    "Verification",
    "VerificationStrict",
    "VerificationPrecomputed",
    "VerifyBatch/8",
    "VerifyBatch/64",
    "VerifyBatch/1024",
];

/// Deterministic bytes (xorshift64), the same stream for both sides.
fn stream(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

/// `n` 64-byte strings, reduced to scalars by each side.
fn wide(n: usize, seed: u64) -> Vec<[u8; 64]> {
    stream(seed, 64 * n)
        .chunks_exact(64)
        .map(|c| c.try_into().expect("64-byte chunk"))
        .collect()
}

fn bytes32(seed: u64) -> [u8; 32] {
    stream(seed, 32).try_into().expect("32 bytes")
}

const MESSAGE: &[u8] = b"Hello, world!";

/// The suite over one copy of the library (`before` or `after`): `setup(name)` builds the
/// operation's inputs and returns its runner.
macro_rules! suite {
    ($lib:ident) => {
        use super::*;
        use rand::SeedableRng;
        use rand::rngs::StdRng;
        use $lib::ed25519::{Signature, SigningKey, VerifyingKey, verify_batch};
        use $lib::{FieldElement, Point, Scalar};

        fn scalars(n: usize, seed: u64) -> Vec<Scalar> {
            wide(n, seed)
                .iter()
                .map(Scalar::from_bytes_mod_order_wide)
                .collect()
        }

        fn points(n: usize, seed: u64) -> Vec<Point> {
            scalars(n, seed).iter().map(Point::mul_base).collect()
        }

        fn seed(i: usize) -> [u8; 32] {
            let mut s = [0x42u8; 32];
            s[..8].copy_from_slice(&(i as u64).to_le_bytes());
            s
        }

        /// A dependent chain x = step(x), starting at `x0`; the output is x's encoding.
        fn chain<T: Copy + 'static>(
            x0: T,
            step: impl Fn(T) -> T + 'static,
            enc: impl Fn(&T) -> [u8; 32] + 'static,
        ) -> Run {
            let mut x = black_box(x0);
            Box::new(move |n| {
                for _ in 0..n {
                    x = step(x);
                }
                black_box(&x);
                enc(&x).to_vec()
            })
        }

        /// `n` calls of `f` on fixed inputs; the output is the last result's bytes.
        fn calls<R: 'static>(
            f: impl Fn() -> R + 'static,
            enc: impl Fn(&R) -> Vec<u8> + 'static,
        ) -> Run {
            Box::new(move |n| {
                let mut r = f();
                for _ in 1..n {
                    r = black_box(f());
                }
                enc(&r)
            })
        }

        fn fe(x: &FieldElement) -> [u8; 32] {
            x.to_bytes()
        }

        fn sc(x: &Scalar) -> [u8; 32] {
            x.to_bytes()
        }

        fn pt(p: &Point) -> Vec<u8> {
            p.to_bytes().to_vec()
        }

        fn ok<E>(r: &Result<(), E>) -> Vec<u8> {
            vec![r.is_ok() as u8]
        }

        pub fn setup(name: &str) -> Option<Run> {
            let one = FieldElement::ONE;
            let two = one + one;
            let s = scalars(2, 1);
            let p = points(1, 2)[0];
            let run = match name {
                "Add" => chain(one, move |x| x + black_box(two), fe),
                "Multiply" => chain(one, move |x| x * black_box(two), fe),
                "Square" => chain(two, |x| x.square(), fe),
                "Invert" => chain(two, |x| x.invert(), fe),
                "Mult32" => chain(one, |x| x.mul32(black_box(0xaa42_aa42)), fe),
                "Bytes" => {
                    // An unreduced element, as encoders see in practice.
                    let x = two.invert() * two.invert();
                    calls(move || black_box(&x).to_bytes(), |b| b.to_vec())
                }
                "SetBytes" => {
                    let b = bytes32(3);
                    calls(
                        move || FieldElement::from_bytes(black_box(&b)),
                        |x| fe(x).to_vec(),
                    )
                }
                "SqrtRatio" => {
                    let u = FieldElement::from_bytes(&bytes32(4));
                    let v = FieldElement::from_bytes(&bytes32(5));
                    calls(
                        move || FieldElement::sqrt_ratio(black_box(&u), black_box(&v)),
                        |(c, r)| {
                            let mut o = fe(r).to_vec();
                            o.push(c.unwrap_u8());
                            o
                        },
                    )
                }
                "ScalarAddition" => {
                    let y = s[1];
                    chain(s[0], move |x| x + black_box(y), sc)
                }
                "ScalarMultiplication" => {
                    let y = s[1];
                    chain(s[0], move |x| x * black_box(y), sc)
                }
                "ScalarInversion" => chain(s[0], |x| x.invert(), sc),
                "FromUniformBytes" => {
                    let w = wide(1, 6)[0];
                    calls(
                        move || Scalar::from_bytes_mod_order_wide(black_box(&w)),
                        |x| sc(x).to_vec(),
                    )
                }
                "SetBytesWithClamping" => {
                    let b = bytes32(7);
                    calls(
                        move || Scalar::from_bytes_with_clamping(black_box(b)),
                        |x| sc(x).to_vec(),
                    )
                }
                "SetCanonicalBytes" => {
                    let b = s[0].to_bytes();
                    calls(
                        move || Scalar::from_canonical_bytes(black_box(b)),
                        |x| {
                            Option::<Scalar>::from(*x)
                                .map(|x| sc(&x).to_vec())
                                .unwrap_or_default()
                        },
                    )
                }
                "NonAdjacentForm/varied" => {
                    let xs = scalars(64, 7);
                    let next = core::cell::Cell::new(0usize);
                    calls(
                        move || {
                            let i = next.get();
                            next.set((i + 1) % 64);
                            black_box(&xs[i]).vartime_non_adjacent_form(5)
                        },
                        |d| d.iter().map(|&v| v as u8).collect(),
                    )
                }
                "NonAdjacentForm" => {
                    let x = s[0];
                    calls(
                        move || black_box(&x).vartime_non_adjacent_form(5),
                        |d| d.iter().map(|&v| v as u8).collect(),
                    )
                }
                "SignedRadix16" => {
                    let x = s[0];
                    calls(
                        move || black_box(&x).as_radix_16(),
                        |d| d.iter().map(|&v| v as u8).collect(),
                    )
                }
                "EncodingDecoding" => calls(
                    move || Point::from_bytes(&black_box(&p).to_bytes()),
                    |r| r.as_ref().map(pt).unwrap_or_default(),
                ),
                "ScalarBaseMult" => {
                    let x = s[0];
                    calls(move || Point::mul_base(black_box(&x)), pt)
                }
                "ScalarMult" => {
                    let x = s[0];
                    calls(move || black_box(&p) * black_box(&x), pt)
                }
                "VarTimeDoubleScalarBaseMult" => {
                    let (a, b) = (s[0], s[1]);
                    calls(
                        move || {
                            Point::vartime_double_scalar_mul_basepoint(
                                black_box(&a),
                                black_box(&p),
                                black_box(&b),
                            )
                        },
                        pt,
                    )
                }
                "MultiScalarMultSize8" => {
                    let (sn, pn) = (scalars(8, 8), points(8, 9));
                    calls(
                        move || Point::multiscalar_mul(black_box(&sn), black_box(&pn)),
                        pt,
                    )
                }
                "BytesMontgomery" => {
                    calls(move || black_box(&p).to_montgomery_bytes(), |b| b.to_vec())
                }
                "HashToCurve" => {
                    let msg = bytes32(13);
                    calls(
                        move || {
                            Point::hash_to_curve(
                                black_box(&msg),
                                b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_",
                            )
                        },
                        pt,
                    )
                }
                "RistrettoFromUniformBytes" => {
                    let w = wide(1, 14)[0];
                    calls(
                        move || $lib::ristretto::RistrettoPoint::from_uniform_bytes(black_box(&w)),
                        |r| r.to_bytes().to_vec(),
                    )
                }
                "RistrettoEncodingDecoding" => {
                    let r = $lib::ristretto::RistrettoPoint::from_uniform_bytes(&wide(1, 15)[0]);
                    calls(
                        move || {
                            $lib::ristretto::RistrettoPoint::from_bytes(&black_box(&r).to_bytes())
                                .map(|q| q.to_bytes().to_vec())
                                .unwrap_or_default()
                        },
                        |v| v.clone(),
                    )
                }
                "X25519" => {
                    let u = p.to_montgomery();
                    let k = bytes32(12);
                    calls(
                        move || black_box(&u).mul_clamped(black_box(k)),
                        |m| m.0.to_vec(),
                    )
                }
                "X25519Base" => {
                    let k = bytes32(13);
                    calls(
                        move || $lib::montgomery::MontgomeryPoint::mul_base_clamped(black_box(k)),
                        |m| m.0.to_vec(),
                    )
                }
                "KeyGeneration" => calls(
                    || SigningKey::from_seed(black_box(&seed(1))),
                    |k| k.verifying_key().to_bytes().to_vec(),
                ),
                "KeyDecoding" => {
                    let b = SigningKey::from_seed(&seed(0)).verifying_key().to_bytes();
                    calls(
                        move || VerifyingKey::from_bytes(black_box(&b)),
                        |r| {
                            r.as_ref()
                                .map(|k| k.to_bytes().to_vec())
                                .unwrap_or_default()
                        },
                    )
                }
                "Signing" => {
                    let k = SigningKey::from_seed(&seed(0));
                    calls(
                        move || k.sign(black_box(MESSAGE)),
                        |s| s.to_bytes().to_vec(),
                    )
                }
                "Verification" | "VerificationStrict" | "VerificationPrecomputed" => {
                    let k = SigningKey::from_seed(&seed(0));
                    let (vk, sig) = (k.verifying_key(), k.sign(MESSAGE));
                    if name == "Verification" {
                        calls(move || vk.verify(black_box(MESSAGE), black_box(&sig)), ok)
                    } else if name == "VerificationPrecomputed" {
                        let pre = vk.precompute();
                        calls(move || pre.verify(black_box(MESSAGE), black_box(&sig)), ok)
                    } else {
                        calls(
                            move || vk.verify_strict(black_box(MESSAGE), black_box(&sig)),
                            ok,
                        )
                    }
                }
                _ => {
                    let (group, n) = name.split_once('/')?;
                    let n: usize = n.parse().ok()?;
                    match group {
                        "VarTimeMultiScalarMult" => {
                            let (sn, pn) = (scalars(n, 10), points(n, 11));
                            calls(
                                move || {
                                    Point::vartime_multiscalar_mul(black_box(&sn), black_box(&pn))
                                },
                                pt,
                            )
                        }
                        "EncodingBatch" => {
                            let pn = points(n, 12);
                            calls(
                                move || Point::to_bytes_batch(black_box(&pn)),
                                |v| v.concat(),
                            )
                        }
                        "DecodingBatch" => {
                            let en: Vec<[u8; 32]> =
                                points(n, 15).iter().map(Point::to_bytes).collect();
                            calls(
                                move || Point::from_bytes_batch(black_box(&en)),
                                |v| v.iter().flat_map(|p| p.unwrap().to_bytes()).collect(),
                            )
                        }
                        "BatchToMontgomery" => {
                            let pn = points(n, 13);
                            calls(
                                move || Point::to_montgomery_batch(black_box(&pn)),
                                |v| v.iter().flat_map(|m| m.0).collect(),
                            )
                        }
                        "X25519BaseBatch" => {
                            let ks: Vec<[u8; 32]> =
                                (0..n).map(|i| bytes32(14 + i as u64)).collect();
                            calls(
                                move || {
                                    $lib::montgomery::MontgomeryPoint::mul_base_clamped_batch(
                                        black_box(&ks),
                                    )
                                },
                                |v| v.iter().flat_map(|m| m.0).collect(),
                            )
                        }
                        "X25519Batch" => {
                            let ks: Vec<[u8; 32]> =
                                (0..n).map(|i| bytes32(15 + i as u64)).collect();
                            let us: Vec<[u8; 32]> =
                                (0..n).map(|i| bytes32(16 + n as u64 + i as u64)).collect();
                            calls(
                                move || {
                                    $lib::montgomery::x25519_batch(black_box(&ks), black_box(&us))
                                        .unwrap()
                                },
                                |v| v.concat(),
                            )
                        }
                        "VerifyBatch" => {
                            let messages: Vec<Vec<u8>> = (0..n)
                                .map(|i| format!("batch message {i}").into_bytes())
                                .collect();
                            let keys: Vec<SigningKey> =
                                (0..n).map(|i| SigningKey::from_seed(&seed(i))).collect();
                            let sigs: Vec<Signature> =
                                keys.iter().zip(&messages).map(|(k, m)| k.sign(m)).collect();
                            let vks: Vec<VerifyingKey> =
                                keys.iter().map(SigningKey::verifying_key).collect();
                            let rng = std::cell::RefCell::new(StdRng::seed_from_u64(1));
                            calls(
                                move || {
                                    let refs: Vec<&[u8]> =
                                        messages.iter().map(Vec::as_slice).collect();
                                    verify_batch(&refs, &sigs, &vks, &mut *rng.borrow_mut())
                                },
                                ok,
                            )
                        }
                        _ => return None,
                    }
                }
            };
            Some(run)
        }
    };
}

mod side_before {
    suite!(before);
}

mod side_after {
    suite!(after);
}

struct Args {
    rounds: usize,
    target_ms: f64,
    calls: Option<usize>,
    only: Option<Vec<String>>,
    side: Option<String>,
    list: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        rounds: 21,
        target_ms: 3.0,
        calls: None,
        only: None,
        side: None,
        list: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--rounds" => a.rounds = value()?.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--target-ms" => {
                a.target_ms = value()?.parse().map_err(|e| format!("--target-ms: {e}"))?
            }
            "--calls" => a.calls = Some(value()?.parse().map_err(|e| format!("--calls: {e}"))?),
            "--only" => a.only = Some(value()?.split(',').map(str::to_owned).collect()),
            "--side" => {
                let v = value()?;
                if v != "before" && v != "after" {
                    return Err(format!("--side: before or after, not {v}"));
                }
                a.side = Some(v)
            }
            "--list" => a.list = true,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if let Some(only) = &a.only
        && let Some(bad) = only.iter().find(|n| !NAMES.contains(&n.as_str()))
    {
        return Err(format!("unknown operation {bad} (see --list)"));
    }
    if a.rounds == 0 {
        return Err("--rounds must be at least 1".into());
    }
    Ok(a)
}

/// ns per call of `n` calls.
fn time(run: &mut Run, n: usize) -> f64 {
    let t = Instant::now();
    black_box(run(n));
    t.elapsed().as_nanos() as f64 / n as f64
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("before-after: {e}");
            std::process::exit(2);
        }
    };
    if args.list {
        NAMES.iter().for_each(|n| println!("{n}"));
        return;
    }
    // Which field backend each side's dispatch picks (valgrind's CPU may lack ADX).
    eprintln!(
        "field backend: before {}, after {}; point backend: before {}, after {}",
        before::field::backend::selected(),
        after::field::backend::selected(),
        before::group::backend::selected(),
        after::group::backend::selected()
    );
    let names: Vec<&str> = NAMES
        .iter()
        .copied()
        .filter(|n| args.only.as_ref().is_none_or(|o| o.iter().any(|x| x == n)))
        .collect();

    if let Some(side) = &args.side {
        // One side only, fixed calls (instruction counting): no calibration, no check.
        let n = args.calls.unwrap_or(100);
        for name in names {
            let mut run = if side == "before" {
                side_before::setup(name)
            } else {
                side_after::setup(name)
            }
            .expect("every name has a setup");
            for _ in 0..args.rounds {
                println!("{name} {side} {:.1} ns", time(&mut run, n));
            }
        }
        return;
    }

    println!("| operation | calls/round | before (ns) | after (ns) | after/before |");
    println!("|---|---|---|---|---|");
    let mut failed = false;
    for name in names {
        let mut b = side_before::setup(name).expect("every name has a before setup");
        let mut a = side_after::setup(name).expect("every name has an after setup");
        let (ob, oa) = (b(1), a(1));
        if ob != oa {
            eprintln!("{name}: before and after disagree on the first call's output");
            failed = true;
            continue;
        }
        let n = args.calls.unwrap_or_else(|| {
            // Double until a batch takes 1 ms, then size the rounds to target_ms.
            let mut n = 1;
            loop {
                let ns = time(&mut b, n);
                if ns * n as f64 >= 1e6 || n >= 1 << 24 {
                    break ((args.target_ms * 1e6 / ns) as usize).max(1);
                }
                n *= 2;
            }
        });
        let (mut tb, mut ta) = (f64::MAX, f64::MAX);
        for round in 0..args.rounds {
            if round % 2 == 0 {
                tb = tb.min(time(&mut b, n));
                ta = ta.min(time(&mut a, n));
            } else {
                ta = ta.min(time(&mut a, n));
                tb = tb.min(time(&mut b, n));
            }
        }
        println!("| {name} | {n} | {tb:.1} | {ta:.1} | {:.3} |", ta / tb);
    }
    if failed {
        std::process::exit(1);
    }
}
