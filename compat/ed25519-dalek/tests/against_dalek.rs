//! The compat crate against the real ed25519-dalek and curve25519-dalek: the same
//! verdicts of `verify` and `verify_strict` on every CCTV edge case, the same
//! signatures, and the same serde bytes.

use real_ed25519_dalek as real;
use serde_json::Value;

fn cases() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testvectors/edge-cases/cctv/ed25519vectors.json"
    );
    let text = std::fs::read_to_string(path).expect("the CCTV vectors");
    serde_json::from_str::<Vec<Value>>(&text).expect("JSON")
}

fn bytes<const N: usize>(v: &Value) -> [u8; N] {
    hex::decode(v.as_str().expect("hex"))
        .expect("hex")
        .try_into()
        .expect("length")
}

#[test]
fn verdicts_agree_on_cctv_edge_cases() {
    let (mut n, mut accepted, mut strict) = (0, 0, 0);
    for c in cases() {
        let key: [u8; 32] = bytes(&c["key"]);
        let sig: [u8; 64] = bytes(&c["sig"]);
        let msg = c["msg"].as_str().expect("msg").as_bytes();
        let ours = ed25519_dalek::VerifyingKey::from_bytes(&key);
        let theirs = real::VerifyingKey::from_bytes(&key);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "case {}", c["number"]);
        let (Ok(ours), Ok(theirs)) = (ours, theirs) else {
            continue;
        };
        let s = ed25519_dalek::Signature::from_bytes(&sig);
        let v = ours.verify(msg, &s).is_ok();
        let (want, want_strict) = reference_verdicts(&theirs, msg, &sig);
        assert_eq!(v, want, "verify, case {}", c["number"]);
        let vs = ours.verify_strict(msg, &s).is_ok();
        assert_eq!(vs, want_strict, "strict, case {}", c["number"]);
        assert_eq!(ours.is_weak(), theirs.is_weak());
        n += 1;
        accepted += v as usize;
        strict += vs as usize;
    }
    // Both outcomes occur for both rules.
    assert!(n > 800 && accepted > 0 && accepted < n && strict > 0 && strict < accepted);
}

/// The real ed25519-dalek's verdicts (`verify`, `verify_strict`) on a signature.
#[cfg(not(feature = "legacy_compatibility"))]
fn reference_verdicts(key: &real::VerifyingKey, msg: &[u8], sig: &[u8; 64]) -> (bool, bool) {
    let s = real::Signature::from_bytes(sig);
    (
        real::Verifier::verify(key, msg, &s).is_ok(),
        key.verify_strict(msg, &s).is_ok(),
    )
}

/// ed25519-dalek's verdicts with its `legacy_compatibility` feature, which the real
/// crate cannot have here (the workspace's other tests need it off). Its rule: S with
/// its top three bits clear, then `verify`'s check with the integer S, computed here
/// with the real curve25519-dalek (`Scalar::from_bits`,
/// `vartime_double_scalar_mul_basepoint`, re-encoding R'), as ed25519-dalek's source
/// does; `verify_strict` on S's residue. Where S is canonical the first must equal the
/// real `verify`, which is asserted, so the reference is itself checked.
#[cfg(feature = "legacy_compatibility")]
fn reference_verdicts(key: &real::VerifyingKey, msg: &[u8], sig: &[u8; 64]) -> (bool, bool) {
    use real_curve25519_dalek as rc;
    use sha2::Digest;
    let (r, s): ([u8; 32], [u8; 32]) = (
        sig[..32].try_into().expect("32 bytes"),
        sig[32..].try_into().expect("32 bytes"),
    );
    if s[31] & 0xe0 != 0 {
        return (false, false);
    }
    let a = key.to_edwards();
    let h = sha2::Sha512::new()
        .chain_update(r)
        .chain_update(key.as_bytes())
        .chain_update(msg);
    let k = rc::Scalar::from_hash(h);
    #[allow(deprecated)]
    let s_int = rc::Scalar::from_bits(s);
    let r2 = rc::EdwardsPoint::vartime_double_scalar_mul_basepoint(&k, &-a, &s_int);
    let legacy = r2.compress().to_bytes() == r;
    let real_sig = real::Signature::from_bytes(sig);
    if rc::Scalar::from_canonical_bytes(s).is_some().into() {
        assert_eq!(legacy, real::Verifier::verify(key, msg, &real_sig).is_ok());
    }
    let mut reduced = *sig;
    reduced[32..].copy_from_slice(rc::Scalar::from_bytes_mod_order(s).as_bytes());
    let strict = key
        .verify_strict(msg, &real::Signature::from_bytes(&reduced))
        .is_ok();
    (legacy, strict)
}

