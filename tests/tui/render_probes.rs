//! The debugger on scenes with rays and measured distances: snapshots of `rays`, `distances` and
//! `rays_curved` framed whole at 120×40 (braille without colour, and ASCII), and the picture's elements read
//! from the same records as `explain`.
#![cfg(feature = "tui")]

use sepax::draw::{draw_picture, Drawn, Picture, Projection, Recording, Role, View};
use sepax::scene;
use sepax::trace::{measure_record, ray_record};
use sepax::tui::{Action, App, Options, Theme};

use crate::screen_support;

use screen_support::text;

/// The scene's screen, framed whole, at 120×40.
fn screen(name: &str, ascii: bool) -> String {
    let options = Options {
        theme: Theme::new(true, ascii),
        ..Options::default()
    };
    let mut app = App::new(scene::load(name).expect("shipped scene"), &options);
    app.update(Action::Resize(120, 40));
    app.update(Action::ToggleFraming);
    text(&screen_support::draw(&app, 120, 40))
}

#[test]
fn snapshots_of_rays_and_distances_at_120x40() {
    let rays = screen("rays", false);
    assert!(rays.contains("laser from (-6, 4, 0): floor 4.472, B 5.590, ball 3.111,"));
    assert!(rays.contains("then leaves"));
    assert!(rays.contains("probe from (8, 0.5, 0): T 3.000"));
    insta::assert_snapshot!("rays_120x40", rays);
    let ascii = screen("rays", true);
    assert!(ascii.contains("ray * hit o distance ~"));
    insta::assert_snapshot!("rays_ascii_120x40", ascii);
    let distances = screen("distances", false);
    assert!(distances.contains("L1-L2: 1.4142 by line-line, parallel"));
    assert!(distances.contains("A-B: 2.3269 by box-box gjk"));
    insta::assert_snapshot!("distances_120x40", distances);
    let curved = screen("rays_curved", false);
    assert!(curved.contains("laser from (-4, 5, 0): egg 5.816, log 4.764, then leaves"));
    assert!(curved.contains("drop from (-5, 4, 0): post 3.000"));
    assert!(curved.contains("log-crate: 2.5532 by cylinder-box gjk"));
    insta::assert_snapshot!("rays_curved_120x40", curved);
}

#[test]
fn the_course_ray_test_shows_its_numbers_in_the_contact_panel() {
    let course = screen("lesson_course_ray", false);
    assert!(course.contains("hit from (1, 1, 5): T 4.333"));
    assert!(course.contains("T: N (0, -8, 12), N·d -12, t 4.333"));
    assert!(course.contains("drop z; 48, 60, 36: hit"));
    assert!(course.contains("drop z; 72, -54, 126: outside edge 1"));
    // One body: no pair, so no contact line and no events line above and below the rays.
    assert!(!course.contains("no contact in this frame"));
    insta::assert_snapshot!("course_ray_120x40", course);
    let along = screen("lesson_course_ray_along", false);
    assert!(along.contains("T: N (0, -8, 12), N·d 0, t none"));
    assert!(along.contains("drop z; no products: parallel"));
    assert!(along.contains("mt from (1, 1, 5): T 4.333"));
}

/// What the picture of frame 0 draws, through the `xy` view.
fn recording(name: &str) -> Recording {
    let scene = scene::load(name).expect("shipped scene");
    let rays: Vec<_> = scene
        .rays
        .iter()
        .map(|r| ray_record(r, &scene.bodies))
        .collect();
    let measures: Vec<_> = scene
        .measures
        .iter()
        .map(|m| measure_record(m, &scene.bodies, &scene.figures))
        .collect();
    let picture = Picture {
        bodies: &scene.bodies,
        ends: None,
        pair: None,
        origin: None,
        axis: None,
        shadows: None,
        contact: None,
        rays: &rays,
        figures: &scene.figures,
        measures: &measures,
        hidden_distances: &[],
    };
    let mut out = Recording::default();
    let projection = Projection::new(View::Xy, None);
    draw_picture(
        &mut out,
        &projection,
        &picture,
        [[-20.0, 20.0], [-20.0, 20.0]],
    );
    out
}

#[test]
fn the_picture_draws_every_leg_hit_and_closest_pair() {
    let rays = recording("rays");
    let legs = rays
        .of_role(Role::Ray)
        .filter(|d| matches!(d, Drawn::Line { .. }))
        .count();
    // The laser's four legs and the probe's one.
    assert_eq!(legs, 5);
    let hits: Vec<[f64; 2]> = rays
        .of_role(Role::Hit)
        .filter_map(|d| match d {
            Drawn::Point { at, .. } => Some(*at),
            _ => None,
        })
        .collect();
    assert_eq!(hits.len(), 4);
    assert_eq!(hits[0], [-4.0, 0.0], "the laser meets the floor first");
    assert_eq!(hits[3], [5.0, 0.5], "the probe meets T");
    let distances = recording("distances");
    let labels = distances.labels();
    for label in ["L1-L2 1.414", "S1-S2 1.673", "P-ground 4.000", "A-B 2.327"] {
        assert!(labels.contains(&label), "{labels:?}");
    }
    // The parallel lines' closest points: L1's point and its foot on L2.
    assert!(distances.items.contains(&Drawn::Line {
        from: [-4.0, 3.0],
        to: [-4.0, 4.0],
        role: Role::Measure
    }));
}
