//! Computer and human players: `human`, `random`, `greedy`, `alphabeta:N`, `alphabeta:Ns`,
//! `mcts:N`, `mcts:Ns`, and the same with RAVE, `rave:N`, `rave:Ns`.

use crate::game::{Engine, EngineError, Limits, Pos, SearchSpec};
use rand::rngs::SmallRng;
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// Who chooses a side's moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerKind {
    Human,
    Random,
    /// The move with the best evaluation one ply ahead.
    Greedy,
    AlphaBeta(Limits),
    /// MCTS with at most `playouts`, within `time` when given (`mcts:2s`); with RAVE
    /// in the tree when `rave` (`rave:N`, `rave:Ns`).
    Mcts {
        playouts: u64,
        time: Option<std::time::Duration>,
        rave: bool,
    },
}

/// The spec a player is given by: `alphabeta:4`, `alphabeta:2s`, `mcts:5000`, `mcts:1s`.
impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("human"),
            PlayerKind::Random => f.write_str("random"),
            PlayerKind::Greedy => f.write_str("greedy"),
            PlayerKind::AlphaBeta(Limits { time: Some(t), .. }) => {
                write!(f, "alphabeta:{}s", t.as_secs_f64())
            }
            PlayerKind::AlphaBeta(Limits { depth: Some(d), .. }) => write!(f, "alphabeta:{d}"),
            PlayerKind::AlphaBeta(_) => f.write_str("alphabeta"),
            PlayerKind::Mcts {
                time: Some(t),
                rave,
                ..
            } => write!(f, "{}:{}s", mcts_name(*rave), t.as_secs_f64()),
            PlayerKind::Mcts { playouts, rave, .. } => {
                write!(f, "{}:{playouts}", mcts_name(*rave))
            }
        }
    }
}

impl FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "`{}` is not a player (human, random, greedy, alphabeta:N, alphabeta:Ns, mcts:N, \
                 mcts:Ns, rave:N or rave:Ns)",
                crate::game::elide(s)
            )
        };
        let (kind, arg) = match s.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (s, None),
        };
        match (kind, arg) {
            ("human", None) => Ok(PlayerKind::Human),
            ("random", None) => Ok(PlayerKind::Random),
            ("greedy", None) => Ok(PlayerKind::Greedy),
            ("alphabeta", None) => Ok(PlayerKind::AlphaBeta(Limits {
                depth: Some(crate::game::defaults::SEARCH_DEPTH),
                ..Limits::default()
            })),
            ("alphabeta", Some(a)) => {
                if a.trim().ends_with('s') {
                    Ok(PlayerKind::AlphaBeta(Limits {
                        time: Some(
                            crate::game::search_time(a).map_err(|e| format!("{}: {e}", bad()))?,
                        ),
                        ..Limits::default()
                    }))
                } else {
                    let d = crate::game::search_depth(a).map_err(|e| format!("{}: {e}", bad()))?;
                    Ok(PlayerKind::AlphaBeta(Limits {
                        depth: Some(d),
                        ..Limits::default()
                    }))
                }
            }
            // a time: as many playouts as it allows
            ("mcts" | "rave", Some(a)) if a.trim().ends_with('s') => Ok(PlayerKind::Mcts {
                playouts: crate::game::MAX_MCTS_PLAYOUTS,
                time: Some(crate::game::search_time(a).map_err(|e| format!("{}: {e}", bad()))?),
                rave: kind == "rave",
            }),
            ("mcts" | "rave", a) => Ok(PlayerKind::Mcts {
                playouts: match a {
                    None => crate::game::defaults::MCTS_PLAYOUTS,
                    Some(a) => {
                        crate::game::mcts_playouts(a).map_err(|e| format!("{}: {e}", bad()))?
                    }
                },
                time: None,
                rave: kind == "rave",
            }),
            _ => Err(bad()),
        }
    }
}

/// The name of an MCTS player's spec: `rave` with RAVE in the tree, else `mcts`.
fn mcts_name(rave: bool) -> &'static str {
    if rave {
        "rave"
    } else {
        "mcts"
    }
}

/// Chooses a move for the side to move in `position` (not for humans).
pub fn choose_move(
    kind: PlayerKind,
    engine: &mut dyn Engine,
    position: Pos,
    rng: &mut SmallRng,
) -> Result<Option<String>, EngineError> {
    let info = engine.describe(position)?;
    if info.legal.is_empty() {
        return Ok(None);
    }
    match kind {
        PlayerKind::Human => Ok(None),
        PlayerKind::Random => Ok(Some(info.legal[rng.gen_range(0..info.legal.len())].clone())),
        PlayerKind::Greedy => {
            let mut best: Option<(i32, String)> = None;
            for m in &info.legal {
                let next = engine.play(position, m)?;
                let score = engine.evaluate(next, &info.to_move);
                engine.release(next);
                let score = score?;
                if best.as_ref().is_none_or(|(s, _)| score > *s) {
                    best = Some((score, m.clone()));
                }
            }
            Ok(best.map(|(_, m)| m))
        }
        PlayerKind::AlphaBeta(limits) => {
            Ok(engine.best(position, SearchSpec::AlphaBeta(limits))?.mv)
        }
        PlayerKind::Mcts {
            playouts,
            time,
            rave,
        } => Ok(engine
            .best(
                position,
                SearchSpec::Mcts {
                    playouts,
                    seed: rng.gen(),
                    threads: 1,
                    time,
                    rave,
                },
            )?
            .mv),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_print_as_they_are_written() {
        for spec in [
            "human",
            "random",
            "greedy",
            "alphabeta:3",
            "alphabeta:1.5s",
            "mcts:500",
            "mcts:0.5s",
            "rave:500",
            "rave:0.5s",
        ] {
            assert_eq!(spec.parse::<PlayerKind>().unwrap().to_string(), spec);
        }
        assert_eq!(
            "alphabeta".parse::<PlayerKind>().unwrap().to_string(),
            "alphabeta:4"
        );
        assert_eq!(
            "mcts:250ms".parse::<PlayerKind>(),
            Ok(PlayerKind::Mcts {
                playouts: crate::game::MAX_MCTS_PLAYOUTS,
                time: Some(std::time::Duration::from_millis(250)),
                rave: false,
            })
        );
        assert!("mcts:0s".parse::<PlayerKind>().is_err());
    }
}
