//! curve25519-dalek's precomputed base-point tables (feature `precomputed-tables`):
//! [`EdwardsBasepointTable`] and its radix variants, [`RistrettoBasepointTable`], over
//! the native tables: [`Point::mul_base`]'s static table for the Ed25519 base point, a
//! [`FixedBaseTable`] (shared by clones) for any other point. Without `alloc` a table of
//! another point keeps the point and multiplies by variable-base multiplication (also
//! constant time).

use crate::edwards::EdwardsPoint;
use crate::ristretto::RistrettoPoint;
use crate::scalar::Scalar;
use crate::traits::BasepointTable;
use core::fmt;
use core::ops::Mul;
use edwards25519_group::Point;
use edwards25519_group::ristretto::RistrettoPoint as NativeRistretto;
#[cfg(feature = "alloc")]
use {
    alloc::sync::Arc, edwards25519_group::FixedBaseTable,
    edwards25519_group::ristretto::RistrettoFixedBaseTable,
};

/// Where a table's multiples come from.
#[derive(Clone)]
enum Edwards {
    /// The Ed25519 base point: the native static table.
    Base,
    #[cfg(feature = "alloc")]
    Table(Arc<FixedBaseTable>),
    #[cfg(not(feature = "alloc"))]
    Point(Point),
}

impl Edwards {
    fn create(p: &Point) -> Edwards {
        if *p == Point::GENERATOR {
            return Edwards::Base;
        }
        #[cfg(feature = "alloc")]
        return Edwards::Table(Arc::new(FixedBaseTable::new(p)));
        #[cfg(not(feature = "alloc"))]
        return Edwards::Point(*p);
    }

    fn basepoint(&self) -> Point {
        match self {
            Edwards::Base => Point::GENERATOR,
            #[cfg(feature = "alloc")]
            Edwards::Table(t) => *t.point(),
            #[cfg(not(feature = "alloc"))]
            Edwards::Point(p) => *p,
        }
    }

    fn mul(&self, s: &Scalar) -> Point {
        match self {
            Edwards::Base => Point::mul_base(s.native()),
            #[cfg(feature = "alloc")]
            Edwards::Table(t) => t.mul(s.native()),
            #[cfg(not(feature = "alloc"))]
            Edwards::Point(p) => p * s.native(),
        }
    }

    /// `[clamp_integer(bytes)]P` for the integer (a torsion component of P is not
    /// lost, as in curve25519-dalek).
    fn mul_clamped(&self, bytes: [u8; 32]) -> Point {
        match self {
            Edwards::Base => Point::mul_base_clamped(bytes),
            _ => self.basepoint().mul_clamped(bytes),
        }
    }
}

macro_rules! edwards_table {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name(Edwards);

        impl BasepointTable for $name {
            type Point = EdwardsPoint;

            fn create(basepoint: &EdwardsPoint) -> $name {
                $name(Edwards::create(&basepoint.0))
            }

            fn basepoint(&self) -> EdwardsPoint {
                EdwardsPoint(self.0.basepoint())
            }

            fn mul_base(&self, scalar: &Scalar) -> EdwardsPoint {
                EdwardsPoint(self.0.mul(scalar))
            }

            fn mul_base_clamped(&self, bytes: [u8; 32]) -> EdwardsPoint {
                EdwardsPoint(self.0.mul_clamped(bytes))
            }
        }

        impl $name {
            /// [`BasepointTable::create`].
            pub fn create(basepoint: &EdwardsPoint) -> $name {
                <$name as BasepointTable>::create(basepoint)
            }

            /// [`BasepointTable::basepoint`].
            pub fn basepoint(&self) -> EdwardsPoint {
                <$name as BasepointTable>::basepoint(self)
            }

            /// [`BasepointTable::mul_base`].
            pub fn mul_base(&self, scalar: &Scalar) -> EdwardsPoint {
                <$name as BasepointTable>::mul_base(self, scalar)
            }

            /// [`BasepointTable::mul_base_clamped`].
            pub fn mul_base_clamped(&self, bytes: [u8; 32]) -> EdwardsPoint {
                <$name as BasepointTable>::mul_base_clamped(self, bytes)
            }
        }

        impl<'b> Mul<&'b Scalar> for &$name {
            type Output = EdwardsPoint;
            fn mul(self, scalar: &'b Scalar) -> EdwardsPoint {
                self.mul_base(scalar)
            }
        }

        impl<'a> Mul<&'a $name> for &Scalar {
            type Output = EdwardsPoint;
            fn mul(self, table: &'a $name) -> EdwardsPoint {
                table.mul_base(self)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:?})", stringify!($name), self.basepoint())
            }
        }
    };
}

