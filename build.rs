//! Exports the `ludolog_*` foreign functions from every executable that embeds the
//! Prolog engine (the binary, tests, benches, examples), so that scryer's FFI can
//! find them in the running program with `use_foreign_module("", ...)`; and embeds
//! every game rule file (rules/*.pl, rules/variants/*.pl), so that a game written
//! only as rules is built in by adding its file, with no Rust code.

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
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("rule_files.rs");
    std::fs::write(dest, out).expect("write rule_files.rs");
}
