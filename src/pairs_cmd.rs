//! `sepax explain --pairs FILE`: the batch "why" of many box pairs, one a line.

use std::fs::File;
use std::io::{self, Read, Write as _};
use std::path::Path;
use std::process::ExitCode;

use sepax::batch::{self, Format, Options, Report, StreamError, KEPT_ERRORS};

use crate::cli::ExplainArgs;

/// Exit status when some line was bad (the others were still explained).
const BAD_LINES: u8 = 1;

/// Exit status when the input cannot be read at all.
const INVALID_INPUT: u8 = 2;

/// Explains every pair of `--pairs`; a closed output pipe ends the run quietly.
pub(crate) fn run(args: &ExplainArgs) -> ExitCode {
    let path = args.pairs.as_deref().unwrap_or("-");
    let (source, input): (String, Box<dyn Read + Send>) = if path == "-" {
        ("<stdin>".into(), Box::new(io::stdin()))
    } else {
        match File::open(path) {
            Ok(file) => (path.into(), Box::new(file)),
            Err(error) => {
                eprintln!("error: {path}: {error}");
                return ExitCode::from(INVALID_INPUT);
            }
        }
    };
    let format = match args.format {
        Some(format) => Some(format.batch()),
        None if path == "-" => None,
        None => Format::from_path(Path::new(path)),
    };
    let options = Options {
        source: source.clone(),
        format,
        full: args.full,
        horizon: args.horizon.unwrap_or(0.0),
        robustness: args.rule.robustness(),
        lines: !args.summary,
    };
    let result = if args.summary {
        batch::explain_stream(input, io::sink(), &options)
    } else {
        batch::explain_stream(input, io::stdout(), &options)
    };
    match result {
        Ok(report) => finish(&report, args),
        Err(StreamError::Write(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(StreamError::Write(error)) => {
            eprintln!("error: writing the output: {error}");
            ExitCode::from(INVALID_INPUT)
        }
        Err(StreamError::Read(error)) => {
            eprintln!("error: {source}: {error}");
            ExitCode::from(INVALID_INPUT)
        }
    }
}

/// Prints the summary when asked, tells about bad lines on stderr, and picks the exit status.
fn finish(report: &Report, args: &ExplainArgs) -> ExitCode {
    let summary = &report.summary;
    if args.summary {
        let text = if args.json {
            format!("{}\n", summary.to_json())
        } else {
            summary.render_text()
        };
        // A closed pipe is not an error worth a message.
        let _ = io::stdout().write_all(text.as_bytes());
        for message in &report.errors {
            eprintln!("{message}");
        }
        let unseen = summary.bad_lines.saturating_sub(KEPT_ERRORS as u64);
        if unseen > 0 {
            eprintln!("… and {unseen} more bad lines");
        }
    } else if summary.bad_lines > 0 {
        eprintln!(
            "sepax: {} of {} lines could not be read as a pair; their errors are in the output, \
             the first: {}",
            summary.bad_lines,
            summary.bad_lines + summary.pairs,
            report.errors.first().map_or("", String::as_str)
        );
    }
    if summary.bad_lines > 0 {
        ExitCode::from(BAD_LINES)
    } else {
        ExitCode::SUCCESS
    }
}
