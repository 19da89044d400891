//! The scanner the native games read their notation with: a byte cursor over a
//! position or move text that says where the text went wrong by column, and the
//! one reader of the ` won=P` mark that ends the position text of a finished game.

use crate::game::PositionError;
use std::fmt;

/// Why a text could not be read, at a 1-based column counted in characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScanError {
    /// Something the notation does not allow here.
    #[error("column {column}: expected {expected}, found {found}")]
    Expected {
        column: usize,
        /// What the notation allows here.
        expected: String,
        /// The character found, as `crate::game::found_at` shows it.
        found: String,
    },
    /// Well-formed text that says something impossible, starting at this column.
    #[error("column {column}: {message}")]
    Invalid { column: usize, message: String },
}

impl From<ScanError> for String {
    fn from(e: ScanError) -> String {
        e.to_string()
    }
}

/// A text that does not read is an unreadable position, placed at its column; a
/// well-formed text that says something impossible names a position no game
/// reaches.
impl From<ScanError> for PositionError {
    fn from(e: ScanError) -> PositionError {
        let column = match &e {
            ScanError::Expected { column, .. } | ScanError::Invalid { column, .. } => *column,
        };
        let message = e.to_string();
        match e {
            ScanError::Expected { .. } => PositionError::unreadable(message),
            ScanError::Invalid { .. } => PositionError::unreachable(message),
        }
        .at(column)
    }
}

/// A ` won=P` that the board does not bear out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WonContradiction {
    /// The winner the text states.
    pub stated: String,
    /// The winner the board shows, `None` while the game goes on.
    pub shown: Option<String>,
}

impl fmt::Display for WonContradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "won={} contradicts the board: ", self.stated)?;
        match &self.shown {
            Some(w) => write!(f, "{w} has won"),
            None => f.write_str("the game goes on"),
        }
    }
}

impl std::error::Error for WonContradiction {}

impl From<WonContradiction> for String {
    fn from(e: WonContradiction) -> String {
        e.to_string()
    }
}

/// A winner the board does not bear out: no game reaches that.
impl From<WonContradiction> for PositionError {
    fn from(e: WonContradiction) -> PositionError {
        PositionError::unreachable(e.to_string())
    }
}

/// Checks the winner a text states (an index into `names`) against the one its
/// board shows (`None`: the game goes on).
pub fn check_won(
    names: [&str; 2],
    stated: usize,
    shown: Option<usize>,
) -> Result<(), WonContradiction> {
    if shown == Some(stated) {
        return Ok(());
    }
    let name = |i: usize| names.get(i).copied().unwrap_or("?").to_string();
    Err(WonContradiction {
        stated: name(stated),
        shown: shown.map(name),
    })
}

/// A cursor over a notation text; it only moves forward, past what it has read.
#[derive(Clone, Debug)]
pub struct Scan<'a> {
    text: &'a [u8],
    /// The byte offset of the next byte to read (never past the end).
    at: usize,
}

