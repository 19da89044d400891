//! Mitsudomoe position text ("3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5") and move
//! text ("+c3/a1-a3", "d2>c3/a2-c4;b5,e2"), byte for byte as rules/mitsudomoe.pl.

use super::{Mitsudomoe, Turn, NAMES, RINGS, SQUARES, SUPPLY};
use crate::game::{Game, Outcome};

/// The name of a square (`a1` .. `e5`).
pub fn square_name(s: usize) -> String {
    if s >= SQUARES {
        return "??".into();
    }
    format!("{}{}", (b'a' + (s / 5) as u8) as char, s % 5 + 1)
}

/// The notation of a turn: ring step, "/", ball step, then ";" and the sorted targets.
pub fn move_text(mv: Turn) -> String {
    let mut out = String::with_capacity(16);
    if mv.ring_from == SUPPLY {
        out.push('+');
    } else {
        out.push_str(&square_name(mv.ring_from as usize));
        out.push('>');
    }
    out.push_str(&square_name(mv.ring_to as usize));
    out.push('/');
    out.push_str(&square_name(mv.ball_from as usize));
    out.push('-');
    out.push_str(&square_name(mv.ball_to as usize));
    let mut sep = ';';
    for s in 0..SQUARES {
        if mv.targets >> s & 1 == 1 {
            out.push(sep);
            out.push_str(&square_name(s));
            sep = ',';
        }
    }
    out
}

/// The canonical position text: ranks 5 to 1, the side to move, the supplies, the winner.
pub fn position_text(g: &Mitsudomoe) -> String {
    let mut out = String::with_capacity(64);
    for r in (0..5).rev() {
        let mut tokens: Vec<String> = Vec::with_capacity(5);
        let mut run = 0;
        for f in 0..5 {
            let (rings, height, ball) = g.stack(f * 5 + r);
            if height == 0 && ball.is_none() {
                run += 1;
                continue;
            }
            if run > 0 {
                tokens.push(run.to_string());
                run = 0;
            }
            let mut t = String::with_capacity(height as usize + 1);
            for level in 0..height {
                t.push(if rings >> level & 1 == 1 { 'b' } else { 'w' });
            }
            if let Some(c) = ball {
                t.push(if c == 0 { 'W' } else { 'B' });
            }
            tokens.push(t);
        }
        if run > 0 {
            tokens.push(run.to_string());
        }
        out.push_str(&tokens.join(","));
        if r > 0 {
            out.push('/');
        }
    }
    let supply = g.supply();
    out.push(' ');
    out.push_str(NAMES[g.to_move()]);
    out.push_str(&format!(" supply={},{}", supply[0], supply[1]));
    if let Some(Outcome::Win(w)) = g.outcome() {
        out.push_str(" won=");
        out.push_str(NAMES[w]);
    }
    out
}

fn fail<T>(text: &[u8], at: usize, expected: &str) -> Result<T, String> {
    let found = match text.get(at) {
        None => "the end of the text".to_string(),
        Some(c) => format!("'{}'", *c as char),
    };
    Err(format!(
        "column {}: expected {expected}, found {found}",
        at + 1
    ))
}

/// Reads a decimal number at `at` (saturating), moving past its digits.
fn number(t: &[u8], at: &mut usize, what: &str) -> Result<u64, String> {
    let start = *at;
    let mut n: u64 = 0;
    while let Some(d @ b'0'..=b'9') = t.get(*at) {
        n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
        *at += 1;
    }
    if *at == start {
        return fail(t, start, what);
    }
    Ok(n)
}

/// Reads `literal` at `at`, moving past it.
fn literal(t: &[u8], at: &mut usize, lit: &str, what: &str) -> Result<(), String> {
    if t[*at..].starts_with(lit.as_bytes()) {
        *at += lit.len();
        Ok(())
    } else {
        fail(t, *at, what)
    }
}

/// Reads the side to move (or the winner) at `at`.
fn side(t: &[u8], at: &mut usize, what: &str) -> Result<usize, String> {
    for (i, name) in NAMES.iter().enumerate() {
        if t[*at..].starts_with(name.as_bytes()) {
            *at += name.len();
            return Ok(i);
        }
    }
    fail(t, *at, what)
}

