//! X25519's Montgomery ladder for x86-64 CPUs with BMI2 and ADX: the serial ladder of
//! [`crate::montgomery`] (RFC 7748 §5) with its whole loop (next bit, selection,
//! ladder step; 255 times) written as one `asm!` block ([`step`]) over a workspace on
//! the stack, then the field crate's inversion and product for x2/z2.
//!
//! What differs from `ladder::<Fast>` (the generic ladder on the MULX/ADX field):
//!
//! - **One block, a planned layout.** The ladder state, every intermediate and the
//!   clamped scalar live in a 74-limb workspace addressed from one register; each
//!   operation reads its operands there (MULX and ADD/SUB take memory operands) and
//!   writes its result back, and where a result is used at once (BB by E and
//!   BB + a24·E, CB by DA ± CB) it stays in registers. No compiler spills or moves
//!   between the field operations, and the 13 registers an `asm!` block can take are
//!   all the products' (layout and registers: [`step`]'s docs).
//! - **Lazy reduction** (Bernstein's): values are four limbs of any integer below
//!   2^256; sums and differences fold a carry or borrow once, by ±38, as their second
//!   operand is always a product (below 2^255 + 2^12); products take any 256-bit input.
//! - **Squarings as squarings** (14 MULX, against 20 for a product), and
//!   BB + a24·E with E in registers: four MULX by 121666 (a24 = (A + 2)/4, the
//!   `(AA - BB)` form of RFC 7748 with a24 = 121666, as `montgomery::ladder`).
//! - **No swap in the loop, a selection**: the differential addition gives the same
//!   element whether or not the state is swapped (DA and CB trade places, T changes
//!   sign, T² does not), so each step selects only the doubling's inputs U, V =
//!   (A, B) or (C, D), 8 limbs, where RFC 7748 swaps the 16 limbs of the state, and
//!   DA and CB no longer wait for it ([`step::run`]). Each limb is one CMOV on the
//!   flag of bit ⊕ previous bit (one ALU operation where a mask takes three; on the
//!   Intel Xeon the ALU ports are the step's tighter limit, below), inside the `asm!`
//!   block, so no compiler can turn it into a branch (docs/design.md, section 3); one
//!   swap by mask remains, after the loop.
//! - **Order of the products.** The longest chain of a step, and the one the next
//!   step's DA waits for, is z3 = x1·(DA - CB)² (three products in a row). The step
//!   starts that chain first and puts an independent product between each two of
//!   its links (DA, CB, AA, T², BB, x1·T², then E and F, S², E·F, AA·BB), so the
//!   out-of-order core always has a product to run while the next link waits.
//! - **The clamping's known bits** ([`x25519`], the entry `mul_clamped` takes): the
//!   first iteration (bit 254, always 1) is one doubling of (u : 1), and the last three
//!   (bits 2 to 0, always 0) are doublings of (x2 : z2) alone ([`double`]), so the loop
//!   runs 251 full steps instead of 255. [`ladder`] keeps all 255 for any k < 2^255
//!   (`mul_unreduced`, `Scalar` multiplication).
//! - **Wiping.** The block zeroes every register it wrote before it ends; the
//!   workspace (scalar copy, state, intermediates) and the copies of x2 and z2 are
//!   overwritten with zeros before returning (volatile writes), unless built with
//!   `--cfg edwards25519_skip_wipe` (a test-only switch for the stack-scan test's
//!   control).
//!
//! # Why this design, with numbers
//!
//! Whole X25519, same-run peer driver (`scripts/bench.sh`'s `lto-avx2` build: LTO +
//! 1 CGU, no CPU flags, the AVX2 point backend forced so that this ladder runs; AMD
//! EPYC Zen 4; `bash scripts/bench.sh --runs 3 --no-criterion --only X25519
//! lto-avx2`): 22.72 µs, 0.95 of aws-lc-rs's 23.96 µs (0.947-0.949 in the three runs)
//! and 0.46 of x25519-dalek. Of that, the loop is about 21.4 µs (94% of the samples
//! under `perf`) and the safegcd inversion about 1.2 µs (timed alone).
//! The clamped entry's shorter loop (251 steps and 4 doublings against 255 steps;
//! 232,077 instructions against 234,090 under callgrind) gave 0.993 of the 255-step
//! ladder (`scripts/before_after.sh --runs 3`, the same build, its RUSTFLAGS set to
//! `--cfg edwards25519_backend="avx2"`). The selection in place of a swap and the
//! plain loads below measured 0.967 of a swapping step in that A/B (0.965 in cargo's
//! default release profile).
//! The ladders' same-run harness (`group/benches/x25519_ladders.rs`, LTO + 1 CGU,
//! minimum of 3,000 rounds; [`ladder`], all 255 steps): this ladder 23,064 ns, the
//! generic ladder on the same MULX field 28,712 (so 0.80 of it), x25519-dalek 49,363.
//!
//! Why this order of products: [`step::run`] timed alone, two orders interleaved call
//! by call (2,000 rounds, minimum ns per 255 iterations; LTO + 1 CGU), gave 24,235 ns
//! for RFC 7748's order (`AA, BB, E/F, DA, CB, S/T, x3, z3, x2, z2`), 23,545 with the
//! z3 chain first (`DA, CB, T², AA, x1·T², BB, E/F, S², E·F, AA·BB`), and 22,443 with an
//! independent product between each two links (the order above). Keeping the next
//! step's sums or x1·T² in registers, fusing the swap with A and B, dropping the
//! flag-clearing XOR, swapping operands, and other orders were all no faster (22,653 to
//! 24,446). Two more, whole X25519 in the same-run A/B above: the sums from the
//! unswapped state with A, C and B, D swapped in registers (32 instructions and 32
//! memory accesses fewer a step) was 1.017× slower, E and F computed right after BB
//! (4 loads fewer, x1·T² one product later) 1.023× slower.
//!
//! Variants of the step, [`step::run`] timed alone and interleaved call by call with
//! the kept one (reference cycles per 255 iterations, first quartile; LTO + 1 CGU):
//! each of the selection of U and V instead of a swap, the squarings' plain loads, S's
//! plain loads of DA, and F·E for E·F measured 0.985-0.997 of the step without it.
//! Slower: plain loads for the state's sums (1.006 to 1.009), b's limbs in registers
//! in every product (1.02) or only in DA and CB (1.00 to 1.017), the selection after
//! DA with its mask in memory (1.03), the sums of (x3, z3) first (1.026), the
//! difference stored before the sum (1.013), a table of the 255 masks made before the
//! loop (1.009), 19·t by two LEAs instead of IMUL in the reduction (1.047), and five
//! other product orders (1.024 to 1.09). The loop head's alignment made no difference.
//!
//! Where the cycles go, on the Zen 4: with the selection by mask (902 instructions an
//! iteration: 160 MULX; 417 ADC, SBB, ADCX and ADOX), about 313 cycles (at the 3.7 GHz
//! a dependent ADD chain measured), so about 2.9 instructions a cycle. On this core a
//! store followed by a plain load of the same address costs no latency (store, load,
//! add measured one cycle a link), while a MULX memory operand reading a fresh store
//! waits for it (about 10 reference cycles a link against 3 from a register): hence the
//! plain loads where a product or sum reads a value just written. Estimated: the
//! critical path (three products in a row) is about half of the step. Our reading of
//! the order experiments: the rest is the out-of-order window, since a product's
//! instructions wait on its carry chains and the scheduler holds about one product's
//! worth, so products overlap only with their neighbours in program order; every
//! reordering measured slower. Going further would mean interleaving two products by
//! hand, which 13 registers do not allow with these row-by-row products, or a faster
//! inversion.
//!
//! On the Intel Xeon reporting model 167 the ALU ports are the tighter limit.
//! `llvm-mca-16 -mcpu=icelake-server` on the loop (the text from the loop's label to
//! its `jns` in `cargo rustc --release -p edwards25519-group --lib -- --emit asm`) puts
//! 857 micro-operations of the 886 instructions on the four ALU ports (MULX takes two,
//! on ports 1 and 5; ADCX, ADOX, ADC and SBB run on ports 0 and 6 only): 214 cycles
//! of the 253 it estimates an iteration. The machine measures about 78 ns a step
//! (19.7 µs of X25519's 20.8 with the AVX2 point backend forced; the rest is the
//! inversion). Hence the selection by CMOV, one ALU operation a limb where the mask took
//! three: 0.983, 0.982 and 0.982 of X25519's time with the mask (LTO + 1 CGU, cargo
//! defaults, `-C target-cpu=native`; `RUSTFLAGS='--cfg edwards25519_backend="avx2"'
//! bash scripts/before_after.sh --runs 5 BEFORE`), where llvm-mca estimated 0.966.
//! Three other cuts measured 0.997 to 1.003 there, within the noise, and are not made:
//! 2·h + bit 255 by SHLD and BTR in the reduction (one operation fewer), plain loads
//! for the register copies of the sums and squarings (seven), and 38 loaded from the
//! workspace (nine immediates). The chains count too: dropping the flag-clearing XORs
//! where the flags are already clear (19 a step, which take no ALU port) measured
//! 1.023× slower, as each row's carries then wait for the row before. X25519 is 1.01
//! of aws-lc-rs's there (BENCHMARKS.md); 0.95 would take about 50 ALU operations fewer
//! a step, and the products and squarings (5 and 4 of them, about 90 and 70 operations
//! each, a third of each in its reduction) are most of the 857.
//!
//! Reached only through [`Bmi2Adx`], a token made only after CPUID (or the compile-time
//! target features) reported BMI2 and ADX: no safe path runs MULX, ADCX or ADOX on a
//! CPU without them.
#![allow(unsafe_code)]

