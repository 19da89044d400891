//! Writing Hex SGF: the size, setup and side to move from the start position's text,
//! the players, date and result from the tags, then the moves.

use super::read_cell;
use crate::games::notation::{cell_name, Letters};
use crate::record::sgf;
use crate::record::{Record, RecordError};

/// A Hex or Con-Tac-Tix position text read for writing: size, stones, side, names.
struct Board {
    cols: usize,
    rows: usize,
    /// (column, row, player) of each stone, row by row.
    stones: Vec<(usize, usize, usize)>,
    to_move: usize,
    names: [String; 2],
}

/// Reads `CxR ROWS SIDE[ swap| X*Y]` (rules/hex.pl and rules/contactix.pl).
fn read_board(text: &str) -> Option<Board> {
    let words: Vec<&str> = text.split(' ').collect();
    let (c, r) = words.first()?.split_once('x')?;
    let (cols, rows) = (c.parse().ok()?, r.parse().ok()?);
    let (names, letters) = match words.get(3) {
        Some(pair) if pair.contains('*') => {
            let (x, y) = pair.split_once('*')?;
            ([x.to_string(), y.to_string()], ['x', 'y'])
        }
        _ => (["red".to_string(), "blue".to_string()], ['r', 'b']),
    };
    let side = *words.get(2)?;
    let to_move = names.iter().position(|n| n == side)?;
    let mut stones = Vec::new();
    for (r, row) in words.get(1)?.split('/').enumerate() {
        let mut c = 0;
        let mut run = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            c += std::mem::take(&mut run);
            stones.push((c, r, letters.iter().position(|&l| l == ch)?));
            c += 1;
        }
    }
    Some(Board {
        cols,
        rows,
        stones,
        to_move,
        names,
    })
}

/// The SGF text of a Hex or Con-Tac-Tix record (its start position must be given).
pub fn write(record: &Record) -> Result<String, RecordError> {
    let start = record.start.as_deref().ok_or_else(|| {
        RecordError::Invalid("an SGF record needs the start position of the game".into())
    })?;
    let board = read_board(start).ok_or_else(|| {
        RecordError::Invalid(format!("`{start}` is not a Hex or Con-Tac-Tix position"))
    })?;
    let cell = |c: usize, r: usize| cell_name(c, r, Letters::Lower);
    let mut head = format!(
        "(;FF[4]CA[UTF-8]GM[11]AP[ludolog:{}]SZ[",
        env!("CARGO_PKG_VERSION")
    );
    head += &if board.cols == board.rows {
        board.cols.to_string()
    } else {
        format!("{}:{}", board.cols, board.rows)
    };
    head.push(']');
    for (i, id) in ["PB", "PW"].iter().enumerate() {
        if let Some(who) = record.player(&board.names[i]) {
            head += &format!("{id}[{}]", sgf::escape(who));
        }
    }
    if let Some(d) = &record.date {
        head += &format!("DT[{}]", sgf::escape(&d.replace('.', "-")));
    }
    if let Some(res) = &record.result {
        let winner = board
            .names
            .iter()
            .position(|n| res == &format!("win({n})"))
            .ok_or_else(|| RecordError::Invalid(format!("result {res} names no player")))?;
        let resigned = record
            .termination
            .as_deref()
            .is_some_and(|t| t.ends_with("resigned"));
        head += &format!(
            "RE[{}+{}]",
            ["B", "W"][winner],
            if resigned { "R" } else { "" }
        );
    }
    for (player, id) in [(0, "AB"), (1, "AW")] {
        let cells: Vec<String> = board
            .stones
            .iter()
            .filter(|s| s.2 == player)
            .map(|s| format!("[{}]", cell(s.0, s.1)))
            .collect();
        if !cells.is_empty() {
            head += &format!("{id}{}", cells.concat());
        }
    }
    if board.to_move == 1 {
        head += "PL[W]";
    }
    let mut lines = vec![head];
    let mut line = String::new();
    let mut to_move = board.to_move;
    for (i, m) in record.moves.iter().enumerate() {
        let v = if m.eq_ignore_ascii_case("swap") {
            "swap-pieces".to_string()
        } else {
            let ((c, r), _) = read_cell(m, board.cols, board.rows)
                .ok()
                .filter(|(_, go)| !go)
                .ok_or_else(|| {
                    RecordError::Invalid(format!("move {}: `{m}` is not a Hex move", i + 1))
                })?;
            cell(c, r)
        };
        let node = format!(";{}[{v}]", ["B", "W"][to_move]);
        if line.len() + node.len() > 72 {
            lines.push(std::mem::take(&mut line));
        }
        line += &node;
        to_move ^= 1;
    }
    line.push(')');
    lines.push(line);
    Ok(lines.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;
    use crate::record::hex_sgf::read;

    fn hex(options: &str) -> GameOptions {
        GameOptions::parse(&options.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn writes_what_it_reads() {
        let record = Record {
            game: "hex".into(),
            options: hex("size=4 swap=true"),
            start: Some("4x4 4/4/4/4 red swap".into()),
            moves: vec!["b2".into(), "swap".into(), "c3".into()],
            result: Some("win(red)".into()),
            termination: Some("blue resigned".into()),
            date: Some("2025.06.01".into()),
            tags: vec![("Red".into(), "alpha ] beta".into())],
            ..Record::default()
        };
        let text = write(&record).unwrap();
        assert!(
            text.contains("PB[alpha \\] beta]DT[2025-06-01]RE[B+R]"),
            "{text}"
        );
        assert!(text.ends_with(";B[b2];W[swap-pieces];B[c3])\n"), "{text}");
        let (back, notes) = read(&text, "hex", &GameOptions::default()).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(back.moves, record.moves);
        assert_eq!(back.result, record.result);
        assert_eq!(back.termination, record.termination);
        assert_eq!(back.player("red"), Some("alpha ] beta"));
        let setup = Record {
            start: Some("3x2 x1y/3 y x*y".into()),
            ..Record::default()
        };
        assert_eq!(
            write(&setup).unwrap().lines().next().unwrap(),
            format!(
                "(;FF[4]CA[UTF-8]GM[11]AP[ludolog:{}]SZ[3:2]AB[a1]AW[c1]PL[W]",
                env!("CARGO_PKG_VERSION")
            )
        );
    }
}
