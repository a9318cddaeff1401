//! The integrator panel: method, dt, sub-steps, each body's error estimate `e_a` and suggested
//! step (a page at a time, `s` turns the page), and sparklines over the frames so far of the error
//! estimate and the total energy with their scale.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Sparkline, Widget};

use super::{App, Theme};
use crate::lesson::Mask;
use crate::math::{max_nan, min_nan};
use crate::trace::FrameRecord;

/// Below this relative spread (largest minus smallest, over the largest magnitude) a series is
/// drawn flat and called constant: the rest is rounding.
pub const CONSTANT: f64 = 1e-6;

/// The narrowest area that gets the bordered panel (else four short lines).
const FULL_WIDTH: u16 = 36;

/// The largest error estimate of any body in a frame.
pub fn max_error(record: &FrameRecord) -> f64 {
    record
        .bodies
        .iter()
        .map(|b| b.error_estimate)
        .fold(0.0, max_nan)
}

/// Draws the bordered panel, or the short one where there is no room for it.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.width >= FULL_WIDTH && area.height >= 7 {
        render_full(app, area, buf);
    } else {
        render_compact(app, area, buf);
    }
}

/// The short panel: method, dt and sub-steps, largest `e_a`, energy.
fn render_compact(app: &App, area: Rect, buf: &mut Buffer) {
    let (record, mask, dt) = (app.record(), app.mask(), app.scene().world.dt);
    let lines = vec![
        Line::from(app.scene().world.integrator.clone()),
        // The step's clock and the scene's dt are given, never an answer: not masked.
        Line::from(format!("dt {dt} s sub {}", record.substeps)),
        Line::from(format!(
            "e_a {}",
            mask.shown(max_error(record), format!("{:.3e}", max_error(record)))
        )),
        Line::from(format!("E {}", mask.fixed(record.energy.total, 6))),
    ];
    let block = Block::new()
        .borders(Borders::TOP)
        .border_set(app.theme().border())
        .title(" integrator ");
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Which of `count` items a list `rows` long shows on page `page` (pages wrap around), and the
/// `k–m of N` line that says so (empty when everything fits).
pub fn page(count: usize, rows: usize, page: usize, theme: Theme) -> (usize, usize, String) {
    if count <= rows || rows < 2 {
        return (0, count.min(rows.max(1)), String::new());
    }
    let per_page = rows - 1;
    let pages = count.div_ceil(per_page);
    let first = (page % pages) * per_page;
    let end = (first + per_page).min(count);
    let note = format!("{}{}{} of {count} (s: more)", first + 1, theme.dash(), end);
    (first, end, note)
}

fn render_full(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let block = Block::bordered()
        .border_set(theme.border())
        .title(" integrator ");
    let inner = block.inner(area);
    block.render(area, buf);
    let [text, error_row, energy_row] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    let (record, mask, dt) = (app.record(), app.mask(), app.scene().world.dt);
    let names = usize::from(text.width).saturating_sub(26).clamp(6, 16);
    let method = format!("{}  dt = {dt} s", app.scene().world.integrator);
    let counts = format!(
        "sub-steps {}  E = {}",
        record.substeps,
        mask.fixed(record.energy.total, 6)
    );
    // A number is never cut: a header wider than the panel takes two lines.
    let mut lines =
        if method.chars().count() + 2 + counts.chars().count() <= usize::from(text.width) {
            vec![Line::from(format!("{method}  {counts}"))]
        } else {
            vec![Line::from(method), Line::from(counts)]
        };
    lines.push(Line::styled(
        format!("{:<names$} {:>10} {:>13}", "body", "e_a", "suggested dt"),
        theme.dim(),
    ));
    let rows = usize::from(text.height).saturating_sub(lines.len());
    let (first, end, note) = page(record.bodies.len(), rows, app.list_page(), theme);
    for body in &record.bodies[first..end] {
        let name: String = body.name.chars().take(names).collect();
        lines.push(Line::from(format!(
            "{name:<names$} {:>10} {:>13}",
            mask.shown(body.error_estimate, format!("{:.3e}", body.error_estimate)),
            mask.shown(body.suggested_dt, format!("{:.5}", body.suggested_dt))
        )));
    }
    if !note.is_empty() {
        lines.push(Line::styled(note, theme.dim()));
    }
    Paragraph::new(lines).render(text, buf);
    let history = app.history();
    let errors: Vec<f64> = history.iter().map(|s| s.max_error).collect();
    let energy: Vec<f64> = history.iter().map(|s| s.energy).collect();
    spark_row(app, "max e_a", &errors, error_row, buf);
    spark_row(app, "energy", &energy, energy_row, buf);
}

/// A label, a sparkline of `values` (the latest at the right) and its scale.
fn spark_row(app: &App, label: &str, values: &[f64], area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let scale = Scale::of(values);
    let room = area.width.saturating_sub(9 + 6);
    let mut words = scale.words(theme, app.mask());
    if words.chars().count() + 1 > usize::from(room) {
        if let Scale::Constant(_) = scale {
            words = format!("constant to {CONSTANT:.0e}");
        }
    }
    let [name, line, legend] = Layout::horizontal([
        Constraint::Length(9),
        Constraint::Fill(1),
        Constraint::Length((words.chars().count() as u16 + 1).min(room)),
    ])
    .areas(area);
    Paragraph::new(label.to_string()).render(name, buf);
    Paragraph::new(format!(" {words}"))
        .style(theme.dim())
        .render(legend, buf);
    let data = levels(values, usize::from(line.width));
    Sparkline::default()
        .data(&data)
        .max(8)
        .bar_set(theme.bars())
        .style(theme.fg(ratatui::style::Color::Cyan))
        .render(line, buf);
}

/// How a series is scaled: between its smallest and largest value, or flat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// The spread is rounding (relative to the largest magnitude, at most [`CONSTANT`]).
    Constant(f64),
    /// The bars run from the smallest to the largest value.
    Range(f64, f64),
}

