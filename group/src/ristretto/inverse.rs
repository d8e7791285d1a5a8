//! The preimages of an element under the one-field-element Elligator map
//! ([`RistrettoPoint::map_to_curve`], RFC 9496 §4.3.4's MAP), and the Lizard encoding of
//! 16 bytes into ristretto255 built on them (feature `lizard`).
//!
//! MAP is the composition of three maps, each inverted here (notation and facts after the
//! Decaf paper, M. Hamburg, CRYPTO 2015, and curve25519-dalek's notes on Lizard):
//!
//! 1. r₀ ↦ (s, t) on the Jacobi quartic J: t² = s⁴ + 2A·s² + 1, with r = i·r₀²; s is
//!    non-negative when (r + 1)(1 - d²)/((-1 - r·d)(r + d)) is a square (then
//!    t = (r - 1)(d - 1)²/((d·r + 1)(r + d)) - 1), negative otherwise. Since
//!    (t + 1)/s² = ±((d - 1)/(d + 1))·(r - 1)/(r + 1), with α = (d + 1)/(d - 1)·(t + 1):
//!    r = (s² + α)/(s² - α) for s ≥ 0 and (s² - α)/(s² + α) for s < 0, so
//!    r₀ = ±(α + sgn(s)·s²)/√(i·(s⁴ - α²)), which exists exactly when i·(s⁴ - α²) is a
//!    nonzero square.
//! 2. the 2-isogeny θ(s, t) = (2s/(t·√(a·d - 1)), (1 - s²)/(1 + s²)) onto the even points
//!    of edwards25519. A representative (X : Y : Z) has the two preimages ±(s, t) with
//!    s = √((Z - Y)/(Z + Y)) = w·X·(Z - Y) and t = 2Z·w·(Z - Y)/√(a·d - 1), where
//!    w = 1/√(X²·(Z² - Y²)); the representative (-X : -Y : Z) has ±(s', t') with
//!    s' = 1/s = w·X·(Z + Y) and t' = -2Z·w·(Z + Y)/√(a·d - 1).
//! 3. the quotient by the 4-torsion: the coset of (x, y) is {±(x, y), ±(i·y, i·x)}, so
//!    the representatives (X : Y : Z) and (i·Y : i·X : Z) give the eight Jacobi points
//!    ±(s, t), ±(s', t') of each.
//!
//! Each Jacobi point gives at most one non-negative r₀, and r₀ and -r₀ map alike: at
//! most eight non-negative preimages and their negations, sixteen in all. The identity
//! is the one coset with a representative (0 : ±1 : 1) on which w is undefined; three of
//! its preimages come from no Jacobi point above and are added by hand: r₀ = 0, and
//! √(i·d) and √(i/d), where MAP's denominator (-1 - r·d)(r + d) vanishes (MAP then
//! gives s = 0, which is the identity). The other representative gives the rest.
//!
//! Constant time: every candidate is computed with the same operations, and the
//! results carry their validity as [`Choice`]s.

use edwards25519_field::FieldElement;
use subtle::{Choice, ConditionallySelectable, CtOption};

use super::{INVSQRT_A_MINUS_D, RistrettoPoint};

/// (d + 1)/(d - 1); `tests::constants` checks it.
pub(super) const D_PLUS_ONE_OVER_D_MINUS_ONE: FieldElement = FieldElement::from_bytes(&[
    0x2c, 0xbb, 0x81, 0x9b, 0x5f, 0xac, 0x7f, 0x27, 0xc8, 0x1d, 0x24, 0xcd, 0xf1, 0xe7, 0x9a, 0x48,
    0x24, 0x18, 0x9f, 0x99, 0x5f, 0xd9, 0xf8, 0xae, 0x9d, 0xd8, 0xe8, 0xa7, 0x30, 0xc8, 0x67, 0x0e,
]);

/// √(i·d), non-negative: r₀ with r = i·r₀² = -d, where MAP's denominator
/// (-1 - r·d)(r + d) vanishes and MAP gives the identity; `inverse_tests` checks it.
pub(super) const SQRT_I_D: FieldElement = FieldElement::from_bytes(&[
    0xa8, 0x1b, 0x5c, 0x4a, 0xcb, 0x2a, 0x30, 0x75, 0xaa, 0x6d, 0xea, 0x0e, 0x2d, 0xa9, 0xbc, 0xcd,
    0x15, 0x6e, 0xeb, 0x73, 0x99, 0x54, 0x34, 0x75, 0x97, 0xeb, 0x7b, 0xf4, 0x58, 0x55, 0xb3, 0x05,
]);

