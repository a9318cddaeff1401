//! The header: scene, `frame N / total`, time, play state, integrator and dt, `detect only` in a
//! world that does not respond to contacts, selected pair; in red and led by `diverged at frame
//! N` when the simulation diverged.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::App;

/// The status part of the header, e.g. `frame 3 / 100 | t = 0.030 s | paused | …`, its parts
/// joined by `separator`.
pub fn status(app: &App, separator: &str) -> String {
    status_parts(app, true).join(separator)
}

/// The parts of the status; without `integrator`, the integrator and dt are left out (the
/// integrator panel shows them).
fn status_parts(app: &App, integrator: bool) -> Vec<String> {
    let play = if app.is_playing() {
        format!("playing {}x", app.speed())
    } else {
        "paused".to_string()
    };
    let pair = app.pair().map_or_else(
        || "no pair".to_string(),
        |p| format!("pair {},{}", p.a, p.b),
    );
    let world = &app.scene().world;
    let frame = if app.is_loading() {
        let going = app
            .pending_frame()
            .map_or_else(String::new, |f| format!(", going to {f}"));
        format!(
            "frame {} / {} (simulating: {} ready{going})",
            app.frame(),
            app.final_frame(),
            app.last_frame() + 1
        )
    } else {
        format!("frame {} / {}", app.frame(), app.final_frame())
    };
    let mut parts: Vec<String> = app
        .diverged()
        .map(|d| format!("diverged at frame {}", d.frame))
        .into_iter()
        .collect();
    parts.extend([
        frame,
        // The frame's clock and the scene's dt are given, never an answer: not masked.
        format!("t = {} s", crate::trace::fixed(app.record().time, 3)),
        play,
    ]);
    if integrator {
        parts.push(format!("{} dt = {} s", world.integrator, world.dt));
    }
    if !world.response.responds() {
        parts.push("detect only".to_string());
    } else if world.response == crate::dynamics::response::ResponseModel::Particle {
        parts.push("particle response".to_string());
    }
    parts.push(pair);
    parts
}

/// Draws the header: one line, plus the scene's description when there are two.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let wide = area.width >= 120;
    let separator = if wide { " | " } else { "  " };
    let scene = app.scene();
    let mask = app.mask();
    let name = match &scene.title {
        Some(title) if wide => format!("{}: {}", scene.name, mask.text(title)),
        _ => scene.name.clone(),
    };
    // The scene's name keeps at least a few words: the integrator and dt go first.
    let mut status = status(app, separator);
    let want = name.chars().count().min(16);
    if usize::from(area.width) < status.chars().count() + 4 + want {
        status = status_parts(app, false).join(separator);
    }
    let room = usize::from(area.width).saturating_sub(status.chars().count() + 4);
    let name = fit(&name, room);
    // A diverged run's header is red (and says so in words, for a screen without colour).
    let style = if app.diverged().is_some() {
        theme.title().patch(theme.fg(Color::Red))
    } else {
        theme.title()
    };
    let mut lines = vec![Line::from(vec![
        Span::raw(format!(" {name}")),
        Span::raw("  "),
        Span::styled(status, style),
    ])];
    if area.height > 1 {
        let description = mask.text(scene.description.as_deref().unwrap_or_default());
        let room = usize::from(area.width).saturating_sub(1);
        lines.push(Line::styled(
            format!(" {}", fit(&description, room)),
            theme.dim(),
        ));
    }
    Paragraph::new(lines).render(area, buf);
}

/// `text` cut to `room` characters at a word boundary when it is longer, ending in `... (i)`: the
/// info overlay (`i`) shows it whole.
pub fn fit(text: &str, room: usize) -> String {
    const MORE: &str = "... (i)";
    if text.chars().count() <= room {
        return text.to_string();
    }
    if room < 2 * MORE.len() {
        let cut: String = text.chars().take(room.saturating_sub(1)).collect();
        return if cut.is_empty() {
            cut
        } else {
            format!("{cut}~")
        };
    }
    let keep = room.saturating_sub(MORE.len());
    let cut: String = text.chars().take(keep).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > keep / 2 => cut[..space].trim_end().to_string(),
        _ => cut,
    };
    format!("{cut}{MORE}")
}
