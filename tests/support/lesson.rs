//! What the lesson player tests share: the tour fixture, and events fed through input and update.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::path::Path;

use crossterm::event::{Event, KeyCode};
use sepax::lesson::{load_lesson_path, Lesson};
use sepax::tui::lesson::{self as player, LessonAction, Player};
use sepax::tui::Theme;

#[path = "keys.rs"]
pub mod keys;

use keys::key;

/// Where the tour fixture is.
pub const TOUR_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/lessons/tour.toml"
);

/// The tour fixture: five steps over two scenes, a choice and a number question.
pub fn tour() -> Lesson {
    load_lesson_path(Path::new(TOUR_PATH)).expect("the tour fixture loads")
}

/// The tour on a 160×48 terminal, at step index `start`.
pub fn open_at(start: usize) -> Player {
    let mut p = Player::new(tour(), None, start, Theme::new(true, false));
    p.update(LessonAction::Resize(160, 48));
    p
}

/// Feeds one event through `action` and `update`; returns the action it became.
pub fn send(p: &mut Player, event: &Event) -> Option<LessonAction> {
    let action = player::action(event, p);
    if let Some(action) = action {
        p.update(action);
    }
    action
}

/// Feeds one key press.
pub fn press(p: &mut Player, code: KeyCode) -> Option<LessonAction> {
    send(p, &key(code))
}

/// Feeds one character key.
pub fn char_key(p: &mut Player, c: char) -> Option<LessonAction> {
    press(p, KeyCode::Char(c))
}

/// The name of the selected axis row.
pub fn selected_axis(p: &Player) -> String {
    p.app().pair().unwrap().axes[p.app().row()].axis.to_string()
}
