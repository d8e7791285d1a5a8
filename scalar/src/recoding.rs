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
        // One zero limb past the top, so a window that straddles bit 255 reads zeros.
        let x = [self.0[0], self.0[1], self.0[2], self.0[3], 0];
        let width = 1i64 << w;
        let mask = (width - 1) as u64;

        let mut naf = [0i8; 256];
        // Scan from the bottom. `carry` is 1 when the digits written so far sum to
        // (self mod 2^pos) + 2^pos, i.e. the remaining high part must be read plus one.
        let mut carry = 0i64;
        let mut pos = 0;
        while pos < 256 {
            let (limb, bit) = (pos / 64, pos % 64);
            let mut bits = x[limb] >> bit;
            if bit + w > 64 {
                bits |= x[limb + 1] << (64 - bit);
            }
            let window = carry + (bits & mask) as i64;
            if window & 1 == 0 {
                // Even (bit + carry is 0 or 2): digit 0 here, and the carry moves up
                // unchanged. Advance one bit so the next window starts at an odd value.
                pos += 1;
                continue;
            }
            // Odd window: pick the signed residue in (-2^(w-1), 2^(w-1)).
            let digit = if window < width / 2 {
                carry = 0;
                window
            } else {
                carry = 1;
                window - width
            };
            naf[pos] = digit as i8;
            // The next w-1 digits are 0: window - digit is 0 or 2^w.
            pos += w;
        }
        debug_assert!(carry == 0);
        naf
    }
}
