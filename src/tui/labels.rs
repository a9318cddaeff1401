//! Labels placed on a drawn picture so that no two overlap or touch: each tries its anchor and the
//! eight positions around it, preferring cells the picture leaves empty; a label that fits nowhere
//! is dropped and its anchor marked `*`, and no label is ever written over another. The cells just
//! left and right of a placed label are cleared, so a name never runs into a line of the picture.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The mark left at the anchor of a label that did not fit.
pub const DROPPED: char = '*';

/// A label to place: text, style, the cell it belongs to, and how much it matters.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The text (one line).
    pub text: String,
    /// How it is drawn.
    pub style: Style,
    /// Column and row of the anchor, relative to the area (may lie outside it).
    pub anchor: (i32, i32),
    /// Higher is placed first and dropped last.
    pub priority: u8,
}

/// Where labels went: how many were placed and how many dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    /// Labels written.
    pub placed: usize,
    /// Labels that fitted nowhere (their anchors are marked).
    pub dropped: usize,
}

/// The nine starting cells tried for a label of `len` characters at `anchor`: centred on it,
/// then right, left, above, below, and the four corners.
fn spots(anchor: (i32, i32), len: i32) -> [(i32, i32); 9] {
    let (x, y) = anchor;
    let centred = x - len / 2;
    [
        (centred, y),
        (x + 1, y),
        (x - len, y),
        (centred, y - 1),
        (centred, y + 1),
        (x + 1, y - 1),
        (x - len, y - 1),
        (x + 1, y + 1),
        (x - len, y + 1),
    ]
}

/// Whether a cell shows nothing (a space or an empty Braille pattern).
fn blank(symbol: &str) -> bool {
    matches!(symbol, " " | "\u{2800}" | "")
}

/// Whether a cell shows a letter or digit, which a label beside it would fuse with.
fn wordy(symbol: &str) -> bool {
    symbol.chars().any(char::is_alphanumeric)
}

