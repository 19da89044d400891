//! Options declared at run time, by a rule file's `option/4` facts rather than by a
//! descriptor: checked, then interned as `OptionSpec`s so that they are validated and
//! listed exactly like a built-in game's.

use super::options::{OptionKind, OptionSpec};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What values a declared option takes (`int(Min, Max)`, `bool`, `choice([...])`, `name`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DeclaredKind {
    Int { min: i64, max: i64 },
    Bool,
    Choice(Vec<String>),
    Name,
}

/// One `option(Key, Kind, Default, Meaning)` fact of a rule file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DeclaredOption {
    pub key: String,
    pub kind: DeclaredKind,
    /// The default as a user would write it (`11`, `false`, `forward`).
    pub default: String,
    /// A noun phrase, as in a descriptor: "the board size".
    pub meaning: String,
}

/// Leaks a string once; the interner below calls it only for new declarations.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

impl DeclaredOption {
    /// The option as a spec (its strings leaked: call through `intern_options`).
    fn spec(&self) -> OptionSpec {
        let kind = match &self.kind {
            DeclaredKind::Int { min, max } => OptionKind::Int {
                min: *min,
                max: *max,
            },
            DeclaredKind::Bool => OptionKind::Bool,
            DeclaredKind::Choice(words) => {
                let words: Vec<&'static str> = words.iter().map(|w| leak(w)).collect();
                OptionKind::Choice(Box::leak(words.into_boxed_slice()))
            }
            DeclaredKind::Name => OptionKind::Name,
        };
        OptionSpec {
            key: leak(&self.key),
            kind,
            default: leak(&self.default),
            meaning: leak(&self.meaning),
        }
    }
}

/// Checks a declaration: keys are lowercase names, each once; ranges are not
/// empty; choices are words; each default is a value of its kind.
pub fn check_declared(options: &[DeclaredOption]) -> Result<(), String> {
    for (i, o) in options.iter().enumerate() {
        let name_ok = o.key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && o.key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !name_ok {
            return Err(format!(
                "option `{}`: a key is a lowercase name such as size",
                o.key
            ));
        }
        if options[..i].iter().any(|p| p.key == o.key) {
            return Err(format!("option `{}` is declared twice", o.key));
        }
        match &o.kind {
            DeclaredKind::Int { min, max } if min > max => {
                return Err(format!("option `{}`: int({min}, {max}) is empty", o.key))
            }
            DeclaredKind::Choice(words) if words.is_empty() => {
                return Err(format!("option `{}`: choice([]) has no words", o.key))
            }
            _ => {}
        }
        if !o.reads(&o.default) {
            return Err(format!(
                "option `{}`: the default {} is not {}",
                o.key,
                o.default,
                o.describe_kind()
            ));
        }
    }
    Ok(())
}

impl DeclaredOption {
    /// Whether `text` is a value of the option's kind.
    fn reads(&self, text: &str) -> bool {
        match &self.kind {
            DeclaredKind::Int { min, max } => text
                .parse::<i64>()
                .is_ok_and(|v| (*min..=*max).contains(&v)),
            DeclaredKind::Bool => text == "true" || text == "false",
            DeclaredKind::Choice(words) => words.iter().any(|w| w == text),
            DeclaredKind::Name => OptionKind::Name.read(text).is_some(),
        }
    }

    /// The values it takes, in words (as `OptionKind::describe`).
    fn describe_kind(&self) -> String {
        match &self.kind {
            DeclaredKind::Int { min, max } => OptionKind::Int {
                min: *min,
                max: *max,
            }
            .describe(),
            DeclaredKind::Bool => OptionKind::Bool.describe(),
            DeclaredKind::Choice(words) => words.join(" or "),
            DeclaredKind::Name => OptionKind::Name.describe(),
        }
    }
}

type Interned = HashMap<Vec<DeclaredOption>, &'static [OptionSpec]>;

/// The specs of a (checked) declaration.  Each distinct declaration is made into
/// specs once for the life of the process and kept, so that reloading a rule file
/// again and again costs nothing more.
pub fn intern_options(options: &[DeclaredOption]) -> &'static [OptionSpec] {
    static TABLE: OnceLock<Mutex<Interned>> = OnceLock::new();
    let table = TABLE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut table = table
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(specs) = table.get(options) {
        return specs;
    }
    let specs: Vec<OptionSpec> = options.iter().map(DeclaredOption::spec).collect();
    let specs: &'static [OptionSpec] = Box::leak(specs.into_boxed_slice());
    table.insert(options.to_vec(), specs);
    specs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameOptions, OptionValues};

    fn size() -> DeclaredOption {
        DeclaredOption {
            key: "size".into(),
            kind: DeclaredKind::Int { min: 1, max: 9 },
            default: "5".into(),
            meaning: "the board size".into(),
        }
    }

    fn kings() -> DeclaredOption {
        DeclaredOption {
            key: "kings".into(),
            kind: DeclaredKind::Choice(vec!["forward".into(), "all".into()]),
            default: "forward".into(),
            meaning: "how kings move".into(),
        }
    }

    #[test]
    fn declared_options_validate_like_a_descriptors() {
        let decl = vec![size(), kings()];
        check_declared(&decl).unwrap();
        let specs = intern_options(&decl);
        assert!(std::ptr::eq(specs, intern_options(&decl)), "interned once");
        let given = GameOptions::parse(&["kings=all"]).unwrap();
        let v = OptionValues::validate("g", specs, &given).unwrap();
        assert_eq!(v.int("size"), 5);
        assert_eq!(v.word("kings"), "all");
        let bad = GameOptions::parse(&["kings=twice"]).unwrap();
        assert_eq!(
            OptionValues::validate("g", specs, &bad)
                .unwrap_err()
                .to_string(),
            "option kings=twice: how kings move is forward or all"
        );
    }

    #[test]
    fn bad_declarations_are_named() {
        let mut d = size();
        d.default = "10".into();
        assert_eq!(
            check_declared(&[d]).unwrap_err(),
            "option `size`: the default 10 is not a whole number from 1 to 9"
        );
        let mut k = kings();
        k.default = "sideways".into();
        assert!(check_declared(&[k]).unwrap_err().contains("sideways"));
        assert!(check_declared(&[size(), size()])
            .unwrap_err()
            .contains("declared twice"));
        let mut upper = size();
        upper.key = "Size".into();
        assert!(check_declared(&[upper]).is_err());
    }
}
