//! Safegcd inversion (`FieldArith::invert`, behind `FieldElement::invert`) against two
//! references: the Fermat chain (`FieldArith::invert_fermat`), num-bigint's
//! x^(p-2) mod p, and num-bigint's extended-Euclid `modinv`. Inputs: edge values (0, 1, p-1, non-canonical encodings of p, p+1,
//! values up to 2^256-1 through raw limbs, 2^k and p-2^k for every k, values with many
//! trailing zeros) and random ones (10,000+ in release).

use edwards25519_field::{FieldArith, FieldElement, backend};
use num_bigint::BigUint;
use proptest::prelude::*;

/// p = 2^255 - 19.
fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - 19u8
}

/// The integer the limbs stand for, not reduced (read through the limbs, not to_bytes).
fn limbs_value(x: &FieldElement) -> BigUint {
    x.limbs()
        .iter()
        .rev()
        .fold(BigUint::from(0u8), |acc, &l| (acc << 51u32) + l)
}

/// x^(p-2) mod p: the inverse for x != 0, and 0 for x = 0.
fn reference_inverse(x: &FieldElement) -> BigUint {
    let p = p();
    (limbs_value(x) % &p).modpow(&(&p - 2u8), &p)
}

/// An element with the radix-2^51 limbs of n, without reducing (limbs 0..3 are 51-bit
/// digits, limb 4 takes the rest, which must be below 2^52): builds non-canonical
/// values up to 2^256 - 1.
fn raw(n: &BigUint) -> FieldElement {
    let mask = (BigUint::from(1u8) << 51u32) - 1u8;
    let limb = |i: u32| -> u64 {
        let shifted = if i == 4 {
            n >> 204u32
        } else {
            (n >> (51 * i)) & &mask
        };
        shifted.to_u64_digits().first().copied().unwrap_or(0)
    };
    FieldElement::from_limbs([limb(0), limb(1), limb(2), limb(3), limb(4)])
        .expect("test values have a top limb below 2^52")
}

/// The inverse by num-bigint's extended Euclid, 0 for x = 0 (mod p).
fn euclid_inverse(x: &FieldElement) -> BigUint {
    let p = p();
    (limbs_value(x) % &p)
        .modinv(&p)
        .unwrap_or_else(|| BigUint::from(0u8))
}

/// Checks safegcd against the three references, x·x^-1 = 1 for x != 0, the output limb
/// invariant, and the same through the fast backend when this CPU runs it.
fn check(x: &FieldElement) {
    let inv = <FieldElement as FieldArith>::invert(x);
    let fermat = <FieldElement as FieldArith>::invert_fermat(x);
    assert!(inv.is_in_bounds(), "limb invariant broken for {x:?}");
    assert_eq!(inv, fermat, "safegcd != Fermat for {x:?}");
    assert_eq!(
        limbs_value(&inv) % p(),
        reference_inverse(x),
        "safegcd != num-bigint for {x:?}"
    );
    assert_eq!(
        limbs_value(&inv) % p(),
        euclid_inverse(x),
        "safegcd != num-bigint modinv for {x:?}"
    );
    assert_eq!(x.invert(), inv, "FieldElement::invert is not the safegcd");
    if bool::from(x.is_zero()) {
        assert_eq!(inv, FieldElement::ZERO);
    } else {
        assert_eq!(*x * inv, FieldElement::ONE, "x·x^-1 != 1 for {x:?}");
    }
    check_backend::<backend::radix51::Fe51>(x, &inv);
    check_backend::<backend::radix64::Fe64>(x, &inv);
    #[cfg(target_arch = "x86_64")]
    if backend::cpu_has_bmi2_adx() {
        check_backend::<backend::x86_64::Mulx<Checked>>(x, &inv);
    }
}

// `Mulx<Checked>` is used only in `check`, after `cpu_has_bmi2_adx()` returned true:
// the contract of `Checked`.
#[cfg(target_arch = "x86_64")]
use crate::common::Checked;

/// Backend `F`'s safegcd and Fermat inversions equal `inv`.
fn check_backend<F: FieldArith>(x: &FieldElement, inv: &FieldElement) {
    let xf = F::from_field(x);
    let name = F::BACKEND;
    assert_eq!(
        F::invert(&xf).to_field(),
        *inv,
        "{name} invert differs for {x:?}"
    );
    assert_eq!(
        F::invert_fermat(&xf).to_field(),
        *inv,
        "{name} Fermat differs for {x:?}"
    );
}

