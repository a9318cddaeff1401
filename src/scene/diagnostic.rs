//! Located error messages: `path:line:column: message` with a rustc-like snippet.

use std::fmt;
use std::ops::Range;

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
    /// The text of the line, without its line ending.
    pub source_line: String,
    /// How many characters the `^` marker covers, at least 1.
    pub width: usize,
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
        let source_line = text[line_start..line_end].trim_end_matches('\r');
        let source_line = source_line.trim_start_matches('\u{feff}').to_string();
        let end = floor_char_boundary(text, span.end.clamp(start, line_end));
        let width = text[start..end].chars().count().max(1);
        Self {
            snippet: Some(Snippet { source_line, width }),
            ..Self::located(path, line, column, message)
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{}:{line}:{column}: {}", self.path, self.message)?;
            }
            _ => write!(f, "{}: {}", self.path, self.message)?,
        }
        if let (Some(line), Some(column), Some(snippet)) = (self.line, self.column, &self.snippet) {
            let gutter = " ".repeat(line.to_string().len());
            // Keep tabs so the marker lines up under the same characters.
            let pad: String = snippet
                .source_line
                .chars()
                .take(column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(
                f,
                "\n{gutter} |\n{line} | {}\n{gutter} | {pad}{}",
                snippet.source_line,
                "^".repeat(snippet.width)
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, diagnostic) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{diagnostic}")?;
        }
        Ok(())
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

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .iter()
        .map(|c| (edit_distance(&word, &c.to_lowercase()), *c))
        .filter(|(d, c)| *d <= (c.chars().count().max(word.chars().count()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance between two strings, counted in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// `head; did you mean `x`? tail` with the closest candidate to `word`, or `head; tail`.
pub fn suggest(head: &str, word: &str, candidates: &[&str], tail: &str) -> String {
    match closest(word, candidates) {
        Some(c) => format!("{head}; did you mean `{c}`? {tail}"),
        None => format!("{head}; {tail}"),
    }
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
    fn closest_suggests_typos_only() {
        assert_eq!(
            closest("half_extent", &["center", "half_extents"]),
            Some("half_extents")
        );
        assert_eq!(closest("Box", &["box", "sphere"]), Some("box"));
        assert_eq!(closest("cube", &["box", "sphere"]), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
