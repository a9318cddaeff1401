//! Every step of every shipped lesson, at 80×24, 120×40 and 160×48, with its question open and
//! settled: inside each view no name is fused with other letters or runs into the drawing (the
//! scan of [`crate::snapshot_labels::problems`]), so a student reads every label on its own.
#![cfg(feature = "tui")]

use std::collections::HashSet;

use sepax::lesson;
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::{Overlay, Theme};

use crate::screen_support::{draw, text};
use crate::snapshot_labels::{problems, views};

/// The sizes every step is read at.
const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (160, 48)];

/// The names the scene of the player's step draws: its bodies, rays and figures.
fn names(player: &Player) -> HashSet<String> {
    let scene = player.app().scene();
    let bodies = scene.bodies.iter().map(|b| b.name.clone());
    let rays = scene.rays.iter().map(|r| r.name.clone());
    let figures = scene.figures.iter().map(|f| f.name.clone());
    bodies.chain(rays).chain(figures).collect()
}

/// What reads wrong in the views of the player's screen, each line prefixed with `at`.
fn screen_problems(player: &Player, width: u16, height: u16, at: &str) -> (usize, Vec<String>) {
    // An overlay covers the picture with text of its own (its edges are read by the test below).
    if !matches!(player.app().overlay(), Overlay::None) {
        return (0, Vec::new());
    }
    let shown = text(&draw(player, width, height));
    let rows: Vec<String> = shown.lines().map(str::to_string).collect();
    let names = names(player);
    let pictures = views(&rows);
    let found = pictures
        .iter()
        .flatten()
        .flat_map(|line| problems(line, &names))
        .map(|p| format!("{at}: {p}"))
        .collect();
    (pictures.len(), found)
}

