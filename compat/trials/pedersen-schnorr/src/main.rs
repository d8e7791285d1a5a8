//! Trial: a Pedersen commitment with a Schnorr proof of knowledge of its opening, over
//! ristretto255, written against curve25519-dalek 5 as its users write one.

#[path = "../../rng.rs"]
mod rng;

use curve25519_dalek::constants::{
    RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT as G, RISTRETTO_BASEPOINT_TABLE,
};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul};
use rng::{SeededRng, hex};
use sha2::{Digest, Sha512};

/// The second generator, with no known discrete log to G.
fn generator_h() -> RistrettoPoint {
    RistrettoPoint::hash_from_bytes::<Sha512>(b"pedersen trial: generator H")
}

/// Proof of knowledge of (v, r) with C = vG + rH: T = aG + bH, e = H(G, H, C, T),
/// (z1, z2) = (a + ev, b + er).
struct Proof {
    t: CompressedRistretto,
    z1: Scalar,
    z2: Scalar,
}

fn challenge(h: &RistrettoPoint, c: &CompressedRistretto, t: &CompressedRistretto) -> Scalar {
    let mut transcript = Vec::new();
    transcript.extend_from_slice(RISTRETTO_BASEPOINT_COMPRESSED.as_bytes());
    transcript.extend_from_slice(h.compress().as_bytes());
    transcript.extend_from_slice(c.as_bytes());
    transcript.extend_from_slice(t.as_bytes());
    Scalar::hash_from_bytes::<Sha512>(&transcript)
}

fn prove(v: &Scalar, r: &Scalar, c: &CompressedRistretto, rng: &mut SeededRng) -> Proof {
    let h = generator_h();
    let (a, b) = (Scalar::random(rng), Scalar::random(rng));
    let t = RistrettoPoint::multiscalar_mul([a, b], [G, h]).compress();
    let e = challenge(&h, c, &t);
    Proof {
        t,
        z1: a + e * v,
        z2: b + e * r,
    }
}

fn verify(c: &CompressedRistretto, proof: &Proof) -> bool {
    let h = generator_h();
    let (Some(cp), Some(t)) = (c.decompress(), proof.t.decompress()) else {
        return false;
    };
    let e = challenge(&h, c, &proof.t);
    // z1 G + z2 H - e C - T = 0.
    let check = RistrettoPoint::vartime_multiscalar_mul([proof.z1, proof.z2, -e], [G, h, cp]) - t;
    check.is_identity()
}

fn main() {
    let mut rng = SeededRng::new(b"pedersen trial");
    let h = generator_h();
    let v = Scalar::from(1000u64);
    let r = Scalar::random(&mut rng);
    let commitment = (&v * RISTRETTO_BASEPOINT_TABLE + r * h).compress();
    println!("commitment  {}", hex(commitment.as_bytes()));
    assert_eq!(
        commitment,
        RistrettoPoint::multiscalar_mul(&[v, r], &[G, h]).compress()
    );

    let proof = prove(&v, &r, &commitment, &mut rng);
    println!("T           {}", hex(proof.t.as_bytes()));
    println!("z1          {}", hex(proof.z1.as_bytes()));
    println!("z2          {}", hex(&proof.z2.to_bytes()));
    let valid = verify(&commitment, &proof);
    assert!(valid, "the honest proof must verify");
    println!("proof verifies: {valid}");
    let other = (Scalar::from(1001u64) * G + r * h).compress();
    println!("proof for another commitment: {}", verify(&other, &proof));
    let bad = Proof {
        z1: proof.z1 + Scalar::ONE,
        ..proof
    };
    println!("tampered proof verifies: {}", verify(&commitment, &bad));

    // Commitments add: C(v1, r1) + C(v2, r2) = C(v1 + v2, r1 + r2).
    let (r1, r2) = (Scalar::random(&mut rng), Scalar::random(&mut rng));
    let c1 = Scalar::from(3u8) * G + r1 * h;
    let c2 = Scalar::from(4u8) * G + r2 * h;
    assert_eq!(c1 + c2, Scalar::from(7u8) * G + (r1 + r2) * h);
    assert!((c1 - c1).is_identity());
    assert_eq!(RistrettoPoint::identity(), c2 - c2);

    // Batches: compress doubled points at once, invert scalars at once.
    let points: Vec<RistrettoPoint> = (0..4).map(|_| RistrettoPoint::random(&mut rng)).collect();
    let doubled = RistrettoPoint::double_and_compress_batch(&points);
    for (p, d) in points.iter().zip(&doubled) {
        assert_eq!((p + p).compress(), *d);
    }
    println!("doubled[0]  {}", hex(doubled[0].as_bytes()));
    let mut scalars: Vec<Scalar> = (0..4).map(|_| Scalar::random(&mut rng)).collect();
    let originals = scalars.clone();
    let product_inverse = Scalar::invert_batch_alloc(&mut scalars);
    for (s, inv) in originals.iter().zip(&scalars) {
        assert_eq!(s * inv, Scalar::ONE);
    }
    println!("1/product   {}", hex(product_inverse.as_bytes()));

    // Decoding refuses what is not an encoding.
    let mut bytes = *commitment.as_bytes();
    bytes[0] ^= 1;
    println!(
        "flipped bit decodes: {}",
        CompressedRistretto(bytes).decompress().is_some()
    );
    println!(
        "from_slice of 31 bytes: {}",
        CompressedRistretto::from_slice(&bytes[..31]).is_ok()
    );
    let digest_scalar = Scalar::from_hash(Sha512::new().chain_update(b"x"));
    println!("H(x)        {}", hex(digest_scalar.as_bytes()));
    println!("ok");
}
