//! The batch run: lines read in chunks by one thread, each chunk explained on every core, the
//! output written in input order by another thread. Memory holds a few chunks at a time,
//! whatever the input's size.

use std::io::{self, Read, Write};
use std::sync::mpsc::{channel, sync_channel, Receiver};

use rayon::prelude::*;

use super::csv::parse_csv_bytes;
use super::json::parse_with_serde;
use super::json_fast::parse_usual;
use super::read::{read_chunks, text_of, Chunk, Span, MAX_LINE_BYTES};
use super::record::{write_error, write_pair};
use super::{is_csv_header, Format, LineError, Summary};
use crate::sat::Robustness;

/// Most lines per task of a chunk (enough to make a task's overhead small); a small chunk is
/// cut into smaller tasks so that every core has some.
const TASK_LINES: usize = 128;

/// Chunks waiting between the threads, each way.
const QUEUE: usize = 2;

/// The error messages kept for the report (the output stream has them all).
pub const KEPT_ERRORS: usize = 20;

/// How a batch run reads, explains and writes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The input's name in located errors (a path, or `<stdin>`).
    pub source: String,
    /// The input's format; `None` decides from its first character (`{`: JSON Lines).
    pub format: Option<Format>,
    /// Write the 15 rows of each pair too.
    pub full: bool,
    /// The horizon of lines that give none.
    pub horizon: f64,
    /// The rule for near-parallel edges.
    pub robustness: Robustness,
    /// Write one line per input line (else only count them).
    pub lines: bool,
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The counts.
    pub summary: Summary,
    /// The format the input was read as (`None` when it held no pair line).
    pub format: Option<Format>,
    /// The first [`KEPT_ERRORS`] located error messages.
    pub errors: Vec<String>,
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum StreamError {
    /// The input could not be read.
    Read(io::Error),
    /// The output could not be written (a closed pipe, a full disk).
    Write(io::Error),
}

/// Explains every line of `input`, writing one JSON line per pair (or per bad line) to `output`
/// in input order.
///
/// # Algorithm
/// A reader thread cuts the input into chunks of whole lines of about [`MAX_LINE_BYTES`]; each
/// chunk is split into tasks of consecutive lines explained on rayon's pool, and the tasks'
/// outputs, collected in order, go to a writer thread. The channels between the threads hold a
/// few chunks, so memory stays flat and reading, explaining and writing overlap.
pub fn explain_stream<R, W>(input: R, output: W, options: &Options) -> Result<Report, StreamError>
where
    R: Read + Send,
    W: Write + Send,
{
    std::thread::scope(|scope| {
        let (chunk_sender, chunks) = sync_channel::<Chunk>(QUEUE);
        let (output_sender, outputs) = sync_channel::<Vec<Vec<u8>>>(QUEUE);
        let (recycle, pool) = channel::<Chunk>();
        let reader = scope.spawn(move || read_chunks(input, &chunk_sender, &pool));
        let writer = scope.spawn(move || write_outputs(output, &outputs));
        let mut report = Report {
            format: options.format,
            ..Report::default()
        };
        let mut header = Header::Unseen;
        for chunk in chunks {
            let format = match report.format {
                Some(format) => format,
                None => match detect_format(&chunk) {
                    Some(format) => *report.format.insert(format),
                    None => continue,
                },
            };
            let header_line = header.find(&chunk, format);
            let context = Context {
                options,
                format,
                header_line,
                chunk: &chunk,
            };
            let parts: Vec<Part> = chunk
                .lines
                .par_chunks(task_lines(chunk.lines.len()))
                .map(|spans| context.explain(spans))
                .collect();
            let mut texts = Vec::with_capacity(parts.len());
            for part in parts {
                report.summary.merge(&part.summary);
                let room = KEPT_ERRORS - report.errors.len();
                report.errors.extend(part.errors.into_iter().take(room));
                texts.push(part.text);
            }
            // The reader may be gone already; the buffer is then simply dropped.
            let _ = recycle.send(chunk);
            if options.lines && output_sender.send(texts).is_err() {
                break;
            }
        }
        drop(output_sender);
        let written = writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let read = reader
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        written.map_err(StreamError::Write)?;
        read.map_err(StreamError::Read)?;
        Ok(report)
    })
}

