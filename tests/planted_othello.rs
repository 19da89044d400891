//! Planted bugs in a game of captures and passes: a 6×6 Othello engine (a plain
//! native `Game`, written here) with one bug planted at a time, each where such
//! rules go wrong — a capture along one direction, at an edge, in a long line, in
//! two lines at once, a pass, a game that ends with both sides stuck, the count at
//! the end — checked against the same engine without it.  How many each of check's
//! move strategies finds in N games (tests/planted_bugs.rs measures Connect Four):
//! `cargo test --test integration -- --ignored planted_othello::measure --nocapture`.

use ludolog::check::{compare, CheckConfig, CheckReport, Strategy};
use ludolog::game::{Engine, EngineError, Game, Outcome, PositionError, Refusal};
use ludolog::games::NativeEngine;

const N: i32 = 6;
const CELLS: usize = (N * N) as usize;
/// The move that passes.
const PASS: u8 = CELLS as u8;
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The bugs, one planted at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    None,
    /// No capture along the direction (+1, +1).
    NoDiagonal,
    /// A disc in the last column is never turned.
    RightEdgeKept,
    /// A line of more than two discs turns only two.
    LongLineCut,
    /// Only the first direction that captures turns its discs.
    OneLineOnly,
    /// A player with no move loses the turn for good: the game ends at once.
    NoPass,
    /// Both players stuck on a board not full: the game goes on (both pass).
    StuckGoesOn,
    /// Equal counts at the end are a win for the first player.
    TieIsWin,
    /// A corner placed turns nothing along the diagonals.
    CornerDiagonal,
    /// A disc in the top row is not counted at the end.
    TopRowUncounted,
}

const BUGS: [Bug; 9] = [
    Bug::NoDiagonal,
    Bug::RightEdgeKept,
    Bug::LongLineCut,
    Bug::OneLineOnly,
    Bug::NoPass,
    Bug::StuckGoesOn,
    Bug::TieIsWin,
    Bug::CornerDiagonal,
    Bug::TopRowUncounted,
];

#[derive(Clone, Debug)]
struct Othello {
    bug: Bug,
    /// Row by row from the top: 0 empty, 1 black's (moves first), 2 white's.
    cells: [u8; CELLS],
    to_move: usize,
    /// Set once the game is over.
    outcome: Option<Outcome>,
}

impl Othello {
    fn new(bug: Bug) -> Othello {
        let mut cells = [0; CELLS];
        let m = N / 2;
        for (c, r, p) in [(m - 1, m - 1, 2), (m, m, 2), (m, m - 1, 1), (m - 1, m, 1)] {
            cells[(r * N + c) as usize] = p;
        }
        Othello {
            bug,
            cells,
            to_move: 0,
            outcome: None,
        }
    }

    fn at(&self, c: i32, r: i32) -> Option<u8> {
        let inside = (0..N).contains(&c) && (0..N).contains(&r);
        inside.then(|| self.cells[(r * N + c) as usize])
    }

    /// The discs a disc of `p` placed on `cell` turns.
    fn turned(&self, cell: usize, p: usize) -> Vec<usize> {
        let (c0, r0) = (cell as i32 % N, cell as i32 / N);
        let (me, them) = (p as u8 + 1, 2 - p as u8);
        let corner = (c0 == 0 || c0 == N - 1) && (r0 == 0 || r0 == N - 1);
        let mut all = Vec::new();
        for (dc, dr) in DIRS {
            if self.bug == Bug::NoDiagonal && (dc, dr) == (1, 1) {
                continue;
            }
            if self.bug == Bug::CornerDiagonal && corner && dc != 0 && dr != 0 {
                continue;
            }
            let mut line = Vec::new();
            let (mut c, mut r) = (c0 + dc, r0 + dr);
            while self.at(c, r) == Some(them) {
                line.push((r * N + c) as usize);
                (c, r) = (c + dc, r + dr);
            }
            if line.is_empty() || self.at(c, r) != Some(me) {
                continue;
            }
            if self.bug == Bug::LongLineCut {
                line.truncate(2);
            }
            if self.bug == Bug::RightEdgeKept {
                line.retain(|&i| i as i32 % N != N - 1);
            }
            all.extend(line);
            if self.bug == Bug::OneLineOnly {
                break;
            }
        }
        all
    }

