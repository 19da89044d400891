//! `ludolog analyse`: plays games of one or more games (variants) between chosen
//! players and reports the metrics side by side; `--svg DIR` draws the length
//! histogram, the branching by ply and the win rate of each first move on the board;
//! `--json` and `--shard` give results that `ludolog merge` adds up.

use crate::analyse::{
    bar_chart_svg, line_chart_svg, run, AnalysePlan, LineStats, Pairing, Played, Series,
};

use crate::analyse::{framed_map_svg, Key};
use crate::registry::EngineSpec;
use crate::render::render_svg_marked;
use crate::search::PlayerKind;
use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::game::defaults::ANALYSE_PAIRINGS;

/// What `ludolog analyse` was asked, besides the games.
pub struct AnalyseArgs {
    pub pairings: Vec<Pairing>,
    /// The player whose wins against random play measure decisiveness (none: skip).
    pub stronger: Option<PlayerKind>,
    pub plan: AnalysePlan,
    pub svg: Option<PathBuf>,
    pub json: bool,
}

/// Reads `A,B`: the first player's kind, then the second's.
pub fn parse_pairing(text: &str) -> Result<Pairing, String> {
    let (a, b) = text.split_once(',').ok_or_else(|| {
        format!(
            "`{}` is not a pairing: write FIRST,SECOND, e.g. random,mcts:1000",
            crate::game::elide(text)
        )
    })?;
    let kind = |s: &str| -> Result<PlayerKind, String> {
        match s.trim().parse::<PlayerKind>()? {
            PlayerKind::Human => Err("analyse plays computer players only, not human".to_string()),
            k => Ok(k),
        }
    };
    Ok(Pairing {
        first: kind(a)?,
        second: kind(b)?,
    })
}

/// The pairings to play: those given, or `defaults::ANALYSE_PAIRINGS` when none is.
pub fn pairings_or_default(given: Vec<Pairing>) -> Result<Vec<Pairing>> {
    if !given.is_empty() {
        return Ok(given);
    }
    ANALYSE_PAIRINGS
        .split_whitespace()
        .map(parse_pairing)
        .collect::<Result<Vec<_>, String>>()
        .map_err(anyhow::Error::msg)
}

/// Reads the player whose wins against random play measure decisiveness: a
/// player's kind, or `none` for no such measure.
pub fn parse_stronger(text: &str) -> Result<Option<PlayerKind>> {
    match text {
        "none" => Ok(None),
        s => Ok(Some(s.parse::<PlayerKind>().map_err(anyhow::Error::msg)?)),
    }
}

/// The pairings of a run: those asked for, then the stronger player against random
/// play from each side.
fn all_pairings(args: &AnalyseArgs) -> Vec<Pairing> {
    let mut all = args.pairings.clone();
    if let Some(s) = args.stronger {
        all.push(Pairing {
            first: s,
            second: PlayerKind::Random,
        });
        all.push(Pairing {
            first: PlayerKind::Random,
            second: s,
        });
    }
    all
}

/// One game's games, by pairing.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct GameGames {
    pub game: String,
    pub lines: Vec<Vec<Played>>,
}

/// A run's games, as `--json` writes them (and `merge` reads them).
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct AnalyseRun {
    pub kind: String,
    pub games_per_pairing: usize,
    pub seed: u64,
    pub max_plies: usize,
    pub options: String,
    pub pairings: Vec<String>,
    /// How many pairings at the end are the decisiveness pair.
    pub stronger: Option<String>,
    pub shard: String,
    pub results: Vec<GameGames>,
    /// Why the run stopped before its last game (Ctrl-C, a game that failed), if it
    /// did: the figures are then of the games played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl AnalyseRun {
    /// What a run is, shard aside: shards of one run agree on it.
    pub fn run_key(&self) -> String {
        format!(
            "{} games of {:?} ({:?}, {}), seed {}, ply cap {}, stronger {:?}",
            self.games_per_pairing,
            self.results.iter().map(|r| &r.game).collect::<Vec<_>>(),
            self.pairings,
            self.options,
            self.seed,
            self.max_plies,
            self.stronger
        )
    }
}

