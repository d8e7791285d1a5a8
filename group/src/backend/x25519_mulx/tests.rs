//! The MULX/ADX ladder against the generic ladder on the portable field
//! (`montgomery::ladder::<FieldElement>`), bit for bit, and against RFC 7748 and
//! Wycheproof directly; its kernels against num-bigint on edge limbs. Every test
//! returns early (and says so) on a CPU without BMI2 and ADX.

extern crate std;

use std::vec;
use std::vec::Vec;

use num_bigint::BigUint;
use serde_json::Value;

use super::*;
use crate::montgomery::{clamp, ladder as portable_ladder};

fn cpu() -> Option<Bmi2Adx> {
    let cpu = Bmi2Adx::detect();
    if cpu.is_none() {
        std::println!("no BMI2/ADX on this CPU: MULX ladder not tested");
    }
    cpu
}

/// SplitMix64 (Steele, Lea, Flood 2014): a fixed-seed source of test inputs.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn bytes(&mut self) -> [u8; 32] {
        let mut b = [0u8; 32];
        for c in b.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        b
    }
}

fn h(s: &str) -> [u8; 32] {
    hex::decode(s).expect("hex").try_into().expect("32 bytes")
}

fn big(l: &Limbs) -> BigUint {
    let mut b = [0u8; 32];
    for (c, x) in b.chunks_mut(8).zip(l) {
        c.copy_from_slice(&x.to_le_bytes());
    }
    BigUint::from_bytes_le(&b)
}

fn p() -> BigUint {
    (BigUint::from(1u8) << 255) - BigUint::from(19u8)
}

/// Limb values at the carry and fold boundaries, and some random ones.
fn edge_limbs() -> Vec<Limbs> {
    let m = u64::MAX;
    let mut v = vec![
        [0; 4],
        [1, 0, 0, 0],
        [37, 0, 0, 0],
        [38, 0, 0, 0],
        [m; 4],
        [m - 37, m, m, m],
        [m - 38, m, m, m],
        [m - 18, m, m, m >> 1], // p
        [m - 19, m, m, m >> 1], // p - 1
        [m, m, m, m >> 1],      // 2^255 - 1
        [0, 0, 0, 1 << 63],     // 2^255
        [m - 36, m, m, m],      // 2^256 - 37
        [0, m, 0, m],
        [m, 0, m, 0],
    ];
    let mut rng = Rng(7);
    for _ in 0..20 {
        v.push([rng.next(), rng.next(), rng.next(), rng.next()]);
    }
    v
}

/// The step's pieces, each in its own `asm!` block over a workspace (the same macro
/// text as in `step::run`).
#[derive(Clone, Copy, Debug)]
enum Kernel {
    /// X2 = A·B.
    Mul,
    /// X2 = A².
    Sqr,
    /// S = A + B, T = A - B.
    AddSub,
    /// BB loaded; E = AA - BB, F = BB + 121666·E.
    EAndF,
    /// CB loaded from C; T = DA - CB, S = DA + CB.
    SAndT,
    /// (x2, z2) and (x3, z3) swapped where SW = 1.
    Cswap,
}

fn kernel(_: Bmi2Adx, ws: &mut Workspace, k: Kernel) {
    let w = ws.0.as_mut_ptr();
    // SAFETY: every block reads and writes only slots of `ws` (exclusive), no stack;
    // registers written are operands. MULX/ADCX/ADOX: the `Bmi2Adx` token proves
    // BMI2 and ADX.
    unsafe {
        match k {
            Kernel::Mul => workspace_asm!(w;
                mul_regs!("A", "B"),
                store!("X2", "{c0}", "{c1}", "{c2}", "{c3}"),
            ),
            Kernel::Sqr => workspace_asm!(w;
                sqr_regs!("A"),
                store!("X2", "{c0}", "{c1}", "{c2}", "{c3}"),
            ),
            Kernel::AddSub => workspace_asm!(w; add_sub!("S", "T", "A", "B")),
            Kernel::EAndF => workspace_asm!(w;
                load!("BB", "{c0}", "{c1}", "{c2}", "{c3}"),
                e_and_f!(),
            ),
            Kernel::SAndT => workspace_asm!(w;
                load!("C", "{c0}", "{c1}", "{c2}", "{c3}"),
                s_and_t!(),
            ),
            Kernel::Cswap => workspace_asm!(w;
                "mov rdx, qword ptr [{w} + {SW}]",
                "neg rdx",
                cswap_state!(),
            ),
        }
    }
}

fn put(ws: &mut Workspace, at: usize, v: &Limbs) {
    ws.0[at..at + 4].copy_from_slice(v);
}

