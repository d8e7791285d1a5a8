//! The vector backends' base point tables, built at run time on first use.
//!
//! Each vector representation needs the 384 addends of `crate::tables` (the
//! ScalarBaseMult table and the two odd-multiple tables) in its own limbs and lane
//! order: 62 KB for AVX2, 62 KB for the four-lane IFMA field. Evaluated at compile time,
//! every representation a build compiles adds its copy to the binary's `.rodata`; built
//! here, the binary holds one copy of the tables, the serial backend's
//! (`serial::WithoutAvx2`, which the vector builds compile as their fallback), and each
//! vector copy is a representation change of it (a limb split and a lane interleave, no
//! field arithmetic) into zeroed static storage (`.bss`), made by the first operation
//! that reads it: tens of microseconds, once per process and representation.
//!
//! [`LazyTables`] is the once-cell (the crates are `no_std`, so not `std`'s
//! `OnceLock`): an atomic state and the storage. The first caller moves the state from
//! EMPTY to BUSY, fills the storage and publishes it with a Release store of READY;
//! callers that find it BUSY spin until READY; every reader sees READY with an Acquire
//! load before it reads the storage, so it sees the whole table. The tables are public
//! data, and the one branch is on that public state: nothing here depends on a secret.

use core::cell::UnsafeCell;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicU8, Ordering};

use edwards25519_field::{FieldArith, FieldElement};

use super::point::affine_lanes;
use super::{Cached4, Tables};
use crate::backend::serial::{CurveField, WithoutAvx2};
use crate::models::AffineCached;

/// Nobody has started building the tables.
const EMPTY: u8 = 0;
/// One caller is building them.
const BUSY: u8 = 1;
/// Built: the storage holds the tables and never changes again.
const READY: u8 = 2;

/// The base point tables of one vector field `F`, built on first use from the serial
/// backend's tables by a conversion of four portable elements (lanes 0…3) to `F`.
pub(crate) struct LazyTables<F> {
    state: AtomicU8,
    tables: UnsafeCell<MaybeUninit<Tables<F>>>,
}

// SAFETY: the storage is written only by the one caller that moved `state` from EMPTY
// to BUSY, before its Release store of READY, and read only after an Acquire load of
// READY (`get`), so no read races with the write and every reader sees the finished
// tables; afterwards it is only read. `F` is `Send + Sync` (plain integer lanes).
#[allow(unsafe_code)]
unsafe impl<F: Send + Sync> Sync for LazyTables<F> {}

impl<F> LazyTables<F> {
    /// Empty: the tables are built by the first [`LazyTables::get`].
    pub(crate) const fn new() -> Self {
        LazyTables {
            state: AtomicU8::new(EMPTY),
            tables: UnsafeCell::new(MaybeUninit::uninit()),
        }
    }

    /// The tables, built with `convert` by the first caller (any later `convert` is
    /// not called). One Acquire load and one predicted branch once built.
    #[inline(always)]
    pub(crate) fn get(&'static self, convert: fn([&FieldElement; 4]) -> F) -> &'static Tables<F> {
        if self.state.load(Ordering::Acquire) != READY {
            self.build(convert);
        }
        // SAFETY: `state` is READY (seen by the Acquire load above, or by the one in
        // `build`, which returns only then): the storage holds the finished tables,
        // written before the Release store of READY and never written again.
        #[allow(unsafe_code)]
        unsafe {
            (*self.tables.get()).assume_init_ref()
        }
    }

    /// Builds the tables, or waits for the caller building them. Returns once `state`
    /// is READY (observed with Acquire).
    #[cold]
    #[inline(never)]
    fn build(&'static self, convert: fn([&FieldElement; 4]) -> F) {
        match self
            .state
            .compare_exchange(EMPTY, BUSY, Ordering::Acquire, Ordering::Acquire)
        {
            Ok(_) => {
                // Should `fill` panic (it has no reason to: fixed bounds, no arithmetic
                // that overflows), the state goes back to EMPTY, so that the waiting
                // callers take over instead of spinning for ever.
                let guard = Reset(&self.state);
                // SAFETY: this caller moved `state` from EMPTY to BUSY, so it is the
                // only one that writes the storage, and nobody reads it before READY.
                #[allow(unsafe_code)]
                let slot = unsafe { &mut *self.tables.get() };
                fill(slot, convert);
                core::mem::forget(guard);
                self.state.store(READY, Ordering::Release);
            }
            Err(_) => loop {
                // Another caller builds them (tens of microseconds).
                match self.state.load(Ordering::Acquire) {
                    READY => return,
                    EMPTY => return self.build(convert),
                    _ => core::hint::spin_loop(),
                }
            },
        }
    }
}

/// Puts the state back to EMPTY when dropped (a panic while building).
struct Reset<'a>(&'a AtomicU8);

