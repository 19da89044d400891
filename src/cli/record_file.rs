//! Saving a game record: through the links its path names to the file they lead to,
//! never over a device, a FIFO or a socket; written to a temporary file beside that
//! file, synced and renamed over it, so that a failed write never leaves a broken
//! record and a reader sees the old record or the new one, whole. A record that
//! cannot be written is an error before the game, not after it, and a game cut short
//! by Ctrl-C or SIGTERM is saved as far as it went (`Autosave`).

use crate::render::terminal_text;
use anyhow::{anyhow, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex, MutexGuard, OnceLock};

/// How many links a record's path may pass through (the kernel's own limit).
const MAX_LINKS: usize = 40;

/// The name every temporary record file starts with.
const TEMP_PREFIX: &str = ".ludolog-record";

/// Where a record will be saved. Nothing is written before the save itself: a
/// process killed during the game leaves no file behind.
pub struct RecordFile {
    /// The path as the user gave it (messages name it).
    path: PathBuf,
}

impl RecordFile {
    /// Checks that a record can be saved at `path`: what it names, through its links,
    /// is a regular file or nothing yet, in a directory that takes a new file.
    pub fn create(path: &Path) -> Result<RecordFile> {
        let target = resolve(path)?;
        let dir = directory_of(&target);
        // a probe, removed at once: the real temporary file is made when the game is
        // saved, so that nothing is left behind however the process ends
        drop(temp_in(&dir).map_err(|e| cannot_write(path, &dir, e))?);
        Ok(RecordFile {
            path: path.to_path_buf(),
        })
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the record and renames it over the file its path leads to (a link
    /// stays a link); the old file is kept intact when anything fails.
    pub fn save(&self, text: &str) -> Result<()> {
        // the links are followed again: they may have changed during the game
        let target = resolve(&self.path)?;
        let dir = directory_of(&target);
        let context = || format!("{}: cannot save the game record", self.path.display());
        let mut temp = temp_in(&dir).map_err(|e| cannot_write(&self.path, &dir, e))?;
        temp.write_all(text.as_bytes()).with_context(context)?;
        temp.as_file().sync_all().with_context(context)?;
        // a record saved over keeps its permissions
        if let Ok(meta) = std::fs::metadata(&target) {
            temp.as_file()
                .set_permissions(meta.permissions())
                .with_context(context)?;
        }
        // a failed rename drops the temporary file, which removes it
        temp.persist(&target)
            .map_err(|e| e.error)
            .with_context(context)?;
        // the rename reaches the disk with its directory (where that can be synced)
        if let Ok(d) = std::fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

/// The directory a file is in (`.` for a bare name).
fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// An error's plain words, without the operating system's number.
fn words(e: &std::io::Error) -> String {
    std::io::Error::from(e.kind()).to_string()
}

fn cannot_write(path: &Path, dir: &Path, e: std::io::Error) -> anyhow::Error {
    anyhow!(
        "{}: cannot save the game record: cannot write in {} ({})",
        path.display(),
        dir.display(),
        words(&e)
    )
}

/// A new temporary file in `dir`, with the usual permissions (the umask's) rather
/// than a temporary file's owner-only ones; removed when dropped.
fn temp_in(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// The file a record saved at `path` is written to: `path` with its links followed.
/// Refused when that is not a regular file (a directory, a device, a FIFO, a socket)
/// or its directory does not exist; a link to nothing yet leads to a new file.
fn resolve(path: &Path) -> Result<PathBuf> {
    let fail = |why: String| anyhow!("{}: cannot save the game record: {why}", path.display());
    let mut target = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        // what `target` is, said of the path given or of the file a link leads to
        let it_is = |what: &str| {
            if target == path {
                format!("it is {what}")
            } else {
                format!("it links to {}, which is {what}", target.display())
            }
        };
        let meta = match std::fs::symlink_metadata(&target) {
            Ok(meta) => meta,
            Err(e) => {
                let dir = directory_of(&target);
                if !dir.is_dir() {
                    let via = if target == path {
                        String::new()
                    } else {
                        format!(" (for {}, where the link leads)", target.display())
                    };
                    return Err(fail(format!(
                        "there is no directory {}{via}",
                        dir.display()
                    )));
                }
                if e.kind() == std::io::ErrorKind::NotFound {
                    return Ok(target);
                }
                return Err(fail(words(&e)));
            }
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = std::fs::read_link(&target).map_err(|e| fail(words(&e)))?;
            // a relative link is read from the link's own directory
            target = target.parent().unwrap_or(Path::new("")).join(link);
        } else if kind.is_file() {
            return Ok(target);
        } else if kind.is_dir() {
            return Err(fail(it_is("a directory")));
        } else {
            return Err(fail(it_is(&format!(
                "not a regular file ({})",
                special_kind(&kind)
            ))));
        }
    }
    Err(fail(format!(
        "it passes through more than {MAX_LINKS} links (a loop of links?)"
    )))
}

/// What a file that is neither a regular file, a directory nor a link is.
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    let _ = kind;
    "a special file"
}

/// What the thread that saves the record is told.
enum Message {
    /// The record as it stands (after each move): what a signal saves.
    Snapshot(String),
    /// The game is over: save this record, and answer how it went.
    Final(String, mpsc::Sender<Result<()>>),
    /// Ctrl-C or SIGTERM: save the last snapshot, then exit with this status.
    Signal(i32),
}

/// The saving thread of the game under way, which the signal watcher tells.
static SESSION: Mutex<Option<mpsc::Sender<Message>>> = Mutex::new(None);

/// Whether the signal watcher runs (started once, by the first `Autosave`).
static WATCHER: OnceLock<Result<(), String>> = OnceLock::new();

fn session() -> MutexGuard<'static, Option<mpsc::Sender<Message>>> {
    SESSION.lock().unwrap_or_else(|p| p.into_inner())
}

/// A record saved when the game ends, or as far as it went when Ctrl-C or SIGTERM
/// stops the game: then `saved the game to PATH` is said on standard output and
/// the process exits with status 130 or 143. One game at a time in a process.
///
/// Its threads start before the game opens an engine: an engine thread that runs rule
/// files from disk is confined, and these threads (not started from it) stay free to
/// write wherever the record's links lead.
pub struct Autosave {
    path: PathBuf,
    saver: mpsc::Sender<Message>,
}

impl Autosave {
    /// Checks the record's path (`RecordFile::create`), then starts saving the game.
    pub fn start(path: &Path) -> Result<Autosave> {
        let file = RecordFile::create(path)?;
        let fail = |why: String| anyhow!("{}: cannot save the game record: {why}", path.display());
        WATCHER
            .get_or_init(watch_signals)
            .clone()
            .map_err(|e| fail(format!("cannot watch for Ctrl-C ({e})")))?;
        let (saver, messages) = mpsc::channel();
        std::thread::Builder::new()
            .name("record saver".into())
            .stack_size(1 << 20)
            .spawn(move || save_loop(file, messages))
            .map_err(|e| fail(format!("cannot start its thread ({})", words(&e))))?;
        *session() = Some(saver.clone());
        Ok(Autosave {
            path: path.to_path_buf(),
            saver,
        })
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keeps `text` as the record to save if a signal stops the game now.
    pub fn snapshot(&self, text: String) {
        let _ = self.saver.send(Message::Snapshot(text));
    }

    /// Saves the record at the end of the game.
    pub fn save(&self, text: String) -> Result<()> {
        let gone = || {
            anyhow!(
                "{}: cannot save the game record: its thread has stopped",
                self.path.display()
            )
        };
        let (reply, answer) = mpsc::channel();
        self.saver
            .send(Message::Final(text, reply))
            .map_err(|_| gone())?;
        answer.recv().map_err(|_| gone())?
    }
}

impl Drop for Autosave {
    /// The game is over: a signal now just ends the process (the saving thread ends
    /// with its last sender).
    fn drop(&mut self) {
        *session() = None;
    }
}

/// The saving thread: keeps the last snapshot, saves the final record when asked,
/// and on a signal saves the snapshot (unless the final record is saved) and exits.
fn save_loop(file: RecordFile, messages: mpsc::Receiver<Message>) {
    let mut latest: Option<String> = None;
    let mut saved = false;
    for message in messages {
        match message {
            Message::Snapshot(text) => latest = Some(text),
            Message::Final(text, reply) => {
                saved = true;
                let _ = reply.send(file.save(&text));
            }
            Message::Signal(status) => {
                if let (false, Some(text)) = (saved, latest.take()) {
                    // a prompt may be waiting on its line: the news goes on a new one,
                    // on standard error (the game's thread holds standard output)
                    let _ = match file.save(&text) {
                        Ok(()) => writeln!(
                            std::io::stderr().lock(),
                            "\nsaved the game to {}",
                            file.path().display()
                        ),
                        Err(e) => writeln!(
                            std::io::stderr().lock(),
                            "\nerror: {}",
                            terminal_text(&format!("{e:#}"))
                        ),
                    };
                }
                std::process::exit(status);
            }
        }
    }
}

/// Starts the thread that turns Ctrl-C (SIGINT) and SIGTERM into a saved record: it
/// tells the game's saving thread, which exits the process; with no game under way,
/// or at a second signal, it exits the process itself. The exit status is the
/// shell's for the signal (128 + its number).
fn watch_signals() -> Result<(), String> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGINT, SIGTERM]).map_err(|e| words(&e))?;
    std::thread::Builder::new()
        .name("signal watcher".into())
        .stack_size(1 << 20)
        .spawn(move || {
            let mut told = false;
            for signal in signals.forever() {
                let status = 128 + signal;
                let saver = session().clone();
                match saver {
                    Some(saver) if !told => {
                        told = true;
                        if saver.send(Message::Signal(status)).is_err() {
                            std::process::exit(status);
                        }
                    }
                    _ => std::process::exit(status),
                }
            }
        })
        .map_err(|e| words(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_record_replaces_the_old_one_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        std::fs::write(&path, "old").unwrap();
        let file = RecordFile::create(&path).unwrap();
        assert_eq!(names(dir.path()), ["game.txt"], "the check leaves no file");
        file.save("new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert_eq!(names(dir.path()), ["game.txt"], "no temporary file left");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let fresh = dir.path().join("fresh.txt");
            RecordFile::create(&fresh).unwrap().save("x").unwrap();
            let plain = dir.path().join("plain.txt");
            std::fs::write(&plain, "x").unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(
                mode(&fresh),
                mode(&plain),
                "a new record has the usual permissions"
            );
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
            RecordFile::create(&path).unwrap().save("y").unwrap();
            assert_eq!(mode(&path), 0o600, "the old record's permissions are kept");
        }
        let missing = dir.path().join("no/such/dir/game.txt");
        let err = RecordFile::create(&missing).err().unwrap().to_string();
        assert!(err.contains("there is no directory"), "{err}");
        let err = RecordFile::create(dir.path()).err().unwrap().to_string();
        assert!(err.ends_with("it is a directory"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_the_file_they_lead_to() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("records");
        let links = dir.path().join("links");
        std::fs::create_dir(&records).unwrap();
        std::fs::create_dir(&links).unwrap();
        let real = records.join("real.txt");
        std::fs::write(&real, "old").unwrap();
        // a relative link, read from its own directory, and a link to that link
        symlink("../records/real.txt", links.join("game.txt")).unwrap();
        symlink(links.join("game.txt"), links.join("chain.txt")).unwrap();
        let file = RecordFile::create(&links.join("chain.txt")).unwrap();
        file.save("new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new\n");
        for (link, to) in [
            ("game.txt", PathBuf::from("../records/real.txt")),
            ("chain.txt", links.join("game.txt")),
        ] {
            let p = links.join(link);
            assert!(std::fs::symlink_metadata(&p)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(
                std::fs::read_link(&p).unwrap(),
                to,
                "{link} is the same link"
            );
        }
        assert_eq!(names(&records), ["real.txt"], "no temporary file left");
        assert_eq!(names(&links), ["chain.txt", "game.txt"]);

        // a link to nothing yet: the file it names is made, the link kept
        symlink("../records/new.txt", links.join("new.txt")).unwrap();
        RecordFile::create(&links.join("new.txt"))
            .unwrap()
            .save("fresh\n")
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(records.join("new.txt")).unwrap(),
            "fresh\n"
        );
        assert!(std::fs::symlink_metadata(links.join("new.txt"))
            .unwrap()
            .file_type()
            .is_symlink());

        // a link into a directory that is not there
        symlink("../missing/game.txt", links.join("lost.txt")).unwrap();
        let err = RecordFile::create(&links.join("lost.txt"))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("lost.txt: cannot save the game record: there is no directory "),
            "{err}"
        );
        assert!(err.contains("../missing (for "), "{err}");
        assert!(err.ends_with("where the link leads)"), "{err}");

        // a loop of links
        symlink("loop-b.txt", links.join("loop-a.txt")).unwrap();
        symlink("loop-a.txt", links.join("loop-b.txt")).unwrap();
        let err = RecordFile::create(&links.join("loop-a.txt"))
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("a loop of links"), "{err}");

        // a link to a directory
        symlink("../records", links.join("dir.txt")).unwrap();
        let err = RecordFile::create(&links.join("dir.txt"))
            .err()
            .unwrap()
            .to_string();
        assert!(err.ends_with("which is a directory"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_written() {
        let err = RecordFile::create(Path::new("/dev/null"))
            .err()
            .unwrap()
            .to_string();
        assert_eq!(
            err,
            "/dev/null: cannot save the game record: it is not a regular file (a character device)"
        );
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = RecordFile::create(&fifo).err().unwrap().to_string();
        assert!(
            err.ends_with("cannot save the game record: it is not a regular file (a FIFO)"),
            "{err}"
        );
        std::os::unix::fs::symlink("/dev/null", dir.path().join("null.txt")).unwrap();
        let err = RecordFile::create(&dir.path().join("null.txt"))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.ends_with(
                "it links to /dev/null, which is not a regular file (a character device)"
            ),
            "{err}"
        );
        assert_eq!(names(dir.path()), ["null.txt", "pipe"], "nothing written");
    }
}
