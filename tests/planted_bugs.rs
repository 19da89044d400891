//! Planted bugs: a Connect Four engine (a plain native `Game`, written here) with one
//! bug planted at a time, each in a situation rules get wrong — a diagonal, an edge,
//! a corner, the top row, a full column, a full board, the last empty cell, a line
//! of five — checked against the same engine without it.  How many of them each of
//! check's move strategies finds in N games is the measurement behind the default:
//! `cargo test --test integration -- --ignored planted_bugs::measure --nocapture`.

use ludolog::check::{compare, compare_games, CheckConfig, CheckReport, Strategy};
use ludolog::game::{Engine, EngineError, Game, Outcome, PositionError};
use ludolog::games::NativeEngine;

const COLS: usize = 7;
const ROWS: usize = 6;

/// The bugs, one planted at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    None,
    /// Lines that fall to the right (direction +1, -1) are not wins.
    NoAntiDiagonal,
    /// A stone in the last column does not count in a diagonal.
    DiagonalRightEdge,
    /// A row in the top row is not a win.
    TopRowHorizontal,
    /// The last column is full one stone early.
    LastColumnShort,
    /// A full board without a line is not a draw (the game goes on with no moves).
    NoDraw,
    /// A line made on the last empty cell is called a draw.
    LastCellWinIsDraw,
    /// A line of five or more (two lines joined) is not a win.
    Overline,
    /// A column of four in the first column is not a win.
    FirstColumnVertical,
    /// A corner cell does not count in a diagonal.
    CornerDiagonal,
    /// A stone in the first column does not count in a row.
    RowLeftEdge,
}

const BUGS: [Bug; 10] = [
    Bug::NoAntiDiagonal,
    Bug::DiagonalRightEdge,
    Bug::TopRowHorizontal,
    Bug::LastColumnShort,
    Bug::NoDraw,
    Bug::LastCellWinIsDraw,
    Bug::Overline,
    Bug::FirstColumnVertical,
    Bug::CornerDiagonal,
    Bug::RowLeftEdge,
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Ongoing,
    Won(usize),
    Draw,
}

#[derive(Clone, Debug)]
struct Four {
    bug: Bug,
    /// Row by row from the bottom: 0 empty, 1 the first player's, 2 the second's.
    cells: [u8; COLS * ROWS],
    heights: [usize; COLS],
    to_move: usize,
    status: Status,
}

impl Four {
    fn new(bug: Bug) -> Four {
        Four {
            bug,
            cells: [0; COLS * ROWS],
            heights: [0; COLS],
            to_move: 0,
            status: Status::Ongoing,
        }
    }

    fn room(&self, c: usize) -> usize {
        if self.bug == Bug::LastColumnShort && c == COLS - 1 {
            ROWS - 1
        } else {
            ROWS
        }
    }

    /// Whether the stone on (c, r) counts in a line in direction (dc, dr).
    fn counts(&self, c: i32, r: i32, (dc, dr): (i32, i32)) -> bool {
        let diagonal = dc != 0 && dr != 0;
        let corner = (c == 0 || c == COLS as i32 - 1) && (r == 0 || r == ROWS as i32 - 1);
        !match self.bug {
            Bug::NoAntiDiagonal => (dc, dr) == (1, -1),
            Bug::DiagonalRightEdge => diagonal && c == COLS as i32 - 1,
            Bug::TopRowHorizontal => dr == 0 && r == ROWS as i32 - 1,
            Bug::FirstColumnVertical => dc == 0 && c == 0,
            Bug::CornerDiagonal => diagonal && corner,
            Bug::RowLeftEdge => dr == 0 && c == 0,
            _ => false,
        }
    }

    fn at(&self, c: i32, r: i32) -> Option<u8> {
        let inside = (0..COLS as i32).contains(&c) && (0..ROWS as i32).contains(&r);
        inside.then(|| self.cells[r as usize * COLS + c as usize])
    }

    /// Whether the stone on (c, r) is in a line of four.
    fn line(&self, c: i32, r: i32) -> bool {
        let p = self.at(c, r);
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .into_iter()
            .any(|(dc, dr)| {
                if !self.counts(c, r, (dc, dr)) {
                    return false;
                }
                let mut n = 1;
                for s in [1, -1] {
                    let (mut x, mut y) = (c + s * dc, r + s * dr);
                    while self.at(x, y) == p && self.counts(x, y, (dc, dr)) {
                        n += 1;
                        (x, y) = (x + s * dc, y + s * dr);
                    }
                }
                if self.bug == Bug::Overline {
                    n == 4
                } else {
                    n >= 4
                }
            })
    }
}