/// Reads a position text; the board must be one of real play (three balls of each
/// colour, each on a ring of its colour, at most 8 rings of a colour, the supplies 8
/// minus the rings on the board), and a ` won=` must agree with the board.
pub fn parse_position(text: &str) -> Result<Mitsudomoe, String> {
    let t = text.as_bytes();
    let mut at = 0;
    let mut rings = [0u16; SQUARES];
    let mut height = [0u8; SQUARES];
    let mut balls = [0u32; 2];
    let mut count = [0u8; 2];
    for r in (0..5).rev() {
        if r < 4 {
            literal(
                t,
                &mut at,
                "/",
                &format!("'/' after the 5 squares of rank {}", r + 2),
            )?;
        }
        let mut f = 0;
        loop {
            match t.get(at) {
                Some(&d @ b'1'..=b'5') => {
                    let n = (d - b'0') as usize;
                    if n > 5 - f {
                        return fail(t, at, &format!("at most {} more squares in rank {}", 5 - f, r + 1));
                    }
                    f += n;
                    at += 1;
                }
                Some(b'w' | b'b' | b'W' | b'B') => {
                    let s = f * 5 + r;
                    while let Some(&l @ (b'w' | b'b')) = t.get(at) {
                        let c = usize::from(l == b'b');
                        if count[c] == RINGS {
                            return fail(t, at, &format!("at most {RINGS} {} rings", NAMES[c]));
                        }
                        count[c] += 1;
                        rings[s] |= (c as u16) << height[s];
                        height[s] += 1;
                        at += 1;
                    }
                    if let Some(&l @ (b'W' | b'B')) = t.get(at) {
                        balls[usize::from(l == b'B')] |= 1 << s;
                        at += 1;
                    }
                    f += 1;
                }
                _ => {
                    return fail(
                        t,
                        at,
                        &format!(
                            "a stack (rings w/b bottom to top, then a ball W/B) or a run of empty squares (1-5) in rank {}",
                            r + 1
                        ),
                    )
                }
            }
            if f == 5 {
                break;
            }
            literal(
                t,
                &mut at,
                ",",
                &format!("',' and more squares of rank {}", r + 1),
            )?;
        }
    }
    literal(t, &mut at, " ", "a space before the side to move")?;
    let to_move = side(t, &mut at, "the side to move (white or black)")?;
    literal(t, &mut at, " supply=", "' supply=' and the two supplies")?;
    let supply_at = at;
    let white = number(t, &mut at, "White's supply (a number)")?;
    literal(t, &mut at, ",", "',' between the two supplies")?;
    let black = number(t, &mut at, "Black's supply (a number)")?;
    let won = if at < t.len() {
        literal(
            t,
            &mut at,
            " won=",
            "' won=' and the winner, or the end of the text",
        )?;
        Some(side(t, &mut at, "the winner (white or black)")?)
    } else {
        None
    };
    if at < t.len() {
        return fail(t, at, "the end of the text");
    }
    for c in 0..2 {
        let n = balls[c].count_ones();
        if n != 3 {
            return Err(format!("{} has {n} balls on the board, not 3", NAMES[c]));
        }
        for s in 0..SQUARES {
            if balls[c] >> s & 1 == 1 {
                let h = height[s];
                if h == 0 || (rings[s] >> (h - 1) & 1) as usize != c {
                    return Err(format!(
                        "the {} ball on {} does not stand on a {} ring",
                        NAMES[c],
                        square_name(s),
                        NAMES[c]
                    ));
                }
            }
        }
    }
    let expected = [u64::from(RINGS - count[0]), u64::from(RINGS - count[1])];
    if [white, black] != expected {
        return Err(format!(
            "column {}: the supplies must be {},{} (8 minus the rings of each colour on the board)",
            supply_at + 1,
            expected[0],
            expected[1]
        ));
    }
    let g = Mitsudomoe::from_parts(rings, height, balls, to_move);
    if let Some(w) = won {
        if g.outcome() != Some(Outcome::Win(w)) {
            let board = match g.outcome() {
                Some(Outcome::Win(x)) => format!("shows a win for {}", NAMES[x]),
                _ => "shows a game still going on".to_string(),
            };
            return Err(format!("won={}, but the board {board}", NAMES[w]));
        }
    }
    Ok(g)
}

/// A ring step as written.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RingStep {
    Place(usize),
    Shift(usize, usize),
}

/// A move as written, before any legality check (targets in the order typed).
#[derive(Clone, Debug)]
pub(crate) struct Written {
    pub ring: RingStep,
    pub from: usize,
    pub to: usize,
    pub targets: Vec<usize>,
}

impl Written {
    /// The text of the move as written.
    pub fn text(&self) -> String {
        let mut out = match self.ring {
            RingStep::Place(s) => format!("+{}", square_name(s)),
            RingStep::Shift(a, b) => format!("{}>{}", square_name(a), square_name(b)),
        };
        out.push_str(&format!(
            "/{}-{}",
            square_name(self.from),
            square_name(self.to)
        ));
        for (i, &s) in self.targets.iter().enumerate() {
            out.push(if i == 0 { ';' } else { ',' });
            out.push_str(&square_name(s));
        }
        out
    }
}

/// Reads a square name (a-e, 1-5) at `at`.
fn read_square(t: &[u8], at: &mut usize) -> Option<usize> {
    match (t.get(*at), t.get(*at + 1)) {
        (Some(&f @ b'a'..=b'e'), Some(&r @ b'1'..=b'5')) => {
            *at += 2;
            Some(usize::from(f - b'a') * 5 + usize::from(r - b'1'))
        }
        _ => None,
    }
}

/// Reads a move text: `+c3/a1-a3` or `d2>c3/a2-c4;b5,e2`.
pub(super) fn read_move(t: &[u8]) -> Option<Written> {
    let mut at = 0;
    let ring = if t.first() == Some(&b'+') {
        at += 1;
        RingStep::Place(read_square(t, &mut at)?)
    } else {
        let a = read_square(t, &mut at)?;
        (t.get(at) == Some(&b'>')).then_some(())?;
        at += 1;
        RingStep::Shift(a, read_square(t, &mut at)?)
    };
    (t.get(at) == Some(&b'/')).then_some(())?;
    at += 1;
    let from = read_square(t, &mut at)?;
    (t.get(at) == Some(&b'-')).then_some(())?;
    at += 1;
    let to = read_square(t, &mut at)?;
    let mut targets = Vec::new();
    if t.get(at) == Some(&b';') {
        at += 1;
        targets.push(read_square(t, &mut at)?);
        while t.get(at) == Some(&b',') {
            at += 1;
            targets.push(read_square(t, &mut at)?);
        }
    }
    (at == t.len()).then_some(Written {
        ring,
        from,
        to,
        targets,
    })
}
