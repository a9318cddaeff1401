//! The linear-algebra overlay (`m`): the pair's frames, a fit and implicit Euler's system, as
//! `explain --transforms --linear-system` prints them.
#![cfg(feature = "tui")]

use sepax::scene;
use sepax::tui::{Action, App, Options, Theme};

use crate::screen_support;

use screen_support::text;

fn matrices(name: &str, width: u16, height: u16) -> String {
    let options = Options {
        theme: Theme::new(true, false),
        ..Options::default()
    };
    let mut app = App::new(scene::load(name).expect("shipped scene loads"), &options);
    app.update(Action::Resize(width, height));
    app.update(Action::ToggleMatrices);
    text(&screen_support::draw(&app, width, height))
}

#[test]
fn the_matrices_overlay_shows_frames_fits_and_the_implicit_system() {
    let frames = matrices("edge_edge_miss", 120, 40);
    insta::assert_snapshot!("matrices_edge_edge_miss_120x40", frames);
    assert!(
        frames.contains("B in A's frame") && frames.contains("body to world"),
        "{frames}"
    );
    let fit = matrices("fitted_cloud", 120, 40);
    insta::assert_snapshot!("matrices_fitted_cloud_120x40", fit);
    assert!(
        fit.contains("covariance C about the mean (1.0000, -1.0000, 2.0000)"),
        "{fit}"
    );
    let system = matrices("stiff_spring", 120, 40);
    insta::assert_snapshot!("matrices_stiff_spring_120x40", system);
    assert!(
        system.contains("A dv = b over mass.vx, mass.vy, mass.vz"),
        "{system}"
    );
    assert!(system.contains("residual |A dv - b|"), "{system}");
    let eigen = matrices("course_eigen", 120, 40);
    insta::assert_snapshot!("matrices_course_eigen_120x40", eigen);
    assert!(
        eigen.contains("v = (1.000000, -3.000000)") && eigen.contains("lambda2 = -1.000000"),
        "{eigen}"
    );
    let lu = matrices("course_lu", 120, 40);
    insta::assert_snapshot!("matrices_course_lu_120x40", lu);
    assert!(
        lu.contains("[     1.300000    -2.000000    -1.700000 ]"),
        "{lu}"
    );
    // Too tall for 80x24: cut with a note that says where the rest is.
    let small = matrices("fitted_cloud", 80, 24);
    assert!(
        small.contains("more lines: sepax explain --transforms --linear-system"),
        "{small}"
    );
}

#[test]
fn the_info_overlay_lists_the_contact_time_by_each_method() {
    let options = Options {
        theme: Theme::new(true, false),
        frame: 1,
        ..Options::default()
    };
    let scene = scene::load("lesson_spinning_drop").expect("shipped scene loads");
    let mut app = App::new(scene, &options);
    app.update(Action::Resize(120, 40));
    app.update(Action::ToggleInfo);
    let screen = text(&screen_support::draw(&app, 120, 40));
    insta::assert_snapshot!("info_estimates_lesson_spinning_drop_120x40", screen);
    for method in [
        "hermite-bisection",
        "linearisation",
        "small-angle",
        "end-state",
        "time-stamp",
    ] {
        assert!(screen.contains(method), "{method} missing:\n{screen}");
    }
    assert!(
        screen.contains("t = 0.250000 s  error -1.710e-1 s"),
        "{screen}"
    );
}
