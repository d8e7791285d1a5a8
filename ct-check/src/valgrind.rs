//! Valgrind client requests, issued with the amd64 "magic" instruction sequence.
//!
//! This is the only module of ct-check with `unsafe`: inline assembly. Natively the
//! sequence is a no-op (four rotations of rdi by 3 + 13 + 61 + 51 = 128 bits, then
//! `xchg rbx, rbx`) and leaves the default value in rdx. Under valgrind the core
//! recognises it, reads the request block whose address is in rax, and writes the
//! result to rdx. Requests only touch valgrind's shadow state, never the program's
//! memory or registers, so they cannot break any Rust invariant.
//!
//! Request codes, from valgrind's public headers (valgrind 3.19, `valgrind.h` and
//! `memcheck.h`): `VG_USERREQ_TOOL_BASE('M','C')` = `'M' << 24 | 'C' << 16` =
//! 0x4D43_0000 is MAKE_MEM_NOACCESS, the next two enumerators are MAKE_MEM_UNDEFINED
//! (0x4D43_0001) and MAKE_MEM_DEFINED (0x4D43_0002); RUNNING_ON_VALGRIND is 0x1001.
#![allow(unsafe_code)]

const RUNNING_ON_VALGRIND: u64 = 0x1001;
const MAKE_MEM_UNDEFINED: u64 = 0x4D43_0001;
const MAKE_MEM_DEFINED: u64 = 0x4D43_0002;

/// Issues client request `request` with two arguments; returns `default` when not
/// running under valgrind.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn client_request(default: u64, request: u64, arg1: u64, arg2: u64) -> u64 {
    // The argument block valgrind reads: request code, then five arguments.
    let args: [u64; 6] = [request, arg1, arg2, 0, 0, 0];
    let mut result = default;
    // SAFETY: the sequence is valgrind.h's VALGRIND_DO_CLIENT_REQUEST_EXPR for amd64.
    // Natively it changes nothing but the flags (the four rotations total 128 bits,
    // restoring rdi; `xchg rbx, rbx` swaps a register with itself), so rdx keeps
    // `default`. Under valgrind it reads the 48-byte block at rax, which `args` keeps
    // alive, and writes its answer to rdx. It uses no stack. It is not declared
    // `nomem`, so the compiler keeps `args` (and the object whose address is in it)
    // in memory and assumes the asm may have changed them.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") args.as_ptr(),
            inout("rdx") result,
            options(nostack),
        );
    }
    result
}

#[cfg(not(target_arch = "x86_64"))]
fn client_request(default: u64, _request: u64, _arg1: u64, _arg2: u64) -> u64 {
    default
}

/// How many valgrinds we run under (0 natively).
pub fn running_on_valgrind() -> u64 {
    client_request(0, RUNNING_ON_VALGRIND, 0, 0)
}

/// Marks the bytes of `x` undefined for memcheck: from here on, a branch or an address
/// computed from them is reported. Takes `&mut` so that the compiler must assume the
/// request may have changed `x` and reloads it from memory afterwards (a value kept in
/// a register from before the request would escape the marking).
pub fn make_undefined<T: ?Sized>(x: &mut T) {
    let p = core::ptr::from_mut(x);
    client_request(
        0,
        MAKE_MEM_UNDEFINED,
        p.cast::<u8>() as usize as u64,
        size_of_val(x) as u64,
    );
}

/// Marks the bytes of `x` defined again: used on public outputs before printing them.
pub fn make_defined<T: ?Sized>(x: &mut T) {
    let p = core::ptr::from_mut(x);
    client_request(
        0,
        MAKE_MEM_DEFINED,
        p.cast::<u8>() as usize as u64,
        size_of_val(x) as u64,
    );
}