/// Every kernel against num-bigint on edge limbs: congruent mod p to the exact result,
/// products below 2^255 + 2^12, and (for the lazy sums) only second operands below
/// 2^256 - 38, the bound the step guarantees.
#[test]
fn kernels_against_num_bigint() {
    use step::{A, AA, B, BB, C, DA, E, F, S, SW, T};
    let Some(cpu) = cpu() else { return };
    let p = p();
    let bound = (BigUint::from(1u8) << 255) + (BigUint::from(1u8) << 12);
    let below = |b: &Limbs| big(b) < (BigUint::from(1u8) << 256) - BigUint::from(38u8);
    let limbs = edge_limbs();
    let (mut n, mut bounded) = (0, 0);
    for a in &limbs {
        for b in &limbs {
            let (x, y) = (big(a), big(b));
            let mut ws = Workspace([0; WORDS]);
            put(&mut ws, A, a);
            put(&mut ws, B, b);
            kernel(cpu, &mut ws, Kernel::Mul);
            let prod = big(&slot(&ws, X2));
            assert_eq!(&prod % &p, (&x * &y) % &p, "mul {a:x?} {b:x?}");
            assert!(prod < bound);
            if below(b) {
                kernel(cpu, &mut ws, Kernel::AddSub);
                let want = (&x + &y) % &p;
                assert_eq!(big(&slot(&ws, S)) % &p, want, "add {a:x?} {b:x?}");
                let want = (&x + &p * 2u8 - (&y % &p)) % &p;
                assert_eq!(big(&slot(&ws, T)) % &p, want, "sub {a:x?} {b:x?}");
                put(&mut ws, AA, a);
                put(&mut ws, BB, b);
                kernel(cpu, &mut ws, Kernel::EAndF);
                let e = big(&slot(&ws, E));
                assert_eq!(&e % &p, (&x + &p * 2u8 - (&y % &p)) % &p, "E {a:x?} {b:x?}");
                let want = (&y + &e * 121_666u32) % &p;
                assert_eq!(big(&slot(&ws, F)) % &p, want, "F {a:x?} {b:x?}");
                put(&mut ws, DA, a);
                put(&mut ws, C, b);
                kernel(cpu, &mut ws, Kernel::SAndT);
                let want = (&x + &y) % &p;
                assert_eq!(big(&slot(&ws, S)) % &p, want, "DA + CB {a:x?} {b:x?}");
                let want = (&x + &p * 2u8 - (&y % &p)) % &p;
                assert_eq!(big(&slot(&ws, T)) % &p, want, "DA - CB {a:x?} {b:x?}");
                bounded += 1;
            }
            for swap in [0u64, 1] {
                let mut ws = Workspace([0; WORDS]);
                let (c, d) = ([a[3], a[2], a[1], a[0]], [b[1], b[0], b[3], b[2]]);
                for (at, v) in [(X2, a), (Z2, &c), (X3, b), (Z3, &d)] {
                    put(&mut ws, at, v);
                }
                ws.0[SW] = swap;
                kernel(cpu, &mut ws, Kernel::Cswap);
                let got = [X2, Z2, X3, Z3].map(|at| slot(&ws, at));
                let want = if swap == 1 {
                    [*b, d, *a, c]
                } else {
                    [*a, c, *b, d]
                };
                assert_eq!(got, want, "cswap {swap}");
            }
            n += 1;
        }
        let mut ws = Workspace([0; WORDS]);
        put(&mut ws, A, a);
        kernel(cpu, &mut ws, Kernel::Sqr);
        let sq = big(&slot(&ws, X2));
        assert_eq!(&sq % &p, (big(a) * big(a)) % &p, "sqr {a:x?}");
        assert!(sq < bound);
    }
    assert_eq!(n, limbs.len() * limbs.len());
    // The bound excludes exactly the three edge values at or above 2^256 - 38.
    assert_eq!(bounded, limbs.len() * (limbs.len() - 3));
}

/// Both MULX entries and the portable ladder on one (k, u); k clamped as
/// `mul_clamped` does, except that [`x25519`] gets the raw k (it must ignore the
/// clamped bits).
fn agree(cpu: Bmi2Adx, raw: [u8; 32], u: [u8; 32]) -> [u8; 32] {
    let k = clamp(raw);
    let u = FieldElement::from_bytes(&u);
    let ours = ladder(cpu, &k, &u);
    assert_eq!(
        ours,
        portable_ladder::<FieldElement>(&k, &u),
        "k={k:02x?} u={u:?}"
    );
    assert_eq!(x25519(cpu, &raw, &u), ours, "x25519: k={raw:02x?} u={u:?}");
    assert_eq!(x25519(cpu, &k, &u), ours, "x25519: k={k:02x?} u={u:?}");
    ours
}

