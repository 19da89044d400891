//! ludolog: the branch numbers of the variable classifier (disjuncts.rs), exact
//! dyadic rationals held as an i128 fixed point while they fit, as rationals after.
//!
//! The classifier gives each disjunct of a clause body a number and a delta: a
//! disjunct splits its delta in halves and quarters, and a merge doubles it.  So
//! every number is some m / 2^k.  Upstream scryer keeps them as `Rational`s, whose
//! every sum reduces a fraction by a gcd: a seventh of a rule file's compile time
//! went there.  Here a number is m / 2^FRAC_BITS in an i128 while it fits, which
//! takes some sixty disjuncts nested one in another, and a `Rational` past that.
//! A number is held as an i128 exactly when it fits one, so equal numbers are
//! held alike, and hash alike.

use crate::parser::dashu::{Integer as IBig, Natural as UBig, Rational};

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

/// The fraction bits of a fixed-point number: i128 keeps 7 bits of integer part
/// beside them (the numbers stay within a few units of 0).
const FRAC_BITS: u32 = 120;

/// An exact number m / 2^k.
#[derive(Clone, Debug)]
enum Dyadic {
    /// m / 2^FRAC_BITS.
    Fixed(i128),
    /// Any number the fixed point cannot hold.
    Exact(Rational),
}

impl Dyadic {
    fn int(n: i8) -> Self {
        Dyadic::Fixed((n as i128) << FRAC_BITS)
    }

    fn to_rational(&self) -> Rational {
        match self {
            Dyadic::Fixed(m) => {
                Rational::from_parts(IBig::from(*m), UBig::ONE << FRAC_BITS as usize)
            }
            Dyadic::Exact(r) => r.clone(),
        }
    }

    /// The number, held as a fixed point when it fits one.
    fn from_rational(r: Rational) -> Self {
        let den = r.denominator();
        if let Some(k) = den.trailing_zeros() {
            if k <= FRAC_BITS as usize && *den == UBig::ONE << k {
                let scaled = i128::try_from(r.numerator())
                    .ok()
                    .and_then(|n| n.checked_mul(1i128 << (FRAC_BITS as usize - k)));
                if let Some(m) = scaled {
                    return Dyadic::Fixed(m);
                }
            }
        }
        Dyadic::Exact(r)
    }

    fn add(&self, rhs: &Dyadic) -> Dyadic {
        if let (Dyadic::Fixed(a), Dyadic::Fixed(b)) = (self, rhs) {
            if let Some(s) = a.checked_add(*b) {
                return Dyadic::Fixed(s);
            }
        }
        Dyadic::from_rational(self.to_rational() + rhs.to_rational())
    }

    fn sub(&self, rhs: &Dyadic) -> Dyadic {
        if let (Dyadic::Fixed(a), Dyadic::Fixed(b)) = (self, rhs) {
            if let Some(s) = a.checked_sub(*b) {
                return Dyadic::Fixed(s);
            }
        }
        Dyadic::from_rational(self.to_rational() - rhs.to_rational())
    }

    fn half(&self) -> Dyadic {
        match self {
            Dyadic::Fixed(m) if m & 1 == 0 => Dyadic::Fixed(m >> 1),
            _ => Dyadic::from_rational(self.to_rational() / Rational::from(2)),
        }
    }

    fn double(&self) -> Dyadic {
        if let Dyadic::Fixed(m) = self {
            if let Some(d) = m.checked_mul(2) {
                return Dyadic::Fixed(d);
            }
        }
        Dyadic::from_rational(self.to_rational() * Rational::from(2))
    }
}

