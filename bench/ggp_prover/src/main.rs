//! `ggp_prover FILE.kif SECONDS`: random playouts/s of the ggp-rs 0.1.2 logic prover (a Rust
//! port of ggp-base's prover) on a GDL rule sheet, a baseline beside `ludolog bench`.
//!
//! `ggp_prover FILE.kif --perft DEPTH` counts the leaves of the game tree instead (joint moves,
//! a finished game a leaf wherever it ends, as tests/data/gdl/perft.txt counts them).
//!
//! ggp-rs builds its `Game` (the prover that answers legal moves, next state, terminal and
//! goals) only for a player that a game manager starts over HTTP: `ggp_rs::run` serves a
//! `Player`, and a `(start ...)` message that carries the rule sheet makes the `Game`. So this
//! binary serves its own player on a loopback port and plays game manager to it: one `(start
//! ...)`, then one `(play ID nil)` per playout. A `nil` play leaves the game at its initial
//! state and clears the `Game`'s query cache, which otherwise keeps every state's answers
//! until the next `play` message: one playout per message keeps one playout's queries from
//! being answered from another's (tictactoe would soon be all cache hits).
//!
//! The rate printed is playouts per second of the time spent inside the playouts (from the
//! initial state to a terminal one, and the goals there); the wall time of the whole run,
//! which adds a loopback HTTP round trip per playout, is printed beside it.

use ggp_rs::{Game, Move, Player, State};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::exit;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// What the player does with each `play` message.
#[derive(Clone, Copy)]
enum Task {
    /// One random playout from the initial state.
    Playout,
    /// Perft to this depth from the initial state, once.
    Perft(u32),
}

/// What the player measured, read by the driver between messages.
#[derive(Default)]
struct Tally {
    roles: Vec<String>,
    playouts: u64,
    plies: u64,
    min_plies: u64,
    max_plies: u64,
    /// Time inside the playouts.
    busy: Duration,
    /// How often each vector of goal values (one per role) ended a playout.
    outcomes: BTreeMap<Vec<u8>, u64>,
    perft: Option<u64>,
}

/// A small seeded generator (SplitMix64): uniform enough to pick among a few legal moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((z as u128 * n as u128) >> 64) as usize
    }
}

struct BenchPlayer {
    task: Task,
    rng: Rng,
    tally: Arc<Mutex<Tally>>,
}

/// One random playout from the initial state: every role picks a uniformly random legal
/// move, together, until the state is terminal. Returns the plies and the final state.
fn playout(game: &Game, rng: &mut Rng) -> (u64, State) {
    let mut state = game.initial_state().clone();
    let mut plies = 0;
    let mut joint = Vec::with_capacity(game.roles().len());
    while !game.is_terminal(&state) {
        joint.clear();
        for role in game.roles() {
            let mut legal = game.legal_moves(&state, role);
            assert!(
                !legal.is_empty(),
                "{} has no legal move in a non-terminal state: {}",
                role.name(),
                state
            );
            let pick = rng.below(legal.len());
            joint.push(legal.swap_remove(pick));
        }
        state = game.next_state(&state, &joint);
        plies += 1;
    }
    (plies, state)
}

/// Leaves of the game tree to `depth` (joint moves; a finished game is a leaf wherever it ends).
fn perft(game: &Game, state: &State, depth: u32) -> u64 {
    if game.is_terminal(state) {
        return 1;
    }
    let joints = game.legal_joint_moves(state);
    if depth == 1 {
        return joints.len() as u64;
    }
    joints
        .iter()
        .map(|joint| perft(game, &game.next_state(state, joint), depth - 1))
        .sum()
}

impl Player for BenchPlayer {
    fn name(&self) -> String {
        "ggp_prover bench".to_string()
    }

    fn meta_game(&mut self, game: &Game) {
        self.tally.lock().unwrap().roles =
            game.roles().iter().map(|r| r.name().to_string()).collect();
    }

    fn select_move(&mut self, game: &Game) -> Move {
        match self.task {
            Task::Playout => {
                let t = Instant::now();
                let (plies, end) = playout(game, &mut self.rng);
                let goals = game.goals(&end);
                let busy = t.elapsed();
                let mut tally = self.tally.lock().unwrap();
                tally.min_plies = if tally.playouts == 0 {
                    plies
                } else {
                    tally.min_plies.min(plies)
                };
                tally.max_plies = tally.max_plies.max(plies);
                tally.playouts += 1;
                tally.plies += plies;
                tally.busy += busy;
                *tally.outcomes.entry(goals).or_insert(0) += 1;
            }
            Task::Perft(depth) => {
                let n = perft(game, game.initial_state(), depth);
                self.tally.lock().unwrap().perft = Some(n);
            }
        }
        // the answer to the game manager: any legal move of the player's role
        let mut legal = game.legal_moves(game.current_state(), game.role());
        legal.swap_remove(0)
    }
}

