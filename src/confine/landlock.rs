//! Landlock, the filesystem half of the confinement: which paths a confined thread
//! may open, and how; with TCP ports and cross-process IPC (abstract Unix sockets,
//! signals) cut off as well where the kernel can.
//!
//! Best effort: every access right of the newest Landlock ABI the `landlock` crate
//! knows is handled, and the kernel enforces those it supports (ABI 7 on Linux
//! 6.15 to 6.18). A kernel without Landlock enforces nothing here; the seccomp half
//! still applies.

use super::{ConfineError, Confinement};
use ::landlock::{
    Access, AccessFs, AccessNet, BitFlags, LandlockStatus, PathBeneath, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetError, RulesetStatus, Scope, ABI,
};
use std::cell::RefCell;
use std::path::Path;

/// The ABI whose access rights are handled: all of them, for the crate's newest.
const HANDLED: ABI = ABI::V10;

/// The runtime paths a confined thread may read, besides those it is given: see the
/// list and the reasons in the module documentation of `confine`. A path missing on
/// this machine is left out.
const RUNTIME_READ: &[&str] = &[
    "/proc/self/cgroup",
    "/proc/self/mountinfo",
    "/proc/self/maps",
    "/proc/self/status",
    "/proc/thread-self/status",
    "/sys/fs/cgroup",
    "/sys/devices/system/cpu",
    "/dev/urandom",
];

/// Where the process's own entries are: a rule on one holds only while it stays the
/// same inode, so each is held open (not the whole of `/proc/self`: its `environ`,
/// `mem` and `fd/` stay closed to a confined thread).

/// The one runtime path a confined thread may also write (what is written there is
/// thrown away).
const DEV_NULL: &str = "/dev/null";

/// The one file of `/proc/self` a confined thread may write: see `prepare`.
const CLEAR_REFS: &str = "/proc/self/clear_refs";

thread_local! {
    /// The `/proc/<pid>` entries the rules of this thread name, held open: a Landlock
    /// rule names an inode, and procfs may make a new inode for such an entry once
    /// it has left the kernel's cache, which would quietly drop the rule.
    static PINNED: RefCell<Vec<std::fs::File>> = const { RefCell::new(Vec::new()) };
}

/// Reading: open files and list directories.
fn read_rights() -> BitFlags<AccessFs> {
    AccessFs::ReadFile | AccessFs::ReadDir
}

/// Writing in a directory: reading, plus writing and truncating files, making and
/// removing regular files and directories, and renaming them (`Refer` lets a file
/// move between two such directories). Never executing, nor making device nodes,
/// pipes, sockets or symbolic links.
fn write_rights() -> BitFlags<AccessFs> {
    read_rights()
        | AccessFs::WriteFile
        | AccessFs::Truncate
        | AccessFs::MakeReg
        | AccessFs::MakeDir
        | AccessFs::RemoveFile
        | AccessFs::RemoveDir
        | AccessFs::Refer
}

/// A ruleset built and filled, not yet enforced.
pub(super) struct Prepared {
    ruleset: RulesetCreated,
    pin: Vec<std::fs::File>,
}

/// Builds the ruleset for `c`: the paths it names must exist (a missing one is an
/// error, not a silently narrower confinement); the runtime paths may be missing.
pub(super) fn prepare(c: &Confinement) -> Result<Prepared, ConfineError> {
    let mut ruleset = Ruleset::default()
        .handle_access(AccessFs::from_all(HANDLED))
        .and_then(|r| r.handle_access(AccessNet::from_all(HANDLED)))
        .and_then(|r| r.scope(Scope::from_all(HANDLED)))
        .and_then(|r| r.create())
        .map_err(landlock_error)?;
    let mut pin = Vec::new();
    for path in RUNTIME_READ {
        if let Ok(fd) = open(Path::new(path)) {
            ruleset = grant(ruleset, &fd, read_rights())?;
            if path.starts_with("/proc/") {
                pin.push(fd.0);
            }
        }
    }
    if let Ok(fd) = open(Path::new(DEV_NULL)) {
        let rights = AccessFs::ReadFile | AccessFs::WriteFile | AccessFs::Truncate;
        ruleset = grant(ruleset, &fd, rights)?;
    }
    // the process's own page-reference bits, which `ludolog bench` resets to measure
    // a run's peak memory (held open like /proc/self, for the same reason)
    if let Ok(fd) = open(Path::new(CLEAR_REFS)) {
        ruleset = grant(ruleset, &fd, AccessFs::WriteFile | AccessFs::Truncate)?;
        pin.push(fd.0);
    }
    // the program's own file, so that a panic's backtrace has names (std reads the
    // symbols from it); it holds no secret
    if let Some(fd) = std::env::current_exe().ok().and_then(|p| open(&p).ok()) {
        ruleset = grant(ruleset, &fd, AccessFs::ReadFile.into())?;
    }
    for (paths, rights) in [(&c.read, read_rights()), (&c.write, write_rights())] {
        for path in paths {
            let fd = open_exact(path).map_err(|why| ConfineError::Path {
                path: path.clone(),
                why,
            })?;
            ruleset = grant(ruleset, &fd, rights)?;
        }
    }
    Ok(Prepared { ruleset, pin })
}

