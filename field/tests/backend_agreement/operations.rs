//! Every arithmetic operation, its output bounds, encodings, predicates and selection,
//! on every backend of the list.

use subtle::Choice;

use super::*;

#[test]
fn add_sub_mul() {
    binary!("add", binary_inputs(1), |a, b| a + b);
    binary!("sub", binary_inputs(2), |a, b| a - b);
    binary!("mul", binary_inputs(3), |a, b| a * b);
}

#[test]
fn neg_square_square2() {
    let n = cases();
    unary!("neg", unary_inputs(4, n), |a| -a);
    unary!("square", unary_inputs(5, n), |a| FieldArith::square(&a));
    unary!("square2", unary_inputs(6, n), |a| a.square2());
}

/// `mul32` (the ladder's a24 step) for small constants at the edges and at random.
#[test]
fn mul32() {
    let mut rng = Rng(800);
    let mut bs = vec![0u32, 1, 2, 19, 38, 121_665, 121_666, u32::MAX - 1, u32::MAX];
    bs.extend((0..16).map(|_| rng.next() as u32));
    let n = cases() / bs.len();
    for (i, b) in bs.into_iter().enumerate() {
        unary!(
            format!("mul32({b})"),
            unary_inputs(900 + i as u64, n),
            |a| a.mul32(b)
        );
    }
}

/// The documented output bounds (`backend/radix64.rs`, `backend/x86_64/asm.rs`):
/// products below 2^255 + 2^12, sums below 2^255 + 57, differences below 2^256 - 38,
/// on every 4×64 backend.
#[test]
fn output_bounds() {
    fn check<F: Backend>(a: [u64; 4], b: [u64; 4]) {
        // x < y as 256-bit numbers (limbs little-endian).
        let lt = |x: Option<[u64; 4]>, y: [u64; 4]| {
            let x = x.expect("a 4x64 backend");
            x.iter().rev().lt(y.iter().rev())
        };
        let two_255_plus = |k: u64| [k, 0, 0, 1 << 63];
        let (fa, fb) = (F::load(&a), F::load(&b));
        let name = F::NAME;
        for (what, r) in [
            ("mul", fa * fb),
            ("square", fa.square()),
            ("square2", fa.square2()),
            ("pow2k", fa.pow2k(3)),
        ] {
            assert!(
                lt(r.raw(), two_255_plus(1 << 12)),
                "{name} {what} bound on {a:x?} {b:x?}"
            );
        }
        let b32 = b[0] as u32;
        assert!(
            lt(fa.mul32(b32).raw(), two_255_plus(1 << 39)),
            "{name} mul32 bound on {a:x?} {b32:x}"
        );
        assert!(
            lt((fa + fb).raw(), two_255_plus(57)),
            "{name} add bound on {a:x?} {b:x?}"
        );
        for r in [fa - fb, -fa] {
            assert!(
                lt(r.raw(), sub_small([0; 4], 38)),
                "{name} sub/neg bound on {a:x?} {b:x?}"
            );
        }
    }
    for (a, b) in binary_inputs(700) {
        check::<Fe64>(a, b);
        #[cfg(target_arch = "x86_64")]
        if backend::cpu_has_bmi2_adx() {
            check::<Mulx>(a, b);
        }
    }
}

#[test]
fn pow2k() {
    for k in [1u32, 2, 3, 4, 5, 10, 20, 50, 100] {
        let n = cases() / 4;
        unary!(
            format!("pow2k({k})"),
            unary_inputs(7 + u64::from(k), n),
            |a| a.pow2k(k)
        );
        // And against k plain squarings, on the reference only.
        for l in unary_inputs(70 + u64::from(k), 100) {
            let a = Fe51::load(&l);
            let mut x = a;
            for _ in 0..k {
                x = x.square();
            }
            assert_eq!(FieldArith::pow2k(&a, k), x, "pow2k({k}) of {l:x?}");
        }
    }
}

/// The interleaved chains give each chain's own result, limb for limb, over the
/// lengths the exponent chain uses and either side of the radix-2^51 switch.
#[test]
fn pow2k_pair_is_two_chains() {
    let inputs = unary_inputs(203, cases() / 8);
    each_backend!(F => {
        for w in inputs.windows(2) {
            let (a, b) = (F::load(&w[0]), F::load(&w[1]));
            for k in [1, 2, 3, 4, 5, 10, 50, 100] {
                let (x, y) = F::pow2k_pair(&a, &b, k);
                assert_eq!(
                    (x.raw(), x.to_bytes(), y.raw(), y.to_bytes()),
                    (a.pow2k(k).raw(), a.pow2k(k).to_bytes(), b.pow2k(k).raw(), b.pow2k(k).to_bytes()),
                    "{} pow2k_pair({k}) of {:x?}",
                    <F as Backend>::NAME,
                    w
                );
            }
        }
    });
}

#[test]
fn invert_and_pow22523() {
    // ~265 field operations per case on each backend.
    let n = cases() / 4;
    unary!("invert", unary_inputs(200, n), |a| FieldArith::invert(&a));
    unary!("invert_fermat", unary_inputs(202, n / 4), |a| a
        .invert_fermat());
    unary!("pow22523", unary_inputs(201, n), |a| FieldArith::pow22523(
        &a
    ));
}

