//! A hook for the fuzz targets in `fuzz/` (feature `fuzzing`, hidden from the docs and
//! out of the default build): runs one top-level operation on a backend named by the
//! caller instead of the one `backend::run` picks, so that a fuzzer can check that
//! every backend this CPU supports gives the same point.
//!
//! Not part of the public API: names and signatures may change at any time.

use alloc::vec::Vec;

use edwards25519_field::FieldElement;

use crate::backend::{Op, serial};
use crate::models::Extended;
use crate::scalar_mul::fixed_base::MulBase;
use crate::scalar_mul::multiscalar::{Straus, VartimeMultiscalar};
use crate::scalar_mul::variable_base::ScalarMult;
use crate::scalar_mul::vartime_double_base::VartimeDoubleBase;
use crate::{DecodeError, Point, Scalar};

/// A point backend, named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The serial backend over the portable field limbs (runs everywhere).
    SerialPortable,
    /// The serial backend over the fastest field limbs this CPU supports (MULX/ADX
    /// where present, else the portable limbs again).
    Serial,
    /// The AVX2 vector backend (`vector::avx2`).
    Avx2,
    /// The AVX-512 IFMA vector backend (`vector::ifma`).
    Ifma,
    /// The IFMA backend's field and point code over `vector::ifma::model`, which
    /// emulates its instructions with integer arithmetic (runs on every x86-64 CPU,
    /// and asserts the 52-bit operand bound the hardware would silently apply).
    IfmaModel,
    /// The IFMA backend over the radix-2^52 field (`vector::ifma52`; the run-time
    /// choice only with the `"ifma52"` cfg).
    Ifma52,
    /// The radix-2^52 IFMA backend over the instruction model (runs everywhere).
    Ifma52Model,
}

impl Backend {
    /// Every backend, whether or not it can run here.
    pub const ALL: [Backend; 7] = [
        Backend::SerialPortable,
        Backend::Serial,
        Backend::Avx2,
        Backend::Ifma,
        Backend::IfmaModel,
        Backend::Ifma52,
        Backend::Ifma52Model,
    ];

    /// Whether this backend is compiled in and this CPU supports it.
    pub fn is_available(self) -> bool {
        match self {
            Backend::SerialPortable | Backend::Serial => true,
            #[cfg(edwards25519_vector)]
            Backend::Avx2 => crate::backend::vector::avx2::detect().is_some(),
            #[cfg(edwards25519_vector)]
            Backend::Ifma => crate::backend::vector::ifma::detect().is_some(),
            #[cfg(edwards25519_vector)]
            Backend::IfmaModel => true,
            #[cfg(edwards25519_vector)]
            Backend::Ifma52 => crate::backend::vector::ifma52::detect().is_some(),
            #[cfg(edwards25519_vector)]
            Backend::Ifma52Model => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The backends [`Backend::is_available`] reports.
    pub fn available() -> Vec<Backend> {
        Backend::ALL
            .into_iter()
            .filter(|b| b.is_available())
            .collect()
    }

    /// Runs `op` on this backend; `None` where it cannot run.
    fn run<O: Op<Output = Extended<FieldElement>>>(self, op: O) -> Option<Point> {
        let p = match self {
            Backend::SerialPortable => serial::run::<FieldElement, O>(op),
            Backend::Serial => crate::backend::dispatch::run_serial(op),
            #[cfg(edwards25519_vector)]
            Backend::Avx2 => {
                let b = crate::backend::vector::avx2::detect()?;
                crate::backend::vector::avx2::run(b, op)
            }
            #[cfg(edwards25519_vector)]
            Backend::Ifma => {
                let b = crate::backend::vector::ifma::detect()?;
                crate::backend::vector::ifma::run(b, op)
            }
            #[cfg(edwards25519_vector)]
            Backend::IfmaModel => op.run(crate::backend::vector::ifma::model::backend()),
            #[cfg(edwards25519_vector)]
            Backend::Ifma52 => {
                let b = crate::backend::vector::ifma52::detect()?;
                crate::backend::vector::ifma52::run(b, op)
            }
            #[cfg(edwards25519_vector)]
            Backend::Ifma52Model => op.run(crate::backend::vector::ifma52::model_backend()),
            #[allow(unreachable_patterns)]
            _ => return None,
        };
        Some(Point(p))
    }

    /// `scalar`·`point` (ScalarMult, constant time).
    pub fn scalar_mul(self, point: &Point, scalar: &Scalar) -> Option<Point> {
        let digits = scalar.as_radix_16();
        self.run(ScalarMult {
            point: &point.0,
            digits: &digits,
        })
    }

    /// `scalar`·B from the base table (ScalarBaseMult, constant time).
    pub fn mul_base(self, scalar: &Scalar) -> Option<Point> {
        self.run(MulBase(&scalar.as_radix_16()))
    }

    /// X25519(`scalar`, 9), the u-coordinate of \[clamped `scalar`\]B, on this backend
    /// ([`crate::montgomery::MontgomeryPoint::mul_base_clamped`]'s path).
    pub fn mul_base_clamped(self, scalar: [u8; 32]) -> Option<[u8; 32]> {
        let c = crate::montgomery::clamp(scalar);
        let digits = edwards25519_scalar::signed_radix_16(&c);
        Some(self.run(MulBase(&digits))?.to_montgomery_bytes())
    }

    /// `a`·`point` + `b`·B with the NAF widths
    /// [`Point::vartime_double_scalar_mul_basepoint`] uses.
    pub fn vartime_double_scalar_mul_basepoint(
        self,
        a: &Scalar,
        point: &Point,
        b: &Scalar,
    ) -> Option<Point> {
        self.run(VartimeDoubleBase {
            a_naf: &a.vartime_non_adjacent_form(5),
            a: &point.0,
            b_naf: &b.vartime_non_adjacent_form(8),
        })
    }

    /// Σ scalars[i]·points[i] with constant-time Straus ([`Point::multiscalar_mul`]'s
    /// algorithm). `None` if the slices differ in length.
    pub fn multiscalar_mul(self, scalars: &[Scalar], points: &[Point]) -> Option<Point> {
        if scalars.len() != points.len() {
            return None;
        }
        let digits: Vec<[i8; 64]> = scalars.iter().map(Scalar::as_radix_16).collect();
        let points: Vec<Extended<FieldElement>> = points.iter().map(|p| p.0).collect();
        self.run(Straus {
            digits: &digits,
            points: &points,
        })
    }

    /// Σ scalars[i]·points[i], variable time (Straus or Pippenger by size, as
    /// [`Point::vartime_multiscalar_mul`]). `None` if the slices differ in length.
    pub fn vartime_multiscalar_mul(self, scalars: &[Scalar], points: &[Point]) -> Option<Point> {
        if scalars.len() != points.len() {
            return None;
        }
        let points: Vec<Extended<FieldElement>> = points.iter().map(|p| p.0).collect();
        self.run(VartimeMultiscalar {
            scalars,
            points: &points,
        })
    }
}

/// An X25519 ladder, named (for fuzzers and the same-run ladder benchmark).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ladder {
    /// The generic ladder (`montgomery::ladder`) on the portable field limbs.
    Portable,
    /// The generic ladder on the fastest field limbs this CPU supports (what
    /// `mul_clamped` ran before the dedicated MULX/ADX ladder).
    Generic,
    /// The MULX/ADX ladder (`backend::x25519_mulx`).
    Mulx,
    /// The four-lane IFMA ladder (`backend::vector::x25519_ifma`).
    IfmaFourLanes,
    /// The eight-lane IFMA ladder (`backend::vector::ifma52x8::single`).
    IfmaEightLanes,
}

impl Ladder {
    /// Every ladder, whether or not it can run here.
    pub const ALL: [Ladder; 5] = [
        Ladder::Portable,
        Ladder::Generic,
        Ladder::Mulx,
        Ladder::IfmaFourLanes,
        Ladder::IfmaEightLanes,
    ];

