//! The x86-64 MULX/ADX backend agrees bit for bit with the portable backend.
//!
//! Every operation of [`FieldArith`] runs on the fast backend (`x86_64::Fe`) and on the
//! portable [`FieldElement`] (through the trait, so the portable code runs even where
//! the dispatcher would pick the fast one), and the canonical encodings of the results
//! must be equal. Inputs: edge values in 4×64 form (0, 1, p-1, p, p+1, 2p, 2^255-1,
//! 2^256-1, values just under 2^256, limbs at 0 / 1 / 2^63 / 2^64-1 ...), all pairs of
//! them for binary operations, then random values (half uniform, half assembled from
//! edge limbs). The reference input is built from the 256-bit value with
//! `FieldElement::from_wide_bytes`, independent of the backend's own conversions.
//!
//! Case counts: 100,000 random inputs per operation in release, 10,000 in debug;
//! `BACKEND_AGREEMENT_CASES=n` overrides (e.g. under valgrind). On a CPU without BMI2
//! and ADX the tests print a note and return.
#![cfg(target_arch = "x86_64")]

use edwards25519_field::backend::{self, x86_64::Fe};
use edwards25519_field::{FieldArith, FieldElement};
use edwards25519_test_support::SplitMix64;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// Random cases per operation.
fn cases() -> usize {
    if let Ok(s) = std::env::var("BACKEND_AGREEMENT_CASES") {
        return s.parse().expect("BACKEND_AGREEMENT_CASES must be a number");
    }
    if cfg!(debug_assertions) {
        10_000
    } else {
        100_000
    }
}

/// False (after a note) when this CPU cannot run the fast backend.
fn fast_available() -> bool {
    if !backend::cpu_has_bmi2_adx() {
        println!("note: CPU lacks BMI2/ADX; x86-64 backend agreement not checked here");
    }
    backend::cpu_has_bmi2_adx()
}

/// The shared SplitMix64 generator (fixed seed per test), with this file's input shapes.
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A 256-bit value: uniform, or each limb an edge limb or random.
    fn limbs(&mut self) -> [u64; 4] {
        const EDGE_LIMBS: [u64; 10] = [
            0,
            1,
            2,
            19,
            38,
            1 << 63,
            (1 << 63) - 1,
            u64::MAX,
            u64::MAX - 18,
            u64::MAX - 37,
        ];
        if self.next() & 1 == 0 {
            return [self.next(), self.next(), self.next(), self.next()];
        }
        let mut l = [0u64; 4];
        for x in l.iter_mut() {
            let r = self.next();
            *x = if r.is_multiple_of(3) {
                self.next()
            } else {
                EDGE_LIMBS[(r >> 8) as usize % 10]
            };
        }
        l
    }
}

/// p = 2^255 - 19 in 4×64 form.
const P: [u64; 4] = [u64::MAX - 18, u64::MAX, u64::MAX, u64::MAX >> 1];

