//! The Con-Tac-Tix position file of the UGent assignment: `size:`, `turn:`,
//! `orientation:`, `state:`, `tiles:` and one `(A2) -> red` line per tile,
//! lines in any order, spaces ignorable.  Read with line-numbered errors; written
//! in a fixed order.

use super::{Hex, HexRules, MAX_SIDE};
use crate::game::{Game, Outcome, PositionError};
use crate::games::notation::{cell_name, Letters};
use crate::games::scan::Scan;
use std::sync::Arc;

/// A colour name: one or more ASCII letters and digits.
pub fn is_colour(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn colour(s: &str, line: usize) -> Result<String, String> {
    if is_colour(s) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "line {line}: `{s}` is not a colour name (letters and digits)"
        ))
    }
}

/// `X * Y` with the spaces removed, split at the star.
fn pair(value: &str) -> Option<(String, String)> {
    let v: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    let (a, b) = v.split_once('*')?;
    Some((a.to_string(), b.to_string()))
}

/// Reads a position file: a file that does not read is unreadable (each error at
/// its line), a position no game reaches is refused as such.
pub fn parse(text: &str) -> Result<Hex, PositionError> {
    let game = read(text).map_err(PositionError::unreadable)?;
    game.validate().map_err(PositionError::unreachable)?;
    Ok(game)
}

/// The position a file names, whether or not a game reaches it.
fn read(text: &str) -> Result<Hex, String> {
    let mut size = None;
    let mut turn = None;
    let mut orientation = None;
    let mut state = None;
    let mut count = None;
    let mut tiles: Vec<(usize, String, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if t.starts_with('(') {
            let compact: String = t.chars().filter(|c| !c.is_whitespace()).collect();
            let (cell, who) = compact
                .strip_prefix('(')
                .and_then(|r| r.split_once(")->"))
                .ok_or_else(|| {
                    format!(
                        "line {line}: expected a tile like `(A2) -> red`, got `{}`",
                        crate::game::elide(t)
                    )
                })?;
            tiles.push((line, cell.to_string(), who.to_string()));
            continue;
        }
        let (key, value) = t.split_once(':').ok_or_else(|| {
            format!(
                "line {line}: expected `key: value` or a tile `(A2) -> red`, got `{}`",
                crate::game::elide(t)
            )
        })?;
        let (key, value) = (key.trim(), value.trim());
        let slot = match key {
            "size" => &mut size,
            "turn" => &mut turn,
            "orientation" => &mut orientation,
            "state" => &mut state,
            "tiles" => &mut count,
            other => {
                return Err(format!(
                    "line {line}: unknown field `{other}:` (size, turn, orientation, state, tiles)"
                ))
            }
        };
        if slot.is_some() {
            return Err(format!("line {line}: `{key}:` is given twice"));
        }
        *slot = Some((line, value.to_string()));
    }
    let missing = |name: &str| format!("the field `{name}:` is missing");
    let (sl, sv) = size.ok_or_else(|| missing("size"))?;
    let (cols, rows) = pair(&sv)
        .and_then(|(c, r)| Some((c.parse::<usize>().ok()?, r.parse::<usize>().ok()?)))
        .filter(|&(c, r)| (1..=MAX_SIDE).contains(&c) && (1..=MAX_SIDE).contains(&r))
        .ok_or_else(|| {
            format!("line {sl}: malformed size `{sv}` (expected COLUMNS * ROWS, each 1 to 26)")
        })?;
    let (ol, ov) = orientation.ok_or_else(|| missing("orientation"))?;
    let (x, y) = pair(&ov).ok_or_else(|| {
        format!("line {ol}: malformed orientation `{ov}` (expected COLOUR * COLOUR)")
    })?;
    let (x, y) = (colour(&x, ol)?, colour(&y, ol)?);
    if x == y {
        return Err(format!(
            "line {ol}: the two colours of the orientation must differ"
        ));
    }
    let player = |c: &str, line: usize| -> Result<usize, String> {
        if c == x {
            Ok(0)
        } else if c == y {
            Ok(1)
        } else {
            colour(c, line)?;
            Err(format!(
                "line {line}: the colour `{c}` is not in the orientation {x} * {y}"
            ))
        }
    };
    let (tl, tv) = turn.ok_or_else(|| missing("turn"))?;
    let to_move = player(&tv, tl)?;
    let (stl, stv) = state.ok_or_else(|| missing("state"))?;
    let words: Vec<&str> = stv.split_whitespace().collect();
    match words.as_slice() {
        ["undecided"] => {}
        ["won", "by", c] => {
            player(c, stl)?;
        }
        _ => {
            return Err(format!(
                "line {stl}: the state is `undecided` or `won by COLOUR`, not `{stv}`"
            ))
        }
    }
    let (cl, cv) = count.ok_or_else(|| missing("tiles"))?;
    let n: usize = cv
        .parse()
        .map_err(|_| format!("line {cl}: `tiles:` takes a number, not `{cv}`"))?;
    if n != tiles.len() {
        return Err(format!(
            "line {cl}: `tiles: {n}` but the file lists {} tile{}",
            tiles.len(),
            if tiles.len() == 1 { "" } else { "s" }
        ));
    }
    let mut cells = vec![None; cols * rows];
    for (line, cell, who) in &tiles {
        let p = player(who, *line)?;
        let mut s = Scan::new(cell);
        let (c, r) = match s.cell(Letters::Either) {
            Some(cell) if s.at_end() => cell,
            _ => return Err(format!("line {line}: `{cell}` is not a cell like A2")),
        };
        if c >= cols || r >= rows {
            return Err(format!(
                "line {line}: the tile {cell} is off the {cols} * {rows} board"
            ));
        }
        if cells[r * cols + c].is_some() {
            return Err(format!("line {line}: the tile {cell} is given twice"));
        }
        cells[r * cols + c] = Some(p);
    }
    let game = Hex::from_cells(
        Arc::new(HexRules::contactix(&x, &y)),
        cols,
        rows,
        &cells,
        to_move,
        false,
    );
    Ok(game)
}

