//! Scryer's load errors (`error(E, load/1:N)`) and warnings said in plain words, with the line.

/// A load error line from scryer, made readable: `error(E, load/1:N)` becomes
/// `N: E in words` (the caller puts the file name in front).
pub(super) fn describe_load_error(line: &str) -> String {
    let line = line.trim().trim_end_matches('.');
    // the sandbox's own message for an initialization goal is in words already
    if let Some(words) = line.strip_prefix("error: ") {
        return words.to_string();
    }
    let Some(inner) = line
        .strip_prefix("error(")
        .and_then(|l| l.strip_suffix(')'))
    else {
        return line.to_string();
    };
    // the context is after the last top-level comma
    let mut depth = 0i32;
    let mut split = None;
    for (i, ch) in inner.char_indices() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => split = Some(i),
            _ => {}
        }
    }
    let (error, context) = match split {
        Some(i) => (&inner[..i], &inner[i + 1..]),
        None => (inner, ""),
    };
    let line_no = context
        .rsplit_once(':')
        .and_then(|(_, n)| n.parse::<u64>().ok());
    let words = error_words(error);
    match line_no {
        Some(n) => format!("line {n}: {words}"),
        None => words,
    }
}

/// An ISO error term as scryer writes it, in words.
fn error_words(error: &str) -> String {
    let spaced = |s: &str| s.replace('_', " ");
    let args = |prefix: &str| {
        error
            .strip_prefix(prefix)
            .and_then(|r| r.strip_suffix(')'))
            .map(str::to_string)
    };
    if let Some(w) = args("syntax_error(") {
        let words = match w.as_str() {
            "incomplete_reduction" => {
                "a bracket, a quote or a /* comment is not closed, or an operator lacks an argument"
            }
            "missing_quote" => "a quote is not closed",
            "unexpected_eof" | "unexpected_end_of_file" => {
                "the file ends inside a term (a missing '.' at the end of a clause?)"
            }
            "cannot_parse_big_int" => "a number is malformed",
            other => return format!("syntax error: {}", spaced(other)),
        };
        return format!("syntax error: {words}");
    }
    if let Some(a) = args("type_error(evaluable,") {
        return format!("{a} is not an arithmetic function");
    }
    if let Some(a) = args("type_error(") {
        if let Some((ty, v)) = a.split_once(',') {
            return format!("expected {}, found {v}", spaced(ty));
        }
    }
    if let Some(a) = args("existence_error(procedure,") {
        return format!("unknown procedure {a}");
    }
    if let Some(a) = args("permission_error(") {
        let parts: Vec<&str> = a.splitn(3, ',').collect();
        if let [act, kind, what] = parts[..] {
            return format!("not allowed to {} the {} {what}", spaced(act), spaced(kind));
        }
    }
    if error == "instantiation_error" {
        return "arguments are not sufficiently instantiated (a variable where a value is needed)"
            .to_string();
    }
    spaced(error)
}

/// A warning scryer printed while loading `path`, in the shape of an error
/// message: `Warning: singleton variables X, Y at line 4 of m` becomes
/// `path:4: warning: singleton variables X, Y (...)`; other text is kept as it is.
pub(super) fn describe_load_warning(path: &str, line: &str) -> String {
    let text = line.trim().trim_start_matches("% ");
    let parsed = text
        .strip_prefix("Warning: singleton variables ")
        .and_then(|rest| rest.rsplit_once(" at line "))
        .and_then(|(vars, at)| Some((vars, at.split_once(' ')?.0.parse::<u64>().ok()?)));
    match parsed {
        Some((vars, n)) => {
            let first = vars.split(", ").next().unwrap_or("X");
            if vars.contains(", ") {
                format!("{path}:{n}: warning: singleton variables {vars}: each is used only once in its clause (a typo? name it _{first} if it is meant)")
            } else {
                format!("{path}:{n}: warning: singleton variable {vars}: it is used only once in its clause (a typo? name it _{first} if it is meant)")
            }
        }
        None => format!("{path}: {text}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{describe_load_error, describe_load_warning};

    #[test]
    fn singleton_warnings_name_file_and_line() {
        assert_eq!(
            describe_load_warning("w.pl", "Warning: singleton variables X, Y at line 4 of evil"),
            "w.pl:4: warning: singleton variables X, Y: each is used only once in its clause (a typo? name it _X if it is meant)"
        );
        assert_eq!(describe_load_warning("w.pl", "% other"), "w.pl: other");
    }

    #[test]
    fn load_errors_are_said_in_words() {
        assert_eq!(
            describe_load_error("error(syntax_error(incomplete_reduction),load/1:2)."),
            "line 2: syntax error: a bracket, a quote or a /* comment is not closed, or an operator lacks an argument"
        );
        assert_eq!(
            describe_load_error("error(type_error(evaluable,foo/0),load/1)"),
            "foo/0 is not an arithmetic function"
        );
        assert_eq!(
            describe_load_error("error(permission_error(modify,static_procedure,append/3),load/1)"),
            "not allowed to modify the static procedure append/3"
        );
        assert_eq!(describe_load_error("something else"), "something else");
    }
}
