//! Operating-system confinement of the threads that run untrusted rule files: a
//! defence in depth under the Prolog-level sandbox, for the day a builtin lets a rule
//! file open, run or connect to something it should not.
//!
//! [`confine_current_thread`] applies two kernel mechanisms to the calling thread:
//! Landlock (which paths it may open) and a seccomp filter (which system calls it may
//! make). What a confined thread cannot do:
//!
//! - start programs: `execve` and `execveat` fail with `EPERM`;
//! - use the network or Unix sockets: `socket`, `socketpair`, `connect`, `bind`,
//!   `listen`, `accept` and `accept4` fail with `EPERM` (and Landlock also refuses
//!   TCP binds and connections, and abstract Unix sockets of other processes);
//! - reach other processes: `ptrace`, `process_vm_readv`/`writev`, the pidfd calls,
//!   and signals to any process but its own (which as root could kill every process;
//!   Landlock scopes signals as well);
//! - change the system: mounts (the old and the new mount API), namespaces
//!   (`unshare`, `setns`, `clone` with a `CLONE_NEW*` flag), kernel modules,
//!   `kexec`, `bpf`, `perf_event_open`, keyrings, `userfaultfd`, `personality`,
//!   `reboot`, swap, host and domain names, the clock, the kernel log, quotas,
//!   `io_uring` (whose requests would bypass seccomp), raw I/O ports, opening files
//!   by handle, pushing keys into a terminal (`TIOCSTI`), raising resource limits;
//! - change file metadata, which Landlock does not cover and root could otherwise
//!   change on any file: modes, owners, extended attributes, times, inode flags,
//!   device nodes;
//! - open any path but those it was given and the runtime's own (below): opening
//!   anything else fails with `EACCES`. A path in `read` may be read (a directory:
//!   listed, and every file beneath it read); a path in `write` may also be written,
//!   truncated, and have files and directories made, renamed and removed beneath it.
//!   Nothing may be executed, and no device node, pipe, socket or symbolic link made.
//!
//! On x86_64 every x32 system call fails too (a denylist keyed on call numbers would
//! otherwise miss `execve` made as an x32 call), and a 32-bit call (`int 0x80`) kills
//! the process.
//!
//! What it does not block: reading and writing the file descriptors the thread
//! already has (standard input and output, pipes, sockets); `stat`, `readlink` and
//! path lookups anywhere (so a thread can learn whether a file exists, not read it);
//! `fork`, `vfork` and `clone` without namespace flags (the child inherits the
//! confinement and cannot start a program); CPU and memory use (see
//! [`limit_process_memory`], and time limits); `ioctl` on open files, but for
//! terminal input. Nor memory corruption: a thread shares its address space with the
//! unconfined threads of its process, so code that gains arbitrary execution in it
//! can act through them. This layer stops a rule file from asking the engine for
//! something forbidden; a worker process is the boundary against an exploit.
//!
//! # The runtime's own paths
//!
//! A confined thread may also read what the Rust runtime, the C library and the
//! engine read after start-up (a path missing on the machine is left out):
//!
//! - of `/proc/self` (the process's own entry) only `cgroup` and `mountinfo`
//!   (`std::thread::available_parallelism` reads them for the CPU quota), `maps` (a
//!   panic's backtrace), `status` (the resident size `bench` reports; and
//!   `/proc/thread-self/status`), and `clear_refs` to write (`bench` resets the peak
//!   there); never `environ`, `mem` or `fd/`;
//! - `/sys/fs/cgroup`: the CPU quota itself (`cpu.max`, or `cpu.cfs_quota_us` under
//!   cgroup v1), for the same count of threads;
//! - `/sys/devices/system/cpu`: the online CPUs, which the C library's count of
//!   processors reads;
//! - `/dev/urandom`: randomness for a runtime without the `getrandom` call (which
//!   needs no path);
//! - `/dev/null`, for writing as well: output thrown away;
//! - the program's own file (`std::env::current_exe`), read only: a panic's backtrace
//!   takes its function names from it.
//!
//! Not `/etc` (so no time zone: local time is UTC, and no user or host lookups) nor
//! the home directory. Whatever the engine loads lazily (a library, a foreign
//! module) must be loaded before confining, or named in [`Confinement::read`].
//!
//! # Why per thread
//!
//! Landlock and seccomp (without `TSYNC`, which this module never uses) confine the
//! calling thread and whatever it starts afterwards, threads or processes, never the
//! threads already running. That is the point: the Prolog engine runs on its own
//! threads, confined, while the main thread stays free to write game records and
//! answer the user. Two consequences: confine a thread before it runs any rule file;
//! and a thread pool first started from a confined thread (rayon's global pool, say)
//! is confined for good, with every job other threads send it, so start such pools
//! before confining. A confinement is never lifted; a second call on the same thread
//! adds a layer, which can only narrow what the thread may do (Landlock allows 16
//! layers).
//!
//! Landlock is best effort: the kernel enforces the access rights it knows (ABI 7 on
//! Linux 6.15 to 6.18), and a kernel without Landlock enforces no path rule at all,
//! which [`Enforced`] reports. Seccomp is required: if its filter cannot be installed,
//! confining fails. Both set `no_new_privs`. Elsewhere than Linux confining does
//! nothing and says so.
//!
//! [`limit_process_memory`] and [`no_core_dumps`] set resource limits, which hold
//! for the whole process, not one thread.

