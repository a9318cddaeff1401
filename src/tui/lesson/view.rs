//! The lesson screen as a widget of `&Player`: the debugger, the lesson pane, the lesson key bar.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::layout::{self, Areas, Placement};
use super::player::Text;
use super::{help, pane, Player};

impl Player {
    /// Where the debugger, the pane and the key bar go on the terminal.
    pub fn areas(&self) -> Areas {
        self.areas_in(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// Where the debugger, the pane and the key bar go in `area`.
    fn areas_in(&self, area: Rect) -> Areas {
        layout::areas(area, self.text == Text::Shown, |width| {
            pane::rows(self, width)
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

    /// The area the debugger is drawn in.
    pub(super) fn debugger_area(&self) -> Rect {
        self.areas().debugger
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
