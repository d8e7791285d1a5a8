//! The back-to-back comparison driver (see Cargo.toml): each line is one operation, ours
//! or the dalek crates', in microseconds per call; `ratio` lines are ours over theirs.

use curve25519_dalek::{
    EdwardsPoint, edwards::CompressedEdwardsY, scalar::Scalar as DS, traits::VartimeMultiscalarMul,
};
use edwards25519::{Point, Scalar};
use std::hint::black_box;
use std::time::Instant;

fn t<R>(name: &str, iters: u32, mut f: impl FnMut() -> R) -> f64 {
    // PROF="substring:n": run only the matching operation n times (for callgrind).
    if let Ok(p) = std::env::var("PROF") {
        let (pat, n) = p.split_once(':').unwrap();
        if name.contains(pat) {
            for _ in 0..n.parse::<u32>().unwrap() {
                black_box(f());
            }
        }
        return 1.0;
    }
    let mut best = f64::MAX;
    for _ in 0..7 {
        let s = Instant::now();
        for _ in 0..iters {
            black_box(f());
        }
        let e = s.elapsed().as_secs_f64() * 1e6 / iters as f64;
        if e < best {
            best = e;
        }
    }
    println!("{name:40} {best:10.2} us");
    best
}
/// Whether the section `name` runs: `ONLY="a,b"` runs the sections whose name contains
/// one of the comma-separated parts; unset runs all.
fn on(name: &str) -> bool {
    std::env::var("ONLY").map_or(true, |v| v.split(',').any(|x| name.contains(x)))
}

