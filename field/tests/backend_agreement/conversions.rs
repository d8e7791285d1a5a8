//! Conversions between the backends' limb forms, the compile-time table conversion,
//! and the names.

use super::*;

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
