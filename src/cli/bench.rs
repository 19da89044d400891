//! `ludolog bench`: the tiers of a game side by side — random playouts/s, perft nodes/s,
//! search, and the speed-up on many threads — and the native search on sampled positions.

use super::bench_threads::{bench_threads, OneThread, ThreadsBench};
use crate::game::{Engine, Limits, SearchSpec, Tier};
use crate::registry::EngineSpec;
use crate::search::MAX_PLAYOUT_PLIES;
use anyhow::Result;
use std::io::Write;
use std::time::Instant;

/// One tier's measurements.
#[derive(Debug, serde::Serialize)]
pub struct TierBench {
    pub tier: String,
    pub playouts: u64,
    pub playouts_per_second: f64,
    pub plies_per_second: f64,
    pub perft_depth: u32,
    pub perft_nodes: u64,
    pub perft_nodes_per_second: f64,
    /// Seconds to finish an alpha-beta search to each depth from the start.
    pub search_seconds_to_depth: Vec<f64>,
    pub search_nodes: u64,
    pub search_nodes_per_second: f64,
    /// Playouts and perft on `BenchPlan::threads` threads, and the speed-up.
    pub parallel: ThreadsBench,
}

/// Native alpha-beta at one depth on positions from random games.
#[derive(Debug, serde::Serialize)]
pub struct SampledSearch {
    pub depth: u32,
    pub positions: usize,
    pub mean_seconds: f64,
    pub max_seconds: f64,
    /// The position that took longest.
    pub slowest: String,
}

/// How much memory the spec tier's perft needs at two depths: the deeper must not
/// need more than the shallower (the rule tiers run in memory bounded by depth).
#[derive(Debug, serde::Serialize)]
pub struct PerftMemory {
    /// (depth, nodes, kilobytes the peak rose above what was resident before)
    pub runs: Vec<(u32, u64, Option<u64>)>,
}

/// The whole report: the tiers, the native search on sampled positions, and the
/// memory of spec perft.
#[derive(Debug, serde::Serialize)]
pub struct BenchReport {
    pub tiers: Vec<TierBench>,
    pub sampled_search: Option<SampledSearch>,
    pub spec_perft_memory: Option<PerftMemory>,
}

/// Spec perft at the two deepest depths that fit the budget, each with the peak
/// memory it added.
fn spec_perft_memory(spec: &EngineSpec, deepest: u32) -> Result<PerftMemory> {
    let mut engine = spec.in_tier(Tier::Spec).open()?;
    let start = engine.initial()?;
    let mut runs = Vec::new();
    for depth in [deepest.saturating_sub(1).max(1), deepest.max(2)] {
        let (nodes, kb) = super::memory::peak_growth_kb(|| engine.perft(start, depth));
        runs.push((depth, nodes?, kb));
    }
    Ok(PerftMemory { runs })
}

/// What to measure besides the tiers.
pub struct BenchPlan {
    /// Seconds to spend on each measurement.
    pub seconds: f64,
    /// The depth of the native search on sampled positions.
    pub search_depth: u32,
    /// How many sampled positions (0: none).
    pub positions: usize,
    /// Threads for the playouts and perft on many threads.
    pub threads: usize,
}

/// `count` positions spread over seeded random games (unfinished ones only), as
/// texts: each is searched by a fresh engine, as `ludolog best` would.
fn sample_positions(engine: &mut dyn Engine, count: usize, seed: u64) -> Result<Vec<String>> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut all = Vec::new();
    while all.len() < count * 8 {
        let mut pos = engine.initial()?;
        for _ in 0..MAX_PLAYOUT_PLIES {
            let info = engine.describe(pos)?;
            if info.outcome.is_some() || info.legal.is_empty() {
                break;
            }
            all.push(info.position);
            let m = &info.legal[rng.gen_range(0..info.legal.len())];
            let next = engine.play(pos, m)?;
            engine.release(pos);
            pos = next;
        }
        engine.release(pos);
    }
    let step = all.len() / count.max(1);
    Ok(all.into_iter().step_by(step.max(1)).take(count).collect())
}

