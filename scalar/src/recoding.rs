//! Signed-digit recodings of a scalar, for the group crate's scalar multiplications.
//! Low-level: they expose the digits of a (possibly secret) scalar.

use crate::Scalar;
use crate::limbs;

/// Signed radix-16 digits of a 256-bit little-endian integer k below 2^255 (any such
/// integer, not only a reduced scalar: the group crate recodes the group order l with
/// it): returns `d` with k = Σ `d[i]`·16^i, `d[i]` in [-8, 8) for i < 63, and `d[63]` in
/// [0, 8] (the top nibble, at most 7, plus a carry).
///
/// [`Scalar::as_radix_16`] is this on a scalar's bytes. Constant time: the same
/// operations run whatever the digits.
///
/// ```
/// use edwards25519_scalar::{signed_radix_16, Scalar};
///
/// let bytes = [0x9c; 32]; // any 256-bit integer, not only a reduced scalar
/// let d = signed_radix_16(&bytes);
/// assert!(d[..63].iter().all(|&x| (-8..8).contains(&x)));
/// // Σ d[i]·16^i, evaluated mod l from the top digit down, is the integer mod l.
/// let digit = |x: i8| if x < 0 { -Scalar::from(x.unsigned_abs()) } else { Scalar::from(x as u8) };
/// let v = d.iter().rev().fold(Scalar::ZERO, |acc, &x| acc * Scalar::from(16u8) + digit(x));
/// assert_eq!(v, Scalar::from_bytes_mod_order(bytes));
/// ```
pub const fn signed_radix_16(bytes: &[u8; 32]) -> [i8; 64] {
    // Adding C = Σ_{i<63} 8·16^i recentres every digit at once: with k + C = Σ nᵢ·16^i
    // (nibbles nᵢ in [0, 16)), k = Σ_{i<63} (nᵢ - 8)·16^i + n₆₃·16^63, and that is the
    // signed representation (digits below 63 in [-8, 8) make it unique), the
    // addition's carries being the recentring carries. k < 2^255 and C < 2^252, so
    // the sum fits 256 bits and n₆₃ <= 8. One 4-limb addition instead of 63 dependent
    // digit steps; no branch or index depends on the value.
    const C: [u64; 4] = [
        0x8888_8888_8888_8888,
        0x8888_8888_8888_8888,
        0x8888_8888_8888_8888,
        0x0888_8888_8888_8888,
    ];
    let mut w = [0u64; 4];
    let mut carry = 0u64;
    let mut i = 0;
    while i < 4 {
        let mut limb = [0u8; 8];
        let mut j = 0;
        while j < 8 {
            limb[j] = bytes[8 * i + j];
            j += 1;
        }
        let sum = u64::from_le_bytes(limb) as u128 + C[i] as u128 + carry as u128;
        w[i] = sum as u64;
        carry = (sum >> 64) as u64;
        i += 1;
    }
    let mut d = [0i8; 64];
    let mut i = 0;
    while i < 64 {
        let nibble = ((w[i / 16] >> (4 * (i % 16))) & 15) as i8;
        d[i] = if i < 63 { nibble - 8 } else { nibble };
        i += 1;
    }
    d
}

/// The definition [`signed_radix_16`] is tested against: unsigned nibbles, then each
/// of digits 0…62 recentred into [-8, 8) with a carry into the next, one at a time.
#[cfg(test)]
pub(crate) fn signed_radix_16_by_digits(bytes: &[u8; 32]) -> [i8; 64] {
    let mut d = [0i8; 64];
    for i in 0..32 {
        d[2 * i] = (bytes[i] & 15) as i8;
        d[2 * i + 1] = (bytes[i] >> 4) as i8;
    }
    for i in 0..63 {
        let carry = (d[i] + 8) >> 4;
        d[i] -= carry << 4;
        d[i + 1] += carry;
    }
    d
}

