use edwards25519_field::FieldElement;
#[test]
fn smoke() {
    let m1 = -FieldElement::ONE;
    assert_eq!(FieldElement::SQRT_M1.square(), m1);
    let x = FieldElement::from_bytes(&[7u8; 32]);
    assert_eq!(x * x.invert(), FieldElement::ONE);
    let (ok, r) = FieldElement::sqrt_ratio(&x.square(), &FieldElement::ONE);
    assert!(bool::from(ok));
    assert_eq!(r.square(), x.square());
    let mut w = [0xffu8; 64];
    assert_eq!(FieldElement::from_wide_bytes(&w).to_bytes()[0], 0xa3);
    w[0] = 0;
}
