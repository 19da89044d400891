//! Exports the `ludolog_*` foreign functions from every executable that embeds the
//! Prolog engine (the binary, tests, benches, examples), so that scryer's FFI can
//! find them in the running program with `use_foreign_module("", ...)`; embeds
//! every game rule file (rules/*.pl, rules/variants/*.pl), so that a game written
//! only as rules is built in by adding its file, with no Rust code; and writes each
//! game's options as its rule file declares them (`option/4`), for the native
//! descriptors, so that they are written once, in the rules.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rustc-link-arg=-Wl,--export-dynamic-symbol=ludolog_*");
    println!("cargo:rerun-if-changed=build.rs");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    for dir in ["rules", "rules/variants"] {
        // a directory's own change (a file added or removed) reruns this script
        println!("cargo:rerun-if-changed={dir}");
        let Ok(entries) = std::fs::read_dir(Path::new(&root).join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".pl") && entry.path().is_file() {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Every game rule file of the repository (rules/*.pl and rules/variants/*.pl),\n\
         /// embedded by build.rs: (the path shown in messages, the text).\n\
         pub const RULE_FILES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        // the checkout's path is left to the compiler: two checkouts sharing a
        // target directory once shared this file, with the other's paths in it
        let _ = writeln!(
            out,
            "    ({f:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/{f}\"))),"
        );
    }
    out.push_str("];\n");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("rule_files.rs"), out).expect("write rule_files.rs");
    let mut options = String::new();
    for f in files.iter().filter(|f| !f.starts_with("rules/variants/")) {
        println!("cargo:rerun-if-changed={f}");
        let text = std::fs::read_to_string(Path::new(&root).join(f)).expect("read a rule file");
        let specs: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("option("))
            .map(|l| option_spec(l).unwrap_or_else(|| panic!("{f}: cannot read {l}")))
            .collect();
        let game = f.trim_start_matches("rules/").trim_end_matches(".pl");
        let _ = writeln!(
            options,
            "/// The options `{f}` declares (its `option/4` facts).\n\
             pub const {}: &[OptionSpec] = &[{}];",
            game.to_uppercase(),
            specs.join(", ")
        );
    }
    std::fs::write(Path::new(&out_dir).join("rule_options.rs"), options)
        .expect("write rule_options.rs");
}

/// The `OptionSpec` written by one `option(Key, Kind, Default, "Meaning").` fact on a
/// line of its own; the kinds are `int(Min, Max)`, `bool`, `name` and
/// `choice([Word, ...])`.
fn option_spec(line: &str) -> Option<String> {
    let body = line
        .strip_prefix("option(")?
        .trim_end()
        .strip_suffix(").")?;
    let (key, rest) = body.split_once(", ")?;
    let (kind, rest) = if let Some(r) = rest.strip_prefix("int(") {
        let (range, rest) = r.split_once("), ")?;
        let (min, max) = range.split_once(", ")?;
        let (min, max): (i64, i64) = (min.trim().parse().ok()?, max.trim().parse().ok()?);
        (
            format!("OptionKind::Int {{ min: {min}, max: {max} }}"),
            rest,
        )
    } else if let Some(r) = rest.strip_prefix("choice([") {
        let (words, rest) = r.split_once("]), ")?;
        let words: Vec<String> = words
            .split(',')
            .map(|w| format!("{:?}", w.trim()))
            .collect();
        (format!("OptionKind::Choice(&[{}])", words.join(", ")), rest)
    } else if let Some(rest) = rest.strip_prefix("bool, ") {
        ("OptionKind::Bool".to_string(), rest)
    } else {
        ("OptionKind::Name".to_string(), rest.strip_prefix("name, ")?)
    };
    let (default, meaning) = rest.split_once(", ")?;
    let meaning = meaning.strip_prefix('"')?.strip_suffix('"')?;
    Some(format!(
        "OptionSpec {{ key: {key:?}, kind: {kind}, default: {default:?}, meaning: {meaning:?} }}"
    ))
}
