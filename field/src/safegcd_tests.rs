//! Unit tests of `safegcd.rs`'s internals; the public behaviour is tested in tests/safegcd.rs.
use super::*;
use crate::FieldElement;

/// The canonical words of an element.
fn words(x: &FieldElement) -> [u64; 4] {
    let b = x.to_bytes();
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8")))
}

/// 320-bit two's-complement words, for the model below.
type W = [u64; 5];

fn add(a: &W, b: &W) -> W {
    let mut out = [0u64; 5];
    let mut c = 0u128;
    for i in 0..5 {
        let s = a[i] as u128 + b[i] as u128 + c;
        out[i] = s as u64;
        c = s >> 64;
    }
    out
}

fn neg(a: &W) -> W {
    add(&a.map(|x| !x), &[1, 0, 0, 0, 0])
}

/// Arithmetic shift right by one.
fn half(a: &W) -> W {
    let mut out = [0u64; 5];
    for i in 0..5 {
        let hi = if i < 4 {
            a[i + 1] << 63
        } else {
            a[4] & (1 << 63)
        };
        out[i] = (a[i] >> 1) | hi;
    }
    out
}

/// A normalised radix-2^60 value as words: each limb sign-extended, shifted to its
/// place bit by bit (slow and plain), and added.
fn to_w(x: &Int60) -> W {
    let mut out: W = [0; 5];
    for (i, &limb) in x.iter().enumerate() {
        let mut v: W = [limb as u64, 0, 0, 0, 0];
        if limb < 0 {
            v[1..].fill(u64::MAX);
        }
        for _ in 0..60 * i {
            v = add(&v, &v);
        }
        out = add(&out, &v);
    }
    out
}

/// Variable-time model of the hddivstep on 320-bit two's-complement words, from
/// f = p, g = x (canonical) and δ = 1/2. It tracks θ = δ - 1/2 (a different
/// encoding from the ζ of the real code): "δ > 0" is θ >= 0, 1 - δ is -θ, 1 + δ is
/// θ + 1.
struct Model {
    f: W,
    g: W,
    theta: i64,
}

impl Model {
    fn start(x: &FieldElement) -> Model {
        let w = words(x);
        Model {
            f: [u64::MAX - 18, u64::MAX, u64::MAX, u64::MAX >> 1, 0],
            g: [w[0], w[1], w[2], w[3], 0],
            theta: 0,
        }
    }

    fn step(&mut self) {
        if self.theta >= 0 && self.g[0] & 1 == 1 {
            let new_g = half(&add(&self.g, &neg(&self.f)));
            self.f = self.g;
            self.g = new_g;
            self.theta = -self.theta;
        } else if self.g[0] & 1 == 1 {
            self.g = half(&add(&self.g, &self.f));
            self.theta += 1;
        } else {
            self.g = half(&self.g);
            self.theta += 1;
        }
    }

    /// ζ = -δ - 1/2 = -θ - 1.
    fn zeta(&self) -> i64 {
        -self.theta - 1
    }
}

/// The number of steps until g = 0.
fn steps_needed(x: &FieldElement) -> u32 {
    let mut m = Model::start(x);
    let mut n = 0;
    while m.g != [0; 5] {
        m.step();
        n += 1;
    }
    n
}

fn bytes_of(w: &[u64; 4]) -> [u8; 32] {
    let mut b = [0u8; 32];
    for i in 0..4 {
        b[8 * i..8 * i + 8].copy_from_slice(&w[i].to_le_bytes());
    }
    b
}

#[test]
fn constants() {
    // -p^-1 = 19^-1 (mod 2^64).
    assert_eq!(P::NEG_INV.wrapping_mul(19), 1);
    // p = 2^255 - 19 in both forms.
    let p = normalise(P::LIMBS);
    assert_eq!(p, [MASK60 - 18, MASK60, MASK60, MASK60, (1 << 15) - 1]);
    assert_eq!(
        FieldElement::from_bytes(&bytes_of(&to_words(&p))),
        FieldElement::ZERO
    );
    // 16p = 2^259 - 304, exactly.
    assert_eq!(
        to_wide_words(&P::SIXTEEN_M),
        [u64::MAX - 303, u64::MAX, u64::MAX, u64::MAX, 7]
    );
}

#[test]
fn radix60_round_trip() {
    for x in [
        FieldElement::from_bytes(&[0xa5; 32]),
        -FieldElement::ONE,
        FieldElement::ONE,
        FieldElement::ZERO,
        FieldElement::from_bytes(&[0xff; 32]),
    ] {
        assert_eq!(to_words(&from_words(&words(&x))), words(&x));
    }
}

