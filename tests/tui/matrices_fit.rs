//! The matrices overlay of lessons 24 and 30 at 80×24: the block a step is about is in view
//! whole (a fit's eigenpairs with their residuals, the course's L and U), and nothing of the
//! panels underneath shows around it.
#![cfg(feature = "tui")]

use sepax::lesson;
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::Theme;

use crate::screen_support::{draw, text};

/// The screen of lesson `name`'s step `step` (from 1) at 80×24, its question open, and the row
/// the lesson pane starts at.
fn screen(name: &str, step: usize) -> (Vec<String>, usize) {
    let lesson = lesson::load_lesson(name).expect("the lesson loads");
    let mut player = Player::new(lesson, None, step - 1, Theme::new(true, false));
    player.update(LessonAction::Resize(80, 24));
    let shown = text(&draw(&player, 80, 24));
    let pane = usize::from(player.areas().pane.y);
    (shown.lines().map(str::to_string).collect(), pane)
}

/// The overlay's rows, checked to fill every row between the header and the pane: its box from
/// edge to edge, or blank rows, and nothing else.
fn overlay(rows: &[String], pane: usize) -> String {
    for (y, row) in rows.iter().enumerate().take(pane).skip(1) {
        let boxed = row.starts_with(['┌', '│', '└']) && row.ends_with(['┐', '│', '┘']);
        assert!(
            boxed || row.trim().is_empty(),
            "row {y} shows what is under the overlay: {row:?}\n{}",
            rows.join("\n")
        );
    }
    rows[1..pane].join("\n")
}

#[test]
fn a_fit_s_eigenpairs_fit_whole_at_80_by_24() {
    let (rows, pane) = screen("24_frames_and_linear_algebra", 3);
    let shown = overlay(&rows, pane);
    for line in [
        "A0 = (0.8334, 0.3303, 0.4431)  lambda = 2.0969  |C v - lambda v| = 7.5e-16",
        "A1 = (-0.2573, 0.9415, -0.2178)  lambda = 0.3055  |C v - lambda v| = 2.3e-16",
        "A2 = (-0.4891, 0.0675, 0.8696)  lambda = 0.0976  |C v - lambda v| = 8.7e-17",
        "projections (P - mean).A2 from -0.489 to 0.381: half-extent 0.435",
    ] {
        assert!(shown.contains(line), "`{line}` missing:\n{shown}");
    }
}

#[test]
fn the_course_s_l_and_u_are_in_view_at_80_by_24() {
    let (rows, pane) = screen("30_lu_with_and_without_pivoting", 1);
    let shown = overlay(&rows, pane);
    for line in [
        "the course's elimination without row swaps",
        "[     1.333333     1.000000     0.000000 ]",
        "[     0.333333     0.117647     1.000000 ]",
        "[     0.000000     0.000000    -1.176471 ]",
    ] {
        assert!(shown.contains(line), "`{line}` missing:\n{shown}");
    }
    // No matrix is cut after some of its rows.
    let before_note: Vec<&str> = shown
        .lines()
        .take_while(|l| !l.contains("more lines"))
        .collect();
    let last = before_note.last().expect("lines");
    assert!(last.contains("-1.176471") || !last.contains('['), "{shown}");
}

#[test]
fn every_matrices_step_of_lessons_24_and_30_leaves_no_debris_at_80_by_24() {
    for (name, steps) in [
        ("24_frames_and_linear_algebra", 1..=6),
        ("30_lu_with_and_without_pivoting", 1..=2),
    ] {
        for step in steps {
            let (rows, pane) = screen(name, step);
            overlay(&rows, pane);
        }
    }
}
