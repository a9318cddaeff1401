//! The debugger on scenes with ellipsoids, cylinders and k-DOPs: their outlines in the picture,
//! GJK's iterations or two k-DOPs' slabs as the pair's table (stepped with the axis keys), at
//! 120×40.
#![cfg(feature = "tui")]

use sepax::scene;
use sepax::tui::{Action, App, Options, Theme};

use crate::screen_support;

use screen_support::text;

fn app(name: &str) -> App {
    let scene = scene::load(name).expect("shipped scene loads");
    App::new(
        scene,
        &Options {
            theme: Theme::new(true, false),
            ..Options::default()
        },
    )
}

fn screen(app: &mut App) -> String {
    app.update(Action::Resize(120, 40));
    text(&screen_support::draw(&*app, 120, 40))
}

#[test]
fn gjk_iterations_are_the_table_of_a_convex_pair() {
    let mut app = app("sphere_cylinder");
    let first = screen(&mut app);
    println!("{first}");
    insta::assert_snapshot!("sphere_cylinder_120x40", first);
    assert!(
        first.contains("GJK on A - B: A = post, B = ball"),
        "{first}"
    );
    let iterations = app.pair().unwrap().gjk.as_ref().unwrap().iterations.len();
    // The last iteration is selected; the axis keys step back to the first.
    assert_eq!(app.row(), iterations - 1);
    for _ in 0..iterations {
        app.update(Action::RowUp);
    }
    assert_eq!(app.row(), 0);
    let stepped = screen(&mut app);
    assert!(stepped.contains(">0 "), "{stepped}");
    assert!(
        stepped.contains("d0"),
        "the picture draws the search direction: {stepped}"
    );
}

#[test]
fn ellipsoids_and_kdops_are_drawn() {
    let mut egg = app("ellipsoid_rolling");
    let shown = screen(&mut egg);
    insta::assert_snapshot!("ellipsoid_rolling_120x40", shown);
    assert!(shown.contains("rho(N)"), "{shown}");
    // The two 26-DOPs: their outlines, and their 13 slabs in the table, the deciding one
    // selected and drawn.
    let mut dops = app("kdop_fit");
    for _ in 0..6 {
        let pair = dops.pair().unwrap();
        if (pair.a.as_str(), pair.b.as_str()) == ("dop", "probe") {
            break;
        }
        dops.update(Action::NextPair);
    }
    let shown = screen(&mut dops);
    insta::assert_snapshot!("kdop_fit_120x40", shown);
    assert!(shown.contains("slabs A = dop, B = probe"), "{shown}");
    assert!(shown.contains(">S1 "), "{shown}");
    assert!(shown.contains("decides"), "{shown}");
    assert!(shown.contains("S12"), "{shown}");
    let pair = dops.pair().unwrap();
    assert_eq!(pair.table.as_ref().unwrap().rows.len(), 13);
    // The keys step the slabs.
    dops.update(Action::RowDown);
    let stepped = screen(&mut dops);
    assert!(stepped.contains(">S2 "), "{stepped}");
}

#[test]
fn an_overlap_shows_epa_and_the_polish_of_its_normal() {
    let mut app = app("lesson_gjk_overlap");
    let shown = screen(&mut app);
    insta::assert_snapshot!("lesson_gjk_overlap_120x40", shown);
    assert!(
        shown.contains("stops: origin enclosed; EPA depth 0.200 in 32 steps"),
        "{shown}"
    );
    assert!(
        shown.contains("then 2 descent steps polish the normal"),
        "{shown}"
    );
}