/// Random scalars and random 256-bit u (so about half have bit 255 set).
#[test]
fn agrees_with_portable_ladder_on_random_inputs() {
    let Some(cpu) = cpu() else { return };
    let mut rng = Rng(1);
    for _ in 0..200 {
        agree(cpu, rng.bytes(), rng.bytes());
    }
}

/// 2^255 - 19, little-endian.
const P: [u8; 32] = {
    let mut b = [0xffu8; 32];
    b[0] = 0xed;
    b[31] = 0x7f;
    b
};

/// Edge scalars against edge u: 0, 1, 9, p - 1, every non-canonical u in [p, 2^255),
/// the u of the points of order 8 (RFC 7748 §6.1's small-order list), each also with
/// bit 255 set. Small-order u must give 0.
#[test]
fn agrees_with_portable_ladder_on_edges() {
    let Some(cpu) = cpu() else { return };
    let small = |n: u8| {
        let mut b = [0u8; 32];
        b[0] = n;
        b
    };
    let order8 = [
        h("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
        h("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),
    ];
    let minus_one = {
        let mut b = P;
        b[0] = 0xec;
        b
    };
    let mut us = vec![small(2), small(9), [0xff; 32]];
    for d in 0..=19u8 {
        let mut b = P;
        b[0] = 0xec + d;
        us.push(b);
    }
    let small_order = [small(0), small(1), minus_one, order8[0], order8[1]];
    us.extend(small_order);
    let high: Vec<[u8; 32]> = us
        .iter()
        .map(|u| {
            let mut b = *u;
            b[31] ^= 0x80;
            b
        })
        .collect();
    us.extend(high);
    let mut scalars = vec![[0; 32], [0xff; 32], [0x55; 32], [0xaa; 32], small(1)];
    let mut top = [0u8; 32];
    top[31] = 0x40;
    scalars.push(top);
    let mut rng = Rng(2);
    scalars.extend((0..3).map(|_| rng.bytes()));
    for k in &scalars {
        for u in &us {
            let out = agree(cpu, *k, *u);
            let mut u7 = *u;
            u7[31] &= 0x7f;
            // p - 1 appears in `us` twice (as p - 1 and from the [p, 2^255) loop).
            if small_order.contains(&u7)
                || u7 == P
                || u7 == {
                    let mut b = P;
                    b[0] = 0xee; // p + 1 = 1
                    b
                }
            {
                assert_eq!(out, [0; 32], "small order u={u:02x?}");
            }
        }
    }
}

/// RFC 7748 §5.2: the two vectors, and the iteration after 1 and 1,000 rounds, on
/// both entries ([`x25519`] and [`ladder`] on the clamped scalar).
#[test]
fn rfc7748_on_mulx_ladder() {
    let Some(cpu) = cpu() else { return };
    let v = edwards25519_test_support::read_json("rfc7748/x25519.json");
    let s = |v: &Value| h(v.as_str().expect("hex"));
    let x = |k: [u8; 32], u: [u8; 32]| {
        let u = FieldElement::from_bytes(&u);
        let out = x25519(cpu, &k, &u);
        assert_eq!(out, ladder(cpu, &clamp(k), &u));
        out
    };
    for c in v["scalar_mult"].as_array().expect("list") {
        assert_eq!(x(s(&c["scalar"]), s(&c["u"])), s(&c["output"]));
    }
    let (mut k, mut u) = (s(&v["iterated"]["start"]), s(&v["iterated"]["start"]));
    for round in 1..=1000u64 {
        let next = x(k, u);
        u = k;
        k = next;
        for e in v["iterated"]["after"].as_array().expect("list") {
            if e["iterations"].as_u64() == Some(round) {
                assert_eq!(k, s(&e["k"]), "after {round}");
            }
        }
    }
}

/// Every Wycheproof X25519 case (518) on both MULX entries directly.
#[test]
fn wycheproof_on_mulx_ladder() {
    let Some(cpu) = cpu() else { return };
    let v = edwards25519_test_support::read_json("wycheproof/x25519_test.json");
    let s = |v: &Value| h(v.as_str().expect("hex"));
    let mut n = 0;
    for g in v["testGroups"].as_array().expect("groups") {
        for t in g["tests"].as_array().expect("tests") {
            let raw = s(&t["private"]);
            let u = FieldElement::from_bytes(&s(&t["public"]));
            let out = ladder(cpu, &clamp(raw), &u);
            assert_eq!(out, s(&t["shared"]), "tcId {}", t["tcId"]);
            assert_eq!(x25519(cpu, &raw, &u), out, "x25519, tcId {}", t["tcId"]);
            n += 1;
        }
    }
    assert_eq!(n, 518);
}