    /// Whether player `p` can place a disc (a move that turns at least one, by the
    /// rules as written: a bug that turns none still finds the move).
    fn placements(&self, p: usize) -> Vec<u8> {
        let clean = Othello {
            bug: Bug::None,
            ..self.clone()
        };
        (0..CELLS)
            .filter(|&i| self.cells[i] == 0 && !clean.turned(i, p).is_empty())
            .map(|i| i as u8)
            .collect()
    }

    /// The outcome by the count of discs.
    fn count(&self) -> Outcome {
        let mut n = [0usize; 2];
        for (i, &x) in self.cells.iter().enumerate() {
            if x != 0 && !(self.bug == Bug::TopRowUncounted && i < N as usize) {
                n[x as usize - 1] += 1;
            }
        }
        if n[0] > n[1] {
            Outcome::Win(0)
        } else if n[1] > n[0] {
            Outcome::Win(1)
        } else if self.bug == Bug::TieIsWin {
            Outcome::Win(0)
        } else {
            Outcome::Draw
        }
    }

    /// After a move: the next player's turn, a pass, or the end.
    fn settle(&mut self) {
        let next = 1 - self.to_move;
        if !self.placements(next).is_empty() {
            self.to_move = next;
            return;
        }
        if self.bug == Bug::NoPass {
            self.outcome = Some(self.count());
            return;
        }
        if !self.placements(self.to_move).is_empty() {
            // the next player passes: its one move
            self.to_move = next;
            return;
        }
        let full = self.cells.iter().all(|&x| x != 0);
        if self.bug == Bug::StuckGoesOn && !full {
            self.to_move = next;
            return;
        }
        self.outcome = Some(self.count());
    }
}

impl Game for Othello {
    type Move = u8;

    fn player_names(&self) -> [&str; 2] {
        ["black", "white"]
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn legal_moves(&self, buf: &mut Vec<u8>) {
        buf.clear();
        if self.outcome.is_some() {
            return;
        }
        buf.extend(self.placements(self.to_move));
        if buf.is_empty() {
            buf.push(PASS);
        }
    }
    fn play(&mut self, mv: u8) {
        if mv != PASS {
            let p = self.to_move;
            for i in self.turned(mv as usize, p) {
                self.cells[i] = p as u8 + 1;
            }
            self.cells[mv as usize] = p as u8 + 1;
        }
        self.settle();
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    fn evaluate(&self, _: usize) -> i32 {
        0
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.to_move as u64, |h, &x| h.wrapping_mul(3) + x as u64)
    }
    fn position_text(&self) -> String {
        let rows: Vec<String> = (0..N as usize)
            .map(|r| {
                (0..N as usize)
                    .map(|c| ['.', 'x', 'o'][self.cells[r * N as usize + c] as usize])
                    .collect()
            })
            .collect();
        let end = match self.outcome {
            None => String::new(),
            Some(Outcome::Win(p)) => format!(" won={}", ["x", "o"][p]),
            Some(Outcome::Draw) => " draw".to_string(),
        };
        format!("{} {}{end}", rows.join("/"), ["x", "o"][self.to_move])
    }
    fn parse_position(&self, text: &str) -> Result<Othello, EngineError> {
        let bad = || PositionError::unreadable(format!("not a position: {text}"));
        let words: Vec<&str> = text.split(' ').collect();
        let rows: Vec<&str> = words.first().ok_or_else(bad)?.split('/').collect();
        if rows.len() != N as usize || rows.iter().any(|r| r.len() != N as usize) {
            return Err(bad().into());
        }
        let mut g = Othello::new(self.bug);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                g.cells[r * N as usize + c] = match ch {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                };
            }
        }
        g.to_move = usize::from(words.get(1) == Some(&"o"));
        g.outcome = match words.get(2).copied() {
            Some("won=x") => Some(Outcome::Win(0)),
            Some("won=o") => Some(Outcome::Win(1)),
            Some("draw") => Some(Outcome::Draw),
            _ => None,
        };
        Ok(g)
    }
    fn move_text(&self, mv: u8) -> String {
        if mv == PASS {
            return "pass".to_string();
        }
        let (c, r) = (mv as i32 % N, mv as i32 / N);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }
    fn parse_move(&self, text: &str) -> Result<u8, EngineError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        legal
            .into_iter()
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| EngineError::from(Refusal::words(format!("{text} is not legal"))))
    }
}

