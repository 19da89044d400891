//! Seccomp, the system-call half of the confinement: the calls a confined thread may
//! not make at all (start programs, open sockets, trace or signal other processes,
//! mount, change namespaces, load kernel code, change file owners and modes...).
//!
//! Every filter allows by default and answers the listed calls with an error, so a
//! confined thread sees a plain `EPERM` where it oversteps and keeps working. Filters
//! apply to the calling thread only (no TSYNC) and to every thread or process it
//! starts later; installing one sets `PR_SET_NO_NEW_PRIVS` first
//! (`seccompiler::apply_filter` does it), and nothing lifts either.

use super::ConfineError;
use nix::libc;
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};
use std::collections::BTreeMap;

// System calls newer than the `libc` crate's tables for every architecture. Since
// Linux 5.1 (call 424) new system calls have the same number on x86_64 and aarch64.
/// `fchmodat2` (Linux 6.6).
const SYS_FCHMODAT2: i64 = 452;
/// `setxattrat` (Linux 6.13).
const SYS_SETXATTRAT: i64 = 463;
/// `removexattrat` (Linux 6.13).
const SYS_REMOVEXATTRAT: i64 = 466;
/// `open_tree_attr` (Linux 6.15), a mount-API call.
const SYS_OPEN_TREE_ATTR: i64 = 467;
/// `file_setattr` (Linux 6.17): sets inode flags (immutable, append-only) and project ids.
const SYS_FILE_SETATTR: i64 = 469;

/// System calls refused outright (`EPERM`), on every architecture.
const DENIED: &[i64] = &[
    // starting programs
    libc::SYS_execve,
    libc::SYS_execveat,
    // the network, and Unix sockets (nothing in the engine needs them; std's process
    // spawning uses socketpair, and starting programs is refused anyway)
    libc::SYS_socket,
    libc::SYS_socketpair,
    libc::SYS_connect,
    libc::SYS_bind,
    libc::SYS_listen,
    libc::SYS_accept,
    libc::SYS_accept4,
    // other processes: tracing, reading or writing their memory, taking their files,
    // signalling them through a pidfd (signals by pid are filtered in `deny_rules`)
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_open,
    libc::SYS_pidfd_getfd,
    libc::SYS_pidfd_send_signal,
    libc::SYS_tkill,
    // mounts (the old and the new mount API) and namespaces
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    SYS_OPEN_TREE_ATTR,
    libc::SYS_mount_setattr,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    // kernel code and kernel state
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_userfaultfd,
    libc::SYS_personality,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_sethostname,
    libc::SYS_setdomainname,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_adjtimex,
    libc::SYS_syslog,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_quotactl_fd,
    libc::SYS_fanotify_init,
    libc::SYS_vhangup,
    // io_uring: its requests are carried out without passing through seccomp
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    // files by handle (root may open any file this way, whatever its path)
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    // device nodes, and file metadata, which Landlock does not cover: as root a
    // confined thread could otherwise chmod or chown any file it can name (fchmod of
    // a file it opened stays allowed: a record saved over keeps its mode that way,
    // and what it may open Landlock decides)
    libc::SYS_mknodat,
    libc::SYS_fchmodat,
    SYS_FCHMODAT2,
    libc::SYS_fchown,
    libc::SYS_fchownat,
    libc::SYS_setxattr,
    libc::SYS_lsetxattr,
    libc::SYS_fsetxattr,
    SYS_SETXATTRAT,
    libc::SYS_removexattr,
    libc::SYS_lremovexattr,
    libc::SYS_fremovexattr,
    SYS_REMOVEXATTRAT,
    SYS_FILE_SETATTR,
    libc::SYS_utimensat,
    // raising resource limits back (prlimit64 is filtered in `deny_rules`)
    libc::SYS_setrlimit,
];

/// The older system calls of x86_64 that aarch64 never had, refused outright.
#[cfg(target_arch = "x86_64")]
const DENIED_LEGACY: &[i64] = &[
    libc::SYS_mknod,
    libc::SYS_chmod,
    libc::SYS_chown,
    libc::SYS_lchown,
    libc::SYS_utime,
    libc::SYS_utimes,
    libc::SYS_futimesat,
    libc::SYS_uselib,
    // raw access to I/O ports
    libc::SYS_iopl,
    libc::SYS_ioperm,
];

#[cfg(not(target_arch = "x86_64"))]
const DENIED_LEGACY: &[i64] = &[];

