//! Putting shards back together: the parts of one run, each shard `1/N` … `N/N`
//! exactly once, in order.

use super::Shard;

/// Why a set of shard results does not make one whole run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("no results to merge")]
    Empty,
    #[error(
        "{file}: shard {shard} is of a run split {} ways, {first} is of one split {count} ways",
        shard.count
    )]
    Counts {
        file: String,
        shard: Shard,
        first: String,
        count: usize,
    },
    #[error("{file}: shard {shard} is given twice (also in {other})")]
    Twice {
        file: String,
        shard: Shard,
        other: String,
    },
    #[error("shard {0} is missing")]
    Missing(Shard),
    #[error("{file}: not the same run as {first}: {what}")]
    Different {
        file: String,
        first: String,
        what: String,
    },
}

/// The parts (named by file, with their shards) in shard order, once every shard
/// of the run is there exactly once.
pub fn in_order<T>(parts: Vec<(String, Shard, T)>) -> Result<Vec<(String, Shard, T)>, MergeError> {
    let Some((first, count)) = parts.first().map(|(f, s, _)| (f.clone(), s.count)) else {
        return Err(MergeError::Empty);
    };
    let mut slots: Vec<Option<(String, Shard, T)>> = (0..count).map(|_| None).collect();
    for (file, shard, part) in parts {
        if shard.count != count {
            return Err(MergeError::Counts {
                file,
                shard,
                first,
                count,
            });
        }
        let slot = &mut slots[shard.index - 1];
        if let Some((other, _, _)) = slot {
            return Err(MergeError::Twice {
                file,
                shard,
                other: other.clone(),
            });
        }
        *slot = Some((file, shard, part));
    }
    slots
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            s.ok_or(MergeError::Missing(Shard {
                index: i + 1,
                count,
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Shard {
        text.parse().unwrap()
    }

    #[test]
    fn shards_come_back_in_order() {
        let parts = vec![
            ("c".to_string(), s("3/3"), 3),
            ("a".to_string(), s("1/3"), 1),
            ("b".to_string(), s("2/3"), 2),
        ];
        let got: Vec<i32> = in_order(parts).unwrap().into_iter().map(|p| p.2).collect();
        assert_eq!(got, [1, 2, 3]);
    }

    #[test]
    fn missing_twice_and_mixed_runs_are_errors() {
        let e = in_order(vec![
            ("a".to_string(), s("1/3"), ()),
            ("c".to_string(), s("3/3"), ()),
        ])
        .unwrap_err();
        assert_eq!(e.to_string(), "shard 2/3 is missing");
        let e = in_order(vec![
            ("a".to_string(), s("1/2"), ()),
            ("b".to_string(), s("1/2"), ()),
        ])
        .unwrap_err();
        assert_eq!(e.to_string(), "b: shard 1/2 is given twice (also in a)");
        let e = in_order(vec![
            ("a".to_string(), s("1/2"), ()),
            ("b".to_string(), s("2/3"), ()),
        ])
        .unwrap_err();
        assert!(e.to_string().contains("split 3 ways"), "{e}");
        assert_eq!(in_order::<()>(vec![]).unwrap_err(), MergeError::Empty);
    }
}