/// The rule sheet as one line for a `(start ...)` message: ggp-rs reads the description
/// with a regex that stops at a line break and skips only spaces, so comments go, and
/// every run of white space becomes one space.
fn one_line(kif: &str) -> String {
    let text: String = kif
        .lines()
        .map(|l| l.split(';').next().unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first role the sheet names, `(role NAME)`, for the `(start ...)` message (in lower
/// case: ggp-rs lower-cases the whole message; a `(role ?x)` in a rule is no role).
fn first_role(sheet: &str) -> Option<String> {
    let sheet = sheet.to_ascii_lowercase();
    sheet.match_indices("(role ").find_map(|(at, tag)| {
        let name: String = sheet[at + tag.len()..]
            .chars()
            .take_while(|c| *c != ')' && !c.is_whitespace())
            .collect();
        (!name.is_empty() && !name.starts_with('?')).then_some(name)
    })
}

/// Sends one GGP message (an HTTP POST) and returns the body of the answer; empty if the
/// player sent none (ggp-rs panicked, or answered too late).
fn send(port: u16, message: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect to the ggp-rs player");
    write!(
        stream,
        "POST / HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: text/acl\r\nContent-Length: {}\r\n\r\n{}",
        message.len(),
        message
    )
    .unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    match answer.find("\r\n\r\n") {
        Some(i) => answer[i + 4..].trim().to_string(),
        None => String::new(),
    }
}

fn usage() -> ! {
    eprintln!("usage: ggp_prover FILE.kif SECONDS\n       ggp_prover FILE.kif --perft DEPTH");
    exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, task, seconds) = match args.as_slice() {
        [path, flag, depth] if flag == "--perft" => (
            path.clone(),
            Task::Perft(depth.parse().unwrap_or_else(|_| usage())),
            0.0,
        ),
        [path, seconds] => (
            path.clone(),
            Task::Playout,
            seconds.parse::<f64>().unwrap_or_else(|_| usage()),
        ),
        _ => usage(),
    };
    let kif = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        exit(1)
    });
    let sheet = one_line(&kif);
    let role = first_role(&sheet).unwrap_or_else(|| {
        eprintln!("{path}: no (role ...)");
        exit(1)
    });

    // a free loopback port for the player
    let port = TcpListener::bind(("127.0.0.1", 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let player = BenchPlayer {
        task,
        rng: Rng(0x5EED),
        tally: tally.clone(),
    };
    thread::spawn(move || ggp_rs::run(("127.0.0.1", port), player));
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            eprintln!("the ggp-rs player did not start listening");
            exit(1)
        }
        thread::sleep(Duration::from_millis(10));
    }

    // clocks far beyond any run: ggp-rs drops an answer that comes after its clock
    let ready = send(
        port,
        &format!("(start bench {role} ({sheet}) 1000000 1000000)"),
    );
    if ready != "ready" {
        eprintln!("{path}: ggp-rs did not take the rule sheet (answer {ready:?}; its panic, if any, is above)");
        exit(1)
    }

    let wall = Instant::now();
    match task {
        Task::Perft(depth) => {
            send(port, "(play bench nil)");
            let n = tally.lock().unwrap().perft.unwrap_or_else(|| {
                eprintln!("{path}: perft failed (see above)");
                exit(1)
            });
            println!(
                "{path}: perft {depth} = {n} ({:.2} s, prover: ggp-rs 0.1.2)",
                wall.elapsed().as_secs_f64()
            );
        }
        Task::Playout => {
            let limit = Duration::from_secs_f64(seconds);
            while wall.elapsed() < limit {
                let before = tally.lock().unwrap().playouts;
                send(port, "(play bench nil)");
                if tally.lock().unwrap().playouts == before {
                    eprintln!("{path}: a playout failed (see above)");
                    exit(1)
                }
            }
            let wall = wall.elapsed().as_secs_f64();
            let t = tally.lock().unwrap();
            let busy = t.busy.as_secs_f64();
            println!(
                "{path}: {} playouts in {busy:.2} s = {:.1} playouts/s (prover: ggp-rs 0.1.2)",
                t.playouts,
                t.playouts as f64 / busy
            );
            let outcomes: Vec<String> = t
                .outcomes
                .iter()
                .map(|(goals, n)| {
                    let goals: Vec<String> = t
                        .roles
                        .iter()
                        .zip(goals)
                        .map(|(r, g)| format!("{r}={g}"))
                        .collect();
                    format!(
                        "{} {:.1}%",
                        goals.join(","),
                        100.0 * *n as f64 / t.playouts as f64
                    )
                })
                .collect();
            eprintln!(
                "  wall {wall:.2} s with HTTP ({:.1} playouts/s); plies per playout {}..{}, mean {:.1}; goals: {}",
                t.playouts as f64 / wall,
                t.min_plies,
                t.max_plies,
                t.plies as f64 / t.playouts.max(1) as f64,
                outcomes.join("; ")
            );
        }
    }
    exit(0)
}