/// The older calls of x86_64 refused to a worker process: those that only start
/// processes, and the first file-watch call.
#[cfg(target_arch = "x86_64")]
const WORKER_DENIED_LEGACY: &[i64] = &[libc::SYS_fork, libc::SYS_vfork, libc::SYS_inotify_init];
#[cfg(not(target_arch = "x86_64"))]
const WORKER_DENIED_LEGACY: &[i64] = &[];

/// What a worker process, which writes no file and runs alone, never needs, and
/// could reach other processes or outlive itself with (as root these would work on
/// any process): changing a file's mode, the scheduling of any process, System V
/// and POSIX message queues, shared memory and semaphores (which outlive it), file
/// watches, comparing and advising other processes, moving their memory.
const WORKER_DENIED: &[i64] = &[
    libc::SYS_fchmod,
    libc::SYS_setpriority,
    libc::SYS_sched_setscheduler,
    libc::SYS_sched_setparam,
    libc::SYS_sched_setattr,
    libc::SYS_sched_setaffinity,
    libc::SYS_ioprio_set,
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_shmdt,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semctl,
    libc::SYS_semtimedop,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    libc::SYS_mq_timedsend,
    libc::SYS_mq_timedreceive,
    libc::SYS_mq_notify,
    libc::SYS_mq_getsetattr,
    libc::SYS_inotify_init1,
    libc::SYS_inotify_add_watch,
    libc::SYS_kcmp,
    libc::SYS_process_madvise,
    libc::SYS_migrate_pages,
    libc::SYS_move_pages,
    libc::SYS_set_mempolicy,
    libc::SYS_mbind,
];

/// The `clone` flags that create namespaces: `clone` with any of them is refused, as
/// `unshare` and `setns` are. (`CLONE_NEWTIME` exists only for `clone3`.)
const NAMESPACE_FLAGS: [libc::c_int; 7] = [
    libc::CLONE_NEWNS,
    libc::CLONE_NEWCGROUP,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
];

/// The compiled filters, ready to install: compiling first means that a filter that
/// cannot be built is an error before anything is enforced.
pub(super) struct Filters {
    programs: Vec<BpfProgram>,
}

impl Filters {
    /// Compiles the filters for the architecture this program was built for.
    /// `process`: for a whole worker process, which starts no process at all (`fork`,
    /// `vfork`, and `clone` without `CLONE_THREAD` refused too).
    pub(super) fn build(process: bool) -> Result<Filters, ConfineError> {
        let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|_| {
            ConfineError::SeccompBuild(format!(
                "there are no seccomp filters for the {} architecture",
                std::env::consts::ARCH
            ))
        })?;
        // the first filter refuses the listed calls with EPERM, after a guard that
        // refuses every x32 call
        let mut denials = x32_guard();
        denials.extend(compile(deny_rules(process)?, libc::EPERM, arch)?);
        // the second answers clone3 with ENOSYS: its flags are in memory, where a
        // filter cannot read them, and on ENOSYS the C library starts threads and
        // processes with clone, whose flags the first filter checks
        let clone3 = compile(
            BTreeMap::from([(libc::SYS_clone3, Vec::new())]),
            libc::ENOSYS,
            arch,
        )?;
        Ok(Filters {
            programs: vec![denials, clone3],
        })
    }

    /// Installs the filters on the calling thread, for good.
    pub(super) fn install(&self) -> Result<(), ConfineError> {
        for program in &self.programs {
            seccompiler::apply_filter(program).map_err(|e| {
                ConfineError::Seccomp(match e {
                    seccompiler::Error::Prctl(e) => format!("cannot set no_new_privs: {e}"),
                    seccompiler::Error::Seccomp(e) => e.to_string(),
                    other => other.to_string(),
                })
            })?;
        }
        Ok(())
    }

    /// How many BPF instructions each filter has (for the tests).
    #[cfg(test)]
    pub(super) fn lengths(&self) -> Vec<usize> {
        self.programs.iter().map(Vec::len).collect()
    }
}

