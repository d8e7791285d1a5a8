//! Decoders and the encoder against num-bigint; canonical-decoding accept/reject; every
//! decoder total over arbitrary bytes.

use crate::common;

use common::*;
use edwards25519_scalar::Scalar;
use num_bigint::BigUint;
use proptest::prelude::*;

fn canonical(bytes: [u8; 32]) -> Option<Scalar> {
    Scalar::from_canonical_bytes(bytes).into()
}

/// Reference clamping on the integer: clear bits 0-2 and 255, set bit 254.
fn clamp_ref(x: &BigUint) -> BigUint {
    let mut y = x.clone();
    for bit in [0u64, 1, 2, 255] {
        y.set_bit(bit, false);
    }
    y.set_bit(254, true);
    y
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn from_bytes_mod_order(b in bytes32()) {
        let s = Scalar::from_bytes_mod_order(b);
        prop_assert_eq!(val(&s), int(&b) % l());
    }

    #[test]
    fn from_bytes_mod_order_wide(b in bytes64()) {
        let s = Scalar::from_bytes_mod_order_wide(&b);
        prop_assert_eq!(val(&s), int(&b) % l());
    }

    #[test]
    fn from_bytes_with_clamping(b in bytes32()) {
        let s = Scalar::from_bytes_with_clamping(b);
        prop_assert_eq!(val(&s), clamp_ref(&int(&b)) % l());
    }

    /// Accepts exactly the values below l, and round-trips them.
    #[test]
    fn from_canonical_bytes(b in bytes32()) {
        let x = int(&b);
        match canonical(b) {
            Some(s) => {
                prop_assert!(x < l());
                prop_assert_eq!(s.to_bytes(), b);
            }
            None => prop_assert!(x >= l()),
        }
    }

    /// Random values in [l, 2^256) are all rejected.
    #[test]
    fn rejects_every_value_at_least_l(r in any::<[u8; 32]>()) {
        let x = l() + int(&r) % (pow2(256) - l());
        prop_assert!(canonical(le::<32>(&x)).is_none());
    }

    /// Random values below l are all accepted.
    #[test]
    fn accepts_every_value_below_l(r in any::<[u8; 32]>()) {
        let x = int(&r) % l();
        let s = canonical(le::<32>(&x));
        prop_assert_eq!(s.map(|s| val(&s)), Some(x));
    }

    /// No decoder panics on any input; outputs are always canonical.
    #[test]
    fn decoders_are_total(b in any::<[u8; 32]>(), w in any::<[u8; 64]>()) {
        prop_assert!(val(&Scalar::from_bytes_mod_order(b)) < l());
        prop_assert!(val(&Scalar::from_bytes_mod_order_wide(&w)) < l());
        prop_assert!(val(&Scalar::from_bytes_with_clamping(b)) < l());
        let _ = canonical(b);
        // Encodings of reduced values have the top three bits clear.
        prop_assert_eq!(Scalar::from_bytes_mod_order(b).to_bytes()[31] >> 5, 0);
    }
}

#[test]
fn canonical_edges() {
    let l = l();
    let one = BigUint::from(1u8);
    assert!(canonical([0; 32]).is_some());
    let lm1 = canonical(le::<32>(&(&l - &one))).expect("l-1 is canonical");
    assert_eq!(val(&lm1), &l - &one);
    assert_eq!(lm1, -Scalar::ONE);
    for x in [l.clone(), &l + &one, pow2(253), pow2(255), pow2(256) - &one] {
        assert!(canonical(le::<32>(&x)).is_none(), "accepted {x}");
    }
    // The none case holds no unreduced value either.
    let none = Scalar::from_canonical_bytes([0xff; 32]);
    assert_eq!(none.unwrap_or(Scalar::ONE), Scalar::ONE);
}

#[test]
fn every_edge_decodes_to_its_residue() {
    for x in edge_ints_256() {
        let b = le::<32>(&x);
        assert_eq!(val(&Scalar::from_bytes_mod_order(b)), &x % l(), "x = {x}");
    }
    for x in edge_ints_512() {
        let b = le::<64>(&x);
        assert_eq!(
            val(&Scalar::from_bytes_mod_order_wide(&b)),
            &x % l(),
            "x = {x}"
        );
    }
}
