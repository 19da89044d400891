//! `Shard`: one part `K/N` of a run split between N machines.  A check's shard plays
//! a contiguous range of the seeded games; a perft's shard counts every N-th subtree.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Part `index` of `count` (1 ≤ index ≤ count); `1/1` is the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// A `--shard` text that is not `K/N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a shard: write K/N with 1 <= K <= N, e.g. 2/8")]
pub struct ShardError(pub String);

impl Shard {
    /// The whole run, `1/1`.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether this is the whole run.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// This shard's contiguous part of `0..total`: the parts of `1/N` … `N/N` are in
    /// order, disjoint, cover `0..total` and differ in length by one at most.
    pub fn range(self, total: usize) -> Range<usize> {
        let at = |k: usize| (k as u128 * total as u128 / self.count as u128) as usize;
        at(self.index - 1)..at(self.index)
    }

    /// Whether item `i` of a list dealt round-robin is this shard's.
    pub fn deals(self, i: usize) -> bool {
        i % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(text.to_string());
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl serde::Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_k_of_n() {
        let s: Shard = "2/8".parse().unwrap();
        assert_eq!(s, Shard { index: 2, count: 8 });
        assert_eq!(s.to_string(), "2/8");
        assert_eq!(" 1/1 ".parse::<Shard>().unwrap(), Shard::WHOLE);
        for bad in ["0/4", "5/4", "2", "a/b", "1/0", "-1/2", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let err = "5/4".parse::<Shard>().unwrap_err().to_string();
        assert!(err.contains("K/N"), "{err}");
    }

    #[test]
    fn ranges_cover_the_games_in_order() {
        for (total, count) in [(100, 8), (3, 5), (0, 2), (7, 1), (10, 10)] {
            let mut next = 0;
            for index in 1..=count {
                let r = Shard { index, count }.range(total);
                assert_eq!(r.start, next);
                assert!(r.len() <= total / count + 1);
                next = r.end;
            }
            assert_eq!(next, total);
        }
    }

    #[test]
    fn round_robin_deals_each_item_to_one_shard() {
        for i in 0..20 {
            let owners = (1..=3)
                .filter(|&index| Shard { index, count: 3 }.deals(i))
                .count();
            assert_eq!(owners, 1);
        }
    }

    #[test]
    fn json_is_the_text() {
        let s = Shard { index: 3, count: 4 };
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"3/4\"");
        assert_eq!(serde_json::from_str::<Shard>("\"3/4\"").unwrap(), s);
        assert!(serde_json::from_str::<Shard>("\"4/3\"").is_err());
    }
}
