//! Tests of the confinement: each confines a fresh thread, checks from inside it what
//! it may and may not do, then checks that the test's own thread, not confined, still
//! may. The path rules are checked only where the kernel enforces Landlock.

use super::*;
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::Path;
use std::process::Command;

/// Runs `f` on a fresh thread confined by `c` and gives back what it returns; a
/// failed assertion on that thread fails the test.
fn confined<T: Send + 'static>(
    c: Confinement,
    f: impl FnOnce(Enforced) -> T + Send + 'static,
) -> T {
    std::thread::spawn(move || {
        let enforced = confine_current_thread(&c).expect("the thread can be confined");
        f(enforced)
    })
    .join()
    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Checks that `result` is a refusal.
fn denied<T>(result: std::io::Result<T>, what: &str) {
    match result {
        Err(e) => assert_eq!(e.kind(), ErrorKind::PermissionDenied, "{what}: {e}"),
        Ok(_) => panic!("{what} was allowed"),
    }
}

fn runs_true() -> bool {
    Command::new("/bin/true")
        .status()
        .is_ok_and(|s| s.success())
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

#[test]
fn a_confined_thread_cannot_start_programs_nor_open_sockets() {
    let enforced = confined(Confinement::default(), |enforced| {
        denied(Command::new("/bin/true").status(), "starting /bin/true");
        assert!(
            std::net::TcpListener::bind("127.0.0.1:0").is_err(),
            "a confined thread listened on a TCP port"
        );
        assert!(
            std::net::UdpSocket::bind("127.0.0.1:0").is_err(),
            "a confined thread opened a UDP socket"
        );
        assert!(
            std::os::unix::net::UnixStream::pair().is_err(),
            "a confined thread made a socket pair"
        );
        enforced
    });
    assert!(enforced.seccomp);
    assert!(
        runs_true(),
        "the thread that did not confine itself can still start programs"
    );
    assert!(
        std::net::TcpListener::bind("127.0.0.1:0").is_ok(),
        "the thread that did not confine itself can still open sockets"
    );
}

#[test]
fn a_confined_thread_opens_only_what_it_was_given() {
    let readable = tempdir();
    let writable = tempdir();
    let forbidden = tempdir();
    std::fs::write(readable.path().join("rules.pl"), "game(hex).\n").unwrap();
    std::fs::write(forbidden.path().join("secret"), "s").unwrap();
    let etc_readable = std::fs::read("/etc/hostname").is_ok();
    let c = Confinement {
        read: vec![readable.path().to_path_buf()],
        write: vec![writable.path().to_path_buf()],
    };
    let (r, w, f) = (
        readable.path().to_path_buf(),
        writable.path().to_path_buf(),
        forbidden.path().to_path_buf(),
    );
    confined(c, move |enforced| {
        let rules = std::fs::read_to_string(r.join("rules.pl")).unwrap();
        assert_eq!(rules, "game(hex).\n");
        assert_eq!(std::fs::read_dir(&r).unwrap().count(), 1);
        std::fs::write(w.join("record.tmp"), "1. a1\n").unwrap();
        std::fs::rename(w.join("record.tmp"), w.join("record.txt")).unwrap();
        assert_eq!(
            std::fs::read_to_string(w.join("record.txt")).unwrap(),
            "1. a1\n"
        );
        std::fs::create_dir(w.join("sub")).unwrap();
        std::fs::remove_dir(w.join("sub")).unwrap();
        if enforced.landlock.is_none() {
            eprintln!("no landlock in this kernel: the path rules are not checked");
            return;
        }
        denied(File::create(f.join("x")), "creating a file elsewhere");
        denied(std::fs::read(f.join("secret")), "reading a file elsewhere");
        denied(std::fs::read_dir(&f), "listing a directory elsewhere");
        denied(
            File::create(r.join("new.pl")),
            "creating a file in a read directory",
        );
        denied(
            OpenOptions::new().append(true).open(r.join("rules.pl")),
            "writing a file it may only read",
        );
        if etc_readable {
            denied(std::fs::read("/etc/hostname"), "reading /etc/hostname");
        }
    });
    assert!(
        !forbidden.path().join("x").exists(),
        "a confined thread made a file"
    );
    assert!(writable.path().join("record.txt").exists());
    File::create(forbidden.path().join("x"))
        .expect("the thread that did not confine itself can still create files");
}

#[test]
fn the_runtime_keeps_working_in_a_confined_thread() {
    let outside = std::thread::available_parallelism().unwrap();
    let forbidden = tempdir();
    let f = forbidden.path().to_path_buf();
    confined(Confinement::default(), move |enforced| {
        assert_eq!(std::thread::available_parallelism().unwrap(), outside);
        // /proc/thread-self is this thread's entry (/proc/self is the process's)
        let status = std::fs::read_to_string("/proc/thread-self/status").unwrap();
        assert!(
            status.lines().any(|l| l == "Seccomp:\t2"),
            "the thread has a seccomp filter:\n{status}"
        );
        assert!(status.lines().any(|l| l == "NoNewPrivs:\t1"));
        let mut bytes = [0u8; 16];
        File::open("/dev/urandom")
            .unwrap()
            .read_exact(&mut bytes)
            .unwrap();
        OpenOptions::new()
            .write(true)
            .open("/dev/null")
            .unwrap()
            .write_all(b"thrown away")
            .unwrap();
        // a confined thread can start threads (clone3 is refused with ENOSYS, and the
        // C library falls back to clone), which are confined too
        let landlock = enforced.landlock.is_some();
        std::thread::spawn(move || {
            denied(Command::new("/bin/true").status(), "starting a program");
            if landlock {
                denied(File::create(f.join("x")), "creating a file elsewhere");
            }
        })
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    });
}

#[test]
fn confining_again_only_narrows() {
    let dir = tempdir();
    let d = dir.path().to_path_buf();
    let write_in = |d: &Path| Confinement {
        read: Vec::new(),
        write: vec![d.to_path_buf()],
    };
    confined(write_in(&d), move |first| {
        std::fs::write(d.join("one"), "1").unwrap();
        let read_only = Confinement {
            read: vec![d.clone()],
            write: Vec::new(),
        };
        let second = confine_current_thread(&read_only).unwrap();
        assert_eq!(second, first);
        assert_eq!(std::fs::read_to_string(d.join("one")).unwrap(), "1");
        // asking for more than the layers below allow gives nothing more
        confine_current_thread(&write_in(&d)).unwrap();
        if second.landlock.is_some() {
            denied(
                std::fs::write(d.join("two"), "2"),
                "writing after narrowing",
            );
        }
        denied(Command::new("/bin/true").status(), "starting a program");
    });
}

#[test]
fn a_missing_path_is_an_error_and_leaves_the_thread_free() {
    let dir = tempdir();
    let missing = dir.path().join("no such directory");
    let c = Confinement {
        read: vec![missing.clone()],
        write: Vec::new(),
    };
    let (error, could_run) = std::thread::spawn(move || {
        let error = confine_current_thread(&c).unwrap_err();
        (error.to_string(), runs_true())
    })
    .join()
    .unwrap();
    assert!(
        error.starts_with("cannot give the confined thread access to")
            && error.contains("no such directory"),
        "{error}"
    );
    assert!(could_run, "a failed confinement confined the thread");
}

#[test]
fn the_seccomp_filters_build_for_this_architecture() {
    let filters = seccomp::Filters::build(false).unwrap();
    for length in filters.lengths() {
        // the kernel's limit on one filter
        assert!(length > 0 && length < 4096, "{length} instructions");
    }
}

#[test]
fn enforcement_reads_plainly() {
    let both = Enforced {
        landlock: Some(7),
        seccomp: true,
    };
    assert_eq!(both.to_string(), "landlock ABI 7, seccomp");
    let seccomp_only = Enforced {
        landlock: None,
        seccomp: true,
    };
    assert_eq!(
        seccomp_only.to_string(),
        "seccomp (the kernel has no landlock)"
    );
}

/// The resource limits hold for the whole process, so they are checked in a child:
/// this test runs itself again with `LUDOLOG_CONFINE_CHILD` set.
#[test]
fn the_memory_limit_holds() {
    const MARK: &str = "the memory limit held";
    if std::env::var_os("LUDOLOG_CONFINE_CHILD").is_some() {
        use nix::sys::resource::{getrlimit, Resource};
        const LIMIT: u64 = 4 << 30;
        limit_process_memory(LIMIT).unwrap();
        no_core_dumps().unwrap();
        assert_eq!(getrlimit(Resource::RLIMIT_AS).unwrap(), (LIMIT, LIMIT));
        assert_eq!(getrlimit(Resource::RLIMIT_CORE).unwrap(), (0, 0));
        // asking for more than may be had fails instead of aborting
        let mut big: Vec<u8> = Vec::new();
        assert!(big.try_reserve(2 * LIMIT as usize).is_err());
        // and the limit in force is never raised
        limit_process_memory(2 * LIMIT).unwrap();
        assert_eq!(getrlimit(Resource::RLIMIT_AS).unwrap(), (LIMIT, LIMIT));
        println!("{MARK}");
        return;
    }
    let module = module_path!()
        .split_once("::")
        .map_or(module_path!(), |(_, rest)| rest);
    let name = format!("{module}::the_memory_limit_holds");
    let output = Command::new(std::env::current_exe().unwrap())
        .args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env("LUDOLOG_CONFINE_CHILD", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains(MARK),
        "the child test failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
