//! The scene information overlay (`i`): the scene's full title and description, however long,
//! with its size and settings, and the selected pair's stages and sentence in full.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::App;

/// The overlay's lines (what the app's mask hides shown as `?`).
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let (theme, mask) = (app.theme(), app.mask());
    let scene = app.scene();
    let world = &scene.world;
    let mut lines = vec![Line::styled(
        format!(
            "{}: {}",
            scene.name,
            mask.text(scene.title.as_deref().unwrap_or("(no title)"))
        ),
        theme.title(),
    )];
    if let Some(description) = &scene.description {
        lines.push(Line::default());
        lines.push(Line::from(mask.text(description)));
    }
    lines.push(Line::default());
    lines.push(Line::from(format!(
        "{} bodies, {} pairs; {} frames of {} s, {}, gravity ({}, {}, {})",
        scene.bodies.len(),
        app.pairs().total(),
        app.final_frame(),
        mask.shown(world.dt, world.dt.to_string()),
        world.integrator,
        world.gravity.x,
        world.gravity.y,
        world.gravity.z
    )));
    if app.is_loading() {
        lines.push(Line::from(format!(
            "simulating in the background: frames 0 to {} of {} are ready",
            app.last_frame(),
            app.final_frame()
        )));
    }
    let far = app.pairs().far();
    if far.total > 0 {
        lines.push(Line::from(format!(
            "{} pairs are listed (those near enough to matter); the other {} are far apart \
             (the enclosing spheres decide {} of them): type both names in the picker (/) to \
             select one",
            app.pairs().len(),
            far.total,
            far.spheres
        )));
    }
    let (resident, bytes) = app.history_held();
    if resident <= app.last_frame() {
        lines.push(Line::from(format!(
            "history: {resident} of {} frames in memory ({} MB of a {} MB budget); the others \
             are recomputed from keyframes when visited",
            app.last_frame() + 1,
            bytes >> 20,
            super::HISTORY_BUDGET >> 20
        )));
    }
    if let Some(pair) = app.pair() {
        lines.push(Line::default());
        lines.push(Line::styled(
            format!("selected pair {},{} ({})", pair.a, pair.b, pair.shapes),
            theme.title(),
        ));
        lines.extend(super::table::stage_lines(pair, mask));
        if !pair.rows().is_empty() {
            lines.push(Line::from(mask.text(&pair.sentence)));
        }
        for line in crate::trace::approximation_lines(pair) {
            lines.push(Line::from(mask.text(&line)));
        }
    }
    lines.push(Line::default());
    lines.push(Line::styled("any key closes this", theme.dim()));
    lines
}

/// Draws the overlay over the middle of `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(4).min(80);
    let text = lines(app);
    let inner_width = usize::from(width.saturating_sub(2)).max(1);
    let rows: usize = text
        .iter()
        .map(|line| line.width().div_ceil(inner_width).max(1))
        .sum();
    let height = (rows as u16 + 4).min(area.height);
    let popup = super::layout::centred(area, width, height);
    Clear.render(super::layout::cleared(area, popup), buf);
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .block(
            Block::bordered()
                .border_set(app.theme().border())
                .title(" scene "),
        )
        .render(popup, buf);
}