/// √(i/d), non-negative: r₀ with r = -1/d, the denominator's other zero.
pub(super) const SQRT_I_OVER_D: FieldElement = FieldElement::from_bytes(&[
    0x40, 0x25, 0x6a, 0xc5, 0xe4, 0xc7, 0x3a, 0xf6, 0x05, 0x7c, 0x6d, 0x51, 0x20, 0xf9, 0x0c, 0x43,
    0x62, 0xab, 0x4a, 0xd9, 0x01, 0x5b, 0xc3, 0x65, 0x59, 0x8d, 0xac, 0xa0, 0x48, 0xba, 0xc4, 0x00,
]);

/// A point (s, t) of the Jacobi quartic, with whether it is defined.
#[derive(Clone, Copy)]
struct Jacobi {
    s: FieldElement,
    t: FieldElement,
    defined: Choice,
}

impl Jacobi {
    /// (-s, -t), the other preimage under θ.
    fn dual(&self) -> Jacobi {
        Jacobi {
            s: -self.s,
            t: -self.t,
            defined: self.defined,
        }
    }

    /// The non-negative r₀ that MAP sends to this point, if any (step 1 of the module
    /// docs).
    fn preimage(&self) -> CtOption<FieldElement> {
        let alpha = D_PLUS_ONE_OVER_D_MINUS_ONE * (self.t + FieldElement::ONE);
        let ss = self.s.square();
        let den = FieldElement::SQRT_M1 * (ss.square() - alpha.square());
        let (is_square, inv_root) = FieldElement::sqrt_ratio(&FieldElement::ONE, &den);
        let signed_ss = FieldElement::conditional_select(&ss, &-ss, self.s.is_negative());
        CtOption::new((alpha + signed_ss) * inv_root, is_square & self.defined).map(|r| r.abs())
    }
}

/// The Jacobi points ±(s, t) over (X : Y : Z) and ±(s', t') over (-X : -Y : Z), as
/// (s, t), (s', t') (step 2 of the module docs); undefined when X²·(Z² - Y²) is zero.
fn jacobi_pair(x: &FieldElement, y: &FieldElement, z: &FieldElement) -> [Jacobi; 2] {
    let z_minus_y = z - y;
    let z_plus_y = z + y;
    let (defined, w) =
        FieldElement::sqrt_ratio(&FieldElement::ONE, &(x.square() * z_minus_y * z_plus_y));
    let wx = w * x;
    // 1/√(a·d - 1) = -INVSQRT_A_MINUS_D: RFC 9496's SQRT_AD_MINUS_ONE is the root with
    // the low bit set, INVSQRT_A_MINUS_D the non-negative one (a - d = a·d - 1 for a = -1).
    let k = -((z + z) * w * INVSQRT_A_MINUS_D);
    [
        Jacobi {
            s: wx * z_minus_y,
            t: k * z_minus_y,
            defined,
        },
        Jacobi {
            s: wx * z_plus_y,
            t: -(k * z_plus_y),
            defined,
        },
    ]
}

impl RistrettoPoint {
    /// The preimages of this element under [`RistrettoPoint::map_to_curve`]: the
    /// canonical field elements r₀ (32 little-endian bytes) that it maps here. The
    /// first eight entries are the non-negative ones (bit 0 of `b[0]` clear), the last
    /// eight their negations, in the same order; an entry is none where a candidate
    /// has no preimage (most elements have between one and eight). The same preimages
    /// as curve25519-dalek's `RistrettoPoint::map_to_curve_inverse` (feature
    /// `lizard`), which orders its slots otherwise and, for the identity, leaves out
    /// √(i/d). Constant time.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    ///
    /// let mut r0 = [0x35u8; 32];
    /// r0[0] &= 0xfe; // even: non-negative
    /// r0[31] &= 0x3f; // below p
    /// let p = RistrettoPoint::map_to_curve(r0);
    /// let preimages = p.map_to_curve_inverse();
    /// assert!(preimages[..8].iter().any(|b| b.into_option() == Some(r0)));
    /// for b in preimages.iter().filter_map(|b| b.into_option()) {
    ///     assert_eq!(RistrettoPoint::map_to_curve(b), p);
    /// }
    /// ```
    pub fn map_to_curve_inverse(&self) -> [CtOption<[u8; 32]>; 16] {
        let e = &self.0.0;
        let i = FieldElement::SQRT_M1;
        let [a, b] = jacobi_pair(&e.x, &e.y, &e.z);
        let [c, d] = jacobi_pair(&(i * e.y), &(i * e.x), &e.z);
        // On the identity's representatives (0 : ±1 : 1) the first pair is undefined:
        // its slots take the identity's other preimages, r₀ = 0 (MAP's s = 0, t = -1)
        // and the two where MAP's denominator vanishes.
        let identity = (e.x.square() * (e.z.square() - e.y.square())).is_zero();
        let special = [FieldElement::ZERO, SQRT_I_D, SQRT_I_OVER_D];
        let mut out = [CtOption::new([0u8; 32], Choice::from(0)); 16];
        for (k, j) in [a, b, c, d, a.dual(), b.dual(), c.dual(), d.dual()]
            .iter()
            .enumerate()
        {
            let mut r0 = j.preimage();
            if let Some(r) = [0, 1, 4].iter().position(|&slot| slot == k) {
                let fixed = CtOption::new(special[r], Choice::from(1));
                r0 = CtOption::conditional_select(&r0, &fixed, identity);
            }
            out[k] = r0.map(|r| r.to_bytes());
            out[k + 8] = r0.map(|r| (-r).to_bytes());
        }
        out
    }
}

