//! The items of curve25519-dalek 5's API that the ed25519-dalek compat tests do not
//! reach, checked call by call against the real crate: the torsion and low-order
//! constants, precomputed multiscalar multiplication, `double_and_compress_batch`,
//! `div_by_2`, `mul_bits_be`, ristretto255's `map_to_curve`, hash-to-curve, Lizard, and
//! (feature `legacy_compatibility`) `Scalar::from_bits`.

use curve25519_dalek as cd;
use real_curve25519_dalek as rc;

use cd::traits::{Identity as _, VartimePrecomputedMultiscalarMul as _};
use rc::traits::{Identity as _, VartimePrecomputedMultiscalarMul as _};

/// Pseudo-random 32-byte strings (a fixed LCG: reproducible, no RNG dependency).
fn bytes(n: usize) -> Vec<[u8; 32]> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            let mut b = [0u8; 32];
            for x in b.iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *x = (state >> 56) as u8;
            }
            b
        })
        .collect()
}

fn scalars(n: usize) -> (Vec<cd::Scalar>, Vec<rc::Scalar>) {
    let b = bytes(n);
    (
        b.iter()
            .map(|x| cd::Scalar::from_bytes_mod_order(*x))
            .collect(),
        b.iter()
            .map(|x| rc::Scalar::from_bytes_mod_order(*x))
            .collect(),
    )
}

/// Points with a torsion component: clamped multiples of B plus a torsion point.
fn points(n: usize) -> (Vec<cd::EdwardsPoint>, Vec<rc::EdwardsPoint>) {
    let b = bytes(n + 3);
    let c = (0..n)
        .map(|i| cd::EdwardsPoint::mul_base_clamped(b[i + 3]) + cd::constants::EIGHT_TORSION[i % 8])
        .collect();
    let r = (0..n)
        .map(|i| rc::EdwardsPoint::mul_base_clamped(b[i + 3]) + rc::constants::EIGHT_TORSION[i % 8])
        .collect();
    (c, r)
}

fn ristretto(n: usize) -> (Vec<cd::RistrettoPoint>, Vec<rc::RistrettoPoint>) {
    let b = bytes(2 * n);
    let wide = |i: usize| {
        let mut w = [0u8; 64];
        w[..32].copy_from_slice(&b[2 * i]);
        w[32..].copy_from_slice(&b[2 * i + 1]);
        w
    };
    (
        (0..n)
            .map(|i| cd::RistrettoPoint::from_uniform_bytes(&wide(i)))
            .collect(),
        (0..n)
            .map(|i| rc::RistrettoPoint::from_uniform_bytes(&wide(i)))
            .collect(),
    )
}

#[test]
fn eight_torsion_is_dalek_s() {
    for (c, r) in cd::constants::EIGHT_TORSION
        .iter()
        .zip(rc::constants::EIGHT_TORSION.iter())
    {
        assert_eq!(c.compress().to_bytes(), r.compress().to_bytes());
        assert_eq!(c.is_small_order(), r.is_small_order());
        assert_eq!(c.to_montgomery().to_bytes(), r.to_montgomery().to_bytes());
    }
}

#[test]
fn x25519_low_order_points_are_dalek_s() {
    let c = &cd::constants::X25519_LOW_ORDER_POINTS;
    let r = &rc::constants::X25519_LOW_ORDER_POINTS;
    assert_eq!(c.len(), r.len());
    for (c, r) in c.iter().zip(r.iter()) {
        assert_eq!(c.to_bytes(), r.to_bytes());
        assert_eq!(
            c.mul_clamped([0x31; 32]).to_bytes(),
            r.mul_clamped([0x31; 32]).to_bytes()
        );
    }
}

