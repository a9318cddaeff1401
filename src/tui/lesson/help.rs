//! The lesson key bar and the help that lists the lesson keys with the debugger's.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::player::Text;
use super::Player;
use crate::tui::keys;

/// Every key in a lesson and what it does, as the help lists them.
pub const HELP: [(&str, &str); 22] = [
    ("n", "next step (nothing moves on by itself)"),
    ("p", "previous step"),
    (
        "1-9",
        "answer a choice question; a wrong answer shows the hint",
    ),
    (
        "0-9 . -",
        "type a number answer; Enter checks, Backspace edits",
    ),
    (
        "e",
        "show the answer and its explanation (two misses do too)",
    ),
    ("t / a", "hide / show the lesson text / the axis table"),
    (
        "d / u",
        "scroll the lesson text down / up (PgDn / PgUp too)",
    ),
    ("Right, Left", "one frame forward / back (b also goes back)"),
    ("N / B", "ten frames forward / back"),
    ("space", "play / pause; + / - faster / slower"),
    ("g", "go to a frame: type its number, Enter"),
    ("r", "restart the scene: frame 0, paused"),
    ("j k, Up Down", "select an axis row (or click a row)"),
    ("Tab", "next pair, touching then nearest (Shift-Tab: back)"),
    ("c / /", "next touching pair / pick a pair by name"),
    ("v", "cycle views: xy, xz, yz, along the axis"),
    (
        "4",
        "four views at once (when no question takes the digits)",
    ),
    (
        "f, [ ] h l",
        "frame the pair / the scene; zoom out / in; pan",
    ),
    ("s / S", "next / previous page of long lists"),
    (
        "i / m",
        "scene description / frames, fit, implicit-Euler matrices",
    ),
    ("?", "this help (any key closes it)"),
    ("q, Esc", "back to the lesson menu (Ctrl-C leaves sepax)"),
];

/// Draws the lesson key bar: the debugger's frame prompt while it is open, the answer keys while
/// a number is typed, else the lesson keys that fit, with the answer keys while the step's
/// question is open (`scrolls`: whether the lesson text scrolls).
pub fn render_bar(player: &Player, scrolls: bool, area: Rect, buf: &mut Buffer) {
    let theme = player.theme();
    Clear.render(area, buf);
    if player.app().prompt().is_some() {
        keys::render_bar(player.app(), area, buf);
        return;
    }
    let fixed = [("?", "help"), ("q", "menu")];
    if !player.typed().is_empty() {
        let typing = [("Enter", "check"), ("Backspace", "edit"), ("Esc", "clear")];
        keys::render_entries(theme, &typing, &fixed, area, buf);
        return;
    }
    let text = match player.text() {
        Text::Shown => "hide text",
        Text::Hidden => "show text",
    };
    // Hiding the text is how a small screen gets the whole debugger back: it always fits.
    let fixed = [("t", text), ("?", "help"), ("q", "menu")];
    let answer = format!("1-{}", player.choices());
    let mut entries = vec![("n", "next"), ("p", "previous")];
    if scrolls {
        entries.push(("d/u", "scroll"));
    }
    if player.question_open() {
        if player.choices() > 0 {
            entries.push((answer.as_str(), "answer"));
        } else {
            entries.push(("0-9 Enter", "answer"));
        }
        entries.push(("e", "show answer"));
    }
    entries.extend([
        ("a", "table"),
        ("Left/Right", "frame"),
        ("j/k", "axis"),
        ("v", "view"),
        ("Tab", "pair"),
        ("space", "play"),
    ]);
    keys::render_entries(theme, &entries, &fixed, area, buf);
}

/// Draws the help over the middle of `area`.
pub fn render_help(player: &Player, area: Rect, buf: &mut Buffer) {
    keys::render_popup(player.theme(), " help: lesson keys ", &HELP, 72, area, buf);
}
