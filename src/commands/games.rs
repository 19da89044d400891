//! `ludolog games`: the built-in games and their options.

use std::io::Write;
use std::process::ExitCode;

pub(crate) fn exec(out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    ludolog::cli::games(out)?;
    Ok(ExitCode::SUCCESS)
}
