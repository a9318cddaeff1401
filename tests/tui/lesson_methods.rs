//! The contact panel's lines for the course's methods in lessons 31 to 33: conservative
//! advancement's steps (beside the lesson pane at 120×40 the narrow panel shows them above the
//! first contact; at 80×24 the pane shows them above the narration), and what an open question
//! hides of them. Pinned by snapshots.
#![cfg(feature = "tui")]

use sepax::lesson;
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::Theme;

use crate::screen_support::{draw, text};

/// Step `step` (from 0) of lesson `number` at `width × height`, its question open.
fn lesson_step(number: usize, step: usize, width: u16, height: u16) -> String {
    let lesson = lesson::load_lesson(&number.to_string()).expect("the lesson loads");
    let mut player = Player::new(lesson, Some(number), step, Theme::new(true, false));
    player.update(LessonAction::Resize(width, height));
    text(&draw(&player, width, height))
}

/// The rows of the screen from the one that starts with `start`, `count` of them.
fn rows_from<'a>(screen: &'a str, start: &str, count: usize) -> Vec<&'a str> {
    screen
        .lines()
        .skip_while(|row| !row.contains(start))
        .take(count)
        .collect()
}

#[test]
fn lesson_31_shows_the_advancement_steps_and_the_contact_they_end_at() {
    let wide = lesson_step(31, 1, 120, 40);
    insta::assert_snapshot!("lesson_31_steps_120x40", wide);
    let panel = rows_from(&wide, "│advance    t        d      n·v     step", 6);
    let starts = [
        "│advance    t        d      n·v     step",
        "│0    0.00000  1.61872  2.21800  0.72981",
        "│1    0.72981  0.03068  2.05283  0.01495",
        "│2    0.74475  0.00010  2.03884  0.00005",
        "│3    0.74480  0.00000  2.03879  0.00000",
        "│first contact   t = 0.74480 s",
    ];
    assert_eq!(panel.len(), starts.len(), "{wide}");
    for (row, start) in panel.iter().zip(starts) {
        assert!(
            row.starts_with(start),
            "{row:?} should start {start:?}\n{wide}"
        );
    }
    let small = lesson_step(31, 1, 80, 24);
    insta::assert_snapshot!("lesson_31_steps_80x24", small);
    for line in [
        " conservative advancement, t += d / (n·v)",
        " 0    0.00000  1.61872  2.21800  0.72981",
        " 3    0.74480  0.00000  2.03879  0.00000",
        " first contact   t = 0.74480 s, 0.745 of the frame (egg,ball)",
    ] {
        assert!(small.contains(line), "{line:?} missing\n{small}");
    }
}

#[test]
fn an_open_question_on_a_time_hides_the_rows_that_reach_it_and_every_later_one() {
    // The answer is row 2's time: row 1's time plus its step gives it, so rows 1 to 3 hide;
    // row 0 leads to row 1's time only, and stays.
    let text = "title = \"t\"\nscene = \"lesson_advance_egg\"\n[[step]]\n\
                select = { pair = [\"egg\", \"ball\"] }\nshow = [\"contact\", \"method\"]\nhide = \"table\"\n\
                text = \"When?\"\nquiz = { answer = 0.74475, tolerance = 0.00002 }\n";
    let lesson = lesson::load_lesson_str(text, "when.toml", None).expect("loads");
    let mut player = Player::new(lesson, None, 0, Theme::new(true, false));
    player.update(LessonAction::Resize(120, 40));
    let open = crate::screen_support::text(&draw(&player, 120, 40));
    let panel = rows_from(&open, "│advance", 5);
    assert!(
        panel[1].starts_with("│0    0.00000  1.61872  2.21800  0.72981"),
        "{open}"
    );
    for row in &panel[2..] {
        assert!(
            !row.contains("0.7"),
            "a row that gives the answer shows: {row:?}\n{open}"
        );
        assert_eq!(row.matches('?').count(), 4, "{row:?}");
    }
    player.update(LessonAction::Reveal);
    let settled = crate::screen_support::text(&draw(&player, 120, 40));
    assert!(
        settled.contains("│2    0.74475  0.00010  2.03884  0.00005"),
        "{settled}"
    );
}

#[test]
fn lesson_32_shows_the_particle_step_in_five_short_lines_beside_the_pane() {
    let wide = lesson_step(32, 1, 120, 40);
    insta::assert_snapshot!("lesson_32_step_120x40", wide);
    let panel = rows_from(&wide, "│x_n        (-0.600, 0.370, 0.000)", 6);
    let starts = [
        "│x_n        (-0.600, 0.370, 0.000)",
        "│x_n+1      (-0.400, -0.130, 0.000)",
        "│N·x+d  0.12000 × -0.38000 = -0.04560",
        "│t_c 0.24000  d -0.25000  ε 0.50",
        "│corrected  (-0.400, 0.440, 0.000)",
        "│first contact   t = 0.22400 s",
    ];
    assert_eq!(panel.len(), starts.len(), "{wide}");
    for (row, start) in panel.iter().zip(starts) {
        assert!(
            row.starts_with(start),
            "{row:?} should start {start:?}\n{wide}"
        );
    }
    let small = lesson_step(32, 1, 80, 24);
    insta::assert_snapshot!("lesson_32_step_80x24", small);
    for line in [
        " plane      N = (0.000, 1.000, 0.000), d = -0.25000, ε = 0.50",
        " N·x+d      0.12000 and -0.38000",
        " t_c        0.24000",
    ] {
        assert!(small.contains(line), "{line:?} missing\n{small}");
    }
}

#[test]
fn an_open_question_on_the_particle_step_hides_all_of_its_numbers() {
    // The answer is t_c: the two distances give it in one step, so every number hides.
    let text = "title = \"t\"\nscene = \"lesson_particle_step\"\n[[step]]\nframe = 2\n\
                select = { pair = [\"floor\", \"ball\"] }\nshow = [\"contact\", \"method\"]\n\
                hide = \"table\"\ntext = \"Where?\"\nquiz = { answer = 0.24 }\n";
    let lesson = lesson::load_lesson_str(text, "where.toml", None).expect("loads");
    let mut player = Player::new(lesson, None, 0, Theme::new(true, false));
    player.update(LessonAction::Resize(120, 40));
    let open = text_of(&player);
    let panel = rows_from(&open, "│x_n ", 5);
    assert_eq!(panel.len(), 5, "{open}");
    for row in &panel {
        // The contact panel's columns only: the integrator beside it shows dt.
        let own = row.split("││").next().unwrap_or(row);
        assert!(
            !own.contains("0.1") && !own.contains("0.2"),
            "{own:?}\n{open}"
        );
    }
    assert!(panel[2].starts_with("│N·x+d  ? × ? = ?"), "{open}");
    player.update(LessonAction::Reveal);
    assert!(text_of(&player).contains("│t_c 0.24000  d -0.25000  ε 0.50"));
}

/// The player's screen at 120×40.
fn text_of(player: &Player) -> String {
    text(&draw(player, 120, 40))
}
