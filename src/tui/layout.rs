//! Where each panel goes, chosen from the size of the area and what is shown in it.
//!
//! | arrangement | when | picture |
//! | --- | --- | --- |
//! | side | at least 40 rows, and room for the axis table (64 columns) beside a picture of 56 columns (60 for four views), or the table hidden | left of the table, number line and verdict; contact and integrator panels below |
//! | band | at least 40 rows, no room beside | full width on top; the table in a band below it, with the number line and integrator beside it when they fit |
//! | compact | 80×24 up to 40 rows | right of the table, or the whole width when it is hidden |
//! | too small | under 80×24 | a message says the size needed |

use ratatui::layout::{Constraint, Flex, Layout, Rect};

/// The smallest terminal the side and band arrangements are made for (its height counts).
pub const FULL: (u16, u16) = (120, 40);

/// The smallest terminal the debugger draws in at all.
pub const MINIMUM: (u16, u16) = (80, 24);

/// Width of the axis table with its borders.
pub const TABLE_WIDTH: u16 = 64;

/// Rows of the axis table with its borders and column names.
const TABLE_ROWS: u16 = 18;

/// The narrowest picture the table goes beside (one view; four views need 60).
const PICTURE_BESIDE: u16 = 56;

/// The narrowest column beside the table that holds the bordered number line and integrator.
const BAND_SIDE: u16 = 36;

/// Which arrangement an area gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The table (when shown) in a column right of the picture; bordered panels below.
    Side,
    /// The picture across the whole width; the table in a band below it.
    Band,
    /// One-line summaries for contact and integrator (80×24 and larger).
    Compact,
    /// Too small: a message says what size is needed.
    TooSmall,
}

impl Mode {
    /// Whether the panels have borders and room for numbers (side and band).
    pub fn is_full(self) -> bool {
        matches!(self, Mode::Side | Mode::Band)
    }
}

/// What the screen shows that changes where things go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The axis table is shown (and the pair has one).
    pub table: bool,
    /// Four views instead of one.
    pub four: bool,
}

/// The rectangle of every panel (empty ones are not drawn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    /// Scene, frame, time, play state, integrator, pair.
    pub header: Rect,
    /// The projection canvas (or the four views).
    pub canvas: Rect,
    /// The axis table (its first row is two lines below the top).
    pub table: Rect,
    /// The number line of the selected axis (or the sentence of a pair without a table).
    pub number_line: Rect,
    /// The stages and the sentence of the selected pair.
    pub verdict: Rect,
    /// The contact panel (a one-line summary unless it is bordered).
    pub contact: Rect,
    /// The integrator panel (four short lines when it is narrow).
    pub integrator: Rect,
    /// Which stage decided each pair.
    pub pipeline: Rect,
    /// The keys.
    pub key_bar: Rect,
}

/// The arrangement for an area of `width × height` showing `shown`.
pub fn mode(width: u16, height: u16, shown: Shown) -> Mode {
    let beside = if shown.four { 60 } else { PICTURE_BESIDE };
    if width < MINIMUM.0 || height < MINIMUM.1 {
        Mode::TooSmall
    } else if height < FULL.1 {
        Mode::Compact
    } else if !shown.table || width >= TABLE_WIDTH + beside {
        Mode::Side
    } else {
        Mode::Band
    }
}

/// The panels' rectangles inside `area`.
pub fn areas(area: Rect, shown: Shown) -> (Mode, Areas) {
    let mode = mode(area.width, area.height, shown);
    let areas = match mode {
        Mode::Side => side(area, shown.table),
        Mode::Band => band(area),
        Mode::Compact => compact(area, shown.table),
        Mode::TooSmall => Areas::default(),
    };
    (mode, areas)
}

/// The header's height: two lines (the description too) on a wide area.
fn header_rows(area: Rect) -> u16 {
    if area.width >= FULL.0 {
        2
    } else {
        1
    }
}

fn side(area: Rect, table: bool) -> Areas {
    let [header, main, panels, pipeline, key_bar] = Layout::vertical([
        Constraint::Length(header_rows(area)),
        Constraint::Fill(1),
        Constraint::Length(9),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [contact, integrator] = Layout::horizontal([Constraint::Fill(1); 2]).areas(panels);
    let mut areas = Areas {
        header,
        contact,
        integrator,
        pipeline,
        key_bar,
        ..Areas::default()
    };
    if !table {
        let [canvas, number_line] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(6)]).areas(main);
        areas.canvas = canvas;
        areas.number_line = number_line;
        return areas;
    }
    let [canvas, right] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(TABLE_WIDTH)]).areas(main);
    // The verdict panel only where it has room for a few lines.
    let verdict = if right.height >= TABLE_ROWS + 6 + 4 {
        Constraint::Fill(4)
    } else {
        Constraint::Length(0)
    };
    let [table, number_line, verdict] =
        Layout::vertical([Constraint::Length(TABLE_ROWS), Constraint::Min(6), verdict])
            .areas(right);
    Areas {
        canvas,
        table,
        number_line,
        verdict,
        ..areas
    }
}

