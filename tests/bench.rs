//! `ludolog bench` runs every tier and reports each measurement (numbers are not checked: machines are noisy).

mod common;

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