impl<'a> Scan<'a> {
    /// A scanner at the start of `text`.
    pub fn new(text: &'a str) -> Scan<'a> {
        Scan::over(text.as_bytes())
    }

    /// A scanner at the start of `bytes`.
    pub fn over(bytes: &'a [u8]) -> Scan<'a> {
        Scan { text: bytes, at: 0 }
    }

    /// The byte offset of the next byte, for an error reported here later.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The 1-based character column of the next byte.
    pub fn column(&self) -> usize {
        crate::game::column(self.text, self.at)
    }

    /// What is left to read.
    pub fn rest(&self) -> &'a [u8] {
        self.text.get(self.at..).unwrap_or_default()
    }

    /// Whether everything has been read.
    pub fn at_end(&self) -> bool {
        self.at >= self.text.len()
    }

    /// The next byte, not read.
    pub fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// Reads the next byte.
    pub fn next_byte(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    /// Reads the next byte when `wanted` accepts it.
    pub fn next_if(&mut self, wanted: impl FnOnce(u8) -> bool) -> Option<u8> {
        let b = self.peek().filter(|&b| wanted(b))?;
        self.at += 1;
        Some(b)
    }

    /// Moves past the next byte (one just peeked).
    pub fn bump(&mut self) {
        if !self.at_end() {
            self.at += 1;
        }
    }

    /// Reads `lit` if the text goes on with it.
    pub fn eat(&mut self, lit: &str) -> bool {
        if self.rest().starts_with(lit.as_bytes()) {
            self.at += lit.len();
            true
        } else {
            false
        }
    }

    /// Reads `lit`, or says that `expected` was expected here.
    pub fn expect(&mut self, lit: &str, expected: &str) -> Result<(), ScanError> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// Nothing left, or "expected the end of the text" here.
    pub fn end(&self) -> Result<(), ScanError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error("the end of the text"))
        }
    }

    /// Reads a positive whole number without leading zeros; `None`, having read
    /// nothing, when there is none or it does not fit in a `usize`.
    pub fn natural(&mut self) -> Option<usize> {
        let start = self.at;
        if !matches!(self.peek(), Some(b'1'..=b'9')) {
            return None;
        }
        let mut n: usize = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            let Some(m) = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(usize::from(d - b'0')))
            else {
                self.at = start;
                return None;
            };
            n = m;
            self.at += 1;
        }
        Some(n)
    }

    /// Reads a positive whole number without leading zeros, or says that
    /// `expected` was expected where it should start.
    pub fn natural_or(&mut self, expected: &str) -> Result<usize, ScanError> {
        self.natural().ok_or_else(|| self.error(expected))
    }

    /// Reads a run of decimal digits, leading zeros allowed; its value saturates at
    /// `u64::MAX`, so a number too big is read as one no check accepts.  `None`
    /// when there is no digit.
    pub fn digits(&mut self) -> Option<u64> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d) = self.next_if(|b| b.is_ascii_digit()) {
            n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
        }
        (self.at > start).then_some(n)
    }

    /// Reads a word of ASCII letters and digits (a colour name); `None` when there is none.
    pub fn word(&mut self) -> Option<&'a str> {
        let start = self.at;
        while self.next_if(|b| b.is_ascii_alphanumeric()).is_some() {}
        let word = self.text.get(start..self.at)?;
        if word.is_empty() {
            return None;
        }
        std::str::from_utf8(word).ok()
    }

    /// Reads the first of `words` that the text goes on with, and gives its index.
    pub fn one_of(&mut self, words: &[&str]) -> Option<usize> {
        let rest = self.rest();
        let i = words.iter().position(|w| rest.starts_with(w.as_bytes()))?;
        self.at += words[i].len();
        Some(i)
    }

    /// Reads the end of a position text: nothing (the game goes on, `None`), or
    /// ` won=P` with P one of `names` (`Some` of its index) and nothing after it.
    /// `others` are the marks that could still have come here, for the message.
    pub fn won(&mut self, names: [&str; 2], others: &[&str]) -> Result<Option<usize>, ScanError> {
        if self.at_end() {
            return Ok(None);
        }
        for (i, name) in names.iter().enumerate() {
            if self.rest() == format!(" won={name}").as_bytes() {
                self.at = self.text.len();
                return Ok(Some(i));
            }
        }
        let marks: Vec<String> = others
            .iter()
            .map(|m| format!("'{m}'"))
            .chain(names.iter().map(|n| format!("' won={n}'")))
            .collect();
        Err(self.error(&format!("{} or the end of the text", marks.join(", "))))
    }

    /// "expected `expected`" at the next byte.
    pub fn error(&self, expected: &str) -> ScanError {
        self.error_at(self.at, expected)
    }

    /// "expected `expected`" at byte offset `at` (where something read began).
    pub fn error_at(&self, at: usize, expected: &str) -> ScanError {
        ScanError::Expected {
            column: crate::game::column(self.text, at),
            expected: expected.to_string(),
            found: crate::game::found_at(self.text, at),
        }
    }

    /// `message` about what was read from byte offset `at` on.
    pub fn invalid_at(&self, at: usize, message: impl Into<String>) -> ScanError {
        ScanError::Invalid {
            column: crate::game::column(self.text, at),
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(e: ScanError) -> String {
        e.to_string()
    }

    #[test]
    fn naturals_refuse_leading_zeros_and_overflow() {
        let mut s = Scan::new("12x");
        assert_eq!(s.natural(), Some(12));
        assert_eq!(s.at(), 2);
        assert_eq!(s.peek(), Some(b'x'));

        let mut s = Scan::new("05");
        assert_eq!(s.natural(), None);
        assert_eq!(s.at(), 0);
        assert_eq!(
            err(s.natural_or("a number").unwrap_err()),
            "column 1: expected a number, found '0'"
        );

        let big = format!("{}0", usize::MAX);
        let mut s = Scan::new(&big);
        assert_eq!(s.natural(), None);
        assert_eq!(s.at(), 0, "an overflow reads nothing");
        let max = usize::MAX.to_string();
        assert_eq!(Scan::new(&max).natural(), Some(usize::MAX));

        let mut s = Scan::new("007,99999999999999999999999");
        assert_eq!(s.digits(), Some(7));
        assert!(s.eat(","));
        assert_eq!(s.digits(), Some(u64::MAX));
        assert_eq!(s.digits(), None);
    }

    #[test]
    fn literals_words_and_the_end() {
        let mut s = Scan::new("3×3 red*blue");
        assert_eq!(s.natural(), Some(3));
        assert_eq!(
            err(s.expect("x", "'x'").unwrap_err()),
            "column 2: expected 'x', found '×'"
        );
        assert!(s.eat("×"));
        assert_eq!(s.column(), 3);
        assert_eq!(s.next_byte(), Some(b'3'));
        s.expect(" ", "a space").unwrap();
        assert_eq!(s.one_of(&["blue", "red"]), Some(1));
        assert_eq!(s.word(), None);
        assert!(s.next_if(|b| b == b'*').is_some());
        assert_eq!(s.word(), Some("blue"));
        assert!(s.at_end());
        assert_eq!(s.end(), Ok(()));
        assert_eq!(s.next_byte(), None);
        assert_eq!(
            err(s.natural_or("more").unwrap_err()),
            "column 13: expected more, found the end of the text"
        );
        let s = Scan::new("ab\tc");
        assert_eq!(
            err(s.error_at(2, "x")),
            "column 3: expected x, found the control character '\\t'"
        );
        assert_eq!(err(s.invalid_at(1, "no")), "column 2: no");
    }

    #[test]
    fn won_marks() {
        let names = ["red", "blue"];
        let mut s = Scan::new(" won=blue");
        assert_eq!(s.won(names, &[]), Ok(Some(1)));
        assert!(s.at_end());
        assert_eq!(Scan::new("").won(names, &[]), Ok(None));
        for bad in [" won=blues", " won=", " won=green", "x"] {
            assert_eq!(
                err(Scan::new(bad).won(names, &[]).unwrap_err()),
                format!(
                    "column 1: expected ' won=red', ' won=blue' or the end of the text, found '{}'",
                    &bad[..1]
                )
            );
        }
        assert_eq!(
            err(Scan::new(" x").won(names, &[" sight=all"]).unwrap_err()),
            "column 1: expected ' sight=all', ' won=red', ' won=blue' or the end of the text, found ' '"
        );
        assert_eq!(check_won(names, 0, Some(0)), Ok(()));
        assert_eq!(
            check_won(names, 0, None).unwrap_err().to_string(),
            "won=red contradicts the board: the game goes on"
        );
        assert_eq!(
            String::from(check_won(names, 1, Some(0)).unwrap_err()),
            "won=blue contradicts the board: red has won"
        );
    }
}
