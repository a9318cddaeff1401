//! Where each panel goes for a terminal size: the full layout, the compact one, or none.

use ratatui::layout::{Constraint, Layout, Rect};

/// The smallest terminal the full layout is made for.
pub const FULL: (u16, u16) = (120, 40);

/// The smallest terminal the debugger draws in at all.
pub const MINIMUM: (u16, u16) = (80, 24);

/// Width of the axis table.
const TABLE_WIDTH: u16 = 62;

/// Which arrangement a terminal size gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every panel with borders (120×40 and larger).
    Full,
    /// One-line summaries for contact and integrator (80×24 and larger).
    Compact,
    /// Too small: a message says what size is needed.
    TooSmall,
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
    /// The number line of the selected axis.
    pub number_line: Rect,
    /// The stages and the sentence of the selected pair (full layout only).
    pub verdict: Rect,
    /// The contact panel (a one-line summary in the compact layout).
    pub contact: Rect,
    /// The integrator panel (four short lines under the canvas in the compact layout).
    pub integrator: Rect,
    /// Which stage decided each pair.
    pub pipeline: Rect,
    /// The keys.
    pub key_bar: Rect,
}

/// The arrangement for a terminal of `width × height`.
pub fn mode(width: u16, height: u16) -> Mode {
    if width >= FULL.0 && height >= FULL.1 {
        Mode::Full
    } else if width >= MINIMUM.0 && height >= MINIMUM.1 {
        Mode::Compact
    } else {
        Mode::TooSmall
    }
}

/// The panels' rectangles inside `area`.
pub fn areas(area: Rect) -> (Mode, Areas) {
    let mode = mode(area.width, area.height);
    let areas = match mode {
        Mode::Full => full(area),
        Mode::Compact => compact(area),
        Mode::TooSmall => Areas::default(),
    };
    (mode, areas)
}

fn full(area: Rect) -> Areas {
    let [header, main, panels, pipeline, key_bar] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Fill(1),
        Constraint::Length(9),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [canvas, right] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(TABLE_WIDTH + 2)]).areas(main);
    // The verdict panel only where it has room for a few lines.
    let verdict = if right.height >= 18 + 6 + 4 {
        Constraint::Fill(4)
    } else {
        Constraint::Length(0)
    };
    let [table, number_line, verdict] =
        Layout::vertical([Constraint::Length(18), Constraint::Min(6), verdict]).areas(right);
    let [contact, integrator] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(panels);
    Areas {
        header,
        canvas,
        table,
        number_line,
        verdict,
        contact,
        integrator,
        pipeline,
        key_bar,
    }
}

fn compact(area: Rect) -> Areas {
    let [header, main, number_line, summary, pipeline, key_bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(17),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [table, right] =
        Layout::horizontal([Constraint::Length(TABLE_WIDTH), Constraint::Fill(1)]).areas(main);
    let [canvas, integrator] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(5)]).areas(right);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_pick_the_arrangement() {
        assert_eq!(mode(160, 48), Mode::Full);
        assert_eq!(mode(120, 40), Mode::Full);
        assert_eq!(mode(119, 40), Mode::Compact);
        assert_eq!(mode(80, 24), Mode::Compact);
        assert_eq!(mode(79, 24), Mode::TooSmall);
        assert_eq!(mode(20, 6), Mode::TooSmall);
    }

    #[test]
    fn compact_layout_fills_80_by_24_exactly() {
        let (_, a) = areas(Rect::new(0, 0, 80, 24));
        assert_eq!(a.table.height, 17);
        assert_eq!(a.key_bar.y, 23);
        assert_eq!(a.table.width + a.canvas.width, 80);
    }
}
