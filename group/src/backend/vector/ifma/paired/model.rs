//! Two four-lane registers side by side, [`Pair`]: over two instruction models, the
//! paired walk on any CPU, each half checked as the four-lane model checks its lanes. Not library code (an emulator for the tests
//! and the `backends` fuzz target), so not mutated (.cargo/mutants.toml).

use super::super::masked::Masked;
use super::super::{LaneOps, Lanes};
use super::Paired;

/// Lanes 0…3 and 4…7, each an `M`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair<M>(M, M);

/// Applies `f` to each half.
fn each<M>(a: Pair<M>, f: impl Fn(M) -> M) -> Pair<M> {
    Pair(f(a.0), f(a.1))
}

/// Applies `f` to each half of `a` and `b`.
fn each2<M>(a: Pair<M>, b: Pair<M>, f: impl Fn(M, M) -> M) -> Pair<M> {
    Pair(f(a.0, b.0), f(a.1, b.1))
}

impl<M: LaneOps> LaneOps for Pair<M> {
    fn splat(x: u64) -> Self {
        Pair(M::splat(x), M::splat(x))
    }
    fn add(self, b: Self) -> Self {
        each2(self, b, M::add)
    }
    fn sub(self, b: Self) -> Self {
        each2(self, b, M::sub)
    }
    fn and(self, b: Self) -> Self {
        each2(self, b, M::and)
    }
    fn xor(self, b: Self) -> Self {
        each2(self, b, M::xor)
    }
    fn shr51(self) -> Self {
        each(self, M::shr51)
    }
    fn shl<const N: i32>(self) -> Self {
        each(self, M::shl::<N>)
    }
    fn shr<const N: i32>(self) -> Self {
        each(self, M::shr::<N>)
    }
    fn madd52lo(self, b: Self, c: Self) -> Self {
        Pair(self.0.madd52lo(b.0, c.0), self.1.madd52lo(b.1, c.1))
    }
    fn madd52hi(self, b: Self, c: Self) -> Self {
        Pair(self.0.madd52hi(b.0, c.0), self.1.madd52hi(b.1, c.1))
    }
    fn permute<const ORDER: i32>(self) -> Self {
        each(self, M::permute::<ORDER>)
    }
    fn blend<const BLEND: i32>(self, b: Self) -> Self {
        each2(self, b, M::blend::<BLEND>)
    }
    fn eq(self, b: Self) -> Self {
        each2(self, b, M::eq)
    }
    fn select(self, b: Self, mask: Self) -> Self {
        Pair(self.0.select(b.0, mask.0), self.1.select(b.1, mask.1))
    }
    fn assert_below<const BITS: u32>(self) {
        self.0.assert_below::<BITS>();
        self.1.assert_below::<BITS>();
    }
}

impl<M: LaneOps> Masked for Pair<M> {
    fn blend_eq(self, b: Self, x: Self, y: Self) -> Self {
        Pair(
            self.0.blend_eq(b.0, x.0, y.0),
            self.1.blend_eq(b.1, x.1, y.1),
        )
    }
    fn sub_from_masked(self, k: Self, mask: u8) -> Self {
        Pair(
            self.0.sub_from_masked(k.0, mask & 0xf),
            self.1.sub_from_masked(k.1, mask >> 4),
        )
    }
    fn permute_keep<const ORDER: i32, const KEEP: u8>(self) -> Self {
        each(self, M::permute_keep::<ORDER, KEEP>)
    }
    fn times19(self) -> Self {
        each(self, M::times19)
    }
    fn each_four(mask: u8) -> u8 {
        (mask & 0xf) * 0x11
    }
}

impl<M: Lanes> Paired for Pair<M> {
    type Half = M;
    fn join(low: M, high: M) -> Self {
        Pair(low, high)
    }
    fn halves(self) -> [M; 2] {
        [self.0, self.1]
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::masked::Masked;
    use super::super::super::model::Model;
    use super::super::super::{LaneOps, Lanes};
    use super::super::Paired;
    use super::Pair;

    /// The pair's halves are the four-lane model's lanes: `join` and `halves` are
    /// inverse, and an operation on the pair is the operation on each half.
    #[test]
    fn halves_are_four_lane_models() {
        let a = Model::from_array([1, 2, 3, 1 << 51]);
        let b = Model::from_array([5, 6, 7, 8]);
        let p: Pair<Model> = Pair::join(a, b);
        let [x, y] = p.halves();
        assert_eq!((x.to_array(), y.to_array()), (a.to_array(), b.to_array()));
        let [x, y] = p.sub_from_masked(Pair::splat(100), 0b0100_0001).halves();
        assert_eq!(x.to_array(), [99, 2, 3, 1 << 51]);
        assert_eq!(y.to_array(), [5, 6, 93, 8]);
    }
}
