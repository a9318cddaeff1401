//! Lesson prose on screen: `CommonMark` parsed by `pulldown-cmark` into blocks of styled pieces
//! (paragraphs, list items, quotes, headings, code blocks), each placeholder shown as its value
//! (or `?` when masked), then wrapped to the pane by [`wrap`].

mod build;
mod wrap;

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::lesson::{Resolved, ResolvedProse};
use crate::tui::Theme;

pub use build::blocks;
pub use wrap::{code_lines, wrap, wrap_pieces};

/// A run of text with one style.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The text.
    pub text: String,
    /// Its style.
    pub style: Style,
    /// The placeholder it shows, when it shows one.
    pub value: Option<usize>,
    /// Pieces of one group (an inline code span, a value) are kept on one line when they fit.
    pub group: Option<usize>,
}

/// One block of prose.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// Flowing text wrapped to the width: `first` starts its first line (a list bullet), `rest`
    /// the others.
    Text {
        /// The text.
        pieces: Vec<Piece>,
        /// Prefix of the first line.
        first: String,
        /// Prefix of the other lines.
        rest: String,
    },
    /// A code block: lines kept as written after `indent`, never wrapped inside a formula.
    Code {
        /// The lines.
        lines: Vec<Vec<Piece>>,
        /// Prefix of every line.
        indent: String,
    },
    /// An empty line between blocks.
    Gap,
}

/// The prose as lines `width` columns wide, every placeholder showing its value.
pub fn render(prose: &ResolvedProse, theme: Theme, width: u16) -> Vec<Line<'static>> {
    render_with(&[], prose, theme, width, |_| false)
}

/// The prose as lines `width` columns wide after the spans `lead` (which open its first
/// paragraph), a placeholder for which `masked` holds showing `?`.
pub fn render_with(
    lead: &[Span<'static>],
    prose: &ResolvedProse,
    theme: Theme,
    width: u16,
    masked: impl Fn(&Resolved) -> bool,
) -> Vec<Line<'static>> {
    let values = shown_values(prose, masked);
    let mut blocks = blocks(&prose.template, &values, theme);
    if !lead.is_empty() {
        let lead = lead.iter().map(|s| Piece {
            text: s.content.to_string(),
            style: s.style,
            value: None,
            group: None,
        });
        match blocks.first_mut() {
            Some(Block::Text { pieces, first, .. }) if first.is_empty() => {
                let mut joined: Vec<Piece> = lead.collect();
                joined.append(pieces);
                *pieces = joined;
            }
            _ => blocks.insert(
                0,
                Block::Text {
                    pieces: lead.collect(),
                    first: String::new(),
                    rest: String::new(),
                },
            ),
        }
    }
    lines(&blocks, theme, width)
}

/// Each value's text, `?` where `masked` holds.
pub fn shown_values(prose: &ResolvedProse, masked: impl Fn(&Resolved) -> bool) -> Vec<String> {
    prose
        .values
        .iter()
        .map(|v| {
            if masked(v) {
                "?".to_string()
            } else {
                v.text.clone()
            }
        })
        .collect()
}

/// Blocks as lines `width` columns wide.
pub fn lines(blocks: &[Block], theme: Theme, width: u16) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for block in blocks {
        match block {
            Block::Gap => out.push(Line::default()),
            Block::Text {
                pieces,
                first,
                rest,
            } => out.extend(wrap_pieces(pieces, first, rest, width)),
            Block::Code { lines, indent } => {
                for line in lines {
                    out.extend(code_lines(line, indent, width, theme));
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "markup/tests.rs"]
mod tests;
