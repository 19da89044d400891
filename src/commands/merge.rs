//! `ludolog merge`: the JSON results of a run's shards added up.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Add up the JSON results of the shards of one check, perft or analyse run.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The shards' result files (`check --json`, `perft --json` or `analyse --json`).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the merged result as JSON (as one run's `--json`).
    #[arg(long)]
    json: bool,
}

/// Fails when the merged check found a disagreement.
pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    if !ludolog::cli::merge(&args.files, args.json, out)? {
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
