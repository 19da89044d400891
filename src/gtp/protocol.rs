//! GTP version 2 on the wire: a command line read as the protocol says (control
//! characters dropped, tabs made spaces, `#` comments cut, an optional numeric id),
//! and responses written `=id text` or `?id message`, each ended by a blank line.

/// One command: its id (if the controller gave one), name and arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// Reads a command line; `None` when nothing is left of it (an empty line, a comment).
pub fn parse_line(line: &str) -> Option<Command> {
    let cleaned: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace().map(String::from);
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or_default()),
        Err(_) => (None, first),
    };
    Some(Command {
        id,
        name,
        args: words.collect(),
    })
}

/// The text of a response: `=id text` for a success, `?id message` for a failure, each
/// line kept (empty lines would end the response early, so they are left out) and
/// the whole ended by an empty line.
pub fn response(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t),
        Err(e) => ('?', e),
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let body: Vec<&str> = text
        .split('\n')
        .enumerate()
        .filter(|(i, l)| *i == 0 || !l.trim().is_empty())
        .map(|(_, l)| l.trim_end())
        .collect();
    format!("{mark}{id} {}\n\n", body.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cleaned_as_the_protocol_says() {
        let c = parse_line("12 play\tblack  a1 # a comment\r\n").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["black", "a1"]);
        assert_eq!(parse_line("   # only a comment"), None);
        assert_eq!(parse_line("\u{7}\r\n"), None);
        assert_eq!(parse_line("7").unwrap().name, "");
    }

    #[test]
    fn responses_end_with_a_blank_line() {
        assert_eq!(response(None, &Ok(String::new())), "= \n\n");
        assert_eq!(response(Some(3), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(
            response(None, &Err("unknown command".into())),
            "? unknown command\n\n"
        );
        assert_eq!(response(None, &Ok("\na\n\nb\n".into())), "= \na\nb\n\n");
    }
}
