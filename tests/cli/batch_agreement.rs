//! `explain --pairs` says of every pair what `explain` says of the same pair written as a scene
//! of two boxes A and B at frame 0: the same verdict, stage, first separating axis, gap and
//! first contact. 100,000 pairs of six families (random, moving towards each other, touching,
//! axis-aligned, near-parallel, overlapping; half of them moving) go through the library
//! functions both paths use, then a few hundred through both commands of the binary.

use crate::cli_support;
use crate::pairs;

use std::collections::BTreeMap;

use pairs::{case, csv_line, json_line, scene_toml, PairCase, FAMILIES};
use rayon::prelude::*;
use sepax::batch::{parse_csv_line, parse_json_line, write_pair, PairId};
use sepax::sat::Robustness;
use sepax::trace::{self, PairRecord, SimOptions, Stage};
use serde::Serialize;

const SEED: u64 = 0xBA7C_0000_0019_0002;
const CASES: u64 = 100_000;

/// The record `explain` makes of the pair written as a scene, at frame 0 with `horizon`, as the
/// `explain` command computes it (the scene's state at frame 0, then every pair).
fn scene_record(case: &PairCase, horizon: f64) -> PairRecord {
    scene_record_with(case, horizon, Robustness::default())
}

/// [`scene_record`] under another rule for near-parallel edges.
fn scene_record_with(case: &PairCase, horizon: f64, rule: Robustness) -> PairRecord {
    let toml = scene_toml(case);
    let scene = sepax::scene::load_str(&toml, "pair.toml")
        .unwrap_or_else(|d| panic!("the scene loads: {d}\n{toml}"));
    let timeline = trace::simulate_timeline(&scene, 0, &SimOptions::default()).expect("frame 0");
    let bodies = &timeline.last().expect("frame 0").specs;
    let explanation = trace::explain(&scene, bodies, 0, horizon, None, rule);
    let mut pairs = explanation.pairs;
    assert_eq!(pairs.len(), 1, "two boxes make one pair");
    pairs.remove(0)
}

#[derive(Serialize)]
struct ExpectedContact<'a> {
    time: f64,
    point: [f64; 3],
    axis: &'a Option<String>,
    kind: &'a str,
}

/// The batch line the record calls for, field by field in the documented order.
#[derive(Serialize)]
struct Expected<'a> {
    id: u64,
    intersecting: bool,
    stage: Stage,
    separating_axis: &'a Option<String>,
    gap: f64,
    contact: Option<ExpectedContact<'a>>,
}

/// The gap `explain`'s sentence states: the first separating axis's, else the largest over the
/// tested rows (minus the smallest overlap).
fn sentence_gap(record: &PairRecord) -> f64 {
    match &record.separating_axis {
        Some(name) => record
            .axes
            .iter()
            .find(|row| &row.axis.to_string() == name)
            .and_then(|row| row.gap)
            .expect("a separating row has a gap"),
        None => record
            .axes
            .iter()
            .filter(|row| !row.skipped)
            .filter_map(|row| row.gap)
            .fold(f64::NEG_INFINITY, f64::max),
    }
}

fn expected_line(id: u64, record: &PairRecord) -> String {
    let expected = Expected {
        id,
        intersecting: record.intersecting,
        stage: record.stage,
        separating_axis: &record.separating_axis,
        gap: sentence_gap(record),
        contact: record.contact.as_ref().map(|c| ExpectedContact {
            time: c.time,
            point: c.point,
            axis: &c.axis,
            kind: &c.kind,
        }),
    };
    serde_json::to_string(&expected).expect("serialises") + "\n"
}

