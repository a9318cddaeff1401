//! The linear-algebra overlay (`m`): the scene's `[[matrix]]` entries, the linear system of the
//! implicit-Euler step from the frame,
//! the covariance fit of the selected pair's fitted bodies, and the pair's frames as homogeneous
//! matrices, the same text `sepax explain --transforms --linear-system` prints.

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

/// The widest the overlay gets.
const WIDEST: u16 = 100;

/// Draws the overlay over the middle of `area` between its header row and its key bar, long
/// lines wrapped, cut with a note when it is taller (from the line a lesson step keeps in view,
/// when it names one). Everything in between is cleared first, so that no cut end of a panel
/// shows beside or around it; below [`WIDEST`] plus a margin it takes the whole width, so that
/// an eigenpair's line (78 columns) fits at 80.
pub fn render(app: &App, text: &[String], area: Rect, buf: &mut Buffer) {
    // The header stays, and the key bar too unless a lesson pane covers the rows below.
    let bar = u16::from(app.visible_rows.is_none());
    let area = Rect {
        y: area.y + area.height.min(1),
        height: area.height.saturating_sub(1 + bar),
        ..area
    };
    let mask = app.mask();
    let width = if area.width >= WIDEST + 4 {
        WIDEST
    } else {
        area.width
    };
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let room = usize::from(area.height.saturating_sub(2));
    let rows_of = |line: &str| line.chars().count().div_ceil(inner).max(1);
    let shown: Vec<String> = text.iter().map(|l| mask.columns(l)).collect();
    let whole: usize = shown.iter().map(|l| rows_of(l)).sum();
    // Too tall: the window starts at the block the lesson step keeps in view, if any.
    let first = if whole > room {
        app.kept_matrices
            .as_deref()
            .and_then(|from| shown.iter().position(|l| l.contains(from)))
            .unwrap_or(0)
    } else {
        0
    };
    let dim = app.theme().dim();
    let mut lines: Vec<Line> = Vec::new();
    let mut used = 0;
    if first > 0 {
        lines.push(Line::styled(format!("... {first} lines above"), dim));
        used += 1;
    }
    let mut keep = first;
    for line in &shown[first..] {
        if used + rows_of(line) > room {
            break;
        }
        used += rows_of(line);
        keep += 1;
    }
    if keep < shown.len() {
        // Make room for the note: drop lines until one row is free.
        while keep > first && used + 1 > room {
            keep -= 1;
            used -= rows_of(&shown[keep]);
        }
        // Nor a matrix cut after some of its rows: it shows whole, with its heading, or not.
        let matrix_row = |line: &str| line.trim_start().starts_with('[');
        if matrix_row(&shown[keep]) {
            let mut start = keep;
            while start > first && matrix_row(&shown[start - 1]) {
                start -= 1;
            }
            let cut = if start > first + 1 { start - 1 } else { start };
            if cut > first {
                used -= shown[cut..keep].iter().map(|l| rows_of(l)).sum::<usize>();
                keep = cut;
            }
        }
        lines.extend(shown[first..keep].iter().map(|l| Line::from(l.clone())));
        lines.push(Line::styled(
            format!(
                "... {} more lines: sepax explain --transforms --linear-system",
                shown.len() - keep
            ),
            dim,
        ));
        used += 1;
    } else {
        lines.extend(shown[first..].iter().map(|l| Line::from(l.clone())));
    }
    let height = (used as u16 + 2).min(area.height);
    let popup = super::layout::centred(area, width, height);
    Clear.render(area, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .border_set(app.theme().border())
                .title(" matrices (any key closes) "),
        )
        .render(popup, buf);
}