/// `ludolog analyse`: plays and reports.  Ctrl-C, or a game that fails, stops the
/// run and reports the games played so far (a failed game then makes it an error).
pub fn analyse(specs: &[EngineSpec], args: &AnalyseArgs, out: &mut dyn Write) -> Result<()> {
    let pairings = all_pairings(args);
    let mut plan = args.plan.clone();
    plan.pairings = pairings.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let flag = cancel.clone();
        // Ctrl-C stops the run; the games played are still reported
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, flag);
    }
    plan.cancel = Some(cancel.clone());
    let mut results = Vec::new();
    let mut stopped = None;
    for spec in specs {
        let games = run(spec, &plan).with_context(|| spec.game_name())?;
        results.push(GameGames {
            game: spec.game_name(),
            lines: games.lines,
        });
        if let Some(why) = games.stopped {
            stopped = Some(format!("{}: {why}", spec.game_name()));
            break;
        }
    }
    let failed = stopped.is_some() && !cancel.load(Ordering::SeqCst);
    let result = AnalyseRun {
        kind: "analyse".to_string(),
        games_per_pairing: plan.games,
        seed: plan.seed,
        max_plies: plan.max_plies,
        options: specs
            .first()
            .map(|s| s.options.to_string())
            .unwrap_or_default(),
        pairings: pairings
            .iter()
            .map(|p| format!("{},{}", p.first, p.second))
            .collect(),
        stronger: args.stronger.map(|s| s.to_string()),
        shard: plan.shard.to_string(),
        results,
        stopped,
    };
    if let Some(dir) = &args.svg {
        let written = draw(specs, &result, dir)?;
        if !args.json {
            for path in written {
                writeln!(out, "wrote {}", path.display())?;
            }
        }
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else {
        write!(out, "{}", report(&result))?;
    }
    match &result.stopped {
        Some(why) if failed => {
            bail!("the run stopped early ({why}); the figures above are of the games played")
        }
        _ => Ok(()),
    }
}

/// How many games a first move needs before it is ranked best or worst.
pub const RANKED_GAMES: usize = 10;

/// A share as a whole percentage.
fn pct(part: usize, whole: usize) -> String {
    format!("{:.0}%", 100.0 * part as f64 / whole.max(1) as f64)
}