impl Prepared {
    /// Enforces the ruleset on the calling thread (setting no_new_privs too), and
    /// tells which Landlock ABI the kernel enforces it with, or `None` when it
    /// enforces nothing.
    pub(super) fn enforce(self) -> Result<Option<u32>, ConfineError> {
        let status = self.ruleset.restrict_self().map_err(landlock_error)?;
        for fd in self.pin {
            PINNED.with(|pinned| pinned.borrow_mut().push(fd));
        }
        if matches!(status.ruleset, RulesetStatus::NotEnforced) {
            return Ok(None);
        }
        Ok(match status.landlock {
            LandlockStatus::Available { effective_abi, .. } => abi_number(effective_abi),
            _ => None,
        })
    }
}

/// A path opened as Landlock wants it (`O_PATH`), and whether it is a directory.
struct Opened(std::fs::File, bool);

fn open(path: &Path) -> Result<Opened, String> {
    opened(path, 0)
}

/// `path` opened for a rule only (`O_PATH`), with `flags` added: a file or a
/// directory, told from the open descriptor.
fn opened(path: &Path, flags: i32) -> Result<Opened, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::libc::O_PATH | flags)
        .open(path)
        .map_err(|e| e.to_string())?;
    let kind = file.metadata().map_err(|e| e.to_string())?.file_type();
    Ok(Opened(file, kind.is_dir()))
}

/// A path its caller was given, opened as it is now: a symbolic link is not
/// followed, and what is opened is what the rule names (a file or a directory, told
/// from the open descriptor), so that a link swapped in after the path was chosen
/// (to a secret, or to /) grants nothing.
fn open_exact(path: &Path) -> Result<Opened, String> {
    let opened = opened(path, nix::libc::O_NOFOLLOW)?;
    let kind = opened.0.metadata().map_err(|e| e.to_string())?.file_type();
    if !kind.is_file() && !kind.is_dir() {
        return Err("it is neither a plain file nor a directory (a link is not followed)".into());
    }
    Ok(opened)
}

/// Adds the rule that allows `rights` beneath `fd` (on it alone, for a file: then the
/// rights that only make sense on a directory are dropped).
fn grant(
    ruleset: RulesetCreated,
    fd: &Opened,
    rights: BitFlags<AccessFs>,
) -> Result<RulesetCreated, ConfineError> {
    let rights = if fd.1 {
        rights
    } else {
        rights & AccessFs::from_file(HANDLED)
    };
    ruleset
        .add_rule(PathBeneath::new(&fd.0, rights))
        .map_err(landlock_error)
}

fn landlock_error(e: RulesetError) -> ConfineError {
    ConfineError::Landlock(e.to_string())
}

/// The number of a Landlock ABI (`None` for no Landlock).
fn abi_number(abi: ABI) -> Option<u32> {
    match abi {
        ABI::V1 => Some(1),
        ABI::V2 => Some(2),
        ABI::V3 => Some(3),
        ABI::V4 => Some(4),
        ABI::V5 => Some(5),
        ABI::V6 => Some(6),
        ABI::V7 => Some(7),
        ABI::V8 => Some(8),
        ABI::V9 => Some(9),
        ABI::V10 => Some(10),
        ABI::Unsupported => None,
        // an ABI newer than this list: its Display is its number
        newer => newer.to_string().parse().ok(),
    }
}
