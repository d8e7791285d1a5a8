//! Same-run A/B of the X25519 ladders: the generic ladder on the fastest field limbs,
//! the dedicated MULX/ADX ladder, the generic ladder on the portable limbs, the four-
//! and the eight-lane IFMA ladders (where the CPU has IFMA), and x25519-dalek,
//! interleaved call by call (one round times each once, in rotating order, after one
//! untimed call), timed with the monotonic clock.
//!
//! Reports the minimum and the median of each; under load the minimum is the steadier
//! figure. `ROUNDS` (default 3000) sets the number of rounds.
//!
//! `CARGO_PROFILE_BENCH_LTO=fat CARGO_PROFILE_BENCH_CODEGEN_UNITS=1 cargo bench -p
//! edwards25519-group --features fuzzing --bench x25519_ladders`

use std::hint::black_box;
use std::time::Instant;

use edwards25519_group::backend::fuzzing::Ladder;

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let names = [
        "generic (fast field)",
        "MULX ladder",
        "portable",
        "IFMA four lanes",
        "IFMA eight lanes",
        "x25519-dalek",
    ];
    let run = |i: usize, k: [u8; 32], u: [u8; 32]| -> [u8; 32] {
        match i {
            0 => Ladder::Generic.x25519(k, u).expect("runs everywhere"),
            1 => Ladder::Mulx.x25519(k, u).unwrap_or([0; 32]),
            2 => Ladder::Portable.x25519(k, u).expect("runs everywhere"),
            3 => Ladder::IfmaFourLanes.x25519(k, u).unwrap_or([0; 32]),
            4 => Ladder::IfmaEightLanes.x25519(k, u).unwrap_or([0; 32]),
            _ => x25519_dalek::x25519(k, u),
        }
    };
    let have = [
        true,
        Ladder::Mulx.x25519([1; 32], [9; 32]).is_some(),
        true,
        Ladder::IfmaFourLanes.x25519([1; 32], [9; 32]).is_some(),
        Ladder::IfmaEightLanes.x25519([1; 32], [9; 32]).is_some(),
        true,
    ];
    let mut k = [0x5au8; 32];
    let mut u = [9u8; 32];
    let n = names.len();
    let mut ns: Vec<Vec<f64>> = (0..n).map(|_| Vec::with_capacity(rounds)).collect();
    for r in 0..rounds {
        for j in 0..n {
            let i = (r + j) % n;
            if !have[i] {
                continue;
            }
            // One untimed call first, so that no ladder pays for an execution unit the
            // one before it left idle (the AVX-512 unit's warm-up after scalar code).
            black_box(run(i, black_box(k), black_box(u)));
            let t = Instant::now();
            let out = run(i, black_box(k), black_box(u));
            ns[i].push(t.elapsed().as_nanos() as f64);
            if i == 0 {
                // Inputs change every round (the output feeds the next one).
                u = out;
                k[0] = k[0].wrapping_add(1);
            }
            black_box(out);
        }
    }
    // All agree on the last inputs.
    let want = run(0, k, u);
    for (i, name) in names.iter().enumerate() {
        if !have[i] {
            continue;
        }
        assert_eq!(run(i, k, u), want, "{name} disagrees");
    }
    println!("X25519, {rounds} interleaved rounds (ns per call: min / median)");
    let base = {
        let mut v = ns[n - 1].clone();
        v.sort_by(f64::total_cmp);
        (v[0], v[v.len() / 2])
    };
    for (i, name) in names.iter().enumerate() {
        let v = &mut ns[i];
        if v.is_empty() {
            println!("{name:>22}: not available on this CPU");
            continue;
        }
        v.sort_by(f64::total_cmp);
        let (min, med) = (v[0], v[v.len() / 2]);
        println!(
            "{name:>22}: {min:9.0} / {med:9.0}   ratio to x25519-dalek {:.3} / {:.3}",
            min / base.0,
            med / base.1
        );
    }
}