impl Game for Four {
    type Move = u8;

    fn player_names(&self) -> [&str; 2] {
        ["x", "o"]
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn legal_moves(&self, buf: &mut Vec<u8>) {
        buf.clear();
        if self.status == Status::Ongoing {
            buf.extend(
                (0..COLS)
                    .filter(|&c| self.heights[c] < self.room(c))
                    .map(|c| c as u8),
            );
        }
    }
    fn play(&mut self, mv: u8) {
        let c = mv as usize;
        let r = self.heights[c];
        self.cells[r * COLS + c] = self.to_move as u8 + 1;
        self.heights[c] += 1;
        let full = (0..COLS).all(|c| self.heights[c] >= self.room(c));
        let line = self.line(c as i32, r as i32);
        self.status = match (line, full, self.bug) {
            (true, true, Bug::LastCellWinIsDraw) => Status::Draw,
            (true, _, _) => Status::Won(self.to_move),
            (false, true, Bug::NoDraw) => Status::Ongoing,
            (false, true, _) => Status::Draw,
            _ => Status::Ongoing,
        };
        self.to_move = 1 - self.to_move;
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::Ongoing => None,
            Status::Won(p) => Some(Outcome::Win(p)),
            Status::Draw => Some(Outcome::Draw),
        }
    }
    fn evaluate(&self, _: usize) -> i32 {
        0
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.to_move as u64, |h, &x| h * 3 + x as u64)
    }
    fn position_text(&self) -> String {
        let rows: Vec<String> = (0..ROWS)
            .rev()
            .map(|r| {
                (0..COLS)
                    .map(|c| ['.', 'x', 'o'][self.cells[r * COLS + c] as usize])
                    .collect()
            })
            .collect();
        let status = match self.status {
            Status::Ongoing => String::new(),
            Status::Won(p) => format!(" won={}", ["x", "o"][p]),
            Status::Draw => " draw".to_string(),
        };
        format!("{} {}{status}", rows.join("/"), ["x", "o"][self.to_move])
    }
    fn parse_position(&self, text: &str) -> Result<Four, EngineError> {
        let bad = || PositionError::unreadable(format!("not a position: {text}"));
        let words: Vec<&str> = text.split(' ').collect();
        let mut g = Four::new(self.bug);
        let rows: Vec<&str> = words.first().ok_or_else(bad)?.split('/').collect();
        if rows.len() != ROWS {
            return Err(bad().into());
        }
        for (k, row) in rows.iter().enumerate() {
            let r = ROWS - 1 - k;
            for (c, ch) in row.chars().enumerate().take(COLS) {
                let v = match ch {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                };
                g.cells[r * COLS + c] = v;
                if v != 0 {
                    g.heights[c] = g.heights[c].max(r + 1);
                }
            }
        }
        g.to_move = usize::from(words.get(1) == Some(&"o"));
        g.status = match words.get(2).copied() {
            Some("won=x") => Status::Won(0),
            Some("won=o") => Status::Won(1),
            Some("draw") => Status::Draw,
            _ => Status::Ongoing,
        };
        Ok(g)
    }
    fn move_text(&self, mv: u8) -> String {
        ((b'a' + mv) as char).to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, EngineError> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let c = text.bytes().next().map(|b| b.wrapping_sub(b'a'));
        match c.filter(|c| text.len() == 1 && legal.contains(c)) {
            Some(c) => Ok(c),
            None => Err(EngineError::from(ludolog::game::Refusal::words(format!(
                "{text} is not a legal move"
            )))),
        }
    }
}

