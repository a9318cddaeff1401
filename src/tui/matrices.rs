//! The linear-algebra overlay (`m`): the scene's `[[matrix]]` entries, the linear system of the
//! implicit-Euler step from the frame,
//! the covariance fit of the selected pair's fitted bodies, and the pair's frames as homogeneous
//! matrices, the same text `sepax explain --frames --linear-system` prints.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::App;
use crate::trace;

/// The overlay's text for the current frame and pair (computed when it opens: an implicit-Euler
/// system is found by simulating up to the frame).
pub fn lines_for(app: &App) -> Vec<String> {
    let scene = app.scene();
    let matrices: Vec<_> = scene.matrices.iter().map(trace::matrix_record).collect();
    let mut text = trace::render_matrices(&matrices);
    if scene.world.integrator == "implicit-euler" {
        match trace::linear_system_record(scene, app.frame()) {
            Ok(system) => text.push_str(&trace::render_linear_system(&system)),
            Err(problem) => {
                let _ = writeln!(text, "no linear system: {problem}");
            }
        }
    }
    let specs = &app.record().specs;
    if let Some(pair) = app.pair() {
        for body in specs
            .iter()
            .filter(|b| b.name == pair.a || b.name == pair.b)
        {
            if let Some(evidence) = body.fit.as_ref().and_then(trace::fit_evidence) {
                let _ = writeln!(text, "{}: covariance fit to its points at load", body.name);
                text.push_str(&trace::fit_lines(&evidence));
            }
        }
        let frames = trace::frames_record(specs, Some((&pair.a, &pair.b)));
        text.push_str(&trace::render_pair_frames(&frames));
        text.push_str(&trace::render_body_frames(&frames));
    }
    if scene.world.integrator != "implicit-euler" {
        let _ = writeln!(
            text,
            "integrator {}: no linear system (implicit Euler solves one each step)",
            scene.world.integrator
        );
    }
    text.lines().map(str::to_string).collect()
}

/// Draws the overlay over the middle of `area`, long lines wrapped, cut with a note when it is
/// taller.
pub fn render(app: &App, text: &[String], area: Rect, buf: &mut Buffer) {
    let mask = app.mask();
    let width = area.width.saturating_sub(4).min(100);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let room = usize::from(area.height.saturating_sub(4));
    let rows_of = |line: &str| line.chars().count().div_ceil(inner).max(1);
    let shown: Vec<String> = text.iter().map(|l| mask.columns(l)).collect();
    let mut used = 0;
    let mut keep = 0;
    for line in &shown {
        if used + rows_of(line) > room {
            break;
        }
        used += rows_of(line);
        keep += 1;
    }
    let mut lines: Vec<Line> = Vec::new();
    if keep < shown.len() {
        // Make room for the note: drop lines until one row is free.
        while keep > 0 && used + 1 > room {
            keep -= 1;
            used -= rows_of(&shown[keep]);
        }
        lines.extend(shown[..keep].iter().map(|l| Line::from(l.clone())));
        lines.push(Line::styled(
            format!(
                "... {} more lines: sepax explain --frames --linear-system",
                shown.len() - keep
            ),
            app.theme().dim(),
        ));
        used += 1;
    } else {
        lines.extend(shown.iter().map(|l| Line::from(l.clone())));
    }
    let height = (used as u16 + 2).min(area.height);
    let popup = super::layout::centred(area, width, height);
    Clear.render(super::layout::cleared(area, popup), buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .border_set(app.theme().border())
                .title(" matrices (any key closes) "),
        )
        .render(popup, buf);
}
