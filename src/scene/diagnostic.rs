//! Located error messages: `path:line:column: message` and the source line with a marker under
//! the place, rendered by `annotate-snippets` (rustc's renderer); every message ends with a
//! newline and quotes no raw control character.

use std::fmt;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer};

pub use super::suggest::{closest, listing, suggest};

/// The most characters of a long source line shown on each side of the marker.
const CONTEXT: usize = 50;

/// One problem in an input file, located at a line and column when it has a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file the problem is in, as given by the caller.
    pub path: String,
    /// 1-based line, `None` when the problem has no place (missing file, empty file).
    pub line: Option<usize>,
    /// 1-based column counted in characters, `None` when the problem has no place.
    pub column: Option<usize>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The offending source line and the width of the marker under it, when known.
    pub snippet: Option<Snippet>,
}

/// The source line shown under a located diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snippet {
    /// The text of the line without its line ending (around the marker only, between `...`,
    /// when the line is long).
    pub source_line: String,
    /// How many characters the `^` marker covers, at least 1.
    pub width: usize,
    /// How many characters of `source_line` come before the marker.
    pub marker: usize,
}

/// All the problems found in one input, in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostic {
    /// A diagnostic at a 1-based line and column, without a snippet.
    pub fn located(
        path: impl Into<String>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            path: path.into(),
            line: Some(line),
            column: Some(column),
            message: message.into(),
            snippet: None,
        }
    }

    /// A diagnostic that has no place in the file, printed as `path: message`.
    pub fn unlocated(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            line: None,
            column: None,
            message: message.into(),
            snippet: None,
        }
    }

    /// A diagnostic at the byte range `span` of `text`, with the snippet of its first line.
    pub fn at_span(path: &str, text: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        let (line, column) = line_col(text, span.start);
        let start = floor_char_boundary(text, span.start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let end = floor_char_boundary(text, span.end.clamp(start, line_end));
        let width = text[start..end].chars().count().max(1);
        let before = text[line_start..start].trim_start_matches('\u{feff}');
        let after = text[start..line_end].trim_end_matches('\r');
        Self {
            snippet: Some(Snippet::around(before, after, width)),
            ..Self::located(path, line, column, message)
        }
    }
}

impl Snippet {
    /// The snippet of a line whose text is `before` the marker and `after` it (the marker's
    /// `width` characters first), cut to [`CONTEXT`] characters each side of the marker.
    fn around(before: &str, after: &str, width: usize) -> Self {
        let shown = |c: char| if is_c1_control(c) { '\u{fffd}' } else { c };
        let skipped = before.chars().count().saturating_sub(CONTEXT);
        let mut source_line: String = before.chars().skip(skipped).map(shown).collect();
        if skipped > 0 {
            source_line.insert_str(0, "...");
        }
        let marker = source_line.chars().count();
        let kept = width.min(CONTEXT) + CONTEXT;
        source_line.extend(after.chars().take(kept).map(shown));
        if after.chars().count() > kept {
            source_line.push_str("...");
        }
        Self {
            source_line,
            width: width.min(CONTEXT),
            marker,
        }
    }

    /// The source line with its marker, as rustc draws it (`  |`, `4 | text`, `  |   ^^`), in
    /// rustc's colours when `styled`.
    fn render(&self, line: usize, styled: bool) -> String {
        let start = byte_of(&self.source_line, self.marker);
        let end = byte_of(&self.source_line, self.marker + self.width).max(start);
        let snippet = annotate_snippets::Snippet::source(&self.source_line)
            .line_start(line)
            .annotation(AnnotationKind::Primary.span(start..end));
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        renderer.render(&[Group::with_level(Level::ERROR).element(snippet)])
    }
}

/// The byte offset of the `chars`-th character of `text` (its end when shorter).
fn byte_of(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}

/// A C1 control character (U+0080 to U+009F), which the renderer would print as it is.
fn is_c1_control(c: char) -> bool {
    ('\u{80}'..='\u{9f}').contains(&c)
}

