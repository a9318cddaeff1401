//! The lesson menu, input → action → state: keys, progress marks, the suggested lesson, and what
//! it asks its loop to do; it lists whatever lessons it is given.
#![cfg(feature = "tui")]

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use sepax::lesson::progress::{Outcome, Progress, Status};
use sepax::scene::shipped_lessons;
use sepax::tui::menu::{self, Menu, MenuAction, Request};
use sepax::tui::Theme;

use crate::keys;
use crate::screen_support;

use keys::{ctrl, key};
use screen_support::{menu_entries as entries, menu_progress as progress};

/// The fixture menu with its progress, keeping progress, in the default theme.
fn menu() -> Menu {
    Menu::new(entries(), progress(), true, Theme::default())
}

fn press(menu: &mut Menu, code: KeyCode) -> Option<MenuAction> {
    let action = menu::action(&key(code));
    if let Some(action) = action {
        menu.update(action);
    }
    action
}

#[test]
fn lessons_are_numbered_by_their_file_names_and_marked_with_their_progress() {
    let menu = menu();
    let numbers: Vec<usize> = menu.entries().iter().map(|e| e.number).collect();
    assert_eq!(numbers, [1, 2, 3, 7, 10]);
    let marks: Vec<String> = (0..5).map(|k| menu.mark(k)).collect();
    assert_eq!(marks, ["[x]", "[3/5]", "[ ]", "[!]", "[ ]"]);
    assert_eq!(menu.status(1), Status::InProgress(3));
}

#[test]
fn lessons_show_their_first_try_scores_and_whether_questions_were_skipped() {
    let menu = menu();
    let scores: Vec<String> = (0..5).map(|k| menu.score(k)).collect();
    assert_eq!(scores, ["1/2", "0/2 ~", "", "", ""]);
    assert_eq!(menu.questions(1), Some((0, 2, 1)));
    let mut old = Progress::default();
    old.reach("01_first", 5, 5);
    let old = Menu::new(entries(), old, true, Theme::default());
    assert_eq!(old.score(0), "", "progress without answers shows no score");
    let text = "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntext = \"x\"\n";
    let plain = menu::Entry::load(0, "01_plain", text);
    let mut answered = Progress::default();
    answered.reach("01_plain", 1, 1);
    answered.record("01_plain", 1, Outcome::Answered);
    let plain = Menu::new(vec![plain], answered, true, Theme::default());
    assert_eq!(
        (plain.mark(0), plain.score(0)),
        ("[x]".to_string(), String::new()),
        "a lesson without questions shows as before"
    );
}

#[test]
fn the_first_unfinished_lesson_is_suggested_and_highlighted() {
    let menu = menu();
    assert_eq!(menu.suggested(), Some(1));
    assert_eq!(menu.selected(), 1);
    let fresh = Menu::new(entries(), Progress::default(), false, Theme::default());
    assert_eq!(fresh.selected(), 0);
    let mut all = Progress::default();
    for name in ["01_first", "02_second", "03_third", "10_last"] {
        all.reach(name, 5, 5);
    }
    let done = Menu::new(entries(), all, true, Theme::default());
    assert_eq!(
        done.suggested(),
        None,
        "a lesson that does not load is never suggested"
    );
    assert_eq!(done.selected(), 0);
}

#[test]
fn keys_move_the_highlight_within_the_list() {
    let mut menu = menu();
    assert_eq!(press(&mut menu, KeyCode::Char('j')), Some(MenuAction::Down));
    assert_eq!(menu.selected(), 2);
    assert_eq!(press(&mut menu, KeyCode::Down), Some(MenuAction::Down));
    assert_eq!(press(&mut menu, KeyCode::Char('k')), Some(MenuAction::Up));
    assert_eq!(press(&mut menu, KeyCode::Up), Some(MenuAction::Up));
    assert_eq!(menu.selected(), 1);
    assert_eq!(press(&mut menu, KeyCode::Char('G')), Some(MenuAction::Last));
    assert_eq!(menu.selected(), 4);
    press(&mut menu, KeyCode::Down);
    assert_eq!(menu.selected(), 4, "stays on the last");
    assert_eq!(press(&mut menu, KeyCode::Home), Some(MenuAction::First));
    press(&mut menu, KeyCode::Up);
    assert_eq!(menu.selected(), 0);
    assert!(menu.is_running());
    assert_eq!(press(&mut menu, KeyCode::Char('x')), None);
}

#[test]
fn enter_opens_the_highlighted_lesson_s_the_scenes_and_q_quits() {
    let mut menu = menu();
    assert_eq!(press(&mut menu, KeyCode::Enter), Some(MenuAction::Open));
    assert!(!menu.is_running());
    assert_eq!(menu.take_request(), Some(Request::Open(1)));
    assert!(menu.is_running(), "a request is taken once");
    assert_eq!(
        press(&mut menu, KeyCode::Char('s')),
        Some(MenuAction::Scenes)
    );
    assert_eq!(menu.take_request(), Some(Request::Scenes));
    for code in [KeyCode::Char('q'), KeyCode::Esc] {
        assert_eq!(press(&mut menu, code), Some(MenuAction::Quit));
        assert_eq!(menu.take_request(), Some(Request::Quit));
    }
    assert_eq!(menu::action(&ctrl('c')), Some(MenuAction::Quit));
    let release = Event::Key(KeyEvent::new_with_kind(
        KeyCode::Enter,
        KeyModifiers::NONE,
        KeyEventKind::Release,
    ));
    assert_eq!(menu::action(&release), None);
}

#[test]
fn a_lesson_that_does_not_load_says_why_instead_of_opening() {
    let mut menu = menu();
    press(&mut menu, KeyCode::Char('G'));
    press(&mut menu, KeyCode::Up);
    press(&mut menu, KeyCode::Enter);
    assert!(menu.is_running());
    assert_eq!(menu.take_request(), None);
    let message = menu.message().expect("a message");
    assert!(
        message.starts_with("cannot open: lessons/07_broken.toml: "),
        "{message}"
    );
}

#[test]
fn returning_from_a_lesson_highlights_the_next_suggestion() {
    let mut menu = menu();
    menu.progress_mut().reach("02_second", 5, 5);
    menu.select_suggested();
    assert_eq!(menu.selected(), 2);
    assert_eq!(menu.mark(1), "[x]");
}

#[test]
fn the_shipped_menu_lists_every_shipped_lesson_in_file_order() {
    let menu = Menu::shipped(Progress::default(), false, Theme::default());
    let names: Vec<&str> = menu.entries().iter().map(|e| e.name.as_str()).collect();
    let shipped: Vec<&str> = shipped_lessons().iter().map(|(name, _)| *name).collect();
    assert_eq!(names, shipped);
    for (k, entry) in menu.entries().iter().enumerate() {
        assert_eq!(entry.number, sepax::lesson::number(&entry.name, k));
        assert!(entry.lesson.is_ok(), "{}", entry.name);
    }
}
