//! Trial: a Noise-style handshake (ephemeral and static Diffie-Hellman results
//! chained through a hash), written against x25519-dalek 3 as its users write one.

#[path = "../../rng.rs"]
mod rng;

use rng::{SeededRng, hex};
use sha2::{Digest, Sha512};
use x25519_dalek::{EphemeralSecret, PublicKey, SharedSecret, StaticSecret, x25519};

/// Noise's MixKey, simplified: ck = H(ck || dh).
fn mix(ck: &mut [u8; 64], dh: &SharedSecret) {
    assert!(dh.was_contributory(), "a peer sent a key of small order");
    *ck = Sha512::new()
        .chain_update(&ck[..])
        .chain_update(dh.as_bytes())
        .finalize()
        .into();
}

struct Party {
    name: &'static str,
    static_secret: StaticSecret,
    static_public: PublicKey,
}

impl Party {
    fn new(name: &'static str, rng: &mut SeededRng) -> Party {
        let static_secret = StaticSecret::random_from_rng(rng);
        let static_public = PublicKey::from(&static_secret);
        Party {
            name,
            static_secret,
            static_public,
        }
    }
}

fn main() {
    let mut rng = SeededRng::new(b"noise trial");
    let alice = Party::new("alice", &mut rng);
    let bob = Party::new("bob", &mut rng);
    for p in [&alice, &bob] {
        println!("{:5} static {}", p.name, hex(p.static_public.as_bytes()));
    }

    // -> e
    let alice_e = EphemeralSecret::random_from_rng(&mut rng);
    let alice_e_pub = PublicKey::from(&alice_e);
    // <- e, ee, s, es
    let bob_e = EphemeralSecret::random_from_rng(&mut rng);
    let bob_e_pub = PublicKey::from(&bob_e);
    println!(
        "ephemerals  {} {}",
        hex(alice_e_pub.as_bytes()),
        hex(bob_e_pub.to_bytes().as_ref())
    );
    let (mut ck_a, mut ck_b) = ([0u8; 64], [0u8; 64]);
    // ee: each ephemeral secret is consumed by its one use.
    let ee_b = bob_e.diffie_hellman(&alice_e_pub);
    let ee_a = alice_e.diffie_hellman(&bob_e_pub);
    mix(&mut ck_b, &ee_b);
    mix(&mut ck_a, &ee_a);
    // ss: the static keys, which stay usable.
    let se_b = bob.static_secret.diffie_hellman(&alice.static_public);
    let se_a = alice.static_secret.diffie_hellman(&bob.static_public);
    mix(&mut ck_b, &se_b);
    mix(&mut ck_a, &se_a);
    assert_eq!(ck_a, ck_b);
    println!("chaining key {}", hex(&ck_a[..32]));

    // The function form and the byte forms.
    let raw = x25519(alice.static_secret.to_bytes(), bob.static_public.to_bytes());
    assert_eq!(&raw, se_a.as_bytes());
    let restored = StaticSecret::from(alice.static_secret.to_bytes());
    assert_eq!(PublicKey::from(&restored), alice.static_public);
    assert_eq!(
        PublicKey::from(*alice.static_public.as_bytes()),
        alice.static_public
    );

    // A peer key of small order gives an all-zero, non-contributory secret.
    let zero = alice
        .static_secret
        .diffie_hellman(&PublicKey::from([0u8; 32]));
    println!("small-order peer contributory: {}", zero.was_contributory());
    println!("shared      {}", hex(se_b.as_bytes()));
    println!("ok");
}
