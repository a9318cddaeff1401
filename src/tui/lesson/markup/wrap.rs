//! Fitting prose to the pane: flowing text wrapped at spaces by `textwrap`'s first-fit algorithm
//! (a value, or an inline code span that fits, never split), code lines never wrapped inside a
//! formula.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use textwrap::core::{display_width, Fragment};
use textwrap::wrap_algorithms::wrap_first_fit;

use super::Piece;
use crate::tui::Theme;

/// One character of a line with its style.
type Cell = (char, Style);

/// A word and the spaces after it, as `textwrap` sees it.
#[derive(Debug)]
struct Word {
    cells: Vec<Cell>,
    spaces: Vec<Cell>,
    width: usize,
}

impl Fragment for Word {
    fn width(&self) -> f64 {
        self.width as f64
    }

    fn whitespace_width(&self) -> f64 {
        self.spaces.len() as f64
    }

    fn penalty_width(&self) -> f64 {
        0.0
    }
}

fn char_width(c: char) -> usize {
    display_width(c.encode_utf8(&mut [0; 4]))
}

/// Spans wrapped to `width` columns (no prefixes; a word longer than the width is cut).
pub fn wrap(spans: &[Span<'static>], width: u16) -> Vec<Line<'static>> {
    let pieces: Vec<Piece> = spans
        .iter()
        .map(|s| Piece {
            text: s.content.to_string(),
            style: s.style,
            value: None,
            group: None,
        })
        .collect();
    wrap_pieces(&pieces, "", "", width)
}

/// Pieces wrapped to `width` columns, the first line starting with `first` and the others with
/// `rest`; a group (an inline code span, a value) stays on one line when it fits on one.
pub fn wrap_pieces(pieces: &[Piece], first: &str, rest: &str, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).max(1);
    let room = |prefix: &str| width.saturating_sub(display_width(prefix)).max(1);
    let (first_room, rest_room) = (room(first), room(rest));
    let words = words(pieces, first_room.min(rest_room));
    let lines = wrap_first_fit(&words, &[first_room as f64, rest_room as f64]);
    let mut out: Vec<Line<'static>> = lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let prefix = if k == 0 { first } else { rest };
            let mut cells: Vec<Cell> = prefix.chars().map(|c| (c, Style::new())).collect();
            for (i, word) in line.iter().enumerate() {
                cells.extend(&word.cells);
                if i + 1 < line.len() {
                    cells.extend(&word.spaces);
                }
            }
            to_line(&cells)
        })
        .collect();
    if out.is_empty() {
        out.push(Line::from(first.to_string()));
    }
    out
}

/// The words of `pieces`: split at spaces, except inside a group no wider than `room`; a word
/// wider than `room` is cut into pieces that fit.
fn words(pieces: &[Piece], room: usize) -> Vec<Word> {
    let mut group_width: Vec<(usize, usize)> = Vec::new();
    for piece in pieces {
        if let Some(g) = piece.group {
            match group_width.iter_mut().find(|(id, _)| *id == g) {
                Some((_, w)) => *w += display_width(&piece.text),
                None => group_width.push((g, display_width(&piece.text))),
            }
        }
    }
    let glued = |group: Option<usize>| {
        group.is_some_and(|g| group_width.iter().any(|(id, w)| *id == g && *w <= room))
    };
    let mut words: Vec<Word> = Vec::new();
    let mut current = Word {
        cells: Vec::new(),
        spaces: Vec::new(),
        width: 0,
    };
    for piece in pieces {
        let keep = glued(piece.group);
        for c in piece.text.chars() {
            let c = if c == '\n' || c == '\t' { ' ' } else { c };
            if c == ' ' && !keep {
                current.spaces.push((c, piece.style));
                continue;
            }
            if !current.spaces.is_empty() {
                words.push(std::mem::replace(
                    &mut current,
                    Word {
                        cells: Vec::new(),
                        spaces: Vec::new(),
                        width: 0,
                    },
                ));
            }
            current.cells.push((c, piece.style));
            current.width += char_width(c);
        }
    }
    if !current.cells.is_empty() || !current.spaces.is_empty() {
        words.push(current);
    }
    if words.first().is_some_and(|w| w.cells.is_empty()) {
        words.remove(0);
    }
    words.into_iter().flat_map(|word| cut(word, room)).collect()
}

