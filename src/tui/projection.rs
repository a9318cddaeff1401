//! The projection panel: the picture of the frame on a ratatui Canvas, one view or four (2×2),
//! its labels placed so that none overlaps another, and in the view along an axis the shadows of
//! the two bodies on it below the picture.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::canvas::{self, Canvas, Context};
use ratatui::widgets::{Block, Widget};

use super::labels::{self, Label};
use super::window::{self, Dots, Window};
use super::{ruler, App, Focus, Probes, Theme};
use crate::draw::{draw_picture, Drawn, Projection, Recording, Role, View, Warped};

/// Draws the single view or the four views into `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let focus = Focus::of(app);
    let probes = Probes::of(app);
    if app.four_views() {
        let [top, bottom] = Layout::vertical([Constraint::Fill(1); 2]).areas(area);
        let [a, b] = Layout::horizontal([Constraint::Fill(1); 2]).areas(top);
        let [c, d] = Layout::horizontal([Constraint::Fill(1); 2]).areas(bottom);
        for (view, rect) in View::ALL.into_iter().zip([a, b, c, d]) {
            render_view(app, &focus, &probes, view, rect, buf);
        }
    } else {
        render_view(app, &focus, &probes, app.view(), area, buf);
    }
}

/// The view's title: its axes, or the axis looked across with the bodies on each side.
fn title(app: &App, focus: &Focus, view: View) -> String {
    match (view, &focus.axis, app.pair()) {
        (View::Along, Some((_, name)), Some(_)) => {
            format!(
                " along {name} ({} left, {} right) ",
                focus.names.0, focus.names.1
            )
        }
        (View::Along, _, _) => " along the axis: none selected, showing xy ".into(),
        _ => format!(
            " {view}: {} right, {} up ",
            &view.to_string()[..1],
            &view.to_string()[1..]
        ),
    }
}

fn render_view(
    app: &App,
    focus: &Focus,
    probes: &Probes,
    view: View,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = app.theme();
    let projection = Projection::new(view, focus.axis.as_ref().map(|(l, _)| *l));
    let along = view == View::Along && focus.axis.is_some();
    let inner = Block::bordered().inner(area);
    let ruler_rows = if along && focus.shadows.is_some() {
        ruler::rows(inner.height)
    } else {
        0
    };
    let [canvas_area, ruler_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(ruler_rows)]).areas(inner);
    let dots = Dots::new(canvas_area.width, canvas_area.height, theme.ascii);
    let window = window::fit(app, focus, &projection, view, dots);
    let mut recording = Recording::default();
    if canvas_area.width >= 2 && canvas_area.height >= 2 {
        let mut warped = Warped {
            out: &mut recording,
            warp: &window.warp,
        };
        draw_picture(
            &mut warped,
            &projection,
            &focus.picture(app, probes),
            window.view_bounds(),
        );
        Canvas::default()
            .x_bounds([0.0, dots.width()])
            .y_bounds([0.0, dots.height()])
            .marker(theme.marker(Role::Body))
            .paint(|ctx| paint(ctx, &recording, &window, theme))
            .render(canvas_area, buf);
    }
    let placement = labels::place(label_list(&recording, &window, theme), canvas_area, buf);
    if ruler_rows > 0 {
        if let (Some(shadows), Some(_)) = (focus.shadows, app.pair()) {
            let centres = focus
                .pair
                .map(|_| focus.anchors.map(|p| projection.project(&p)[0]));
            if let Some(centres) = centres {
                let names = (focus.names.0.as_str(), focus.names.1.as_str());
                ruler::render(&window, centres, shadows, names, app, ruler_area, buf);
            }
        }
    }
    let block = Block::bordered()
        .border_set(theme.border())
        .title(title(app, focus, view))
        .title_bottom(legend(
            theme,
            !probes.is_empty(),
            placement.dropped,
            window.stretch,
            area.width,
        ));
    block.render(area, buf);
}

