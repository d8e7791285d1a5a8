//! Every field backend agrees bit for bit with every other, over a list of backends:
//! `Fe51` (portable radix 2^51, the reference), `Fe64` (portable 4×64), the public
//! `FieldElement` (on x86-64 the 4×64 limbs, dispatched per operation) and, where the
//! CPU has BMI2 and ADX, `Mulx` (MULX/ADX on the 4×64 limbs).
//!
//! Every operation runs on every backend (through `FieldArith`, so each backend's own
//! code runs whatever the dispatcher would pick) and the canonical encodings of the
//! results must equal the reference's; the 4×64 backends must moreover return the same
//! limbs (they compute the same reduction). Inputs: edge values in 4×64 form (0, 1,
//! p-1, p, p+1, 2p, 2^255-1, 2^256-1, values just under 2^256, limbs at 0 / 1 / 2^63 /
//! 2^64-1 ...), all pairs of them for binary operations, then random values (half
//! uniform, half assembled from edge limbs). The radix-2^51 input is built from the
//! 256-bit value with `FieldElement::from_wide_bytes`, independent of the backends' own
//! conversions.
//!
//! Case counts: 100,000 random inputs per operation in release, 10,000 in debug;
//! `BACKEND_AGREEMENT_CASES=n` overrides (e.g. under valgrind). On a CPU without BMI2
//! and ADX the MULX backend is left out of the list (with a note).

use edwards25519_field::backend::{self, u64::Fe51, u64x4::Fe64};
use edwards25519_field::{FieldArith, FieldElement};
use subtle::Choice;

/// The proof type for the MULX/ADX backend in these tests.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Checked;

// SAFETY: `Mulx<Checked>` is used only inside `each_backend!`'s last arm, which runs
// after `cpu_has_bmi2_adx()` returned true.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
unsafe impl backend::x86_64::Bmi2Adx for Checked {}

#[cfg(target_arch = "x86_64")]
type Mulx = backend::x86_64::Mulx<Checked>;

/// A backend under test: how to load a 256-bit value into it, and its raw 4×64 limbs
/// where it has them.
trait Backend: FieldArith + PartialEq {
    const NAME: &'static str;
    fn load(l: &[u64; 4]) -> Self;
    fn raw(&self) -> Option<[u64; 4]>;
}

impl Backend for Fe51 {
    const NAME: &'static str = "Fe51";
    fn load(l: &[u64; 4]) -> Self {
        reference(l).to_fe51()
    }
    fn raw(&self) -> Option<[u64; 4]> {
        None
    }
}

impl Backend for Fe64 {
    const NAME: &'static str = "Fe64";
    fn load(l: &[u64; 4]) -> Self {
        Fe64::from_limbs(*l)
    }
    fn raw(&self) -> Option<[u64; 4]> {
        Some(self.limbs())
    }
}

