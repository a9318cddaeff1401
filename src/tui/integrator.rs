//! The integrator panel: method, dt, sub-steps, each body's error estimate `e_a` and suggested
//! step, and sparklines over the frames so far of the error estimate and the total energy.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Sparkline, Widget};

use super::App;
use crate::math::{max_nan, min_nan};
use crate::trace::fixed;
use crate::trace::FrameRecord;

/// The largest error estimate of any body in a frame.
pub fn max_error(record: &FrameRecord) -> f64 {
    record
        .bodies
        .iter()
        .map(|b| b.error_estimate)
        .fold(0.0, max_nan)
}

/// The short panel of the compact layout: method, dt and sub-steps, largest `e_a`, energy.
pub fn render_compact(app: &App, area: Rect, buf: &mut Buffer) {
    let record = app.record();
    let lines = vec![
        Line::from(app.scene().world.integrator.clone()),
        Line::from(format!(
            "dt {} s sub {}",
            app.scene().world.dt,
            record.substeps
        )),
        Line::from(format!("e_a {:.3e}", max_error(record))),
        Line::from(format!("E {}", fixed(record.energy.total, 3))),
    ];
    let block = Block::new()
        .borders(ratatui::widgets::Borders::TOP)
        .border_set(app.theme().border())
        .title(" integrator ");
    Paragraph::new(lines).block(block).render(area, buf);
}

/// Draws the bordered integrator panel.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let block = Block::bordered()
        .border_set(theme.border())
        .title(" integrator ");
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 3 {
        return;
    }
    let [text, error_row, energy_row] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    let record = app.record();
    let mut lines = vec![
        Line::from(format!(
            "method {}   dt = {} s   sub-steps {}",
            app.scene().world.integrator,
            app.scene().world.dt,
            record.substeps
        )),
        Line::styled(
            format!("{:<12} {:>12} {:>14}", "body", "e_a", "suggested dt"),
            theme.dim(),
        ),
    ];
    let room = usize::from(text.height).saturating_sub(2);
    for (k, body) in record.bodies.iter().enumerate() {
        if k + 1 == room && record.bodies.len() > room {
            lines.push(Line::from(format!(
                "... and {} more",
                record.bodies.len() - k
            )));
            break;
        }
        lines.push(Line::from(format!(
            "{:<12} {:>12.3e} {:>14.5}",
            body.name, body.error_estimate, body.suggested_dt
        )));
    }
    Paragraph::new(lines).render(text, buf);
    let history = app.history();
    let errors: Vec<f64> = history.iter().map(max_error).collect();
    let energy: Vec<f64> = history.iter().map(|r| r.energy.total).collect();
    spark_row(
        app,
        "max e_a",
        &errors,
        &format!("{:.3e}", max_error(record)),
        error_row,
        buf,
    );
    spark_row(
        app,
        "energy",
        &energy,
        &fixed(record.energy.total, 3),
        energy_row,
        buf,
    );
}

/// A label, a sparkline of `values` (the latest at the right) and the current value.
fn spark_row(app: &App, label: &str, values: &[f64], now: &str, area: Rect, buf: &mut Buffer) {
    let [name, line, value] = Layout::horizontal([
        Constraint::Length(9),
        Constraint::Fill(1),
        Constraint::Length(12),
    ])
    .areas(area);
    Paragraph::new(label.to_string()).render(name, buf);
    Paragraph::new(format!(" {now}")).render(value, buf);
    let data = levels(values, usize::from(line.width));
    Sparkline::default()
        .data(&data)
        .max(8)
        .bar_set(app.theme().bars())
        .style(app.theme().fg(ratatui::style::Color::Cyan))
        .render(line, buf);
}

/// The last `width` values scaled to 1..=8 between their minimum and maximum (4 when flat); a
/// value that is not finite (a diverged frame) stands at the top, 8, and takes no part in the
/// scale.
pub fn levels(values: &[f64], width: usize) -> Vec<u64> {
    let tail = &values[values.len().saturating_sub(width)..];
    let finite = || tail.iter().copied().filter(|v| v.is_finite());
    let low = finite().fold(f64::INFINITY, min_nan);
    let high = finite().fold(f64::NEG_INFINITY, max_nan);
    tail.iter()
        .map(|v| {
            if !v.is_finite() {
                8
            } else if high - low <= f64::EPSILON * high.abs().max(1.0) {
                4
            } else {
                1 + ((v - low) / (high - low) * 7.0).round() as u64
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nan_error_is_the_largest_shown_not_a_zero() {
        let values = [1.0, 2.0, f64::NAN];
        assert_eq!(levels(&values, 3), vec![1, 8, 8]);
        assert_eq!(levels(&[3.0, 3.0], 2), vec![4, 4]);
    }
}