/// `text` with every control or bidirectional-override character escaped (`\u{1b}`), so that a
/// message never sends one to the terminal.
fn escaped(text: &str) -> String {
    let hostile = |c: char| {
        c.is_control()
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    };
    text.chars()
        .map(|c| {
            if hostile(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The ANSI sequences of the styled place (bold) and message (bold red), and the reset.
const BOLD: &str = "\x1b[1m";
const BOLD_RED: &str = "\x1b[1;31m";
const RESET: &str = "\x1b[0m";

impl Diagnostic {
    /// Writes the diagnostic, in colour when `styled`: the place in bold, the message in bold
    /// red, the snippet in rustc's colours.
    fn write(&self, f: &mut impl fmt::Write, styled: bool) -> fmt::Result {
        let (path, message) = (escaped(&self.path), escaped(&self.message));
        let place = match (self.line, self.column) {
            (Some(line), Some(column)) => format!("{path}:{line}:{column}:"),
            _ => format!("{path}:"),
        };
        if styled {
            writeln!(f, "{BOLD}{place}{RESET} {BOLD_RED}{message}{RESET}")?;
        } else {
            writeln!(f, "{place} {message}")?;
        }
        if let (Some(line), Some(snippet)) = (self.line, &self.snippet) {
            writeln!(f, "{}", snippet.render(line, styled))?;
        }
        Ok(())
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl Diagnostics {
    /// Every diagnostic as text, in colour when `styled` (for a terminal), else as `Display`
    /// writes them.
    pub fn render(&self, styled: bool) -> String {
        let mut out = String::new();
        for diagnostic in &self.0 {
            let _ = diagnostic.write(&mut out, styled);
        }
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0
            .iter()
            .try_for_each(|diagnostic| diagnostic.write(f, false))
    }
}

impl std::error::Error for Diagnostic {}

impl std::error::Error for Diagnostics {}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Self {
        Self(vec![diagnostic])
    }
}

/// The 1-based line and column (in characters) of `byte_offset` in `text`, clamped to the text.
pub fn line_col(text: &str, byte_offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(text, byte_offset);
    // A byte-order mark is not a column of the first line.
    let before = text[..offset]
        .strip_prefix('\u{feff}')
        .unwrap_or(&text[..offset]);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The largest char boundary of `text` not after `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        let text = "ab\nçd = 1\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 3), (2, 1));
        assert_eq!(line_col(text, 5), (2, 2));
        assert_eq!(line_col(text, 4), (2, 1));
        assert_eq!(line_col(text, 999), (3, 1));
        assert_eq!(line_col("\u{feff}a = 1", 5), (1, 3));
    }

    #[test]
    fn the_first_line_is_path_line_column_message_and_everything_ends_with_a_newline() {
        let d = Diagnostic::at_span("s.toml", "[world]\ndt = 0\n", 13..14, "`dt` must be > 0");
        assert_eq!(
            d.to_string(),
            "s.toml:2:6: `dt` must be > 0\n  |\n2 | dt = 0\n  |      ^\n"
        );
        let d = Diagnostic::unlocated("s.toml", "file not found");
        assert_eq!(d.to_string(), "s.toml: file not found\n");
        let both = Diagnostics(vec![d.clone(), d]);
        assert_eq!(
            both.to_string(),
            "s.toml: file not found\ns.toml: file not found\n"
        );
    }

    #[test]
    fn control_characters_are_never_printed_raw() {
        let text = "x = \"\u{1b}[2J\u{9b}\u{7}\"\n";
        let d = Diagnostic::at_span("a\u{1b}.toml", text, 4..5, "key `\u{1b}]0;x\u{7}`");
        let shown = d.to_string();
        assert!(
            shown.chars().all(|c| c == '\n' || !c.is_control()),
            "{shown:?}"
        );
        assert!(
            shown.starts_with("a\\u{1b}.toml:1:5: key `\\u{1b}]0;x\\u{7}`\n"),
            "{shown}"
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_marker() {
        let text = format!("{}!{}", "x".repeat(5000), "y".repeat(5000));
        let d = Diagnostic::at_span("b.toml", &text, 5000..5001, "here");
        let snippet = d.snippet.clone().unwrap();
        assert_eq!(snippet.source_line.chars().nth(snippet.marker), Some('!'));
        assert!(snippet.source_line.len() < 2 * CONTEXT + 10);
        let shown = d.to_string();
        assert!(shown.lines().all(|l| l.len() < 200), "{shown}");
        assert_eq!(d.column, Some(5001));
    }
}