fn engine(bug: Bug) -> Box<dyn Engine> {
    Box::new(NativeEngine::new("four", Four::new(bug)))
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
fn the_engine_without_a_bug_agrees_with_itself() {
    for strategy in Strategy::ALL {
        let r = check(Bug::None, 30, strategy, 100);
        assert!(r.mismatch.is_none(), "{strategy:?}: {:?}", r.mismatch);
        assert_eq!(r.games, 30);
    }
}

/// For each bug, whether a strategy finds it in `games` games (without the sweep):
/// the game it was found in, the moves of the shrunk line, and the positions
/// compared until then.
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
fn the_default_strategy_finds_more_planted_bugs_than_uniform_play() {
    let uniform = found(Strategy::Uniform, 100).iter().flatten().count();
    let default = found(Strategy::default(), 100).iter().flatten().count();
    assert!(default > uniform, "default {default}, uniform {uniform}");
}

#[test]
fn a_shrunk_planted_bug_is_short() {
    // an anti-diagonal of the second player: four stones on cells held up by six, 10 plies
    let r = check(Bug::NoAntiDiagonal, 100, Strategy::default(), 0);
    let m = r.mismatch.expect("the missing diagonal is found");
    assert!(m.moves.len() <= 13, "{:?}", m.moves);
    // a line of five: shrunk, the game it was found in gave a diagonal of 17 moves
    // that no removal shortens; the games cut short after it find one on the first
    // row, five stones of x and four of o, the fewest there can be
    let r = check(Bug::Overline, 100, Strategy::default(), 0);
    let m = r.mismatch.expect("the line of five is found");
    assert_eq!(m.moves.len(), 9, "{:?}", m.moves);
}

#[test]
fn the_sweep_finds_a_short_bug_at_its_shortest() {
    // the last column full after five stones: every line to depth 5 is 19,608 positions
    let r = check(Bug::LastColumnShort, 100, Strategy::Uniform, 25_000);
    let m = r.mismatch.expect("the short column is found");
    assert_eq!(m.moves, ["g", "g", "g", "g", "g"]);
    assert_eq!(m.only_a, ["g"]);
    assert_eq!((r.games, r.mismatch_game), (0, None), "before any game");
    assert_eq!(r.sweep_depth, 5);
    // a budget short of depth 5 stops at depth 4, and the games find it
    let r = check(Bug::LastColumnShort, 100, Strategy::Uniform, 19_000);
    assert_eq!(r.sweep_depth, 4);
    assert_eq!(r.sweep_positions, 1 + 7 + 49 + 343 + 2401);
    assert!(r.mismatch_game.is_some(), "{r:?}");
}

#[test]
fn on_two_threads_the_sweep_goes_first_and_gives_the_same_report() {
    let config = CheckConfig {
        games: 100,
        seed: 1,
        strategy: Strategy::Uniform,
        sweep: 25_000,
        ..CheckConfig::default()
    };
    let open = || -> anyhow::Result<(Box<dyn Engine>, Box<dyn Engine>)> {
        Ok((engine(Bug::None), engine(Bug::LastColumnShort)))
    };
    let (mut a, mut b) = (engine(Bug::None), engine(Bug::LastColumnShort));
    let r = compare_games(a.as_mut(), b.as_mut(), &open, &config, 0..100, 2).unwrap();
    let m = r.mismatch.expect("found by the sweep");
    assert_eq!(m.moves, ["g", "g", "g", "g", "g"]);
    assert_eq!((r.games, r.mismatch_game, r.sweep_depth), (0, None, 5));
    // a shard without game 0 has no sweep
    let r = compare_games(a.as_mut(), b.as_mut(), &open, &config, 50..100, 2).unwrap();
    assert_eq!(r.sweep_positions, 0);
    assert!(r.mismatch_game.is_some_and(|g| g >= 50), "{r:?}");
}

#[test]
#[ignore = "a measurement: run it with --nocapture"]
fn measure() {
    let games = 500;
    println!("planted bugs found in {games} games (seed 1), by strategy:");
    println!("the game each bug was found in / the moves of its shrunk line");
    println!("(the last column: uniform play over as many positions as probe's games)");
    let mut header = format!("{:<20}", "bug");
    for s in Strategy::ALL {
        header += &format!("{:>12}", s.name());
    }
    println!("{header}{:>12}", format!("uniform x4"));
    let mut rows: Vec<Vec<Option<(usize, usize, usize)>>> =
        Strategy::ALL.iter().map(|&s| found(s, games)).collect();
    rows.push(found(Strategy::Uniform, 4 * games));
    for (b, bug) in BUGS.iter().enumerate() {
        let mut line = format!("{:<20}", format!("{bug:?}"));
        for row in &rows {
            line += &match row[b] {
                Some((g, n, _)) => format!("{:>12}", format!("{g}/{n}")),
                None => format!("{:>12}", "-"),
            };
        }
        println!("{line}");
    }
    let mut total = format!("{:<20}", "found");
    for row in &rows {
        total += &format!(
            "{:>12}",
            format!("{}/{}", row.iter().flatten().count(), BUGS.len())
        );
    }
    println!("{total}");
    let mut spent = format!("{:<20}", "positions to find");
    for row in &rows {
        spent += &format!("{:>12}", row.iter().flatten().map(|f| f.2).sum::<usize>());
    }
    println!("{spent}");
    let mut cost = format!("{:<20}", "positions, no bug");
    for &s in &Strategy::ALL {
        cost += &format!("{:>12}", check(Bug::None, games, s, 0).positions);
    }
    cost += &format!(
        "{:>12}",
        check(Bug::None, 4 * games, Strategy::Uniform, 0).positions
    );
    println!("{cost}");
}
