//! Mitsudomoe position text ("3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5") and move
//! text ("+c3/a1-a3", "d2>c3/a2-c4;b5,e2"), byte for byte as rules/mitsudomoe.pl.

use super::{Mitsudomoe, Turn, NAMES, RINGS, SQUARES, SUPPLY};
use crate::game::{Game, Outcome, PositionError};
use crate::games::notation::{cell_name, Letters};
use crate::games::scan::{check_won, Scan};

/// The name of a square (`a1` .. `e5`).
pub fn square_name(s: usize) -> String {
    if s >= SQUARES {
        return "??".into();
    }
    cell_name(s / 5, s % 5, Letters::Lower)
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

/// Reads a position text; the board must be one of real play (three balls of each
/// colour, each on a ring of its colour, at most 8 rings of a colour, the supplies 8
/// minus the rings on the board), and a ` won=` must agree with the board.
pub fn parse_position(text: &str) -> Result<Mitsudomoe, PositionError> {
    let mut s = Scan::new(text);
    let mut rings = [0u16; SQUARES];
    let mut height = [0u8; SQUARES];
    let mut balls = [0u32; 2];
    let mut count = [0u8; 2];
    for r in (0..5).rev() {
        if r < 4 {
            s.expect("/", &format!("'/' after the 5 squares of rank {}", r + 2))?;
        }
        let mut f = 0;
        loop {
            match s.peek() {
                Some(d @ b'1'..=b'5') => {
                    let n = (d - b'0') as usize;
                    if n > 5 - f {
                        let what = format!("at most {} more squares in rank {}", 5 - f, r + 1);
                        return Err(s.error(&what).into());
                    }
                    f += n;
                    s.bump();
                }
                Some(b'w' | b'b' | b'W' | b'B') => {
                    let sq = f * 5 + r;
                    while let Some(l) = s.next_if(|l| matches!(l, b'w' | b'b')) {
                        let c = usize::from(l == b'b');
                        if count[c] == RINGS {
                            return Err(PositionError::unreachable(format!(
                                "{} has more than {RINGS} rings on the board: a side has {RINGS}",
                                NAMES[c]
                            )));
                        }
                        count[c] += 1;
                        rings[sq] |= (c as u16) << height[sq];
                        height[sq] += 1;
                    }
                    if let Some(l) = s.next_if(|l| matches!(l, b'W' | b'B')) {
                        balls[usize::from(l == b'B')] |= 1 << sq;
                    }
                    f += 1;
                }
                _ => {
                    let what = format!(
                        "a stack (rings w/b bottom to top, then a ball W/B) or a run of empty squares (1-5) in rank {}",
                        r + 1
                    );
                    return Err(s.error(&what).into());
                }
            }
            if f == 5 {
                break;
            }
            s.expect(",", &format!("',' and more squares of rank {}", r + 1))?;
        }
    }
    s.expect(" ", "a space before the side to move")?;
    let to_move = s
        .one_of(&NAMES)
        .ok_or_else(|| s.error("the side to move (white or black)"))?;
    s.expect(" supply=", "' supply=' and the two supplies")?;
    let supply_at = s.at();
    let white = s
        .digits()
        .ok_or_else(|| s.error("White's supply (a number)"))?;
    s.expect(",", "',' between the two supplies")?;
    let black = s
        .digits()
        .ok_or_else(|| s.error("Black's supply (a number)"))?;
    let won = s.won(NAMES, &[])?;
    for c in 0..2 {
        let n = balls[c].count_ones();
        if n != 3 {
            return Err(PositionError::unreachable(format!(
                "{} has {n} balls on the board, not 3",
                NAMES[c]
            )));
        }
        for sq in 0..SQUARES {
            if balls[c] >> sq & 1 == 1 {
                let h = height[sq];
                if h == 0 || (rings[sq] >> (h - 1) & 1) as usize != c {
                    return Err(PositionError::unreachable(format!(
                        "the {} ball on {} does not stand on a {} ring",
                        NAMES[c],
                        square_name(sq),
                        NAMES[c]
                    )));
                }
            }
        }
    }
    let expected = [u64::from(RINGS - count[0]), u64::from(RINGS - count[1])];
    if [white, black] != expected {
        let why = format!(
            "the supplies must be {},{} (8 minus the rings of each colour on the board)",
            expected[0], expected[1]
        );
        return Err(s.invalid_at(supply_at, why).into());
    }
    let g = Mitsudomoe::from_parts(rings, height, balls, to_move);
    if let Some(w) = won {
        let shown = match g.outcome() {
            Some(Outcome::Win(x)) => Some(x),
            _ => None,
        };
        check_won(NAMES, w, shown)?;
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

/// Reads a square name (a-e, 1-5).
fn read_square(s: &mut Scan<'_>) -> Option<usize> {
    match s.cell(Letters::Lower)? {
        (f @ 0..=4, r @ 0..=4) => Some(f * 5 + r),
        _ => None,
    }
}

/// Reads a move text: `+c3/a1-a3` or `d2>c3/a2-c4;b5,e2`.
pub(super) fn read_move(text: &str) -> Option<Written> {
    let mut s = Scan::new(text);
    let ring = if s.eat("+") {
        RingStep::Place(read_square(&mut s)?)
    } else {
        let a = read_square(&mut s)?;
        s.eat(">").then_some(())?;
        RingStep::Shift(a, read_square(&mut s)?)
    };
    s.eat("/").then_some(())?;
    let from = read_square(&mut s)?;
    s.eat("-").then_some(())?;
    let to = read_square(&mut s)?;
    let mut targets = Vec::new();
    if s.eat(";") {
        targets.push(read_square(&mut s)?);
        while s.eat(",") {
            targets.push(read_square(&mut s)?);
        }
    }
    s.at_end().then_some(Written {
        ring,
        from,
        to,
        targets,
    })
}
