//! `ludolog gtp`: a GTP engine on standard input and output, until `quit` or the end
//! of the input.

use crate::gtp::{GtpConfig, GtpSession};
use anyhow::Result;
use std::io::{BufRead, Write};

/// Answers each command line of `input` on `out`, flushing after every response.
pub fn gtp(config: GtpConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let mut session = GtpSession::new(config)?;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if let Some(answer) = session.handle(&String::from_utf8_lossy(&line)) {
            out.write_all(answer.as_bytes())?;
            out.flush()?;
        }
        if session.quit() {
            return Ok(());
        }
    }
}
