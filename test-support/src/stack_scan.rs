//! A harness that looks for secrets left behind in memory: on the stack of a thread
//! whose stack is memory the test owns, and in heap blocks freed while it runs.
//!
//! [`scan`] runs an operation on a fresh POSIX thread whose stack is a zero-filled
//! buffer given to `pthread_attr_setstack`. When the thread has been joined, the buffer
//! holds everything the operation's stack frames wrote and did not overwrite (spilled
//! registers, temporaries, copies made by moves), and glibc's thread descriptor and
//! static TLS, which it places at the top of a caller-given stack. With
//! [`RecordingAllocator`] as the test binary's global allocator, every heap block freed
//! during the operation is copied, before it is freed, into an arena scanned the same
//! way. The caller adds any heap buffer the operation returned.
//!
//! A secret counts as found when any [`WINDOW`] consecutive bytes of it appear anywhere
//! in the scanned memory, so partial copies (one 16-byte half of a scalar) count too.
//! Secrets here are uniformly random 32-byte values: a chance match of 16 bytes is
//! impossible in practice.
//!
//! What it cannot see: values that only ever lived in registers (nothing to find, and
//! nothing to wipe), memory outside the thread's stack and the freed heap blocks (the
//! caller's own copies), and secrets stored in a transformed form the caller did not
//! list (radix-16 digits, 51-bit limbs, window tables).
//!
//! Unix only (pthreads through `libc`). The one module of this crate with `unsafe`:
//! a global allocator and a thread on a given stack need it.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};

/// The length of the byte windows searched for: any 16 consecutive bytes of a secret.
pub const WINDOW: usize = 16;

/// The size of the owned stack (1 MiB: far more than any operation here needs; glibc
/// also places the thread descriptor and static TLS in it).
pub const STACK_SIZE: usize = 1 << 20;

/// The size of the arena that receives copies of freed heap blocks.
const ARENA_SIZE: usize = 8 << 20;

static ARMED: AtomicBool = AtomicBool::new(false);
/// The stack address [`mark`] recorded in the current scan (0: none).
static MARK: AtomicUsize = AtomicUsize::new(0);
static ARENA: AtomicPtr<u8> = AtomicPtr::new(core::ptr::null_mut());
static ARENA_USED: AtomicUsize = AtomicUsize::new(0);
/// One scan at a time: the arena and the armed flag are global.
static SCAN_LOCK: Mutex<()> = Mutex::new(());

/// The system allocator, which while a [`scan`] runs copies each block it frees into the
/// scan's arena first (a realloc frees its old block through `dealloc`, so it is
/// recorded too). Install it in the test binary:
///
/// ```ignore
/// #[global_allocator]
/// static ALLOC: edwards25519_test_support::stack_scan::RecordingAllocator =
///     edwards25519_test_support::stack_scan::RecordingAllocator;
/// ```
///
/// Without it, [`scan`] still scans the stack, and [`Findings::heap_recorded`] is false.
pub struct RecordingAllocator;

static INSTALLED: AtomicBool = AtomicBool::new(false);

// SAFETY: every method forwards to `System` with the caller's arguments, which meet
// `System`'s contract because they meet `GlobalAlloc`'s; `dealloc` first reads the block
// being freed (valid for `layout.size()` bytes until it is freed) into the arena, at a
// range reserved by the atomic `fetch_add`, so no two writers share bytes.
unsafe impl GlobalAlloc for RecordingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        // SAFETY: the caller's layout is valid for `System` (GlobalAlloc's contract).
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        // SAFETY: as in `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if ARMED.load(Ordering::Acquire) {
            let arena = ARENA.load(Ordering::Acquire);
            let n = layout.size();
            let start = ARENA_USED.fetch_add(n, Ordering::AcqRel);
            if !arena.is_null() && start.saturating_add(n) <= ARENA_SIZE {
                // SAFETY: `ptr` is a live block of `n` bytes (GlobalAlloc's contract);
                // the arena is ARENA_SIZE bytes and [start, start + n) is in it and
                // reserved for this call alone by the fetch_add above.
                unsafe { core::ptr::copy_nonoverlapping(ptr, arena.add(start), n) };
            }
        }
        // SAFETY: `ptr` was allocated by `System` with `layout` (all our allocations are).
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Marks the caller's frame: call it in the scanned operation right before the call
/// under test. The scan then ignores the stack from about this point up, which is the
/// operation's own frame and its callers': the copies of secret arguments the test
/// itself made (a `[u8; 32]` passed by value is copied by the caller), which the library
/// cannot wipe. Call the function under test through [`core::hint::black_box`]ed
/// function pointers, so it is not inlined into that frame.
///
/// What is missed: the few bytes between this address and the caller's stack pointer,
/// where the callee keeps its return address and the caller's saved registers.
#[inline(never)]
pub fn mark() {
    let here = 0u8;
    let addr = core::hint::black_box(&here) as *const u8 as usize;
    MARK.store(addr, Ordering::Release);
}