use edwards25519_field::backend::radix64::Fe64;
use edwards25519_field::{FieldArith, FieldElement};

use crate::backend::serial::x86_64::Fast;

#[macro_use]
mod sums;
#[macro_use]
mod step;
mod double;
use step::{CNT, K, SW, WORDS, Workspace, X1, X2, X3, Z2, Z3};

/// Proof that this CPU has BMI2 and ADX: the only way to reach [`ladder`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bmi2Adx(());

impl Bmi2Adx {
    /// The token, when `cpu_has_bmi2_adx()` (CPUID, cached; or the compile-time target
    /// features) reports both extensions.
    #[inline(always)]
    pub(crate) fn detect() -> Option<Bmi2Adx> {
        edwards25519_field::backend::cpu_has_bmi2_adx().then_some(Bmi2Adx(()))
    }
}

/// Four 64-bit limbs, little-endian, of a value below 2^256 (not necessarily < p).
type Limbs = [u64; 4];

/// Overwrites `x` with zeros in a way the optimiser keeps (volatile writes), unless
/// built with `--cfg edwards25519_skip_wipe`.
#[inline(always)]
fn wipe<T: Copy + Default>(x: &mut T) {
    #[cfg(not(edwards25519_skip_wipe))]
    {
        // SAFETY: `x` is a valid, aligned, exclusive reference to a `T`.
        unsafe { core::ptr::write_volatile(x, T::default()) };
        core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    }
    #[cfg(edwards25519_skip_wipe)]
    let _ = x;
}

