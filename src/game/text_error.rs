//! Where a position text went wrong, said as a person counts: columns are
//! characters (not bytes), and the character found is shown as typed.

/// The 1-based character column of byte offset `at` in `text`.
pub fn column(text: &[u8], at: usize) -> usize {
    String::from_utf8_lossy(&text[..at.min(text.len())])
        .chars()
        .count()
        + 1
}

/// The character at byte offset `at` as a message shows it: `'C'`, the control
/// character `'\t'`, or the end of the text.
pub fn found_at(text: &[u8], at: usize) -> String {
    let rest = String::from_utf8_lossy(&text[at.min(text.len())..]);
    match rest.chars().next() {
        None => "the end of the text".to_string(),
        Some(c) if c.is_control() => format!("the control character {:?}", c),
        Some(c) => format!("'{c}'"),
    }
}

/// "column N: expected EXPECTED, found 'C'" for the character at byte offset `at`
/// (the text of `games::scan::ScanError::Expected`).
pub fn expected_at(text: &[u8], at: usize, expected: &str) -> String {
    format!(
        "column {}: expected {expected}, found {}",
        column(text, at),
        found_at(text, at)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let t = "3×3 r2".as_bytes();
        assert_eq!(
            expected_at(t, 1, "'x'"),
            "column 2: expected 'x', found '×'"
        );
        assert_eq!(column(t, 3), 3); // after the two bytes of ×
        assert_eq!(
            expected_at(t, t.len(), "more"),
            "column 7: expected more, found the end of the text"
        );
        assert_eq!(
            expected_at(b"a\tb", 1, "x"),
            "column 2: expected x, found the control character '\\t'"
        );
    }
}