impl PartialEq for Dyadic {
    fn eq(&self, rhs: &Dyadic) -> bool {
        match (self, rhs) {
            (Dyadic::Fixed(a), Dyadic::Fixed(b)) => a == b,
            // a number is a fixed point whenever it fits one
            (Dyadic::Exact(a), Dyadic::Exact(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Dyadic {}

impl Hash for Dyadic {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        match self {
            Dyadic::Fixed(m) => m.hash(hasher),
            Dyadic::Exact(r) => r.hash(hasher),
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, rhs: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(rhs))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, rhs: &Dyadic) -> Ordering {
        match (self, rhs) {
            (Dyadic::Fixed(a), Dyadic::Fixed(b)) => a.cmp(b),
            _ => self.to_rational().cmp(&rhs.to_rational()),
        }
    }
}

/// A disjunct's place among the disjuncts of a clause body: its number, compared,
/// and the room after it for the numbers of the disjuncts inside it.
#[derive(Debug, Clone)]
pub struct BranchNumber {
    branch_num: Dyadic,
    delta: Dyadic,
}

impl Default for BranchNumber {
    /// The body's own number: 0, with room 1 (upstream starts at 2^63; only the
    /// order of numbers and their equality matter, and both hold under a shift).
    fn default() -> Self {
        Self {
            branch_num: Dyadic::int(0),
            delta: Dyadic::int(1),
        }
    }
}

impl PartialEq<BranchNumber> for BranchNumber {
    #[inline]
    fn eq(&self, rhs: &BranchNumber) -> bool {
        self.branch_num == rhs.branch_num
    }
}

impl Eq for BranchNumber {}

impl Hash for BranchNumber {
    #[inline(always)]
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.branch_num.hash(hasher)
    }
}

impl PartialOrd<BranchNumber> for BranchNumber {
    #[inline]
    fn partial_cmp(&self, rhs: &BranchNumber) -> Option<Ordering> {
        Some(self.branch_num.cmp(&rhs.branch_num))
    }
}

impl BranchNumber {
    /// The first disjunct inside this one.
    pub(crate) fn split(&self) -> BranchNumber {
        let half = self.delta.half();
        BranchNumber {
            branch_num: self.branch_num.add(&half),
            delta: half.half(),
        }
    }

    /// The disjunct after this one.
    pub(crate) fn incr_by_delta(&self) -> BranchNumber {
        BranchNumber {
            branch_num: self.branch_num.add(&self.delta),
            delta: self.delta.clone(),
        }
    }

    /// This number, with half its room.
    pub(crate) fn halve_delta(&self) -> BranchNumber {
        BranchNumber {
            branch_num: self.branch_num.clone(),
            delta: self.delta.half(),
        }
    }

    /// The number of a sequence of branches merged into one, ending with this one:
    /// the room doubled, and the number moved back by it.
    pub(crate) fn merged(&self) -> BranchNumber {
        let delta = self.delta.double();
        BranchNumber {
            branch_num: self.branch_num.sub(&delta),
            delta,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rational(n: &BranchNumber) -> (Rational, Rational) {
        (n.branch_num.to_rational(), n.delta.to_rational())
    }

    /// The upstream arithmetic, on rationals.
    fn split_r((n, d): (Rational, Rational)) -> (Rational, Rational) {
        (n + &d / Rational::from(2), d / Rational::from(4))
    }

    #[test]
    fn deep_chains_agree_with_rationals_past_the_fixed_point() {
        let mut b = BranchNumber::default();
        let mut r = rational(&b);
        let mut seen = vec![];
        for i in 0..200 {
            b = if i % 3 == 0 {
                b.incr_by_delta()
            } else {
                b.split()
            };
            r = if i % 3 == 0 {
                (r.0.clone() + &r.1, r.1.clone())
            } else {
                split_r(r)
            };
            assert_eq!(rational(&b), r);
            let m = b.merged();
            assert_eq!(m.branch_num.to_rational(), &r.0 - &r.1 * Rational::from(2));
            seen.push(b.clone());
        }
        assert!(matches!(seen[10].branch_num, Dyadic::Fixed(_)));
        assert!(matches!(seen[199].branch_num, Dyadic::Exact(_)));
        for w in seen.windows(2) {
            assert!(w[0] < w[1]);
            assert!(w[0] != w[1]);
        }
    }

    #[test]
    fn a_number_back_in_range_is_a_fixed_point_again() {
        let tiny = (0..130).fold(Dyadic::int(1), |d, _| d.half());
        assert!(matches!(tiny, Dyadic::Exact(_)));
        let back = (0..130).fold(tiny, |d, _| d.double());
        assert_eq!(back, Dyadic::int(1));
        assert!(matches!(back, Dyadic::Fixed(_)));
    }
}
