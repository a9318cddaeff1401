//! The lesson screen as a widget of `&Player`: the debugger, the lesson pane, the lesson key bar.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::layout::{self, Areas, Placement};
use super::player::Text;
use super::{help, pane, Player};
use crate::tui::Overlay;

/// The rows a pane over the debugger leaves the matrices overlay: eleven lines, its note of the
/// lines below and its borders.
const MATRICES_ROWS: u16 = 14;

impl Player {
    /// Where the debugger, the pane and the key bar go on the terminal.
    pub fn areas(&self) -> Areas {
        self.areas_in(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// Where the debugger, the pane and the key bar go in `area`.
    fn areas_in(&self, area: Rect) -> Areas {
        // A pane over the debugger leaves the table rows the step points at in view.
        let mut cap = self
            .kept_span()
            .map_or(u16::MAX, |span| area.height.saturating_sub(1 + 3 + span));
        // And the matrices overlay the rows of one block of it (a fit's covariance, eigenpairs
        // and extents; an LU's three matrices), under the header and above the key bar.
        if matches!(self.app().overlay(), Overlay::Matrices(_)) {
            cap = cap.min(area.height.saturating_sub(1 + 1 + MATRICES_ROWS));
        }
        layout::areas(area, self.text == Text::Shown, |width| {
            pane::rows(self, width).min(cap)
        })
    }

    /// The lesson text's scroll window: the first line shown, a page of lines, the largest first
    /// line (0 when the text fits or is hidden).
    pub fn text_window(&self) -> (usize, usize, usize) {
        pane::window(self, &self.areas()).map_or((0, 1, 0), |window| {
            (
                window.top,
                window.rows.saturating_sub(1).max(1),
                window.last,
            )
        })
    }

    /// How many table rows, from the first to the last, the step points at (`None`: none).
    fn kept_span(&self) -> Option<u16> {
        let rows = self.app().pair()?.rows();
        let kept: Vec<usize> = self
            .app()
            .kept_rows
            .iter()
            .filter_map(|name| rows.iter().position(|row| row.name == *name))
            .collect();
        let span = kept.iter().max()? - kept.iter().min()? + 1;
        u16::try_from(span).ok()
    }
}

impl Widget for &Player {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let areas = self.areas_in(area);
        self.app().render(areas.debugger, buf);
        if areas.placement == Placement::TooSmall {
            return;
        }
        let window = pane::window(self, &areas);
        if let Some(window) = &window {
            pane::render(self, window, areas.pane, buf);
        }
        let scrolls = window.is_some_and(|window| window.last > 0);
        help::render_bar(self, scrolls, areas.bar, buf);
        if self.help_open() {
            help::render_help(self, area, buf);
        }
    }
}