/// The report a person reads: one column per game, one block per pairing.
pub fn report(run: &AnalyseRun) -> String {
    let stats: Vec<Vec<LineStats>> = run
        .results
        .iter()
        .map(|g| g.lines.iter().map(|l| LineStats::of(l)).collect())
        .collect();
    let width = run
        .results
        .iter()
        .map(|g| g.game.len())
        .max()
        .unwrap_or(0)
        .max(22);
    let mut o = String::new();
    let options = if run.options.is_empty() {
        String::new()
    } else {
        format!(", {}", run.options)
    };
    o.push_str(&format!(
        "analyse: {} games per pairing, seed {}, ply cap {}{options}\n",
        run.games_per_pairing, run.seed, run.max_plies
    ));
    if let Some(why) = &run.stopped {
        o.push_str(&format!(
            "stopped early ({why}): the figures are of the games played\n"
        ));
    }
    let row = |o: &mut String, label: &str, cells: Vec<String>| {
        o.push_str(&format!("  {label:<22}"));
        for c in cells {
            o.push_str(&format!("  {c:<width$}"));
        }
        o.truncate(o.trim_end_matches(' ').len());
        o.push('\n');
    };
    row(
        &mut o,
        "",
        run.results.iter().map(|g| g.game.clone()).collect(),
    );
    let asked = run.pairings.len() - if run.stronger.is_some() { 2 } else { 0 };
    for (l, pairing) in run.pairings.iter().enumerate().take(asked) {
        o.push_str(&format!("{}\n", pairing.replace(',', " vs ")));
        let col = |f: &dyn Fn(&LineStats) -> String| -> Vec<String> {
            stats.iter().map(|g| f(&g[l])).collect()
        };
        row(
            &mut o,
            "first player wins",
            col(&|s| {
                let (lo, hi) = s.first_win_interval;
                format!(
                    "{} [{:.0}–{:.0}%]",
                    pct(s.first_wins, s.games),
                    100.0 * lo,
                    100.0 * hi
                )
            }),
        );
        row(
            &mut o,
            "second player wins",
            col(&|s| pct(s.second_wins, s.games)),
        );
        row(&mut o, "draws", col(&|s| pct(s.draws, s.games)));
        row(&mut o, "hit the ply cap", col(&|s| pct(s.capped, s.games)));
        if stats.iter().any(|g| g[l].scored > 0) {
            row(&mut o, "ended in scores", col(&|s| pct(s.scored, s.games)));
        }
        row(
            &mut o,
            "length: mean",
            col(&|s| format!("{:.1}", s.mean_length)),
        );
        row(
            &mut o,
            "length: quartiles",
            col(&|s| {
                let (a, b, c) = s.length_quartiles;
                format!("{a} / {b} / {c}")
            }),
        );
        row(
            &mut o,
            "branching: mean",
            col(&|s| format!("{:.1}", s.mean_branching)),
        );
        row(
            &mut o,
            "branching: first ply",
            col(&|s| {
                s.branching_by_ply
                    .first()
                    .map_or("-".to_string(), |b| format!("{b:.0}"))
            }),
        );
        let extreme = |s: &LineStats, best: bool| -> String {
            let rate = |m: &crate::analyse::MoveStats| m.wins as f64 / m.games.max(1) as f64;
            // a move played a few times ranks on luck: only moves with enough games
            let ranked = s.by_first_move.iter().filter(|m| m.games >= RANKED_GAMES);
            let pick = if best {
                ranked.max_by(|a, b| rate(a).total_cmp(&rate(b)))
            } else {
                ranked.min_by(|a, b| rate(a).total_cmp(&rate(b)))
            };
            let enough = s
                .by_first_move
                .iter()
                .filter(|m| m.games >= RANKED_GAMES)
                .count();
            match pick {
                Some(m) if enough > 1 => {
                    let (lo, hi) = crate::analyse::wilson(m.wins, m.games);
                    format!(
                        "{} {} of {} [{:.0}–{:.0}%]",
                        m.mv,
                        m.wins,
                        m.games,
                        100.0 * lo,
                        100.0 * hi
                    )
                }
                _ => format!("- (no two moves with {RANKED_GAMES} games)"),
            }
        };
        row(&mut o, "first move: best", col(&|s| extreme(s, true)));
        row(&mut o, "first move: worst", col(&|s| extreme(s, false)));
    }
    if let Some(strong) = &run.stronger {
        o.push_str(&format!(
            "decisiveness: {strong} against random, half the games on each side\n"
        ));
        let cells = stats
            .iter()
            .map(|g| {
                let (a, b) = (&g[asked], &g[asked + 1]);
                let wins = a.first_wins + b.second_wins;
                let games = a.games + b.games;
                let (lo, hi) = crate::analyse::wilson(wins, games);
                format!(
                    "{} [{:.0}–{:.0}%]",
                    pct(wins, games),
                    100.0 * lo,
                    100.0 * hi
                )
            })
            .collect();
        row(&mut o, "stronger player wins", cells);
    }
    o
}

/// A colour from red (0) through white (0.5) to green (1).
fn heat(rate: f64) -> String {
    let (r0, g0, b0) = (0xd6 as f64, 0x60 as f64, 0x4d as f64);
    let (r1, g1, b1) = (0x5a as f64, 0xae as f64, 0x61 as f64);
    let mix = |a: f64, b: f64| -> u8 {
        if rate < 0.5 {
            (a + (255.0 - a) * rate * 2.0) as u8
        } else {
            (255.0 + (b - 255.0) * (rate - 0.5) * 2.0) as u8
        }
    };
    format!("#{:02x}{:02x}{:02x}", mix(r0, r1), mix(g0, g1), mix(b0, b1))
}

/// The file name of a game's chart.
fn chart_path(dir: &Path, game: &str, what: &str) -> PathBuf {
    let safe: String = game
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{safe}-{what}.svg"))
}

