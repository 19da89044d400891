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
    #[error("{file}: shard {index}/{count} is no shard of a run (1/N to N/N, N at least 1)")]
    Shard {
        file: String,
        index: usize,
        count: usize,
    },
    #[error("{file}: {what}")]
    Broken { file: String, what: String },
    #[error("the merged {what} does not fit in a 64-bit count")]
    Overflow { what: String },
}

/// The parts (named by file, with their shards) in shard order, once every shard
/// of the run is there exactly once.  Nothing is allocated by the shard count a
/// file claims: the parts are sorted, and the first gap is the missing shard.
pub fn in_order<T>(parts: Vec<(String, Shard, T)>) -> Result<Vec<(String, Shard, T)>, MergeError> {
    let Some((first, count)) = parts.first().map(|(f, s, _)| (f.clone(), s.count)) else {
        return Err(MergeError::Empty);
    };
    for (file, shard, _) in &parts {
        if shard.count == 0 || shard.index == 0 || shard.index > shard.count {
            return Err(MergeError::Shard {
                file: file.clone(),
                index: shard.index,
                count: shard.count,
            });
        }
        if shard.count != count {
            return Err(MergeError::Counts {
                file: file.clone(),
                shard: *shard,
                first,
                count,
            });
        }
    }
    let mut parts = parts;
    // stable: of two parts with one shard, the one given first stays first
    parts.sort_by_key(|(_, s, _)| s.index);
    for i in 1..parts.len() {
        if parts[i].1.index == parts[i - 1].1.index {
            return Err(MergeError::Twice {
                file: parts[i].0.clone(),
                shard: parts[i].1,
                other: parts[i - 1].0.clone(),
            });
        }
    }
    for (i, (_, shard, _)) in parts.iter().enumerate() {
        if shard.index != i + 1 {
            return Err(MergeError::Missing(Shard {
                index: i + 1,
                count,
            }));
        }
    }
    if parts.len() < count {
        return Err(MergeError::Missing(Shard {
            index: parts.len() + 1,
            count,
        }));
    }
    Ok(parts)
}

/// The error that the merged `what` overflows its count.
pub fn overflow(what: &str) -> MergeError {
    MergeError::Overflow {
        what: what.to_string(),
    }
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
        // a count no run has: no allocation by it, and no panic
        let e = in_order(vec![(
            "a".to_string(),
            Shard {
                index: 1,
                count: 100_000_000,
            },
            (),
        )])
        .unwrap_err();
        assert_eq!(e.to_string(), "shard 2/100000000 is missing");
        let e = in_order(vec![(
            "a".to_string(),
            Shard {
                index: 1,
                count: usize::MAX,
            },
            (),
        )])
        .unwrap_err();
        assert!(e.to_string().contains("is missing"), "{e}");
        let e = in_order(vec![("a".to_string(), Shard { index: 0, count: 2 }, ())]).unwrap_err();
        assert!(e.to_string().contains("no shard of a run"), "{e}");
        let e = in_order(vec![("a".to_string(), Shard { index: 3, count: 2 }, ())]).unwrap_err();
        assert!(e.to_string().contains("no shard of a run"), "{e}");
    }
}
