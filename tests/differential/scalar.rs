//! Scalar arithmetic and decoders, against curve25519-dalek's `Scalar`.

use curve25519_dalek::Scalar as DScalar;
use curve25519_dalek::scalar::clamp_integer;
use edwards25519::Scalar;
use rand::RngExt;

#[allow(unused_imports)]
use crate::common;
use crate::harness::*;
use crate::inputs::*;

#[test]
#[ignore = "long-running differential mode: cargo test --release -- --ignored"]
fn scalar_arithmetic() {
    run(Op::ScalarArith, |rng, _| {
        let (a, da) = scalar_pair(rng);
        let (b, db) = scalar_pair(rng);
        let (c, dc) = scalar_pair(rng);
        let eq = |x: Scalar, y: DScalar| x.to_bytes() == y.to_bytes();
        assert!(eq(a + b, da + db), "{a:?} + {b:?}");
        assert!(eq(a - b, da - db), "{a:?} - {b:?}");
        assert!(eq(a * b, da * db), "{a:?} * {b:?}");
        assert!(eq(-a, -da), "-{a:?}");
        assert!(eq(a.square(), da * da), "{a:?}^2");
        assert!(
            eq(Scalar::multiply_add(&a, &b, &c), da * db + dc),
            "{a:?}·{b:?} + {c:?}"
        );
        // Both map 0 to 0 (dalek by Fermat, our contract by definition).
        assert!(eq(a.invert(), da.invert()), "invert {a:?}");
        let mut x = a;
        x += b;
        x *= c;
        x -= a;
        assert!(eq(x, (da + db) * dc - da), "assign ops");

        // Decoders.
        let bytes = scalar_bytes(rng);
        assert!(
            eq(
                Scalar::from_bytes_mod_order(bytes),
                DScalar::from_bytes_mod_order(bytes)
            ),
            "from_bytes_mod_order({bytes:02x?})"
        );
        let ours = Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes));
        let theirs = Option::<DScalar>::from(DScalar::from_canonical_bytes(bytes));
        assert_eq!(
            ours.map(|s| s.to_bytes()),
            theirs.map(|s| s.to_bytes()),
            "from_canonical_bytes({bytes:02x?})"
        );
        assert!(
            eq(
                Scalar::from_bytes_with_clamping(bytes),
                DScalar::from_bytes_mod_order(clamp_integer(bytes))
            ),
            "from_bytes_with_clamping({bytes:02x?})"
        );
        let mut wide = [0u8; 64];
        wide[..32].copy_from_slice(&scalar_bytes(rng));
        wide[32..].copy_from_slice(&scalar_bytes(rng));
        assert!(
            eq(
                Scalar::from_bytes_mod_order_wide(&wide),
                DScalar::from_bytes_mod_order_wide(&wide)
            ),
            "from_bytes_mod_order_wide({wide:02x?})"
        );
        let (u, w): (u64, u128) = (rng.random(), rng.random());
        assert!(eq(Scalar::from(u), DScalar::from(u)), "from u64 {u}");
        assert!(eq(Scalar::from(w), DScalar::from(w)), "from u128 {w}");
    });
}