/// `unpack` recovers the row at the bounds the module docs prove (low field in
/// [-2^19, 2^19), each row summing to at most 2^20 in absolute value), and `pack`
/// makes the signed residue and the identity row.
#[test]
fn packed_rows_unpack() {
    let rows = [
        (0i64, 0i64),
        (1 << 20, 0),
        (-(1 << 20), 0),
        (0, 1 << 20),
        (0, -(1 << 20)),
        (1 << 19, -(1 << 19)),
        (-(1 << 19), 1 << 19),
        ((1 << 20) - 1, -1),
        (1, -1),
        (12345, -678),
    ];
    for low in [-(1i64 << 19), -1, 0, 1, (1 << 19) - 1] {
        for (x, y) in rows {
            let w = low + (x << ROW_X) + (y << ROW_Y);
            assert_eq!(unpack(w), (x, y), "low {low}, row ({x}, {y})");
        }
    }
    for low in [
        0u64,
        1,
        (1 << 19) - 1,
        1 << 19,
        (1 << 20) - 1,
        u64::MAX,
        0xdead_beef,
    ] {
        let (wf, wg) = (pack(low, 0), pack(low, 1));
        assert_eq!(unpack(wf), (1 << SUB_STEPS, 0));
        assert_eq!(unpack(wg), (0, 1 << SUB_STEPS));
        let residue = wf - (1 << 40);
        assert!((-(1 << 19)..1 << 19).contains(&residue));
        assert_eq!(residue as u64 & ((1 << 20) - 1), low & ((1 << 20) - 1));
        assert_eq!(wg - (1 << 62), residue);
    }
}

/// `choose` and the mask form the targets without a conditional move use are both
/// `if c { a } else { b }`, on both choices and on values with every bit pattern the
/// step gives them (negative, zero, extreme).
#[test]
fn choose_is_if_else() {
    let values = [
        0i64,
        1,
        -1,
        2,
        -2,
        i64::MAX,
        i64::MIN,
        0x5555_5555_5555_5555,
    ];
    for a in values {
        for b in values {
            for c in [false, true] {
                let want = if c { a } else { b };
                assert_eq!(choose(c, a, b), want, "choose({c}, {a}, {b})");
                assert_eq!(
                    choose_by_mask(c, a, b),
                    want,
                    "choose_by_mask({c}, {a}, {b})"
                );
            }
        }
    }
}

/// The half-delta divstep on exact small integers (ζ as in the real code).
fn small_step(zeta: &mut i64, f: &mut i128, g: &mut i128) {
    if g.rem_euclid(2) == 1 {
        if *zeta < 0 {
            (*f, *g) = (*g, (*g - *f) / 2);
            *zeta = -*zeta - 2;
        } else {
            *g = (*g + *f) / 2;
            *zeta -= 1;
        }
    } else {
        *g /= 2;
        *zeta -= 1;
    }
}

/// `count` sub-batch starts (ζ, f, g) from a fixed seed: random words, and every fourth
/// start with residues at the extremes (±2^19, g a multiple of 2^20), ζ in [-20, 20]
/// (around the swaps).
fn sub_batch_starts(count: usize) -> impl Iterator<Item = (i64, u64, u64)> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let extremes = [
        0u64,
        1 << 19,
        (1 << 19) + 1,
        (1 << 20) - 1,
        1 << 20,
        u64::MAX,
    ];
    (0..count).map(move |i| {
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut f, mut g) = (next() | 1, next());
        if i % 4 == 1 {
            f = (extremes[i % extremes.len()] | 1) ^ (next() << 21);
            g = extremes[(i / 4) % extremes.len()] ^ (next() << 21);
        }
        ((next() % 41) as i64 - 20, f, g)
    })
}

/// A sub-batch's matrix and ζ against 20 exact steps on the full 64-bit values, from
/// [`sub_batch_starts`]: what the packed words compute, including every step's carry
/// and halving across fields, must be the matrix of the steps.
#[test]
fn sub_batch_matrix_is_the_steps() {
    for (zeta, f, g) in sub_batch_starts(4000) {
        let (z, t) = sub_batch(zeta, f, g, SUB_STEPS);
        // Exact steps on the values as signed 64-bit integers (any lift works: the
        // steps read only the low bits).
        let (mut mz, mut mf, mut mg) = (zeta, i128::from(f as i64), i128::from(g as i64));
        let (f0, g0) = (mf, mg);
        for _ in 0..SUB_STEPS {
            small_step(&mut mz, &mut mf, &mut mg);
        }
        assert_eq!(z, mz, "ζ for f {f:#x}, g {g:#x}, ζ {zeta}");
        let (a, b, c, d) = (t.a as i128, t.b as i128, t.c as i128, t.d as i128);
        assert_eq!(
            a * f0 + b * g0,
            mf << SUB_STEPS,
            "f row for f {f:#x}, g {g:#x}"
        );
        assert_eq!(
            c * f0 + d * g0,
            mg << SUB_STEPS,
            "g row for f {f:#x}, g {g:#x}"
        );
        assert!(t.a.abs() + t.b.abs() <= 1 << SUB_STEPS);
        assert!(t.c.abs() + t.d.abs() <= 1 << SUB_STEPS);
    }
}