/// With `legacy_compatibility`, every verifier accepts S + l (below 2^253) where it
/// accepts S, and none accepts an S with a top bit set; without it, none accepts S + l.
#[test]
fn legacy_compatibility_takes_unreduced_s() {
    use real_curve25519_dalek as rc;
    let l_plus = |s: &[u8]| {
        let s = rc::Scalar::from_bytes_mod_order(s.try_into().expect("32 bytes"));
        // s + l as an integer: l's bytes added with carries.
        let l = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut out = [0u8; 32];
        let mut carry = 0u16;
        for i in 0..32 {
            let t = s.as_bytes()[i] as u16 + l[i] as u16 + carry;
            out[i] = t as u8;
            carry = t >> 8;
        }
        out
    };
    let mut accepted = 0;
    for i in 0..12u8 {
        let key = ed25519_dalek::SigningKey::from_bytes(&[i ^ 0x3c; 32]);
        let msg = [i; 20];
        let good = ed25519_dalek::Signer::sign(&key, &msg).to_bytes();
        let mut sig = good;
        sig[32..].copy_from_slice(&l_plus(&good[32..]));
        let legacy = cfg!(feature = "legacy_compatibility") && sig[63] & 0xe0 == 0;
        accepted += legacy as usize;
        let vk = key.verifying_key();
        let s = ed25519_dalek::Signature::from_bytes(&sig);
        assert_eq!(vk.verify(&msg, &s).is_ok(), legacy);
        assert_eq!(vk.verify_strict(&msg, &s).is_ok(), legacy);
        assert_eq!(key.verify(&msg, &s).is_ok(), legacy);
        #[cfg(feature = "hazmat")]
        assert_eq!(
            ed25519_dalek::hazmat::raw_verify::<sha2::Sha512>(&vk, &msg, &s).is_ok(),
            legacy
        );
        #[cfg(feature = "batch")]
        assert_eq!(
            ed25519_dalek::verify_batch(
                &[&msg[..], b"x"],
                &[s, ed25519_dalek::Signer::sign(&key, b"x")],
                &[vk, vk]
            )
            .is_ok(),
            legacy
        );
        let theirs = real::VerifyingKey::from_bytes(vk.as_bytes()).expect("a valid key");
        assert_eq!(reference_verdicts(&theirs, &msg, &sig), (legacy, legacy));
        // The top bits set: refused whatever the feature.
        sig[63] |= 0x80;
        let s = ed25519_dalek::Signature::from_bytes(&sig);
        assert!(vk.verify(&msg, &s).is_err() && vk.verify_strict(&msg, &s).is_err());
    }
    assert_eq!(accepted > 0, cfg!(feature = "legacy_compatibility"));
}

