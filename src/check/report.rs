//! How a check's result is shown to a person.

use super::run::CheckReport;
use std::io::Write;

/// Prints the summary table and any mismatch.
pub fn print_report(r: &CheckReport, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "{} vs {}", r.engine_a, r.engine_b)?;
    writeln!(out, "  games        {}", r.games)?;
    writeln!(out, "  positions    {}", r.positions)?;
    writeln!(out, "  moves        {}", r.moves_compared)?;
    writeln!(out, "  refusals     {}", r.refusals_compared)?;
    if r.perft_positions > 0 {
        writeln!(
            out,
            "  perft        {} positions, {} counts",
            r.perft_positions, r.perft_counts
        )?;
    }
    writeln!(out, "  mismatches   {}", usize::from(r.mismatch.is_some()))?;
    writeln!(
        out,
        "  time         {}: {:.2}s, {}: {:.2}s",
        r.engine_a, r.seconds_a, r.engine_b, r.seconds_b
    )?;
    // wall time where it is known (reports of older versions have engine time only)
    let total = if r.wall_seconds > 0.0 {
        r.wall_seconds
    } else {
        r.seconds_a + r.seconds_b
    }
    .max(1e-9);
    writeln!(
        out,
        "  throughput   {:.0} positions/s",
        r.positions as f64 / total
    )?;
    if r.sweep_positions > 0 {
        writeln!(
            out,
            "  sweep        {} of the positions, every line to depth {} before the games",
            r.sweep_positions, r.sweep_depth
        )?;
    }
    if let Some(why) = &r.stopped {
        writeln!(
            out,
            "  stopped      {why} (this is what it compared by then)"
        )?;
    }
    if let Some(m) = &r.mismatch {
        writeln!(out)?;
        writeln!(
            out,
            "MISMATCH after {} move{}: {}",
            m.moves.len(),
            if m.moves.len() == 1 { "" } else { "s" },
            m.what.join("; ")
        )?;
        writeln!(
            out,
            "  moves from the start: {}",
            if m.moves.is_empty() {
                "(none)".to_string()
            } else {
                m.moves.join(" ")
            }
        )?;
        if let Some(mv) = &m.on_move {
            writeln!(out, "  on the move: {mv}")?;
        }
        writeln!(out, "  position:    {}", m.position)?;
        if !m.only_a.is_empty() || !m.only_b.is_empty() {
            writeln!(out, "  only in {}: {}", r.engine_a, m.only_a.join(" "))?;
            writeln!(out, "  only in {}: {}", r.engine_b, m.only_b.join(" "))?;
        }
        if m.outcome_a != m.outcome_b {
            let show = |o: &Option<crate::game::Ending>| {
                o.as_ref()
                    .map_or_else(|| "(game goes on)".into(), |e| e.to_string())
            };
            writeln!(out, "  outcome in {}: {}", r.engine_a, show(&m.outcome_a))?;
            writeln!(out, "  outcome in {}: {}", r.engine_b, show(&m.outcome_b))?;
        }
        if !m.stderr.is_empty() {
            writeln!(out, "  its standard error ends:")?;
            for line in &m.stderr {
                writeln!(out, "    {line}")?;
            }
        }
    }
    Ok(())
}
