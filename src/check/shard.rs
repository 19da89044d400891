//! A check split between machines: each shard plays a contiguous range of the seeded
//! games and writes a `CheckShard`; `merge` adds them up to the report one machine
//! would give — the counts of the games up to the first mismatch, that mismatch
//! (already shrunk by its shard), and which shard found it.

use super::explore::Strategy;
use super::run::CheckReport;
use crate::parallel::{in_order, overflow, MergeError, Shard};
use serde::{Deserialize, Serialize};

/// What a check run is: shards of one run have the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRun {
    /// The game (a built-in name or a rule file's path) and its options.
    pub game: String,
    pub options: String,
    /// `--rules`, when given.
    pub rules: Option<String>,
    pub tiers: Vec<String>,
    pub games: usize,
    pub seed: u64,
    pub max_plies: usize,
    pub perft_depth: Option<u32>,
    /// How the games chose their moves (runs before it was an option: uniform).
    #[serde(default = "uniform")]
    pub strategy: Strategy,
    /// The positions of the breadth-first sweep before the games (0: none).
    #[serde(default)]
    pub sweep: usize,
}

fn uniform() -> Strategy {
    Strategy::Uniform
}

/// One shard's result, as `check --json` writes it (a whole run is shard 1/1).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CheckShard {
    /// Always `check`.
    pub kind: String,
    pub run: CheckRun,
    pub shard: Shard,
    /// The games this shard played: `[first, end)` of `0..run.games`.
    pub game_range: [usize; 2],
    /// How many shards' results this is (more than 1 once merged).
    #[serde(default = "one")]
    pub shards: usize,
    /// The shard whose mismatch the merged report shows.
    #[serde(default)]
    pub mismatch_shard: Option<Shard>,
    #[serde(flatten)]
    pub report: CheckReport,
}

fn one() -> usize {
    1
}

impl CheckShard {
    /// The result of shard `shard` of `run`, which played `shard.range(run.games)`.
    pub fn new(run: CheckRun, shard: Shard, report: CheckReport) -> CheckShard {
        let r = shard.range(run.games);
        CheckShard {
            kind: "check".to_string(),
            run,
            shard,
            game_range: [r.start, r.end],
            shards: 1,
            mismatch_shard: None,
            report,
        }
    }
}

/// The shards of one run (named by file) merged into the report of the whole run:
/// the shards in order up to the first that found a mismatch, their counts and
/// times summed, and its mismatch.
pub fn merge(parts: Vec<(String, CheckShard)>) -> Result<CheckShard, MergeError> {
    let first = parts.first().map(|(f, p)| (f.clone(), p.run.clone()));
    if let Some((first_file, run)) = &first {
        for (file, p) in &parts {
            if p.run != *run {
                return Err(MergeError::Different {
                    file: file.clone(),
                    first: first_file.clone(),
                    what: differences(run, &p.run),
                });
            }
        }
    }
    let ordered = in_order(parts.into_iter().map(|(f, p)| (f, p.shard, p)).collect())?;
    let count = ordered.len();
    let mut merged: Option<CheckShard> = None;
    for (file, shard, part) in ordered {
        // each shard plays exactly its own games: its range, and no more games than that
        let range = shard.range(part.run.games);
        if part.game_range != [range.start, range.end] {
            return Err(MergeError::Broken {
                file,
                what: format!(
                    "shard {shard} of {} games plays games {}..{}, not {}..{}",
                    part.run.games, range.start, range.end, part.game_range[0], part.game_range[1]
                ),
            });
        }
        let (len, played) = (range.end - range.start, part.report.games);
        if played > len || (played < len && part.report.mismatch.is_none()) {
            return Err(MergeError::Broken {
                file,
                what: format!(
                    "shard {shard} claims {played} games over its {len} (all of them, or fewer up to a mismatch)"
                ),
            });
        }
        let m = merged.get_or_insert_with(|| CheckShard {
            shard: Shard::WHOLE,
            shards: count,
            report: CheckReport::empty(part.report.engine_a.clone(), part.report.engine_b.clone()),
            game_range: [0, part.run.games],
            ..part.clone()
        });
        let (r, p) = (&mut m.report, &part.report);
        let add = |a: usize, b: usize, what: &str| a.checked_add(b).ok_or_else(|| overflow(what));
        r.games = add(r.games, p.games, "number of games")?;
        r.positions = add(r.positions, p.positions, "number of positions")?;
        r.moves_compared = add(r.moves_compared, p.moves_compared, "number of moves")?;
        r.refusals_compared = add(
            r.refusals_compared,
            p.refusals_compared,
            "number of refusals",
        )?;
        r.perft_positions = add(
            r.perft_positions,
            p.perft_positions,
            "number of perft positions",
        )?;
        r.perft_counts = add(r.perft_counts, p.perft_counts, "number of perft counts")?;
        r.sweep_positions = add(r.sweep_positions, p.sweep_positions, "number of positions")?;
        r.sweep_depth = r.sweep_depth.max(p.sweep_depth);
        r.seconds_a += p.seconds_a;
        r.seconds_b += p.seconds_b;
        r.wall_seconds += p.wall_seconds;
        if p.mismatch.is_some() {
            r.mismatch = p.mismatch.clone();
            r.mismatch_game = p.mismatch_game;
            m.mismatch_shard = Some(shard);
            break;
        }
    }
    merged.ok_or(MergeError::Empty)
}

