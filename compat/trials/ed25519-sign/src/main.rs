//! Trial: an Ed25519 program written against ed25519-dalek 3 as its users write one.
//! Keys from a generator and from bytes, sign, verify (trait and inherent),
//! verify_strict, signatures from slices, errors, the public key as a curve point.

#[path = "../../rng.rs"]
mod rng;

use ed25519_dalek::{
    KEYPAIR_LENGTH, PUBLIC_KEY_LENGTH, SECRET_KEY_LENGTH, SIGNATURE_LENGTH, SecretKey, Signature,
    SignatureError, Signer, SigningKey, Verifier, VerifyingKey,
};
use rng::{SeededRng, hex};

fn sign_and_check<S: Signer<Signature>, V: Verifier<Signature>>(
    signer: &S,
    verifier: &V,
    msg: &[u8],
) -> Result<Signature, SignatureError> {
    let sig = signer.try_sign(msg)?;
    verifier.verify(msg, &sig)?;
    Ok(sig)
}

fn main() -> Result<(), SignatureError> {
    let mut rng = SeededRng::new(b"ed25519 trial");
    let signing_key = SigningKey::generate(&mut rng);
    let secret: SecretKey = signing_key.to_bytes();
    assert_eq!(secret.len(), SECRET_KEY_LENGTH);
    let restored = SigningKey::from_bytes(&secret);
    assert_eq!(restored.to_bytes(), secret);

    let verifying_key: VerifyingKey = signing_key.verifying_key();
    let public: [u8; PUBLIC_KEY_LENGTH] = verifying_key.to_bytes();
    let decoded = VerifyingKey::from_bytes(&public)?;
    assert_eq!(decoded, verifying_key);
    println!("public key  {}", hex(&public));

    let msg = b"pay 5 coins to bob";
    let sig: Signature = signing_key.sign(msg);
    let sig_bytes: [u8; SIGNATURE_LENGTH] = sig.to_bytes();
    println!("signature   {}", hex(&sig_bytes));
    let parsed = Signature::from_slice(&sig_bytes)?;
    decoded.verify(msg, &parsed)?;
    decoded.verify_strict(msg, &parsed)?;
    signing_key.verify(msg, &parsed)?;
    let generic = sign_and_check(&restored, &decoded, b"generic code")?;
    println!("generic     {}", hex(&generic.to_bytes()));

    // What must fail does, with a SignatureError.
    let wrong: Result<(), SignatureError> = decoded.verify(b"pay 6 coins to bob", &sig);
    println!("wrong message refused: {}", wrong.is_err());
    println!(
        "short signature refused: {}",
        Signature::from_slice(&sig_bytes[..63]).is_err()
    );
    let mut bad_s = sig_bytes;
    bad_s[63] |= 0xf0;
    println!(
        "non-canonical S refused: {}",
        decoded.verify(msg, &Signature::from_bytes(&bad_s)).is_err()
    );
    let mut identity = [0u8; 32];
    identity[0] = 1;
    let weak = VerifyingKey::from_bytes(&identity)?;
    println!("weak key is weak: {}", weak.is_weak());
    let mut forged = [0u8; 64];
    forged[..32].copy_from_slice(&identity);
    let forged = Signature::from_bytes(&forged);
    println!(
        "weak-key forgery: verify {}, verify_strict {}",
        weak.verify(b"anything", &forged).is_ok(),
        weak.verify_strict(b"anything", &forged).is_ok()
    );

    // The keypair bytes, and the key as points.
    let keypair: [u8; KEYPAIR_LENGTH] = signing_key.to_keypair_bytes();
    let from_pair = SigningKey::from_keypair_bytes(&keypair)?;
    assert_eq!(from_pair.verifying_key(), verifying_key);
    let point = verifying_key.to_edwards();
    println!("A           {}", hex(point.compress().as_bytes()));
    println!(
        "A on Curve25519 {}",
        hex(verifying_key.to_montgomery().as_bytes())
    );
    println!("scalar      {}", hex(signing_key.to_scalar().as_bytes()));
    println!("ok");
    Ok(())
}