/// The Lizard encoding of `data` (B. Westerbaan's injection of 16 bytes into
/// ristretto255): the field element h₀..h₇ ‖ data ‖ h₂₄..h₃₁ of the hash h = H(data), with
/// bit 0 and bits 254, 255 cleared (non-negative, below p).
#[cfg(feature = "lizard")]
fn lizard_element<H>(data: &[u8; 16]) -> [u8; 32]
where
    H: digest::Digest<OutputSize = digest::consts::U32>,
{
    let mut bytes = [0u8; 32];
    bytes.copy_from_slice(&H::digest(data));
    bytes[8..24].copy_from_slice(data);
    bytes[0] &= 0xfe;
    bytes[31] &= 0x3f;
    bytes
}

#[cfg(feature = "lizard")]
impl RistrettoPoint {
    /// Encodes 16 bytes as an element, injectively and invertibly: Lizard
    /// (B. Westerbaan), [`RistrettoPoint::map_to_curve`] of a field element that holds
    /// `data` in its middle bytes and bits of the hash `H(data)` around them. For
    /// ElGamal-style encryption of short messages. `H` is any hash with 32-byte outputs
    /// (SHA-256 unless a protocol says otherwise); [`RistrettoPoint::lizard_decode`]
    /// with the same `H` returns `data`. The same points as curve25519-dalek's
    /// `lizard_encode` (feature `lizard`). Constant time in `data`.
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    /// use sha2::Sha256;
    ///
    /// let p = RistrettoPoint::lizard_encode::<Sha256>(b"sixteen bytes!!!");
    /// assert_eq!(p.lizard_decode::<Sha256>(), Some(*b"sixteen bytes!!!"));
    /// assert_eq!(RistrettoPoint::GENERATOR.lizard_decode::<Sha256>(), None);
    /// ```
    pub fn lizard_encode<H>(data: &[u8; 16]) -> RistrettoPoint
    where
        H: digest::Digest<OutputSize = digest::consts::U32>,
    {
        RistrettoPoint::map_to_curve(lizard_element::<H>(data))
    }

    /// The 16 bytes [`RistrettoPoint::lizard_encode`] encoded in this element, or `None`
    /// when it is not such an encoding (no preimage under
    /// [`RistrettoPoint::map_to_curve`] has the form, or, with probability about
    /// 2^-122 for a random input, more than one does). Constant time up to the
    /// result: every preimage is computed and checked (it may decode a decrypted,
    /// secret message).
    ///
    /// ```
    /// use edwards25519_group::ristretto::RistrettoPoint;
    /// use sha2::Sha256;
    ///
    /// let data = [7u8; 16];
    /// let p = RistrettoPoint::lizard_encode::<Sha256>(&data);
    /// // Any representative of the element decodes alike.
    /// let q = (p + RistrettoPoint::GENERATOR) - RistrettoPoint::GENERATOR;
    /// assert_eq!(q.lizard_decode::<Sha256>(), Some(data));
    /// ```
    pub fn lizard_decode<H>(&self) -> Option<[u8; 16]>
    where
        H: digest::Digest<OutputSize = digest::consts::U32>,
    {
        use subtle::ConstantTimeEq;
        let mut found = [0u8; 16];
        let mut matches = 0u8;
        for candidate in &self.map_to_curve_inverse()[..8] {
            let bytes = candidate.unwrap_or([0xff; 32]);
            let mut data = [0u8; 16];
            data.copy_from_slice(&bytes[8..24]);
            let ok = candidate.is_some() & lizard_element::<H>(&data).ct_eq(&bytes);
            found.conditional_assign(&data, ok);
            matches += ok.unwrap_u8();
        }
        bool::from(matches.ct_eq(&1)).then_some(found)
    }
}
