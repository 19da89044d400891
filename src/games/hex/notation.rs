//! Hex position text ("3x3 r2/3/3 blue[ swap]") and move text ("d5", "swap"), printed and parsed.

use super::{contactix_file, Hex, HexMove, HexRules, Style, MAX_SIDE, SWAP};
use crate::game::{EngineError, Game, PositionError, Reason, Refusal};
use crate::games::notation::{self, Letters, RowText};
use crate::games::scan::Scan;
use std::sync::Arc;

/// The name of cell (c, r) as `style` writes it: column letter (d, or D in
/// Con-Tac-Tix), then row number from 1.
pub fn cell_name(style: Style, c: usize, r: usize) -> String {
    let case = match style {
        Style::Hex => Letters::Lower,
        Style::ConTacTix => Letters::Upper,
    };
    notation::cell_name(c, r, case)
}

/// The canonical position text of a Hex position.
pub fn position_text(game: &Hex) -> String {
    let b = game.board();
    let mut out = format!("{}x{} ", b.cols(), b.rows());
    let letters = stone_letters(game.rules().style);
    for r in 0..b.rows() {
        if r > 0 {
            out.push('/');
        }
        let row = (0..b.cols()).map(|c| b.stone(b.index(c, r)).map(|p| char::from(letters[p])));
        notation::push_row(&mut out, row);
    }
    out.push(' ');
    let names = &game.rules().names;
    out.push_str(&names[game.to_move()]);
    match game.rules().style {
        Style::Hex => {
            if game.swap_rule() {
                out.push_str(" swap");
            }
            if game.is_setup() {
                out.push_str(" setup");
            }
        }
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

/// The rows of a Hex position text: the two stone letters, and Hex's words.
struct Stones([u8; 2]);

impl RowText for Stones {
    type Piece = usize;

    fn piece(&self, letter: u8) -> Option<usize> {
        self.0.iter().position(|&l| l == letter)
    }

    fn slash(&self, row: usize, len: usize) -> String {
        format!("'/' after the {len} cells of row {row}")
    }

    fn run_too_long(&self, row: usize, most: usize, len: usize) -> String {
        format!(
            "at most {most} more cells in row {} (it has {len})",
            row + 1
        )
    }

    fn not_a_cell(&self, row: usize, len: usize, after_run: bool) -> String {
        let [x, y] = self.0.map(char::from);
        let what = if after_run {
            format!("'{x}' or '{y}'")
        } else {
            format!("'{x}', '{y}' or a run of empty cells")
        };
        format!("{what} (row {} has {len} cells)", row + 1)
    }
}

/// Reads a position text: size, rows, side to move, then (Hex) " swap" when the pie
/// rule is on and " setup" for a position set up by hand, or (Con-Tac-Tix) the
/// orientation `X*Y` (Con-Tac-Tix also reads the assignment's multi-line position
/// file).  A position no game reaches is refused unless it says it was set up.
pub fn parse_position(rules: &Arc<HexRules>, text: &str) -> Result<Hex, PositionError> {
    if rules.style == Style::ConTacTix && text.contains(':') {
        return contactix_file::parse(text);
    }
    let mut s = Scan::new(text);
    let letters = stone_letters(rules.style);
    let cols = s.natural_or("the number of columns (1 to 26)")?;
    if cols > MAX_SIDE {
        return Err(s.error_at(0, "the number of columns (1 to 26)").into());
    }
    s.expect("x", "'x' between the columns and rows")?;
    let rows_at = s.at();
    let rows = s.natural_or("the number of rows (1 to 26)")?;
    if rows > MAX_SIDE {
        return Err(s.error_at(rows_at, "the number of rows (1 to 26)").into());
    }
    if rules.square_only && rows != cols {
        let why = format!("{cols} rows: {} boards are square", rules.game);
        return Err(s.error_at(rows_at, &why).into());
    }
    s.expect(" ", "a space before the rows")?;
    let cells = s.rows(std::iter::repeat_n(cols, rows), &Stones(letters))?;
    s.expect(" ", "a space before the side to move")?;
    if rules.style == Style::ConTacTix {
        let turn_at = s.at();
        let turn = s.word().ok_or_else(|| s.error("the colour to move"))?;
        s.expect(" ", "a space before the orientation X*Y")?;
        let x = s
            .word()
            .ok_or_else(|| s.error("the colour joining top and bottom"))?;
        s.expect("*", "'*' between the two colours")?;
        let y = s
            .word()
            .ok_or_else(|| s.error("the colour joining left and right"))?;
        s.end()?;
        if x == y {
            return Err(s.invalid_at(turn_at, "the two colours must differ").into());
        }
        let to_move = if turn == x {
            0
        } else if turn == y {
            1
        } else {
            let what = format!("the colour to move ({x} or {y})");
            return Err(s.error_at(turn_at, &what).into());
        };
        let rules = Arc::new(HexRules::contactix(x, y));
        let game = Hex::from_cells(rules, cols, rows, &cells, to_move, false);
        game.validate().map_err(PositionError::unreachable)?;
        return Ok(game);
    }
    let names = [rules.names[0].as_str(), rules.names[1].as_str()];
    let to_move = s
        .one_of(&names)
        .ok_or_else(|| s.error(&format!("the side to move ({} or {})", names[0], names[1])))?;
    let swap = s.eat(" swap");
    let setup = s.eat(" setup");
    if !s.at_end() {
        let what = if setup {
            "the end of the text"
        } else if swap {
            "' setup' or the end of the text"
        } else {
            "' swap', ' setup' or the end of the text"
        };
        return Err(s.error(what).into());
    }
    let game = Hex::from_cells(rules.clone(), cols, rows, &cells, to_move, swap).with_setup(setup);
    game.validate().map_err(PositionError::unreachable)?;
    Ok(game)
}

/// A refusal for the reason `name(args...)`, as `explain_illegal/3` of the rule
/// files gives it (rules/hex.pl and rules/contactix.pl word it).
fn refused<const N: usize>(name: &str, args: [Reason; N]) -> EngineError {
    EngineError::from(Refusal::reason(Reason::term(name, args)))
}

/// Reads a move and checks that it is legal in `game`.
pub fn parse_move(game: &Hex, text: &str) -> Result<HexMove, EngineError> {
    let text = text.trim();
    let names = &game.rules().names;
    let game_over = |w: usize| refused("game_over", [Reason::atom(names[w].as_str())]);
    if text == "swap" {
        if let Some(w) = game.winner {
            return Err(game_over(w));
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        return if moves.contains(&SWAP) {
            Ok(SWAP)
        } else if !game.swap_rule() {
            Err(refused("swap_off", []))
        } else {
            Err(refused("swap_too_late", []))
        };
    }
    let not_a_cell = || {
        EngineError::Move(format!(
            "\"{}\" is not a cell like d5 or the move swap",
            crate::game::elide(text)
        ))
    };
    let mut s = Scan::new(text);
    let (col, row) = match s.cell(Letters::Either) {
        Some(cell) if s.at_end() => cell,
        _ => return Err(not_a_cell()),
    };
    // the cell as the game writes its moves (Con-Tac-Tix in capitals)
    let name = cell_name(game.rules().style, col, row);
    if let Some(w) = game.winner {
        return Err(game_over(w));
    }
    let b = game.board();
    if col >= b.cols() || row >= b.rows() {
        return Err(refused("off_board", [Reason::atom(name)]));
    }
    let i = b.index(col, row);
    if let Some(p) = b.stone(i) {
        return Err(refused(
            "occupied",
            [Reason::atom(name), Reason::atom(names[p].as_str())],
        ));
    }
    Ok(i as HexMove)
}
