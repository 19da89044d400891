//! Hex position text ("3x3 r2/3/3 blue[ swap]") and move text ("d5", "swap"), printed and parsed.

use super::{contactix_file, Hex, HexMove, HexRules, Style, MAX_SIDE, SWAP};
use crate::game::{EngineError, Game};
use std::sync::Arc;

/// The name of cell (c, r): column letter, then row number from 1.
pub fn cell_name(c: usize, r: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// The canonical position text of a Hex position.
pub fn position_text(game: &Hex) -> String {
    let b = game.board();
    let mut out = format!("{}x{} ", b.cols(), b.rows());
    for r in 0..b.rows() {
        if r > 0 {
            out.push('/');
        }
        let mut run = 0;
        for c in 0..b.cols() {
            match b.stone(b.index(c, r)) {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(stone_letters(game.rules().style)[p] as char);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
    }
    out.push(' ');
    let names = &game.rules().names;
    out.push_str(&names[game.to_move()]);
    match game.rules().style {
        Style::Hex if game.swap_rule() => out.push_str(" swap"),
        Style::Hex => {}
        Style::ConTacTix => out.push_str(&format!(" {}*{}", names[0], names[1])),
    }
    out
}

/// The letters of the two players' stones in the rows of a position text.
fn stone_letters(style: Style) -> [u8; 2] {
    match style {
        Style::Hex => [b'r', b'b'],
        Style::ConTacTix => [b'x', b'y'],
    }
}

/// A reader over position text that reports errors by column (1-based).
struct Cursor<'a> {
    text: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn fail<T>(&self, expected: &str) -> Result<T, String> {
        Err(crate::game::expected_at(self.text, self.at, expected))
    }

    /// A colour name: letters and digits.
    fn word(&mut self, expected: &str) -> Result<String, String> {
        let start = self.at;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric()) {
            self.at += 1;
        }
        if self.at == start {
            return self.fail(expected);
        }
        Ok(String::from_utf8_lossy(&self.text[start..self.at]).into_owned())
    }

    fn literal(&mut self, lit: &str, expected: &str) -> Result<(), String> {
        if self.text[self.at..].starts_with(lit.as_bytes()) {
            self.at += lit.len();
            Ok(())
        } else {
            self.fail(expected)
        }
    }

    /// A positive whole number without leading zeros.
    fn natural(&mut self, expected: &str) -> Result<usize, String> {
        let start = self.at;
        match self.peek() {
            Some(b'1'..=b'9') => {}
            _ => return self.fail(expected),
        }
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        match digits.parse::<usize>() {
            Ok(n) if n <= 1000 => Ok(n),
            _ => {
                self.at = start;
                self.fail(expected)
            }
        }
    }
}

/// Reads a position text: size, rows, side to move, and " swap" when the pie rule
/// is on (Hex) or the orientation `X*Y` (Con-Tac-Tix, which also reads the
/// assignment's multi-line position file).
pub fn parse_position(rules: &Arc<HexRules>, text: &str) -> Result<Hex, String> {
    read_position(rules, text, true)
}

/// Reads a position text; with `check`, one that no game reaches is refused (without,
/// a position set up by hand, as GTP's out-of-turn moves make, is read too).
pub fn read_position(rules: &Arc<HexRules>, text: &str, check: bool) -> Result<Hex, String> {
    if rules.style == Style::ConTacTix && text.contains(':') {
        return contactix_file::parse(text);
    }
    let mut cur = Cursor {
        text: text.as_bytes(),
        at: 0,
    };
    let letters = stone_letters(rules.style);
    let cols = cur.natural("the number of columns (1 to 26)")?;
    if cols > MAX_SIDE {
        cur.at = 0;
        return cur.fail("the number of columns (1 to 26)");
    }
    cur.literal("x", "'x' between the columns and rows")?;
    let rows_at = cur.at;
    let rows = cur.natural("the number of rows (1 to 26)")?;
    if rows > MAX_SIDE {
        cur.at = rows_at;
        return cur.fail("the number of rows (1 to 26)");
    }
    if rules.square_only && rows != cols {
        cur.at = rows_at;
        return cur.fail(&format!("{cols} rows: {} boards are square", rules.game));
    }
    cur.literal(" ", "a space before the rows")?;
    let mut cells = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        if r > 0 {
            cur.literal("/", &format!("'/' after the {cols} cells of row {r}"))?;
        }
        let mut filled = 0;
        let mut after_run = false;
        while filled < cols {
            match cur.peek() {
                Some(ch) if ch == letters[0] => cells.push(Some(0)),
                Some(ch) if ch == letters[1] => cells.push(Some(1)),
                Some(b'1'..=b'9') if !after_run => {
                    let at = cur.at;
                    let run = cur.natural("a run of empty cells")?;
                    if run > cols - filled {
                        cur.at = at;
                        return cur.fail(&format!(
                            "at most {} more cells in row {} (it has {cols})",
                            cols - filled,
                            r + 1
                        ));
                    }
                    cells.extend(std::iter::repeat_n(None, run));
                    filled += run;
                    after_run = true;
                    continue;
                }
                _ => {
                    let (x, y) = (letters[0] as char, letters[1] as char);
                    let what = if after_run {
                        format!("'{x}' or '{y}'")
                    } else {
                        format!("'{x}', '{y}' or a run of empty cells")
                    };
                    return cur.fail(&format!("{what} (row {} has {cols} cells)", r + 1));
                }
            }
            cur.at += 1;
            filled += 1;
            after_run = false;
        }
    }
    cur.literal(" ", "a space before the side to move")?;
    if rules.style == Style::ConTacTix {
        let turn_at = cur.at;
        let turn = cur.word("the colour to move")?;
        cur.literal(" ", "a space before the orientation X*Y")?;
        let x = cur.word("the colour joining top and bottom")?;
        cur.literal("*", "'*' between the two colours")?;
        let y = cur.word("the colour joining left and right")?;
        if cur.peek().is_some() {
            return cur.fail("the end of the text");
        }
        if x == y {
            return Err(format!(
                "column {}: the two colours must differ",
                crate::game::column(cur.text, turn_at)
            ));
        }
        let to_move = if turn == x {
            0
        } else if turn == y {
            1
        } else {
            cur.at = turn_at;
            return cur.fail(&format!("the colour to move ({x} or {y})"));
        };
        let rules = Arc::new(HexRules::contactix(&x, &y));
        let game = Hex::from_cells(rules, cols, rows, &cells, to_move, false);
        if check {
            game.validate()?;
        }
        return Ok(game);
    }
    let to_move = if cur.text[cur.at..].starts_with(rules.names[0].as_bytes()) {
        cur.at += rules.names[0].len();
        0
    } else if cur.text[cur.at..].starts_with(rules.names[1].as_bytes()) {
        cur.at += rules.names[1].len();
        1
    } else {
        return cur.fail(&format!(
            "the side to move ({} or {})",
            rules.names[0], rules.names[1]
        ));
    };
    let swap = cur.peek().is_some();
    if swap {
        cur.literal(" swap", "' swap' or the end of the text")?;
    }
    if cur.peek().is_some() {
        return cur.fail("the end of the text");
    }
    let game = Hex::from_cells(rules.clone(), cols, rows, &cells, to_move, swap);
    if check {
        game.validate()?;
    }
    Ok(game)
}