fn band(area: Rect) -> Areas {
    let narrow = area.width < TABLE_WIDTH + BAND_SIDE;
    let [header, canvas, strip, under, contact, pipeline, key_bar] = Layout::vertical([
        Constraint::Length(header_rows(area)),
        Constraint::Fill(1),
        Constraint::Length(TABLE_ROWS),
        Constraint::Length(if narrow { 3 } else { 0 }),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [table, side] =
        Layout::horizontal([Constraint::Length(TABLE_WIDTH), Constraint::Fill(1)]).areas(strip);
    let (number_line, integrator) = if narrow {
        (under, side)
    } else {
        let [number_line, integrator] =
            Layout::vertical([Constraint::Length(6), Constraint::Fill(1)]).areas(side);
        (number_line, integrator)
    };
    Areas {
        header,
        canvas,
        table,
        number_line,
        verdict: Rect::default(),
        contact,
        integrator,
        pipeline,
        key_bar,
    }
}

fn compact(area: Rect, table: bool) -> Areas {
    let [header, main, number_line, summary, pipeline, key_bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(17),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let (table, canvas, integrator) = if table {
        let [table, right] =
            Layout::horizontal([Constraint::Length(TABLE_WIDTH - 2), Constraint::Fill(1)])
                .areas(main);
        let [canvas, integrator] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(5)]).areas(right);
        (table, canvas, integrator)
    } else {
        // The picture takes the table's place; the integrator's four lines go beside it.
        let [canvas, side] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(20)]).areas(main);
        let [integrator, _] =
            Layout::vertical([Constraint::Length(5), Constraint::Fill(1)]).areas(side);
        (Rect::default(), canvas, integrator)
    };
    Areas {
        header,
        canvas,
        table,
        number_line,
        verdict: Rect::default(),
        contact: summary,
        integrator,
        pipeline,
        key_bar,
    }
}

/// A `width × height` rectangle centred in `area` (overlays and popups).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    let [popup] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    popup
}

/// The fewest columns of the screen an overlay leaves beside it: a narrower strip would show only
/// the cut ends of the panels underneath.
const SLIVER: u16 = 4;

/// What an overlay at `popup` clears in `area` before it is drawn: the popup's rows, widened to
/// the area's edge on each side where they would leave a strip narrower than [`SLIVER`] (rows
/// above and below it stay whole, so they show no cut ends).
pub(crate) fn cleared(area: Rect, popup: Rect) -> Rect {
    let left = if popup.x - area.x < SLIVER {
        area.x
    } else {
        popup.x
    };
    let right = if area.right() - popup.right() < SLIVER {
        area.right()
    } else {
        popup.right()
    };
    Rect::new(left, popup.y, right - left, popup.height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overlay_clears_the_strips_too_narrow_to_read_and_keeps_the_wide_ones() {
        let area = Rect::new(0, 1, 80, 22);
        assert_eq!(
            cleared(area, Rect::new(2, 2, 76, 20)),
            Rect::new(0, 2, 80, 20)
        );
        assert_eq!(
            cleared(area, Rect::new(10, 8, 60, 6)),
            Rect::new(10, 8, 60, 6)
        );
        assert_eq!(
            cleared(area, Rect::new(2, 8, 76, 6)),
            Rect::new(0, 8, 80, 6)
        );
    }

    const TABLE: Shown = Shown {
        table: true,
        four: false,
    };

    #[test]
    fn sizes_pick_the_arrangement() {
        assert_eq!(mode(160, 48, TABLE), Mode::Side);
        assert_eq!(mode(120, 40, TABLE), Mode::Side);
        assert_eq!(mode(119, 40, TABLE), Mode::Band);
        assert_eq!(mode(84, 40, TABLE), Mode::Band);
        assert_eq!(mode(119, 40, Shown::default()), Mode::Side);
        assert_eq!(mode(119, 39, TABLE), Mode::Compact);
        assert_eq!(mode(80, 24, TABLE), Mode::Compact);
        assert_eq!(mode(79, 24, TABLE), Mode::TooSmall);
        assert_eq!(mode(20, 6, TABLE), Mode::TooSmall);
    }

    #[test]
    fn four_views_at_120_by_40_get_the_whole_width_and_30_columns_each() {
        let four = Shown {
            table: true,
            four: true,
        };
        let (mode, a) = areas(Rect::new(0, 0, 120, 40), four);
        assert_eq!(mode, Mode::Band);
        assert_eq!(a.canvas.width, 120);
        assert_eq!(a.table.width, TABLE_WIDTH);
        let (mode, a) = areas(Rect::new(0, 0, 124, 40), four);
        assert_eq!((mode, a.canvas.width), (Mode::Side, 60));
    }

    #[test]
    fn a_band_keeps_the_table_under_a_picture_of_the_whole_width() {
        let (_, a) = areas(Rect::new(0, 0, 84, 40), TABLE);
        assert_eq!((a.canvas.width, a.canvas.height), (84, 15));
        assert_eq!((a.table.y, a.table.height), (16, 18));
        assert_eq!(a.integrator.width, 20);
        assert_eq!((a.number_line.y, a.number_line.width), (34, 84));
        assert_eq!(a.key_bar.y, 39);
        let (_, wide) = areas(Rect::new(0, 0, 110, 40), TABLE);
        assert_eq!((wide.number_line.width, wide.number_line.height), (46, 6));
        assert_eq!(wide.integrator.height, 12);
    }

    #[test]
    fn compact_layout_fills_80_by_24_exactly_and_gives_the_table_up_on_request() {
        let (_, a) = areas(Rect::new(0, 0, 80, 24), TABLE);
        assert_eq!(a.table.height, 17);
        assert_eq!(a.key_bar.y, 23);
        assert_eq!(a.table.width + a.canvas.width, 80);
        let (_, hidden) = areas(Rect::new(0, 0, 80, 24), Shown::default());
        assert_eq!((hidden.table.width, hidden.canvas.width), (0, 60));
        assert_eq!(hidden.canvas.height, 17);
    }
}