fn from_le(bytes: [u8; 32]) -> FieldElement {
    FieldElement::from_bytes(&bytes)
}

fn big(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_le(bytes)
}

#[test]
fn edge_values() {
    let p = p();
    let one = BigUint::from(1u8);
    let mut cases: Vec<FieldElement> = vec![FieldElement::ZERO, FieldElement::ONE];
    // Small values, and p - small (including p - 1, p - 2).
    for k in 0u32..64 {
        cases.push(raw(&BigUint::from(k)));
        cases.push(raw(&(&p - 1u8 - k)));
    }
    // Non-canonical encodings through from_bytes: p, p + 1, ..., 2^255 - 1 (all in
    // [p, 2^255), which from_bytes accepts), and bit 255 set (ignored).
    for k in 0u8..19 {
        let n = &p + k;
        let mut b = [0u8; 32];
        b.copy_from_slice(&n.to_bytes_le());
        cases.push(from_le(b));
        b[31] |= 0x80;
        cases.push(from_le(b));
    }
    cases.push(from_le([0xff; 32]));
    // Raw limbs at and above p: p, 2p - 1, 2^255 + 5, 2^256 - 1, 2^256 - 19.
    for n in [
        p.clone(),
        &p * 2u8 - 1u8,
        (&one << 255u32) + 5u8,
        (&one << 256u32) - 1u8,
        (&one << 256u32) - 19u8,
    ] {
        cases.push(raw(&n));
    }
    // All limbs at 2^52 - 1: about 2^256 + 2^205, the largest value the limb
    // invariant allows.
    cases.push(FieldElement::from_limbs([(1 << 52) - 1; 5]).expect("in bounds"));
    // 2^k and p - 2^k for every k, and -(2^k), 2^k - 1.
    for k in 0u32..256 {
        let t = &one << k;
        cases.push(raw(&(&t % &p)));
        cases.push(raw(&((&p - (&t % &p)) % &p)));
        cases.push(raw(&((&t - 1u8) % &p)));
    }
    // Many trailing zeros: odd m times 2^k, for several m.
    for m in [3u32, 5, 19, 0xffff, 0x1234_5677] {
        for k in (0u32..224).step_by(7) {
            cases.push(raw(&((BigUint::from(m) << k) % &p)));
        }
    }
    // Alternating bit patterns.
    for b in [0x55u8, 0xaa, 0x0f, 0xf0, 0x80, 0x01, 0x7f] {
        cases.push(from_le([b; 32]));
        cases.push(raw(&(&p - big(&[b; 31]))));
    }
    assert!(cases.len() > 1000);
    for x in &cases {
        check(x);
    }
}

#[test]
fn squares_of_inverse() {
    // (x^-1)^-1 = x, and (x·y)^-1 = x^-1·y^-1, on a deterministic walk.
    let mut x = from_le([0x42; 32]);
    let mut y = from_le([0x99; 32]);
    let n = if cfg!(debug_assertions) { 200 } else { 2_000 };
    for _ in 0..n {
        assert_eq!(x.invert().invert(), x);
        assert_eq!((x * y).invert(), x.invert() * y.invert());
        x = x.square() + y;
        y = y * x + FieldElement::ONE;
    }
}

/// Random field elements: uniform bytes (bit 255 ignored, so sometimes non-canonical),
/// and raw limbs anywhere in the invariant (< 2^52 each, values up to ~2^256).
fn any_element() -> impl Strategy<Value = FieldElement> {
    prop_oneof![
        any::<[u8; 32]>().prop_map(|b| FieldElement::from_bytes(&b)),
        proptest::array::uniform5(0u64..(1 << 52))
            .prop_map(|l| FieldElement::from_limbs(l).expect("limbs below 2^52")),
        // Sparse: few set bits, to exercise long runs of even g.
        (0u32..255, 0u32..255, 0u32..255).prop_map(|(a, b, c)| {
            let one = BigUint::from(1u8);
            raw(&(((&one << a) + (&one << b) + (&one << c)) % p()))
        }),
    ]
}

proptest! {
    #![proptest_config(edwards25519_test_support::proptest_config(512, 12_000))]

    #[test]
    fn random_agrees_with_references(x in any_element()) {
        check(&x);
    }
}