#[test]
fn edwards_precomputation_agrees() {
    let (cs, rs) = scalars(9);
    let (cp, rp) = points(9);
    let c = cd::edwards::VartimeEdwardsPrecomputation::new(&cp[..5]);
    let r = rc::edwards::VartimeEdwardsPrecomputation::new(&rp[..5]);
    assert_eq!((c.len(), c.is_empty()), (r.len(), r.is_empty()));
    let enc = |p: cd::EdwardsPoint| p.compress().to_bytes();
    let renc = |p: rc::EdwardsPoint| p.compress().to_bytes();
    assert_eq!(
        enc(c.vartime_multiscalar_mul(&cs[..5])),
        renc(r.vartime_multiscalar_mul(&rs[..5]))
    );
    assert_eq!(
        enc(c.vartime_mixed_multiscalar_mul(&cs[..5], &cs[5..], &cp[5..])),
        renc(r.vartime_mixed_multiscalar_mul(&rs[..5], &rs[5..], &rp[5..]))
    );
    let some_c = cp[5..].iter().map(|p| Some(*p));
    let some_r = rp[5..].iter().map(|p| Some(*p));
    assert_eq!(
        c.optional_mixed_multiscalar_mul(&cs[..5], &cs[5..], some_c)
            .map(enc),
        r.optional_mixed_multiscalar_mul(&rs[..5], &rs[5..], some_r)
            .map(renc)
    );
    let none_c = [Some(cp[5]), None];
    let none_r = [Some(rp[5]), None];
    assert_eq!(
        c.optional_mixed_multiscalar_mul(&cs[..5], &cs[5..7], none_c)
            .map(enc),
        r.optional_mixed_multiscalar_mul(&rs[..5], &rs[5..7], none_r)
            .map(renc)
    );
    let empty_c = cd::edwards::VartimeEdwardsPrecomputation::new(Vec::<cd::EdwardsPoint>::new());
    let empty_r = rc::edwards::VartimeEdwardsPrecomputation::new(Vec::<rc::EdwardsPoint>::new());
    assert_eq!(
        (empty_c.len(), empty_c.is_empty()),
        (empty_r.len(), empty_r.is_empty())
    );
    assert_eq!(
        enc(empty_c.vartime_mixed_multiscalar_mul(Vec::<cd::Scalar>::new(), &cs[..2], &cp[..2])),
        renc(empty_r.vartime_mixed_multiscalar_mul(Vec::<rc::Scalar>::new(), &rs[..2], &rp[..2]))
    );
}

#[test]
fn ristretto_precomputation_agrees() {
    let (cs, rs) = scalars(7);
    let (cp, rp) = ristretto(7);
    let c = cd::ristretto::VartimeRistrettoPrecomputation::new(&cp[..4]);
    let r = rc::ristretto::VartimeRistrettoPrecomputation::new(&rp[..4]);
    assert_eq!((c.len(), c.is_empty()), (r.len(), r.is_empty()));
    let enc = |p: cd::RistrettoPoint| p.compress().to_bytes();
    let renc = |p: rc::RistrettoPoint| p.compress().to_bytes();
    assert_eq!(
        enc(c.vartime_multiscalar_mul(&cs[..4])),
        renc(r.vartime_multiscalar_mul(&rs[..4]))
    );
    assert_eq!(
        enc(c.vartime_mixed_multiscalar_mul(&cs[..4], &cs[4..], &cp[4..])),
        renc(r.vartime_mixed_multiscalar_mul(&rs[..4], &rs[4..], &rp[4..]))
    );
    assert_eq!(
        c.optional_mixed_multiscalar_mul(&cs[..4], &cs[4..5], [None])
            .map(enc),
        r.optional_mixed_multiscalar_mul(&rs[..4], &rs[4..5], [None])
            .map(renc)
    );
}