#[cfg(test)]
mod radix_16_tests {
    /// The one-addition recoding equals the digit-by-digit definition on every integer
    /// below 2^255 tried: edges (0, 2^255 - 1, nibbles all 7, 8 or 15, single bits)
    /// and pseudo-random ones.
    #[test]
    fn one_addition_matches_digit_steps() {
        let check = |mut k: [u8; 32]| {
            k[31] &= 0x7f; // below 2^255
            let d = super::signed_radix_16(&k);
            assert_eq!(d, super::signed_radix_16_by_digits(&k), "{k:02x?}");
            assert!(d[..63].iter().all(|x| (-8..8).contains(x)) && (0..=8).contains(&d[63]));
        };
        for k in [[0u8; 32], [0x77; 32], [0x88; 32], [0xff; 32], [0x78; 32]] {
            check(k);
        }
        for bit in 0..255 {
            let mut k = [0u8; 32];
            k[bit / 8] = 1 << (bit % 8);
            check(k);
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            let mut k = [0u8; 32];
            for chunk in k.chunks_exact_mut(8) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                chunk.copy_from_slice(&state.to_le_bytes());
            }
            check(k);
        }
    }
}

impl Scalar {
    /// Signed radix-16 digits: returns `d` with `self = Σ d[i]·16^i`, every `d[i]` in
    /// [-8, 8), and `d[63]` in [0, 2] (the value is below l < 2^253).
    ///
    /// Low-level, for fixed-window scalar multiplication. Constant time: the same
    /// operations run whatever the digits.
    ///
    /// ```
    /// use edwards25519_scalar::{signed_radix_16, Scalar};
    ///
    /// let s = Scalar::from_bytes_mod_order([0x9c; 32]);
    /// let d = s.as_radix_16();
    /// assert_eq!(d, signed_radix_16(&s.to_bytes()));
    /// assert!((0..=2).contains(&d[63]));
    /// let digit = |x: i8| if x < 0 { -Scalar::from(x.unsigned_abs()) } else { Scalar::from(x as u8) };
    /// let v = d.iter().rev().fold(Scalar::ZERO, |acc, &x| acc * Scalar::from(16u8) + digit(x));
    /// assert_eq!(v, s);
    /// ```
    pub fn as_radix_16(&self) -> [i8; 64] {
        let d = signed_radix_16(&self.to_bytes());
        // d[63] = top nibble (at most 1, since self < 2^253) + carry (at most 1).
        debug_assert!((0..=2).contains(&d[63]));
        d
    }

