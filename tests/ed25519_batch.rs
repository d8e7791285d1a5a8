//! Batch verification: valid batches accept, one bad item anywhere rejects, and batch
//! and single ZIP-215 verification agree on the small-order and non-canonical edge cases.
#![cfg(feature = "ed25519")]

use crate::common;

use common::{field, mixed_order_signature, read_json, unhex, unhex_n};
use edwards25519::ed25519::{Error, Signature, SigningKey, VerifyingKey, verify_batch};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// One batch item, owned.
#[derive(Clone)]
struct Item {
    msg: Vec<u8>,
    sig: Signature,
    key: VerifyingKey,
}

fn rng() -> StdRng {
    StdRng::seed_from_u64(0x5eed_ba7c)
}

fn batch(items: &[Item]) -> Result<(), Error> {
    let msgs: Vec<&[u8]> = items.iter().map(|i| &i.msg[..]).collect();
    let sigs: Vec<Signature> = items.iter().map(|i| i.sig).collect();
    let keys: Vec<VerifyingKey> = items.iter().map(|i| i.key).collect();
    verify_batch(&msgs, &sigs, &keys, &mut rng())
}

/// n valid signatures by n distinct keys on distinct messages.
fn valid_items(n: usize, tag: u8) -> Vec<Item> {
    (0..n)
        .map(|i| {
            let key = SigningKey::from_seed(&[
                tag ^ (i as u8),
                (i >> 8) as u8,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                7,
                tag,
            ]);
            let msg = format!("message {i} of {n}").into_bytes();
            Item {
                sig: key.sign(&msg),
                msg,
                key: key.verifying_key(),
            }
        })
        .collect()
}

#[test]
fn valid_batches_accept() {
    // Up to 64 items the multiscalar multiplication runs Straus; 300 items (601 terms)
    // run Pippenger.
    for n in [0, 1, 2, 3, 4, 7, 16, 33, 64, 300] {
        assert_eq!(batch(&valid_items(n, 1)), Ok(()), "n = {n}");
    }
    // The same key for every item.
    let key = SigningKey::from_seed(&[9; 32]);
    let items: Vec<Item> = (0..20u8)
        .map(|i| Item {
            msg: vec![i; i as usize],
            sig: key.sign(&vec![i; i as usize]),
            key: key.verifying_key(),
        })
        .collect();
    assert_eq!(batch(&items), Ok(()));
}

#[test]
fn empty_batch_accepts_and_lengths_must_match() {
    assert_eq!(verify_batch(&[], &[], &[], &mut rng()), Ok(()));
    let items = valid_items(3, 2);
    let msgs: Vec<&[u8]> = items.iter().map(|i| &i.msg[..]).collect();
    let sigs: Vec<Signature> = items.iter().map(|i| i.sig).collect();
    let keys: Vec<VerifyingKey> = items.iter().map(|i| i.key).collect();
    assert_eq!(
        verify_batch(&msgs[..2], &sigs, &keys, &mut rng()),
        Err(Error::BatchLengthMismatch)
    );
    assert_eq!(
        verify_batch(&msgs, &sigs[..2], &keys, &mut rng()),
        Err(Error::BatchLengthMismatch)
    );
    assert_eq!(
        verify_batch(&msgs, &sigs, &keys[..2], &mut rng()),
        Err(Error::BatchLengthMismatch)
    );
    assert_eq!(
        verify_batch(&[], &sigs[..1], &[], &mut rng()),
        Err(Error::BatchLengthMismatch)
    );
    assert_eq!(verify_batch(&msgs, &sigs, &keys, &mut rng()), Ok(()));
}

