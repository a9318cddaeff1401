//! What the terminal UI tests share: a widget drawn on a test terminal, a screen as text, and the
//! lesson menu fixture (the tour under four names, one lesson that does not load).

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;
use ratatui::Terminal;
use sepax::lesson::progress::{Outcome, Progress};
use sepax::tui::menu::Entry;

const TOUR: &str = include_str!("../fixtures/lessons/tour.toml");

/// `widget` drawn on a `width × height` test terminal.
pub fn draw(widget: impl Widget, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(widget, frame.area()))
        .expect("draws");
    terminal.backend().buffer().clone()
}

/// The buffer's text, one line per row.
pub fn text(buffer: &Buffer) -> String {
    let width = usize::from(buffer.area.width).max(1);
    buffer
        .content
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(ratatui::buffer::Cell::symbol)
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Five lessons: the tour under four names, and one that does not load.
pub fn menu_entries() -> Vec<Entry> {
    ["01_first", "02_second", "03_third", "07_broken", "10_last"]
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let text = if name.contains("broken") {
                "title = 3\n"
            } else {
                TOUR
            };
            Entry::load(k, name, text)
        })
        .collect()
}

/// Progress on the menu's lessons: the first finished with one of its two questions right at the
/// first try, the second in progress with its first question skipped, the rest new.
pub fn menu_progress() -> Progress {
    let mut progress = Progress::default();
    progress.reach("01_first", 5, 5);
    progress.record("01_first", 2, Outcome::RightFirstTry);
    progress.record("01_first", 3, Outcome::Answered);
    progress.reach("02_second", 3, 5);
    progress.record("02_second", 2, Outcome::Skipped);
    progress
}

/// A lesson's step `step` opened in the player at 120×40: the player and the screen as text.
pub fn lesson_screen(
    lesson: &sepax::lesson::Lesson,
    step: usize,
) -> (sepax::tui::lesson::Player, String) {
    use sepax::tui::lesson::{LessonAction, Player};
    let mut player = Player::new(
        lesson.clone(),
        None,
        step,
        sepax::tui::Theme::new(true, false),
    );
    player.update(LessonAction::Resize(120, 40));
    let shown = text(&draw(&player, 120, 40));
    (player, shown)
}
