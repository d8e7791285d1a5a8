//! Scalar::vartime_half_size_multiple against num-bigint: the congruence
//! c0 ≡ c1·k (mod 8l), c1 odd, both below 2^131, on random and edge scalars.

use edwards25519_scalar::Scalar;
use edwards25519_test_support::SplitMix64;
use num_bigint::BigInt;

fn int(s: &Scalar) -> BigInt {
    BigInt::from_bytes_le(num_bigint::Sign::Plus, &s.to_bytes())
}

fn eight_l() -> BigInt {
    let l: BigInt = (BigInt::from(1) << 252)
        + "27742317777372353535851937790883648493"
            .parse::<BigInt>()
            .expect("decimal");
    l * 8
}

/// Checks the relation for k; returns whether a pair was found.
fn check(k: &Scalar) -> bool {
    let Some(m) = k.vartime_half_size_multiple() else {
        return false;
    };
    let n = eight_l();
    let c0 = if m.c0_negative {
        -int(&m.c0)
    } else {
        int(&m.c0)
    };
    let c1 = int(&m.c1);
    assert_eq!(
        ((&c1 * int(k) - &c0) % &n + &n) % &n,
        BigInt::from(0),
        "congruence for {k:?}"
    );
    assert!(&c1 % 2 == BigInt::from(1), "c1 even for {k:?}");
    assert!(
        c1.bits() <= 131 && c0.magnitude().bits() <= 131,
        "too long for {k:?}"
    );
    true
}

#[test]
fn random_scalars() {
    let mut rng = SplitMix64(0x4841_4c46);
    let cases = if cfg!(debug_assertions) {
        2_000
    } else {
        100_000
    };
    let mut missed = 0;
    for _ in 0..cases {
        let wide: [u8; 64] = rng.bytes();
        if !check(&Scalar::from_bytes_mod_order_wide(&wide)) {
            missed += 1;
        }
    }
    // The callers fall back to the full-length scalar: correct, only slower; it must
    // be rare for the speed-up to hold.
    assert!(missed * 100 < cases, "{missed} of {cases} without a pair");
}

#[test]
fn edge_scalars() {
    for k in [
        Scalar::ZERO,
        Scalar::ONE,
        Scalar::from(2u64),
        Scalar::from(u64::MAX),
        Scalar::from(u128::MAX),
    ] {
        assert!(check(&k), "no pair for {k:?}");
    }
    // k = l - 1 has no short pair with an odd c1: c0 ≡ -c1 (mod 8l) forces
    // c0 + c1 ≡ l·c1 ≡ l·(c1 mod 8) (mod 8l), which is at least l for odd c1. So None,
    // and the callers use k itself.
    assert_eq!((-Scalar::ONE).vartime_half_size_multiple(), None);
}

/// Scalars of every bit length, each a power of two and random ones: the first
/// Euclidean step's quotient 8l / k is then of every size, so div_step takes both its
/// top-bits estimate (quotients below 2^62) and its binary long division (larger ones,
/// from k below 2^193), and the loop ends at each length. Random full-length scalars
/// only ever take the estimate, so cargo-mutants found the choice between the two
/// untested.
#[test]
fn scalars_of_every_bit_length() {
    let mut rng = SplitMix64(0x6269_7473);
    let per_length = if cfg!(debug_assertions) { 4 } else { 40 };
    for n in 1..=253usize {
        let mut power = [0u8; 32];
        power[(n - 1) / 8] = 1 << ((n - 1) % 8);
        check(&Scalar::from_bytes_mod_order(power));
        for _ in 0..per_length {
            let mut b: [u8; 32] = rng.bytes();
            for (i, byte) in b.iter_mut().enumerate() {
                let keep = n.saturating_sub(8 * i).min(8);
                *byte &= ((1u16 << keep) - 1) as u8;
            }
            b[(n - 1) / 8] |= 1 << ((n - 1) % 8);
            check(&Scalar::from_bytes_mod_order(b));
        }
    }
}

/// The signed-integer statement of the search, in num-bigint: Euclid on (8l, k) until
/// the remainder is below 2^128, giving u = (r, t) with r ≡ t·k; u itself when t is odd;
/// else the first shortest (by the longer of |c0| and |c1|) of v + j·u and then w + j·u
/// for j = -3..=3, v and w the pairs before and after u; None past 131 bits. The library
/// keeps magnitudes and signs apart in fixed-size limbs; this keeps neither. The flag
/// says whether the search over the fourteen candidates ran.
fn model(k: &Scalar) -> (Option<(BigInt, BigInt)>, bool) {
    let n = eight_l();
    let (mut r_prev, mut r) = (n, int(k));
    let (mut t_prev, mut t) = (BigInt::from(0), BigInt::from(1));
    let half = BigInt::from(1) << 128;
    while r >= half {
        let q = &r_prev / &r;
        (r_prev, r) = (r.clone(), &r_prev - &q * &r);
        (t_prev, t) = (t.clone(), &t_prev - &q * &t);
    }
    // (c0, c1) and (-c0, -c1) are the same relation; the library reports c1 > 0.
    let positive = |c0: BigInt, c1: BigInt| {
        if c1 < BigInt::from(0) {
            (-c0, -c1)
        } else {
            (c0, c1)
        }
    };
    if &t % 2 != BigInt::from(0) {
        return (Some(positive(r, t)), false);
    }
    if r == BigInt::from(0) {
        return (None, false);
    }
    let q = &r_prev / &r;
    let w = (&r_prev - &q * &r, &t_prev - &q * &t);
    let mut best: Option<(u64, BigInt, BigInt)> = None;
    for (b0, b1) in [(r_prev, t_prev), w] {
        for j in -3..=3 {
            let c0 = &b0 + BigInt::from(j) * &r;
            let c1 = &b1 + BigInt::from(j) * &t;
            let len = c0.magnitude().bits().max(c1.magnitude().bits());
            if best.as_ref().is_none_or(|(b, ..)| len < *b) {
                best = Some((len, c0, c1));
            }
        }
    }
    let (len, c0, c1) = best.expect("fourteen candidates");
    ((len <= 131).then(|| positive(c0, c1)), true)
}

/// The pair is the model's, exactly: the tests above check that a pair is valid, which a
/// search over fewer candidates (or with the signs of the steps wrong) still passes;
/// cargo-mutants found those mutants of the search missed.
#[test]
fn search_matches_a_signed_model() {
    let mut rng = SplitMix64(0x6d6f_6465);
    let cases = if cfg!(debug_assertions) {
        3_000
    } else {
        30_000
    };
    let mut searched = 0;
    for i in 0..cases {
        let k = if i % 4 == 0 {
            // Shorter scalars take the long-division path of div_step too.
            let mut b: [u8; 32] = rng.bytes();
            let len: usize = 1 + (i / 4) % 253;
            for (j, byte) in b.iter_mut().enumerate() {
                *byte &= ((1u16 << len.saturating_sub(8 * j).min(8)) - 1) as u8;
            }
            Scalar::from_bytes_mod_order(b)
        } else {
            Scalar::from_bytes_mod_order_wide(&rng.bytes())
        };
        let got = k.vartime_half_size_multiple().map(|m| {
            let c0 = if m.c0_negative {
                -int(&m.c0)
            } else {
                int(&m.c0)
            };
            (c0, int(&m.c1))
        });
        let (want, search) = model(&k);
        assert_eq!(got, want, "for {k:?}");
        searched += usize::from(search);
    }
    // About a third of scalars need the search; make sure this run exercised it.
    assert!(searched * 5 > cases, "only {searched} of {cases} searched");
}