#[test]
fn sqrt_ratio() {
    let e = edges();
    let mut rng = Rng(300);
    let mut pairs: Vec<([u64; 4], [u64; 4])> = e
        .iter()
        .flat_map(|a| e.iter().step_by(3).map(move |b| (*a, *b)))
        .collect();
    let n = cases() / 4;
    for i in 0..n {
        let (u, v) = (rng.limbs(), rng.limbs());
        // Every other pair is a square ratio: u = x²·v.
        let u = if i % 2 == 0 {
            let x = Fe64::from_limbs(u);
            (x.square() * Fe64::from_limbs(v)).limbs()
        } else {
            u
        };
        pairs.push((u, v));
    }
    let mut results: Vec<(&str, Vec<Out>)> = Vec::new();
    each_backend!(F => results.push((
        <F as Backend>::NAME,
        pairs
            .iter()
            .map(|(u, v)| {
                let (ok, r) = F::sqrt_ratio(&F::load(u), &F::load(v));
                (r.to_bytes(), r.raw(), Some(bool::from(ok)))
            })
            .collect(),
    )));
    let squares = results[0].1.iter().filter(|r| r.2 == Some(true)).count();
    let ins: Vec<Vec<[u64; 4]>> = pairs.iter().map(|(x, y)| vec![*x, *y]).collect();
    compare("sqrt_ratio", &ins, &results);
    // The pair form, on the same fractions taken two at a time (each with its
    // neighbour, so every fraction sits in both places), is the single form twice,
    // limb for limb, on every backend.
    each_backend!(F => {
        let single = &results.iter().find(|r| r.0 == <F as Backend>::NAME).expect("ran").1;
        for (i, (u0, v0)) in pairs.iter().enumerate() {
            let j = (i + 1) % pairs.len();
            let (u1, v1) = pairs[j];
            let got = F::sqrt_ratio_pair(&F::load(u0), &F::load(v0), &F::load(&u1), &F::load(&v1))
                .map(|(ok, r)| (r.to_bytes(), r.raw(), Some(bool::from(ok))));
            assert_eq!(
                got,
                [single[i], single[j]],
                "{} sqrt_ratio_pair of fractions {i} and {j}",
                <F as Backend>::NAME
            );
        }
    });
    assert!(
        squares > n / 3,
        "too few square ratios exercised: {squares}"
    );
}

#[test]
fn encodings_and_predicates() {
    let n = cases();
    unary!("abs", unary_inputs(400, n), |a| a.abs());
    fn preds<F: Backend>(l: &[u64; 4]) -> ([u8; 32], bool, bool, [u8; 32]) {
        let f = F::load(l);
        let mut bytes = [0u8; 32];
        for (i, x) in l.iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
        }
        // Decoding the same 32 bytes (bit 255 ignored) through from_field.
        let dec = F::from_field(&FieldElement::from_bytes(&bytes)).to_bytes();
        (
            f.to_bytes(),
            bool::from(f.is_negative()),
            bool::from(f.is_zero()),
            dec,
        )
    }
    for l in unary_inputs(401, n) {
        let want = preds::<Fe51>(&l);
        assert_eq!(want.0, reference(&l).to_bytes(), "Fe51 encoding of {l:x?}");
        let mut got = vec![preds::<Fe64>(&l), preds::<FieldElement>(&l)];
        #[cfg(target_arch = "x86_64")]
        if backend::cpu_has_bmi2_adx() {
            got.push(preds::<Mulx>(&l));
        }
        for g in got {
            assert_eq!(g, want, "encodings/predicates of {l:x?}");
        }
    }
    // is_zero must see every representation of 0 below 2^256: 0, p, 2p.
    for z in [[0; 4], edges()[6], edges()[12]] {
        assert!(bool::from(Fe64::load(&z).is_zero()), "{z:x?} is zero");
        assert!(
            bool::from(FieldElement::load(&z).is_zero()),
            "{z:x?} is zero"
        );
    }
}

#[test]
fn ct_eq_and_conditional_select() {
    fn check<F: Backend>(a: &[u64; 4], b: &[u64; 4], want: bool) {
        let (fa, fb) = (F::load(a), F::load(b));
        let name = F::NAME;
        assert_eq!(
            bool::from(fa.ct_eq(&fb)),
            want,
            "{name} ct_eq {a:x?} {b:x?}"
        );
        assert_eq!(fa == fb, want, "{name} eq {a:x?} {b:x?}");
        for c in [0u8, 1] {
            let s = F::conditional_select(&fa, &fb, Choice::from(c));
            let pick = if c == 1 { fb } else { fa };
            assert_eq!(s.raw(), pick.raw(), "{name} conditional_select");
            assert_eq!(s.to_bytes(), pick.to_bytes(), "{name} conditional_select");
        }
    }
    let e = edges();
    let mut rng = Rng(500);
    let mut pairs: Vec<([u64; 4], [u64; 4])> = e
        .iter()
        .flat_map(|a| e.iter().map(move |b| (*a, *b)))
        .collect();
    for i in 0..cases() {
        let a = rng.limbs();
        // Every other pair: two representations of one value (a and a ± p).
        let canonical = canonical_limbs(reference(&a));
        let b = match i % 4 {
            0 => add_limbs(canonical, P), // < 2p < 2^256
            1 => canonical,
            _ => rng.limbs(),
        };
        pairs.push((a, b));
    }
    let mut equal = 0;
    for (a, b) in pairs {
        let want = reference(&a).to_bytes() == reference(&b).to_bytes();
        equal += usize::from(want);
        check::<Fe51>(&a, &b, want);
        check::<Fe64>(&a, &b, want);
        check::<FieldElement>(&a, &b, want);
        #[cfg(target_arch = "x86_64")]
        if backend::cpu_has_bmi2_adx() {
            check::<Mulx>(&a, &b, want);
        }
    }
    assert!(
        equal > cases() / 3,
        "too few equal pairs exercised: {equal}"
    );
}
