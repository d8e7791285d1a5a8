//! The peer-comparison driver: our operations and the same operations of the libraries a
//! Rust user would otherwise pick, in one process, on the same inputs, timed round by
//! round in turn (see Cargo.toml for the builds and scripts/bench.sh for the tables).
//!
//! Each row is one operation and a list of libraries. Before anything is timed, every
//! library's output on the row's inputs is checked against ours (the same bytes, or for
//! ring, whose X25519 key is always fresh, an agreement both ways), so every library
//! does the same work. Then the libraries take turns: each round times a batch of calls
//! of each library, starting with a different library every round, and each library
//! keeps its fastest round. A machine whose speed drifts (other processes, frequency)
//! therefore slows every library alike. Each library's batch is sized to about
//! `--target-ms` milliseconds: short, so that on a busy machine many rounds run within
//! one scheduler time slice, and the best round is one that nothing interrupted.
//!
//! Flags:
//! - `--only A,B`: the rows whose name contains one of the parts (case-insensitive);
//! - `--rounds R` (default 101), `--target-ms T` (default 0.5);
//! - `--tsv PATH`: also write the results as tab-separated `row, library, ns, note`
//!   lines, which `scripts/bench_report.py peers` turns into BENCHMARKS.md's tables;
//! - `--check`: set every row up (which checks the outputs) and call each library once,
//!   no timing: a smoke test of the driver and of the peers' agreement with us;
//! - `--prof ROW/LIB:N`: call only the matching library of the matching rows N times
//!   (for callgrind or perf), no timing;
//! - `--list`: the row names.

mod rows;
mod sodium;

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

/// One library's side of a row: `run(n)` makes `n` calls. `None` when the library is not
/// available in this build (libsodium without its development files).
pub struct Entry {
    pub lib: &'static str,
    /// Said next to the time: what the call includes beyond the operation, if anything.
    pub note: &'static str,
    pub run: Option<Box<dyn FnMut(u32)>>,
}

impl Entry {
    /// A library's entry: each call is `f()`, its result kept alive through `black_box`.
    pub fn new<R>(lib: &'static str, mut f: impl FnMut() -> R + 'static) -> Entry {
        Entry {
            lib,
            note: "",
            run: Some(Box::new(move |n| {
                for _ in 0..n {
                    black_box(f());
                }
            })),
        }
    }

    /// The same, with a note on what the call includes.
    pub fn noted<R>(
        lib: &'static str,
        note: &'static str,
        f: impl FnMut() -> R + 'static,
    ) -> Entry {
        Entry {
            note,
            ..Entry::new(lib, f)
        }
    }

    /// A library this build could not link.
    pub fn missing(lib: &'static str, why: &'static str) -> Entry {
        Entry {
            lib,
            note: why,
            run: None,
        }
    }
}

/// One operation: its name and its libraries, ours first.
pub struct Row {
    pub name: String,
    pub entries: Vec<Entry>,
}

/// Our library's name in the output.
pub const OURS: &str = "edwards25519";

struct Args {
    only: Option<Vec<String>>,
    rounds: u32,
    target_ms: f64,
    tsv: Option<String>,
    check: bool,
    prof: Option<(String, String, u32)>,
    list: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        only: None,
        rounds: 101,
        target_ms: 0.5,
        tsv: None,
        check: false,
        prof: None,
        list: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--only" => {
                a.only = Some(value()?.split(',').map(|s| s.to_lowercase()).collect());
            }
            "--rounds" => a.rounds = value()?.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--target-ms" => {
                a.target_ms = value()?.parse().map_err(|e| format!("--target-ms: {e}"))?;
            }
            "--tsv" => a.tsv = Some(value()?),
            "--check" => a.check = true,
            "--list" => a.list = true,
            "--prof" => {
                let v = value()?;
                let (what, n) = v.split_once(':').ok_or("--prof ROW/LIB:N")?;
                let (row, lib) = what.split_once('/').unwrap_or((what, OURS));
                let n = n.parse().map_err(|e| format!("--prof: {e}"))?;
                a.prof = Some((row.to_lowercase(), lib.to_lowercase(), n));
            }
            _ => return Err(format!("unknown flag {flag} (see src/main.rs)")),
        }
    }
    if a.rounds == 0 || a.target_ms <= 0.0 {
        return Err("--rounds and --target-ms must be positive".into());
    }
    Ok(a)
}

/// ns per call of `n` calls.
fn time(run: &mut dyn FnMut(u32), n: u32) -> f64 {
    let t = Instant::now();
    run(n);
    t.elapsed().as_nanos() as f64 / f64::from(n)
}

