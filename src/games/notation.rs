//! The text that several native games share, as rules/lib/notation.pl is for the rule
//! files: the a1 names of cells (a column letter, then a row number from 1) and the
//! run-length rows of a position text ("r2/3/1b1": a piece as its letter, a run of
//! empty cells as its length, "/" between rows), written and read.
//!
//! What the games word differently is a parameter: the case of the column letters
//! ([`Letters`]), and a row reader's messages and runs ([`RowText`]).  Which row a
//! number names (counted from the top or the bottom) and which file a letter names
//! stay with each game: here a cell is only (column, row number - 1).

use super::scan::{Scan, ScanError};

/// The widest board the a1 notation names: one letter per column, a to z.
pub const MAX_COLUMNS: usize = 26;

/// The column letters a game writes or reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letters {
    /// a for the first column (most games).
    Lower,
    /// A for the first column (Con-Tac-Tix).
    Upper,
    /// Read only: either case (a move typed as D5 or d5).
    Either,
}

/// The letter of column `c` (from 0) in `case` (lower case for [`Letters::Either`]);
/// `?` past the last letter, a column no board of the notation has.
pub fn column_letter(c: usize, case: Letters) -> char {
    let base = match case {
        Letters::Upper => b'A',
        Letters::Lower | Letters::Either => b'a',
    };
    u8::try_from(c)
        .ok()
        .filter(|&c| usize::from(c) < MAX_COLUMNS)
        .map_or('?', |c| char::from(base + c))
}

/// The name of cell (`c`, `r`), both from 0: column `c`'s letter, then `r + 1`
/// ("b3" is (1, 2)).
pub fn cell_name(c: usize, r: usize, case: Letters) -> String {
    let mut name = String::with_capacity(4);
    name.push(column_letter(c, case));
    name.push_str(&(r + 1).to_string());
    name
}

/// The column (from 0) of a column letter, if it is one in `case`.
pub fn letter_column(letter: u8, case: Letters) -> Option<usize> {
    let c = match (case, letter) {
        (Letters::Lower | Letters::Either, b'a'..=b'z') => letter - b'a',
        (Letters::Upper | Letters::Either, b'A'..=b'Z') => letter - b'A',
        _ => return None,
    };
    Some(usize::from(c))
}

