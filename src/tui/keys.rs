//! The key bar (always visible) and the help that lists every key.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::{App, Theme};

/// Every key and what it does, as the help lists them.
pub const HELP: [(&str, &str); 22] = [
    ("space", "play / pause (real time at the scene's dt)"),
    ("+ / -", "play faster / slower"),
    ("n, Right", "one frame forward"),
    ("b, Left", "one frame back (history is kept: exact)"),
    ("N / B", "ten frames forward / back"),
    ("g", "go to a frame: type its number, Enter"),
    ("r", "restart: frame 0, paused"),
    ("j k, Up Down", "select an axis row (or click it)"),
    ("Tab", "next pair, touching first (Shift-Tab: back)"),
    ("c", "next pair that touches or meets in this frame"),
    ("/", "pick a pair: type part of a name, Enter"),
    ("v", "cycle views: xy, xz, yz, along the axis"),
    ("4", "four views at once"),
    ("f", "frame the selected pair / the whole scene"),
    ("[ / ]", "zoom out / in"),
    ("h / l", "pan left / right"),
    ("a", "hide / show the axis table (more picture)"),
    ("s / S", "next / previous page of long lists"),
    ("i", "the scene's full title and description"),
    ("m", "frames, fit and implicit-Euler matrices"),
    ("?", "this help (any key closes it)"),
    ("q, Esc", "quit (Ctrl-C too)"),
];

/// The key bar's entries, most important first; `? help` and `q quit` always stay.
const BAR: [(&str, &str); 16] = [
    ("space", "play"),
    ("n/b", "step"),
    ("j/k", "axis"),
    ("Tab", "pair"),
    ("c", "touching"),
    ("/", "find pair"),
    ("v", "view"),
    ("f", "frame"),
    ("a", "table"),
    ("N/B", "10"),
    ("g", "go to"),
    ("r", "restart"),
    ("4", "four"),
    ("[/]", "zoom"),
    ("s", "more"),
    ("i", "info"),
];

/// Draws the key bar, or the frame prompt while a frame number is typed.
pub fn render_bar(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    if let Some(typed) = app.prompt() {
        Paragraph::new(Line::from(vec![
            Span::styled(" go to frame: ", theme.key()),
            Span::raw(format!("{typed}_")),
            Span::styled(
                format!("  (0 to {}; Enter go, Esc cancel)", app.last_frame()),
                theme.dim(),
            ),
        ]))
        .render(area, buf);
        return;
    }
    if let Some(message) = app.message() {
        Paragraph::new(Line::styled(format!(" {message}"), theme.key())).render(area, buf);
        return;
    }
    render_entries(theme, &BAR, &[("?", "help"), ("q", "quit")], area, buf);
}

/// Draws a key bar: as many of `entries` as fit, most important first, then always `fixed`.
pub fn render_entries(
    theme: Theme,
    entries: &[(&str, &str)],
    fixed: &[(&str, &str)],
    area: Rect,
    buf: &mut Buffer,
) {
    let width = |(key, label): &(&str, &str)| key.chars().count() + label.chars().count() + 3;
    let mut room = usize::from(area.width).saturating_sub(fixed.iter().map(width).sum());
    let mut spans = Vec::new();
    for (k, entry) in entries.iter().chain(fixed).enumerate() {
        if k < entries.len() {
            if width(entry) > room {
                continue;
            }
            room -= width(entry);
        }
        spans.push(Span::styled(format!(" {}", entry.0), theme.key()));
        spans.push(Span::raw(format!(" {} ", entry.1)));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// Draws the help over the middle of `area`.
pub fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    render_popup(app.theme(), " help: keys ", &HELP, 62, area, buf);
}

/// Draws a bordered list of keys and what they do, `width` wide, over the middle of `area`.
pub fn render_popup(
    theme: Theme,
    title: &str,
    entries: &[(&str, &str)],
    width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let height = (entries.len() as u16 + 2).min(area.height);
    let width = width.min(area.width);
    let popup = super::layout::centred(area, width, height);
    Clear.render(super::layout::cleared(area, popup), buf);
    let lines: Vec<Line> = entries
        .iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!(" {key:<13}"), theme.key()),
                Span::raw(*what),
            ])
        })
        .collect();
    Paragraph::new(lines)
        .block(Block::bordered().border_set(theme.border()).title(title))
        .render(popup, buf);
}
