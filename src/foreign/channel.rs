//! The REPL engine process's private channel to its frontend: standard output is
//! moved to a descriptor of its own, and descriptor 1 then points at standard error,
//! so that what scryer prints itself (its load warnings, with names a rule file chose)
//! can never pass for a message of the protocol.

use std::fs::File;
use std::os::fd::FromRawFd;

/// Takes standard output for the protocol: a new descriptor of the same pipe, and
/// standard output pointed at standard error from now on.
pub fn take_stdout() -> std::io::Result<File> {
    let private = nix::unistd::dup(1).map_err(std::io::Error::from)?;
    nix::unistd::dup2(2, 1).map_err(std::io::Error::from)?;
    // SAFETY: `private` is a descriptor just made by dup(2), owned by nothing else.
    Ok(unsafe { File::from_raw_fd(private) })
}
