//! The REPL's `:commands`: their names, help texts and parsing.

/// A `:command` with its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Play(Vec<String>),
    Undo(usize),
    Redo(usize),
    Moves,
    Board,
    Position(Option<String>),
    Game(String, Vec<String>),
    Load(String),
    Reload,
    Tier(String),
    Best(Option<u32>),
    Listing(String),
    Full,
    Set(Option<(String, String)>),
    Why(String),
    Help(Option<String>),
    Quit,
}

/// (name, arguments, what it does) for every command, as `:help` lists them.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("play", "MOVE...", "play moves from the current position"),
    ("undo", "[N]", "take back the last N moves (default 1)"),
    (
        "redo",
        "[N]",
        "play again the last N moves taken back (default 1)",
    ),
    ("moves", "", "list the legal moves"),
    ("board", "", "draw the board"),
    (
        "position",
        "[TEXT]",
        "show the position text, or set the position",
    ),
    ("game", "NAME [key=value...]", "switch to another game"),
    ("load", "FILE", "load a rule file and play its game"),
    (
        "reload",
        "",
        "re-read the rule files, keeping the moves still legal and your definitions",
    ),
    (
        "tier",
        "spec|accelerated|native",
        "switch the tier that plays moves",
    ),
    (
        "best",
        "[DEPTH]",
        "the best move by alpha-beta (default depth {SEARCH_DEPTH})",
    ),
    (
        "listing",
        "NAME[/ARITY]",
        "the clauses of a predicate defined at the prompt",
    ),
    (
        "full",
        "",
        "the last answer again, without eliding long terms",
    ),
    (
        "set",
        "[KEY VALUE]",
        "how answers look: strings on|off, depth N (0: no eliding), notation on|off",
    ),
    ("why", "MOVE", "why a move is illegal here, or what it does"),
    ("help", "[COMMAND]", "this list, or one command"),
    ("quit", "", "leave (or Ctrl-D)"),
];

/// Parses a line that starts with `:`.
pub fn parse(line: &str) -> Result<Command, String> {
    let mut words = line.trim().trim_start_matches(':').split_whitespace();
    let name = words.next().unwrap_or("");
    let rest: Vec<String> = words.map(String::from).collect();
    let one = |rest: &[String]| rest.first().cloned();
    match name {
        "play" | "p" if !rest.is_empty() => Ok(Command::Play(move_words(&rest))),
        "play" | "p" => Err(":play needs at least one move, e.g. :play d5".into()),
        "undo" | "u" => match rest.first() {
            None => Ok(Command::Undo(1)),
            Some(n) => n
                .parse()
                .map(Command::Undo)
                .map_err(|_| format!(":undo takes a number of moves, not `{n}`")),
        },
        "redo" => match rest.first() {
            None => Ok(Command::Redo(1)),
            Some(n) => n
                .parse()
                .map(Command::Redo)
                .map_err(|_| format!(":redo takes a number of moves, not `{n}`")),
        },
        "moves" | "m" => Ok(Command::Moves),
        "board" | "b" => Ok(Command::Board),
        "position" | "pos" => Ok(Command::Position(
            (!rest.is_empty()).then(|| rest.join(" ")),
        )),
        "game" | "g" => match rest.split_first() {
            Some((g, opts)) => Ok(Command::Game(g.clone(), opts.to_vec())),
            None => Err(":game needs a game name, e.g. :game hex size=7".into()),
        },
        "load" | "l" => one(&rest)
            .map(Command::Load)
            .ok_or_else(|| ":load needs a rule file".to_string()),
        "reload" | "r" => Ok(Command::Reload),
        "tier" | "t" => one(&rest)
            .map(Command::Tier)
            .ok_or_else(|| ":tier needs spec, accelerated or native".to_string()),
        "best" => match rest.first() {
            None => Ok(Command::Best(None)),
            Some(d) => crate::game::search_depth(d)
                .map(|d| Command::Best(Some(d)))
                .map_err(|e| format!(":best takes a depth: {e}")),
        },
        "listing" => one(&rest)
            .map(Command::Listing)
            .ok_or_else(|| ":listing needs a predicate name, e.g. :listing double".to_string()),
        "full" => Ok(Command::Full),
        "set" => match rest.as_slice() {
            [] => Ok(Command::Set(None)),
            [key, value] => Ok(Command::Set(Some((key.clone(), value.clone())))),
            _ => Err(":set takes a setting and a value, e.g. :set depth 20".into()),
        },
        "why" | "w" if !rest.is_empty() => Ok(Command::Why(rest.join(" "))),
        "why" | "w" => Err(":why needs a move, e.g. :why d5".into()),
        "help" | "h" | "?" => Ok(Command::Help(one(&rest))),
        "quit" | "q" | "exit" => Ok(Command::Quit),
        other => Err(format!("unknown command :{other} (try :help)")),
    }
}

