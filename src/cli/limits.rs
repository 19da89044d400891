//! `--memory-limit` and `--time-limit`: read once at start, installed for this
//! process, and handed to the worker processes in their start messages; and
//! `--answer-timeout`, the time an external engine has for each answer, and `lint
//! --budget`, the time of all of lint's random games.

use crate::foreign::memory::set_memory_limit;
use crate::prolog::limits::{set_time_limit, MEMORY_LIMIT_ENV, TIME_LIMIT_ENV};
use std::time::Duration;

/// `--memory-limit`: 0 (none) or 16 MB to 1 TB.
pub fn memory_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Ok(0),
        Ok(mb) if (16..=1 << 20).contains(&mb) => Ok(mb),
        _ => Err(format!(
            "`{}` is not a memory limit: give megabytes from 16 to 1048576, or 0 for none",
            crate::game::elide(text)
        )),
    }
}

/// `--time-limit`: 0 (none) or 0.01 to 86400 seconds.
pub fn time_limit(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s == 0.0 || (0.01..=86400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "`{}` is not a time limit: give seconds from 0.01 to 86400, or 0 for none",
            crate::game::elide(text)
        )),
    }
}

/// `--answer-timeout`: 0.01 to 86400 seconds.
pub fn answer_timeout(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.01..=86400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "`{}` is not an answer timeout: give seconds from 0.01 to 86400",
            crate::game::elide(text)
        )),
    }
}

/// `lint --budget`: 0 (none) or 0.01 to 86400 seconds.
pub fn budget(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s == 0.0 || (0.01..=86400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "`{}` is not a budget: give seconds from 0.01 to 86400, or 0 for none",
            crate::game::elide(text)
        )),
    }
}

/// Installs the limits: the flags where given, else the limits handed down in the
/// environment (an engine process of the REPL), else the defaults.
pub fn install(memory_mb: Option<u64>, time_s: Option<f64>) {
    let inherited_mb = std::env::var(MEMORY_LIMIT_ENV)
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    let mb = memory_mb
        .or(inherited_mb)
        .unwrap_or(crate::game::defaults::MEMORY_LIMIT_MB);
    set_memory_limit(usize::try_from(mb << 20).unwrap_or(usize::MAX));
    std::env::set_var(MEMORY_LIMIT_ENV, mb.to_string());
    if let Some(s) = time_s {
        let limit = (s > 0.0).then(|| Duration::from_secs_f64(s));
        set_time_limit(limit, true);
        std::env::set_var(
            TIME_LIMIT_ENV,
            limit.map_or(0, |d| d.as_millis()).to_string(),
        );
    } else if std::env::var(TIME_LIMIT_ENV).is_err() {
        set_time_limit(Some(crate::game::defaults::TIME_LIMIT), false);
    }
}
