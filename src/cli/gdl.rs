//! `ludolog gdl`: the ludolog rule file a GDL rule sheet (KIF) is played as.

use anyhow::{anyhow, Result};
use std::io::Write;
use std::path::Path;

/// Writes the rule file the GDL sheet at `file` is played as on `out`: its
/// relations as Prolog clauses under their own names, then the protocol.
pub fn gdl(file: &Path, out: &mut dyn Write) -> Result<()> {
    let text = crate::prolog::read_rule_text(file)
        .map_err(|e| anyhow!("{}: cannot read the rule sheet: {e}", file.display()))?;
    let translation = crate::prolog::translated(file, &text)
        .map_err(|e| anyhow!("{}:{}: {}", file.display(), e.line, e.message))?;
    out.write_all(translation.as_bytes())?;
    Ok(())
}