#[test]
fn no_label_is_fused_in_any_lesson_step_at_three_sizes() {
    let mut pictures = 0;
    let mut bad = Vec::new();
    for number in 1..=25 {
        let lesson = lesson::load_lesson(&number.to_string()).expect("a shipped lesson loads");
        for (width, height) in SIZES {
            let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
            player.update(LessonAction::Resize(width, height));
            for k in 0..lesson.steps.len() {
                if k > 0 {
                    player.update(LessonAction::Next);
                }
                let at = format!("lesson {number} step {} at {width}x{height}", k + 1);
                let (n, found) = screen_problems(&player, width, height, &at);
                pictures += n;
                bad.extend(found);
                if player.quiz().is_some() {
                    player.update(LessonAction::Reveal);
                    let (n, found) =
                        screen_problems(&player, width, height, &format!("{at}, answered"));
                    pictures += n;
                    bad.extend(found);
                }
            }
        }
    }
    println!("{pictures} pictures scanned");
    assert!(pictures >= 600, "only {pictures} pictures found");
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The pieces of the screen left of and right of an overlay's box on the rows it covers that
/// show cut ends of the panels underneath: a strip narrower than four columns with a letter or
/// digit in it (`│c│`, `│n│`), which reads as debris of a panel's title.
fn debris(shown: &str, title: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = shown.lines().map(|r| r.chars().collect()).collect();
    let Some((top, left)) = rows.iter().enumerate().find_map(|(y, row)| {
        let text: String = row.iter().collect();
        let byte = text.find(title)?;
        let x = text[..byte].chars().count().checked_sub(1)?;
        (row[x] == '┌').then_some((y, x))
    }) else {
        return Vec::new();
    };
    let Some(right) = (left + 1..rows[top].len()).find(|&x| rows[top][x] == '┐') else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in rows[top + 1..]
        .iter()
        .take_while(|r| r.get(left) == Some(&'│'))
    {
        for strip in [&row[..left], &row[(right + 1).min(row.len())..]] {
            let shows = strip.iter().any(|c| c.is_alphanumeric());
            if shows && strip.len() < 4 {
                out.push(format!("`{}`", strip.iter().collect::<String>()));
            }
        }
    }
    out
}

#[test]
fn an_overlay_leaves_no_cut_ends_of_the_panels_beside_it() {
    let mut overlays = 0;
    let mut bad = Vec::new();
    for number in 1..=25 {
        let lesson = lesson::load_lesson(&number.to_string()).expect("a shipped lesson loads");
        for (width, height) in SIZES {
            let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
            player.update(LessonAction::Resize(width, height));
            for k in 0..lesson.steps.len() {
                if k > 0 {
                    player.update(LessonAction::Next);
                }
                let shown = text(&draw(&player, width, height));
                if shown.contains("┌ matrices (any key closes)") {
                    overlays += 1;
                }
                for strip in debris(&shown, " matrices (any key closes) ") {
                    bad.push(format!(
                        "lesson {number} step {} at {width}x{height}: {strip}",
                        k + 1
                    ));
                }
            }
        }
    }
    assert!(overlays >= 12, "only {overlays} overlays drawn");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Whether a screen row is the compact contact line, and if so whether it ends whole: with a
/// point's `)`, a frame's number, `mm`, `frame`, or the `~` of a line shortened at a word.
fn contact_line_cut(row: &str) -> Option<bool> {
    let line = row.split('│').next().unwrap_or(row).trim_end();
    let compact = [" contact t=", " soft step: ", " no contact in this frame"];
    if !compact.iter().any(|start| line.starts_with(start)) {
        return None;
    }
    let whole = line.ends_with(')')
        || line.ends_with(|c: char| c.is_ascii_digit())
        || line.ends_with("mm")
        || line.ends_with("frame")
        || line.ends_with('~');
    Some(!whole)
}

#[test]
fn the_contact_line_never_ends_inside_a_word() {
    let mut lines = 0;
    let mut bad = Vec::new();
    for number in 1..=25 {
        let lesson = lesson::load_lesson(&number.to_string()).expect("a shipped lesson loads");
        for (width, height) in SIZES {
            let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
            player.update(LessonAction::Resize(width, height));
            for k in 0..lesson.steps.len() {
                if k > 0 {
                    player.update(LessonAction::Next);
                }
                let shown = text(&draw(&player, width, height));
                for row in shown.lines() {
                    match contact_line_cut(row) {
                        Some(true) => bad.push(format!(
                            "lesson {number} step {} at {width}x{height}: `{}`",
                            k + 1,
                            row.trim_end()
                        )),
                        Some(false) => lines += 1,
                        None => {}
                    }
                }
            }
        }
    }
    assert!(lines >= 90, "only {lines} contact lines read");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn an_overlay_under_a_lesson_pane_ends_above_it_with_no_line_cut() {
    let lesson = lesson::load_lesson("24").expect("lesson 24 loads");
    let mut read = 0;
    for k in 0..lesson.steps.len() {
        let mut player = Player::new(lesson.clone(), None, k, Theme::new(true, false));
        player.update(LessonAction::Resize(80, 24));
        let shown = text(&draw(&player, 80, 24));
        let rows: Vec<Vec<char>> = shown.lines().map(|r| r.chars().collect()).collect();
        let Some((top, left)) = rows.iter().enumerate().find_map(|(y, row)| {
            let text: String = row.iter().collect();
            let x = text.find("┌ matrices")?;
            Some((y, text[..x].chars().count()))
        }) else {
            continue;
        };
        read += 1;
        let title = format!("step {} / {}", k + 1, lesson.steps.len());
        let pane = rows
            .iter()
            .position(|r| r.iter().collect::<String>().contains(&title))
            .expect("the pane's title row");
        let closed = rows[top + 1..pane]
            .iter()
            .any(|r| r.get(left) == Some(&'└'));
        assert!(
            closed,
            "step {}: the pane covers the overlay\n{shown}",
            k + 1
        );
    }
    assert!(read >= 6, "only {read} overlays read");
}
