//! [`Scalar::from_bytes_mod_order_const`]: reduction of a 256-bit integer in a `const`
//! context.

use crate::Scalar;
use crate::limbs::{L, Limbs, add4, sub4};

/// `x - m` if that does not borrow, else `x`, by mask (no branch on `x`).
// Not `limbs::sub_l_if_ge`: that one selects through subtle's optimisation barrier,
// which a `const fn` cannot call.
const fn sub_if_no_borrow(x: &Limbs, m: &Limbs) -> Limbs {
    let (d, borrow) = sub4(x, m);
    // borrow is 0 or 1: keep = all ones when the subtraction did not borrow.
    let keep = borrow.wrapping_sub(1);
    [
        (d[0] & keep) | (x[0] & !keep),
        (d[1] & keep) | (x[1] & !keep),
        (d[2] & keep) | (x[2] & !keep),
        (d[3] & keep) | (x[3] & !keep),
    ]
}

impl Scalar {
    /// The little-endian 256-bit integer `bytes` reduced mod l, as
    /// [`Scalar::from_bytes_mod_order`], usable in `const` items (curve25519-dalek's
    /// `const fn Scalar::from_bits` needs one).
    ///
    /// x < 2^256 < 16·l, so four conditional subtractions, of 8·l, 4·l, 2·l and l,
    /// leave x mod l (after the subtraction of 2^k·l, x < 2^k·l). Each is a
    /// subtraction kept or dropped by a mask: constant time.
    ///
    /// ```
    /// use edwards25519_scalar::Scalar;
    ///
    /// const X: Scalar = Scalar::from_bytes_mod_order_const([0xff; 32]);
    /// assert_eq!(X, Scalar::from_bytes_mod_order([0xff; 32]));
    /// ```
    pub const fn from_bytes_mod_order_const(bytes: [u8; 32]) -> Scalar {
        let mut x = [0u64; 4];
        let mut i = 0;
        while i < 32 {
            x[i / 8] |= (bytes[i] as u64) << (8 * (i % 8));
            i += 1;
        }
        let l2 = add4(&L, &L).0;
        let l4 = add4(&l2, &l2).0;
        let l8 = add4(&l4, &l4).0;
        x = sub_if_no_borrow(&x, &l8);
        x = sub_if_no_borrow(&x, &l4);
        x = sub_if_no_borrow(&x, &l2);
        x = sub_if_no_borrow(&x, &L);
        Scalar(x)
    }
}

#[cfg(test)]
mod tests {
    use crate::Scalar;

    fn check(b: [u8; 32]) {
        assert_eq!(
            Scalar::from_bytes_mod_order_const(b),
            Scalar::from_bytes_mod_order(b),
            "{b:02x?}"
        );
    }

    #[test]
    fn agrees_with_from_bytes_mod_order() {
        // Edges (0, l - 1, l, 2^255 - 1, 2^256 - 1) and a pseudo-random sweep.
        let l_minus_1: [u8; 32] = (-Scalar::ONE).to_bytes();
        let mut l = l_minus_1;
        l[0] += 1;
        let mut top = [0xff; 32];
        top[31] = 0x7f;
        for b in [[0u8; 32], [0xff; 32], [0x7f; 32], l_minus_1, l, top] {
            check(b);
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            let mut b = [0u8; 32];
            for byte in b.iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *byte = (state >> 56) as u8;
            }
            check(b);
        }
    }
}
