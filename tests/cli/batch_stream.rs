//! The batch stream through the library: output in input order across chunks and tasks, lines
//! cut anywhere by the reads, CRLF and a missing last line break, an over-long line, and the
//! counts of a summary run.

use crate::pairs;

use std::io::Read;

use sepax::batch::{explain_stream, Format, Options, MAX_LINE_BYTES};
use sepax::sat::Robustness;
use serde_json::Value;

fn options(format: Option<Format>, lines: bool) -> Options {
    Options {
        source: "input".into(),
        format,
        full: false,
        horizon: 0.0,
        robustness: Robustness::default(),
        lines,
    }
}

/// Hands its bytes out a few at a time, as a slow pipe does.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        self.step = self.step % 7 + 1;
        let n = self.step.min(out.len()).min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn run(input: impl Read + Send, options: &Options) -> (String, sepax::batch::Report) {
    let mut output = Vec::new();
    let report = explain_stream(input, &mut output, options).expect("the run ends");
    (String::from_utf8(output).expect("utf-8"), report)
}

#[test]
fn output_follows_input_order_however_the_input_is_cut() {
    let lines: Vec<String> = (0..20_000)
        .map(|k| pairs::json_line(k, &pairs::dump_case(0xBA7C, k)))
        .collect();
    // CRLF line ends and no line break after the last line.
    let text = lines.join("\r\n");
    let (whole, report) = run(text.as_bytes(), &options(None, true));
    assert_eq!(report.format, Some(Format::Json));
    assert_eq!(report.summary.pairs, 20_000);
    assert_eq!(report.summary.bad_lines, 0);
    for (k, line) in whole.lines().enumerate() {
        let value: Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(value["id"], k, "line {k} out of order");
    }
    let (trickled, _) = run(
        Trickle {
            bytes: text.as_bytes(),
            step: 0,
        },
        &options(None, true),
    );
    assert_eq!(
        trickled, whole,
        "reads of 1 to 7 bytes give the same output"
    );
}

#[test]
fn an_over_long_line_is_an_error_at_its_number_and_the_rest_goes_on() {
    let good = pairs::json_line(7, &pairs::dump_case(0xBA7C, 7));
    let long = format!("{{\"id\": \"{}\"}}", "x".repeat(MAX_LINE_BYTES + 100));
    let text = format!("{good}\n{long}\n{good}\n\n{good}\n");
    let (out, report) = run(text.as_bytes(), &options(Some(Format::Json), true));
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "the blank line gives nothing");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(
        lines[1]["error"],
        "input:2:1: the line is longer than 1 MiB"
    );
    for k in [0, 2, 3] {
        assert_eq!(lines[k]["id"], 7);
    }
    assert_eq!((report.summary.pairs, report.summary.bad_lines), (3, 1));
    assert_eq!(report.errors, ["input:2:1: the line is longer than 1 MiB"]);
}

#[test]
fn a_summary_run_counts_without_writing() {
    let text: String = (0..3000)
        .map(|k| pairs::csv_line(&pairs::case(0xBA7C, k)) + "\n")
        .collect();
    let (out, report) = run(text.as_bytes(), &options(None, false));
    assert_eq!(out, "");
    assert_eq!(report.format, Some(Format::Csv));
    let summary = &report.summary;
    assert_eq!(summary.pairs, 3000);
    assert_eq!(summary.stages.iter().sum::<u64>(), 3000);
    assert_eq!(summary.separating_axes.iter().sum::<u64>(), summary.apart());
    assert!(
        summary.intersecting > 500 && summary.apart() > 500,
        "{summary:?}"
    );
    let (lines, _) = run(text.as_bytes(), &options(None, true));
    let with_contact = lines
        .lines()
        .filter(|l| !l.ends_with(r#""contact":null}"#))
        .count();
    assert_eq!(summary.contacts(), with_contact as u64);
}
