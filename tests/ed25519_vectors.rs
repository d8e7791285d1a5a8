//! Ed25519 known-answer vectors: RFC 8032 §7.1, SUPERCOP sign.input, Wycheproof.
#![cfg(feature = "ed25519")]

use crate::common;

use common::{field, read_json, read_vector, unhex, unhex_n};
use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey};

/// Signs with the seed and checks the public key and signature, then that both
/// verification rules accept it and reject it for a modified message.
fn check_sign_verify(seed: &[u8; 32], pk: &[u8; 32], msg: &[u8], sig: &[u8; 64]) {
    let key = SigningKey::from_seed(seed);
    let vk = key.verifying_key();
    assert_eq!(&vk.to_bytes(), pk, "public key");
    let ours = key.sign(msg);
    assert_eq!(&ours.to_bytes(), sig, "signature");

    let decoded = VerifyingKey::from_bytes(pk).expect("vector key decodes");
    let sig = Signature::from_bytes(sig);
    assert_eq!(decoded.verify(msg, &sig), Ok(()));
    assert_eq!(decoded.verify_strict(msg, &sig), Ok(()));

    let mut other = msg.to_vec();
    match other.first_mut() {
        Some(b) => *b ^= 1,
        None => other.push(0),
    }
    assert_eq!(decoded.verify(&other, &sig), Err(Error::EquationFailed));
    assert_eq!(
        decoded.verify_strict(&other, &sig),
        Err(Error::EquationFailed)
    );
}

#[test]
fn rfc8032_section_7_1() {
    let cases = read_json("rfc8032/ed25519.json");
    let cases = cases.as_array().expect("array");
    for case in cases {
        check_sign_verify(
            &unhex_n(field(case, "secretKey")),
            &unhex_n(field(case, "publicKey")),
            &unhex(field(case, "message")),
            &unhex_n(field(case, "signature")),
        );
    }
    assert_eq!(cases.len(), 5);
}

#[test]
fn supercop_sign_input() {
    let text = read_vector("supercop/sign.input");
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let parts: Vec<&str> = line.split(':').collect();
        assert_eq!(parts.len(), 5, "line {i}");
        let sk = unhex(parts[0]);
        let pk: [u8; 32] = unhex_n(parts[1]);
        let msg = unhex(parts[2]);
        let sm = unhex(parts[3]);
        assert_eq!(msg.len(), i);
        assert_eq!(&sk[32..], &pk, "line {i}: sk = seed || pk");
        assert_eq!(&sm[64..], &msg[..], "line {i}: sm = sig || msg");
        let seed: [u8; 32] = sk[..32].try_into().expect("32 bytes");
        let sig: [u8; 64] = sm[..64].try_into().expect("64 bytes");
        check_sign_verify(&seed, &pk, &msg, &sig);
        count += 1;
    }
    assert_eq!(count, 1024);
}

/// Wycheproof v1 test ids whose `invalid` verdict comes from RFC 8032 strict decoding
/// and that the ZIP-215 rules accept: tcId 151 has R = 0100..0080, the identity encoded
/// with the sign bit set (x = 0, "negative zero"); `Point::from_bytes` accepts it, as
/// ZIP-215 requires, and the signature then satisfies the equation.
/// See testvectors/README.md (Wycheproof, caveat 1).
const WYCHEPROOF_ZIP215_ACCEPTS: &[u64] = &[151];

/// Runs both verifiers on one Wycheproof case; the verdicts as (verify, verify_strict).
fn wycheproof_verdicts(
    vk: &Result<VerifyingKey, Error>,
    msg: &[u8],
    sig: &[u8],
) -> (Result<(), Error>, Result<(), Error>) {
    let vk = match vk {
        Ok(vk) => vk,
        Err(e) => return (Err(*e), Err(*e)),
    };
    match Signature::try_from(sig) {
        Ok(sig) => (vk.verify(msg, &sig), vk.verify_strict(msg, &sig)),
        Err(e) => {
            assert!(
                matches!(e, Error::InvalidLength { expected: 64, .. }),
                "{e:?}"
            );
            (Err(e), Err(e))
        }
    }
}

#[test]
fn wycheproof_ed25519_test() {
    let file = read_json("wycheproof/ed25519_test.json");
    let (mut valid, mut invalid) = (0, 0);
    for group in file["testGroups"].as_array().expect("groups") {
        let pk = unhex(field(&group["publicKey"], "pk"));
        let vk = VerifyingKey::try_from(&pk[..]);
        for test in group["tests"].as_array().expect("tests") {
            let id = test["tcId"].as_u64().expect("tcId");
            let expect_valid = match field(test, "result") {
                "valid" => true,
                "invalid" => false,
                other => panic!("tcId {id}: unexpected result {other}"),
            };
            let (zip215, strict) =
                wycheproof_verdicts(&vk, &unhex(field(test, "msg")), &unhex(field(test, "sig")));
            let zip215_expect = expect_valid || WYCHEPROOF_ZIP215_ACCEPTS.contains(&id);
            assert_eq!(
                zip215.is_ok(),
                zip215_expect,
                "tcId {id}: verify gave {zip215:?}"
            );
            assert_eq!(
                strict.is_ok(),
                expect_valid,
                "tcId {id}: verify_strict gave {strict:?}"
            );
            if WYCHEPROOF_ZIP215_ACCEPTS.contains(&id) {
                assert_eq!(strict, Err(Error::NonCanonicalR), "tcId {id}");
            }
            if expect_valid {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    assert_eq!((valid, invalid), (88, 63));
}

#[test]
fn wycheproof_legacy_eddsa_test() {
    let file = read_json("wycheproof/legacy/eddsa_test.json");
    let (mut signed, mut rejected) = (0, 0);
    for group in file["testGroups"].as_array().expect("groups") {
        let seed: [u8; 32] = unhex_n(field(&group["key"], "sk"));
        let pk: [u8; 32] = unhex_n(field(&group["key"], "pk"));
        let key = SigningKey::from_seed(&seed);
        assert_eq!(key.verifying_key().to_bytes(), pk);
        let vk = Ok(key.verifying_key());
        for test in group["tests"].as_array().expect("tests") {
            let id = test["tcId"].as_u64().expect("tcId");
            let msg = unhex(field(test, "msg"));
            let sig = unhex(field(test, "sig"));
            let (zip215, strict) = wycheproof_verdicts(&vk, &msg, &sig);
            match field(test, "result") {
                "valid" => {
                    assert_eq!(
                        key.sign(&msg).to_bytes().to_vec(),
                        sig,
                        "tcId {id}: signing"
                    );
                    assert_eq!(zip215, Ok(()), "tcId {id}");
                    assert_eq!(strict, Ok(()), "tcId {id}");
                    signed += 1;
                }
                "invalid" => {
                    assert!(zip215.is_err(), "tcId {id}: verify accepted");
                    assert!(strict.is_err(), "tcId {id}: verify_strict accepted");
                    rejected += 1;
                }
                other => panic!("tcId {id}: unexpected result {other}"),
            }
        }
    }
    assert_eq!((signed, rejected), (84, 61));
}