/// Lines per task for a chunk of `lines`: four tasks a thread at least, 16 to [`TASK_LINES`].
fn task_lines(lines: usize) -> usize {
    (lines / (4 * rayon::current_num_threads())).clamp(16, TASK_LINES)
}

/// Whether a CSV header line was looked for yet, and where it is.
enum Header {
    Unseen,
    Seen(Option<u64>),
}

impl Header {
    /// The number of the header line: the first line that is not blank, when it is CSV and its
    /// first field is not a number.
    fn find(&mut self, chunk: &Chunk, format: Format) -> Option<u64> {
        if let Header::Seen(line) = *self {
            return line;
        }
        let first = chunk
            .lines
            .iter()
            .find(|span| span.too_long || !text_of(chunk, span).trim_ascii().is_empty())?;
        let line = (format == Format::Csv
            && !first.too_long
            && std::str::from_utf8(text_of(chunk, first)).is_ok_and(is_csv_header))
        .then_some(first.number);
        *self = Header::Seen(line);
        line
    }
}

/// The format of an input from its first character that is not white space.
fn detect_format(chunk: &Chunk) -> Option<Format> {
    let first = chunk.bytes[..chunk.filled]
        .iter()
        .find(|b| !b.is_ascii_whitespace())?;
    Some(if *first == b'{' {
        Format::Json
    } else {
        Format::Csv
    })
}

/// The output and the counts of one task.
struct Part {
    text: Vec<u8>,
    summary: Summary,
    errors: Vec<String>,
}

/// What every task of a chunk shares.
struct Context<'a> {
    options: &'a Options,
    format: Format,
    header_line: Option<u64>,
    chunk: &'a Chunk,
}

impl Context<'_> {
    /// Explains consecutive lines of the chunk.
    fn explain(&self, spans: &[Span]) -> Part {
        let mut part = Part {
            text: Vec::with_capacity(spans.len() * if self.options.full { 4096 } else { 200 }),
            summary: Summary::default(),
            errors: Vec::new(),
        };
        for span in spans {
            if let Err(error) = self.explain_line(span, &mut part) {
                let message = format!(
                    "{}:{}:{}: {}",
                    self.options.source, span.number, error.column, error.message
                );
                part.summary.bad_lines += 1;
                if self.options.lines {
                    write_error(&mut part.text, span.number, &message);
                }
                if part.errors.len() < KEPT_ERRORS {
                    part.errors.push(message);
                }
            }
        }
        part
    }

    /// Explains one line into `part`; blank lines, the CSV header and CSV `#` comments are
    /// skipped without output.
    fn explain_line(&self, span: &Span, part: &mut Part) -> Result<(), LineError> {
        if span.too_long {
            return Err(LineError::new(
                1,
                format!("the line is longer than {} MiB", MAX_LINE_BYTES >> 20),
            ));
        }
        let bytes = text_of(self.chunk, span);
        let skipped = bytes.trim_ascii().is_empty()
            || Some(span.number) == self.header_line
            || (self.format == Format::Csv && bytes.trim_ascii_start().first() == Some(&b'#'));
        if skipped {
            return Ok(());
        }
        let pair = match self.format {
            Format::Csv => parse_csv_bytes(bytes, span.number)?,
            Format::Json => {
                if let Some(pair) = parse_usual(bytes, span.number) {
                    pair
                } else {
                    let text = std::str::from_utf8(bytes).map_err(|e| {
                        LineError::new(e.valid_up_to() + 1, "the line is not valid UTF-8")
                    })?;
                    parse_with_serde(text, span.number)?
                }
            }
        };
        let verdict = pair.verdict(self.options.horizon, self.options.robustness);
        part.summary.count(&verdict);
        if self.options.lines {
            write_pair(&mut part.text, &pair.id, &verdict, self.options.full);
        }
        Ok(())
    }
}

/// Writes the outputs in the order they come, each task's whole (tens of kilobytes: no buffer
/// needed); the first error stops the writing.
fn write_outputs(mut output: impl Write, outputs: &Receiver<Vec<Vec<u8>>>) -> io::Result<()> {
    for texts in outputs {
        for text in texts {
            output.write_all(&text)?;
        }
    }
    output.flush()
}