#[cfg(feature = "legacy_compatibility")]
#[test]
fn from_bits_agrees() {
    let (cp, rp) = points(8);
    let mut inputs = bytes(24);
    inputs.extend([[0xff; 32], [0; 32], [0x7f; 32]]);
    for (i, b) in inputs.iter().enumerate() {
        #[allow(deprecated)]
        let r = rc::Scalar::from_bits(*b);
        let c = cd::Scalar::from_bits(*b);
        assert_eq!(c.to_bytes(), r.to_bytes(), "{b:02x?}");
        assert_eq!(c.as_bytes(), r.as_bytes());
        // Multiplication by the integer, on points with a torsion component.
        let (p, q) = (cp[i % 8], rp[i % 8]);
        assert_eq!((p * c).compress().to_bytes(), (q * r).compress().to_bytes());
        assert_eq!((c * p).compress().to_bytes(), (r * q).compress().to_bytes());
        let (u, v) = (p.to_montgomery(), q.to_montgomery());
        assert_eq!((u * c).to_bytes(), (v * r).to_bytes(), "montgomery {i}");
        assert_eq!(
            cd::EdwardsPoint::mul_base(&c).compress().to_bytes(),
            rc::EdwardsPoint::mul_base(&r).compress().to_bytes()
        );
        // Equality compares the integer, as curve25519-dalek's.
        let reduced_c = cd::Scalar::from_bytes_mod_order(*b);
        let reduced_r = rc::Scalar::from_bytes_mod_order(*b);
        assert_eq!(c == reduced_c, r == reduced_r);
    }
}

#[test]
fn ristretto_map_to_curve_agrees() {
    let mut inputs = bytes(16);
    inputs.extend([[0xff; 32], [0; 32], [0xed; 32]]);
    for b in inputs {
        assert_eq!(
            cd::RistrettoPoint::map_to_curve(b).compress().to_bytes(),
            rc::RistrettoPoint::map_to_curve(b).compress().to_bytes(),
            "{b:02x?}"
        );
    }
}

#[test]
fn double_and_compress_batch_agrees() {
    let (mut cp, mut rp) = ristretto(19);
    cp.push(cd::RistrettoPoint::identity());
    rp.push(rc::RistrettoPoint::identity());
    cp.push(cp[3] - cp[3]);
    rp.push(rp[3] - rp[3]);
    for n in [0, 1, 2, 7, 8, 21] {
        let ours: Vec<[u8; 32]> =
            cd::RistrettoPoint::double_and_compress_batch(&cp[cp.len() - n..])
                .iter()
                .map(|c| c.to_bytes())
                .collect();
        let theirs: Vec<[u8; 32]> =
            rc::RistrettoPoint::double_and_compress_batch(&rp[rp.len() - n..])
                .iter()
                .map(|c| c.to_bytes())
                .collect();
        assert_eq!(ours, theirs, "{n} points");
    }
}

#[test]
fn div_by_2_agrees() {
    let (cs, rs) = scalars(24);
    let edges = [[0u8; 32], [1; 32], [0xff; 32]];
    for (c, r) in cs.iter().zip(rs.iter()) {
        assert_eq!(c.div_by_2().to_bytes(), r.div_by_2().to_bytes());
    }
    for b in edges {
        let c = cd::Scalar::from_bytes_mod_order(b);
        let r = rc::Scalar::from_bytes_mod_order(b);
        assert_eq!(c.div_by_2().to_bytes(), r.div_by_2().to_bytes(), "{b:02x?}");
    }
    let minus_one = -cd::Scalar::ONE;
    let real_minus_one = -rc::Scalar::ONE;
    assert_eq!(
        minus_one.div_by_2().to_bytes(),
        real_minus_one.div_by_2().to_bytes()
    );
}

/// Big-endian bits of a little-endian byte string.
fn be_bits(k: &[u8]) -> impl Iterator<Item = bool> + Clone + '_ {
    (0..8 * k.len())
        .rev()
        .map(move |i| (k[i / 8] >> (i % 8)) & 1 == 1)
}

#[test]
fn mul_bits_be_agrees() {
    let k = bytes(12).concat();
    let us = bytes(20);
    for (i, u) in us.iter().enumerate() {
        // Curve and twist points (random bytes, bit 255 set or not), 0, 1 and the
        // base point, with bit strings of 0 to 380 bits.
        let u = match i {
            0 => [0; 32],
            1 => [1; 32],
            2 => cd::constants::X25519_BASEPOINT.to_bytes(),
            _ => *u,
        };
        for n in [0, 1, 7, 64, 253, 255, 256, 257, 380] {
            let bits = be_bits(&k).skip(i).take(n);
            let ours = cd::MontgomeryPoint(u).mul_bits_be(bits.clone());
            let theirs = rc::MontgomeryPoint(u).mul_bits_be(bits);
            assert_eq!(ours.to_bytes(), theirs.to_bytes(), "u #{i}, {n} bits");
        }
    }
}