/// Writes a position as a file, tiles by column then row.
pub fn write(game: &Hex) -> String {
    let names = &game.rules().names;
    let b = game.board();
    let state = match game.outcome() {
        Some(Outcome::Win(p)) => format!("won by {}", names[p]),
        _ => "undecided".to_string(),
    };
    let mut tiles = Vec::new();
    for c in 0..b.cols() {
        for r in 0..b.rows() {
            if let Some(p) = b.stone(b.index(c, r)) {
                let cell = cell_name(c, r, Letters::Upper);
                tiles.push(format!("    ({cell}) -> {}\n", names[p]));
            }
        }
    }
    format!(
        "size: {} * {}\nturn: {}\norientation: {} * {}\nstate: {state}\ntiles: {}\n{}",
        b.cols(),
        b.rows(),
        names[game.to_move()],
        names[0],
        names[1],
        tiles.len(),
        tiles.concat()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "size: 3 * 3\nturn: red\norientation: red * blue\nstate: undecided\ntiles: 4\n    (A2) -> red\n    (B2) -> blue\n    (A1) -> red\n    (C2) -> blue\n";

    #[test]
    fn reads_the_assignment_example_and_writes_it_back_stably() {
        let g = parse(EXAMPLE).unwrap();
        assert_eq!(g.position_text(), "3x3 x2/xyy/3 red red*blue");
        let out = write(&g);
        assert_eq!(write(&parse(&out).unwrap()), out);
        assert!(
            out.contains(
                "tiles: 4\n    (A1) -> red\n    (A2) -> red\n    (B2) -> blue\n    (C2) -> blue\n"
            ),
            "{out}"
        );
    }

    #[test]
    fn any_order_and_spacing() {
        let text = "tiles:1\n(B1)->lime\n  state :  undecided\norientation:lime*SandyBrown\nturn:SandyBrown\nsize:2*1\n";
        let g = parse(text).unwrap();
        assert_eq!(g.position_text(), "2x1 1x SandyBrown lime*SandyBrown");
    }

    #[test]
    fn every_error_says_what_and_where() {
        let err = |t: &str| parse(t).err().map(|e| e.message).unwrap_or_default();
        assert_eq!(
            err(&EXAMPLE.replace("tiles: 4", "tiles: 5")),
            "line 5: `tiles: 5` but the file lists 4 tiles"
        );
        assert_eq!(
            err(&EXAMPLE.replace("(C2) -> blue", "(C2) -> green")),
            "line 9: the colour `green` is not in the orientation red * blue"
        );
        assert_eq!(
            err(&EXAMPLE.replace("size: 3 * 3", "size: 3 x 3")),
            "line 1: malformed size `3 x 3` (expected COLUMNS * ROWS, each 1 to 26)"
        );
        assert_eq!(
            err(&EXAMPLE.replace("(C2)", "(D2)")),
            "line 9: the tile D2 is off the 3 * 3 board"
        );
        assert_eq!(
            err(&EXAMPLE.replace("(C2)", "(A1)")),
            "line 9: the tile A1 is given twice"
        );
        assert_eq!(
            err(&EXAMPLE.replace("turn: red\n", "")),
            "the field `turn:` is missing"
        );
        assert_eq!(
            err(&EXAMPLE.replace("(C2) -> blue", "(C2) -> bl-ue")),
            "line 9: `bl-ue` is not a colour name (letters and digits)"
        );
        assert_eq!(
            err(&EXAMPLE.replace("state: undecided", "state: finished")),
            "line 4: the state is `undecided` or `won by COLOUR`, not `finished`"
        );
    }
}
