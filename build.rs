//! Exports the `ludolog_*` foreign functions from every executable that embeds the
//! Prolog engine (the binary, tests, benches, examples), so that scryer's FFI can
//! find them in the running program with `use_foreign_module("", ...)`.

fn main() {
    println!("cargo:rustc-link-arg=-Wl,--export-dynamic-symbol=ludolog_*");
    println!("cargo:rerun-if-changed=build.rs");
}
