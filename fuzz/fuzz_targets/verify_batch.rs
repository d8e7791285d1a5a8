//! `verify_batch` against one `verify` per item, on batches of 2 to 6 items (raw or
//! signed here with small-order components; an item may reuse the previous item's key,
//! which exercises the shared-key term), and a batch with mismatched lengths is a
//! typed error.
#![no_main]

use edwards25519::ed25519::{Error, Signature, VerifyingKey, verify_batch};
use edwards25519_fuzz::{Input, read_case};
use libfuzzer_sys::fuzz_target;
use rand::SeedableRng;
use rand::rngs::StdRng;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let head = input.byte();
    let n = 2 + usize::from(head % 5);
    let mut msgs: Vec<&[u8]> = Vec::new();
    let mut sigs: Vec<Signature> = Vec::new();
    let mut keys: Vec<VerifyingKey> = Vec::new();
    for i in 0..n {
        let reuse = input.byte() & 1 == 1;
        let case = read_case(&mut input, Some(16));
        let Ok(mut key) = VerifyingKey::from_bytes(&case.key) else {
            continue;
        };
        if reuse && i > 0 {
            if let Some(&prev) = keys.last() {
                key = prev;
            }
        }
        msgs.push(case.msg);
        sigs.push(case.signature());
        keys.push(key);
    }
    let singles: Vec<Result<(), Error>> = msgs
        .iter()
        .zip(&sigs)
        .zip(&keys)
        .map(|((m, s), k)| k.verify(m, s))
        .collect();
    // The batch checks every item's decoding first (S canonical, R a point) and reports
    // the first such error; then one equation covers them all.
    let want = singles
        .iter()
        .copied()
        .find(|r| matches!(r, Err(e) if *e != Error::EquationFailed))
        .or_else(|| singles.iter().copied().find(Result::is_err))
        .unwrap_or(Ok(()));
    let mut rng = StdRng::seed_from_u64(u64::from(head));
    let batch = verify_batch(&msgs, &sigs, &keys, &mut rng);
    assert_eq!(batch, want, "batch vs singles {singles:?}");
    if !msgs.is_empty() {
        assert_eq!(
            verify_batch(&msgs[1..], &sigs, &keys, &mut rng),
            Err(Error::BatchLengthMismatch)
        );
    }
});