#[test]
fn signatures_keys_and_serde_bytes_agree() {
    for i in 0..16u8 {
        let seed = [i.wrapping_mul(29) ^ 0x6b; 32];
        let ours = ed25519_dalek::SigningKey::from_bytes(&seed);
        let theirs = real::SigningKey::from_bytes(&seed);
        let msg = [i; 40];
        let a = ed25519_dalek::Signer::sign(&ours, &msg);
        let b = real::Signer::sign(&theirs, &msg);
        assert_eq!(a.to_bytes(), b.to_bytes());
        assert_eq!(ours.to_scalar_bytes(), theirs.to_scalar_bytes());
        assert_eq!(ours.to_scalar().to_bytes(), theirs.to_scalar().to_bytes());
        let (vo, vt) = (ours.verifying_key(), theirs.verifying_key());
        assert_eq!(vo.to_bytes(), vt.to_bytes());
        assert_eq!(vo.to_montgomery().to_bytes(), vt.to_montgomery().to_bytes());
        assert_eq!(vo.to_edwards().compress().0, vt.to_edwards().compress().0);
        // Ed25519ph with a context.
        let ph = || <sha2::Sha512 as sha2::Digest>::new_with_prefix(msg);
        let pa = ours
            .sign_prehashed(ph(), Some(b"ctx"))
            .expect("short context");
        let pb = theirs
            .sign_prehashed(ph(), Some(b"ctx"))
            .expect("short context");
        assert_eq!(pa.to_bytes(), pb.to_bytes());
        assert!(vo.verify_prehashed_strict(ph(), Some(b"ctx"), &pa).is_ok());
        // serde: JSON and postcard bytes.
        assert_eq!(
            serde_json::to_string(&ours).expect("json"),
            serde_json::to_string(&theirs).expect("json")
        );
        assert_eq!(
            postcard::to_allocvec(&vo).expect("postcard"),
            postcard::to_allocvec(&vt).expect("postcard")
        );
    }
}

#[test]
fn curve_types_agree() {
    use curve25519_dalek::scalar::Scalar;
    use real_curve25519_dalek as rc;
    for i in 1..16u8 {
        let bytes = [i.wrapping_mul(53) ^ 0x21; 32];
        let s = Scalar::from_bytes_mod_order(bytes);
        let rs = rc::Scalar::from_bytes_mod_order(bytes);
        assert_eq!(s.to_bytes(), rs.to_bytes());
        assert_eq!(s.invert().to_bytes(), rs.invert().to_bytes());
        let p = curve25519_dalek::EdwardsPoint::mul_base(&s);
        let rp = rc::EdwardsPoint::mul_base(&rs);
        assert_eq!(p.compress().0, rp.compress().0);
        assert_eq!(
            curve25519_dalek::EdwardsPoint::mul_base_clamped(bytes)
                .compress()
                .0,
            rc::EdwardsPoint::mul_base_clamped(bytes).compress().0
        );
        assert_eq!(
            p.mul_clamped(bytes).compress().0,
            rp.mul_clamped(bytes).compress().0
        );
        assert_eq!(p.to_montgomery().0, rp.to_montgomery().0);
        let r = curve25519_dalek::RistrettoPoint::mul_base(&s);
        let rr = rc::RistrettoPoint::mul_base(&rs);
        assert_eq!(r.compress().0, rr.compress().0);
        let mut xs = [s, s + s, Scalar::from(7u8)];
        let mut rxs = [rs, rs + rs, rc::Scalar::from(7u8)];
        assert_eq!(
            Scalar::batch_invert(&mut xs).to_bytes(),
            rc::Scalar::invert_batch_alloc(&mut rxs).to_bytes()
        );
        for (x, y) in xs.iter().zip(&rxs) {
            assert_eq!(x.to_bytes(), y.to_bytes());
        }
    }
}

/// A 64-byte hash other than SHA-512 (SHA-512 with a tag absorbed first), to check
/// that `hazmat`'s digest parameter reaches every hash, as in ed25519-dalek.
#[cfg(feature = "hazmat")]
mod tagged {
    use curve25519_dalek::digest::{
        FixedOutput, HashMarker, Output, OutputSizeUser, Update, consts::U64,
    };

    #[derive(Clone)]
    pub struct Tagged(sha2::Sha512);

    impl Default for Tagged {
        fn default() -> Self {
            let mut h = sha2::Sha512::default();
            Update::update(&mut h, b"tagged hash for the hazmat test");
            Tagged(h)
        }
    }
    impl HashMarker for Tagged {}
    impl OutputSizeUser for Tagged {
        type OutputSize = U64;
    }
    impl Update for Tagged {
        fn update(&mut self, data: &[u8]) {
            Update::update(&mut self.0, data);
        }
    }
    impl FixedOutput for Tagged {
        fn finalize_into(self, out: &mut Output<Self>) {
            FixedOutput::finalize_into(self.0, out);
        }
    }
}

