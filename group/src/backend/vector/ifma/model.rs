//! The instructions of [`Lanes`] emulated on `[u64; 4]` from Intel's descriptions,
//! so the IFMA field and point code run (and are checked bit for bit against the
//! serial backend) on any CPU. Every multiplication asserts that its operands are
//! below 2^52: the hardware would silently drop the high bits.

use super::masked::Masked;
use super::{F4, LaneOps, LaneTables, Lanes, limb_slices};
use crate::backend::vector::const_tables::lane_tables;
use crate::backend::vector::point::Vector;

/// Four 64-bit lanes in plain integers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Model([u64; 4]);

impl Model {
    pub(crate) const fn from_array_const(v: [u64; 4]) -> Model {
        Model(v)
    }
}

/// The backend over the model: it executes no special instruction.
pub(crate) fn backend() -> Vector<F4<Model>> {
    // SAFETY: the model's operations are plain integer arithmetic.
    unsafe { Vector::assume_supported() }
}

const LOW52: u64 = (1 << 52) - 1;

fn product(b: u64, c: u64) -> u128 {
    assert!(
        b <= LOW52 && c <= LOW52,
        "multiplication operand over 52 bits"
    );
    u128::from(b & LOW52) * u128::from(c & LOW52)
}

impl Lanes for Model {
    fn from_array(v: [u64; 4]) -> Self {
        Model(v)
    }
    fn to_array(self) -> [u64; 4] {
        self.0
    }
    /// Both walks, the four-lane one and the paired one (on two models side by side),
    /// checked against each other limb for limb, so that everything run on the model
    /// (the tests, the `backends` fuzz target) runs both.
    fn sum_digits(
        table: &[[crate::backend::vector::Cached4<F4<Self>>; 8]; 32],
        digits: &[i8; 64],
    ) -> [F4<Self>; 2] {
        let four = super::fixed_base::sum_digits(table, digits);
        let paired = super::fixed_base::sum_digits_paired::<super::paired::model::Pair<Model>>(
            table, digits,
        );
        for (a, b) in four.iter().zip(&paired) {
            assert_eq!(a.0.map(|l| l.0), b.0.map(|l| l.0), "paired walk differs");
        }
        four
    }
}

impl LaneOps for Model {
    fn splat(x: u64) -> Self {
        Model([x; 4])
    }
    fn add(self, b: Self) -> Self {
        Model(core::array::from_fn(|k| self.0[k].wrapping_add(b.0[k])))
    }
    fn sub(self, b: Self) -> Self {
        Model(core::array::from_fn(|k| self.0[k].wrapping_sub(b.0[k])))
    }
    fn and(self, b: Self) -> Self {
        Model(core::array::from_fn(|k| self.0[k] & b.0[k]))
    }
    fn xor(self, b: Self) -> Self {
        Model(core::array::from_fn(|k| self.0[k] ^ b.0[k]))
    }
    fn shr51(self) -> Self {
        Model(self.0.map(|x| x >> 51))
    }
    fn shl<const N: i32>(self) -> Self {
        Model(self.0.map(|x| x << N))
    }
    fn shr<const N: i32>(self) -> Self {
        Model(self.0.map(|x| x >> N))
    }
    fn madd52lo(self, b: Self, c: Self) -> Self {
        Model(core::array::from_fn(|k| {
            let p = product(b.0[k], c.0[k]) as u64 & LOW52;
            self.0[k].wrapping_add(p)
        }))
    }
    fn madd52hi(self, b: Self, c: Self) -> Self {
        Model(core::array::from_fn(|k| {
            let p = (product(b.0[k], c.0[k]) >> 52) as u64;
            self.0[k].wrapping_add(p)
        }))
    }
    fn permute<const ORDER: i32>(self) -> Self {
        Model(core::array::from_fn(|k| {
            self.0[((ORDER >> (2 * k)) & 3) as usize]
        }))
    }
    fn blend<const BLEND: i32>(self, b: Self) -> Self {
        // Per 32-bit element, as the instruction does.
        Model(core::array::from_fn(|k| {
            let lo = if BLEND >> (2 * k) & 1 == 1 {
                b.0[k]
            } else {
                self.0[k]
            };
            let hi = if BLEND >> (2 * k + 1) & 1 == 1 {
                b.0[k]
            } else {
                self.0[k]
            };
            (lo & 0xffff_ffff) | (hi & !0xffff_ffff)
        }))
    }
    fn eq(self, b: Self) -> Self {
        Model(core::array::from_fn(|k| {
            if self.0[k] == b.0[k] { u64::MAX } else { 0 }
        }))
    }
    fn assert_below<const BITS: u32>(self) {
        assert!(
            self.0.iter().all(|&x| x >> BITS == 0),
            "limb over {BITS} bits: {:?}",
            self.0
        );
    }
    fn select(self, b: Self, mask: Self) -> Self {
        // Bitwise, as `vpternlogq` with 0xca computes it.
        Model(core::array::from_fn(|k| {
            (self.0[k] & !mask.0[k]) | (b.0[k] & mask.0[k])
        }))
    }
}

lane_tables!(impl LaneTables::tables, consts for F4<Model>, limb_slices, Model::from_array_const);

impl crate::backend::vector::point::OutOfLine for F4<Model> {}

impl Masked for Model {
    fn blend_eq(self, b: Self, x: Self, y: Self) -> Self {
        let (s, b, x, y) = (self.to_array(), b.to_array(), x.to_array(), y.to_array());
        Self::from_array(core::array::from_fn(
            |k| if x[k] == y[k] { b[k] } else { s[k] },
        ))
    }
    fn sub_from_masked(self, k: Self, mask: u8) -> Self {
        let (s, k) = (self.to_array(), k.to_array());
        Self::from_array(core::array::from_fn(|j| {
            if mask >> j & 1 == 1 {
                k[j].wrapping_sub(s[j])
            } else {
                s[j]
            }
        }))
    }
    fn permute_keep<const ORDER: i32, const KEEP: u8>(self) -> Self {
        let s = self.permute::<ORDER>().to_array();
        Self::from_array(core::array::from_fn(|j| {
            if KEEP >> j & 1 == 1 { s[j] } else { 0 }
        }))
    }
    fn times19(self) -> Self {
        let s = self.to_array();
        assert!(s.iter().all(|&x| x < 1 << 59), "times19 operand over 2^59");
        Self::from_array(s.map(|x| 19 * x))
    }
}
