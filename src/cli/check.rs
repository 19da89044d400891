//! `ludolog check`: compare two tiers of a game (or a rule file against a native engine).

use crate::check::{compare, print_report, CheckConfig};
use crate::game::Tier;
use crate::registry::EngineSpec;
use anyhow::{bail, Result};
use std::io::{IsTerminal, Write};

/// Compares the two tiers of `spec`'s game; returns whether they agree.
pub fn check(
    spec: &EngineSpec,
    tiers: &[Tier],
    mut config: CheckConfig,
    json: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    if tiers.len() != 2 {
        bail!(
            "--tiers takes two tiers, e.g. spec,native (got {})",
            tiers.len()
        );
    }
    let open = |tier: Tier| {
        let mut s = spec.in_tier(tier);
        if tier == Tier::Native {
            s.rules = None;
        }
        s.open()
    };
    let mut a = open(tiers[0])?;
    let mut b = open(tiers[1])?;
    config.progress = config.progress && std::io::stderr().is_terminal() && !json;
    let report = compare(a.as_mut(), b.as_mut(), &config)?;
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        print_report(&report, out)?;
    }
    Ok(report.mismatch.is_none())
}