edwards_table!(
    /// A table of multiples of an Edwards point, for constant-time fixed-base
    /// multiplication, curve25519-dalek's `EdwardsBasepointTable`.
    ///
    /// ```
    /// use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT as B, ED25519_BASEPOINT_TABLE};
    /// use curve25519_dalek::edwards::EdwardsBasepointTable;
    /// use curve25519_dalek::scalar::Scalar;
    /// use curve25519_dalek::traits::BasepointTable;
    ///
    /// let s = Scalar::from(99u8);
    /// assert_eq!(&s * ED25519_BASEPOINT_TABLE, s * B);
    /// let p = Scalar::from(3u8) * B;
    /// let t = EdwardsBasepointTable::create(&p);
    /// assert_eq!(t.basepoint(), p);
    /// assert_eq!(&t * &s, s * p);
    /// ```
    EdwardsBasepointTable
);
edwards_table!(
    /// curve25519-dalek's radix-32 table: here the same native table as
    /// [`EdwardsBasepointTable`] (the radix is the native one, 16).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsBasepointTableRadix32;
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// let t = EdwardsBasepointTableRadix32::create(&B);
    /// assert_eq!(&Scalar::ONE * &t, B);
    /// ```
    EdwardsBasepointTableRadix32
);
edwards_table!(
    /// curve25519-dalek's radix-64 table (see [`EdwardsBasepointTableRadix32`]).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsBasepointTableRadix64;
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// assert_eq!(EdwardsBasepointTableRadix64::create(&B).mul_base(&Scalar::ONE), B);
    /// ```
    EdwardsBasepointTableRadix64
);
edwards_table!(
    /// curve25519-dalek's radix-128 table (see [`EdwardsBasepointTableRadix32`]).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsBasepointTableRadix128;
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// assert_eq!(EdwardsBasepointTableRadix128::create(&B).mul_base(&Scalar::ONE), B);
    /// ```
    EdwardsBasepointTableRadix128
);
edwards_table!(
    /// curve25519-dalek's radix-256 table (see [`EdwardsBasepointTableRadix32`]).
    ///
    /// ```
    /// use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    /// use curve25519_dalek::edwards::EdwardsBasepointTableRadix256;
    /// use curve25519_dalek::scalar::Scalar;
    ///
    /// assert_eq!(EdwardsBasepointTableRadix256::create(&B).mul_base(&Scalar::ONE), B);
    /// ```
    EdwardsBasepointTableRadix256
);

/// curve25519-dalek's name for the radix-16 table, [`EdwardsBasepointTable`].
pub type EdwardsBasepointTableRadix16 = EdwardsBasepointTable;

macro_rules! conversions {
    ($($a:ident => $($b:ident),*;)*) => {$($(
        impl<'a> From<&'a $a> for $b {
            fn from(table: &'a $a) -> $b {
                $b(table.0.clone())
            }
        }
        impl<'a> From<&'a $b> for $a {
            fn from(table: &'a $b) -> $a {
                $a(table.0.clone())
            }
        }
    )*)*};
}

