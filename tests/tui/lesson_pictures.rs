//! The lessons' pictures at 80×24, 120×40 and 160×48: for lessons 1, 6, 7, 10, 14, 17, 19, 20,
//! 21 and 22, the step that looks along an axis (else the first where the pair touches inside the
//! frame or an impact was recorded, else the first step) is pinned by a snapshot with its question
//! settled, and the picture's share of the screen is checked: at 120×40 at least 60 columns beside
//! a pane of at least 34, at 160×48 the axis table beside it.
#![cfg(feature = "tui")]

use ratatui::buffer::Buffer;
use sepax::lesson::{self, Lesson};
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::Theme;

use crate::screen_support;

use screen_support::{draw, text};

/// The lessons the picture must carry.
const LESSONS: [usize; 10] = [1, 6, 7, 10, 14, 17, 19, 20, 21, 22];

/// The sizes tried.
const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (160, 48)];

fn player(lesson: &Lesson, number: usize, step: usize) -> Player {
    Player::new(lesson.clone(), Some(number), step, Theme::new(true, false))
}

/// The step pinned: along an axis, else a contact inside the frame, else the first.
fn step_of(lesson: &Lesson, number: usize) -> usize {
    let along = lesson
        .steps
        .iter()
        .position(|s| s.view.as_deref() == Some("along-axis"));
    along.unwrap_or_else(|| {
        (0..lesson.steps.len())
            .find(|&k| {
                let p = player(lesson, number, k);
                let app = p.app();
                let time = app.record().time;
                let inside = app
                    .pair()
                    .and_then(|pair| pair.contact.as_ref())
                    .is_some_and(|c| c.time >= time && c.time <= time + app.scene().world.dt);
                inside || !app.record().events.is_empty()
            })
            .unwrap_or(0)
    })
}

fn screen(player: &mut Player, width: u16, height: u16) -> Buffer {
    player.update(LessonAction::Resize(width, height));
    draw(&*player, width, height)
}

/// The widest view box's width on the screen (its top border starts with `┌ xy:`, `┌ along`…).
fn picture_width(screen: &str) -> usize {
    let mut widest = 0;
    for row in screen.lines() {
        let chars: Vec<char> = row.chars().collect();
        for (x, pair) in chars.windows(3).enumerate() {
            let titled = pair[0] == '┌' && pair[1] == ' ' && "xya".contains(pair[2]);
            let view = titled
                && chars[x + 2..]
                    .iter()
                    .take(6)
                    .collect::<String>()
                    .contains(['y', 'z', 'l']);
            if view {
                let right = chars[x + 1..]
                    .iter()
                    .position(|&c| c == '┐')
                    .map_or(0, |r| r + 2);
                widest = widest.max(right);
            }
        }
    }
    widest
}

#[test]
fn lesson_pictures_at_three_sizes() {
    for number in LESSONS {
        let lesson = lesson::load_lesson(&number.to_string()).expect("a shipped lesson loads");
        let step = step_of(&lesson, number);
        println!("lesson {number}: step {}", step + 1);
        for (width, height) in SIZES {
            let mut player = player(&lesson, number, step);
            // The picture of the step as it teaches: its question settled (an open question
            // masks the answer and keeps the selection off the asked axis).
            player.update(LessonAction::Reveal);
            let shown = text(&screen(&mut player, width, height));
            insta::assert_snapshot!(format!("lesson_{number:02}_{width}x{height}"), shown);
            let areas = player.areas();
            let picture = picture_width(&shown);
            if (width, height) == (120, 40) {
                assert!(picture >= 60, "lesson {number}: picture {picture}\n{shown}");
                assert!(areas.pane.width >= 34, "lesson {number}");
            }
            if (width, height) == (160, 48) && player.app().shown().table {
                // Two boxes' table is titled `axes`, a surface table by its kind, two k-DOPs'
                // `slabs`, GJK's iterations `GJK on A - B`.
                let title = [
                    "┌ axes",
                    "┌ box-triangle:",
                    "┌ triangle-triangle:",
                    "┌ slabs",
                    "┌ GJK on",
                ]
                .into_iter()
                .find(|title| shown.contains(title));
                let Some(title) = title else {
                    panic!("lesson {number}: no table\n{shown}");
                };
                let table_row = shown.lines().find(|l| l.contains(title)).unwrap_or("");
                assert!(
                    table_row.contains(&format!("┐{title}"))
                        || table_row.find(title) > table_row.find("┐"),
                    "the table is beside the picture\n{shown}"
                );
            }
        }
    }
}

#[test]
fn at_80_by_24_hiding_the_text_and_the_table_gives_the_picture_the_screen() {
    let lesson = lesson::load_lesson("7").expect("lesson 7 loads");
    let mut player = player(&lesson, 7, step_of(&lesson, 7));
    let before = picture_width(&text(&screen(&mut player, 80, 24)));
    player.update(LessonAction::ToggleText);
    player.update(LessonAction::Debugger(sepax::tui::Action::ToggleTable));
    let after = text(&screen(&mut player, 80, 24));
    assert!(before < 30, "{before}");
    assert!(picture_width(&after) >= 58, "{after}");
    insta::assert_snapshot!("lesson_07_80x24_text_and_table_hidden", after);
}