#[cfg(feature = "hazmat")]
#[test]
fn hazmat_agrees() {
    use ed25519_dalek::hazmat as ours;
    use real::hazmat as theirs;
    use sha2::{Digest, Sha512};
    use tagged::Tagged;
    for i in 0..8u8 {
        let bytes = [i.wrapping_mul(71) ^ 0x3c; 64];
        let (eo, et) = (
            ours::ExpandedSecretKey::from_bytes(&bytes),
            theirs::ExpandedSecretKey::from_bytes(&bytes),
        );
        assert_eq!(eo.scalar.to_bytes(), et.scalar.to_bytes());
        assert_eq!(eo.hash_prefix, et.hash_prefix);
        let seed = [i; 32];
        let (so, st) = (
            ours::ExpandedSecretKey::from(&seed),
            theirs::ExpandedSecretKey::from(&seed),
        );
        assert_eq!(so.scalar.to_bytes(), st.scalar.to_bytes());
        let (vo, vt) = (
            ed25519_dalek::VerifyingKey::from(&eo),
            real::VerifyingKey::from(&et),
        );
        assert_eq!(vo.to_bytes(), vt.to_bytes());
        let msg = [i ^ 0x55; 33];
        let a = ours::raw_sign::<Tagged>(&eo, &msg, &vo);
        let b = theirs::raw_sign::<Tagged>(&et, &msg, &vt);
        assert_eq!(a.to_bytes(), b.to_bytes());
        assert_ne!(a, ours::raw_sign::<Sha512>(&eo, &msg, &vo));
        assert!(ours::raw_verify::<Tagged>(&vo, &msg, &a).is_ok());
        assert!(ours::raw_verify::<Sha512>(&vo, &msg, &a).is_err());
        assert!(theirs::raw_verify::<Tagged>(&vt, &msg, &a).is_ok());
        let up = |h: &mut Tagged| {
            Digest::update(h, &msg[..10]);
            Digest::update(h, &msg[10..]);
            Ok(())
        };
        assert_eq!(ours::raw_sign_byupdate(&eo, up, &vo).expect("sign"), a);
        let ph = || Sha512::new_with_prefix(msg);
        let pa = ours::raw_sign_prehashed::<Tagged, _>(&eo, ph(), &vo, Some(b"c"))
            .expect("short context");
        let pb = theirs::raw_sign_prehashed::<Tagged, _>(&et, ph(), &vt, Some(b"c"))
            .expect("short context");
        assert_eq!(pa.to_bytes(), pb.to_bytes());
        assert!(ours::raw_verify_prehashed::<Tagged, _>(&vo, ph(), Some(b"c"), &pa).is_ok());
        assert!(ours::raw_verify_prehashed::<Tagged, _>(&vo, ph(), None, &pa).is_err());
        // A context over 255 bytes and a slice of the wrong length: typed errors.
        assert!(ours::raw_sign_prehashed::<Sha512, _>(&eo, ph(), &vo, Some(&[0; 256])).is_err());
        assert!(ours::ExpandedSecretKey::from_slice(&bytes[..63]).is_err());
        assert!(ours::ExpandedSecretKey::try_from(&bytes[..]).is_ok_and(|k| k == eo));
    }
}