/// What one [`scan`] saw.
pub struct Findings {
    /// `(name, where)` for every secret found: `where` is "stack" or "freed heap" (or
    /// "returned heap" for buffers given to [`Findings::check_buffer`]), with the offset.
    pub found: Vec<(String, String)>,
    /// Whether the freed heap blocks were recorded ([`RecordingAllocator`] installed).
    pub heap_recorded: bool,
    /// Bytes of stack the operation used (the lowest nonzero byte to the top).
    pub stack_used: usize,
    /// Bytes of stack searched: below the [`mark`], or all of it without one.
    pub stack_scanned: usize,
    /// Bytes of freed heap blocks recorded.
    pub heap_bytes: usize,
    secrets: Vec<(String, Vec<u8>)>,
}

impl Findings {
    /// Also searches a heap buffer the operation returned (a `Vec`, a boxed value).
    pub fn check_buffer(&mut self, label: &str, buf: &[u8]) {
        let hits = search(&self.secrets, buf, label);
        self.found.extend(hits);
    }

    /// Panics listing every secret found, with the operation's name.
    pub fn assert_clean(&self, op: &str) {
        assert!(
            self.found.is_empty(),
            "{op}: secret bytes left in memory after the call: {:?} (stack used {} bytes, \
             {} bytes of freed heap blocks scanned)",
            self.found,
            self.stack_used,
            self.heap_bytes
        );
    }
}

/// Where in `hay` a WINDOW-byte piece of each secret occurs.
fn search(secrets: &[(String, Vec<u8>)], hay: &[u8], label: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (name, secret) in secrets {
        assert!(
            secret.len() >= WINDOW,
            "secret {name} is shorter than {WINDOW} bytes"
        );
        'windows: for w in secret.windows(WINDOW) {
            if let Some(at) = hay.windows(WINDOW).position(|h| h == w) {
                found.push((name.clone(), format!("{label} at offset {at:#x}")));
                break 'windows;
            }
        }
    }
    found
}

/// A zeroed, page-aligned buffer from the system allocator, freed on drop.
struct OwnedStack {
    ptr: *mut u8,
    layout: Layout,
}

impl OwnedStack {
    fn new(size: usize) -> OwnedStack {
        let layout = Layout::from_size_align(size, 4096).expect("stack layout");
        // SAFETY: the layout has a nonzero size.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        assert!(!ptr.is_null(), "out of memory for the owned stack");
        OwnedStack { ptr, layout }
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: `ptr` is a live allocation of `layout.size()` bytes, initialized
        // (zeroed, then written by the joined thread only).
        unsafe { core::slice::from_raw_parts(self.ptr, self.layout.size()) }
    }
}

impl Drop for OwnedStack {
    fn drop(&mut self) {
        // SAFETY: allocated by `System` with this layout in `new`.
        unsafe { System.dealloc(self.ptr, self.layout) }
    }
}

/// The job handed to the new thread: the closure, called once.
type Job<'a> = &'a mut dyn FnMut();

