//! The instructions of [`Lanes52`] emulated on `[u64; 8]` from Intel's descriptions,
//! so the eight-lane field and ladder run (and are checked bit for bit against the
//! portable field and ladder) on any CPU. Every multiplication asserts that its
//! operands are below 2^52, where the hardware would silently drop the high bits, and
//! every variable shift that its count is below 64.

use super::Lanes52;

/// Eight 64-bit lanes in plain integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Model8(pub(crate) [u64; 8]);

const LOW52: u64 = (1 << 52) - 1;

fn product(b: u64, c: u64) -> u128 {
    assert!(
        b <= LOW52 && c <= LOW52,
        "multiplication operand over 52 bits: {b:#x} · {c:#x}"
    );
    u128::from(b) * u128::from(c)
}

impl Lanes52 for Model8 {
    type Array = [u64; 8];
    fn splat(x: u64) -> Self {
        Model8([x; 8])
    }
    fn from_array(v: [u64; 8]) -> Self {
        Model8(v)
    }
    fn to_array(self) -> [u64; 8] {
        self.0
    }
    fn add(self, b: Self) -> Self {
        Model8(core::array::from_fn(|k| self.0[k].wrapping_add(b.0[k])))
    }
    fn sub(self, b: Self) -> Self {
        Model8(core::array::from_fn(|k| self.0[k].wrapping_sub(b.0[k])))
    }
    fn and(self, b: Self) -> Self {
        Model8(core::array::from_fn(|k| self.0[k] & b.0[k]))
    }
    fn xor(self, b: Self) -> Self {
        Model8(core::array::from_fn(|k| self.0[k] ^ b.0[k]))
    }
    fn shr<const N: u32>(self) -> Self {
        Model8(self.0.map(|x| x >> N))
    }
    fn shlv(self, count: Self) -> Self {
        Model8(core::array::from_fn(|k| {
            let (x, n) = (self.0[k], count.0[k]);
            assert!(
                u64::from(x.leading_zeros()) >= n,
                "left shift by {n} loses bits of {x:#x}"
            );
            x << n
        }))
    }
    fn shrv(self, count: Self) -> Self {
        Model8(core::array::from_fn(|k| {
            assert!(count.0[k] < 64, "shift count {}", count.0[k]);
            self.0[k] >> count.0[k]
        }))
    }
    fn madd52lo(self, b: Self, c: Self) -> Self {
        Model8(core::array::from_fn(|k| {
            let p = product(b.0[k], c.0[k]) as u64 & LOW52;
            self.0[k].wrapping_add(p)
        }))
    }
    fn madd52hi(self, b: Self, c: Self) -> Self {
        Model8(core::array::from_fn(|k| {
            let p = (product(b.0[k], c.0[k]) >> 52) as u64;
            self.0[k].wrapping_add(p)
        }))
    }
    fn madd52lo_of_low(self, b: Self, c: Self) -> Self {
        self.madd52lo(Model8(b.0.map(|x| x & LOW52)), c)
    }
    fn madd52hi_of_low(self, b: Self, c: Self) -> Self {
        self.madd52hi(Model8(b.0.map(|x| x & LOW52)), c)
    }
}
