//! Where the lesson pane goes: right of the debugger on a wide terminal, below it on a tall one,
//! over its lower rows otherwise; the lesson key bar takes the last row.
//!
//! Beside the debugger the pane is 30 % of the width (34 to 60 columns), narrowed to what leaves
//! the axis table beside a picture of 60 columns when that keeps it at least 34 wide (160×48:
//! a 36-column pane); at 120×40 the pane is 36 columns and the debugger's picture spans the other
//! 84 above its table.

use ratatui::layout::Rect;

use crate::tui::layout::{MINIMUM, TABLE_WIDTH};

/// The narrowest lesson pane beside the debugger.
const SIDE_MIN: u16 = 34;

/// The picture width the pane leaves beside the axis table when it can.
const PICTURE_BESIDE_TABLE: u16 = 60;

/// The widest lesson pane beside the debugger.
const SIDE_MAX: u16 = 60;

/// The tallest lesson pane below the debugger.
const BELOW_MAX: u16 = 16;

/// The fewest rows a pane below the debugger gets (else it goes over the debugger).
const BELOW_MIN: u16 = 12;

/// The rows under the debugger's axis table in its compact layout (number line, contact,
/// pipeline): a pane over the debugger covers at least these.
const OVER_MIN: u16 = 5;

/// How the pane and the debugger share the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The pane is a column right of the debugger.
    Right,
    /// The pane is below the debugger, which keeps at least 80×24.
    Below,
    /// The pane covers the debugger's lower rows (the screen is too small to share).
    Over,
    /// The lesson text is hidden: the debugger has the screen.
    Hidden,
    /// The terminal is smaller than 80×24: the debugger says what size it needs.
    TooSmall,
}

/// The rectangles of the lesson screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    /// How the screen is shared.
    pub placement: Placement,
    /// Where the debugger is drawn (its own key bar row is covered by the pane or the bar).
    pub debugger: Rect,
    /// The lesson pane.
    pub pane: Rect,
    /// The lesson key bar.
    pub bar: Rect,
}

/// The rectangles for `area`; `rows(width)` is how many rows the pane's text needs at a width
/// (it sizes a pane over the debugger).
pub fn areas(area: Rect, shown: bool, rows: impl Fn(u16) -> u16) -> Areas {
    let (width, height) = (area.width, area.height);
    let bar = Rect::new(
        area.x,
        area.bottom().saturating_sub(1),
        width,
        height.min(1),
    );
    let whole = |placement| Areas {
        placement,
        debugger: area,
        pane: Rect::new(area.x, bar.y, width, 0),
        bar,
    };
    if width < MINIMUM.0 || height < MINIMUM.1 {
        return whole(Placement::TooSmall);
    }
    if !shown {
        return whole(Placement::Hidden);
    }
    if width >= MINIMUM.0 + SIDE_MIN {
        let mut side = (width * 3 / 10)
            .clamp(SIDE_MIN, SIDE_MAX)
            .min(width - MINIMUM.0);
        let beside = width.saturating_sub(TABLE_WIDTH + PICTURE_BESIDE_TABLE);
        if beside >= SIDE_MIN {
            side = side.min(beside);
        }
        let debugger = Rect::new(area.x, area.y, width - side, height);
        let pane = Rect::new(debugger.right(), area.y, side, height - 1);
        return Areas {
            placement: Placement::Right,
            debugger,
            pane,
            bar,
        };
    }
    let room = height - MINIMUM.1;
    if room >= BELOW_MIN {
        // The pane's first row covers the debugger's key bar.
        let rows = room.min(BELOW_MAX);
        let debugger = Rect::new(area.x, area.y, width, height - rows);
        let pane = Rect::new(area.x, debugger.bottom() - 1, width, rows);
        return Areas {
            placement: Placement::Below,
            debugger,
            pane,
            bar,
        };
    }
    let rows = rows(width).clamp(OVER_MIN, height - 8);
    Areas {
        placement: Placement::Over,
        debugger: area,
        pane: Rect::new(area.x, bar.y - rows, width, rows),
        bar,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(width: u16, height: u16, rows: u16) -> Areas {
        areas(Rect::new(0, 0, width, height), true, |_| rows)
    }

    #[test]
    fn wide_terminals_put_the_pane_right_of_an_80_column_debugger_or_wider() {
        let a = at(160, 48, 3);
        assert_eq!(a.placement, Placement::Right);
        assert_eq!((a.debugger.width, a.pane.width), (124, 36));
        assert_eq!((a.pane.x, a.pane.height), (124, 47));
        let a = at(120, 40, 3);
        assert_eq!((a.debugger.width, a.pane.width), (84, 36));
        let a = at(114, 24, 3);
        assert_eq!((a.debugger.width, a.pane.width), (80, 34));
        assert_eq!(at(150, 48, 3).pane.width, 45);
        assert_eq!(at(240, 60, 3).pane.width, SIDE_MAX);
        assert_eq!(at(160, 48, 3).bar, Rect::new(0, 47, 160, 1));
    }

    #[test]
    fn tall_narrow_terminals_put_the_pane_below_a_24_row_debugger_or_taller() {
        let a = at(100, 40, 3);
        assert_eq!(a.placement, Placement::Below);
        assert_eq!(a.debugger.height, 24);
        assert_eq!((a.pane.y, a.pane.height), (23, 16));
        assert_eq!(at(100, 60, 3).debugger.height, 44);
    }

    #[test]
    fn small_terminals_put_the_pane_over_the_rows_under_the_table_or_as_high_as_its_text() {
        let a = at(80, 24, 3);
        assert_eq!(a.placement, Placement::Over);
        assert_eq!(a.debugger, Rect::new(0, 0, 80, 24));
        assert_eq!((a.pane.y, a.pane.height), (18, 5));
        assert_eq!(at(80, 24, 11).pane, Rect::new(0, 12, 80, 11));
        assert_eq!(at(80, 24, 40).pane.height, 16);
    }

    #[test]
    fn hidden_text_and_tiny_terminals_leave_the_debugger_the_screen() {
        let hidden = areas(Rect::new(0, 0, 160, 48), false, |_| 3);
        assert_eq!(hidden.placement, Placement::Hidden);
        assert_eq!(hidden.debugger.width, 160);
        assert_eq!(at(60, 20, 3).placement, Placement::TooSmall);
    }
}
