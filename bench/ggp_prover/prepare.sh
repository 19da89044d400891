#!/usr/bin/env bash
# Makes patched/gdl-parser, which Cargo.toml's [patch.crates-io] names: gdl-parser 0.0.8 from
# crates.io (MIT, by ggp-rs's author) with the 14 `RustcDecodable, RustcEncodable` of its
# `#[derive(...)]` lists taken out, and nothing else changed.
#
# Why: gdl-parser 0.0.8, the latest (what ggp-rs's `gdl-parser = "*"` takes), derives those
# two, and today's rustc no longer has them (gone from the standard prelude: "cannot find
# derive macro `RustcDecodable`"); the earlier versions need the peg parser generator too.
# Nothing in ggp-rs or here uses the rustc-serialize impls they made. The copy is made,
# not kept in the repository: `cargo vendor` fetches the published crate, sed edits it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=$here/patched/gdl-parser
if [ -f "$dest/Cargo.toml" ]; then
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
: > "$tmp/src/lib.rs"
cat > "$tmp/Cargo.toml" <<'TOML'
[package]
name = "fetch-gdl-parser"
version = "0.0.0"
edition = "2021"
[workspace]
[dependencies]
gdl-parser = "=0.0.8"
TOML
cargo vendor --quiet --manifest-path "$tmp/Cargo.toml" "$tmp/vendor" > /dev/null
src=$tmp/vendor/gdl-parser
before=$(grep -c 'RustcDecodable, RustcEncodable, ' "$src/src/lib.rs")
sed -i 's/RustcDecodable, RustcEncodable, //' "$src/src/lib.rs"
if [ "$before" != 14 ] || grep -q 'Rustc[DE]' "$src/src/lib.rs"; then
    echo "prepare.sh: gdl-parser 0.0.8 is not as expected ($before derives)" >&2
    exit 1
fi
rm -f "$src/.cargo-checksum.json"
mkdir -p "$here/patched"
mv "$src" "$dest"
echo "made $dest (gdl-parser 0.0.8 less its $before RustcDecodable/RustcEncodable derives)"
