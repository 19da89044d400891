//! The confinement of a process's Prolog engine threads: what the binary allows them
//! (the files named on its command line, the working directory, the directories of
//! the files it writes), and each engine thread confined once, before its first rule
//! file from disk loads.  Off unless the binary turns it on (`enable`), so that a
//! library user or a test thread is never confined behind its back.

use super::{confine_current_thread, ConfineError, Confinement, Enforced};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static ENABLED: AtomicBool = AtomicBool::new(false);
static ALLOWED: Mutex<Option<Confinement>> = Mutex::new(None);

thread_local! {
    static CONFINED: Cell<bool> = const { Cell::new(false) };
}

/// Turns the confinement of engine threads on, with what they may still reach.
pub fn enable(allowed: Confinement) {
    *ALLOWED.lock().unwrap_or_else(|p| p.into_inner()) = Some(allowed);
    ENABLED.store(true, Ordering::SeqCst);
}

/// Whether this thread is confined already (by `confine_engine_thread`).
pub fn is_confined() -> bool {
    CONFINED.with(Cell::get)
}

/// Marks this thread as confined by other means (the REPL's engine process).
pub fn mark_confined() {
    CONFINED.with(|c| c.set(true));
}

/// Confines the calling thread for the untrusted rule files it is about to run, once;
/// `Ok(None)` when confinement is off or the thread is confined already.
pub fn confine_engine_thread() -> Result<Option<Enforced>, ConfineError> {
    if !ENABLED.load(Ordering::SeqCst) || is_confined() {
        return Ok(None);
    }
    let allowed = ALLOWED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default();
    let enforced = confine_current_thread(&allowed)?;
    mark_confined();
    Ok(Some(enforced))
}

/// What a named path lets an engine thread read: a directory, whole (the user named
/// it: `--rules DIR`, `lint DIR`); a file, and the rule files (`*.pl`) beside it, one
/// by one (a game it requires sits there), never the directory's other files.
pub fn readable(path: &Path) -> Vec<PathBuf> {
    let Ok(path) = path.canonicalize() else {
        return Vec::new();
    };
    if !path.is_file() {
        return vec![path];
    }
    let mut paths = vec![path.clone()];
    if let Some(entries) = path.parent().and_then(|dir| std::fs::read_dir(dir).ok()) {
        for entry in entries.flatten() {
            let p = entry.path();
            // a file itself, never through a link (which could point anywhere)
            let plain = entry.file_type().is_ok_and(|t| t.is_file());
            if p != path && plain && p.extension().is_some_and(|e| e == "pl") {
                paths.push(p);
            }
        }
    }
    paths
}

/// What a command may let its engine threads reach, from its arguments: read every
/// argument that names an existing file or directory (see `readable`: rule files,
/// `--rules`, records, position files); write in the directory of the value of each
/// flag in `writes` (`--save FILE`, `--svg FILE`).
pub fn from_arguments(args: &[String], writes: &[&str]) -> Confinement {
    let mut read = Vec::new();
    let mut write = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let path = Path::new(arg);
        if path.exists() {
            read.extend(readable(path));
        }
        if i > 0 && writes.contains(&args[i - 1].as_str()) {
            let dir = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            if let Ok(dir) = dir.canonicalize() {
                write.push(dir);
            }
        }
    }
    read.sort();
    read.dedup();
    Confinement { read, write }
}
