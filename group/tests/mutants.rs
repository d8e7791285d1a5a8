//! Tests written for mutants in `group/src` that cargo-mutants left unkilled
//! (scripts/mutants.sh, TESTING.md): each says which mutant it kills.

use edwards25519_group::montgomery::MontgomeryPoint;
use edwards25519_group::{Point, Scalar};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// 64 distinct values give 64 distinct 64-bit hashes (a collision has probability
/// about 2^-52 for a good hasher), which a constant hash fails.
fn all_distinct(hashes: impl Iterator<Item = u64>) -> bool {
    let mut v: Vec<u64> = hashes.collect();
    let n = v.len();
    v.sort_unstable();
    v.dedup();
    v.len() == n
}

/// Kills `replace <impl Hash for Point>::hash with ()` (a `HashSet` survives a
/// constant hash, so only the hashes themselves show it).
#[test]
fn point_hash_covers_the_point() {
    let points: Vec<Point> = (1u64..=64)
        .map(|i| Point::mul_base(&Scalar::from(i)))
        .collect();
    assert!(all_distinct(points.iter().map(hash_of)));
}

/// Kills `replace <impl Hash for MontgomeryPoint>::hash with ()`; equal u (bit 255
/// set or not) still hash equally.
#[test]
fn montgomery_hash_covers_u() {
    let us: Vec<MontgomeryPoint> = (1u64..=64)
        .map(|i| Point::mul_base(&Scalar::from(i)).to_montgomery())
        .collect();
    assert!(all_distinct(us.iter().map(hash_of)));
    let mut high = us[3].0;
    high[31] |= 0x80;
    assert_eq!(hash_of(&MontgomeryPoint(high)), hash_of(&us[3]));
}

/// Kills `replace <impl fmt::Debug for FixedBaseTable>::fmt with Ok(Default::default())`
/// (no test printed a table) and the same mutant of `VartimePrecomputedMultiscalar`'s:
/// a table shows its point (in `Point`'s hex form) and leaves the rows out; the
/// multiscalar form shows how many points it holds.
#[test]
fn precomputed_tables_print_what_they_hold() {
    use edwards25519_group::{FixedBaseTable, VartimePrecomputedMultiscalar};
    let p = Point::mul_base(&Scalar::from(5u64));
    let table = FixedBaseTable::new(&p);
    assert_eq!(
        format!("{table:?}"),
        format!("FixedBaseTable {{ point: {p:?}, .. }}")
    );
    let pre = VartimePrecomputedMultiscalar::new([p, -p, p.double()]);
    assert_eq!(
        format!("{pre:?}"),
        "VartimePrecomputedMultiscalar { points: 3, .. }"
    );
}