impl Drop for Reset<'_> {
    fn drop(&mut self) {
        self.0.store(EMPTY, Ordering::Release);
    }
}

/// Writes the tables into `slot`, one addend at a time (no 62 KB value on the stack):
/// the serial backend's entries as portable elements, through `affine_lanes` and
/// `convert`.
fn fill<F>(slot: &mut MaybeUninit<Tables<F>>, convert: fn([&FieldElement; 4]) -> F) {
    let addend = |e: &AffineCached<WithoutAvx2>| {
        let e = AffineCached {
            y_plus_x: e.y_plus_x.to_field(),
            y_minus_x: e.y_minus_x.to_field(),
            xy2d: e.xy2d.to_field(),
        };
        Cached4(convert(affine_lanes(&e)))
    };
    let t = slot.as_mut_ptr();
    // SAFETY: `t` points to `slot`'s storage for a `Tables<F>`; `addr_of_mut!` takes
    // each field's place without making a reference to uninitialised memory. An array
    // is its elements in order, so `base` (32 × 8), `odd` (64) and `odd128` (64) are
    // runs of 256, 64 and 64 `Cached4<F>`, and every write below is to one of them,
    // in bounds (the iterators have those lengths), each element written once.
    #[allow(unsafe_code)]
    unsafe {
        let base = core::ptr::addr_of_mut!((*t).base).cast::<Cached4<F>>();
        for (k, e) in WithoutAvx2::base_table().iter().flatten().enumerate() {
            base.add(k).write(addend(e));
        }
        let odd = core::ptr::addr_of_mut!((*t).odd).cast::<Cached4<F>>();
        for (k, e) in WithoutAvx2::odd_base_multiples().iter().enumerate() {
            odd.add(k).write(addend(e));
        }
        let odd128 = core::ptr::addr_of_mut!((*t).odd128).cast::<Cached4<F>>();
        for (k, e) in WithoutAvx2::odd_base_128_multiples().iter().enumerate() {
            odd128.add(k).write(addend(e));
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::tables::{BASE_TABLE, ODD_BASE_128_MULTIPLES, ODD_BASE_MULTIPLES};

    /// A stand-in field: the four lanes' canonical encodings.
    type Lanes = [[u8; 32]; 4];

    fn encode(e: [&FieldElement; 4]) -> Lanes {
        e.map(|x| x.to_bytes())
    }

    static TABLES: LazyTables<Lanes> = LazyTables::new();

    /// Eight threads ask for the tables at once: all get the same storage, and every
    /// addend is the one of `crate::tables` in the lane order of `affine_lanes`.
    #[test]
    fn built_once_from_many_threads() {
        let got: std::vec::Vec<usize> = std::thread::scope(|s| {
            let handles: std::vec::Vec<_> = (0..8)
                .map(|_| s.spawn(|| TABLES.get(encode) as *const Tables<Lanes> as usize))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no thread panics"))
                .collect()
        });
        assert!(got.iter().all(|&p| p == got[0]));
        let t = TABLES.get(encode);
        let want = |e: &AffineCached<FieldElement>| encode(affine_lanes(e));
        for (g, w) in t.base.iter().flatten().zip(BASE_TABLE.iter().flatten()) {
            assert_eq!(g.0, want(w));
        }
        for (g, w) in t.odd.iter().zip(&ODD_BASE_MULTIPLES) {
            assert_eq!(g.0, want(w));
        }
        for (g, w) in t.odd128.iter().zip(&ODD_BASE_128_MULTIPLES) {
            assert_eq!(g.0, want(w));
        }
    }
}
