//! The whole screen as a widget of `&App`: rendering reads the state and never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::Overlay;
use super::layout::{self, Mode, MINIMUM};
use super::{
    contact, header, info, integrator, keys, number_line, pair_picker, pipeline, projection, table,
    App,
};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (mode, areas) = layout::areas(area, self.shown());
        if mode == Mode::TooSmall {
            too_small(area, buf);
            return;
        }
        header::render(self, areas.header, buf);
        projection::render(self, areas.canvas, buf);
        table::render(self, mode, areas.table, buf);
        number_line::render(self, mode, areas.number_line, buf);
        pipeline::render_verdict(self, areas.verdict, buf);
        if mode == Mode::Side {
            contact::render(self, areas.contact, buf);
        } else {
            let room = usize::from(areas.contact.width).saturating_sub(1);
            Paragraph::new(format!(" {}", contact::summary_in(self, room)))
                .render(areas.contact, buf);
        }
        integrator::render(self, areas.integrator, buf);
        pipeline::render_line(self, areas.pipeline, buf);
        keys::render_bar(self, areas.key_bar, buf);
        // Overlays keep to the rows a lesson pane over the debugger leaves uncovered.
        let area = self.visible_rows.map_or(area, |rows| Rect {
            height: area.height.min(rows),
            ..area
        });
        match self.overlay() {
            Overlay::Help => keys::render_help(self, area, buf),
            Overlay::Info => info::render(self, area, buf),
            Overlay::Matrices(lines) => super::matrices::render(self, lines, area, buf),
            Overlay::Pairs(search) => pair_picker::render(self, search, area, buf),
            Overlay::None | Overlay::Prompt(_) => {}
        }
    }
}

/// The message shown instead of a garbled screen.
fn too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "sepax needs a terminal of at least {}x{} (this one is {}x{}); make the window larger, \
         or press q to quit.",
        MINIMUM.0, MINIMUM.1, area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