    /// Width-`w` non-adjacent form: returns `n` with `self = Σ n[i]·2^i`, where every
    /// nonzero `n[i]` is odd with `|n[i]| < 2^(w-1)`, and any `w` consecutive digits hold
    /// at most one nonzero digit.
    ///
    /// Low-level, for variable-time (public input) scalar multiplication with a table
    /// of the odd multiples 1·P, 3·P, …, (2^(w-1) - 1)·P.
    ///
    /// Execution time depends on the inputs.
    ///
    /// # Panics
    ///
    /// If `w` is not in 2..=8 (a caller bug, independent of the scalar).
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let s = Scalar::from_bytes_mod_order([0x9c; 32]);
    /// let naf = s.vartime_non_adjacent_form(5);
    /// // Nonzero digits are odd and below 2^4 in size.
    /// assert!(naf.iter().all(|&x| x == 0 || (x % 2 != 0 && x.unsigned_abs() < 16)));
    /// let digit = |x: i8| if x < 0 { -Scalar::from(x.unsigned_abs()) } else { Scalar::from(x as u8) };
    /// let v = naf.iter().rev().fold(Scalar::ZERO, |acc, &x| acc * Scalar::from(2u8) + digit(x));
    /// assert_eq!(v, s);
    /// ```
    pub fn vartime_non_adjacent_form(&self, w: usize) -> [i8; 256] {
        assert!((2..=8).contains(&w), "NAF width must be in 2..=8, got {w}");
        // The definition: while k > 0, if k is odd emit d = k mods 2^w (the residue of k
        // in (-2^(w-1), 2^(w-1))) and set k <- k - d; then halve k, moving one digit up.
        //
        // Halving one step at a time spends most of its work on the zero digits, so k is
        // shifted right past a whole run of them at once (its trailing zeros; after a
        // nonzero digit that run includes the w - 1 zeros that must follow it, since
        // k - d is a multiple of 2^w). Invariant at the top of the loop:
        // self = Σ_{j<pos} naf[j]·2^j + 2^pos·k, k in four 64-bit limbs, least
        // significant first.
        //
        // Bounds: self < l < 2^253, and k - d ≤ k + 2^(w-1) where k is odd, after which
        // k is halved at least w times, so k stays below 2^253 and four limbs hold it.
        // A width-w NAF is at most one digit longer than the number, so every digit
        // position written is below 254.
        let mut k = self.0;
        let mask = (1u64 << w) - 1;
        let half = 1u64 << (w - 1);
        let mut naf = [0i8; 256];
        let mut pos = 0usize;
        loop {
            let zeros = trailing_zeros(&k);
            if zeros == 256 {
                break;
            }
            limbs::shift_right(&mut k, zeros);
            pos += zeros;
            // k is odd: its low w bits are its residue r mod 2^w, in [1, 2^w).
            let r = k[0] & mask;
            k[0] &= !mask; // k - r
            let digit = if r < half {
                r as i8
            } else {
                // d = r - 2^w < 0: k - d = (k - r) + 2^w, a carry into bit w.
                add_at_bit(&mut k, w);
                (r as i16 - (1i16 << w)) as i8
            };
            debug_assert!(pos < 254, "NAF digit at {pos}");
            naf[pos] = digit;
            // k - d ≡ 0 mod 2^w: the next w - 1 digits are 0, and the next iteration's
            // shift (by at least w trailing zeros) steps over them with the zero run.
        }
        naf
    }

    /// The number of digits [`Scalar::vartime_signed_radix_2c`] writes for window
    /// width `c`: ⌈254/c⌉, so that the top digit holds at most c - 1 bits of the scalar
    /// (which is below 2^253) plus a carry.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// assert_eq!(Scalar::signed_radix_2c_len(8), 32); // ⌈254/8⌉
    /// assert_eq!(Scalar::signed_radix_2c_len(2), 127);
    /// ```
    pub const fn signed_radix_2c_len(c: usize) -> usize {
        254usize.div_ceil(c)
    }

    /// Signed radix-2^c digits, for Pippenger's bucket method: writes `d` with
    /// `self = Σ d[j]·2^(c·j)`, `d[j]` in [-2^(c-1), 2^(c-1)) for every digit but the
    /// last, which is in [0, 2^(c-1)]; `out` must hold
    /// [`Scalar::signed_radix_2c_len`]`(c)` digits.
    ///
    /// Execution time depends on the inputs.
    ///
    /// # Panics
    ///
    /// If `c` is not in 2..=15 or `out` has another length (caller bugs, independent of
    /// the scalar).
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// let s = Scalar::from_bytes_mod_order([0x9c; 32]);
    /// let c = 6;
    /// let mut out = vec![0i16; Scalar::signed_radix_2c_len(c)];
    /// s.vartime_signed_radix_2c(c, &mut out);
    /// let digit = |x: i16| if x < 0 { -Scalar::from(x.unsigned_abs()) } else { Scalar::from(x as u16) };
    /// let base = Scalar::from(1u8 << c);
    /// let v = out.iter().rev().fold(Scalar::ZERO, |acc, &x| acc * base + digit(x));
    /// assert_eq!(v, s);
    /// ```
    pub fn vartime_signed_radix_2c(&self, c: usize, out: &mut [i16]) {
        assert!(
            (2..=15).contains(&c),
            "radix-2^c width must be in 2..=15, got {c}"
        );
        let w = Self::signed_radix_2c_len(c);
        assert_eq!(out.len(), w, "radix-2^{c} digits: wrong output length");
        // The definition, one digit at a time from the bottom: d ≡ k (mod 2^c) with d
        // in [-2^(c-1), 2^(c-1)), then k <- (k - d) / 2^c, exact. k - d is k with its low
        // c bits cleared, plus 2^c when d is negative.
        //
        // The last digit is what is left of k after w - 1 steps: k < 2^253 and
        // c·(w - 1) ≥ 254 - c (w = ⌈254/c⌉), and each step adds at most 2^(c-1) before
        // dividing, so what is left is at most 2^(c-1), a digit in [0, 2^(c-1)].
        let radix = 1u64 << c;
        let (mask, half) = (radix - 1, radix >> 1);
        let mut k = self.0;
        let (last, digits) = out.split_last_mut().expect("at least one digit");
        for d in digits {
            let r = k[0] & mask;
            k[0] &= !mask; // k - r
            if r < half {
                *d = r as i16;
            } else {
                // d = r - 2^c: k - d = (k - r) + 2^c (cannot overflow: k < 2^253).
                k = limbs::add4(&k, &[radix, 0, 0, 0]).0;
                *d = (r as i32 - radix as i32) as i16; // in [-2^(c-1), 0)
            }
            limbs::shift_right(&mut k, c);
        }
        debug_assert!(k[0] <= half && k[1..] == [0; 3], "top digit {k:?}");
        *last = k[0] as i16;
    }
}