/// [`wipe`] for every limb of a slice.
fn wipe_words(x: &mut [u64]) {
    for w in x {
        wipe(w);
    }
}

/// Limbs `slot..slot + 4` of the workspace.
fn slot(ws: &Workspace, slot: usize) -> Limbs {
    [ws.0[slot], ws.0[slot + 1], ws.0[slot + 2], ws.0[slot + 3]]
}

/// X25519(k, u) for a clamped k (bit 255 clear): the ladder of
/// `montgomery::ladder`, the same steps in the same order, so the output is the same
/// bytes (tests check it bit for bit). The 255 iterations run in [`step::run`].
///
/// **Constant time**: see [`step`]; the inversion and the last product are the field
/// crate's constant-time MULX/ADX code.
pub(crate) fn ladder(_cpu: Bmi2Adx, k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    let mut ws = Workspace([0; WORDS]);
    let x1: Limbs = u.to_fe64().limbs();
    ws.0[X1..X1 + 4].copy_from_slice(&x1);
    ws.0[X2] = 1;
    ws.0[X3..X3 + 4].copy_from_slice(&x1);
    ws.0[Z3] = 1;
    for (w, b) in ws.0[K..K + 4].iter_mut().zip(k.chunks_exact(8)) {
        let mut word = [0u8; 8];
        word.copy_from_slice(b);
        *w = u64::from_le_bytes(word);
    }
    ws.0[CNT] = 254;
    // SAFETY: `_cpu` (a `Bmi2Adx`, made only after CPUID or the compile-time target
    // features reported BMI2 and ADX) proves `step::run`'s condition.
    unsafe { step::run(&mut ws) };
    finish(&mut ws)
}

