//! `ludolog gdl`: the rule file a GDL rule sheet is played as.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Print the ludolog rule file a GDL rule sheet (KIF) is played as: its
/// relations as Prolog clauses under their own names, then the protocol.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A GDL rule sheet (`.kif`).
    file: PathBuf,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    ludolog::cli::gdl(&args.file, out)?;
    Ok(ExitCode::SUCCESS)
}