/// The settings in which two runs differ, in words.
fn differences(a: &CheckRun, b: &CheckRun) -> String {
    let (ja, jb) = (serde_json::to_value(a), serde_json::to_value(b));
    let (Ok(serde_json::Value::Object(ja)), Ok(serde_json::Value::Object(jb))) = (ja, jb) else {
        return "a different run".to_string();
    };
    let diffs: Vec<String> = ja
        .iter()
        .filter(|(k, v)| jb.get(*k) != Some(v))
        .map(|(k, v)| format!("{k} {} vs {}", jb.get(k).cloned().unwrap_or_default(), v))
        .collect();
    diffs.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Mismatch;

    fn run() -> CheckRun {
        CheckRun {
            game: "hex".into(),
            options: "size=5".into(),
            rules: None,
            tiers: vec!["spec".into(), "native".into()],
            games: 10,
            seed: 1,
            max_plies: 1000,
            perft_depth: None,
            strategy: Strategy::Uniform,
            sweep: 0,
        }
    }

    fn part(index: usize, games: usize, bad: Option<usize>) -> (String, CheckShard) {
        let shard = Shard { index, count: 3 };
        let mut r = CheckReport::empty("hex (spec)".into(), "hex (native)".into());
        r.games = games;
        r.positions = 10 * games;
        if let Some(g) = bad {
            r.mismatch = Some(Mismatch::new(&[], "p", format!("bad {g}")));
            r.mismatch_game = Some(g);
        }
        (format!("s{index}.json"), CheckShard::new(run(), shard, r))
    }

    #[test]
    fn counts_add_up_to_the_first_mismatch() {
        let m = merge(vec![
            part(3, 3, Some(9)),
            part(1, 3, None),
            part(2, 2, Some(4)),
        ])
        .unwrap();
        assert_eq!(m.report.games, 5);
        assert_eq!(m.report.positions, 50);
        assert_eq!(m.report.mismatch_game, Some(4));
        assert_eq!(m.mismatch_shard, Some(Shard { index: 2, count: 3 }));
        assert_eq!(
            (m.shard, m.shards, m.game_range),
            (Shard::WHOLE, 3, [0, 10])
        );
        let clean = merge(vec![part(1, 3, None), part(2, 3, None), part(3, 4, None)]).unwrap();
        assert_eq!(clean.report.games, 10);
        assert!(clean.report.mismatch.is_none() && clean.mismatch_shard.is_none());
    }

    #[test]
    fn shards_of_another_run_are_refused() {
        let (f, mut other) = part(2, 3, None);
        other.run.seed = 2;
        let e = merge(vec![part(1, 3, None), (f, other), part(3, 4, None)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "s2.json: not the same run as s1.json: seed 2 vs 1"
        );
    }

    #[test]
    fn the_json_round_trips() {
        let (_, p) = part(2, 2, Some(4));
        let text = serde_json::to_string(&p).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["kind"], "check");
        assert_eq!(v["shard"], "2/3");
        assert_eq!(v["positions"], 20);
        let back: CheckShard = serde_json::from_str(&text).unwrap();
        assert_eq!(back.report.mismatch_game, Some(4));
        assert_eq!(back.game_range, [3, 6]);
    }
}
