//! The text record of every game, PGN-like: tag pairs (`[Game "hex"]`), a blank line,
//! then the moves in the game's own notation, numbered, ending with the result:
//!
//! ```text
//! [Game "hex"]
//! [Options "size=3"]
//! [Date "2025.06.01"]
//! [Red "alphabeta:9"]
//! [Blue "human"]
//! [Result "win(red)"]
//! [Start "3x3 3/3/3 red"]
//!
//! 1. b2 a3 2. b3 win(red)
//! ```
//!
//! The reader also takes the older `key: value` records (`game:`, `options:`,
//! `start:`, `moves:`, `result:`) that `ludolog play --save` wrote before.

use super::{Record, RecordError};
use crate::game::elide;
use crate::game::GameOptions;

/// The text of a record.
pub fn render(record: &Record) -> String {
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| {
        out.push_str(&format!("[{key} \"{}\"]\n", escape(value)));
    };
    tag("Game", &record.game);
    tag("Options", &record.options.to_string());
    if let Some(d) = &record.date {
        tag("Date", d);
    }
    for (k, v) in &record.tags {
        tag(k, v);
    }
    tag("Result", record.result.as_deref().unwrap_or("*"));
    if let Some(t) = &record.termination {
        tag("Termination", t);
    }
    if let Some(s) = &record.start {
        tag("Start", s);
    }
    out.push('\n');
    let mut line = String::new();
    for (i, m) in record.moves.iter().enumerate() {
        let word = if i % 2 == 0 {
            format!("{}. {m}", i / 2 + 1)
        } else {
            m.clone()
        };
        if !line.is_empty() && line.len() + word.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(record.result.as_deref().unwrap_or("*"));
    out.push_str(&line);
    out.push('\n');
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Reads a text record (this format or the older one).
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let mut record = Record::default();
    let mut game = None;
    let mut movetext = String::new();
    let mut legacy_moves = None;
    let bad = |line: usize, what: String| RecordError::Syntax { line, what };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(inner) = line.strip_prefix('[') {
            let (key, value) = tag_pair(inner).map_err(|w| bad(n, w))?;
            match key.as_str() {
                "Game" => game = Some(value),
                "Options" => {
                    let words: Vec<&str> = value.split_whitespace().collect();
                    record.options = GameOptions::parse(&words)
                        .map_err(|e| bad(n, format!("[Options]: {e}")))?;
                }
                "Start" => record.start = Some(value),
                "Result" => record.result = result_value(&value).map_err(|e| bad(n, e))?,
                "Termination" => record.termination = Some(value),
                "Date" => record.date = Some(value),
                _ => record.tags.push((key, value)),
            }
            continue;
        }
        match line.split_once(':') {
            Some((key @ ("game" | "options" | "start" | "moves" | "result"), value))
                if movetext.is_empty() =>
            {
                let value = value.trim().to_string();
                match key {
                    "game" => game = Some(value),
                    "options" => {
                        let words: Vec<&str> = value.split_whitespace().collect();
                        record.options = GameOptions::parse(&words)
                            .map_err(|e| bad(n, format!("options: {e}")))?;
                    }
                    "start" => record.start = Some(value),
                    "moves" => legacy_moves = Some(value),
                    _ => record.result = result_value(&value).map_err(|e| bad(n, e))?,
                }
            }
            _ => {
                movetext.push_str(line);
                movetext.push('\n');
            }
        }
    }
    record.game = game.ok_or(RecordError::NoGame)?;
    if record.start.is_none() && legacy_moves.is_some() {
        return Err(RecordError::Invalid(
            "the record has `moves:` but no `start:` line".into(),
        ));
    }
    let words = legacy_moves.unwrap_or_default() + " " + &movetext;
    record.moves = moves(&words, record.result.as_deref())?;
    Ok(record)
}

/// `Key "value"]` (after the `[`): the tag's key and unescaped value.
fn tag_pair(inner: &str) -> Result<(String, String), String> {
    let body = inner
        .strip_suffix(']')
        .ok_or_else(|| format!("a tag `[{}` that does not end with `]`", elide(inner)))?;
    let (key, rest) = body
        .split_once(' ')
        .ok_or_else(|| format!("a tag `[{}]` with no value", elide(body)))?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag {} is not in double quotes", elide(key)))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.extend(chars.next());
        } else {
            value.push(c);
        }
    }
    Ok((key.to_string(), value))
}

/// A result as a record says it: `*` (none yet), `draw`, `win(PLAYER)` or
/// `scores([P-V,...])`, one word, so that it ends the movetext it is written at the
/// end of.
fn result_value(value: &str) -> Result<Option<String>, String> {
    let one_word = !value.is_empty() && !value.contains(char::is_whitespace);
    match value {
        "*" => Ok(None),
        _ if one_word && is_result_word(value) => Ok(Some(value.to_string())),
        _ => Err(format!(
            "the result {:?} is not *, draw, win(PLAYER) or scores([PLAYER-VALUE,...])",
            elide(value)
        )),
    }
}