/// The x86-64 backend's twenty steps in assembly against the compiled steps, bit for
/// bit on all three words, from [`sub_batch_starts`]. The
/// assembly runs exactly where the MULX/ADX field does (`use_fast`); elsewhere
/// `sub_batch` runs the compiled steps and there is nothing to compare.
#[cfg(target_arch = "x86_64")]
#[test]
fn assembly_divsteps_are_the_compiled_ones() {
    for (zeta, f, g) in sub_batch_starts(20_000) {
        let (fq, gw) = (pack(f, 0) >> 1, pack(g, 1));
        let asm = crate::backend::x86_64::divsteps::divsteps20(zeta, fq, gw);
        assert_eq!(asm.is_some(), crate::backend::use_fast());
        let Some(words) = asm else {
            return;
        };
        assert_eq!(
            words,
            compiled_divsteps(zeta, fq, gw, SUB_STEPS),
            "f {f:#x}, g {g:#x}, ζ {zeta}"
        );
    }
}

/// One batch's matrix maps the low words as the divsteps say: T·(f, g) = 2^60·(f', g')
/// on full values, checked with apply_row (whose debug_assert checks exactness).
#[test]
fn batch_matrix_is_exact() {
    let f = normalise(P::LIMBS);
    let g = from_words(&words(&FieldElement::from_bytes(&[0x3c; 32])));
    let (_, t) = batch(ZETA_START, f[0] as u64, g[0] as u64, SUB_STEPS);
    assert!(t.a.unsigned_abs() + t.b.unsigned_abs() <= 1 << 60);
    assert!(t.c.unsigned_abs() + t.d.unsigned_abs() <= 1 << 60);
    let f2 = apply_row(t.a, &f, t.b, &g);
    let g2 = apply_row(t.c, &f, t.d, &g);
    assert_eq!(f2[0] & 1, 1, "f stays odd");
    assert_ne!(g2, g);
}

/// invert's loop on f and g, batch by batch, against the model: after every batch
/// f, g and ζ must be the model's after 60 more steps. This pins what no inverse
/// can show, as any start converges on most inputs: ζ's start (δ = 1/2, the one the
/// step bound is proved for) and that limb 0 carries all a batch reads.
#[test]
fn batches_follow_the_model() {
    let mut top = [0u8; 32];
    top[31] = 0x40; // 2^254
    for x in [
        FieldElement::from_bytes(&[0x3c; 32]),
        FieldElement::from_bytes(&[0xa5; 32]),
        FieldElement::from_bytes(&top),
        FieldElement::ONE,
        -FieldElement::ONE,
    ] {
        let mut model = Model::start(&x);
        let mut f = normalise(P::LIMBS);
        let mut g = from_words(&words(&x));
        assert_eq!((to_w(&f), to_w(&g)), (model.f, model.g));
        let mut zeta = ZETA_START;
        for k in 0..BATCHES {
            // The last batch cut short as `invert_mod` runs it: the same matrix and ζ
            // as the model's full 60 steps.
            let last_steps = if k + 1 == BATCHES {
                P::STEPS - STEPS_BEFORE_LAST_SUB
            } else {
                SUB_STEPS
            };
            let (next_zeta, t) = batch(zeta, f[0] as u64, g[0] as u64, last_steps);
            // Cut short, the batch is the one its full 60 steps make, g's row included
            // (the steps left only halve a g word that is already 0 in its low field).
            assert_eq!(
                (next_zeta, t),
                batch(zeta, f[0] as u64, g[0] as u64, SUB_STEPS),
                "batch {k}"
            );
            zeta = next_zeta;
            (f, g) = (apply_row(t.a, &f, t.b, &g), apply_row(t.c, &f, t.d, &g));
            for _ in 0..SUBS * SUB_STEPS {
                model.step();
            }
            assert_eq!((to_w(&f), to_w(&g)), (model.f, model.g), "batch {k}");
            assert_eq!(zeta, model.zeta(), "batch {k}");
        }
        assert_eq!(g, [0; 5]);
    }
}

#[test]
fn step_counts_within_bound() {
    // A few structured inputs and a pseudo-random walk; all need <= 588 steps
    // (the half-delta bound for M = p), and the code runs exactly that many.
    let mut worst = 0;
    let mut x = FieldElement::from_bytes(&[0x3c; 32]);
    for k in 0..255u32 {
        let mut b = [0u8; 32];
        b[(k / 8) as usize] = 1 << (k % 8);
        let two_k = FieldElement::from_bytes(&b);
        for y in [two_k, -two_k, x] {
            worst = worst.max(steps_needed(&y));
        }
        x = x.square() + FieldElement::ONE;
    }
    assert!(worst <= 588, "worst {worst}");
    assert!(worst <= P::STEPS);
    assert!(worst > 300, "the model is not running: worst {worst}");
}