/// The rules of the first filter: each listed call refused whatever its arguments,
/// and a few refused only with some arguments.
fn deny_rules(process: bool) -> Result<BTreeMap<i64, Vec<SeccompRule>>, ConfineError> {
    use SeccompCmpArgLen::{Dword, Qword};
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for &call in DENIED.iter().chain(DENIED_LEGACY.iter()) {
        rules.insert(call, Vec::new());
    }
    // a signal to any process but this one (the first argument is the pid, or the
    // thread group id): as root, kill(-1, SIGKILL) would end every process
    let pid = u64::from(std::process::id());
    for call in [
        libc::SYS_kill,
        libc::SYS_tgkill,
        libc::SYS_rt_sigqueueinfo,
        libc::SYS_rt_tgsigqueueinfo,
    ] {
        rules.insert(call, vec![rule(0, Dword, SeccompCmpOp::Ne, pid)?]);
    }
    // prlimit64 that sets a limit (its third argument is not NULL); reading one, as
    // getrlimit does, stays allowed
    rules.insert(
        libc::SYS_prlimit64,
        vec![rule(2, Qword, SeccompCmpOp::Ne, 0)?],
    );
    // ioctl that pushes characters into a terminal's input, to be run by the shell
    // after this program exits
    rules.insert(
        libc::SYS_ioctl,
        vec![
            rule(1, Dword, SeccompCmpOp::Eq, libc::TIOCSTI as u64)?,
            rule(1, Dword, SeccompCmpOp::Eq, libc::TIOCLINUX as u64)?,
        ],
    );
    // clone that creates a namespace
    let mut clone = NAMESPACE_FLAGS
        .iter()
        .map(|&flag| {
            let flag = flag as u64;
            rule(0, Dword, SeccompCmpOp::MaskedEq(flag), flag)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if process {
        // a worker process starts threads (clone with CLONE_THREAD) and nothing else:
        // fork and posix_spawn are clones without it
        let thread = libc::CLONE_THREAD as u64;
        clone.push(rule(0, Dword, SeccompCmpOp::MaskedEq(thread), 0)?);
        for &call in WORKER_DENIED_LEGACY.iter().chain(WORKER_DENIED) {
            rules.insert(call, Vec::new());
        }
    }
    rules.insert(libc::SYS_clone, clone);
    Ok(rules)
}

/// A rule of one condition on argument `arg`.
fn rule(
    arg: u8,
    len: SeccompCmpArgLen,
    op: SeccompCmpOp,
    value: u64,
) -> Result<SeccompRule, ConfineError> {
    let condition = SeccompCondition::new(arg, len, op, value).map_err(build_error)?;
    SeccompRule::new(vec![condition]).map_err(build_error)
}

/// Compiles a filter that allows every call but those `rules` match, which fail with
/// `errno`.
fn compile(
    rules: BTreeMap<i64, Vec<SeccompRule>>,
    errno: libc::c_int,
    arch: TargetArch,
) -> Result<BpfProgram, ConfineError> {
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(errno as u32),
        arch,
    )
    .map_err(build_error)?;
    BpfProgram::try_from(filter).map_err(build_error)
}

fn build_error(e: seccompiler::BackendError) -> ConfineError {
    ConfineError::SeccompBuild(e.to_string())
}

/// On x86_64, the instructions that refuse every x32 system call (numbers with bit
/// 30 set, which a 64-bit process can make too, under the same audit architecture):
/// without this guard `execve` would be reachable as x32 call 520. Calls of the
/// other architecture a 64-bit process can make (i386, through `int 0x80`) are
/// stopped by seccompiler's own architecture check, which kills the process.
#[cfg(target_arch = "x86_64")]
fn x32_guard() -> BpfProgram {
    use seccompiler::sock_filter;
    // offsets in struct seccomp_data
    const NR: u32 = 0;
    const ARCH: u32 = 4;
    // EM_X86_64 | __AUDIT_ARCH_64BIT | __AUDIT_ARCH_LE, from linux/audit.h
    const AUDIT_ARCH_X86_64: u32 = 0xc000_003e;
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    let load = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
    let jump_eq = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
    let jump_ge = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
    let ret = (libc::BPF_RET | libc::BPF_K) as u16;
    let op = |code: u16, jt: u8, jf: u8, k: u32| sock_filter { code, jt, jf, k };
    // jumps count the instructions to skip: 3 from the second one and 1 from the
    // fourth both land just past the guard, where the seccompiler filter begins
    vec![
        op(load, 0, 0, ARCH),
        op(jump_eq, 0, 3, AUDIT_ARCH_X86_64),
        op(load, 0, 0, NR),
        op(jump_ge, 0, 1, X32_SYSCALL_BIT),
        op(ret, 0, 0, libc::SECCOMP_RET_ERRNO | libc::EPERM as u32),
    ]
}

#[cfg(not(target_arch = "x86_64"))]
fn x32_guard() -> BpfProgram {
    Vec::new()
}
