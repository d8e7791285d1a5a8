//! A deterministic generator for the trial programs (SHA-512 in counter mode over a
//! seed), so that a run with the dalek crates and a run with the compatibility crates
//! draw the same bytes and must print the same output. Real programs draw from the
//! operating system (`getrandom::SysRng`, `rand::rng()`).

use core::convert::Infallible;
use sha2::{Digest, Sha512};

pub struct SeededRng {
    seed: [u8; 64],
    counter: u64,
    buf: [u8; 64],
    used: usize,
}

impl SeededRng {
    pub fn new(label: &[u8]) -> SeededRng {
        SeededRng {
            seed: Sha512::digest(label).into(),
            counter: 0,
            buf: [0; 64],
            used: 64,
        }
    }
}

impl rand_core::TryRng for SeededRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let mut b = [0u8; 4];
        self.try_fill_bytes(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let mut b = [0u8; 8];
        self.try_fill_bytes(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Infallible> {
        for b in dest {
            if self.used == 64 {
                self.buf = Sha512::new()
                    .chain_update(self.seed)
                    .chain_update(self.counter.to_le_bytes())
                    .finalize()
                    .into();
                self.counter += 1;
                self.used = 0;
            }
            *b = self.buf[self.used];
            self.used += 1;
        }
        Ok(())
    }
}

impl rand_core::TryCryptoRng for SeededRng {}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
