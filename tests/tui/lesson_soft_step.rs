//! Lesson 26's contact panel: beside the lesson pane at 120×40 a box pair's panel (its table
//! hidden) is narrow, and shows the soft step's short lines first (impulse, warm start, overlap,
//! predicted sink, substeps and contact frequency, bodies asleep); at 80×24 the pane shows the
//! long lines above the narration. Pinned by snapshots, at 120×40 with the step's question
//! settled, at 80×24 with it open (the answer would scroll the pane to the verdict).
#![cfg(feature = "tui")]

use sepax::lesson;
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::Theme;

use crate::screen_support::{draw, text};

/// Step 3 of lesson 26 (the tower, `box1,box2` under three boxes) at `width × height`, its
/// question `settled` or open.
fn tower_step(width: u16, height: u16, settled: bool) -> String {
    let lesson = lesson::load_lesson("26").expect("lesson 26 loads");
    let mut player = Player::new(lesson, Some(26), 2, Theme::new(true, false));
    if settled {
        player.update(LessonAction::Reveal);
    }
    player.update(LessonAction::Resize(width, height));
    text(&draw(&player, width, height))
}

#[test]
fn a_narrow_panel_shows_the_soft_step_lines_first_and_the_pane_shows_them_at_80_by_24() {
    let wide = tower_step(120, 40, true);
    insta::assert_snapshot!("lesson_26_tower_120x40", wide);
    let panel: Vec<&str> = wide
        .lines()
        .skip_while(|row| !row.starts_with("┌ contact"))
        .skip(1)
        .take(7)
        .collect();
    let starts = [
        "│soft step       4 points, sticking",
        "│impulse         0.4905 N s",
        "│warm start      0.0613 N s",
        "│overlap         0.1841 mm (start 0.1841)",
        "│sink predicted  0.1841 mm",
        "│substeps        8, 1 sweep each, 90 Hz",
        "│asleep          0 bodies",
    ];
    assert_eq!(panel.len(), starts.len(), "{wide}");
    for (row, start) in panel.iter().zip(starts) {
        assert!(
            row.starts_with(start),
            "{row:?} should start {start:?}\n{wide}"
        );
    }
    let small = tower_step(80, 24, false);
    insta::assert_snapshot!("lesson_26_tower_80x24", small);
    assert!(
        small.contains("sink predicted  0.1841 mm; warm start 0.0613 N s"),
        "{small}"
    );
    assert!(
        small.contains("substeps        8, 1 sweep each, 90 Hz"),
        "{small}"
    );
}