extern "C" fn trampoline(arg: *mut c_void) -> *mut c_void {
    // SAFETY: `arg` is the `&mut Job` that `run_on_owned_stack` passed to
    // `pthread_create`; it outlives the thread, which that function joins before
    // returning, and nothing else touches it meanwhile.
    let job = unsafe { &mut *arg.cast::<Job<'_>>() };
    // A panic must not unwind through this extern "C" frame: report it as a status.
    match catch_unwind(AssertUnwindSafe(job)) {
        Ok(()) => core::ptr::null_mut(),
        Err(_) => core::ptr::without_provenance_mut(1),
    }
}

/// Runs `f` on a new thread whose stack is `stack`, joins it, and says whether `f`
/// returned (false: it panicked).
fn run_on_owned_stack(stack: &OwnedStack, f: &mut dyn FnMut()) -> bool {
    let mut job: Job<'_> = f;
    // SAFETY: plain libc calls on valid pointers: `attr` is initialized before use and
    // destroyed after; the stack is STACK_SIZE-aligned-to-page memory we own and keep
    // alive (and do not touch) until the thread is joined; `job` outlives the thread
    // for the same reason; the thread is joined exactly once.
    unsafe {
        let mut attr: libc::pthread_attr_t = core::mem::zeroed();
        assert_eq!(libc::pthread_attr_init(&mut attr), 0);
        assert_eq!(
            libc::pthread_attr_setstack(&mut attr, stack.ptr.cast(), stack.layout.size()),
            0,
            "pthread_attr_setstack"
        );
        let mut tid: libc::pthread_t = core::mem::zeroed();
        let rc = libc::pthread_create(
            &mut tid,
            &attr,
            trampoline,
            (&mut job as *mut Job<'_>).cast(),
        );
        assert_eq!(rc, 0, "pthread_create");
        let mut status: *mut c_void = core::ptr::null_mut();
        assert_eq!(libc::pthread_join(tid, &mut status), 0, "pthread_join");
        libc::pthread_attr_destroy(&mut attr);
        status.is_null()
    }
}

/// Runs `op` on a thread with an owned, zeroed stack while recording freed heap blocks,
/// then searches the stack and those blocks for every `(name, bytes)` in `secrets`.
///
/// `op` must itself dispose of any secret it was handed back (zeroize the result of a
/// function that returns a secret, drop a key that wipes itself): what remains is what
/// the library left. Its public result is returned with the findings, so the caller can
/// check it and search its heap buffers ([`Findings::check_buffer`]).
pub fn scan<R: Send>(secrets: &[(&str, &[u8])], op: impl FnOnce() -> R + Send) -> (R, Findings) {
    let _serial = SCAN_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let stack = OwnedStack::new(STACK_SIZE);
    let arena = OwnedStack::new(ARENA_SIZE);
    ARENA.store(arena.ptr, Ordering::Release);
    ARENA_USED.store(0, Ordering::Release);

    MARK.store(0, Ordering::Release);
    let mut op = Some(op);
    let mut out = None;
    let mut call = || out = Some((op.take().expect("called once"))());
    ARMED.store(true, Ordering::Release);
    let returned = run_on_owned_stack(&stack, &mut call);
    ARMED.store(false, Ordering::Release);
    ARENA.store(core::ptr::null_mut(), Ordering::Release);
    assert!(returned, "the scanned operation panicked");
    let heap_bytes = ARENA_USED.load(Ordering::Acquire).min(ARENA_SIZE);

    let secrets: Vec<(String, Vec<u8>)> = secrets
        .iter()
        .map(|(n, s)| (n.to_string(), s.to_vec()))
        .collect();
    let whole = stack.bytes();
    let base = stack.ptr as usize;
    // Below the mark (if it is in this stack): the frames of the code under test.
    let mark = MARK.load(Ordering::Acquire);
    let end = if (base..base + whole.len()).contains(&mark) {
        mark - base
    } else {
        whole.len()
    };
    let stack_bytes = &whole[..end];
    let stack_used = whole.len() - whole.iter().position(|&b| b != 0).unwrap_or(whole.len());
    let mut found = search(&secrets, stack_bytes, "stack");
    found.extend(search(&secrets, &arena.bytes()[..heap_bytes], "freed heap"));
    let findings = Findings {
        found,
        heap_recorded: INSTALLED.load(Ordering::Relaxed),
        stack_used,
        stack_scanned: end,
        heap_bytes,
        secrets,
    };
    (out.expect("the operation returned"), findings)
}
