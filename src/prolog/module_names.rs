//! The names of Prolog modules as ludolog reads them: the module a file declares
//! (its first `:- module(` directive, and the declaration's text), and the modules
//! of scryer itself, which no rule file may take.

/// Modules of scryer itself and its libraries: a rule file taking one of these
/// names would replace code the host and every other module run.
const SCRYER_MODULES: [&str; 66] = [
    "user",
    "builtins",
    "loader",
    "$toplevel",
    "toplevel",
    "arithmetic",
    "assoc",
    "atts",
    "between",
    "charsio",
    "clpb",
    "clpz",
    "cont",
    "crypto",
    "csv",
    "dcgs",
    "debug",
    "diag",
    "dif",
    "error",
    "ffi",
    "files",
    "format",
    "freeze",
    "gensym",
    "http_open",
    "iso_ext",
    "lambda",
    "lists",
    "ordsets",
    "os",
    "pairs",
    "pio",
    "process",
    "queues",
    "random",
    "reif",
    "sgml",
    "si",
    "simplex",
    "sockets",
    "tabling",
    "terms",
    "time",
    "tls",
    "ugraphs",
    "uuid",
    "wasm",
    "when",
    "xpath",
    "http_server",
    "serialization",
    "json",
    "numerics",
    "apply",
    "system",
    "abnf",
    "batched_worklist",
    "double_linked_list",
    "global_worklist",
    "special_functions",
    "table_datastructure",
    "table_link_manager",
    "table_wrapper",
    "testutils",
    "trie",
];

/// Whether `name` is a module of scryer itself or of its libraries.
pub fn is_scryer_module(name: &str) -> bool {
    SCRYER_MODULES.contains(&name)
}

/// The module name a rule file declares, read from its first `:- module(` directive.
pub fn declared_module(text: &str) -> Option<String> {
    let at = text.find(":- module(")? + ":- module(".len();
    let name: String = text[at..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let first = name.chars().next()?;
    first.is_ascii_lowercase().then_some(name)
}

/// The text of a file's module declaration, `module(Name, [Exports])`, or `None`
/// when the file has none this simple scan can read (it counts brackets, and an
/// export list holds no quotes or comments).
pub fn module_declaration(text: &str) -> Option<&str> {
    let start = text.find(":- module(")? + ":- ".len();
    let mut depth = 0usize;
    for (i, c) in text[start..].char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(&text[start..start + i + 1]);
                }
            }
            '\'' | '"' | '%' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_module_declaration() {
        assert_eq!(
            module_declaration("% c\n:- module(hex, [a/1, b//2,\n  (dynamic)/1]).\nfoo."),
            Some("module(hex, [a/1, b//2,\n  (dynamic)/1])")
        );
        assert_eq!(module_declaration(":- module(hex, ['a b'/1])."), None);
        assert_eq!(module_declaration(":- module(hex, [a/1"), None);
        assert_eq!(module_declaration("foo(1)."), None);
    }

    #[test]
    fn finds_the_declared_module() {
        assert_eq!(
            declared_module("% c\n:- module(hex, [a/1]).").as_deref(),
            Some("hex")
        );
        assert_eq!(
            declared_module(":- module( my_hex2 ,[]).").as_deref(),
            Some("my_hex2")
        );
        assert_eq!(declared_module("foo(1)."), None);
        assert_eq!(declared_module(":- module(Hex, [])."), None);
    }
}