/// Appends one row of a position text: each maximal run of empty cells (`None`) as
/// its length, any other cell as its letter.
pub fn push_row(out: &mut String, cells: impl IntoIterator<Item = Option<char>>) {
    let mut run = 0usize;
    for cell in cells {
        match cell {
            None => run += 1,
            Some(letter) => {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(letter);
            }
        }
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
}

/// How a game's position text writes its rows, for [`Scan::rows`]: its piece letters,
/// its runs, and the words of its messages.
pub trait RowText {
    /// What a cell holds.
    type Piece;

    /// The piece a letter stands for, if it is one of the game's letters.
    fn piece(&self, letter: u8) -> Option<Self::Piece>;

    /// Whether a run is one digit, 1 to the cells the row has, as where rows have at
    /// most 9 cells; else (the default) a natural number of any length.
    fn one_digit_runs(&self) -> bool {
        false
    }

    /// What was expected instead of the "/" that ends the row before row `row` (from
    /// 0; at least 1); row `row` has `len` cells.
    fn slash(&self, row: usize, len: usize) -> String;

    /// What was expected instead of a run longer than the `most` cells left in row
    /// `row` (from 0), which has `len` cells.
    fn run_too_long(&self, row: usize, most: usize, len: usize) -> String;

    /// What was expected instead of what is neither a piece nor, unless `after_run`
    /// (a run is never followed by another), a run, in row `row` of `len` cells.
    fn not_a_cell(&self, row: usize, len: usize, after_run: bool) -> String;
}

impl Scan<'_> {
    /// Reads a cell name: a column letter in `case`, then a row number from 1 without
    /// leading zeros; (column, row number - 1), or `None` having read nothing.
    pub fn cell(&mut self, case: Letters) -> Option<(usize, usize)> {
        let start = self.clone();
        let c = self.next_byte().and_then(|l| letter_column(l, case));
        match (c, self.natural()) {
            (Some(c), Some(n)) => Some((c, n - 1)),
            _ => {
                *self = start;
                None
            }
        }
    }

    /// Reads the rows of a position text, one of each length in `lengths`, "/" between
    /// them: the cells in reading order, `None` for an empty one.  A run must fit in its
    /// row and is followed by a piece or the row's end (runs are maximal), so every
    /// board has one text.
    pub fn rows<T: RowText>(
        &mut self,
        lengths: impl IntoIterator<Item = usize>,
        text: &T,
    ) -> Result<Vec<Option<T::Piece>>, ScanError> {
        let mut cells = Vec::new();
        for (row, len) in lengths.into_iter().enumerate() {
            if row > 0 {
                self.expect("/", &text.slash(row, len))?;
            }
            self.row(row, len, text, &mut cells)?;
        }
        Ok(cells)
    }

    /// Reads row `row` (from 0) of `len` cells onto `cells`.
    fn row<T: RowText>(
        &mut self,
        row: usize,
        len: usize,
        text: &T,
        cells: &mut Vec<Option<T::Piece>>,
    ) -> Result<(), ScanError> {
        let mut filled = 0;
        let mut after_run = false;
        while filled < len {
            let next = self.peek();
            if let Some(piece) = next.and_then(|l| text.piece(l)) {
                cells.push(Some(piece));
                self.bump();
                filled += 1;
                after_run = false;
                continue;
            }
            let most = len - filled;
            let run = match next {
                Some(d @ b'1'..=b'9') if !after_run && text.one_digit_runs() => {
                    let n = usize::from(d - b'0');
                    if n > len {
                        None
                    } else if n > most {
                        return Err(self.error(&text.run_too_long(row, most, len)));
                    } else {
                        self.bump();
                        Some(n)
                    }
                }
                Some(b'1'..=b'9') if !after_run => {
                    let at = self.at();
                    let n = self.natural().filter(|&n| n <= most);
                    Some(n.ok_or_else(|| self.error_at(at, &text.run_too_long(row, most, len)))?)
                }
                _ => None,
            };
            let Some(run) = run else {
                return Err(self.error(&text.not_a_cell(row, len, after_run)));
            };
            cells.extend(std::iter::repeat_with(|| None).take(run));
            filled += run;
            after_run = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_round_trip_to_the_widest_board() {
        assert_eq!(cell_name(0, 0, Letters::Lower), "a1");
        assert_eq!(cell_name(3, 4, Letters::Lower), "d5");
        assert_eq!(cell_name(3, 4, Letters::Upper), "D5");
        assert_eq!(cell_name(3, 4, Letters::Either), "d5");
        assert_eq!(cell_name(25, 25, Letters::Lower), "z26");
        assert_eq!(
            cell_name(MAX_COLUMNS, 0, Letters::Lower),
            "?1",
            "no 27th letter"
        );
        for case in [Letters::Lower, Letters::Upper] {
            for c in 0..MAX_COLUMNS {
                for r in [0, 1, 8, 9, 25, 99, 1000] {
                    let name = cell_name(c, r, case);
                    let mut s = Scan::new(&name);
                    assert_eq!(s.cell(case), Some((c, r)), "{name}");
                    assert!(s.at_end());
                    assert_eq!(Scan::new(&name).cell(Letters::Either), Some((c, r)));
                }
            }
        }
    }

    #[test]
    fn cells_read_one_letter_and_a_number() {
        let mut s = Scan::new("b10-c3");
        assert_eq!(s.cell(Letters::Lower), Some((1, 9)));
        assert!(s.eat("-"));
        assert_eq!(s.cell(Letters::Lower), Some((2, 2)));
        for bad in ["aa1", "a0", "a01", "a", "1a", "", "é1", "a-1"] {
            let mut s = Scan::new(bad);
            assert_eq!(s.cell(Letters::Either), None, "{bad}");
            assert_eq!(s.at(), 0, "{bad} reads nothing");
        }
        assert_eq!(Scan::new("D5").cell(Letters::Lower), None);
        assert_eq!(Scan::new("d5").cell(Letters::Upper), None);
        assert_eq!(Scan::new("D5").cell(Letters::Either), Some((3, 4)));
        let big = format!("a{}0", usize::MAX);
        assert_eq!(Scan::new(&big).cell(Letters::Lower), None);
        assert_eq!(letter_column(b'z', Letters::Lower), Some(25));
        assert_eq!(letter_column(b'{', Letters::Lower), None);
        assert_eq!(letter_column(b'@', Letters::Upper), None);
    }

    /// Two letters, x and o, worded as Hex words them.
    struct Xo;

    impl RowText for Xo {
        type Piece = u8;
        fn piece(&self, letter: u8) -> Option<u8> {
            matches!(letter, b'x' | b'o').then_some(letter)
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
        fn not_a_cell(&self, row: usize, _: usize, after_run: bool) -> String {
            format!(
                "a piece{} in row {}",
                if after_run { "" } else { " or a run" },
                row + 1
            )
        }
    }

    /// The same with one-digit runs.
    struct Digits;

    impl RowText for Digits {
        type Piece = u8;
        fn piece(&self, letter: u8) -> Option<u8> {
            Xo.piece(letter)
        }
        fn one_digit_runs(&self) -> bool {
            true
        }
        fn slash(&self, row: usize, len: usize) -> String {
            Xo.slash(row, len)
        }
        fn run_too_long(&self, row: usize, most: usize, len: usize) -> String {
            Xo.run_too_long(row, most, len)
        }
        fn not_a_cell(&self, row: usize, len: usize, after_run: bool) -> String {
            Xo.not_a_cell(row, len, after_run)
        }
    }

    fn written(rows: &[Vec<Option<u8>>]) -> String {
        let mut out = String::new();
        for (i, row) in rows.iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            push_row(&mut out, row.iter().map(|c| c.map(char::from)));
        }
        out
    }

    #[test]
    fn rows_round_trip_on_wide_and_uneven_boards() {
        let wide: Vec<Option<u8>> = (0..MAX_COLUMNS)
            .map(|c| [None, Some(b'x'), None, None, Some(b'o')][c % 5])
            .collect();
        let rows = vec![
            wide.clone(),
            vec![None; MAX_COLUMNS],
            vec![Some(b'o'); MAX_COLUMNS],
        ];
        let text = written(&rows);
        assert_eq!(text, "1x2o1x2o1x2o1x2o1x2o1/26/oooooooooooooooooooooooooo");
        let mut s = Scan::new(&text);
        let cells = s.rows([MAX_COLUMNS; 3], &Xo).unwrap();
        assert!(s.at_end());
        assert_eq!(cells, rows.concat());
        let uneven = vec![
            vec![None, None],
            vec![Some(b'x'); 11],
            vec![None; 11],
            vec![None],
        ];
        let text = written(&uneven);
        assert_eq!(text, "2/xxxxxxxxxxx/11/1");
        let cells = Scan::new(&text).rows([2, 11, 11, 1], &Xo).unwrap();
        assert_eq!(cells, uneven.concat());
        let cells = Scan::new("8/x7/1o6").rows([8; 3], &Digits).unwrap();
        assert_eq!(cells.len(), 24);
        assert_eq!(written(&[cells]), "8x8o6", "one row: the runs join");
    }

    #[test]
    fn rows_say_where_they_went_wrong() {
        let err = |text: &str, lengths: &[usize]| {
            Scan::new(text)
                .rows(lengths.iter().copied(), &Xo)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("1x2/3", &[3, 3]),
            "column 3: expected at most 1 more cells in row 1 (it has 3), found '2'"
        );
        assert_eq!(
            err("x2 3", &[3, 3]),
            "column 3: expected '/' after the 3 cells of row 1, found ' '"
        );
        assert_eq!(
            err("1x1/12", &[3, 3]),
            "column 5: expected at most 3 more cells in row 2 (it has 3), found '1'"
        );
        assert_eq!(
            err("x11", &[3]),
            "column 2: expected at most 2 more cells in row 1 (it has 3), found '1'"
        );
        assert_eq!(
            err("1/x", &[3, 1]),
            "column 2: expected a piece in row 1, found '/'"
        );
        assert_eq!(
            err("x0", &[3]),
            "column 2: expected a piece or a run in row 1, found '0'"
        );
        assert_eq!(
            err("x", &[2]),
            "column 2: expected a piece or a run in row 1, found the end of the text"
        );
        let one = |text: &str| Scan::new(text).rows([8], &Digits).unwrap_err().to_string();
        assert_eq!(
            one("9"),
            "column 1: expected a piece or a run in row 1, found '9'"
        );
        assert_eq!(one("12"), "column 2: expected a piece in row 1, found '2'");
        assert_eq!(
            one("xx7"),
            "column 3: expected at most 6 more cells in row 1 (it has 8), found '7'"
        );
    }
}