/// The batch line of `case` read from its JSON line and from its CSV line, and the expected one.
fn check(index: u64) -> (&'static str, &'static str) {
    let case = case(SEED, index);
    let horizon = case.horizon.unwrap_or(0.0);
    let record = scene_record(&case, horizon);
    let expected = expected_line(index, &record);
    let context = || {
        format!(
            "case {index} ({})\n{}",
            case.family,
            json_line(index, &case)
        )
    };

    let json = json_line(index, &case);
    let pair = parse_json_line(&json, 1).unwrap_or_else(|e| panic!("{e:?}: {}", context()));
    let verdict = pair.verdict(0.0, Robustness::default());
    let mut line = Vec::new();
    write_pair(&mut line, &pair.id, &verdict, false);
    assert_eq!(String::from_utf8(line).unwrap(), expected, "{}", context());

    let csv = csv_line(&case);
    let pair = parse_csv_line(&csv, index).unwrap_or_else(|e| panic!("{e:?}: {}", context()));
    let verdict = pair.verdict(0.0, Robustness::default());
    let mut line = Vec::new();
    write_pair(
        &mut line,
        &PairId::Line(index),
        &verdict,
        index.is_multiple_of(10),
    );
    let line = String::from_utf8(line).unwrap();
    if index.is_multiple_of(10) {
        // The 15 rows of `--full` are `explain --json`'s `axes`, to the character.
        let (plain, rows) = line
            .split_once(r#","axes":"#)
            .expect("--full writes the rows");
        let rows = rows.strip_suffix("}\n").expect("the rows end the line");
        assert_eq!(
            rows,
            serde_json::to_string(&record.axes).unwrap(),
            "{}",
            context()
        );
        assert_eq!(format!("{plain}}}\n"), expected, "CSV, {}", context());
    } else {
        assert_eq!(line, expected, "CSV, {}", context());
    }
    let verdict = if record.intersecting {
        "intersecting"
    } else {
        "apart"
    };
    let contact = match &record.contact {
        None => "no contact",
        Some(c) if c.time > 0.0 => "later contact",
        Some(_) => "contact now",
    };
    (verdict, contact)
}

#[test]
fn batch_lines_agree_with_explain_of_the_scene_on_100_000_pairs() {
    let tallies: Vec<(u64, (&str, &str))> = (0..CASES)
        .into_par_iter()
        .map(|index| (index % FAMILIES.len() as u64, check(index)))
        .collect();
    let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for (family, (verdict, contact)) in tallies {
        *counts
            .entry((FAMILIES[family as usize], verdict))
            .or_default() += 1;
        *counts
            .entry((FAMILIES[family as usize], contact))
            .or_default() += 1;
    }
    println!("{counts:?}");
    for family in FAMILIES {
        for contact in ["no contact", "contact now", "later contact"] {
            let n = counts.get(&(family, contact)).copied().unwrap_or(0);
            let least = if family == "overlapping" && contact != "contact now" {
                0
            } else {
                200
            };
            assert!(n >= least, "family {family}: only {n} pairs with {contact}");
        }
    }
    // Every family but the overlapping one has plenty of both verdicts.
    for family in FAMILIES {
        for verdict in ["intersecting", "apart"] {
            let n = counts.get(&(family, verdict)).copied().unwrap_or(0);
            let least = if family == "overlapping" && verdict == "apart" {
                0
            } else {
                1000
            };
            assert!(n >= least, "family {family}: only {n} pairs {verdict}");
        }
    }
}

#[test]
fn the_other_rules_agree_too() {
    for name in ["ericson", "eberly"] {
        let rule = Robustness::from_name(name).expect("a rule");
        (0..6_000_u64).into_par_iter().for_each(|index| {
            let case = case(SEED ^ 2, index);
            let record = scene_record_with(&case, case.horizon.unwrap_or(0.0), rule);
            let json = json_line(index, &case);
            let pair = parse_json_line(&json, 1).expect("a pair");
            let mut line = Vec::new();
            write_pair(&mut line, &pair.id, &pair.verdict(0.0, rule), false);
            let line = String::from_utf8(line).unwrap();
            assert_eq!(
                line,
                expected_line(index, &record),
                "{name}, case {index}: {json}"
            );
        });
    }
}

/// A temporary file holding `text`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> Self {
        let path = std::env::temp_dir().join(format!("sepax-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp file");
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn the_binary_agrees_with_itself_on_pairs_written_as_scenes() {
    let cases: Vec<PairCase> = (0..300).map(|index| case(SEED ^ 1, index)).collect();
    let json: String = cases
        .iter()
        .enumerate()
        .map(|(k, c)| json_line(k as u64 + 1, c) + "\n")
        .collect();
    let csv: String = cases.iter().map(|c| csv_line(c) + "\n").collect();
    let (json_file, csv_file) = (
        TempFile::new("pairs.jsonl", &json),
        TempFile::new("pairs.csv", &csv),
    );
    let expected: String = cases
        .iter()
        .enumerate()
        .map(|(k, c)| expected_line(k as u64 + 1, &scene_record(c, c.horizon.unwrap_or(0.0))))
        .collect();
    for file in [&json_file, &csv_file] {
        let out = cli_support::sepax(&["explain", "--pairs", file.path()]);
        assert!(out.status.success(), "{}", cli_support::stderr(&out));
        assert_eq!(cli_support::stdout(&out), expected, "{}", file.path());
    }
    // Standard input, the format told by its first character.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(["explain", "--pairs", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sepax runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        use std::io::Write as _;
        stdin.write_all(csv.as_bytes()).expect("written");
    });
    let out = child.wait_with_output().expect("sepax ends");
    writer.join().expect("writer");
    assert!(out.status.success());
    assert_eq!(cli_support::stdout(&out), expected, "stdin");

    // The same pairs explained one by one as scene files by `sepax explain --json`.
    for (k, case) in cases
        .iter()
        .enumerate()
        .filter(|(_, c)| c.horizon > Some(0.0))
        .take(25)
    {
        let scene = TempFile::new(&format!("pair{k}.toml"), &scene_toml(case));
        let horizon = format!("{:?}", case.horizon.unwrap());
        let out = cli_support::sepax(&["explain", scene.path(), "--json", "--horizon", &horizon]);
        assert!(out.status.success(), "{}", cli_support::stderr(&out));
        let scene_json: serde_json::Value =
            serde_json::from_str(&cli_support::stdout(&out)).unwrap();
        let pair = &scene_json["pairs"][0];
        let line = expected.lines().nth(k).unwrap();
        let batch: serde_json::Value = serde_json::from_str(line).unwrap();
        for key in ["intersecting", "stage", "separating_axis"] {
            assert_eq!(batch[key], pair[key], "case {k}: {key}");
        }
        for key in ["time", "point", "axis", "kind"] {
            assert_eq!(
                batch["contact"][key], pair["contact"][key],
                "case {k}: contact {key}"
            );
        }
    }
}