/// A command's help text with the defaults it names filled in from `game::defaults`.
fn with_defaults(what: &str) -> String {
    what.replace(
        "{SEARCH_DEPTH}",
        &crate::game::defaults::SEARCH_DEPTH.to_string(),
    )
}

/// The help of one command, or of them all.
pub fn help(topic: Option<&str>) -> String {
    match topic.map(|t| t.trim_start_matches(':')) {
        Some(t) => match COMMANDS.iter().find(|(n, _, _)| *n == t) {
            Some((n, args, what)) => format!(":{n} {args}\n    {}", with_defaults(what)),
            None => format!("no command :{t} (try :help)"),
        },
        None => {
            let mut out = String::from(
                "Type a Prolog query ending in `.` to ask the rules, e.g. current(S), legal(S, M).\n\
                 `current(S)` is the current position; legal/2, play/3, outcome/2, ... are the game's.\n\
                 Answers show positions and moves in the game's notation, <a1>; `:set notation off` shows their terms.\n\
                 After an answer, `;` (or space) asks for the next one, `w` shows it in full, Enter stops.\n\
                 `Head :- Body.` adds a clause; `[user].` reads clauses (facts too) up to `end_of_file.`;\n\
                 use_module(library(clpz)) loads a library; `halt.` leaves. Ctrl-C stops a query.\n\
                 As in SWI-Prolog: $X (X in the latest answer), listing(legal/2), clause/2, trace./notrace.\n\nCommands:\n",
            );
            for (n, args, what) in COMMANDS {
                let what = with_defaults(what);
                out.push_str(&format!("  :{:<28} {what}\n", format!("{n} {args}")));
            }
            out.trim_end().to_string()
        }
    }
}

/// The moves of `:play`'s words (a GDL move in parentheses, or a joint move, is one).
fn move_words(words: &[String]) -> Vec<String> {
    crate::game::move_words(words.iter().map(String::as_str))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_takes_moves_in_parentheses_and_joint_moves() {
        let words = |l: &str| match parse(l) {
            Ok(Command::Play(ms)) => ms,
            other => panic!("{other:?}"),
        };
        assert_eq!(words(":play a1 b2"), vec!["a1", "b2"]);
        assert_eq!(
            words(":play (mark 1 1) (mark 2 (f 3))"),
            vec!["(mark 1 1)", "(mark 2 (f 3))"]
        );
        assert_eq!(
            words(":play (show heads) & (show tails) noop"),
            vec!["(show heads) & (show tails)", "noop"]
        );
        assert_eq!(words(":play (mark 1"), vec!["(mark 1"]);
    }

    #[test]
    fn parses_commands_and_says_what_is_wrong() {
        assert_eq!(
            parse(":play a1 b2"),
            Ok(Command::Play(vec!["a1".into(), "b2".into()]))
        );
        assert_eq!(parse(":undo"), Ok(Command::Undo(1)));
        assert_eq!(parse(":undo 3"), Ok(Command::Undo(3)));
        assert_eq!(parse(":redo"), Ok(Command::Redo(1)));
        assert_eq!(parse(":redo 2"), Ok(Command::Redo(2)));
        assert!(parse(":undo x").unwrap_err().contains("number"));
        assert_eq!(
            parse(":game hex size=5"),
            Ok(Command::Game("hex".into(), vec!["size=5".into()]))
        );
        assert_eq!(
            parse(":position 3x3 3/3/3 red"),
            Ok(Command::Position(Some("3x3 3/3/3 red".into())))
        );
        assert!(parse(":fly").unwrap_err().contains("unknown command :fly"));
    }
}