/// X25519(clamp(k), u) (RFC 7748 §5): [`ladder`] less the work the clamping makes
/// known, as s2n-bignum's X25519 also does. Bit 254 of a clamped scalar is 1, so the
/// first iteration, from (\[0\]P, \[1\]P), ends at (\[1\]P, \[2\]P) = ((u : 1), 2·(u : 1))
/// with no swap pending: one doubling instead of a step. Bits 2 to 0 are 0, so the
/// last three iterations only double (x2 : z2) (their (x3 : z3) is never read): three
/// doublings after the loop's final swap instead of three steps. The loop
/// ([`step::run`], unchanged) runs over bits 253 to 3 of k, stored shifted right by 3
/// so that they are its bits 250 to 0. Bits 0 to 2, 254 and 255 of `k` are never
/// read: any `k` gives X25519 of its clamped form.
///
/// Same output bytes as [`ladder`] on `clamp(k)` (tests check it bit for bit): the
/// points are the same and only the projective scale of \[1\]P differs, (u : 1) here
/// against (4u² : 4u) there, a nonzero factor unless u = 0 mod p, where both ladders
/// end with z2 = 0 and output 0.
///
/// **Constant time**: as [`ladder`]; the shift is arithmetic on all four words and
/// the doubling counts are fixed.
pub(crate) fn x25519(cpu: Bmi2Adx, k: &[u8; 32], u: &FieldElement) -> [u8; 32] {
    let mut ws = Workspace([0; WORDS]);
    let x1: Limbs = u.to_fe64().limbs();
    // [2]P: double (u : 1) in the (x2, z2) slots, then move it to (x3, z3).
    ws.0[X2..X2 + 4].copy_from_slice(&x1);
    ws.0[Z2] = 1;
    // SAFETY: `cpu` (a `Bmi2Adx`) proves BMI2 and ADX; z2 = 1 is below 2^256 - 38.
    unsafe { double::double(&mut ws, 1) };
    ws.0.copy_within(X2..X2 + 4, X3);
    ws.0.copy_within(Z2..Z2 + 4, Z3);
    ws.0[X1..X1 + 4].copy_from_slice(&x1);
    ws.0[X2..X2 + 4].copy_from_slice(&x1);
    ws.0[Z2..Z2 + 4].copy_from_slice(&[1, 0, 0, 0]);
    // K = (k >> 3) mod 2^251: bits 253..3 of k as bits 250..0, the loop's bits.
    for (i, b) in k.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(b);
        let mut w = u64::from_le_bytes(word);
        ws.0[K + i] |= w >> 3;
        if i > 0 {
            ws.0[K + i - 1] |= w << 61;
        }
        wipe(&mut word);
        wipe(&mut w);
    }
    ws.0[K + 3] &= (1 << 59) - 1;
    ws.0[SW] = 0;
    ws.0[CNT] = 250;
    // SAFETY: as in `ladder`.
    unsafe { step::run(&mut ws) };
    // SAFETY: as above; z2 is a product's output (below 2^255 + 2^12).
    unsafe { double::double(&mut ws, 3) };
    let _ = cpu;
    finish(&mut ws)
}

/// x2 / z2 from the workspace, which is wiped.
fn finish(ws: &mut Workspace) -> [u8; 32] {
    let mut x2 = slot(ws, X2);
    let mut z2 = slot(ws, Z2);
    wipe_words(&mut ws.0);
    let zinv = Fast::from_fe64(Fe64::from_limbs(z2)).invert();
    let out = (Fast::from_fe64(Fe64::from_limbs(x2)) * zinv).to_bytes();
    wipe(&mut x2);
    wipe(&mut z2);
    out
}

#[cfg(test)]
mod tests;