/// How roles read without colour, and what the picture did to fit: hidden labels, a stretch; the
/// longest wording that fits in `width` columns.
fn legend(theme: Theme, probes: bool, dropped: usize, stretch: f64, width: u16) -> Line<'static> {
    let roles: &[&str] = match (theme.ascii, probes) {
        (true, true) => &[
            "ray * hit o distance ~ A # B % ghost : axis . contact X",
            "ray * hit o distance ~ A # B %",
            "ray * hit o distance ~",
        ],
        (false, true) => &[
            "rays solid, o at hits, distances dashed, ghosts dashed, x contact",
            "rays solid, o at hits, distances dashed",
        ],
        (true, false) => &["A # B % ghost : axis . contact X", "A # B % ghost : axis ."],
        (false, false) => &[
            "ghosts dashed, axis dotted, shadows on it solid, x contact",
            "ghosts dashed, axis dotted, x contact",
            "ghosts dashed, axis dotted",
        ],
    };
    let mut notes = String::new();
    if dropped > 0 {
        let _ = write!(notes, ", {} {dropped} names hidden", labels::DROPPED);
    }
    if stretch > 1.0 + 1e-9 {
        let _ = write!(notes, ", gap zoomed x{stretch:.0}");
    }
    let room = usize::from(width).saturating_sub(4);
    let text = roles
        .iter()
        .map(|r| format!(" {r}{notes} "))
        .find(|t| t.chars().count() <= room)
        .unwrap_or_else(|| format!(" {} ", roles[roles.len() - 1]));
    Line::from(text)
}

/// Paints the recording role by role (ASCII: one glyph per role), in dots.
fn paint(ctx: &mut Context<'_>, recording: &Recording, window: &Window, theme: Theme) {
    for role in Role::ALL {
        if theme.ascii {
            ctx.marker(theme.marker(role));
        }
        let color = theme.role_color(role);
        for item in recording.of_role(role) {
            match item {
                Drawn::Line { from, to, .. } => {
                    let (a, b) = ([from[0], window.y(from[1])], [to[0], window.y(to[1])]);
                    if matches!(role, Role::Ghost | Role::Axis | Role::Measure) {
                        for (p, q) in pattern(role, a, b) {
                            ctx.draw(&canvas::Line::new(p[0], p[1], q[0], q[1], color));
                        }
                    } else {
                        ctx.draw(&canvas::Line::new(a[0], a[1], b[0], b[1], color));
                    }
                }
                Drawn::Point { at, .. } => {
                    let r = if theme.ascii { 0.0 } else { 2.0 };
                    let [x, y] = [at[0], window.y(at[1])];
                    ctx.draw(&canvas::Line::new(x - r, y - r, x + r, y + r, color));
                    ctx.draw(&canvas::Line::new(x - r, y + r, x + r, y - r, color));
                }
                Drawn::Label { .. } => {}
            }
        }
    }
}

/// How much a label matters: the contact and the pair first, plain bodies last.
fn priority(role: Role) -> u8 {
    match role {
        Role::Contact => 6,
        Role::BoxA | Role::BoxB | Role::Ray | Role::Measure => 5,
        Role::Axis | Role::Hit => 4,
        Role::Ghost => 3,
        Role::Plane => 2,
        Role::Body => 1,
    }
}

/// The recording's labels anchored at their cells.
fn label_list(recording: &Recording, window: &Window, theme: Theme) -> Vec<Label> {
    recording
        .items
        .iter()
        .filter_map(|item| match item {
            Drawn::Label { at, text, role } => Some(Label {
                text: text.clone(),
                style: theme.role_style(*role),
                anchor: window.cell(at[0], window.y(at[1])),
                priority: priority(*role),
            }),
            _ => None,
        })
        .collect()
}

/// A line in dots as drawn for its role: ghosts dashed, the axis dotted, the rest solid.
fn pattern(role: Role, from: [f64; 2], to: [f64; 2]) -> Vec<([f64; 2], [f64; 2])> {
    let (on, off) = match role {
        Role::Ghost | Role::Measure => (3.0, 2.0),
        Role::Axis => (1.0, 2.0),
        _ => return vec![(from, to)],
    };
    let length = (to[0] - from[0]).hypot(to[1] - from[1]);
    let period = on + off;
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
    let count = (length / period).ceil().min(10_000.0) as usize;
    (0..count)
        .map(|k| {
            let start = k as f64 * period;
            (at(start), at(start + on))
        })
        .collect()
}
