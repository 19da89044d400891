//! `ludolog bench` runs every tier and reports each measurement (numbers are not checked: machines are noisy).

use crate::common;

#[test]
fn bench_reports_every_tier_and_the_sampled_search() {
    let (code, out, err) = common::run(
        &[
            "bench",
            "hex",
            "-O",
            "size=3",
            "--seconds",
            "0.05",
            "--positions",
            "3",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("json");
    let tiers: Vec<&str> = report["tiers"]
        .as_array()
        .expect("tiers")
        .iter()
        .map(|t| t["tier"].as_str().expect("tier name"))
        .collect();
    assert_eq!(tiers, ["spec", "accelerated", "native"]);
    for t in report["tiers"].as_array().expect("tiers") {
        assert!(t["playouts"].as_u64().expect("playouts") > 0);
        assert!(t["perft_nodes"].as_u64().expect("perft nodes") > 0);
    }
    let sampled = &report["sampled_search"];
    assert_eq!(sampled["depth"], 4);
    assert_eq!(sampled["positions"], 3);
    // spec perft at two depths, each with the peak memory it added
    let runs = report["spec_perft_memory"]["runs"]
        .as_array()
        .expect("memory runs");
    assert_eq!(runs.len(), 2);
    assert!(runs[0][0].as_u64() < runs[1][0].as_u64(), "{runs:?}");
}

#[test]
fn bench_table_names_the_columns() {
    let (code, out, err) = common::run(
        &[
            "bench",
            "replica",
            "--tiers",
            "native",
            "--seconds",
            "0.05",
            "--positions",
            "2",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("playouts/s"), "{out}");
    assert!(
        out.contains("native alpha-beta to depth 4 on 2 positions"),
        "{out}"
    );
}

/// The shape of a JSON value: every key, and in place of each number, string or
/// truth value its kind (an array shows the shapes of its elements, each once).
fn schema(v: &serde_json::Value, indent: usize, out: &mut String) {
    use serde_json::Value;
    let pad = "  ".repeat(indent);
    match v {
        Value::Object(map) => {
            out.push_str("{\n");
            for (k, v) in map {
                out.push_str(&format!("{pad}  {k}: "));
                schema(v, indent + 1, out);
                out.push('\n');
            }
            out.push_str(&format!("{pad}}}"));
        }
        Value::Array(items) => {
            let mut shapes: Vec<String> = Vec::new();
            for item in items {
                let mut shape = String::new();
                schema(item, indent, &mut shape);
                if !shapes.contains(&shape) {
                    shapes.push(shape);
                }
            }
            out.push_str(&format!(
                "[{}{}]",
                shapes.join(" | "),
                if items.is_empty() { "" } else { ", …" }
            ));
        }
        Value::Number(_) => out.push_str("number"),
        Value::String(_) => out.push_str("string"),
        Value::Bool(_) => out.push_str("bool"),
        Value::Null => out.push_str("null"),
    }
}

#[test]
fn bench_json_keeps_its_schema() {
    let (code, out, err) = common::run(
        &[
            "bench",
            "hex",
            "-O",
            "size=2",
            "--seconds",
            "0.02",
            "--positions",
            "1",
            "--threads",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("json");
    let mut shape = String::new();
    schema(&report, 0, &mut shape);
    insta::assert_snapshot!(shape);
}

#[test]
fn bench_reports_the_speed_up_on_threads() {
    let (code, out, err) = common::run(
        &[
            "bench",
            "hex",
            "-O",
            "size=3",
            "--tiers",
            "accelerated,native",
            "--seconds",
            "0.05",
            "--positions",
            "0",
            "--threads",
            "2",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    for tier in ["accelerated", "native"] {
        assert!(
            out.contains(&format!("{tier} on 2 threads: playouts ")),
            "{out}"
        );
    }
    assert!(out.contains("x one thread), perft "), "{out}");
}