/// Runs of one key share an A term in the multiscalar multiplication: a bad signature
/// inside a run, at its ends, or a run of another key's signatures, still rejects.
#[test]
fn runs_of_one_key() {
    let keys: Vec<SigningKey> = (0..3u8)
        .map(|i| SigningKey::from_seed(&[i + 40; 32]))
        .collect();
    // Key pattern 0 0 0 1 1 0 2 2 2 2 (runs, and a key that comes back).
    let pattern = [0usize, 0, 0, 1, 1, 0, 2, 2, 2, 2];
    let items: Vec<Item> = pattern
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let msg = vec![i as u8; 3 + i];
            Item {
                sig: keys[k].sign(&msg),
                msg,
                key: keys[k].verifying_key(),
            }
        })
        .collect();
    assert_eq!(batch(&items), Ok(()));
    for bad in 0..items.len() {
        let mut wrong_msg = items.clone();
        wrong_msg[bad].msg.push(1);
        assert_eq!(batch(&wrong_msg), Err(Error::EquationFailed), "bad {bad}");
        // Signed by the key of the run but attributed to another key, and vice versa.
        let mut wrong_key = items.clone();
        wrong_key[bad].key = keys[(pattern[bad] + 1) % 3].verifying_key();
        assert_eq!(batch(&wrong_key), Err(Error::EquationFailed), "bad {bad}");
    }
}

#[test]
fn one_bad_signature_in_a_large_batch_rejects() {
    for bad in [0, 149, 299] {
        let mut items = valid_items(300, 6);
        items[bad].msg[0] ^= 1;
        assert_eq!(batch(&items), Err(Error::EquationFailed), "bad {bad}");
    }
}

#[test]
fn one_bad_signature_anywhere_rejects() {
    for n in [1, 2, 5, 16] {
        for bad in 0..n {
            // Wrong message: the equation fails.
            let mut items = valid_items(n, 3);
            items[bad].msg.push(0);
            assert_eq!(
                batch(&items),
                Err(Error::EquationFailed),
                "n {n}, bad {bad}"
            );
            // Another key's signature.
            let mut items = valid_items(n, 3);
            items[bad].key = SigningKey::from_seed(&[0xaa; 32]).verifying_key();
            assert_eq!(batch(&items), Err(Error::EquationFailed));
            // S + l in place of S: non-canonical, rejected before any arithmetic.
            let mut items = valid_items(n, 3);
            let mut bytes = items[bad].sig.to_bytes();
            bytes[63] |= 0xf0;
            items[bad].sig = Signature::from_bytes(&bytes);
            assert_eq!(batch(&items), Err(Error::NonCanonicalS));
            // R not a point (y = 2).
            let mut items = valid_items(n, 3);
            let mut r = [0u8; 32];
            r[0] = 2;
            items[bad].sig = Signature::from_components(r, *items[bad].sig.s_bytes());
            assert!(matches!(batch(&items), Err(Error::InvalidR(_))));
        }
    }
}

/// Small-order / non-canonical / mixed-order cases, single verification's verdicts:
/// (item, verify accepts).
fn edge_items() -> Vec<(Item, bool)> {
    let mut out = vec![];
    let mut push = |key: [u8; 32], msg: Vec<u8>, sig: [u8; 64]| {
        if let Ok(key) = VerifyingKey::from_bytes(&key) {
            let sig = Signature::from_bytes(&sig);
            let ok = key.verify(&msg, &sig).is_ok();
            out.push((Item { msg, sig, key }, ok));
        }
    };
    for c in read_json("edge-cases/zip215/zip215.json")
        .as_array()
        .expect("array")
    {
        push(
            unhex_n(field(c, "vk_bytes")),
            b"Zcash".to_vec(),
            unhex_n(field(c, "sig_bytes")),
        );
    }
    for c in read_json("edge-cases/speccheck/cases.json")
        .as_array()
        .expect("array")
    {
        push(
            unhex_n(field(c, "pub_key")),
            unhex(field(c, "message")),
            unhex_n(field(c, "signature")),
        );
    }
    for c in read_json("edge-cases/cctv/ed25519vectors.json")
        .as_array()
        .expect("array")
    {
        push(
            unhex_n(field(c, "key")),
            field(c, "msg").as_bytes().to_vec(),
            unhex_n(field(c, "sig")),
        );
    }
    out
}

