//! Text from rule files, records and positions made safe for a terminal: a control
//! character (an escape sequence's ESC, a bell, a carriage return) or a bidirectional
//! override is written as a visible escape (`\x1b`, `\u{202e}`), so that no input can
//! retitle, clear or rewrite the screen it is shown on.

use crate::game::View;
use std::borrow::Cow;

/// Whether a character would act on a terminal instead of showing: C0 and C1
/// controls but newline and tab, and the bidirectional overrides and isolates.
fn acts(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` with every character that would act on a terminal written as an escape.
pub fn terminal_text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !acts(c) {
            out.push(c);
        } else if (c as u32) < 0x100 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    Cow::Owned(out)
}

/// A view whose texts (cell names, marks, pieces, info) and glyphs are safe to draw
/// on a terminal: a glyph that would act is drawn as `?`.
pub fn terminal_view(view: &View) -> View {
    let t = |s: &String| terminal_text(s).into_owned();
    let mut v = view.clone();
    for cell in &mut v.cells {
        cell.name = t(&cell.name);
        cell.marks = cell.marks.iter().map(t).collect();
        for p in &mut cell.pieces {
            p.kind = t(&p.kind);
            p.owner = t(&p.owner);
        }
    }
    v.info = v.info.iter().map(|(k, val)| (t(k), t(val))).collect();
    for (p, g) in &mut v.glyphs {
        p.kind = t(&p.kind);
        p.owner = t(&p.owner);
        if acts(*g) {
            *g = '?';
        }
    }
    v
}

/// A writer that shows, instead of passing on, the bytes that would act on a
/// terminal: C0 controls but newline and tab, DEL, and the C1 controls (U+0080 to
/// U+009F, two bytes in UTF-8).  The commands that print what rule files and records
/// say write through it; those that colour their own output (`play`) escape at the
/// source instead.
pub struct TerminalWriter<W: std::io::Write> {
    inner: W,
    /// The last byte was 0xC2, the first of a two-byte character not yet written.
    held: bool,
}

impl<W: std::io::Write> TerminalWriter<W> {
    pub fn new(inner: W) -> TerminalWriter<W> {
        TerminalWriter { inner, held: false }
    }
}

impl<W: std::io::Write> std::io::Write for TerminalWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = Vec::with_capacity(buf.len());
        for &b in buf {
            if self.held {
                self.held = false;
                if (0x80..=0x9f).contains(&b) {
                    out.extend_from_slice(format!("\\x{b:02x}").as_bytes());
                    continue;
                }
                out.push(0xc2);
            }
            match b {
                0xc2 => self.held = true,
                b'\n' | b'\t' => out.push(b),
                0..=0x1f | 0x7f => out.extend_from_slice(format!("\\x{b:02x}").as_bytes()),
                _ => out.push(b),
            }
        }
        self.inner.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if std::mem::take(&mut self.held) {
            self.inner.write_all(&[0xc2])?;
        }
        self.inner.flush()
    }
}

impl<W: std::io::Write> Drop for TerminalWriter<W> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writer_shows_controls_split_across_writes() {
        use std::io::Write;
        let mut bytes = Vec::new();
        {
            let mut w = TerminalWriter::new(&mut bytes);
            w.write_all(b"a\x1b[2Jb\n\xc2").unwrap();
            w.write_all(b"\x9bc \xc2\xa9\t\x07").unwrap();
        }
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "a\\x1b[2Jb\n\\x9bc \u{a9}\t\\x07"
        );
    }

    #[test]
    fn what_would_act_on_a_terminal_is_shown_instead() {
        assert_eq!(terminal_text("a1 b2\n"), "a1 b2\n");
        assert_eq!(
            terminal_text("\u{1b}]0;pwned\u{7}\u{1b}[2J"),
            "\\x1b]0;pwned\\x07\\x1b[2J"
        );
        assert_eq!(terminal_text("x\u{202e}y\r\u{9b}"), "x\\u{202e}y\\x0d\\x9b");
        assert!(matches!(terminal_text("plain"), Cow::Borrowed(_)));
    }
}
