//! `ludolog check`: compare two tiers of a game (or a rule file against a native
//! engine) — on many threads, or one shard of the seeded games.

use super::perft::run_options;
use super::Split;
use crate::check::{compare_games, print_report, CheckConfig, CheckRun, CheckShard};
use crate::game::{Engine, Tier};
use crate::registry::EngineSpec;
use anyhow::{bail, Result};
use std::io::Write;

/// Compares the tiers of `spec`'s game on this shard's games, each with the next
/// (the same seeded games, so three tiers that agree pairwise agree all together);
/// returns whether they agree.
pub fn check(
    spec: &EngineSpec,
    tiers: &[Tier],
    config: CheckConfig,
    split: Split,
    json: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    if tiers.len() < 2 {
        bail!(
            "--tiers takes two or more tiers, e.g. spec,native (got {})",
            tiers.len()
        );
    }
    // two tiers may be one (a rule file that runs in one tier checks it against
    // itself); a longer list names each tier once
    let repeated = tiers
        .iter()
        .enumerate()
        .find_map(|(i, t)| tiers[..i].contains(t).then_some(t));
    if let Some(t) = repeated.filter(|_| tiers.len() > 2) {
        bail!(
            "--tiers names {} more than once: compare different tiers, e.g. spec,native",
            t.name()
        );
    }
    if tiers.len() > 2 && (json || !split.shard.is_whole()) {
        bail!(
            "--json and --shard compare two tiers: run one check for each pair of {}",
            tiers.iter().map(|t| t.name()).collect::<Vec<_>>().join(",")
        );
    }
    let mut agree = true;
    for pair in tiers.windows(2) {
        agree &= check_pair(spec, pair, config.clone(), split, json, out)?;
    }
    Ok(agree)
}

/// Compares two tiers of `spec`'s game on this shard's games; returns whether they agree.
fn check_pair(
    spec: &EngineSpec,
    tiers: &[Tier],
    config: CheckConfig,
    split: Split,
    json: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    let open = |tier: Tier| {
        let mut s = spec.in_tier(tier);
        if tier == Tier::Native {
            s.rules = None;
        }
        s.open()
    };
    let open_pair =
        || -> Result<(Box<dyn Engine>, Box<dyn Engine>)> { Ok((open(tiers[0])?, open(tiers[1])?)) };
    let names = tiers.iter().map(|t| t.name().to_string()).collect();
    run_check(spec, names, &open_pair, config, split, json, out)
}

/// Runs a check between the engines `open_pair` opens (on each thread that plays),
/// over this shard's games, and prints its report (`tiers` names them in the JSON
/// result); returns whether they agree.
fn run_check(
    spec: &EngineSpec,
    tiers: Vec<String>,
    open_pair: &(dyn Fn() -> Result<(Box<dyn Engine>, Box<dyn Engine>)> + Sync),
    config: CheckConfig,
    split: Split,
    json: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    let (mut a, mut b) = open_pair()?;
    // a bar on a terminal, a line now and then elsewhere (see check::Progress)
    let games = split.shard.range(config.games);
    let report = compare_games(
        a.as_mut(),
        b.as_mut(),
        &open_pair,
        &config,
        games.clone(),
        split.threads,
    )?;
    let agree = report.mismatch.is_none();
    if json {
        let run = CheckRun {
            game: spec.game.clone(),
            options: run_options(spec),
            rules: spec.rules.as_ref().map(|p| p.display().to_string()),
            tiers,
            games: config.games,
            seed: config.seed,
            max_plies: config.max_plies,
            perft_depth: config.perft_depth,
            strategy: config.strategy,
            sweep: config.sweep,
        };
        let result = CheckShard::new(run, split.shard, report);
        writeln!(out, "{}", serde_json::to_string_pretty(&result)?)?;
    } else {
        if games.is_empty() {
            writeln!(out, "shard {}: no games (of {})", split.shard, config.games)?;
        } else if !split.shard.is_whole() {
            writeln!(
                out,
                "shard {}: games {} to {} of {}",
                split.shard,
                games.start,
                games.end - 1,
                config.games
            )?;
        }
        print_report(&report, out)?;
    }
    Ok(agree)
}

/// The external engine of `check --against`: its command line, and the time it has
/// for each answer.
#[derive(Clone, Copy, Debug)]
pub struct Against<'a> {
    pub command: &'a str,
    pub timeout: std::time::Duration,
}

/// Checks the external engine `engine.command` against `spec`'s game in its tier: seeded
/// random games in lockstep (one engine process a thread), every position compared
/// by side to move, legal moves, outcome (and position text when the engine gives
/// one); returns whether they agree.
pub fn check_against(
    spec: &EngineSpec,
    engine: Against,
    config: CheckConfig,
    split: Split,
    json: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    // every thread's engine process is started here, before any rule file loads: a
    // thread that has run a rule file from disk is confined and starts no process,
    // and the worker threads started after it would inherit that
    let name = spec.protocol_name();
    let command = engine.command;
    let options = spec.protocol_options();
    let start = || crate::external::ExternalEngine::start(command, &name, &options, engine.timeout);
    let mut started = Vec::with_capacity(split.threads);
    for _ in 0..split.threads.max(1) {
        started.push(start()?);
    }
    let ready = std::sync::Mutex::new(started);
    let open_pair = || -> Result<(Box<dyn Engine>, Box<dyn Engine>)> {
        let waiting = ready.lock().ok().and_then(|mut r| r.pop());
        let external = match waiting {
            Some(e) => e,
            None => start()?,
        };
        Ok((spec.open()?, Box::new(external)))
    };
    let tiers = vec![
        spec.effective_tier().name().to_string(),
        format!("external: {command}"),
    ];
    run_check(spec, tiers, &open_pair, config, split, json, out)
}