    /// X25519(`scalar`, `u`) on this ladder (the scalar clamped, as `x25519` does);
    /// `None` where it cannot run.
    pub fn x25519(self, scalar: [u8; 32], u: [u8; 32]) -> Option<[u8; 32]> {
        let k = crate::montgomery::clamp(scalar);
        let u = FieldElement::from_bytes(&u);
        match self {
            Ladder::Portable => Some(crate::montgomery::ladder::<FieldElement>(&k, &u)),
            Ladder::Generic => {
                Some(serial::field_dispatch!(F => crate::montgomery::ladder::<F>(&k, &u)))
            }
            #[cfg(edwards25519_x86)]
            Ladder::Mulx => {
                let cpu = crate::backend::x25519_mulx::Bmi2Adx::detect()?;
                Some(crate::backend::x25519_mulx::ladder(cpu, &k, &u))
            }
            #[cfg(edwards25519_vector)]
            Ladder::IfmaFourLanes | Ladder::IfmaEightLanes => {
                use crate::backend::vector::x25519_ifma::{IfmaLadder, mul_clamped_with};
                let ladder = if self == Ladder::IfmaFourLanes {
                    IfmaLadder::FourLanes
                } else {
                    IfmaLadder::EightLanes
                };
                mul_clamped_with(ladder, &k, &u)
            }
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

/// A batch engine, named: the code the batch functions (`montgomery::x25519_batch`,
/// `MontgomeryPoint::mul_base_clamped_batch`, `Point::from_bytes_batch`,
/// `to_bytes_batch`, `to_montgomery_batch`) run in groups of lanes, each with its
/// partial last group handled as the public function handles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Batch {
    /// The eight-lane radix-2^52 IFMA engine (`backend::vector::ifma52x8`).
    EightLanes,
    /// The eight-lane engine over its instruction model (runs on every x86-64 CPU, and
    /// asserts the 52-bit operand bound the hardware would silently apply).
    EightLanesModel,
    /// The AVX2 field's four lanes (`backend::vector::avx2`: the ladders and the
    /// decodings of CPUs without IFMA; no fixed-base or encoding batch).
    FourLanesAvx2,
}

impl Batch {
    /// Every engine, whether or not it can run here.
    pub const ALL: [Batch; 3] = [
        Batch::EightLanes,
        Batch::EightLanesModel,
        Batch::FourLanesAvx2,
    ];

    /// The engines compiled in that this CPU supports.
    pub fn available() -> Vec<Batch> {
        Batch::ALL
            .into_iter()
            .filter(|b| match b {
                #[cfg(edwards25519_vector)]
                Batch::EightLanes => crate::backend::vector::ifma52x8::detect().is_some(),
                #[cfg(edwards25519_vector)]
                Batch::EightLanesModel => true,
                #[cfg(edwards25519_vector)]
                Batch::FourLanesAvx2 => crate::backend::vector::avx2::detect().is_some(),
                #[allow(unreachable_patterns)]
                _ => false,
            })
            .collect()
    }

    /// `x25519(scalars[i], us[i])` for every i (the lengths must be equal); `None`
    /// where the engine cannot run.
    pub fn x25519(self, scalars: &[[u8; 32]], us: &[[u8; 32]]) -> Option<Vec<[u8; 32]>> {
        assert_eq!(scalars.len(), us.len(), "one u per scalar");
        #[cfg(edwards25519_vector)]
        {
            use crate::backend::vector::{avx2, ifma52x8 as x8};
            use crate::montgomery::{in_fours, in_groups};
            match self {
                Batch::EightLanes => {
                    let token = x8::detect()?;
                    Some(in_groups(scalars, us, |k, u| x8::x25519x8(token, k, u)))
                }
                Batch::EightLanesModel => {
                    Some(in_groups(scalars, us, x8::ladder8::<x8::model::Model8>))
                }
                Batch::FourLanesAvx2 => Some(in_fours(avx2::detect()?, scalars, us)),
            }
        }
        #[cfg(not(edwards25519_vector))]
        {
            let _ = (self, us);
            None
        }
    }

    /// `Point::from_bytes` of every encoding; `None` where the engine cannot run.
    pub fn from_bytes(self, encodings: &[[u8; 32]]) -> Option<Vec<Result<Point, DecodeError>>> {
        #[cfg(edwards25519_vector)]
        {
            use crate::backend::vector::{avx2, ifma52x8 as x8};
            use crate::point::batch::{in_fours, in_groups};
            match self {
                Batch::EightLanes => {
                    let token = x8::detect()?;
                    Some(in_groups(encodings, |e| {
                        x8::decode::from_bytes_x8(token, e)
                    }))
                }
                Batch::EightLanesModel => Some(in_groups(
                    encodings,
                    x8::decode::decode8::<x8::model::Model8>,
                )),
                Batch::FourLanesAvx2 => Some(in_fours(avx2::detect()?, encodings)),
            }
        }
        #[cfg(not(edwards25519_vector))]
        {
            let _ = (self, encodings);
            None
        }
    }

    /// `MontgomeryPoint::mul_base_clamped` of every scalar, as bytes; `None` where the
    /// engine cannot run or has no fixed-base batch.
    pub fn mul_base_clamped(self, scalars: &[[u8; 32]]) -> Option<Vec<[u8; 32]>> {
        #[cfg(edwards25519_vector)]
        {
            use crate::backend::vector::ifma52x8::{self as x8, fixed_base};
            match self {
                Batch::EightLanes => Some(fixed_base::mul_base_clamped_x8(x8::detect()?, scalars)),
                Batch::EightLanesModel => Some(
                    fixed_base::mul_base_clamped_all::<x8::model::Model8>(scalars),
                ),
                Batch::FourLanesAvx2 => None,
            }
        }
        #[cfg(not(edwards25519_vector))]
        {
            let _ = (self, scalars);
            None
        }
    }

    /// The encodings of `points` (`to_bytes_batch`) and their Montgomery u
    /// (`to_montgomery_batch`, as bytes); `None` where the engine cannot run or has no
    /// encoding batch.
    #[allow(clippy::type_complexity)]
    pub fn encode(self, points: &[Point]) -> Option<(Vec<[u8; 32]>, Vec<[u8; 32]>)> {
        #[cfg(edwards25519_vector)]
        {
            use crate::backend::vector::ifma52x8::{self as x8, encode, model::Model8};
            let ext: fn(&Point) -> &Extended<FieldElement> = |p| &p.0;
            match self {
                Batch::EightLanes => {
                    let token = x8::detect()?;
                    Some((
                        encode::to_bytes_x8(token, points, ext),
                        encode::to_montgomery_x8(token, points, ext),
                    ))
                }
                Batch::EightLanesModel => {
                    let (nums, dens) = encode::montgomery_fractions::<Model8, _>(points, ext);
                    Some((
                        encode::encode_points::<Model8, _>(points, ext),
                        encode::montgomery_us(nums, dens, points.len()),
                    ))
                }
                Batch::FourLanesAvx2 => None,
            }
        }
        #[cfg(not(edwards25519_vector))]
        {
            let _ = (self, points);
            None
        }
    }
}