#[test]
fn tables_and_montgomery_scalar_mul_agree() {
    use curve25519_dalek::edwards::{EdwardsBasepointTable, EdwardsBasepointTableRadix256};
    use curve25519_dalek::ristretto::RistrettoBasepointTable;
    use curve25519_dalek::{EdwardsPoint, MontgomeryPoint, RistrettoPoint, Scalar, constants};
    use rc::traits::BasepointTable as _;
    use real_curve25519_dalek as rc;
    // A point of order 4 (y = 0), so some points below carry torsion.
    let t4 = curve25519_dalek::edwards::CompressedEdwardsY([0; 32])
        .decompress()
        .expect("a point");
    let rt4 = rc::edwards::CompressedEdwardsY([0; 32])
        .decompress()
        .expect("a point");
    for i in 0..8u8 {
        let bytes = [i.wrapping_mul(97) ^ 0x1d; 32];
        let (s, rs) = (
            Scalar::from_bytes_mod_order(bytes),
            rc::Scalar::from_bytes_mod_order(bytes),
        );
        let k = Scalar::from(u64::from(i) + 2);
        let rk = rc::Scalar::from(u64::from(i) + 2);
        let p = EdwardsPoint::mul_base(&k)
            + if i % 2 == 1 {
                t4
            } else {
                EdwardsPoint::mul_base(&Scalar::ZERO)
            };
        let rp = rc::EdwardsPoint::mul_base(&rk)
            + if i % 2 == 1 {
                rt4
            } else {
                rc::EdwardsPoint::mul_base(&rc::Scalar::ZERO)
            };
        assert_eq!(p.compress().0, rp.compress().0);
        let t = EdwardsBasepointTable::create(&p);
        let rt = rc::edwards::EdwardsBasepointTable::create(&rp);
        assert_eq!((&s * &t).compress().0, (&rs * &rt).compress().0);
        assert_eq!(
            t.mul_base_clamped(bytes).compress().0,
            rt.mul_base_clamped(bytes).compress().0
        );
        let t256 = EdwardsBasepointTableRadix256::from(&t);
        assert_eq!(t256.basepoint(), p);
        assert_eq!(
            (&s * constants::ED25519_BASEPOINT_TABLE).compress().0,
            (&rs * rc::constants::ED25519_BASEPOINT_TABLE).compress().0
        );
        assert_eq!(
            constants::ED25519_BASEPOINT_TABLE
                .mul_base_clamped(bytes)
                .compress()
                .0,
            rc::constants::ED25519_BASEPOINT_TABLE
                .mul_base_clamped(bytes)
                .compress()
                .0
        );
        let r = RistrettoPoint::mul_base(&k);
        let rr = rc::RistrettoPoint::mul_base(&rk);
        let rt = RistrettoBasepointTable::create(&r);
        let rrt = rc::ristretto::RistrettoBasepointTable::create(&rr);
        assert_eq!((&s * &rt).compress().0, (&rs * &rrt).compress().0);
        assert_eq!(
            (&s * constants::RISTRETTO_BASEPOINT_TABLE).compress().0,
            (&rs * rc::constants::RISTRETTO_BASEPOINT_TABLE)
                .compress()
                .0
        );
        // MontgomeryPoint * Scalar, unclamped, on arbitrary bytes (curve or twist).
        let u = [i.wrapping_mul(13) ^ 0xe7; 32];
        let (m, rm) = (MontgomeryPoint(u), rc::MontgomeryPoint(u));
        assert_eq!((m * s).0, (rm * rs).0);
        assert_eq!((s * m).0, (rs * rm).0);
        assert_eq!(
            MontgomeryPoint::mul_base(&s).0,
            rc::MontgomeryPoint::mul_base(&rs).0
        );
    }
}

