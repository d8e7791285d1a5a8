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

use edwards25519_field::backend::{self, radix51::Fe51, radix64::Fe64};
use edwards25519_field::{FieldArith, FieldElement};

// `Mulx` is used only inside `each_backend!`'s last arm, which runs after
// `cpu_has_bmi2_adx()` returned true: the contract of its proof type `Checked`.
#[cfg(target_arch = "x86_64")]
use edwards25519_test_support::field::Mulx;

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
        if cfg!(edwards25519_x86) {
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

/// Random cases per operation (`BACKEND_AGREEMENT_CASES` names another count).
fn cases() -> usize {
    edwards25519_test_support::cases_or_env("BACKEND_AGREEMENT_CASES", 10_000, 100_000)
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

/// The canonical limbs (value < p) of `f`, read back from its encoding.
fn canonical_limbs(f: FieldElement) -> [u64; 4] {
    let b = f.to_bytes();
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes")))
}

// The tests, by kind (they use the harness above through `super::*`; the macros are in
// scope because they are defined before these declarations).
mod conversions;
mod operations;
