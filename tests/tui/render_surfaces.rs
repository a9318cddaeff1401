//! The debugger's table for pairs with a triangle or a mesh: the rows `explain` gives with the
//! same columns as the box table, the deciding row marked, Möller's verdict, the walk of a mesh's
//! tree, the row keys and the view along the selected row's axis.
#![cfg(feature = "tui")]

use ratatui::buffer::Buffer;
use sepax::draw::View;
use sepax::scene;
use sepax::trace::fixed;
use sepax::tui::{Action, App, Options, Theme};

use crate::screen_support;

use screen_support::text;

/// A box through a triangle's edge, two crossing triangles, two coplanar ones, a box on a mesh.
const SCENES: [&str; 4] = [
    "box_through_triangle_edge",
    "triangles_crossing",
    "lesson_coplanar_triangles",
    "lesson_box_on_grid",
];

fn app(name: &str, view: Option<View>) -> App {
    let scene = scene::load(name).expect("shipped scene loads");
    let options = Options {
        theme: Theme::new(true, false),
        view,
        ..Options::default()
    };
    App::new(scene, &options)
}

fn draw(app: &mut App, width: u16, height: u16) -> Buffer {
    app.update(Action::Resize(width, height));
    screen_support::draw(&*app, width, height)
}

#[test]
fn snapshots_of_surface_tables_at_120x40_and_80x24() {
    for name in SCENES {
        for (width, height) in [(120, 40), (80, 24)] {
            let screen = text(&draw(&mut app(name, None), width, height));
            insta::assert_snapshot!(format!("{name}_{width}x{height}"), screen);
        }
    }
    // One frame later the tree keeps every triangle away: no table, the walk in the pair panel.
    let mut clear = app("lesson_box_on_grid", None);
    clear.update(Action::Step(1));
    let screen = text(&draw(&mut clear, 120, 40));
    assert!(
        screen.contains("tree of floor: 1 node visited, 0 of 32 triangles tested"),
        "{screen}"
    );
    insta::assert_snapshot!("lesson_box_on_grid_frame_1_120x40", screen);
    let mut along = app("box_through_triangle_edge", Some(View::Along));
    insta::assert_snapshot!(
        "box_through_triangle_edge_along_axis_120x40",
        text(&draw(&mut along, 120, 40))
    );
}

/// `explain`'s rows of the selected pair as the table prints them (3 decimals).
fn shown_rows(app: &App) -> Vec<String> {
    app.pair()
        .expect("a pair")
        .rows()
        .iter()
        .map(|row| {
            format!(
                "{:<7}{:>8}{:>9}{:>9}{:>10}",
                row.name,
                fixed(row.r, 3),
                fixed(row.r0, 3),
                fixed(row.r1, 3),
                fixed(row.r - row.r0 - row.r1, 3)
            )
        })
        .collect()
}

#[test]
fn every_row_of_explain_is_on_screen_and_the_row_keys_reach_each() {
    for name in SCENES {
        for (width, height) in [(120, 40), (80, 24)] {
            let mut app = app(name, None);
            let pair = app.pair().expect("the scene's pair").clone();
            let table = pair.table.clone().expect("a surface table");
            let expected = match table.table {
                "box-triangle" => 13,
                _ if table.coplanar == Some(true) => 17,
                _ => 11,
            };
            assert_eq!(pair.rows().len(), expected, "{name}");
            // The deciding row is selected first and marked.
            let deciding = table.deciding.clone().expect("a deciding row");
            let screen = text(&draw(&mut app, width, height));
            let row = shown_rows(&app)[app.row()].clone();
            assert!(row.starts_with(&format!("{deciding:<7}")), "{name}: {row}");
            let marked = if table.separated() {
                "1st sep"
            } else {
                "decides"
            };
            assert!(
                screen.contains(&format!(">{row}")) && screen.contains(marked),
                "{name} {width}x{height}: `>{row}` {marked}\n{screen}"
            );
            // From the top, the row keys walk down every row, and each is on screen when selected.
            for _ in 0..20 {
                app.update(Action::RowUp);
            }
            for k in 0..expected {
                assert_eq!(app.row(), k);
                let screen = text(&draw(&mut app, width, height));
                let row = &shown_rows(&app)[k];
                assert!(
                    screen.contains(&format!(">{row}")),
                    "{name}: row {k} `{row}`\n{screen}"
                );
                app.update(Action::RowDown);
            }
            assert_eq!(app.row(), expected - 1, "the last row stays selected");
            if table.moller.is_some() {
                assert!(screen.contains("Moller: "), "{name}\n{screen}");
            }
            if let Some(walk) = &pair.mesh {
                let line = format!(
                    "tree of {}: {} nodes visited, {} of {} triangles tested",
                    walk.mesh, walk.nodes_visited, walk.triangles_tested, walk.triangles
                );
                assert!(screen.contains(&line), "{name}: {line}\n{screen}");
            }
        }
    }
}

#[test]
fn the_view_along_the_selected_row_shows_the_rows_shadows() {
    let mut app = app("box_through_triangle_edge", Some(View::Along));
    for _ in 0..20 {
        app.update(Action::RowUp);
    }
    // Row A0xE1 (the sixth): the cube's shadow and the triangle's, their distance R.
    for _ in 0..5 {
        app.update(Action::RowDown);
    }
    let screen = text(&draw(&mut app, 120, 40));
    assert!(
        screen.contains("along A0xE1 (cube left, T right)"),
        "{screen}"
    );
    let row = &app.pair().unwrap().rows()[5];
    assert_eq!(row.name, "A0xE1");
    let summary = format!(
        "A0xE1: R0 = {}, R = {}, R1 = {}",
        fixed(row.r0, 3),
        fixed(row.r, 3),
        fixed(row.r1, 3)
    );
    assert!(screen.contains(&summary), "{summary}\n{screen}");
    // The ruler under the picture names the triangle's half shadow on this axis.
    let ruler = format!("T: R1 {}", fixed(row.r1, 3));
    assert!(screen.contains(&ruler), "{ruler}\n{screen}");
}