/// Whether a word of a movetext is a finished game's result.
fn is_result_word(word: &str) -> bool {
    crate::game::Ending::parse(word).is_some()
}

/// The moves of a movetext: move numbers (`12.`, `12...`) and `{comments}` are left
/// out; the result (`*`, `draw`, `win(…)`, `scores(…)`) ends it and must agree with
/// the tag; a GDL move in parentheses, or a joint move, is one move.
fn moves(text: &str, result: Option<&str>) -> Result<Vec<String>, RecordError> {
    let mut out: Vec<&str> = Vec::new();
    let mut in_comment = false;
    for word in text.split_whitespace() {
        if in_comment || word.starts_with('{') {
            in_comment = !word.ends_with('}');
            continue;
        }
        let number = word.trim_end_matches('.');
        if number.len() < word.len() && number.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if word == "*" || is_result_word(word) {
            let said = (word != "*").then_some(word);
            if said.is_some() && said != result {
                return Err(RecordError::Invalid(format!(
                    "the moves end with {} but the result tag says {}",
                    elide(word),
                    elide(result.unwrap_or("*"))
                )));
            }
            continue;
        }
        out.push(word);
    }
    Ok(crate::game::move_words(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            game: "hex".into(),
            options: GameOptions::parse(&["size=3"]).unwrap(),
            start: Some("3x3 3/3/3 red".into()),
            moves: vec!["b2".into(), "a3".into(), "b3".into()],
            result: Some("win(red)".into()),
            date: Some("2025.06.01".into()),
            tags: vec![
                ("Red".into(), "alphabeta:9".into()),
                ("Blue".into(), "a \"quoted\" name".into()),
            ],
            ..Record::default()
        }
    }

    #[test]
    fn renders_tags_and_numbered_moves() {
        let text = render(&sample());
        assert_eq!(
            text,
            "[Game \"hex\"]\n[Options \"size=3\"]\n[Date \"2025.06.01\"]\n\
             [Red \"alphabeta:9\"]\n[Blue \"a \\\"quoted\\\" name\"]\n[Result \"win(red)\"]\n\
             [Start \"3x3 3/3/3 red\"]\n\n1. b2 a3 2. b3 win(red)\n"
        );
        assert_eq!(parse(&text).unwrap(), sample());
    }

    #[test]
    fn long_games_wrap_and_come_back_whole() {
        let mut r = sample();
        r.moves = (0..60).map(|i| format!("m{i}")).collect();
        let text = render(&r);
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert_eq!(parse(&text).unwrap(), r);
    }

    #[test]
    fn reads_the_older_records() {
        let text = "# ludolog game record\ngame: hex\noptions: size=3\nstart: 3x3 3/3/3 red\n\
                    moves: b2 a3\nresult: win(red)\n";
        let r = parse(text).unwrap();
        assert_eq!(r.game, "hex");
        assert_eq!(r.moves, vec!["b2", "a3"]);
        assert_eq!(r.start.as_deref(), Some("3x3 3/3/3 red"));
        assert_eq!(r.result.as_deref(), Some("win(red)"));
    }

    #[test]
    fn a_result_is_one_the_movetext_can_end_with() {
        // found by fuzzing: `[Result "x"]` was written after the moves and read
        // back as one more move
        let e = parse("[Game \"hex\"]\n[Result \"x\"]\n\n1. a1 *\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: the result \"x\" is not *, draw, win(PLAYER) or scores([PLAYER-VALUE,...])"
        );
        assert!(parse("[Game \"hex\"]\n[Result \"win(red blue)\"]\n\n1. a1\n").is_err());
        let r = parse("[Game \"hex\"]\n[Result \"win(red)\"]\n\n1. a1 win(red)\n").unwrap();
        assert_eq!(r.result.as_deref(), Some("win(red)"));
        assert_eq!(parse(&render(&r)).unwrap(), r);
        // a GDL game's scores, after joint moves that hold spaces
        let t = "[Game \"pennies\"]\n[Result \"scores([even-67,odd-33])\"]\n\n\
                 1. (show heads) & (show tails) scores([even-67,odd-33])\n";
        let r = parse(t).unwrap();
        assert_eq!(r.moves, vec!["(show heads) & (show tails)"]);
        assert_eq!(parse(&render(&r)).unwrap(), r);
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = parse("[Game \"hex\"\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: a tag `[Game \"hex\"` that does not end with `]`"
        );
        let e = parse("[Options \"size\"]\n").unwrap_err();
        assert!(e.to_string().contains("line 1: [Options]"), "{e}");
        let e = parse("1. a1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the record names no game: it needs a [Game \"…\"] tag"
        );
        let e = parse("[Game \"hex\"]\n[Result \"win(red)\"]\n\n1. a1 win(blue)\n").unwrap_err();
        assert!(e.to_string().contains("win(blue)"), "{e}");
    }
}
