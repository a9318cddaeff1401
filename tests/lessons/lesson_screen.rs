//! The lesson screen's layout as the learner uses it: hiding the text, clicks on the pane,
//! resizing, and scrolling text taller than its pane.
#![cfg(feature = "tui")]

use crate::lesson_support as support;

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use sepax::lesson::load_lesson_str;
use sepax::tui::lesson::{LessonAction, Placement, Player, Text};
use sepax::tui::{Action, Theme};
use support::{char_key, open_at, press, selected_axis, send};

#[test]
fn t_hides_the_text_and_gives_the_debugger_the_screen() {
    let mut p = open_at(0);
    assert_eq!(p.areas().placement, Placement::Right);
    assert_eq!(
        p.app().size(),
        (124, 48),
        "the debugger is told its own area (the pane leaves it room for the table beside the picture)"
    );
    assert_eq!(char_key(&mut p, 't'), Some(LessonAction::ToggleText));
    assert_eq!(p.text(), Text::Hidden);
    assert_eq!(p.areas().placement, Placement::Hidden);
    assert_eq!(p.app().size(), (160, 48));
    char_key(&mut p, 't');
    assert_eq!(p.text(), Text::Shown);
}

#[test]
fn clicks_on_the_lesson_pane_do_not_reach_the_table_under_it() {
    let mut p = open_at(1);
    p.update(LessonAction::Resize(80, 24));
    let areas = p.areas();
    assert_eq!(areas.placement, Placement::Over);
    let click = |row| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 5,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    assert_eq!(send(&mut p, &click(areas.pane.y + 1)), None);
    assert_eq!(
        send(&mut p, &click(3)),
        Some(LessonAction::Debugger(Action::SelectRow(0)))
    );
    assert_eq!(selected_axis(&p), "A0");
}

#[test]
fn resize_lays_the_pane_out_for_the_terminal() {
    let mut p = open_at(0);
    for (size, placement) in [
        ((160, 48), Placement::Right),
        ((100, 40), Placement::Below),
        ((80, 24), Placement::Over),
        ((60, 20), Placement::TooSmall),
    ] {
        assert_eq!(
            send(&mut p, &Event::Resize(size.0, size.1)),
            Some(LessonAction::Resize(size.0, size.1))
        );
        assert_eq!(p.areas().placement, placement, "{size:?}");
        let debugger = p.areas().debugger;
        assert_eq!(p.app().size(), (debugger.width, debugger.height));
    }
}

/// A lesson whose first step's text is much taller than a small terminal's pane.
fn long_lesson() -> Player {
    let text: Vec<String> = (1..=40).map(|k| format!("line {k}")).collect();
    let toml = format!(
        "title = \"t\"\nscene = \"edge_edge_miss\"\n[[step]]\ntext = \"\"\"{}\"\"\"\n\
         quiz = {{ choices = [\"a\", \"b\"], answer = \"b\", explain = \"why\" }}\n\
         [[step]]\ntext = \"short\"\n",
        // Two spaces at the end of a Markdown line break it.
        text.join("  \n")
    );
    let lesson = load_lesson_str(&toml, "long.toml", None).unwrap();
    let mut p = Player::new(lesson, None, 0, Theme::default());
    p.update(LessonAction::Resize(80, 24));
    p
}

#[test]
fn d_and_u_scroll_text_that_does_not_fit_and_an_answer_scrolls_to_the_verdict() {
    let mut p = long_lesson();
    let (top, page, last) = p.text_window();
    assert_eq!(top, 0);
    assert!(last > 0 && page > 0, "the text overflows the pane");
    assert_eq!(char_key(&mut p, 'd'), Some(LessonAction::ScrollDown));
    assert_eq!(p.text_window().0, page);
    assert_eq!(
        press(&mut p, KeyCode::PageDown),
        Some(LessonAction::ScrollDown)
    );
    for _ in 0..10 {
        char_key(&mut p, 'd');
    }
    assert_eq!(p.text_window().0, last, "stops at the end");
    assert_eq!(char_key(&mut p, 'u'), Some(LessonAction::ScrollUp));
    assert_eq!(p.text_window().0, last - page);
    assert_eq!(press(&mut p, KeyCode::PageUp), Some(LessonAction::ScrollUp));
    for _ in 0..10 {
        char_key(&mut p, 'u');
    }
    assert_eq!(p.text_window().0, 0, "stops at the top");
    char_key(&mut p, '2');
    let (top, _, grown) = p.text_window();
    assert!(grown > last, "the verdict made the text longer");
    assert_eq!(top, grown, "the answer scrolls to the verdict");
    char_key(&mut p, 'n');
    assert_eq!(
        p.text_window(),
        (0, p.text_window().1, 0),
        "a short step fits"
    );
    char_key(&mut p, 'd');
    assert_eq!(p.scroll(), 0, "nothing to scroll");
}

#[test]
fn the_key_bar_offers_t_hide_text_on_every_question_at_80_by_24() {
    // At 80×24 the pane covers the debugger's lower rows; `t` gives the debugger the screen,
    // so the bar keeps it even when the scroll and answer keys take the room.
    let mut missing = Vec::new();
    for (name, text) in sepax::scene::shipped_lessons() {
        let lesson = sepax::lesson::load_shipped(name, text).expect("shipped lesson loads");
        let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
        player.update(LessonAction::Resize(80, 24));
        for (k, step) in lesson.steps.iter().enumerate() {
            if k > 0 {
                player.update(LessonAction::Next);
            }
            if step.quiz.is_none() {
                continue;
            }
            let screen = crate::screen_support::text(&crate::screen_support::draw(&player, 80, 24));
            let bar = screen.lines().last().unwrap_or_default().to_string();
            if !bar.contains("t hide text") {
                missing.push(format!("{name} step {}: {bar}", k + 1));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