#[cfg(target_os = "linux")]
mod landlock;
pub mod process;
#[cfg(target_os = "linux")]
mod seccomp;
#[cfg(all(test, target_os = "linux"))]
mod tests;

use std::fmt;
use std::path::PathBuf;

/// What a confined thread may still touch, besides the runtime's own paths (see the
/// module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Confinement {
    /// Files and directories it may read (the rule files it was given, their
    /// directories); a directory grants everything beneath it. Each must exist.
    pub read: Vec<PathBuf>,
    /// Directories in which it may create, write, rename and remove files (e.g. the
    /// directory of a `--save` record); usually empty. Each must exist.
    pub write: Vec<PathBuf>,
}

/// What was enforced, to report (e.g. "landlock ABI 7, seccomp").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enforced {
    /// The Landlock ABI the kernel enforces the path rules with, or `None` when the
    /// kernel has no Landlock (then only seccomp confines).
    pub landlock: Option<u32>,
    /// Whether the seccomp filter is installed: always, on Linux.
    pub seccomp: bool,
}

impl fmt::Display for Enforced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.landlock, self.seccomp) {
            (Some(abi), true) => write!(f, "landlock ABI {abi}, seccomp"),
            (Some(abi), false) => write!(f, "landlock ABI {abi}"),
            (None, true) => write!(f, "seccomp (the kernel has no landlock)"),
            (None, false) => write!(f, "not confined"),
        }
    }
}

/// Why a thread or process could not be confined. After an error the calling thread
/// may be partly confined: run no untrusted rule file on it.
#[derive(Debug, thiserror::Error)]
pub enum ConfineError {
    /// A path of the [`Confinement`] cannot be opened.
    #[error("cannot give the confined thread access to {}: {why}", path.display())]
    Path { path: PathBuf, why: String },
    /// The Landlock ruleset cannot be built or enforced.
    #[error("cannot set up landlock: {0}")]
    Landlock(String),
    /// The seccomp filter cannot be built (e.g. for an architecture it does not know).
    #[error("cannot build the seccomp filter: {0}")]
    SeccompBuild(String),
    /// The kernel refused the seccomp filter.
    #[error("cannot install the seccomp filter: {0}")]
    Seccomp(String),
    /// A resource limit cannot be set.
    #[error("cannot limit {what}: {why}")]
    Limit { what: &'static str, why: String },
}

/// Confines the calling thread, and every thread or process it starts later: it
/// cannot start programs, use sockets, reach other processes or change the system,
/// and can open only the paths of `c` (and the runtime's own); see the module
/// documentation for the whole list. Never lifted; calling again only narrows.
#[cfg(target_os = "linux")]
pub fn confine_current_thread(c: &Confinement) -> Result<Enforced, ConfineError> {
    confine(c, false)
}

/// `confine_current_thread`; for a whole process (`process`), no new process either
/// (see `process`).
#[cfg(target_os = "linux")]
fn confine(c: &Confinement, process: bool) -> Result<Enforced, ConfineError> {
    // everything is built before anything is enforced, so that most errors leave the
    // thread as it was
    let filters = self::seccomp::Filters::build(process)?;
    let ruleset = self::landlock::prepare(c)?;
    let abi = ruleset.enforce()?;
    filters.install()?;
    Ok(Enforced {
        landlock: abi,
        seccomp: true,
    })
}

/// Elsewhere than Linux there is nothing to confine with: the thread is left as it
/// is, and the answer says so.
#[cfg(not(target_os = "linux"))]
pub fn confine_current_thread(_: &Confinement) -> Result<Enforced, ConfineError> {
    Ok(Enforced {
        landlock: None,
        seccomp: false,
    })
}

/// Limits the address space of the whole process to `bytes` (`RLIMIT_AS`, soft and
/// hard), a backstop for a worker process running untrusted rules: past it,
/// allocations fail. Never raises the limit in force.
#[cfg(target_os = "linux")]
pub fn limit_process_memory(bytes: u64) -> Result<(), ConfineError> {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let failed = |e: nix::errno::Errno| ConfineError::Limit {
        what: "the memory of this process",
        why: e.to_string(),
    };
    let (_, hard) = getrlimit(Resource::RLIMIT_AS).map_err(failed)?;
    let limit = bytes.min(hard);
    setrlimit(Resource::RLIMIT_AS, limit, limit).map_err(failed)
}

/// Does nothing elsewhere than Linux.
#[cfg(not(target_os = "linux"))]
pub fn limit_process_memory(_bytes: u64) -> Result<(), ConfineError> {
    Ok(())
}

/// Stops the whole process from writing core dumps (`RLIMIT_CORE` 0, soft and hard),
/// which could hold whatever it had in memory.
#[cfg(target_os = "linux")]
pub fn no_core_dumps() -> Result<(), ConfineError> {
    use nix::sys::resource::{setrlimit, Resource};
    setrlimit(Resource::RLIMIT_CORE, 0, 0).map_err(|e| ConfineError::Limit {
        what: "core dumps",
        why: e.to_string(),
    })
}

/// Does nothing elsewhere than Linux.
#[cfg(not(target_os = "linux"))]
pub fn no_core_dumps() -> Result<(), ConfineError> {
    Ok(())
}