/// A word cut into words no wider than `room` (the spaces stay with the last).
fn cut(word: Word, room: usize) -> Vec<Word> {
    if word.width <= room {
        return vec![word];
    }
    let mut out = Vec::new();
    let mut part = Word {
        cells: Vec::new(),
        spaces: Vec::new(),
        width: 0,
    };
    for cell in word.cells {
        let w = char_width(cell.0);
        if part.width + w > room && !part.cells.is_empty() {
            out.push(std::mem::replace(
                &mut part,
                Word {
                    cells: Vec::new(),
                    spaces: Vec::new(),
                    width: 0,
                },
            ));
        }
        part.cells.push(cell);
        part.width += w;
    }
    part.spaces = word.spaces;
    out.push(part);
    out
}

/// A code line after `indent`: as written when it fits; else broken only between formulas set
/// apart by two or more spaces; a formula still too wide is cut at the pane's edge and ends
/// with `…` (`>` in ASCII) to show that it goes on.
pub fn code_lines(pieces: &[Piece], indent: &str, width: u16, theme: Theme) -> Vec<Line<'static>> {
    let width = usize::from(width).max(1);
    let cells: Vec<Cell> = pieces
        .iter()
        .flat_map(|p| p.text.chars().map(move |c| (c, p.style)))
        .collect();
    let room = width.saturating_sub(display_width(indent)).max(1);
    let line_width = |cells: &[Cell]| cells.iter().map(|(c, _)| char_width(*c)).sum::<usize>();
    let parts: Vec<Vec<Cell>> = if line_width(&cells) <= room {
        vec![cells]
    } else {
        formulas(&cells)
    };
    let mut out = Vec::new();
    let mut line: Vec<Cell> = Vec::new();
    for part in parts {
        if !line.is_empty() && line_width(&line) + 2 + line_width(&part) <= room {
            line.extend([(' ', Style::new()), (' ', Style::new())]);
            line.extend(part);
            continue;
        }
        if !line.is_empty() {
            out.push(std::mem::take(&mut line));
        }
        line = part;
    }
    out.push(line);
    let mark = if theme.ascii { '>' } else { '…' };
    out.into_iter()
        .map(|mut cells| {
            if line_width(&cells) > room {
                let mut kept = 0;
                let limit = room.saturating_sub(1);
                cells.retain(|(c, _)| {
                    kept += char_width(*c);
                    kept <= limit
                });
                cells.push((mark, theme.dim()));
            }
            let mut all: Vec<Cell> = indent.chars().map(|c| (c, Style::new())).collect();
            all.extend(cells);
            to_line(&all)
        })
        .collect()
}

/// The formulas of a code line: the text between runs of two or more spaces.
fn formulas(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut parts = vec![Vec::new()];
    let mut k = 0;
    while k < cells.len() {
        let run = cells[k..].iter().take_while(|(c, _)| *c == ' ').count();
        if run >= 2 {
            parts.push(Vec::new());
            k += run;
            continue;
        }
        let end = k + run.max(1);
        parts
            .last_mut()
            .expect("one part at least")
            .extend_from_slice(&cells[k..end]);
        k = end;
    }
    parts.retain(|p| !p.is_empty());
    if parts.is_empty() {
        parts.push(Vec::new());
    }
    parts
}

/// Cells as a line of spans, one per run of a style, without trailing spaces.
fn to_line(cells: &[Cell]) -> Line<'static> {
    let end = cells
        .iter()
        .rposition(|(c, _)| *c != ' ')
        .map_or(0, |k| k + 1);
    let mut spans: Vec<Span<'static>> = Vec::new();
    for &(c, style) in &cells[..end] {
        match spans.last_mut() {
            Some(span) if span.style == style => span.content.to_mut().push(c),
            _ => spans.push(Span::styled(c.to_string(), style)),
        }
    }
    Line::from(spans)
}