/// Reads a move and checks that it is legal in `game`.
pub fn parse_move(game: &Hex, text: &str) -> Result<HexMove, EngineError> {
    let text = text.trim();
    let winner_msg = |w: usize| format!("the game is over: {} has won", game.rules().names[w]);
    if text == "swap" {
        if let Some(w) = game.winner {
            return Err(EngineError::Illegal(winner_msg(w)));
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        return if moves.contains(&SWAP) {
            Ok(SWAP)
        } else if !game.swap_rule() {
            Err(EngineError::Illegal(
                "swap: the swap rule is off (option swap=true turns it on)".into(),
            ))
        } else {
            Err(EngineError::Illegal(
                "swap: swap is only legal as Blue's first move, with one Red stone on the board"
                    .into(),
            ))
        };
    }
    let bytes = text.as_bytes();
    let col = match bytes.first() {
        Some(ch) if ch.is_ascii_alphabetic() => (ch.to_ascii_lowercase() - b'a') as usize,
        _ => {
            return Err(EngineError::Move(format!(
                "\"{}\" is not a cell like d5 or the move swap",
                crate::game::elide(text)
            )))
        }
    };
    let digits = &text[1..];
    let row = match digits.parse::<usize>() {
        Ok(n)
            if n >= 1 && !digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            n - 1
        }
        _ => {
            return Err(EngineError::Move(format!(
                "\"{}\" is not a cell like d5 or the move swap",
                crate::game::elide(text)
            )))
        }
    };
    let name = cell_name(col, row);
    if let Some(w) = game.winner {
        return Err(EngineError::Illegal(winner_msg(w)));
    }
    let b = game.board();
    if col >= b.cols() || row >= b.rows() {
        return Err(EngineError::Illegal(format!("{name} is off the board")));
    }
    let i = b.index(col, row);
    if let Some(p) = b.stone(i) {
        return Err(EngineError::Illegal(format!(
            "{name} is occupied by {}",
            game.rules().names[p]
        )));
    }
    Ok(i as HexMove)
}
