//! The projection panel: the picture of the frame on a ratatui Canvas with equal units per dot,
//! one view or four.

use nalgebra::Vector3;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::canvas::{self, Canvas, Context};
use ratatui::widgets::{Block, Widget};

use super::{App, Focus, Theme};
use crate::draw::{draw_picture, Drawn, Projection, Recording, Role, View};

/// Room left around the bodies, as a fraction of their extent.
const MARGIN: f64 = 1.1;

/// Draws the single view or the four views into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let focus = Focus::of(app);
    if app.four_views() {
        let [top, bottom] = Layout::vertical([Constraint::Fill(1); 2]).areas(area);
        let [a, b] = Layout::horizontal([Constraint::Fill(1); 2]).areas(top);
        let [c, d] = Layout::horizontal([Constraint::Fill(1); 2]).areas(bottom);
        for (view, rect) in View::ALL.into_iter().zip([a, b, c, d]) {
            render_view(app, &focus, view, rect, buf);
        }
    } else {
        render_view(app, &focus, app.view(), area, buf);
    }
}

fn render_view(app: &App, focus: &Focus, view: View, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let projection = Projection::new(view, focus.axis.as_ref().map(|(l, _)| *l));
    let title = match (view, &focus.axis) {
        (View::Along, Some((_, name))) => format!(" along {name} (A left, B right) "),
        (View::Along, None) => " along the axis: none selected, showing xy ".into(),
        _ => format!(
            " {view}: {} right, {} up ",
            &view.to_string()[..1],
            &view.to_string()[1..]
        ),
    };
    let block = Block::bordered()
        .border_set(theme.border())
        .title(title)
        .title_bottom(legend(theme));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width < 2 || inner.height < 2 {
        return;
    }
    let (bounds, unit) = fit_bounds(app, &projection, inner, theme);
    let mut recording = Recording::default();
    draw_picture(&mut recording, &projection, &focus.picture(app), bounds);
    Canvas::default()
        .x_bounds(bounds[0])
        .y_bounds(bounds[1])
        .marker(theme.marker(Role::Body))
        .paint(|ctx| paint(ctx, &recording, theme, unit))
        .render(inner, buf);
}

/// How roles read without colour.
fn legend(theme: Theme) -> Line<'static> {
    if theme.ascii {
        Line::from(" A # B % ghost : axis . contact X ")
    } else {
        Line::from(" ghosts dashed, axis dotted, x contact ")
    }
}

/// View bounds holding the whole timeline, zoomed and panned, with equal units per dot; also
/// the length of one dot.
fn fit_bounds(
    app: &App,
    projection: &Projection,
    inner: Rect,
    theme: Theme,
) -> ([[f64; 2]; 2], f64) {
    let [low, high] = app.extent();
    let (mut min, mut max) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for k in 0..8 {
        let pick = |i: usize, axis: usize| {
            if k >> i & 1 == 1 {
                high[axis]
            } else {
                low[axis]
            }
        };
        let corner = Vector3::new(pick(0, 0), pick(1, 1), pick(2, 2));
        let p = projection.project(&corner);
        for i in 0..2 {
            min[i] = min[i].min(p[i]);
            max[i] = max[i].max(p[i]);
        }
    }
    let zoom = MARGIN / app.zoom();
    let half = [
        ((max[0] - min[0]) / 2.0 * zoom).max(1e-6),
        ((max[1] - min[1]) / 2.0 * zoom).max(1e-6),
    ];
    let center = [
        f64::midpoint(min[0], max[0]) + app.pan() * 2.0 * half[0],
        f64::midpoint(min[1], max[1]),
    ];
    // Dots across and up; an ASCII cell is one dot wide and counts as two tall.
    let (cols, rows) = (f64::from(inner.width), f64::from(inner.height));
    let (dots_x, dots_y) = if theme.ascii {
        (cols - 1.0, 2.0 * (rows - 1.0))
    } else {
        (2.0 * cols - 1.0, 4.0 * rows - 1.0)
    };
    let unit = (2.0 * half[0] / dots_x).max(2.0 * half[1] / dots_y);
    let (hx, hy) = (unit * dots_x / 2.0, unit * dots_y / 2.0);
    (
        [
            [center[0] - hx, center[0] + hx],
            [center[1] - hy, center[1] + hy],
        ],
        unit,
    )
}

/// Paints the recording role by role (ASCII: one glyph per role), then the labels on top.
fn paint(ctx: &mut Context<'_>, recording: &Recording, theme: Theme, unit: f64) {
    for role in Role::ALL {
        if theme.ascii {
            ctx.marker(theme.marker(role));
        }
        let color = theme.role_color(role);
        for item in recording.of_role(role) {
            match item {
                Drawn::Line { from, to, .. } => {
                    for (a, b) in pattern(role, *from, *to, unit) {
                        ctx.draw(&canvas::Line::new(a[0], a[1], b[0], b[1], color));
                    }
                }
                Drawn::Point { at, .. } => {
                    let r = if theme.ascii { 0.0 } else { 2.0 * unit };
                    let [x, y] = *at;
                    ctx.draw(&canvas::Line::new(x - r, y - r, x + r, y + r, color));
                    ctx.draw(&canvas::Line::new(x - r, y + r, x + r, y - r, color));
                }
                Drawn::Label { .. } => {}
            }
        }
    }
    for item in &recording.items {
        if let Drawn::Label { at, text, role } = item {
            ctx.print(
                at[0],
                at[1],
                Line::styled(text.clone(), theme.role_style(*role)),
            );
        }
    }
}

/// A line as drawn for its role: ghosts dashed, the axis dotted, the rest solid.
fn pattern(role: Role, from: [f64; 2], to: [f64; 2], unit: f64) -> Vec<([f64; 2], [f64; 2])> {
    let (on, off) = match role {
        Role::Ghost => (3.0, 2.0),
        Role::Axis => (1.0, 2.0),
        _ => return vec![(from, to)],
    };
    let length = (to[0] - from[0]).hypot(to[1] - from[1]);
    let period = (on + off) * unit;
    if length <= period || !length.is_finite() {
        return vec![(from, to)];
    }
    let at = |s: f64| {
        let s = (s / length).min(1.0);
        [
            from[0] + s * (to[0] - from[0]),
            from[1] + s * (to[1] - from[1]),
        ]
    };
    let count = (length / period).ceil() as usize;
    (0..count)
        .map(|k| {
            let start = k as f64 * period;
            (at(start), at(start + on * unit))
        })
        .collect()
}
