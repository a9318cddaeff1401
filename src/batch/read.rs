//! The input cut into chunks of whole numbered lines, read by their own thread; the buffers are
//! handed back and filled again, so reading allocates nothing once running.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender};
use std::time::{Duration, Instant};

/// Bytes of input per chunk, and the longest line read.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of a chunk: its number and its bytes (without the line break).
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub number: u64,
    pub start: usize,
    pub end: usize,
    /// Longer than [`MAX_LINE_BYTES`]: not read, an error.
    pub too_long: bool,
}

/// Whole lines of the input.
pub(super) struct Chunk {
    /// A buffer of [`BUFFER_BYTES`], kept whole and filled again once handed back.
    pub bytes: Vec<u8>,
    /// How many bytes of `bytes` hold input.
    pub filled: usize,
    pub lines: Vec<Span>,
}

/// A line's bytes without its line break.
pub(super) fn text_of<'c>(chunk: &'c Chunk, span: &Span) -> &'c [u8] {
    let text = &chunk.bytes[span.start..span.end];
    match text.split_last() {
        Some((b'\r', rest)) => rest,
        _ => text,
    }
}

/// A chunk's buffer: the longest line and one more read.
const BUFFER_BYTES: usize = MAX_LINE_BYTES + (1 << 16);

/// An empty chunk, from the ones handed back when there is one.
fn empty_chunk(pool: &Receiver<Chunk>) -> Chunk {
    match pool.try_recv() {
        Ok(mut chunk) => {
            chunk.filled = 0;
            chunk.lines.clear();
            chunk
        }
        Err(_) => Chunk {
            bytes: vec![0; BUFFER_BYTES],
            filled: 0,
            lines: Vec::new(),
        },
    }
}

/// How long a chunk of a slow pipe waits for more lines before it is explained.
const PATIENCE: Duration = Duration::from_millis(20);

/// Reads into `chunk` until it holds [`MAX_LINE_BYTES`], the input ends (then `true`), or a
/// read comes back short with a whole line once the chunk holds a quarter of that or
/// [`PATIENCE`] has passed (a pipe that has nothing more for now).
fn fill(input: &mut impl Read, chunk: &mut Chunk) -> io::Result<bool> {
    let started = Instant::now();
    while chunk.filled < MAX_LINE_BYTES {
        let before = chunk.filled;
        let read = match input.read(&mut chunk.bytes[before..]) {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if read == 0 {
            return Ok(true);
        }
        chunk.filled += read;
        // A pipe hands out at most its buffer a read: wait for a sizeable chunk unless the
        // writer is slow.
        let short = read < BUFFER_BYTES - before;
        let enough = chunk.filled >= MAX_LINE_BYTES / 4 || started.elapsed() >= PATIENCE;
        if short && enough && memchr::memchr(b'\n', &chunk.bytes[..chunk.filled]).is_some() {
            break;
        }
    }
    Ok(false)
}

/// Reads `input` into chunks of whole lines until its end or until nobody listens; chunks
/// handed back through `pool` are filled again.
pub(super) fn read_chunks(
    mut input: impl Read,
    chunks: &SyncSender<Chunk>,
    pool: &Receiver<Chunk>,
) -> io::Result<()> {
    let (mut number, mut skipping) = (1_u64, false);
    let mut chunk = empty_chunk(pool);
    loop {
        let end = fill(&mut input, &mut chunk)?;
        if skipping {
            // The rest of a line too long to keep: drop it up to its line break.
            let Some(at) = memchr::memchr(b'\n', &chunk.bytes[..chunk.filled]) else {
                chunk.filled = 0;
                if end {
                    return Ok(());
                }
                continue;
            };
            chunk.bytes.copy_within(at + 1..chunk.filled, 0);
            chunk.filled -= at + 1;
            skipping = false;
        }
        let cut = match memchr::memrchr(b'\n', &chunk.bytes[..chunk.filled]) {
            _ if end => chunk.filled,
            Some(at) => at + 1,
            None if chunk.filled >= MAX_LINE_BYTES => {
                chunk.filled = 0;
                chunk.lines.push(Span {
                    number,
                    start: 0,
                    end: 0,
                    too_long: true,
                });
                number += 1;
                skipping = true;
                if chunks
                    .send(std::mem::replace(&mut chunk, empty_chunk(pool)))
                    .is_err()
                {
                    return Ok(());
                }
                continue;
            }
            None => continue,
        };
        let mut next = empty_chunk(pool);
        let rest = chunk.filled - cut;
        next.bytes[..rest].copy_from_slice(&chunk.bytes[cut..chunk.filled]);
        (next.filled, chunk.filled) = (rest, cut);
        number = split_lines(&mut chunk, number);
        if !chunk.lines.is_empty() && chunks.send(chunk).is_err() {
            return Ok(());
        }
        if end {
            return Ok(());
        }
        chunk = next;
    }
}

/// Records the lines of `chunk`, numbered from `number`; the number after the last.
fn split_lines(chunk: &mut Chunk, mut number: u64) -> u64 {
    let mut start = 0;
    let filled = chunk.filled;
    let ends = memchr::memchr_iter(b'\n', &chunk.bytes[..filled]);
    let last = (filled > 0 && chunk.bytes[filled - 1] != b'\n').then_some(filled);
    for end in ends.chain(last) {
        chunk.lines.push(Span {
            number,
            start,
            end,
            too_long: end - start > MAX_LINE_BYTES,
        });
        (number, start) = (number + 1, end + 1);
    }
    number
}
