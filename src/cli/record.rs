//! Game records of `ludolog play`: read with their `game:` and `options:` checked
//! against the command line, written through a temporary file and a rename so that a
//! failed write never leaves a broken record behind.

use crate::game::{elide, GameOptions};
use crate::registry::EngineSpec;
use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A saved game: the game and options it was played with, the start position and the
/// moves played from it, each with the line it came from (for messages).
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub game: Option<String>,
    pub options: Option<GameOptions>,
    pub start: String,
    pub start_line: usize,
    pub moves: Vec<String>,
    pub moves_line: usize,
}

/// Reads a record: `game:`, `options:`, `start:`, `moves:` and `result:` lines, `#`
/// comments and blank lines.
pub fn read_record(path: &Path) -> Result<Record> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("{}: cannot read the game record", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{}: the game record is not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to() + 1
        )
    })?;
    parse_record(&path.display().to_string(), &text).map_err(anyhow::Error::msg)
}

/// Reads a record's text; `name` is what messages call the file.
pub fn parse_record(name: &str, text: &str) -> Result<Record, String> {
    let mut record = Record::default();
    let mut start = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = i + 1;
        match line.split_once(':').map(|(k, v)| (k.trim(), v.trim())) {
            Some(("start", v)) => {
                if start.is_some() {
                    return Err(format!("{name}:{at}: a second `start:` line"));
                }
                start = Some(v.to_string());
                record.start_line = at;
            }
            Some(("moves", v)) => {
                record.moves = v.split_whitespace().map(String::from).collect();
                record.moves_line = at;
            }
            Some(("game", v)) => {
                if v.is_empty() {
                    return Err(format!("{name}:{at}: `game:` names no game"));
                }
                record.game = Some(v.to_string());
            }
            Some(("options", v)) => {
                let items: Vec<&str> = v.split_whitespace().collect();
                record.options = Some(
                    GameOptions::parse(&items).map_err(|e| format!("{name}:{at}: {e}"))?,
                );
            }
            Some(("result", _)) => {}
            _ => {
                return Err(format!(
                    "{name}:{at}: expected `game:`, `options:`, `start:`, `moves:` or `result:`, found \"{}\"",
                    elide(line)
                ))
            }
        }
    }
    record.start = start.ok_or_else(|| format!("{name}: the record has no `start:` line"))?;
    Ok(record)
}

/// The options as a sorted list of pairs, the last value of each key winning.
fn sorted(options: &GameOptions) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (k, v) in options.pairs() {
        out.retain(|(k0, _)| k0 != k);
        out.push((k.clone(), v.clone()));
    }
    out.sort();
    out
}

/// The engine spec a loaded record is played with: the record's game must be the one
/// named on the command line, and its options are used unless `-O` gives others, which
/// must then be the same (a record of the default options takes `-O`, and the start
/// position must then agree with it: `contradiction`).
pub fn honour(spec: &EngineSpec, record: &Record, path: &Path) -> Result<EngineSpec> {
    let mut spec = spec.clone();
    if let Some(game) = &record.game {
        if game != &spec.game {
            bail!(
                "{}: the record is a game of {}, not {} (ludolog play {} --load {})",
                path.display(),
                elide(game),
                elide(&spec.game),
                elide(game),
                path.display()
            );
        }
    }
    if let Some(options) = &record.options {
        if spec.options.pairs().is_empty() {
            spec.options = options.clone();
        } else if !options.pairs().is_empty() && sorted(options) != sorted(&spec.options) {
            bail!(
                "{}: the record was played with options `{}`, not `{}` (leave out -O to use the record's)",
                path.display(),
                options,
                spec.options
            );
        }
    }
    Ok(spec)
}

/// The first option of `spec` that the record's start position contradicts, as a message.
pub fn contradiction(spec: &EngineSpec, start: &str, path: &Path, line: usize) -> Option<String> {
    let d = spec.descriptor()?;
    let clashes = d.contradicted(&spec.options, start);
    let (key, given, in_text) = clashes.first()?;
    Some(format!(
        "{}:{line}: -O {key}={given} contradicts the record's start position, which has {key}={in_text}",
        path.display()
    ))
}

/// Where a record will be saved: a temporary file made beside it before the game
/// starts (so a directory that cannot be written is an error then, not after the
/// game), renamed over the record when the game ends.
pub struct RecordFile {
    path: PathBuf,
    temp: tempfile::NamedTempFile,
}

impl RecordFile {
    /// Makes the temporary file beside `path`; fails when it cannot be written there.
    pub fn create(path: &Path) -> Result<RecordFile> {
        if path.is_dir() {
            bail!(
                "{}: cannot save the game record: it is a directory",
                path.display()
            );
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            bail!(
                "{}: cannot save the game record: there is no directory {}",
                path.display(),
                dir.display()
            );
        }
        let temp = tempfile::Builder::new()
            .prefix(".ludolog-record")
            .tempfile_in(&dir)
            .map_err(|e| {
                anyhow::anyhow!(
                    "{}: cannot save the game record: cannot write in {} ({})",
                    path.display(),
                    dir.display(),
                    std::io::Error::from(e.kind())
                )
            })?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            temp,
        })
    }

    /// Writes the record and renames it over the file; the old file is kept intact
    /// when anything fails.
    pub fn save(mut self, spec: &EngineSpec, record: &Record, result: Option<&str>) -> Result<()> {
        let text = format!(
            "# ludolog game record\ngame: {}\noptions: {}\nstart: {}\nmoves: {}\n{}",
            spec.game,
            spec.options,
            record.start,
            record.moves.join(" "),
            result.map(|r| format!("result: {r}\n")).unwrap_or_default()
        );
        let context = || format!("{}: cannot save the game record", self.path.display());
        self.temp.write_all(text.as_bytes()).with_context(context)?;
        self.temp.as_file().sync_all().with_context(context)?;
        self.temp
            .persist(&self.path)
            .map_err(|e| e.error)
            .with_context(context)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_read_with_their_lines() {
        let r = parse_record(
            "r.txt",
            "# c\ngame: hex\noptions: size=3\nstart: 3x3 3/3/3 red\nmoves: a1 b2\n",
        )
        .unwrap();
        assert_eq!(r.game.as_deref(), Some("hex"));
        assert_eq!(r.options.unwrap().to_string(), "size=3");
        assert_eq!((r.start_line, r.moves_line), (4, 5));
        assert_eq!(r.moves, ["a1", "b2"]);
        assert_eq!(
            parse_record("r.txt", "moves: a1\n").unwrap_err(),
            "r.txt: the record has no `start:` line"
        );
        assert_eq!(
            parse_record("r.txt", "start: x\nfoo\n").unwrap_err(),
            "r.txt:2: expected `game:`, `options:`, `start:`, `moves:` or `result:`, found \"foo\""
        );
        assert_eq!(
            parse_record("r.txt", "options: size\nstart: x\n").unwrap_err(),
            "r.txt:1: option `size` is not of the form key=value"
        );
    }

    #[test]
    fn options_compare_as_sets() {
        let a = GameOptions::parse(&["size=3", "swap=true"]).unwrap();
        let b = GameOptions::parse(&["swap=true", "size=3"]).unwrap();
        assert_eq!(sorted(&a), sorted(&b));
    }
}