/// x + y mod 2^256.
fn add_limbs(x: [u64; 4], y: [u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut c = 0u128;
    for i in 0..4 {
        let t = x[i] as u128 + y[i] as u128 + c;
        r[i] = t as u64;
        c = t >> 64;
    }
    r
}

/// x + k for a small k, mod 2^256.
fn add_small(x: [u64; 4], k: u64) -> [u64; 4] {
    add_limbs(x, [k, 0, 0, 0])
}

/// x - k for a small k, mod 2^256.
fn sub_small(x: [u64; 4], k: u64) -> [u64; 4] {
    let mut r = x;
    let mut b = k;
    for l in r.iter_mut() {
        let (t, o) = l.overflowing_sub(b);
        *l = t;
        b = o as u64;
    }
    r
}

/// Edge values in 4×64 form.
fn edges() -> Vec<[u64; 4]> {
    let m = u64::MAX;
    let p = P;
    let two_p = [m - 37, m, m, m];
    let mut v = vec![
        [0, 0, 0, 0],
        [1, 0, 0, 0],
        [2, 0, 0, 0],
        [19, 0, 0, 0],
        [38, 0, 0, 0],
        sub_small(p, 1),
        p,
        add_small(p, 1),
        add_small(p, 18), // 2^255 - 1
        add_small(p, 19), // 2^255
        add_small(p, 20), // 2^255 + 1
        sub_small(two_p, 1),
        two_p, // 2^256 - 38
        add_small(two_p, 1),
        sub_small(two_p, 1),
        [m, m, m, m], // 2^256 - 1
        sub_small([m; 4], 1),
        sub_small([m; 4], 18),
        sub_small([m; 4], 19),
        sub_small([m; 4], 36),
        [m, 0, 0, 0],
        [0, m, 0, 0],
        [0, 0, m, 0],
        [0, 0, 0, m],
        [0, 0, 0, 1 << 63],
        [m, m, m, 0],
        [0, 0, 0, 1],
        [1 << 63, 1 << 63, 1 << 63, 1 << 63],
    ];
    // a = ceil(2^256 / 37) = (2^256 + 21) / 37: a·(2^256 - 1) is 2^257 - 17 after the
    // first fold by 38, limbs all ones above a top word: the reductions' worst carries.
    v.push([
        0xb3e4_5306_eb3e_4531,
        0xe453_06eb_3e45_306e,
        0x5306_eb3e_4530_6eb3,
        0x06eb_3e45_306e_b3e4,
    ]);
    // Values just under 2^256, where the reductions' carries land.
    for k in [1u64, 19, 38, 39, 76, 1 << 12] {
        v.push(sub_small([0; 4], k)); // 2^256 - k
    }
    v
}

/// The portable element with the same value as the 256 bits `l`, built without the
/// backend's conversion code.
fn reference(l: &[u64; 4]) -> FieldElement {
    let mut wide = [0u8; 64];
    for (i, x) in l.iter().enumerate() {
        wide[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
    }
    FieldElement::from_wide_bytes(&wide)
}

/// Checks a fast result against the portable one: canonical bytes, and the round
/// trip through the portable representation.
fn assert_agree(what: &str, inputs: &[[u64; 4]], fast: Fe, portable: FieldElement) {
    assert_eq!(
        fast.to_bytes(),
        portable.to_bytes(),
        "{what} disagrees on inputs {inputs:x?} (fast limbs {:x?})",
        fast.limbs()
    );
    let back = fast.to_field();
    assert!(back.is_in_bounds(), "{what}: to_field out of bounds");
    assert_eq!(
        back.to_bytes(),
        portable.to_bytes(),
        "{what}: to_field of {inputs:x?}"
    );
    assert_eq!(
        Fe::from_field(&back).to_bytes(),
        fast.to_bytes(),
        "{what}: from_field(to_field) of {inputs:x?}"
    );
}

/// Runs a unary operation on every edge value and `cases()` random ones.
fn check_unary(
    what: &str,
    seed: u64,
    n: usize,
    fast: impl Fn(Fe) -> Fe,
    port: impl Fn(FieldElement) -> FieldElement,
) {
    let mut rng = Rng::new(seed);
    let inputs = edges().into_iter().chain((0..n).map(|_| rng.limbs()));
    for a in inputs {
        assert_agree(what, &[a], fast(Fe::from_limbs(a)), port(reference(&a)));
    }
}

/// Runs a binary operation on all pairs of edge values and `cases()` random pairs.
fn check_binary(
    what: &str,
    seed: u64,
    fast: impl Fn(Fe, Fe) -> Fe,
    port: impl Fn(FieldElement, FieldElement) -> FieldElement,
) {
    let e = edges();
    let mut pairs: Vec<([u64; 4], [u64; 4])> = e
        .iter()
        .flat_map(|a| e.iter().map(move |b| (*a, *b)))
        .collect();
    let mut rng = Rng::new(seed);
    pairs.extend((0..cases()).map(|i| {
        // Every eighth pair mixes an edge value with a random one.
        let a = rng.limbs();
        let b = if i % 8 == 0 {
            e[rng.next() as usize % e.len()]
        } else {
            rng.limbs()
        };
        (a, b)
    }));
    for (a, b) in pairs {
        let (fa, fb) = (Fe::from_limbs(a), Fe::from_limbs(b));
        let (pa, pb) = (reference(&a), reference(&b));
        assert_agree(what, &[a, b], fast(fa, fb), port(pa, pb));
    }
}

#[test]
fn add_sub_mul() {
    if !fast_available() {
        return;
    }
    check_binary("add", 1, |a, b| a + b, |a, b| a + b);
    check_binary("sub", 2, |a, b| a - b, |a, b| a - b);
    check_binary("mul", 3, |a, b| a * b, |a, b| a * b);
}

#[test]
fn neg_square_square2() {
    if !fast_available() {
        return;
    }
    let n = cases();
    check_unary("neg", 4, n, |a| -a, |a| -a);
    check_unary("square", 5, n, |a| FieldArith::square(&a), |a| a.square());
    check_unary(
        "square2",
        6,
        n,
        |a| a.square2(),
        |a| a.square() + a.square(),
    );
}

/// `mul32` (the ladder's a24 step) for small constants at the edges and at random.
#[test]
fn mul32() {
    if !fast_available() {
        return;
    }
    let mut rng = Rng::new(800);
    let mut bs = vec![0u32, 1, 2, 19, 38, 121_665, 121_666, u32::MAX - 1, u32::MAX];
    bs.extend((0..16).map(|_| rng.next() as u32));
    let n = cases() / bs.len();
    for (i, b) in bs.into_iter().enumerate() {
        check_unary(
            &format!("mul32({b})"),
            900 + i as u64,
            n,
            |a| a.mul32(b),
            |a| a.mul32(b),
        );
    }
}

/// The documented output bounds (x86_64.rs): products below 2^255 + 2^12, sums below
/// 2^255 + 57, differences below 2^256 - 38.
#[test]
fn output_bounds() {
    if !fast_available() {
        return;
    }
    // x < y as 256-bit numbers (limbs little-endian).
    let lt = |x: [u64; 4], y: [u64; 4]| x.iter().rev().lt(y.iter().rev());
    let two_255_plus = |k: u64| [k, 0, 0, 1 << 63];
    let e = edges();
    let mut rng = Rng::new(700);
    let pairs = e
        .iter()
        .flat_map(|a| e.iter().map(move |b| (*a, *b)))
        .chain((0..cases()).map(|_| (rng.limbs(), rng.limbs())));
    for (a, b) in pairs {
        let (fa, fb) = (Fe::from_limbs(a), Fe::from_limbs(b));
        for (what, r) in [
            ("mul", fa * fb),
            ("square", fa.square()),
            ("square2", fa.square2()),
            ("pow2k", fa.pow2k(3)),
        ] {
            assert!(
                lt(r.limbs(), two_255_plus(1 << 12)),
                "{what} bound on {a:x?} {b:x?}"
            );
        }
        let b32 = b[0] as u32;
        assert!(
            lt(fa.mul32(b32).limbs(), two_255_plus(1 << 39)),
            "mul32 bound on {a:x?} {b32:x}"
        );
        assert!(
            lt((fa + fb).limbs(), two_255_plus(57)),
            "add bound on {a:x?} {b:x?}"
        );
        for r in [fa - fb, -fa] {
            assert!(
                lt(r.limbs(), sub_small([0; 4], 38)),
                "sub/neg bound on {a:x?} {b:x?}"
            );
        }
    }
}

#[test]
fn pow2k() {
    if !fast_available() {
        return;
    }
    for k in [1u32, 2, 3, 4, 5, 10, 20, 50, 100] {
        let n = cases();
        check_unary(
            &format!("pow2k({k})"),
            7 + u64::from(k),
            n,
            |a| a.pow2k(k),
            |a| {
                let mut x = a;
                for _ in 0..k {
                    x = x.square();
                }
                x
            },
        );
    }
}

#[test]
fn invert_and_pow22523() {
    if !fast_available() {
        return;
    }
    // ~265 field operations per case on each side.
    let n = cases();
    check_unary(
        "invert",
        200,
        n,
        |a| a.invert(),
        |a| <FieldElement as FieldArith>::invert(&a),
    );
    check_unary(
        "pow22523",
        201,
        n,
        |a| a.pow22523(),
        |a| <FieldElement as FieldArith>::pow22523(&a),
    );
}

#[test]
fn sqrt_ratio() {
    if !fast_available() {
        return;
    }
    let e = edges();
    let mut rng = Rng::new(300);
    let mut pairs: Vec<([u64; 4], [u64; 4])> = e
        .iter()
        .flat_map(|a| e.iter().step_by(3).map(move |b| (*a, *b)))
        .collect();
    for i in 0..cases() {
        let (u, v) = (rng.limbs(), rng.limbs());
        // Every other pair is a square ratio: u = x²·v.
        let u = if i % 2 == 0 {
            let x = Fe::from_limbs(u);
            (x.square() * Fe::from_limbs(v)).limbs()
        } else {
            u
        };
        pairs.push((u, v));
    }
    let mut squares = 0;
    for (u, v) in pairs {
        let (ok_f, r_f) = <Fe as FieldArith>::sqrt_ratio(&Fe::from_limbs(u), &Fe::from_limbs(v));
        let (ok_p, r_p) = <FieldElement as FieldArith>::sqrt_ratio(&reference(&u), &reference(&v));
        assert_eq!(
            bool::from(ok_f),
            bool::from(ok_p),
            "sqrt_ratio flag on {u:x?} / {v:x?}"
        );
        assert_agree("sqrt_ratio", &[u, v], r_f, r_p);
        squares += usize::from(bool::from(ok_f));
    }
    assert!(
        squares > cases() / 3,
        "too few square ratios exercised: {squares}"
    );
}

#[test]
fn encodings_and_predicates() {
    if !fast_available() {
        return;
    }
    let mut rng = Rng::new(400);
    let inputs: Vec<[u64; 4]> = edges()
        .into_iter()
        .chain((0..cases()).map(|_| rng.limbs()))
        .collect();
    for a in &inputs {
        let (f, p) = (Fe::from_limbs(*a), reference(a));
        assert_eq!(f.to_bytes(), p.to_bytes(), "to_bytes of {a:x?}");
        assert_eq!(
            <Fe as FieldArith>::to_bytes(&f),
            p.to_bytes(),
            "trait to_bytes of {a:x?}"
        );
        assert_eq!(
            bool::from(f.is_negative()),
            bool::from(p.is_negative()),
            "is_negative {a:x?}"
        );
        assert_eq!(
            bool::from(f.is_zero()),
            bool::from(p.is_zero()),
            "is_zero {a:x?}"
        );
        assert_agree("abs", &[*a], f.abs(), p.abs());
        // Decoding: the same 32 bytes (bit 255 ignored by both).
        let mut bytes = [0u8; 32];
        for (i, x) in a.iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
        }
        assert_eq!(
            Fe::from_bytes(&bytes).to_bytes(),
            FieldElement::from_bytes(&bytes).to_bytes()
        );
    }
    // is_zero must see every representation of 0 below 2^256: 0, p, 2p.
    for z in [[0; 4], edges()[6], edges()[12]] {
        assert!(bool::from(Fe::from_limbs(z).is_zero()), "{z:x?} is zero");
    }
}

#[test]
fn ct_eq_and_conditional_select() {
    if !fast_available() {
        return;
    }
    let e = edges();
    let mut rng = Rng::new(500);
    let mut pairs: Vec<([u64; 4], [u64; 4])> = e
        .iter()
        .flat_map(|a| e.iter().map(move |b| (*a, *b)))
        .collect();
    for i in 0..cases() {
        let a = rng.limbs();
        // Every other pair: two representations of one value (a and a ± p).
        let canonical = canonical_limbs(Fe::from_limbs(a));
        let b = match i % 4 {
            0 => add_limbs(canonical, P), // < 2p < 2^256
            1 => canonical,
            _ => rng.limbs(),
        };
        pairs.push((a, b));
    }
    let mut equal = 0;
    for (a, b) in pairs {
        let (fa, fb) = (Fe::from_limbs(a), Fe::from_limbs(b));
        let want = reference(&a) == reference(&b);
        assert_eq!(bool::from(fa.ct_eq(&fb)), want, "ct_eq {a:x?} {b:x?}");
        assert_eq!(fa == fb, want, "eq {a:x?} {b:x?}");
        equal += usize::from(want);
        for c in [0u8, 1] {
            let s = Fe::conditional_select(&fa, &fb, Choice::from(c));
            assert_eq!(s.limbs(), if c == 1 { b } else { a }, "conditional_select");
        }
    }
    assert!(
        equal > cases() / 3,
        "too few equal pairs exercised: {equal}"
    );
}

/// The canonical limbs (value < p) of `f`, read back from its encoding.
fn canonical_limbs(f: Fe) -> [u64; 4] {
    let b = f.to_bytes();
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes")))
}

#[test]
fn conversions() {
    // Pure Rust: checked on every CPU.
    let mut rng = Rng::new(600);
    const MAX52: u64 = (1 << 52) - 1;
    let mut limb_sets: Vec<[u64; 5]> = vec![
        [0; 5],
        [MAX52; 5],
        [MAX52, 0, 0, 0, MAX52],
        [0, 0, 0, 0, MAX52],
    ];
    for _ in 0..cases() {
        let r = rng.next();
        limb_sets.push(core::array::from_fn(|i| match (r >> (4 * i)) & 3 {
            0 => MAX52,
            1 => (1 << 51) - 1,
            _ => rng.next() & MAX52,
        }));
    }
    for l in limb_sets {
        let fe = FieldElement::from_limbs(l).expect("limbs below 2^52");
        let f = Fe::from_field(&fe);
        assert_eq!(f.to_bytes(), fe.to_bytes(), "from_field of {l:x?}");
        assert_eq!(Fe::from_field_const(&fe).limbs(), f.limbs());
        let back = f.to_field();
        assert!(back.is_in_bounds());
        assert_eq!(back, fe, "round trip of {l:x?}");
    }
    for a in edges() {
        let f = Fe::from_limbs(a);
        assert_eq!(
            f.to_field().to_bytes(),
            reference(&a).to_bytes(),
            "to_field of {a:x?}"
        );
        assert!(f.to_field().is_in_bounds());
    }
}

/// Tables converted at compile time (as the group crate does) equal the runtime
/// conversion.
#[test]
fn const_table_conversion() {
    const SOURCE: [FieldElement; 4] = [
        FieldElement::ONE,
        FieldElement::SQRT_M1,
        FieldElement::from_bytes(&[0xff; 32]),
        FieldElement::from_bytes(&[0x5a; 32]),
    ];
    const TABLE: [Fe; 4] = {
        let mut t = [Fe::ZERO; 4];
        let mut i = 0;
        while i < 4 {
            t[i] = Fe::from_field_const(&SOURCE[i]);
            i += 1;
        }
        t
    };
    for (t, s) in TABLE.iter().zip(SOURCE.iter()) {
        assert_eq!(t.limbs(), Fe::from_field(s).limbs());
        assert_eq!(t.to_bytes(), s.to_bytes());
    }
    assert_eq!(TABLE[0].limbs(), Fe::ONE.limbs());
    if fast_available() {
        assert_eq!(TABLE[1].square().to_bytes(), (-Fe::ONE).to_bytes());
    }
}

#[test]
fn names_and_defaults() {
    assert_eq!(<Fe as FieldArith>::BACKEND, "x86-64 MULX/ADX (4x64)");
    assert_eq!(Fe::default().limbs(), [0; 4]);
    assert_eq!(
        <Fe as FieldArith>::ONE.to_bytes(),
        FieldElement::ONE.to_bytes()
    );
    let dbg = format!("{:?}", Fe::from_limbs([u64::MAX; 4]));
    // 2^256 - 1 = 2p + 37, shown reduced.
    assert_eq!(dbg, format!("Fe(0x{}25)", "00".repeat(31)));
}