/// A 64-byte hash other than SHA-512, with another block size (136 bytes, so Z_pad
/// differs): SHA-512 with a tag absorbed first.
#[cfg(feature = "digest")]
mod other_hash {
    use curve25519_dalek::digest::common::BlockSizeUser;
    use curve25519_dalek::digest::consts::{U64, U136};
    use curve25519_dalek::digest::{FixedOutput, HashMarker, Output, OutputSizeUser, Update};

    #[derive(Clone)]
    pub struct Other(sha2::Sha512);

    impl Default for Other {
        fn default() -> Self {
            let mut h = sha2::Sha512::default();
            Update::update(&mut h, b"another hash");
            Other(h)
        }
    }
    impl HashMarker for Other {}
    impl OutputSizeUser for Other {
        type OutputSize = U64;
    }
    impl BlockSizeUser for Other {
        type BlockSize = U136;
    }
    impl Update for Other {
        fn update(&mut self, data: &[u8]) {
            Update::update(&mut self.0, data);
        }
    }
    impl FixedOutput for Other {
        fn finalize_into(self, out: &mut Output<Self>) {
            FixedOutput::finalize_into(self.0, out);
        }
    }
}

/// RFC 9380's edwards25519 suites against curve25519-dalek's: SHA-512 and another
/// hash, messages and DSTs in pieces, DSTs of 1 and 255 bytes.
#[cfg(feature = "digest")]
#[test]
fn hash_to_curve_agrees() {
    use other_hash::Other;
    use sha2::Sha512;
    let long = [0x44u8; 255];
    let dsts: [&[&[u8]]; 4] = [
        &[b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_"],
        &[b"x"],
        &[&long[..100], b"", &long[100..]],
        &[b"", b"split", b"-dst"],
    ];
    let msgs: [&[&[u8]]; 4] = [&[], &[b""], &[b"abc"], &[b"a", &[0x61; 200], b"bc"]];
    for dst in dsts {
        for msg in msgs {
            let enc = |p: cd::EdwardsPoint| p.compress().to_bytes();
            let renc = |p: rc::EdwardsPoint| p.compress().to_bytes();
            assert_eq!(
                enc(cd::EdwardsPoint::hash_to_curve::<Sha512>(msg, dst)),
                renc(rc::EdwardsPoint::hash_to_curve::<Sha512>(msg, dst))
            );
            assert_eq!(
                enc(cd::EdwardsPoint::encode_to_curve::<Sha512>(msg, dst)),
                renc(rc::EdwardsPoint::encode_to_curve::<Sha512>(msg, dst))
            );
            assert_eq!(
                enc(cd::EdwardsPoint::hash_to_curve::<Other>(msg, dst)),
                renc(rc::EdwardsPoint::hash_to_curve::<Other>(msg, dst))
            );
            assert_eq!(
                enc(cd::EdwardsPoint::encode_to_curve::<Other>(msg, dst)),
                renc(rc::EdwardsPoint::encode_to_curve::<Other>(msg, dst))
            );
        }
    }
}

/// An empty DST and one over 255 bytes panic in both crates.
#[cfg(feature = "digest")]
#[test]
fn hash_to_curve_dst_panics_as_dalek_s() {
    use sha2::Sha512;
    let long = [0x44u8; 256];
    let bad: [&[&[u8]]; 3] = [&[], &[b""], &[&long[..128], &long[128..]]];
    for dst in bad {
        let ours =
            std::panic::catch_unwind(|| cd::EdwardsPoint::hash_to_curve::<Sha512>(&[b"m"], dst));
        let theirs =
            std::panic::catch_unwind(|| rc::EdwardsPoint::hash_to_curve::<Sha512>(&[b"m"], dst));
        assert!(
            ours.is_err() && theirs.is_err(),
            "{} bytes",
            dst.concat().len()
        );
        let ours =
            std::panic::catch_unwind(|| cd::EdwardsPoint::encode_to_curve::<Sha512>(&[b"m"], dst));
        let theirs =
            std::panic::catch_unwind(|| rc::EdwardsPoint::encode_to_curve::<Sha512>(&[b"m"], dst));
        assert!(ours.is_err() && theirs.is_err());
    }
}

/// `from_bits` scalars in the places curve25519-dalek leaves to its implementation:
/// multiscalar multiplication and serde agree; `div_by_2` agrees mod l.
#[cfg(feature = "legacy_compatibility")]
#[test]
fn from_bits_elsewhere_agrees() {
    use cd::traits::{MultiscalarMul as _, VartimeMultiscalarMul as _};
    use rc::traits::{MultiscalarMul as _, VartimeMultiscalarMul as _};
    let (cp, rp) = points(4);
    let mut inputs = bytes(12);
    inputs.extend([[0xff; 32], [0xee; 32]]);
    #[allow(deprecated)]
    let rs: Vec<rc::Scalar> = inputs.iter().map(|b| rc::Scalar::from_bits(*b)).collect();
    let cs: Vec<cd::Scalar> = inputs.iter().map(|b| cd::Scalar::from_bits(*b)).collect();
    for (c, r) in cs.iter().zip(rs.iter()) {
        // curve25519-dalek halves the integer ((n + l)/2 for odd n, unreduced); here
        // the residue is halved: the same value mod l, other bytes.
        let half = |b: [u8; 32]| rc::Scalar::from_bytes_mod_order(b).to_bytes();
        assert_eq!(half(c.div_by_2().to_bytes()), half(r.div_by_2().to_bytes()));
        #[cfg(feature = "serde")]
        assert_eq!(
            postcard::to_allocvec(c).expect("serialize"),
            postcard::to_allocvec(r).expect("serialize"),
            "serde"
        );
    }
    for w in 0..cs.len() - 3 {
        let enc = |p: cd::EdwardsPoint| p.compress().to_bytes();
        let renc = |p: rc::EdwardsPoint| p.compress().to_bytes();
        assert_eq!(
            enc(cd::EdwardsPoint::multiscalar_mul(&cs[w..w + 4], &cp)),
            renc(rc::EdwardsPoint::multiscalar_mul(&rs[w..w + 4], &rp)),
            "multiscalar_mul {w}"
        );
        assert_eq!(
            enc(cd::EdwardsPoint::vartime_multiscalar_mul(
                &cs[w..w + 4],
                &cp
            )),
            renc(rc::EdwardsPoint::vartime_multiscalar_mul(
                &rs[w..w + 4],
                &rp
            )),
            "vartime_multiscalar_mul {w}"
        );
    }
}

#[cfg(feature = "lizard")]
#[test]
fn lizard_agrees() {
    use sha2::Sha256;
    for (i, b) in bytes(40).into_iter().enumerate() {
        let data: [u8; 16] = b[..16].try_into().expect("16 bytes");
        let ours = cd::RistrettoPoint::lizard_encode::<Sha256>(&data);
        let theirs = rc::RistrettoPoint::lizard_encode::<Sha256>(&data);
        assert_eq!(
            ours.compress().to_bytes(),
            theirs.compress().to_bytes(),
            "{i}"
        );
        assert_eq!(ours.lizard_decode::<Sha256>(), Some(data));
        // The same preimage sets, whatever the slot order.
        let mut restricted = b;
        restricted[0] &= 0xfe;
        restricted[31] &= 0x3f;
        let p = cd::RistrettoPoint::map_to_curve_restricted(restricted);
        let q = rc::RistrettoPoint::map_to_curve_restricted(restricted);
        let sorted = |v: [subtle::CtOption<[u8; 32]>; 16]| {
            let mut v: Vec<[u8; 32]> = v.iter().filter_map(|b| b.into_option()).collect();
            v.sort_unstable();
            v
        };
        assert_eq!(
            sorted(p.map_to_curve_inverse()),
            sorted(q.map_to_curve_inverse())
        );
    }
}

#[cfg(feature = "lizard")]
#[test]
#[should_panic(expected = "bits 254, 255 must be clear")]
fn map_to_curve_restricted_panics_as_dalek() {
    let _ = cd::RistrettoPoint::map_to_curve_restricted([0xff; 32]);
}