/// The number of trailing zero bits of a 256-bit integer (256 if it is 0). Variable
/// time: for [`Scalar::vartime_non_adjacent_form`] only.
#[inline(always)]
fn trailing_zeros(k: &[u64; 4]) -> usize {
    if k[0] != 0 {
        // The common case: the next nonzero digit is within this word.
        return k[0].trailing_zeros() as usize;
    }
    let mut base = 64;
    for &limb in &k[1..] {
        if limb != 0 {
            return base + limb.trailing_zeros() as usize;
        }
        base += 64;
    }
    256
}

/// k += 2^bit, bit < 64, for a k that cannot overflow 256 bits.
fn add_at_bit(k: &mut [u64; 4], bit: usize) {
    let mut carry = 1u64 << bit;
    for limb in k.iter_mut() {
        let (sum, c) = limb.overflowing_add(carry);
        *limb = sum;
        carry = u64::from(c);
        if carry == 0 {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The radix-2^c digits recombine to the scalar, and each is in its range, for every
    /// c allowed: edges and pseudo-random scalars (xorshift), recombined by Horner's rule
    /// in scalar arithmetic (independent of the digit code).
    #[test]
    fn signed_radix_2c_recombines() {
        let mut bytes = [
            0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut inputs = [Scalar::ZERO; 68];
        inputs[1] = Scalar::ONE;
        inputs[2] = Scalar::from_bytes_mod_order(bytes); // l - 1
        inputs[3] = -Scalar::ONE;
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for input in inputs[4..].iter_mut() {
            for b in bytes.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = state as u8;
            }
            *input = Scalar::from_bytes_mod_order(bytes);
        }
        for c in 2..=15 {
            let w = Scalar::signed_radix_2c_len(c);
            let mut digits = [0i16; 127];
            let d = &mut digits[..w];
            let half = 1i32 << (c - 1);
            let radix = Scalar::from_bytes_mod_order({
                let mut b = [0u8; 32];
                b[c / 8] = 1 << (c % 8);
                b
            });
            for s in &inputs {
                s.vartime_signed_radix_2c(c, d);
                let mut acc = Scalar::ZERO;
                for (j, &dj) in d.iter().enumerate().rev() {
                    let dj = i32::from(dj);
                    if j + 1 < w {
                        assert!((-half..half).contains(&dj), "c={c} j={j} d={dj}");
                    } else {
                        assert!((0..=half).contains(&dj), "c={c} top d={dj}");
                    }
                    let mag = Scalar::from_bytes_mod_order({
                        let mut b = [0u8; 32];
                        b[..4].copy_from_slice(&dj.unsigned_abs().to_le_bytes());
                        b
                    });
                    acc = acc * radix + if dj < 0 { -mag } else { mag };
                }
                assert_eq!(acc, *s, "c={c}");
            }
        }
    }
}