/// The `group` feature: the same `ff` constants and square roots, the same decodings,
/// subgroup checks and random points from the same generator bytes.
#[test]
fn group_traits_agree() {
    use curve25519_dalek::edwards::SubgroupPoint;
    use curve25519_dalek::{EdwardsPoint, RistrettoPoint, Scalar};
    use group::cofactor::CofactorGroup;
    use group::ff::{Field, PrimeField};
    use group::{Group, GroupEncoding};
    use real_curve25519_dalek as rc;
    let consts = |s: Scalar| s.to_repr();
    assert_eq!(consts(Scalar::TWO_INV), rc::Scalar::TWO_INV.to_repr());
    assert_eq!(
        consts(Scalar::MULTIPLICATIVE_GENERATOR),
        rc::Scalar::MULTIPLICATIVE_GENERATOR.to_repr()
    );
    assert_eq!(
        consts(Scalar::ROOT_OF_UNITY),
        rc::Scalar::ROOT_OF_UNITY.to_repr()
    );
    assert_eq!(
        consts(Scalar::ROOT_OF_UNITY_INV),
        rc::Scalar::ROOT_OF_UNITY_INV.to_repr()
    );
    assert_eq!(consts(Scalar::DELTA), rc::Scalar::DELTA.to_repr());
    assert_eq!(
        (Scalar::S, Scalar::NUM_BITS, Scalar::CAPACITY),
        (rc::Scalar::S, rc::Scalar::NUM_BITS, rc::Scalar::CAPACITY)
    );
    assert_eq!(Scalar::MODULUS, rc::Scalar::MODULUS);
    for i in 0..32u8 {
        let bytes = [i.wrapping_mul(37) ^ 0x5b; 32];
        let s = Scalar::from_bytes_mod_order(bytes);
        let rs = rc::Scalar::from_bytes_mod_order(bytes);
        // Square roots: the same existence; each root squares back.
        let (r, rr) = (s.sqrt(), rs.sqrt());
        assert_eq!(bool::from(r.is_some()), bool::from(rr.is_some()));
        if let Some(r) = r.into_option() {
            assert_eq!(r.square(), s);
        }
        assert_eq!(
            Field::invert(&s).map(|x| x.to_repr()).unwrap_or([0; 32]),
            Field::invert(&rs).map(|x| x.to_repr()).unwrap_or([0; 32])
        );
        assert_eq!(bool::from(s.is_odd()), bool::from(rs.is_odd()));
        // Decoding arbitrary bytes as points (Edwards: every encoding; subgroup;
        // ristretto: canonical only).
        let mut enc = [i.wrapping_mul(91) ^ 0xa4; 32];
        enc[0] = i;
        let (p, rp) = (
            <EdwardsPoint as GroupEncoding>::from_bytes(&enc),
            <rc::EdwardsPoint as GroupEncoding>::from_bytes(&enc),
        );
        assert_eq!(
            bool::from(p.is_some()),
            bool::from(rp.is_some()),
            "case {i}"
        );
        if let (Some(p), Some(rp)) = (p.into_option(), rp.into_option()) {
            assert_eq!(p.to_bytes(), rp.to_bytes());
            assert_eq!(
                bool::from(CofactorGroup::is_torsion_free(&p)),
                bool::from(CofactorGroup::is_torsion_free(&rp))
            );
            assert_eq!(
                p.clear_cofactor().to_bytes(),
                rp.clear_cofactor().to_bytes()
            );
            assert_eq!(
                <SubgroupPoint as GroupEncoding>::from_bytes(&enc)
                    .is_some()
                    .unwrap_u8(),
                <rc::edwards::SubgroupPoint as GroupEncoding>::from_bytes(&enc)
                    .is_some()
                    .unwrap_u8()
            );
        }
        let good = (RistrettoPoint::generator() * s).to_bytes();
        for e in [enc, good] {
            assert_eq!(
                <RistrettoPoint as GroupEncoding>::from_bytes(&e)
                    .map(|p| p.to_bytes())
                    .into_option(),
                <rc::RistrettoPoint as GroupEncoding>::from_bytes(&e)
                    .map(|p| p.to_bytes())
                    .into_option()
            );
        }
    }
    // Random elements from the same bytes.
    let mut a = rand::rngs::StdRng::seed_from_u64(7);
    let mut b = rand::rngs::StdRng::seed_from_u64(7);
    use rand::SeedableRng as _;
    for _ in 0..4 {
        assert_eq!(
            EdwardsPoint::random(&mut a).to_bytes(),
            rc::EdwardsPoint::random(&mut b).to_bytes()
        );
        assert_eq!(
            SubgroupPoint::random(&mut a).to_bytes(),
            rc::edwards::SubgroupPoint::random(&mut b).to_bytes()
        );
        assert_eq!(
            <RistrettoPoint as Group>::random(&mut a).to_bytes(),
            <rc::RistrettoPoint as Group>::random(&mut b).to_bytes()
        );
        assert_eq!(
            <Scalar as Field>::random(&mut a).to_repr(),
            <rc::Scalar as Field>::random(&mut b).to_repr()
        );
    }
}
