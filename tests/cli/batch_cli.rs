//! `sepax explain --pairs` as a user runs it: bad lines located in the output stream while the
//! others are still explained, exit statuses, formats, the summary and a closed pipe.

use crate::cli_support;

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};

use cli_support::{sepax, stderr, stdout};
use serde_json::Value;

/// A temporary file holding `text`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> Self {
        let path = std::env::temp_dir().join(format!("sepax-cli-{}-{name}", std::process::id()));
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

const GOOD: &str = r#"{"id": "near miss", "a": {"center": [0, 0, 0], "rotation": [1, 0, 0, 0], "half_extents": [1, 0.5, 0.5]}, "b": {"center": [3, 0.5, 0], "rotation": [0.9659258262890683, 0, 0, 0.25881904510252074], "half_extents": [1, 0.5, 0.5], "velocity": [-2, 0, 0]}, "horizon": 1.0}"#;

/// A good line with `from` replaced by `to` (exactly once).
fn spoilt(from: &str, to: &str) -> String {
    assert_eq!(GOOD.matches(from).count(), 1, "{from}");
    GOOD.replacen(from, to, 1)
}

/// Each bad line, the text its error's column points at (`None`: the column is not checked)
/// and words the message must hold.
fn bad_lines() -> Vec<(String, Option<&'static str>, &'static str)> {
    vec![
        (
            r#"{"id": 1, "a": {"center": [0, 0"#.to_string(),
            None,
            "not a JSON object",
        ),
        ("not json".to_string(), None, "not a JSON object"),
        (
            "42".to_string(),
            None,
            "expected a pair object with boxes `a` and `b`",
        ),
        (
            spoilt(r#", "half_extents": [1, 0.5, 0.5]}, "b""#, r#"}, "b""#),
            None,
            "missing field `half_extents`",
        ),
        (
            spoilt("[0, 0, 0]", "[0, 0]"),
            None,
            "`a.center` must be an array of 3 numbers, found 2",
        ),
        (
            spoilt("[-2, 0, 0]", "[-2, 0, 0, 0]"),
            None,
            "`b.velocity` must be an array of 3 numbers, found 4",
        ),
        (
            spoilt("[3, 0.5, 0]", "[3, 1e999, 0]"),
            Some("1e999"),
            "b.center[1] must be a finite number, found `1e999`",
        ),
        (
            spoilt("[1, 0, 0, 0]", "[0, 0, 0, 0]"),
            Some("0, 0, 0, 0]"),
            "the rotation of a must not be zero",
        ),
        (
            spoilt("[1, 0.5, 0.5]}, \"b\"", "[1, -0.5, 0.5]}, \"b\""),
            Some("-0.5"),
            "a.half_extents[1] must be greater than 0, found -0.5",
        ),
        (
            spoilt("[0, 0, 0]", "[0, \"0\", 0]"),
            Some("\"0\""),
            "a.center[1] must be a number, found `\"0\"`",
        ),
        (
            spoilt("\"velocity\"", "\"velocty\""),
            None,
            "unknown field `velocty`",
        ),
        (
            spoilt("1.0}", "-1}"),
            Some("-1}"),
            "the horizon must be 0 or more seconds, found -1",
        ),
    ]
}

#[test]
fn each_bad_line_gets_a_located_error_in_place_and_the_run_goes_on() {
    let bad = bad_lines();
    let mut text = String::new();
    for (line, _, _) in &bad {
        text.push_str(GOOD);
        text.push('\n');
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(GOOD);
    text.push('\n');
    let file = TempFile::new("bad.jsonl", &text);
    let out = sepax(&["explain", "--pairs", file.path()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every output line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2 * bad.len() + 1, "one line out per line in");
    for (k, (text, marker, words)) in bad.iter().enumerate() {
        let (good, error) = (&lines[2 * k], &lines[2 * k + 1]);
        assert_eq!(good["id"], "near miss");
        assert_eq!(good["separating_axis"], "A0");
        let number = 2 * k + 2;
        assert_eq!(error["line"], number, "{error}");
        let message = error["error"].as_str().expect("a message");
        let place = format!("{}:{number}:", file.path());
        assert!(
            message.starts_with(&place),
            "{message} should start with {place}"
        );
        assert!(message.contains(words), "{message} should say {words}");
        if let Some(marker) = marker {
            let column = text.find(marker).expect("the marker is in the line") + 1;
            assert!(
                message.starts_with(&format!("{place}{column}: ")),
                "{message}: column {column}"
            );
        }
    }
    assert_eq!(lines[2 * bad.len()]["id"], "near miss");
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{} of {} lines", bad.len(), 2 * bad.len() + 1)),
        "{err}"
    );
}

#[test]
fn bad_csv_lines_are_located_too() {
    let good = "0,0,0,1,0,0,0,1,1,1, 1.5,0,0,1,0,0,0,1,1,1";
    let text = format!(
        "cx,cy,cz,qw,qx,qy,qz,hx,hy,hz,cx,cy,cz,qw,qx,qy,qz,hx,hy,hz\n{good}\n\
         0,0,0,1,0,0,0,1,1,1,1.5,0,0,1,0,0,0,1,1\n\
         # a comment\n\
         0,0,0,1,0,0,0,1,1,1,1.5,0,x,1,0,0,0,1,1,1\n\
         0,0,0,1,0,0,0,1,1,1,1.5,0,0,0,0,0,0,1,1,1\n\
         0,0,0,1,0,0,0,1,1,1,1.5,0,0,1,0,0,0,1,1,1,nan\n\
         \n{good}\n"
    );
    let file = TempFile::new("bad.csv", &text);
    let text_in = text;
    let out = sepax(&["explain", "--pairs", file.path()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let source: Vec<&str> = text_in.lines().collect();
    let at = |n: usize, marker: &str| {
        let column = source[n - 1]
            .find(marker)
            .expect("the marker is in the line")
            + 1;
        format!("{}:{n}:{column}: ", file.path())
    };
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(lines[0]["id"], 2);
    assert_eq!(lines[0]["intersecting"], true);
    let error = |k: usize| lines[k]["error"].as_str().unwrap().to_string();
    assert!(
        error(1).starts_with(&at(3, "0,0,0")) && error(1).contains("this one has 19"),
        "{}",
        error(1)
    );
    assert!(
        error(2).starts_with(&at(5, "x"))
            && error(2).contains("b.center[2] must be a number, found `x`"),
        "{}",
        error(2)
    );
    assert!(
        error(3).starts_with(&at(6, "0,0,0,0,1,1,1"))
            && error(3).contains("the rotation of b must not be zero"),
        "{}",
        error(3)
    );
    assert!(
        error(4).contains("must be a finite number, found `nan`"),
        "{}",
        error(4)
    );
    assert_eq!(lines[5]["id"], 9);
}

#[test]
fn the_format_comes_from_the_flag_the_extension_or_the_first_character() {
    let csv = "0,0,0,1,0,0,0,1,1,1,3,0,0,1,0,0,0,1,1,1\n";
    let file = TempFile::new("pairs.txt", csv);
    let out = sepax(&["explain", "--pairs", file.path()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(r#""separating_axis":"A0""#),
        "{}",
        stdout(&out)
    );
    let out = sepax(&["explain", "--pairs", file.path(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("expected a pair object"),
        "{}",
        stdout(&out)
    );
    let json_named_csv = TempFile::new("pairs.csv", &format!("{GOOD}\n"));
    let out = sepax(&["explain", "--pairs", json_named_csv.path()]);
    assert_eq!(out.status.code(), Some(1), "a .csv file is read as CSV");
}

#[test]
fn full_adds_the_fifteen_rows_and_summary_counts() {
    let file = TempFile::new("full.jsonl", &format!("{GOOD}\n{GOOD}\n"));
    let out = sepax(&["explain", "--pairs", file.path(), "--full"]);
    assert!(out.status.success());
    let first: Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(first["axes"].as_array().map(Vec::len), Some(15));
    assert_eq!(first["axes"][0]["axis"], "A0");
    assert_eq!(first["contact"]["kind"], "edge-face");

    let out = sepax(&["explain", "--pairs", file.path(), "--summary"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for words in [
        "pairs explained: 2, bad lines: 0",
        "2 apart",
        "spheres",
        "A0 ",
        "edge-face",
    ] {
        assert!(text.contains(words), "{words} missing from\n{text}");
    }
    let out = sepax(&["explain", "--pairs", file.path(), "--summary", "--json"]);
    let summary: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(summary["pairs"], 2);
    assert_eq!(summary["apart"], 2);
    assert_eq!(summary["stages"]["spheres"], 2);
    assert_eq!(summary["separating_axes"]["A0"], 2);
    assert_eq!(summary["contact_kinds"]["edge-face"], 2);
}

#[test]
fn explain_needs_a_scene_or_pairs_and_not_both() {
    let out = sepax(&["explain"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--pairs"), "{}", stderr(&out));
    let out = sepax(&["explain", "two_boxes", "--pairs", "x.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    let out = sepax(&["explain", "two_boxes", "--summary"]);
    assert_eq!(out.status.code(), Some(2), "--summary needs --pairs");
    let out = sepax(&["explain", "--pairs", "no/such/file.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no/such/file.jsonl"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let text = format!("{GOOD}\n").repeat(50_000);
    let file = TempFile::new("many.jsonl", &text);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sepax"))
        .args(["explain", "--pairs", file.path()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sepax runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    assert!(first.contains("near miss"), "{first}");
    let out = child.wait_with_output().expect("sepax ends");
    assert!(out.status.success(), "status {:?}", out.status);
    assert_eq!(stderr(&out), "", "nothing said about the closed pipe");
}