/// Calls per round: doubled until a batch takes 1 ms, then scaled to `target_ms` (the
/// fastest of three batches, so one preempted batch does not shrink it).
fn calibrate(run: &mut dyn FnMut(u32), target_ms: f64) -> u32 {
    let mut n = 1u32;
    loop {
        let ns = (0..3).map(|_| time(run, n)).fold(f64::MAX, f64::min);
        if ns * f64::from(n) >= 1e6 || n >= 1 << 24 {
            return ((target_ms * 1e6 / ns) as u32).max(1);
        }
        n *= 2;
    }
}

/// Best-of-`rounds` ns per call of each available entry, the entries taking turns. Each
/// library's batch is sized to about `target_ms` on its own: short batches, each likely
/// to run within one scheduler time slice on a shared machine.
fn race(row: &mut Row, rounds: u32, target_ms: f64) -> Vec<Option<f64>> {
    let k = row.entries.len();
    let calls: Vec<Option<u32>> = row
        .entries
        .iter_mut()
        .map(|e| e.run.as_mut().map(|run| calibrate(run, target_ms)))
        .collect();
    let mut best = vec![f64::MAX; k];
    for r in 0..rounds as usize {
        for i in 0..k {
            let j = (r + i) % k;
            if let (Some(run), Some(n)) = (row.entries[j].run.as_mut(), calls[j]) {
                best[j] = best[j].min(time(run, n));
            }
        }
    }
    calls.iter().zip(best).map(|(n, b)| n.map(|_| b)).collect()
}

fn human(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

/// The CPU's model name with its family and model numbers (several Xeons share one
/// name) and whether it has AVX-512 IFMA, which decides the targets that apply
/// (`scripts/bench_report.py targets`).
fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_owned())
    };
    let name = field("model name").unwrap_or_else(|| "unknown".into());
    let (family, model) = (field("cpu family"), field("model"));
    #[cfg(target_arch = "x86_64")]
    let has_ifma = std::is_x86_feature_detected!("avx512ifma");
    #[cfg(not(target_arch = "x86_64"))]
    let has_ifma = false;
    let ifma = if has_ifma {
        "AVX-512 IFMA"
    } else {
        "no AVX-512 IFMA"
    };
    match (family, model) {
        (Some(f), Some(m)) => format!("{name} (family {f} model {m}, {ifma})"),
        _ => format!("{name} ({ifma})"),
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("peers: {e}");
            std::process::exit(2);
        }
    };
    let wanted = |name: &str| {
        let name = name.to_lowercase();
        args.only
            .as_ref()
            .is_none_or(|o| o.iter().any(|x| name.contains(x.as_str())))
    };
    if args.list {
        rows::names().iter().for_each(|n| println!("{n}"));
        return;
    }
    let header = format!(
        "cpu: {}; ours: point backend {}, field backend {}; rustc: {}; libsodium: {}",
        cpu_model(),
        edwards25519::group::backend::selected(),
        edwards25519::field::backend::selected(),
        env!("PEERS_RUSTC_VERSION"),
        sodium::VERSION.unwrap_or("not installed"),
    );
    eprintln!("{header}");

    let mut tsv = args.tsv.as_ref().map(|p| {
        let mut f = std::fs::File::create(p).unwrap_or_else(|e| {
            eprintln!("peers: {p}: {e}");
            std::process::exit(2);
        });
        writeln!(f, "# {header}").expect("write");
        f
    });
    for name in rows::names() {
        if !wanted(name) {
            continue;
        }
        // Built one at a time: the setup of a row checks its outputs.
        let mut row = rows::build(name);
        if let Some((r, l, n)) = &args.prof {
            if row.name.to_lowercase().contains(r.as_str()) {
                for e in &mut row.entries {
                    if let (true, Some(run)) =
                        (e.lib.to_lowercase().contains(l.as_str()), &mut e.run)
                    {
                        run(*n);
                    }
                }
            }
            continue;
        }
        if args.check {
            for e in &mut row.entries {
                if let Some(run) = &mut e.run {
                    run(1);
                }
            }
            let libs: Vec<_> = row.entries.iter().map(|e| e.lib).collect();
            println!("ok {:32} {}", row.name, libs.join(", "));
            continue;
        }
        let times = race(&mut row, args.rounds, args.target_ms);
        let ours = times[0];
        let mut line = format!("{:34}", row.name);
        for (e, t) in row.entries.iter().zip(&times) {
            let cell = match (t, ours) {
                (Some(t), Some(o)) if e.lib != OURS => {
                    format!("{} {} ({:.2})", e.lib, human(*t), o / t)
                }
                (Some(t), _) => format!("{} {}", e.lib, human(*t)),
                (None, _) => format!("{} {}", e.lib, e.note),
            };
            line.push_str(" | ");
            line.push_str(&cell);
            if let Some(f) = tsv.as_mut() {
                let ns = t.map(|t| format!("{t:.1}")).unwrap_or_default();
                writeln!(f, "{}\t{}\t{ns}\t{}", row.name, e.lib, e.note).expect("write");
            }
        }
        println!("{line}");
    }
}
