//! Standard output as the commands write it: buffered, flushed as it goes, and a closed pipe
//! (the reader went away, as with `sepax simulate ... | head -1`) ends the program quietly with
//! status 0, as `ls | head` does.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::time::{Duration, Instant};

/// How long written output may wait in the buffer before it is flushed.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// Buffered standard output, flushed when full and at least every [`FLUSH_EVERY`] at a call of
/// [`Stream::tick`], so a slow run still shows its progress.
pub struct Stream {
    out: BufWriter<StdoutLock<'static>>,
    flushed: Instant,
}

impl Stream {
    /// Standard output, locked for the command's lifetime.
    pub fn stdout() -> Self {
        Self {
            out: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
            flushed: Instant::now(),
        }
    }

    /// Flushes what was written if the last flush is older than [`FLUSH_EVERY`]; call it at the
    /// end of each record.
    pub fn tick(&mut self) -> io::Result<()> {
        if self.flushed.elapsed() >= FLUSH_EVERY {
            self.out.flush()?;
            self.flushed = Instant::now();
        }
        Ok(())
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Writes with `write` to standard output and flushes; a closed pipe exits the program with
/// status 0 and no message, any other write error becomes the command's error.
pub fn to_stdout(write: impl FnOnce(&mut Stream) -> io::Result<()>) -> Result<(), String> {
    let mut out = Stream::stdout();
    let written = write(&mut out).and_then(|()| out.flush());
    match written {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => closed(),
        Err(e) => Err(format!("error: cannot write the output: {e}")),
    }
}

/// Ends the program quietly with status 0: nobody reads the output any more.
fn closed() -> ! {
    std::process::exit(0)
}

/// Writes `text` to standard error, ending it with a newline if it has none; a closed standard
/// error is ignored.
pub fn to_stderr(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = err.write_all(b"\n");
    }
}