conversions! {
    EdwardsBasepointTable => EdwardsBasepointTableRadix32, EdwardsBasepointTableRadix64,
        EdwardsBasepointTableRadix128, EdwardsBasepointTableRadix256;
    EdwardsBasepointTableRadix32 => EdwardsBasepointTableRadix64,
        EdwardsBasepointTableRadix128, EdwardsBasepointTableRadix256;
    EdwardsBasepointTableRadix64 => EdwardsBasepointTableRadix128,
        EdwardsBasepointTableRadix256;
    EdwardsBasepointTableRadix128 => EdwardsBasepointTableRadix256;
}

/// The table of the Ed25519 base point: the native static table.
pub(crate) static ED25519_BASEPOINT_TABLE_INNER: EdwardsBasepointTable =
    EdwardsBasepointTable(Edwards::Base);

/// Where a ristretto255 table's multiples come from.
#[derive(Clone)]
enum Ristretto {
    Base,
    #[cfg(feature = "alloc")]
    Table(Arc<RistrettoFixedBaseTable>),
    #[cfg(not(feature = "alloc"))]
    Point(NativeRistretto),
}

/// A table of multiples of a ristretto255 element, curve25519-dalek's
/// `RistrettoBasepointTable`.
///
/// ```
/// use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_POINT as G, RISTRETTO_BASEPOINT_TABLE};
/// use curve25519_dalek::ristretto::RistrettoBasepointTable;
/// use curve25519_dalek::scalar::Scalar;
///
/// let s = Scalar::from(12u8);
/// assert_eq!(&s * RISTRETTO_BASEPOINT_TABLE, s * G);
/// let h = Scalar::from(5u8) * G;
/// let t = RistrettoBasepointTable::create(&h);
/// assert_eq!((&s * &t, t.basepoint()), (s * h, h));
/// ```
#[derive(Clone)]
pub struct RistrettoBasepointTable(Ristretto);

impl RistrettoBasepointTable {
    /// The table of `basepoint`'s multiples.
    pub fn create(basepoint: &RistrettoPoint) -> RistrettoBasepointTable {
        let p = basepoint.0;
        if p == NativeRistretto::GENERATOR {
            return RistrettoBasepointTable(Ristretto::Base);
        }
        #[cfg(feature = "alloc")]
        return RistrettoBasepointTable(Ristretto::Table(Arc::new(RistrettoFixedBaseTable::new(
            &p,
        ))));
        #[cfg(not(feature = "alloc"))]
        return RistrettoBasepointTable(Ristretto::Point(p));
    }

    /// The element the table was made of.
    pub fn basepoint(&self) -> RistrettoPoint {
        RistrettoPoint(match &self.0 {
            Ristretto::Base => NativeRistretto::GENERATOR,
            #[cfg(feature = "alloc")]
            Ristretto::Table(t) => t.point(),
            #[cfg(not(feature = "alloc"))]
            Ristretto::Point(p) => *p,
        })
    }

    fn mul(&self, s: &Scalar) -> RistrettoPoint {
        RistrettoPoint(match &self.0 {
            Ristretto::Base => NativeRistretto::mul_base(s.native()),
            #[cfg(feature = "alloc")]
            Ristretto::Table(t) => t.mul(s.native()),
            #[cfg(not(feature = "alloc"))]
            Ristretto::Point(p) => p * s.native(),
        })
    }
}

impl<'b> Mul<&'b Scalar> for &RistrettoBasepointTable {
    type Output = RistrettoPoint;
    fn mul(self, scalar: &'b Scalar) -> RistrettoPoint {
        RistrettoBasepointTable::mul(self, scalar)
    }
}

impl<'a> Mul<&'a RistrettoBasepointTable> for &Scalar {
    type Output = RistrettoPoint;
    fn mul(self, table: &'a RistrettoBasepointTable) -> RistrettoPoint {
        table.mul(self)
    }
}

impl fmt::Debug for RistrettoBasepointTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RistrettoBasepointTable({:?})", self.basepoint())
    }
}

/// The table of the ristretto255 base point: the native static table.
pub(crate) static RISTRETTO_BASEPOINT_TABLE_INNER: RistrettoBasepointTable =
    RistrettoBasepointTable(Ristretto::Base);
