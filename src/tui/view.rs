//! The whole screen as a widget of `&App`: rendering reads the state and never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::{self, Mode, MINIMUM};
use super::{contact, header, integrator, keys, number_line, pipeline, projection, table, App};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (mode, areas) = layout::areas(area);
        if mode == Mode::TooSmall {
            too_small(area, buf);
            return;
        }
        header::render(self, areas.header, buf);
        projection::render(self, areas.canvas, buf);
        table::render(self, mode, areas.table, buf);
        number_line::render(self, mode, areas.number_line, buf);
        if mode == Mode::Full {
            pipeline::render_verdict(self, areas.verdict, buf);
            contact::render(self, areas.contact, buf);
            integrator::render(self, areas.integrator, buf);
        } else {
            Paragraph::new(format!(" {}", contact::summary(self))).render(areas.contact, buf);
            integrator::render_compact(self, areas.integrator, buf);
        }
        pipeline::render_line(self, areas.pipeline, buf);
        keys::render_bar(self, areas.key_bar, buf);
        if self.help_open() {
            keys::render_help(self, area, buf);
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
