//! `ludolog perft`: leaves of the game tree to a depth — on many threads, or one
//! shard of the root's subtrees, with a JSON result that `ludolog merge` adds up.

use super::{open_spec_at, PositionArg, Split};
use crate::parallel::Shard;
use crate::registry::EngineSpec;
use crate::search::{split_perft, COUNT_ALONE_FOR};
use anyhow::Result;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::time::Instant;

/// A perft result, as `perft --json` writes it (a whole run is shard 1/1).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PerftResult {
    /// Always `perft`.
    pub kind: String,
    pub game: String,
    pub options: String,
    pub rules: Option<String>,
    pub tier: String,
    pub position: String,
    pub depth: u32,
    pub shard: Shard,
    /// How many shards' results this is (more than 1 once merged).
    #[serde(default = "one")]
    pub shards: usize,
    pub nodes: u64,
    pub threads: usize,
    pub seconds: f64,
    pub nodes_per_second: f64,
}

fn one() -> usize {
    1
}

impl PerftResult {
    /// What must be the same in every shard of one run (the subtrees are dealt in
    /// the tier's listing order, so the tier too).
    pub fn run(&self) -> (&str, &str, Option<&str>, &str, &str, u32) {
        (
            &self.game,
            &self.options,
            self.rules.as_deref(),
            &self.tier,
            &self.position,
            self.depth,
        )
    }
}

/// A game's options as the identity of a run: `key=value` pairs, sorted.
pub(super) fn run_options(spec: &EngineSpec) -> String {
    let mut pairs: Vec<String> = spec
        .options
        .pairs()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    pairs.sort();
    pairs.join(" ")
}

/// `ludolog perft`: the leaves below the position to `depth`, on `split.threads`
/// threads, over the subtrees of `split.shard`.
pub fn perft(
    spec: &EngineSpec,
    pos: &PositionArg,
    depth: u32,
    split: Split,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    // with a --record, every engine runs with the record's options
    let (spec, mut engine, at) = open_spec_at(spec, pos)?;
    let spec = &spec;
    let start = Instant::now();
    // a shallow perft is over before more engines could start
    let nodes = if split.shard.is_whole() && (split.threads == 1 || depth < 3) {
        engine.perft(at, depth)?
    } else {
        let open = || spec.open();
        split_perft(
            engine.as_mut(),
            at,
            depth,
            (split.threads, COUNT_ALONE_FOR),
            split.shard,
            &open,
        )?
        .nodes
    };
    let secs = start.elapsed().as_secs_f64();
    if json {
        let r = PerftResult {
            kind: "perft".to_string(),
            game: spec.game.clone(),
            options: run_options(spec),
            rules: spec.rules.as_ref().map(|p| p.display().to_string()),
            tier: spec.effective_tier().name().to_string(),
            position: engine.text(at)?,
            depth,
            shard: split.shard,
            shards: 1,
            nodes,
            threads: split.threads,
            seconds: secs,
            nodes_per_second: nodes as f64 / secs.max(1e-9),
        };
        writeln!(out, "{}", serde_json::to_string(&r)?)?;
    } else {
        writeln!(out, "{nodes}")?;
    }
    Ok(())
}

/// `perft --every-depth`: the counts at depths 1 to `depth`, on one line (a row of a
/// perft table): from one walk of the tree on one thread, depth by depth on more.
pub fn perft_every_depth(
    spec: &EngineSpec,
    pos: &PositionArg,
    depth: u32,
    split: Split,
    out: &mut dyn Write,
) -> Result<()> {
    let (spec, mut engine, at) = open_spec_at(spec, pos)?;
    let counts = if split.threads == 1 {
        engine.perft_counts(at, depth)?
    } else {
        let open = || spec.open();
        let mut counts = Vec::new();
        for d in 1..=depth {
            let n = if d < 3 {
                engine.perft(at, d)?
            } else {
                split_perft(
                    engine.as_mut(),
                    at,
                    d,
                    (split.threads, COUNT_ALONE_FOR),
                    split.shard,
                    &open,
                )?
                .nodes
            };
            counts.push(n);
        }
        counts
    };
    let words: Vec<String> = counts.iter().map(u64::to_string).collect();
    writeln!(out, "{}", words.join(" "))?;
    Ok(())
}

/// `perft --against`: the leaves to `depth` from the start of `spec`'s game, counted
/// by the external engine `engine.command` (a perft table of someone else's engine).
pub fn perft_against(
    spec: &EngineSpec,
    engine: super::Against,
    depth: u32,
    out: &mut dyn Write,
) -> Result<()> {
    use crate::game::Engine;
    let mut external = crate::external::ExternalEngine::start(
        engine.command,
        &spec.protocol_name(),
        &spec.protocol_options(),
        engine.timeout,
    )?;
    let start = external.initial()?;
    writeln!(out, "{}", external.perft(start, depth)?)?;
    Ok(())
}