impl Backend for FieldElement {
    const NAME: &'static str = "FieldElement";
    fn load(l: &[u64; 4]) -> Self {
        FieldElement::from_fe64(&Fe64::from_limbs(*l))
    }
    fn raw(&self) -> Option<[u64; 4]> {
        // Its own limbs only where it holds the 4×64 form.
        if cfg!(all(
            target_arch = "x86_64",
            not(edwards25519_backend = "portable")
        )) {
            Some(self.to_fe64().limbs())
        } else {
            None
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl Backend for Mulx {
    const NAME: &'static str = "Mulx";
    fn load(l: &[u64; 4]) -> Self {
        Mulx::from_fe64(Fe64::from_limbs(*l))
    }
    fn raw(&self) -> Option<[u64; 4]> {
        Some(self.to_fe64().limbs())
    }
}

/// Evaluates `$body` once per backend, with `$F` bound to it. Fe51 (the reference)
/// comes first.
macro_rules! each_backend {
    ($F:ident => $body:expr) => {{
        {
            type $F = Fe51;
            $body;
        }
        {
            type $F = Fe64;
            $body;
        }
        {
            type $F = FieldElement;
            $body;
        }
        #[cfg(target_arch = "x86_64")]
        if mulx_available() {
            type $F = Mulx;
            $body;
        }
    }};
}

/// Whether this CPU runs the MULX/ADX backend (a note when not).
fn mulx_available() -> bool {
    let has = backend::cpu_has_bmi2_adx();
    if !has {
        println!("note: CPU lacks BMI2/ADX; the MULX backend is not in the list here");
    }
    has
}

/// One backend's result on one input: canonical bytes, raw 4×64 limbs if any, a flag.
type Out = ([u8; 32], Option<[u64; 4]>, Option<bool>);

fn out<F: Backend>(x: F) -> Out {
    (x.to_bytes(), x.raw(), None)
}

/// Every backend's results equal the reference's (the first) bit for bit.
fn compare(what: &str, inputs: &[Vec<[u64; 4]>], results: &[(&str, Vec<Out>)]) {
    let (ref_name, reference) = &results[0];
    assert!(results.len() >= 3, "{what}: too few backends ran");
    let mut raw_ref: Vec<Option<[u64; 4]>> = vec![None; inputs.len()];
    for (name, res) in results {
        assert_eq!(res.len(), inputs.len());
        for (i, r) in res.iter().enumerate() {
            assert_eq!(
                (r.0, r.2),
                (reference[i].0, reference[i].2),
                "{what}: {name} disagrees with {ref_name} on {:x?}",
                inputs[i]
            );
            if let Some(l) = r.1 {
                match raw_ref[i] {
                    None => raw_ref[i] = Some(l),
                    Some(m) => {
                        assert_eq!(l, m, "{what}: {name}'s limbs differ on {:x?}", inputs[i])
                    }
                }
            }
        }
    }
}

/// A unary operation `|a| expr` on every backend, over `inputs`.
macro_rules! unary {
    ($what:expr, $inputs:expr, |$a:ident| $e:expr) => {{
        let inputs: Vec<[u64; 4]> = $inputs;
        let mut results: Vec<(&str, Vec<Out>)> = Vec::new();
        each_backend!(F => results.push((
            <F as Backend>::NAME,
            inputs.iter().map(|l| { let $a = <F as Backend>::load(l); out::<F>($e) }).collect(),
        )));
        let ins: Vec<Vec<[u64; 4]>> = inputs.iter().map(|l| vec![*l]).collect();
        compare(&$what, &ins, &results);
    }};
}

/// A binary operation `|a, b| expr` on every backend, over `pairs`.
macro_rules! binary {
    ($what:expr, $pairs:expr, |$a:ident, $b:ident| $e:expr) => {{
        let pairs: Vec<([u64; 4], [u64; 4])> = $pairs;
        let mut results: Vec<(&str, Vec<Out>)> = Vec::new();
        each_backend!(F => results.push((
            <F as Backend>::NAME,
            pairs
                .iter()
                .map(|(x, y)| {
                    let ($a, $b) = (<F as Backend>::load(x), <F as Backend>::load(y));
                    out::<F>($e)
                })
                .collect(),
        )));
        let ins: Vec<Vec<[u64; 4]>> = pairs.iter().map(|(x, y)| vec![*x, *y]).collect();
        compare(&$what, &ins, &results);
    }};
}

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

/// SplitMix64: a small deterministic generator (fixed seed per test).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
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

/// The public element with the same value as the 256 bits `l`, built without the
/// backends' conversion code.
fn reference(l: &[u64; 4]) -> FieldElement {
    let mut wide = [0u8; 64];
    for (i, x) in l.iter().enumerate() {
        wide[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
    }
    FieldElement::from_wide_bytes(&wide)
}

/// Every edge value and `n` random ones.
fn unary_inputs(seed: u64, n: usize) -> Vec<[u64; 4]> {
    let mut rng = Rng(seed);
    edges()
        .into_iter()
        .chain((0..n).map(|_| rng.limbs()))
        .collect()
}

/// All pairs of edge values and `cases()` random pairs (every eighth mixing an edge
/// value with a random one).
fn binary_inputs(seed: u64) -> Vec<([u64; 4], [u64; 4])> {
    let e = edges();
    let mut pairs: Vec<([u64; 4], [u64; 4])> = e
        .iter()
        .flat_map(|a| e.iter().map(move |b| (*a, *b)))
        .collect();
    let mut rng = Rng(seed);
    pairs.extend((0..cases()).map(|i| {
        let a = rng.limbs();
        let b = if i % 8 == 0 {
            e[rng.next() as usize % e.len()]
        } else {
            rng.limbs()
        };
        (a, b)
    }));
    pairs
}

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

/// The documented output bounds (`backend/u64x4.rs`, `backend/x86_64/asm.rs`):
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

/// The canonical limbs (value < p) of `f`, read back from its encoding.
fn canonical_limbs(f: FieldElement) -> [u64; 4] {
    let b = f.to_bytes();
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes")))
}

/// The conversions between the limb types (radix 2^51 <-> 4×64 <-> public) keep the
/// value, and land inside the radix-2^51 invariant.
#[test]
fn conversions() {
    let mut rng = Rng(600);
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
        let f51 = Fe51::from_limbs(l).expect("limbs below 2^52");
        let fe = FieldElement::from_limbs(l).expect("limbs below 2^52");
        assert_eq!(fe.to_bytes(), f51.to_bytes(), "from_limbs of {l:x?}");
        let f64 = Fe64::from_fe51(&f51);
        assert_eq!(f64.to_bytes(), f51.to_bytes(), "from_fe51 of {l:x?}");
        let back = f64.to_fe51();
        assert!(Fe51::from_limbs(back.limbs()).is_some());
        assert_eq!(back, f51, "round trip of {l:x?}");
        assert_eq!(FieldElement::from_limbs(fe.limbs()), Some(fe));
        assert_eq!(Fe64::from_field_const(&fe).to_bytes(), fe.to_bytes());
    }
    for a in edges() {
        let f = Fe64::from_limbs(a);
        assert_eq!(
            f.to_fe51().to_bytes(),
            reference(&a).to_bytes(),
            "to_fe51 of {a:x?}"
        );
        assert_eq!(
            FieldElement::from_fe64(&f).to_bytes(),
            reference(&a).to_bytes()
        );
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
    const TABLE: [Fe64; 4] = {
        let mut t = [Fe64::ZERO; 4];
        let mut i = 0;
        while i < 4 {
            t[i] = Fe64::from_field_const(&SOURCE[i]);
            i += 1;
        }
        t
    };
    for (t, s) in TABLE.iter().zip(SOURCE.iter()) {
        assert_eq!(t.limbs(), Fe64::from_field(s).limbs());
        assert_eq!(t.to_bytes(), s.to_bytes());
    }
    assert_eq!(TABLE[0].limbs(), Fe64::ONE.limbs());
    assert_eq!(TABLE[1].square().to_bytes(), (-Fe64::ONE).to_bytes());
}

#[test]
fn names_and_defaults() {
    assert_eq!(<Fe51 as FieldArith>::BACKEND, "portable (radix 2^51)");
    assert_eq!(<Fe64 as FieldArith>::BACKEND, "portable (4x64)");
    assert_eq!(Fe64::default().limbs(), [0; 4]);
    assert_eq!(Fe51::default().limbs(), [0; 5]);
    assert_eq!(
        <Fe64 as FieldArith>::ONE.to_bytes(),
        FieldElement::ONE.to_bytes()
    );
    let dbg = format!("{:?}", Fe64::from_limbs([u64::MAX; 4]));
    // 2^256 - 1 = 2p + 37, shown reduced.
    assert_eq!(dbg, format!("Fe64(0x{}25)", "00".repeat(31)));
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(<Mulx as FieldArith>::BACKEND, "x86-64 MULX/ADX (4x64)");
        let m = Mulx::from_fe64(Fe64::from_limbs([u64::MAX; 4]));
        assert_eq!(format!("{m:?}"), format!("Mulx({dbg})"));
    }
    if backend::use_fast() {
        assert_eq!(backend::selected(), "x86-64 MULX/ADX (4x64)");
    }
}