/// Writes `labels` into `area` of `buf` (already holding the picture), most important first.
///
/// # Algorithm
/// Labels go in order of priority (ties in the order given). For each, the nine spots of
/// [`spots`] are tried twice: first only where every cell is blank, then anywhere; a spot must lie
/// inside the area, keep two free cells between it and any label already placed on its row (one
/// space separates the words of a label, `crate tc`, so two labels one space apart would read as
/// one, `crate tc crate`), and
/// not sit next to a letter or digit of the picture. The first spot that passes takes the label,
/// and the cell on each side of it (inside the area) is blanked; with none, the label is dropped
/// and its anchor, if neither a label nor a label's margin, gets [`DROPPED`].
pub fn place(mut labels: Vec<Label>, area: Rect, buf: &mut Buffer) -> Placement {
    let (width, height) = (i32::from(area.width), i32::from(area.height));
    let mut taken = vec![false; (area.width as usize) * (area.height as usize)];
    let mut margin = taken.clone();
    let index = |x: i32, y: i32| (y * width + x) as usize;
    let at = |x: i32, y: i32| (area.x + x as u16, area.y + y as u16);
    labels.sort_by_key(|label| std::cmp::Reverse(label.priority));
    let mut result = Placement::default();
    for label in labels {
        let len = i32::try_from(label.text.chars().count()).unwrap_or(i32::MAX);
        let (ax, ay) = label.anchor;
        if len == 0 || ax < 0 || ay < 0 || ax >= width || ay >= height {
            continue;
        }
        let fits = |x: i32, y: i32, buf: &Buffer, taken: &[bool], strict: bool| {
            if x < 0 || y < 0 || y >= height || x + len > width {
                return false;
            }
            let clear = (x - 2..=x + len + 1).filter(|&c| c >= 0 && c < width);
            if clear.clone().any(|c| taken[index(c, y)]) {
                return false;
            }
            let edges = [x - 1, x + len]
                .into_iter()
                .filter(|&c| c >= 0 && c < width);
            if edges.into_iter().any(|c| wordy(buf[at(c, y)].symbol())) {
                return false;
            }
            !strict || (x..x + len).all(|c| blank(buf[at(c, y)].symbol()))
        };
        let spot = [true, false].into_iter().find_map(|strict| {
            spots(label.anchor, len)
                .into_iter()
                .find(|&(x, y)| fits(x, y, buf, &taken, strict))
        });
        if let Some((x, y)) = spot {
            buf.set_string(
                area.x + x as u16,
                area.y + y as u16,
                &label.text,
                label.style,
            );
            for c in x..x + len {
                taken[index(c, y)] = true;
            }
            for c in [x - 1, x + len]
                .into_iter()
                .filter(|&c| c >= 0 && c < width)
            {
                buf[at(c, y)].set_char(' ');
                margin[index(c, y)] = true;
            }
            result.placed += 1;
        } else {
            result.dropped += 1;
            if !taken[index(ax, ay)] && !margin[index(ax, ay)] {
                buf[at(ax, ay)].set_char(DROPPED).set_style(label.style);
                taken[index(ax, ay)] = true;
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(text: &str, anchor: (i32, i32), priority: u8) -> Label {
        Label {
            text: text.into(),
            style: Style::new(),
            anchor,
            priority,
        }
    }

    fn rows(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn labels_of_bodies_side_by_side_spread_out_without_touching() {
        let area = Rect::new(0, 0, 40, 5);
        let mut buf = Buffer::empty(area);
        let names = ["ball1", "ball2", "ball3", "ball4", "ball5"];
        let labels = (0..5)
            .map(|k: i32| label(names[k as usize], (10 + 3 * k, 2), 1))
            .collect();
        let placement = place(labels, area, &mut buf);
        assert_eq!(placement.placed, 5);
        let text = rows(&buf).join("\n");
        for row in rows(&buf) {
            for word in row.split_whitespace() {
                assert!(names.contains(&word), "`{word}` in\n{text}");
            }
        }
    }

    #[test]
    fn labels_at_one_anchor_never_overlap_and_the_rest_are_marked() {
        let area = Rect::new(0, 0, 30, 5);
        let mut buf = Buffer::empty(area);
        let names = ["ball1", "ball2", "ball3", "ball4", "ball5", "ball6"];
        let labels = names.iter().map(|n| label(n, (15, 2), 1)).collect();
        let placement = place(labels, area, &mut buf);
        assert_eq!(placement.placed + placement.dropped, 6);
        assert!(placement.placed >= 3, "{placement:?}");
        for row in rows(&buf) {
            for word in row.split_whitespace() {
                assert!(names.contains(&word) || word == "*", "`{word}`");
            }
        }
    }

    #[test]
    fn a_label_that_fits_nowhere_is_dropped_with_a_mark_and_the_important_one_stays() {
        let area = Rect::new(0, 0, 12, 1);
        let mut buf = Buffer::empty(area);
        let labels = vec![label("minor body", (5, 0), 1), label("pivot", (5, 0), 3)];
        let placement = place(labels, area, &mut buf);
        assert_eq!((placement.placed, placement.dropped), (1, 1));
        let row = rows(&buf).remove(0);
        assert!(row.contains("pivot") && !row.contains("minor"), "{row}");
    }

    #[test]
    fn a_label_over_a_line_of_the_picture_is_set_apart_from_it() {
        let area = Rect::new(0, 0, 12, 1);
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "⠒".repeat(12), Style::new());
        place(vec![label("cube", (6, 0), 1)], area, &mut buf);
        let row = rows(&buf).remove(0);
        assert_eq!(row, "⠒⠒⠒ cube ⠒⠒⠒");
    }

    #[test]
    fn two_labels_on_a_row_stand_two_cells_apart() {
        let area = Rect::new(0, 0, 20, 1);
        let mut buf = Buffer::empty(area);
        let labels = vec![label("crate tc", (5, 0), 2), label("crate", (11, 0), 1)];
        place(labels, area, &mut buf);
        let row = rows(&buf).remove(0);
        assert!(!row.contains("tc crate"), "{row}");
        assert!(row.contains("crate tc"), "{row}");
    }

    #[test]
    fn labels_keep_clear_of_letters_in_the_picture() {
        let area = Rect::new(0, 0, 10, 3);
        let mut buf = Buffer::empty(area);
        buf.set_string(4, 1, "X", Style::new());
        place(vec![label("ab", (5, 1), 1)], area, &mut buf);
        let text = rows(&buf);
        assert!(
            !text[1].contains("Xab") && !text[1].contains("abX"),
            "{text:?}"
        );
    }
}