fn engine(bug: Bug) -> Box<dyn Engine> {
    Box::new(NativeEngine::new("othello6", Othello::new(bug)))
}

/// The check of the bug-free engine against one with `bug`.
fn check(bug: Bug, games: usize, strategy: Strategy, sweep: usize) -> CheckReport {
    let config = CheckConfig {
        games,
        seed: 1,
        strategy,
        sweep,
        ..CheckConfig::default()
    };
    compare(engine(Bug::None).as_mut(), engine(bug).as_mut(), &config).expect("the check runs")
}

#[test]
fn the_othello_engine_without_a_bug_agrees_with_itself_and_finds_a_bug() {
    let r = check(Bug::None, 20, Strategy::default(), 100);
    assert!(r.mismatch.is_none(), "{:?}", r.mismatch);
    assert_eq!(r.games, 20);
    // a capture along one diagonal, missed, is found and shrunk short
    let r = check(Bug::NoDiagonal, 20, Strategy::default(), 0);
    let m = r.mismatch.expect("the missing diagonal is found");
    assert!(m.moves.len() <= 8, "{:?}", m.moves);
}

/// For each bug, whether a strategy finds it in `games` games (without the sweep):
/// the game it was found in, the moves of the shrunk line, the positions compared.
fn found(strategy: Strategy, games: usize) -> Vec<Option<(usize, usize, usize)>> {
    BUGS.iter()
        .map(|&bug| {
            let r = check(bug, games, strategy, 0);
            let at = (r.mismatch_game.unwrap_or(0), r.positions);
            r.mismatch.map(|m| (at.0, m.moves.len(), at.1))
        })
        .collect()
}

#[test]
#[ignore = "a measurement: run it with --nocapture"]
fn measure() {
    let games = 500;
    println!("6x6 Othello, planted bugs found in {games} games (seed 1), by strategy:");
    println!("the game each bug was found in / the moves of its shrunk line");
    let mut header = format!("{:<18}", "bug");
    for s in Strategy::ALL {
        header += &format!("{:>11}", s.name());
    }
    println!("{header}");
    let rows: Vec<Vec<Option<(usize, usize, usize)>>> =
        Strategy::ALL.iter().map(|&s| found(s, games)).collect();
    for (b, bug) in BUGS.iter().enumerate() {
        let mut line = format!("{:<18}", format!("{bug:?}"));
        for row in &rows {
            line += &match row[b] {
                Some((g, n, _)) => format!("{:>11}", format!("{g}/{n}")),
                None => format!("{:>11}", "-"),
            };
        }
        println!("{line}");
    }
    let mut total = format!("{:<18}", "found");
    for row in &rows {
        total += &format!(
            "{:>11}",
            format!("{}/{}", row.iter().flatten().count(), BUGS.len())
        );
    }
    println!("{total}");
    let mut cost = format!("{:<18}", "positions, no bug");
    for &s in &Strategy::ALL {
        cost += &format!("{:>11}", check(Bug::None, games, s, 0).positions);
    }
    println!("{cost}");
}