#[test]
fn batch_agrees_with_single_on_edge_cases() {
    let edges = edge_items();
    assert_eq!(edges.len(), 196 + 12 + 914);
    let good: Vec<Item> = edges
        .iter()
        .filter(|(_, ok)| *ok)
        .map(|(i, _)| i.clone())
        .collect();
    let bad: Vec<Item> = edges
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(i, _)| i.clone())
        .collect();
    // 196 + 9 speccheck + 826 CCTV accepted by verify.
    assert_eq!((good.len(), bad.len()), (196 + 9 + 826, 3 + 88));

    // All accepted edge cases at once, and mixed with ordinary signatures.
    assert_eq!(batch(&good), Ok(()));
    let mut mixed = valid_items(8, 4);
    mixed.extend(good.iter().step_by(7).cloned());
    assert_eq!(batch(&mixed), Ok(()));

    // Each case alone and beside three valid ordinary signatures: same verdict as verify.
    for (item, ok) in &edges {
        let alone = batch(core::slice::from_ref(item));
        assert_eq!(alone.is_ok(), *ok);
        let mut items = valid_items(3, 5);
        items.insert(1, item.clone());
        let together = batch(&items);
        assert_eq!(together.is_ok(), *ok, "{:?} / {:?}", item.sig, item.key);
        if !ok {
            assert_eq!(together, item.key.verify(&item.msg, &item.sig));
        }
    }

    // Every rejected case inside a batch of 48 accepted edge cases (a different slice
    // each time) still rejects, wherever it sits.
    for (j, item) in bad.iter().enumerate() {
        let start = (j * 11) % (good.len() - 48);
        let mut items = good[start..start + 48].to_vec();
        items.insert(j % 49, item.clone());
        assert!(batch(&items).is_err(), "bad case {j}");
    }
}

#[test]
fn batch_agrees_with_single_on_wycheproof() {
    let file = read_json("wycheproof/ed25519_test.json");
    let mut good = vec![];
    let mut bad = vec![];
    for g in file["testGroups"].as_array().expect("groups") {
        let key = VerifyingKey::from_bytes(&unhex_n(field(&g["publicKey"], "pk"))).expect("key");
        for t in g["tests"].as_array().expect("tests") {
            let Ok(sig) = Signature::try_from(&unhex(field(t, "sig"))[..]) else {
                continue;
            };
            let item = Item {
                msg: unhex(field(t, "msg")),
                sig,
                key,
            };
            if key.verify(&item.msg, &sig).is_ok() {
                good.push(item)
            } else {
                bad.push(item)
            }
        }
    }
    assert_eq!(batch(&good), Ok(()));
    for item in &bad {
        let mut items = good.clone();
        items.insert(good.len() / 2, item.clone());
        assert_eq!(batch(&items), item.key.verify(&item.msg, &item.sig));
    }
    assert!(good.len() >= 89 && !bad.is_empty());
}

/// Signers whose keys and nonces have small-order components (all 64 combinations of
/// torsion multiples): every such signature passes `verify` (cofactored), so batches of
/// them accept, mixed with ordinary ones too; a changed message anywhere rejects.
#[test]
fn mixed_order_signers_batch_like_single() {
    let mut rng = rng();
    let mut items = vec![];
    let mut cofactorless_holds = 0;
    for i in 0..64u64 {
        let msg = format!("mixed {i}").into_bytes();
        let (pk, sig, holds) = mixed_order_signature(&mut rng, &msg, i % 8, i / 8);
        let key = VerifyingKey::from_bytes(&pk).expect("valid");
        let sig = Signature::from_bytes(&sig);
        assert_eq!(key.verify(&msg, &sig), Ok(()));
        assert_eq!(key.verify_strict(&msg, &sig).is_ok(), holds, "{i}");
        cofactorless_holds += usize::from(holds);
        items.push(Item { msg, sig, key });
    }
    // (0, 0) always holds; the rest depend on k mod 8.
    assert!((1..64).contains(&cofactorless_holds));
    assert_eq!(batch(&items), Ok(()));
    items.extend(valid_items(5, 7));
    assert_eq!(batch(&items), Ok(()));
    for bad in [0, 9, 63] {
        let mut items = items.clone();
        items[bad].msg.push(b'!');
        assert_eq!(batch(&items), Err(Error::EquationFailed));
        assert_eq!(batch(&items[bad..bad + 1]), Err(Error::EquationFailed));
    }
}
