//! The confinement of a whole worker process: what a process that runs untrusted
//! rule text does to itself first thing, on its only thread, before it reads a
//! line of rules or starts another thread (which then inherits it).
//!
//! On top of the thread confinement (`confine_current_thread`: paths by Landlock,
//! system calls by seccomp), a worker:
//!
//! - closes every descriptor but standard input, output and error (its protocol
//!   pipes): nothing its parent's parent left open reaches it;
//! - starts no process at all: `fork`, `vfork` and a `clone` that makes a process
//!   (not a thread) fail with `EPERM`, as `execve` does;
//! - is not dumpable: no core file, and no process of the same user may attach
//!   to it or read its memory through `/proc`;
//! - has kernel limits: its address space (the memory limit, plus room for the
//!   stacks its threads reserve but do not touch), no file it could grow, and few
//!   descriptors.
//!
//! The parent decides all of it (see `worker`): what the process may read comes in
//! its start message, never from anything it loads. Where the kernel enforces no
//! Landlock rule (a kernel before 5.13, or one built without it) a worker does not
//! run at all: it fails closed, and `--trust` is the way to run rules there.

use super::{ConfineError, Confinement, Enforced};
use std::path::{Path, PathBuf};

/// The address space a worker may reserve beyond its memory limit: the deep stack
/// of its engine's thread (1 GiB, of which only the touched pages cost memory), the
/// C library's per-thread arenas, and the program itself.  Memory taken past the
/// allocator (a foreign call's own) is bounded by the two together.
const ADDRESS_SPACE_SLACK: u64 = 2 << 30;

/// The most descriptors a worker may hold: its three pipes, the runtime's own few
/// (`/dev/urandom`, the pinned `/proc` entries) and the rule files it reads one at a
/// time.
const MAX_DESCRIPTORS: u64 = 64;

/// What a worker process may still touch, and how much memory it may take.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WorkerConfinement {
    /// The rule files (and rule directories) it may read.
    pub read: Vec<PathBuf>,
    /// Its memory limit in bytes (0: none but the machine's).
    pub memory_bytes: u64,
    /// The CPU time it may use in its whole life, in seconds (`RLIMIT_CPU`), if bounded.
    #[serde(default)]
    pub cpu_seconds: Option<u64>,
}

/// Confines the calling process for good: call it on the process's only thread,
/// after `close_inherited_descriptors`. Gives what the kernel enforces.
#[cfg(target_os = "linux")]
pub fn confine_process(c: &WorkerConfinement) -> Result<Enforced, ConfineError> {
    use nix::sys::resource::{setrlimit, Resource};
    let limit = |what: &'static str| {
        move |e: nix::errno::Errno| ConfineError::Limit {
            what,
            why: e.to_string(),
        }
    };
    nix::sys::prctl::set_dumpable(false).map_err(limit("being traced or dumped"))?;
    super::no_core_dumps()?;
    // writing no file at all (Landlock grants no write either); pipes are not files
    setrlimit(Resource::RLIMIT_FSIZE, 0, 0).map_err(limit("the files it writes"))?;
    setrlimit(Resource::RLIMIT_NOFILE, MAX_DESCRIPTORS, MAX_DESCRIPTORS)
        .map_err(limit("its descriptors"))?;
    if let Some(s) = c.cpu_seconds {
        setrlimit(Resource::RLIMIT_CPU, s, s).map_err(limit("its CPU time"))?;
    }
    if c.memory_bytes > 0 {
        super::limit_process_memory(c.memory_bytes.saturating_add(ADDRESS_SPACE_SLACK))?;
    }
    let read = c.read.iter().filter(|p| p.exists()).cloned().collect();
    let enforced = super::confine(
        &Confinement {
            read,
            write: Vec::new(),
        },
        true,
    )?;
    // without Landlock a worker could read every file its user can: it does not run
    if enforced.landlock.is_none() {
        return Err(ConfineError::Landlock(
            "this kernel enforces no Landlock rules, so a worker could read any file: \
             rules from disk run only with --trust here"
                .into(),
        ));
    }
    Ok(enforced)
}

/// Elsewhere than Linux there is nothing to confine with.
#[cfg(not(target_os = "linux"))]
pub fn confine_process(_: &WorkerConfinement) -> Result<Enforced, ConfineError> {
    Ok(Enforced {
        landlock: None,
        seccomp: false,
    })
}

/// Closes every descriptor above standard error: the first thing a worker does.
#[cfg(target_os = "linux")]
pub fn close_inherited_descriptors() -> Result<(), ConfineError> {
    let fail = |why: String| ConfineError::Limit {
        what: "the descriptors it inherited",
        why,
    };
    let entries = std::fs::read_dir("/proc/self/fd").map_err(|e| fail(e.to_string()))?;
    // the listing's own descriptor is among them: collect first, close after
    let fds: Vec<i32> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .filter(|&fd| fd > 2)
        .collect();
    for fd in fds {
        // one that closed meanwhile (the listing's) answers EBADF
        match nix::unistd::close(fd) {
            Ok(()) | Err(nix::errno::Errno::EBADF) => {}
            Err(e) => return Err(fail(format!("descriptor {fd}: {e}"))),
        }
    }
    Ok(())
}

/// What a named path lets a worker read: a directory, whole (the user named it:
/// `--rules DIR`, `lint DIR`); a file, and the rule files (`*.pl`) beside it, one
/// by one (a game it requires sits there), never the directory's other files.
pub fn readable(path: &Path) -> Vec<PathBuf> {
    let Ok(path) = path.canonicalize() else {
        return Vec::new();
    };
    if !path.is_file() {
        return vec![path];
    }
    let mut paths = vec![path.clone()];
    if crate::prolog::is_gdl(&path) {
        // a GDL rule sheet is played as its translation, a file of its own
        paths.extend(crate::prolog::translation_file(&path));
    }
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

/// Does nothing elsewhere than Linux.
#[cfg(not(target_os = "linux"))]
pub fn close_inherited_descriptors() -> Result<(), ConfineError> {
    Ok(())
}