/// Best-of-15 per-call times of two closures, rounds alternating (a, b, b, a, ...) so a
/// drifting machine slows both alike.
fn pair<R, S>(
    na: &str,
    nb: &str,
    iters: u32,
    mut fa: impl FnMut() -> R,
    mut fb: impl FnMut() -> S,
) -> (f64, f64) {
    if std::env::var("PROF").is_ok() {
        return (t(na, iters, fa), t(nb, iters, fb));
    }
    let (mut ba, mut bb) = (f64::MAX, f64::MAX);
    for round in 0..15 {
        for side in [round % 2, 1 - round % 2] {
            let s = Instant::now();
            if side == 0 {
                for _ in 0..iters {
                    black_box(fa());
                }
                ba = ba.min(s.elapsed().as_secs_f64() * 1e6 / iters as f64);
            } else {
                for _ in 0..iters {
                    black_box(fb());
                }
                bb = bb.min(s.elapsed().as_secs_f64() * 1e6 / iters as f64);
            }
        }
    }
    println!("{na:40} {ba:10.2} us");
    println!("{nb:40} {bb:10.2} us");
    (ba, bb)
}
fn main() {
    println!("backend: {}", edwards25519::group::backend::selected());
    let s = Scalar::from_bytes_mod_order_wide(&[0x5a; 64]);
    let s2 = Scalar::from_bytes_mod_order_wide(&[0x33; 64]);
    let p = Point::mul_base(&s2);
    let ds = DS::from_canonical_bytes(s.to_bytes()).unwrap();
    let ds2 = DS::from_canonical_bytes(s2.to_bytes()).unwrap();
    let dp = CompressedEdwardsY(p.to_bytes()).decompress().unwrap();
    if on("verify") {
        use edwards25519::ed25519::SigningKey;
        let sk = SigningKey::from_seed(&[9u8; 32]);
        let vk = sk.verifying_key();
        let msg = b"verification benchmark message";
        let sig = sk.sign(msg);
        let dsk = ed25519_dalek::SigningKey::from_bytes(&[9u8; 32]);
        let dvk = dsk.verifying_key();
        let dsig = ed25519_dalek::Signature::from_bytes(&sig.to_bytes());
        let (a, b) = pair(
            "ours Verification",
            "dalek Verification",
            2000,
            || vk.verify(black_box(msg), &sig).unwrap(),
            || {
                use ed25519_dalek::Verifier;
                dvk.verify(black_box(msg), &dsig).unwrap()
            },
        );
        println!("  ratio {:.2}", a / b);
        let a = t("ours VerifyStrict", 2000, || {
            vk.verify_strict(black_box(msg), &sig).unwrap()
        });
        println!("  ratio {:.2}", a / b);
        let pre = vk.precompute();
        let (a, c) = pair(
            "ours Verification",
            "ours VerificationPrecomputed",
            2000,
            || vk.verify(black_box(msg), &sig).unwrap(),
            || pre.verify(black_box(msg), &sig).unwrap(),
        );
        println!("  precomputed/plain {:.2}", c / a);
    }
    if on("batch") {
        // VerifyBatch/n: n distinct keys and messages, the same signatures for both.
        use ed25519_dalek::Signer;
        for (n, iters) in [(64usize, 50u32), (1024, 4)] {
            let seeds: Vec<[u8; 32]> = (0..n)
                .map(|i| {
                    let mut seed = [(i as u8).wrapping_mul(37) ^ 0x5a; 32];
                    seed[1] = (i >> 8) as u8;
                    seed
                })
                .collect();
            let msgs: Vec<[u8; 32]> = (0..n)
                .map(|i| {
                    let mut m = [i as u8 ^ 0xc3; 32];
                    m[1] = (i >> 8) as u8;
                    m
                })
                .collect();
            let refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
            let keys: Vec<_> = seeds
                .iter()
                .map(edwards25519::ed25519::SigningKey::from_seed)
                .collect();
            let vks: Vec<_> = keys.iter().map(|k| k.verifying_key()).collect();
            let sigs: Vec<_> = keys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
            let dkeys: Vec<_> = seeds
                .iter()
                .map(ed25519_dalek::SigningKey::from_bytes)
                .collect();
            let dvks: Vec<_> = dkeys.iter().map(|k| k.verifying_key()).collect();
            let dsigs: Vec<_> = dkeys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
            let mut rng = rand::rng();
            let (a, b) = pair(
                &format!("ours VerifyBatch/{n}"),
                &format!("dalek VerifyBatch/{n}"),
                iters,
                || edwards25519::ed25519::verify_batch(&refs, &sigs, &vks, &mut rng).unwrap(),
                || ed25519_dalek::verify_batch(&refs, &dsigs, &dvks).unwrap(),
            );
            println!("  ratio {:.2}", a / b);
        }
    }
    if on("schnorr") {
        let rr = Point::mul_base(&s2);
        let (a, b) = pair(
            "ours DoubleBase",
            "ours SchnorrCheck",
            2000,
            || Point::vartime_double_scalar_mul_basepoint(black_box(&s), &p, &s2) - rr,
            || Point::vartime_check_schnorr_equation(black_box(&s2), &rr, &s, &p),
        );
        println!("  check/doublebase {:.2}", b / a);
    }
    if on("scalar-field") {
        let x = edwards25519::field::FieldElement::from_bytes(&[0x37; 32]);
        let a = t("ours Invert", 20000, || black_box(&x).invert());
        println!("  {a:.3}");
        let a = t("ours HalfSize", 20000, || {
            black_box(&s).vartime_half_size_multiple()
        });
        println!("  {a:.3}");
        let (a, b) = pair(
            "ours NAF8",
            "ours NAF5",
            20000,
            || black_box(&s).vartime_non_adjacent_form(8),
            || black_box(&s).vartime_non_adjacent_form(5),
        );
        println!("  naf {a:.3} {b:.3}");
    }
    if on("scalarmult") {
        let (a, b) = pair(
            "ours ScalarMult",
            "dalek ScalarMult",
            4000,
            || black_box(&p) * black_box(&s),
            || black_box(dp) * black_box(ds),
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours ScalarBaseMult",
            "dalek ScalarBaseMult",
            2000,
            || Point::mul_base(black_box(&s)),
            || EdwardsPoint::mul_base(black_box(&ds)),
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours VarTimeDouble",
            "dalek VarTimeDouble",
            2000,
            || Point::vartime_double_scalar_mul_basepoint(black_box(&s), &p, &s2),
            || EdwardsPoint::vartime_double_scalar_mul_basepoint(black_box(&ds), &dp, &ds2),
        );
        println!("  ratio {:.2}", a / b);
    }
    if on("precomputation") {
        use curve25519_dalek::edwards::EdwardsBasepointTable;
        use curve25519_dalek::traits::BasepointTable;
        use curve25519_dalek::traits::VartimePrecomputedMultiscalarMul;
        let table = edwards25519::FixedBaseTable::new(&p);
        let dtable = EdwardsBasepointTable::create(&dp);
        let (a, b) = pair(
            "ours FixedBaseTable::mul",
            "dalek EdwardsBasepointTable mul",
            2000,
            || table.mul(black_box(&s)),
            || &dtable * black_box(&ds),
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours FixedBaseTable::new",
            "dalek EdwardsBasepointTable::create",
            200,
            || edwards25519::FixedBaseTable::new(black_box(&p)),
            || EdwardsBasepointTable::create(black_box(&dp)),
        );
        println!("  ratio {:.2}", a / b);
        // PRE_N: the number of static points (64 unless set).
        let n: usize = std::env::var("PRE_N").map_or(64, |v| v.parse().unwrap());
        let sc: Vec<Scalar> = (0..n)
            .map(|i| Scalar::from_bytes_mod_order_wide(&[(i * 7 + 1) as u8; 64]) * s)
            .collect();
        let pt: Vec<Point> = (0..n)
            .map(|i| Point::mul_base(&Scalar::from_bytes_mod_order_wide(&[(i * 3 + 5) as u8; 64])))
            .collect();
        let dsc: Vec<DS> = sc
            .iter()
            .map(|x| DS::from_canonical_bytes(x.to_bytes()).unwrap())
            .collect();
        let dpt: Vec<EdwardsPoint> = pt
            .iter()
            .map(|x| CompressedEdwardsY(x.to_bytes()).decompress().unwrap())
            .collect();
        let pre = edwards25519::VartimePrecomputedMultiscalar::new(&pt);
        let dpre = curve25519_dalek::edwards::VartimeEdwardsPrecomputation::new(&dpt);
        let (a, b) = pair(
            "ours precomputed MSM/64",
            "dalek precomputed MSM/64",
            100,
            || pre.vartime_multiscalar_mul(&sc),
            || dpre.vartime_multiscalar_mul(&dsc),
        );
        println!("  ratio {:.2}", a / b);
        let c = t("ours plain MSM/64", 100, || {
            Point::vartime_multiscalar_mul(&sc, &pt)
        });
        println!("  precomputed/plain {:.2}", a / c);
        let Ok(darr) = <[EdwardsPoint; 64]>::try_from(dpt.clone()) else {
            return; // PRE_N set: the batch-encoding rows need 64 points
        };
        let (a, b) = pair(
            "ours to_bytes_batch/64",
            "dalek compress_batch/64",
            200,
            || Point::to_bytes_batch(&pt),
            || EdwardsPoint::compress_batch(&darr),
        );
        println!("  ratio {:.2}", a / b);
        let c = t("ours 64 x to_bytes", 200, || {
            pt.iter().map(Point::to_bytes).collect::<Vec<_>>()
        });
        println!("  batch/single {:.2}", a / c);
    }
    for n in [64usize, 1024] {
        if !on(&format!("msm{n}")) {
            continue;
        }
        let sc: Vec<Scalar> = (0..n)
            .map(|i| Scalar::from_bytes_mod_order_wide(&[(i * 7 + 1) as u8; 64]) * s)
            .collect();
        let pt: Vec<Point> = (0..n)
            .map(|i| Point::mul_base(&Scalar::from_bytes_mod_order_wide(&[(i * 3 + 5) as u8; 64])))
            .collect();
        let dsc: Vec<DS> = sc
            .iter()
            .map(|x| DS::from_canonical_bytes(x.to_bytes()).unwrap())
            .collect();
        let dpt: Vec<EdwardsPoint> = pt
            .iter()
            .map(|x| CompressedEdwardsY(x.to_bytes()).decompress().unwrap())
            .collect();
        let it = if n == 64 { 100 } else { 10 };
        let (a, b) = pair(
            &format!("ours MSM/{n}"),
            &format!("dalek MSM/{n}"),
            it,
            || Point::vartime_multiscalar_mul(&sc, &pt),
            || EdwardsPoint::vartime_multiscalar_mul(&dsc, &dpt),
        );
        println!("  ratio {:.2}", a / b);
    }
    if on("ristretto") {
        use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint as DR};
        use edwards25519::ristretto::RistrettoPoint;
        let wide = [0x42u8; 64];
        let rp = RistrettoPoint::from_uniform_bytes(&wide);
        let drp = DR::from_uniform_bytes(&wide);
        let renc = rp.to_bytes();
        assert_eq!(renc, drp.compress().to_bytes());
        let enc = p.to_bytes();
        let (a, b) = pair(
            "ours EncodingDecoding",
            "dalek EncodingDecoding",
            4000,
            || Point::from_bytes(black_box(&enc)).unwrap().to_bytes(),
            || {
                CompressedEdwardsY(*black_box(&enc))
                    .decompress()
                    .unwrap()
                    .compress()
            },
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours RistrettoEncodingDecoding",
            "dalek RistrettoEncodingDecoding",
            4000,
            || {
                RistrettoPoint::from_bytes(black_box(&renc))
                    .unwrap()
                    .to_bytes()
            },
            || {
                CompressedRistretto(*black_box(&renc))
                    .decompress()
                    .unwrap()
                    .compress()
            },
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours RistrettoScalarMult",
            "dalek RistrettoScalarMult",
            4000,
            || black_box(&rp) * black_box(&s),
            || black_box(&drp) * black_box(&ds),
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours RistrettoScalarBaseMult",
            "dalek RistrettoScalarBaseMult",
            4000,
            || RistrettoPoint::mul_base(black_box(&s)),
            || DR::mul_base(black_box(&ds)),
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours FromUniformBytes",
            "dalek FromUniformBytes",
            4000,
            || RistrettoPoint::from_uniform_bytes(black_box(&wide)),
            || DR::from_uniform_bytes(black_box(&wide)),
        );
        println!("  ratio {:.2}", a / b);
        let msg = [0x17u8; 32];
        let dst: &[u8] = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
        assert_eq!(
            Point::hash_to_curve(&msg, dst).to_bytes(),
            EdwardsPoint::hash_to_curve::<sha2::Sha512>(&[&msg], &[dst])
                .compress()
                .0
        );
        let (a, b) = pair(
            "ours HashToCurve",
            "dalek HashToCurve",
            4000,
            || Point::hash_to_curve(black_box(&msg), dst),
            || EdwardsPoint::hash_to_curve::<sha2::Sha512>(&[black_box(&msg)], &[dst]),
        );
        println!("  ratio {:.2}", a / b);
    }
    if on("fiat") {
        use edwards25519::field::FieldElement;
        use fiat_crypto::curve25519_64 as fiat;
        let (xb, yb) = ([0x21u8; 32], [0x6bu8; 32]);
        let (x, y) = (FieldElement::from_bytes(&xb), FieldElement::from_bytes(&yb));
        let fiat_elem = |bytes: &[u8; 32]| {
            let mut tight = fiat::fiat_25519_tight_field_element([0; 5]);
            fiat::fiat_25519_from_bytes(&mut tight, bytes);
            let mut loose = fiat::fiat_25519_loose_field_element([0; 5]);
            fiat::fiat_25519_relax(&mut loose, &tight);
            loose
        };
        let (fx, fy) = (fiat_elem(&xb), fiat_elem(&yb));
        // Dependent chains of 1000 operations (x = x·y, x = x²) through the public type.
        let (a, b) = pair(
            "ours FieldElement Multiply x1000",
            "fiat-crypto Multiply x1000",
            200,
            || {
                let mut acc = x;
                for _ in 0..1000 {
                    acc = black_box(acc) * y;
                }
                acc
            },
            || {
                let mut acc = fx;
                let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
                for _ in 0..1000 {
                    fiat::fiat_25519_carry_mul(&mut out, black_box(&acc), &fy);
                    fiat::fiat_25519_relax(&mut acc, &out);
                }
                out
            },
        );
        println!("  ratio {:.2}", a / b);
        let (a, b) = pair(
            "ours FieldElement Square x1000",
            "fiat-crypto Square x1000",
            200,
            || {
                let mut acc = x;
                for _ in 0..1000 {
                    acc = black_box(acc).square();
                }
                acc
            },
            || {
                let mut acc = fx;
                let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
                for _ in 0..1000 {
                    fiat::fiat_25519_carry_square(&mut out, black_box(&acc));
                    fiat::fiat_25519_relax(&mut acc, &out);
                }
                out
            },
        );
        println!("  ratio {:.2}", a / b);
    }
    if on("chain") {
        // The (p-5)/8 power (250 squarings, 11 multiplications) on each field backend.
        use edwards25519::field::backend::u64::Fe51;
        use edwards25519::field::{FieldArith, FieldElement};
        let x = FieldElement::from_bytes(&[0x21u8; 32]);
        let x51 = Fe51::from_field(&x);
        let (a, b) = pair(
            "ours pow22523 public (MULX)",
            "ours pow22523 Fe51",
            2000,
            || black_box(&x).pow22523(),
            || black_box(&x51).pow22523(),
        );
        println!("  Fe51/MULX {:.2}", b / a);
        let (a, b) = pair(
            "ours square x1000 public (MULX)",
            "ours square x1000 Fe51",
            200,
            || {
                let mut acc = x;
                for _ in 0..1000 {
                    acc = black_box(acc).square();
                }
                acc
            },
            || {
                let mut acc = x51;
                for _ in 0..1000 {
                    acc = black_box(acc).square();
                }
                acc
            },
        );
        println!("  Fe51/MULX {:.2}", b / a);
    }
}