/// Times a fresh native alpha-beta search to `depth` on each sampled position.
fn sampled_search(spec: &EngineSpec, depth: u32, count: usize) -> Result<SampledSearch> {
    let s = spec.in_tier(Tier::Native);
    let positions = sample_positions(&mut *s.open()?, count, 7)?;
    let (mut total, mut max, mut slowest) = (0f64, 0f64, String::new());
    for pos in &positions {
        // a fresh engine per position, as `ludolog best` runs
        let mut engine = s.open()?;
        let at = engine.parse(pos)?;
        let t = Instant::now();
        engine.best(at, SearchSpec::AlphaBeta(Limits::depth(depth)))?;
        let e = t.elapsed().as_secs_f64();
        total += e;
        if e > max {
            (max, slowest) = (e, pos.clone());
        }
    }
    Ok(SampledSearch {
        depth,
        positions: positions.len(),
        mean_seconds: total / positions.len().max(1) as f64,
        max_seconds: max,
        slowest,
    })
}

/// Measures every tier of a game for about `plan.seconds` each, and the native
/// search on sampled positions; prints a table or JSON.
pub fn bench(
    spec: &EngineSpec,
    tiers: &[Tier],
    plan: &BenchPlan,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let seconds = plan.seconds;
    let mut rows = Vec::new();
    for &tier in tiers {
        let mut engine = spec.in_tier(tier).open()?;
        let start_pos = engine.initial()?;
        // playouts: legal, random pick, play, outcome every ply
        let mut batch = if tier == Tier::Native { 1000 } else { 2 };
        let (mut games, mut plies, mut seed) = (0u64, 0u64, 1u64);
        let t = Instant::now();
        while t.elapsed().as_secs_f64() < seconds {
            let request = Instant::now();
            plies += engine.playouts(start_pos, batch, seed, MAX_PLAYOUT_PLIES)?;
            games += batch;
            seed += batch;
            // a rule tier's request also costs the query's reading (about a
            // millisecond in scryer): the batch grows until a request takes 50 ms,
            // so that this is a small part of what is measured
            if tier != Tier::Native && request.elapsed().as_millis() < 50 && batch < 4096 {
                batch *= 2;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        // perft: the deepest depth that stays within the time budget; the next
        // depth is expected to cost this one's time times the tree's growth (the
        // leaves of this depth over the last one's), so a wide game (121 moves a
        // ply on an 11x11 board) stops before a depth that would take minutes
        let (mut depth, mut nodes, mut perft_secs) = (0u32, 0u64, 0f64);
        for d in 1..=8 {
            let t = Instant::now();
            let n = engine.perft(start_pos, d)?;
            let e = t.elapsed().as_secs_f64();
            let growth = n as f64 / nodes.max(1) as f64;
            (depth, nodes, perft_secs) = (d, n, e);
            if e * 20.0 > seconds || e * growth > seconds {
                break;
            }
        }
        // alpha-beta: deepen while the next depth is likely to fit the budget
        let (mut to_depth, mut search_nodes, mut search_secs) = (Vec::new(), 0u64, 0f64);
        for d in 1..=8 {
            let t = Instant::now();
            let b = engine.best(start_pos, SearchSpec::AlphaBeta(Limits::depth(d)))?;
            let e = t.elapsed().as_secs_f64();
            // the next depth is expected to grow as this one did over the last
            let growth = to_depth
                .last()
                .map_or(1.0, |&last: &f64| e / last.max(1e-6));
            to_depth.push(e);
            search_nodes = b.nodes;
            search_secs = e;
            if e * 20.0 > seconds || e * growth > seconds {
                break;
            }
        }
        let one = OneThread {
            playouts_per_second: games as f64 / secs,
            perft_depth: depth,
            perft_nodes: nodes,
            perft_nodes_per_second: nodes as f64 / perft_secs.max(1e-9),
        };
        let parallel = bench_threads(
            engine.as_mut(),
            &spec.in_tier(tier),
            plan.threads,
            seconds,
            batch,
            &one,
        )?;
        rows.push(TierBench {
            tier: tier.name().to_string(),
            playouts: games,
            playouts_per_second: games as f64 / secs,
            plies_per_second: plies as f64 / secs,
            perft_depth: depth,
            perft_nodes: nodes,
            perft_nodes_per_second: nodes as f64 / perft_secs.max(1e-9),
            search_seconds_to_depth: to_depth,
            search_nodes,
            search_nodes_per_second: search_nodes as f64 / search_secs.max(1e-9),
            parallel,
        });
    }
    let sampled = if tiers.contains(&Tier::Native) && plan.positions > 0 {
        Some(sampled_search(spec, plan.search_depth, plan.positions)?)
    } else {
        None
    };
    let memory = match rows.iter().find(|r| r.tier == "spec") {
        Some(r) => Some(spec_perft_memory(spec, r.perft_depth)?),
        None => None,
    };
    if json {
        let report = BenchReport {
            tiers: rows,
            sampled_search: sampled,
            spec_perft_memory: memory,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    writeln!(out, "{} {}", spec.game, spec.options)?;
    writeln!(
        out,
        "{:<12} {:>12} {:>12} {:>6} {:>14} {:>15} {:>15}  alpha-beta seconds to depth 1, 2, ...",
        "tier", "playouts/s", "plies/s", "depth", "perft nodes", "perft nodes/s", "search nodes/s",
    )?;
    for r in &rows {
        let to_depth: Vec<String> = r
            .search_seconds_to_depth
            .iter()
            .map(|s| format!("{s:.4}"))
            .collect();
        writeln!(
            out,
            "{:<12} {:>12.1} {:>12.0} {:>6} {:>14} {:>15.0} {:>15.0}  {}",
            r.tier,
            r.playouts_per_second,
            r.plies_per_second,
            r.perft_depth,
            r.perft_nodes,
            r.perft_nodes_per_second,
            r.search_nodes_per_second,
            to_depth.join(" ")
        )?;
    }
    // on one thread there is no speed-up to show
    for r in rows.iter().filter(|r| r.parallel.threads > 1) {
        let p = &r.parallel;
        writeln!(
            out,
            "{} on {} threads: playouts {:.1}/s ({:.2}x one thread), perft {:.0} nodes/s ({:.2}x)",
            r.tier,
            p.threads,
            p.playouts_per_second,
            p.playouts_speedup,
            p.perft_nodes_per_second,
            p.perft_speedup
        )?;
    }
    if let Some(s) = &sampled {
        writeln!(
            out,
            "native alpha-beta to depth {} on {} positions from random games: mean {:.4} s, max {:.4} s ({})",
            s.depth, s.positions, s.mean_seconds, s.max_seconds, s.slowest
        )?;
    }
    if let Some(m) = &memory {
        let runs: Vec<String> = m
            .runs
            .iter()
            .map(|(d, n, kb)| match kb {
                Some(kb) => format!("depth {d} ({n} leaves) +{kb} KB"),
                None => format!("depth {d} ({n} leaves) n/a"),
            })
            .collect();
        writeln!(out, "spec perft peak memory: {}", runs.join(", "))?;
    }
    if let (Some(native), true) = (rows.iter().find(|r| r.tier == "native"), rows.len() > 1) {
        for r in rows.iter().filter(|r| r.tier != "native") {
            // the deepest depth both reached: shallow searches are mostly set-up
            let depth = r
                .search_seconds_to_depth
                .len()
                .min(native.search_seconds_to_depth.len());
            let at = |b: &TierBench| b.search_seconds_to_depth.get(depth.max(1) - 1).copied();
            let search = match (at(r), at(native)) {
                (Some(a), Some(b)) => format!(
                    "alpha-beta to depth {depth} {:.0}x, search nodes/s {:.0}x",
                    a / b.max(1e-9),
                    native.search_nodes_per_second / r.search_nodes_per_second.max(1e-9)
                ),
                _ => "no alpha-beta".to_string(),
            };
            writeln!(
                out,
                "native/{}: playouts {:.0}x, perft {:.0}x, {search}",
                r.tier,
                native.playouts_per_second / r.playouts_per_second.max(1e-9),
                native.perft_nodes_per_second / r.perft_nodes_per_second.max(1e-9),
            )?;
        }
    }
    Ok(())
}
