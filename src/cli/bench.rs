//! `ludolog bench`: the tiers of a game side by side — random playouts/s and perft nodes/s.

use crate::game::SearchSpec;
use crate::games::EngineSpec;
use crate::prolog::Tier;
use crate::search::Limits;
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
}

/// Measures every tier of a game for about `seconds` each; prints a table or JSON.
pub fn bench(
    spec: &EngineSpec,
    tiers: &[Tier],
    seconds: f64,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let mut rows = Vec::new();
    for &tier in tiers {
        let mut s = spec.clone();
        s.tier = Some(tier);
        let mut engine = s.open()?;
        let start_pos = engine.initial()?;
        // playouts: legal, random pick, play, outcome every ply
        let batch = if tier == Tier::Native { 1000 } else { 2 };
        let (mut games, mut plies, mut seed) = (0u64, 0u64, 1u64);
        let t = Instant::now();
        while t.elapsed().as_secs_f64() < seconds {
            plies += engine.playouts(&start_pos, batch, seed)?;
            games += batch;
            seed += batch;
        }
        let secs = t.elapsed().as_secs_f64();
        // perft: the deepest depth that stays within the time budget
        let (mut depth, mut nodes, mut perft_secs) = (0u32, 0u64, 0f64);
        for d in 1..=8 {
            let t = Instant::now();
            let n = engine.perft(&start_pos, d)?;
            let e = t.elapsed().as_secs_f64();
            (depth, nodes, perft_secs) = (d, n, e);
            if e * 20.0 > seconds {
                break;
            }
        }
        // alpha-beta: deepen while the next depth is likely to fit the budget
        let (mut to_depth, mut search_nodes, mut search_secs) = (Vec::new(), 0u64, 0f64);
        for d in 1..=8 {
            let t = Instant::now();
            let b = engine.best(
                &start_pos,
                SearchSpec::AlphaBeta(Limits {
                    depth: Some(d),
                    ..Limits::default()
                }),
            )?;
            let e = t.elapsed().as_secs_f64();
            to_depth.push(e);
            search_nodes = b.nodes;
            search_secs = e;
            if e * 20.0 > seconds {
                break;
            }
        }
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
        });
    }
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(());
    }
    writeln!(out, "{} {}", spec.game, spec.options)?;
    writeln!(
        out,
        "{:<12} {:>12} {:>12} {:>6} {:>14} {:>15} {:>15}  {}",
        "tier",
        "playouts/s",
        "plies/s",
        "depth",
        "perft nodes",
        "perft nodes/s",
        "search nodes/s",
        "alpha-beta seconds to depth 1, 2, ..."
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
    if let (Some(native), true) = (rows.iter().find(|r| r.tier == "native"), rows.len() > 1) {
        for r in rows.iter().filter(|r| r.tier != "native") {
            let depth1 = |b: &TierBench| b.search_seconds_to_depth.first().copied().unwrap_or(0.0);
            writeln!(
                out,
                "native/{}: playouts {:.0}x, perft {:.0}x, alpha-beta to depth 1 {:.0}x",
                r.tier,
                native.playouts_per_second / r.playouts_per_second.max(1e-9),
                native.perft_nodes_per_second / r.perft_nodes_per_second.max(1e-9),
                depth1(r) / depth1(native).max(1e-9)
            )?;
        }
    }
    Ok(())
}
