//! A fixed-seed generator for the secret inputs (SplitMix64): runs are reproducible
//! and need no dependency. Not for keys: the inputs only need to look random.

/// SplitMix64 state.
pub struct Rng(u64);

impl Rng {
    /// The generator every run starts from.
    pub fn new() -> Rng {
        Rng(0x6564_7761_7264_7332) // "edwards2"
    }

    /// A generator from a given state (for tests).
    #[cfg(test)]
    fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// N pseudo-random bytes.
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        for chunk in out.chunks_mut(8) {
            let w = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn splitmix64_reference_output() {
        // The first output of SplitMix64 from state 0 (Vigna's reference splitmix64.c).
        assert_eq!(Rng::from_state(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn bytes_are_the_little_endian_words() {
        let mut a = Rng::new();
        let mut b = Rng::new();
        let bytes: [u8; 12] = a.bytes();
        let w0 = b.next_u64().to_le_bytes();
        let w1 = b.next_u64().to_le_bytes();
        assert_eq!(bytes[..8], w0);
        assert_eq!(bytes[8..], w1[..4]);
    }
}
