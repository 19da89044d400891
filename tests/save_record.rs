//! `ludolog play --save`: a record saved through links to their file, special files
//! refused before the game, a game stopped by Ctrl-C or SIGTERM saved as far as it
//! went, and no temporary file left behind however the process ends.
#![cfg(unix)]

use crate::common;

use common::{bin, run};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The temporary record files left in `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".ludolog-record"))
        .collect()
}

/// A game of 3×3 Hex between two humans, its moves typed on standard input.
struct Game {
    child: Child,
    stdin: Option<ChildStdin>,
    output: mpsc::Receiver<Vec<u8>>,
    seen: Vec<u8>,
}

impl Game {
    fn start(save: &Path) -> Game {
        let mut child = Command::new(bin())
            .args([
                "play", "hex", "-O", "size=3", "--red", "human", "--blue", "human",
            ])
            .arg("--save")
            .arg(save)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the ludolog binary runs");
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().expect("stdout");
        let (tx, output) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                match stdout.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx.send(buf[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Game {
            child,
            stdin,
            output,
            seen: Vec::new(),
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Plays `moves`, then waits until the game asks for the next one.
    fn play(&mut self, moves: &[&str]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        for m in moves {
            writeln!(stdin, "{m}").unwrap();
        }
        stdin.flush().unwrap();
        let prompts = moves.len() + 1;
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.text().matches("> ").count() < prompts {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(chunk) => self.seen.extend(chunk),
                Err(_) => {
                    let _ = self.child.kill();
                    panic!("no prompt {prompts} from ludolog play:\n{}", self.text());
                }
            }
        }
    }

    /// Sends the process a signal (`TERM`, `INT`, `KILL`).
    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name}");
    }

    /// Waits for the process to end: (exit code, standard output, standard error).
    fn finish(mut self) -> (Option<i32>, String, String) {
        let status = self.child.wait().expect("ludolog ends");
        drop(self.stdin.take());
        // the reader ends with the output
        while let Ok(chunk) = self.output.recv_timeout(Duration::from_secs(60)) {
            self.seen.extend(chunk);
        }
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status.code(), self.text(), err)
    }
}

#[test]
fn sigterm_mid_game_saves_the_moves_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.txt");
    let mut game = Game::start(&save);
    game.play(&["a1", "b2"]);
    game.signal("TERM");
    let (code, out, err) = game.finish();
    assert_eq!(code, Some(143), "{out}\n{err}");
    assert!(
        err.contains(&format!("saved the game to {}", save.display())),
        "{err}"
    );
    let record = std::fs::read_to_string(&save).expect("the record is saved");
    assert!(record.contains("1. a1 b2"), "{record}");
    assert!(record.contains("[Red \"human\"]"), "{record}");
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
    // the record resumes
    let s = save.display().to_string();
    let (code, out, err) = run(&["moves", "hex", "--record", &s], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3x3"), "{out}");
}

#[test]
fn ctrl_c_mid_game_saves_the_moves_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.txt");
    std::fs::write(&save, "an old record\n").unwrap();
    let mut game = Game::start(&save);
    game.play(&["b2"]);
    game.signal("INT");
    let (code, out, err) = game.finish();
    assert_eq!(code, Some(130), "{out}\n{err}");
    assert!(err.contains("saved the game to"), "{err}");
    let record = std::fs::read_to_string(&save).expect("the record is saved");
    assert!(record.contains("1. b2"), "{record}");
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
}

#[test]
fn kill_9_mid_game_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.txt");
    std::fs::write(&save, "an old record\n").unwrap();
    let mut game = Game::start(&save);
    game.play(&["a1"]);
    assert!(
        leftovers(dir.path()).is_empty(),
        "a temporary file during the game: {:?}",
        leftovers(dir.path())
    );
    game.signal("KILL");
    let (code, _, _) = game.finish();
    assert_eq!(code, None, "killed by the signal");
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
    assert_eq!(
        std::fs::read_to_string(&save).unwrap(),
        "an old record\n",
        "the old record is untouched"
    );
}

/// Plays a quick game of 2×2 Hex between random players, saved at `save`.
fn quick_game(save: &str, seed: u64) -> (i32, String, String) {
    let seed = seed.to_string();
    run(
        &[
            "play", "hex", "-O", "size=2", "--red", "random", "--blue", "random", "--seed", &seed,
            "--save", save,
        ],
        None,
    )
}

#[test]
fn saving_through_a_link_writes_its_file_and_keeps_the_link() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let links = dir.path().join("links");
    std::fs::create_dir(&records).unwrap();
    std::fs::create_dir(&links).unwrap();
    let real = records.join("real.txt");
    std::fs::write(&real, "old record\n").unwrap();
    symlink("../records/real.txt", links.join("game.txt")).unwrap();
    symlink("game.txt", links.join("chain.txt")).unwrap();
    let (code, out, err) = quick_game(&links.join("chain.txt").display().to_string(), 1);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("saved the game to"), "{out}");
    let record = std::fs::read_to_string(&real).unwrap();
    assert!(record.starts_with("[Game \"hex\"]\n"), "{record}");
    for (link, to) in [
        ("game.txt", "../records/real.txt"),
        ("chain.txt", "game.txt"),
    ] {
        let p = links.join(link);
        assert!(
            std::fs::symlink_metadata(&p)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{link} is still a link"
        );
        assert_eq!(std::fs::read_link(&p).unwrap(), Path::new(to));
    }
    assert!(leftovers(&records).is_empty(), "{:?}", leftovers(&records));
    assert!(leftovers(&links).is_empty(), "{:?}", leftovers(&links));

    // a link to a file not made yet
    symlink("../records/new.txt", links.join("new.txt")).unwrap();
    let (code, _, err) = quick_game(&links.join("new.txt").display().to_string(), 2);
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(records.join("new.txt")).unwrap();
    assert!(record.starts_with("[Game \"hex\"]\n"), "{record}");
    assert!(std::fs::symlink_metadata(links.join("new.txt"))
        .unwrap()
        .file_type()
        .is_symlink());

    // a link into a directory that is not there: refused before the game
    symlink("../missing/game.txt", links.join("lost.txt")).unwrap();
    let (code, out, err) = quick_game(&links.join("lost.txt").display().to_string(), 3);
    assert_eq!(code, 1);
    assert!(
        err.contains("lost.txt: cannot save the game record: there is no directory "),
        "{err}"
    );
    assert!(err.contains("../missing (for "), "{err}");
    assert!(!out.contains("plays"), "the game started: {out}");
}

#[test]
fn a_fifo_and_a_device_are_refused_before_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let f = fifo.display().to_string();
    let (code, out, err) = quick_game(&f, 1);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains(&format!(
            "{f}: cannot save the game record: it is not a regular file (a FIFO)"
        )),
        "{err}"
    );
    assert!(!out.contains("plays"), "the game started: {out}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "nothing written beside the FIFO");

    let (code, out, err) = quick_game("/dev/null", 1);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains(
            "/dev/null: cannot save the game record: it is not a regular file (a character device)"
        ),
        "{err}"
    );
    assert!(!out.contains("plays"), "the game started: {out}");
    assert!(std::fs::symlink_metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());

    // through a link, the same
    let null = dir.path().join("null.txt");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    let (code, _, err) = quick_game(&null.display().to_string(), 1);
    assert_eq!(code, 1);
    assert!(
        err.contains("it links to /dev/null, which is not a regular file (a character device)"),
        "{err}"
    );
}

#[test]
fn loads_during_saves_always_read_a_whole_record() {
    // each save renames a complete file over the record: a reader sees the old one or
    // the new one, never a part
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.txt");
    let s = save.display().to_string();
    let (code, _, err) = quick_game(&s, 0);
    assert_eq!(code, 0, "{err}");
    let done = AtomicBool::new(false);
    let (saves, loads) = std::thread::scope(|scope| {
        let saver = scope.spawn(|| {
            let failed: Vec<String> = (1..=15)
                .map(|seed| quick_game(&s, seed))
                .filter(|(code, _, _)| *code != 0)
                .map(|(_, _, err)| err)
                .collect();
            done.store(true, Ordering::SeqCst);
            failed
        });
        let mut loads = Vec::new();
        while !done.load(Ordering::SeqCst) || loads.is_empty() {
            loads.push(run(&["moves", "hex", "--record", &s], None));
        }
        (saver.join(), loads)
    });
    assert_eq!(saves.ok(), Some(Vec::new()), "every save succeeds");
    for (i, (code, _, err)) in loads.iter().enumerate() {
        assert_eq!(*code, 0, "load {i} of {}: {err}", loads.len());
    }
    assert!(
        leftovers(dir.path()).is_empty(),
        "{:?}",
        leftovers(dir.path())
    );
}