/// Writes each game's charts into `dir`; gives the files written.
fn draw(specs: &[EngineSpec], run: &AnalyseRun, dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("{}: cannot make the directory", dir.display()))?;
    let mut written = Vec::new();
    let mut write = |path: PathBuf, svg: String| -> Result<()> {
        std::fs::write(&path, svg)
            .with_context(|| format!("{}: cannot write the SVG", path.display()))?;
        written.push(path);
        Ok(())
    };
    for (spec, g) in specs.iter().zip(&run.results) {
        let stats: Vec<LineStats> = g.lines.iter().map(|l| LineStats::of(l)).collect();
        let named = |f: &dyn Fn(&LineStats) -> Vec<(f64, f64)>| -> Vec<Series> {
            run.pairings
                .iter()
                .zip(&stats)
                .map(|(p, s)| Series {
                    name: p.replace(',', " vs "),
                    points: f(s),
                })
                .collect()
        };
        let lengths = named(&|s| {
            s.length_histogram
                .iter()
                .map(|(&l, &n)| (l as f64, n as f64))
                .collect()
        });
        write(
            chart_path(dir, &g.game, "lengths"),
            bar_chart_svg(
                &format!("{}: game length", g.game),
                "plies",
                "games",
                &lengths,
            ),
        )?;
        let branching = named(&|s| {
            s.branching_by_ply
                .iter()
                .enumerate()
                .map(|(i, &b)| ((i + 1) as f64, b))
                .collect()
        });
        write(
            chart_path(dir, &g.game, "branching"),
            line_chart_svg(
                &format!("{}: branching factor by ply", g.game),
                "ply",
                "legal moves (mean)",
                &branching,
            ),
        )?;
        // the first pairing's win rate of each first move, on the board, with the
        // number of games behind each cell
        if let (Some(first), Some(pairing)) = (stats.first(), run.pairings.first()) {
            let mut rules = spec.open_viewer()?;
            let start = rules.initial()?;
            let view = rules.view(start)?;
            let by_move: std::collections::HashMap<&str, &crate::analyse::MoveStats> = first
                .by_first_move
                .iter()
                .map(|m| (m.mv.as_str(), m))
                .collect();
            if view
                .cells
                .iter()
                .any(|c| by_move.contains_key(c.name.as_str()))
            {
                let rate = |m: &crate::analyse::MoveStats| m.wins as f64 / m.games.max(1) as f64;
                let board = render_svg_marked(
                    &view,
                    &|cell| by_move.get(cell.name.as_str()).map(|m| heat(rate(m))),
                    &|cell| by_move.get(cell.name.as_str()).map(|m| m.games.to_string()),
                );
                let (first_player, second_player) =
                    pairing.split_once(',').unwrap_or((pairing, ""));
                let options = if run.options.is_empty() {
                    String::new()
                } else {
                    format!(", {}", run.options)
                };
                let early = if run.stopped.is_some() {
                    " (the run stopped early)"
                } else {
                    ""
                };
                let notes = [
                    format!(
                        "{} games: {first_player} (first) against {second_player}{options}{early}",
                        first.games
                    ),
                    "the number on a cell: the games that began there".to_string(),
                ];
                write(
                    chart_path(dir, &g.game, "first-move"),
                    framed_map_svg(
                        &format!(
                            "{}: how the first player fared after each first move",
                            g.game
                        ),
                        &notes,
                        &board,
                        Key::Scale {
                            caption: "the first player's wins in the games that began on the cell",
                            colour: &heat,
                            labels: ["0%", "50%", "100%"],
                        },
                    ),
                )?;
            }
        }
    }
    Ok(written)
}

/// Puts the shards of one run back together (games in order), or says why not.
pub fn merge_runs(parts: Vec<(String, AnalyseRun)>) -> Result<AnalyseRun> {
    let Some((first_file, first)) = parts.first().cloned() else {
        bail!("no results to merge");
    };
    let mut merged = first.clone();
    for r in &mut merged.results {
        for l in &mut r.lines {
            l.clear();
        }
    }
    for (file, part) in &parts {
        if let Some(why) = &part.stopped {
            bail!("{file} is of a run that stopped early ({why}): run that shard again");
        }
        if part.run_key() != first.run_key() {
            bail!(
                "{file} is from another run than {first_file}: {} vs {}",
                part.run_key(),
                first.run_key()
            );
        }
        for (m, p) in merged.results.iter_mut().zip(&part.results) {
            for (ml, pl) in m.lines.iter_mut().zip(&p.lines) {
                ml.extend(pl.iter().cloned());
            }
        }
    }
    for r in &mut merged.results {
        for l in &mut r.lines {
            l.sort_by_key(|p| p.index);
            let before = l.len();
            l.dedup_by_key(|p| p.index);
            if l.len() != before {
                bail!("a game was played in two of the shards given");
            }
        }
    }
    let have = merged
        .results
        .first()
        .and_then(|r| r.lines.first())
        .map_or(0, Vec::len);
    if have != merged.games_per_pairing {
        bail!(
            "the shards hold {have} of the run's {} games per pairing: a shard is missing",
            merged.games_per_pairing
        );
    }
    merged.shard = crate::parallel::Shard::WHOLE.to_string();
    Ok(merged)
}
