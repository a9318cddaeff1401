//! A lesson's picture shows the surfaces its step is about: when the prose speaks of a surface's
//! edges, corners, squares or diagonals, a coordinate view sees at least one triangle (or flat
//! mesh) of the selected pair face on, not edge-on where its face and a mesh's squares shrink
//! to a line and a bottom edge to a point.
#![cfg(feature = "tui")]

use sepax::draw::{Projection, View};
use sepax::lesson;
use sepax::tui::lesson::{LessonAction, Player};
use sepax::tui::Theme;

/// The smallest |n·depth| of a triangle not seen edge-on (about 11°).
const FACE_ON: f64 = 0.2;

/// Words of prose about what a surface shows only face on.
const FEATURES: [&str; 6] = ["edge", "corner", "square", "diagonal", "vertex", "vertices"];

#[test]
fn no_step_looks_at_a_triangle_of_its_pair_edge_on() {
    let mut read = 0;
    let mut bad = Vec::new();
    for number in 1..=25 {
        let lesson = lesson::load_lesson(&number.to_string()).expect("a shipped lesson loads");
        let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
        player.update(LessonAction::Resize(120, 40));
        for k in 0..lesson.steps.len() {
            if k > 0 {
                player.update(LessonAction::Next);
            }
            let app = player.app();
            let view = app.view();
            if app.four_views() || view == View::Along {
                continue;
            }
            let Some(pair) = app.pair() else { continue };
            let text = lesson.steps[k].text.source.to_lowercase();
            if !FEATURES.iter().any(|w| text.contains(w)) {
                continue;
            }
            let depth = Projection::new(view, None).depth();
            let surfaces: Vec<_> = [&pair.a, &pair.b]
                .into_iter()
                .filter_map(|name| app.scene().bodies.iter().find(|b| &b.name == name))
                .filter(|body| !body.shape.triangles_at(&body.center).is_empty())
                .collect();
            if surfaces.is_empty() {
                continue;
            }
            read += 1;
            let face_on = surfaces.iter().any(|body| {
                body.shape.triangles_at(&body.center).iter().any(|t| {
                    let n = t.normal();
                    n.norm() > 0.0 && n.normalize().dot(&depth).abs() >= FACE_ON
                })
            });
            if !face_on {
                let names: Vec<&str> = surfaces.iter().map(|b| b.name.as_str()).collect();
                bad.push(format!(
                    "lesson {number} step {}: the {view} view sees {} edge-on",
                    k + 1,
                    names.join(" and ")
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(read >= 6, "only {read} steps read");
}

/// The lesson that teaches GJK; no lesson before it shows GJK's table.
const GJK_LESSON: usize = 22;

#[test]
fn no_lesson_before_gjk_shows_its_table() {
    let mut bad = Vec::new();
    for number in 1..GJK_LESSON {
        let lesson = lesson::load_lesson(&number.to_string()).expect("a shipped lesson loads");
        for (width, height) in [(120, 40), (80, 24)] {
            let mut player = Player::new(lesson.clone(), None, 0, Theme::new(true, false));
            player.update(LessonAction::Resize(width, height));
            for k in 0..lesson.steps.len() {
                if k > 0 {
                    player.update(LessonAction::Next);
                }
                let shown = crate::screen_support::text(&crate::screen_support::draw(
                    &player, width, height,
                ));
                if shown.contains("┌ GJK on A - B") {
                    bad.push(format!(
                        "lesson {number} step {} at {width}x{height}",
                        k + 1
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "GJK's table shown:\n{}", bad.join("\n"));
}

#[test]
fn the_step_where_gjk_finds_two_kdops_apart_shows_their_distance() {
    let lesson = lesson::load_lesson("21").expect("lesson 21 loads");
    let k = lesson
        .steps
        .iter()
        .position(|s| s.text.source.contains("finds them apart"))
        .expect("the step");
    for (width, height) in [(120, 40), (80, 24)] {
        let mut player = Player::new(lesson.clone(), None, k, Theme::new(true, false));
        player.update(LessonAction::Resize(width, height));
        let shown =
            crate::screen_support::text(&crate::screen_support::draw(&player, width, height));
        assert!(shown.contains("P-Q 0.134"), "{width}x{height}:\n{shown}");
    }
}
