//! Signed-digit recodings of a scalar, for the group crate's scalar multiplications.
//! Low-level: they expose the digits of a (possibly secret) scalar.

use crate::Scalar;

impl Scalar {
    /// Signed radix-16 digits: returns `d` with `self = Σ d[i]·16^i`, every `d[i]` in
    /// [-8, 8), and `d[63]` in [0, 2] (the value is below l < 2^253).
    ///
    /// Low-level, for fixed-window scalar multiplication. Constant time: the same
    /// operations run whatever the digits.
    pub fn as_radix_16(&self) -> [i8; 64] {
        let bytes = self.to_bytes();
        // Unsigned nibbles first: d[i] in [0, 16).
        let mut d = [0i8; 64];
        for (i, b) in bytes.iter().enumerate() {
            d[2 * i] = (b & 15) as i8;
            d[2 * i + 1] = (b >> 4) as i8;
        }
        // Recentre digits 0..62 into [-8, 8), carrying into the next digit. Invariant
        // before step i: d[i] in [0, 17) (nibble + incoming carry of at most 1), so
        // carry = (d[i] + 8) >> 4 is 0 or 1 and d[i] - 16·carry lands in [-8, 8).
        for i in 0..63 {
            let carry = (d[i] + 8) >> 4;
            d[i] -= carry << 4;
            d[i + 1] += carry;
        }
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
    pub fn vartime_non_adjacent_form(&self, w: usize) -> [i8; 256] {
        assert!((2..=8).contains(&w), "NAF width must be in 2..=8, got {w}");
        // The definition, digit by digit: while k > 0, if k is odd take d = k mods 2^w
        // (the residue of k in (-2^(w-1), 2^(w-1))) and set k <- k - d; then halve k.
        //
        // k is held as one bit per byte, least significant first: `bits[i..]` is the
        // k of step i, so halving is moving to the next index and nothing is shifted.
        // Invariant before step i: self = Σ_{j<i} naf[j]·2^j + 2^i·k.
        //
        // self < l < 2^253 and a width-w NAF is at most one digit longer than the
        // number, so bits 254 and up stay 0 and k is 0 after step 255. The array runs 8
        // bits past 255 so that a w-bit read starting at any step stays inside it.
        let bytes = self.to_bytes();
        let mut bits = [0u8; 256 + 8];
        for (i, bit) in bits[..256].iter_mut().enumerate() {
            *bit = (bytes[i / 8] >> (i % 8)) & 1;
        }
        let modulus = 1i32 << w;
        let mut naf = [0i8; 256];
        for i in 0..256 {
            if bits[i] == 0 {
                // k even: digit 0.
                continue;
            }
            // k odd: its residue mod 2^w, from its low w bits, in [1, 2^w).
            let residue = (0..w).fold(0i32, |acc, j| acc | (i32::from(bits[i + j]) << j));
            // k - residue has its low w bits clear.
            bits[i..i + w].fill(0);
            let digit = if residue < modulus / 2 {
                residue
            } else {
                // d = residue - 2^w < 0, so k - d = (k - residue) + 2^w: add 1 at bit
                // i + w and ripple the carry up through the ones above it.
                let mut j = i + w;
                while bits[j] == 1 {
                    bits[j] = 0;
                    j += 1;
                }
                bits[j] = 1;
                residue - modulus
            };
            // Odd, |d| < 2^(w-1); bits i+1..i+w of k - d are 0, so the next w - 1
            // digits are 0: at most one nonzero digit in any w consecutive ones.
            naf[i] = digit as i8;
        }
        debug_assert!(bits.iter().all(|&b| b == 0), "NAF longer than 256 digits");
        naf
    }
}