impl Scale {
    /// The scale of `values`.
    pub fn of(values: &[f64]) -> Scale {
        let finite = || values.iter().copied().filter(|v| v.is_finite());
        let low = finite().fold(f64::INFINITY, min_nan);
        let high = finite().fold(f64::NEG_INFINITY, max_nan);
        if !low.is_finite() || !high.is_finite() {
            return Scale::Constant(values.last().copied().unwrap_or(0.0));
        }
        let size = low.abs().max(high.abs());
        if high - low <= CONSTANT * size {
            Scale::Constant(high)
        } else {
            Scale::Range(low, high)
        }
    }

    /// The legend: `constant to 1e-6 (2.295)`, or the smallest and largest value with as many
    /// digits as tell them apart; a value `mask` hides shows `?`.
    pub fn words(self, theme: Theme, mask: &Mask) -> String {
        let short = |x: f64, digits: usize| mask.shown(x, short(x, digits));
        match self {
            Scale::Constant(value) => format!("constant to {CONSTANT:.0e} ({})", short(value, 4)),
            Scale::Range(low, high) => {
                let size = low.abs().max(high.abs());
                let digits = ((size / (high - low)).log10().ceil().max(0.0) as usize + 2).min(12);
                format!(
                    "{}{}{}",
                    short(low, digits),
                    theme.dash(),
                    short(high, digits)
                )
            }
        }
    }
}

/// `value` with `digits` significant digits, plainly when that is short, else in e-notation.
fn short(value: f64, digits: usize) -> String {
    if value == 0.0 {
        return "0".into();
    }
    let magnitude = value.abs().log10().floor();
    if (-3.0..6.0).contains(&magnitude) {
        let decimals = (digits as f64 - 1.0 - magnitude).max(0.0) as usize;
        format!("{value:.decimals$}")
    } else {
        format!("{value:.*e}", digits.saturating_sub(1))
    }
}

/// The last `width` values scaled to 1..=8 between their minimum and maximum, 4 for every value
/// when the series is constant to rounding; a value that is not finite (a diverged frame) stands
/// at the top, 8, and takes no part in the scale.
pub fn levels(values: &[f64], width: usize) -> Vec<u64> {
    let tail = &values[values.len().saturating_sub(width)..];
    let scale = Scale::of(tail);
    tail.iter()
        .map(|v| match scale {
            _ if !v.is_finite() => 8,
            Scale::Constant(_) => 4,
            Scale::Range(low, high) => 1 + ((v - low) / (high - low) * 7.0).round() as u64,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drift_below_one_part_in_a_million_is_flat_and_called_constant() {
        let energy = [2.295, 2.295 + 1e-9, 2.295 - 1e-9];
        assert_eq!(levels(&energy, 10), vec![4, 4, 4]);
        let words = Scale::of(&energy).words(Theme::default(), &Mask::default());
        assert_eq!(words, "constant to 1e-6 (2.295)");
    }

    #[test]
    fn a_larger_drift_is_scaled_with_digits_that_tell_the_ends_apart() {
        let energy = [2.294_998_4, 2.295, 2.295_001_3];
        assert_eq!(levels(&energy, 10), vec![1, 5, 8]);
        assert_eq!(
            Scale::of(&energy).words(Theme::new(false, true), &Mask::default()),
            "2.2949984-2.2950013"
        );
        let errors = [0.0, 4.0e-9, 1.0e-9];
        assert_eq!(
            Scale::of(&errors).words(Theme::new(false, true), &Mask::default()),
            "0-4.0e-9"
        );
    }

    #[test]
    fn pages_wrap_and_say_which_items_they_show() {
        let theme = Theme::new(false, true);
        assert_eq!(page(3, 5, 7, theme), (0, 3, String::new()));
        assert_eq!(page(10, 4, 0, theme), (0, 3, "1-3 of 10 (s: more)".into()));
        assert_eq!(
            page(10, 4, 3, theme),
            (9, 10, "10-10 of 10 (s: more)".into())
        );
        assert_eq!(page(10, 4, 4, theme).0, 0);
    }

    #[test]
    fn a_nan_error_is_the_largest_shown_not_a_zero() {
        let values = [1.0, 2.0, f64::NAN];
        assert_eq!(levels(&values, 3), vec![1, 8, 8]);
        assert_eq!(levels(&[3.0, 3.0], 2), vec![4, 4]);
    }
}
