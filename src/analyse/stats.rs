//! The metrics of a set of games: balance with its confidence interval, completion,
//! length quartiles and histogram, branching per ply, and the win rate of each
//! first move.

use super::Played;
use std::collections::BTreeMap;

/// The 95% Wilson score interval of `k` successes in `n` trials, as fractions.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_985;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The quartiles (lower, median, upper) of sorted values, by the nearest-rank method.
pub fn quartiles(sorted: &[usize]) -> (usize, usize, usize) {
    if sorted.is_empty() {
        return (0, 0, 0);
    }
    let rank = |q: f64| {
        let r = (q * sorted.len() as f64).ceil() as usize;
        sorted[r.clamp(1, sorted.len()) - 1]
    };
    (rank(0.25), rank(0.5), rank(0.75))
}

/// How the games that began with one move went.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MoveStats {
    #[serde(rename = "move")]
    pub mv: String,
    pub games: usize,
    /// Wins of the player who made it (the first player).
    pub wins: usize,
}

/// The metrics of one pairing's games.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LineStats {
    pub games: usize,
    pub first_wins: usize,
    pub second_wins: usize,
    /// Games that ended in a draw.
    pub draws: usize,
    /// Games cut off at the ply cap (not counted as draws).
    pub capped: usize,
    /// Games that ended in scores (not counted as draws).
    pub scored: usize,
    /// The first player's share of the wins, with its 95% interval, over all games.
    pub first_win_rate: f64,
    pub first_win_interval: (f64, f64),
    pub mean_length: f64,
    pub length_quartiles: (usize, usize, usize),
    /// The number of games of each length.
    pub length_histogram: BTreeMap<usize, usize>,
    /// The mean number of legal moves at each ply, over the games that reached it.
    pub branching_by_ply: Vec<f64>,
    /// The mean number of legal moves over every ply played.
    pub mean_branching: f64,
    /// Each first move with its games and the first player's wins, in move order.
    pub by_first_move: Vec<MoveStats>,
}

impl LineStats {
    /// The metrics of `games`.
    pub fn of(games: &[Played]) -> LineStats {
        let n = games.len();
        let count = |f: &dyn Fn(&Played) -> bool| games.iter().filter(|g| f(g)).count();
        let first_wins = count(&|g| g.winner == Some(0));
        let second_wins = count(&|g| g.winner == Some(1));
        let capped = count(&|g| g.capped);
        let scored = count(&|g| g.scored);
        let draws = n - first_wins - second_wins - capped - scored;
        let mut lengths: Vec<usize> = games.iter().map(Played::plies).collect();
        lengths.sort_unstable();
        let mut length_histogram = BTreeMap::new();
        for &l in &lengths {
            *length_histogram.entry(l).or_insert(0) += 1;
        }
        let longest = lengths.last().copied().unwrap_or(0);
        let mut sums = vec![(0u64, 0u64); longest];
        for g in games {
            for (ply, &b) in g.branching.iter().enumerate() {
                sums[ply].0 += u64::from(b);
                sums[ply].1 += 1;
            }
        }
        let all_plies: u64 = sums.iter().map(|s| s.1).sum();
        let all_moves: u64 = sums.iter().map(|s| s.0).sum();
        let mut by_move: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for g in games {
            if let Some(m) = &g.first_move {
                let e = by_move.entry(m.as_str()).or_default();
                e.0 += 1;
                e.1 += usize::from(g.winner == Some(0));
            }
        }
        LineStats {
            games: n,
            first_wins,
            second_wins,
            draws,
            capped,
            scored,
            first_win_rate: if n == 0 {
                0.0
            } else {
                first_wins as f64 / n as f64
            },
            first_win_interval: wilson(first_wins, n),
            mean_length: if n == 0 {
                0.0
            } else {
                lengths.iter().sum::<usize>() as f64 / n as f64
            },
            length_quartiles: quartiles(&lengths),
            length_histogram,
            branching_by_ply: sums
                .iter()
                .map(|&(moves, games)| moves as f64 / games.max(1) as f64)
                .collect(),
            mean_branching: all_moves as f64 / all_plies.max(1) as f64,
            by_first_move: by_move
                .into_iter()
                .map(|(m, (games, wins))| MoveStats {
                    mv: m.to_string(),
                    games,
                    wins,
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_textbook_values() {
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn quartiles_by_nearest_rank() {
        assert_eq!(quartiles(&[1, 2, 3, 4, 5, 6, 7, 8]), (2, 4, 6));
        assert_eq!(quartiles(&[7]), (7, 7, 7));
        assert_eq!(quartiles(&[]), (0, 0, 0));
    }

    #[test]
    fn metrics_of_games_known_by_hand() {
        let g = |index, first: &str, branching: Vec<u32>, winner, capped| Played {
            index,
            first_move: Some(first.to_string()),
            branching,
            winner,
            capped,
            scored: false,
        };
        let games = [
            g(0, "a1", vec![4, 3, 2], Some(0), false),
            g(1, "b1", vec![4, 3, 2, 1], Some(1), false),
            g(2, "a1", vec![4, 3], None, true),
            g(3, "a1", vec![4, 3, 2, 1], None, false),
        ];
        let s = LineStats::of(&games);
        assert_eq!(
            (s.first_wins, s.second_wins, s.draws, s.capped),
            (1, 1, 1, 1)
        );
        assert_eq!(s.mean_length, 13.0 / 4.0);
        assert_eq!(s.length_quartiles, (2, 3, 4));
        assert_eq!(s.branching_by_ply, vec![4.0, 3.0, 2.0, 1.0]);
        assert_eq!(s.mean_branching, 36.0 / 13.0);
        assert_eq!(
            s.by_first_move,
            vec![
                MoveStats {
                    mv: "a1".into(),
                    games: 3,
                    wins: 1
                },
                MoveStats {
                    mv: "b1".into(),
                    games: 1,
                    wins: 0
                }
            ]
        );
    }
}
