//! The debugger's whole screen rendered with `TestBackend`: snapshots of shipped scenes at the
//! compact and the full size, with and without colour, and what every screen must show.
#![cfg(feature = "tui")]

use ratatui::buffer::Buffer;
use ratatui::style::Color;
use sepax::draw::View;
use sepax::scene;
use sepax::tui::{Action, App, Options, Theme};

use crate::screen_support;

use screen_support::text;

/// The scenes pinned by snapshots: a near miss, the three moving contacts, spheres.
const SNAPSHOT_SCENES: [&str; 4] = ["edge_edge_miss", "edge_edge", "face_face", "spheres"];

fn app(name: &str, options: &Options) -> App {
    let scene = scene::load(name).expect("shipped scene loads");
    App::new(scene, options)
}

fn themed(color: bool) -> Options {
    Options {
        theme: Theme::new(!color, false),
        ..Options::default()
    }
}

/// The screen of `app` drawn on a `width × height` test terminal.
fn draw(app: &mut App, width: u16, height: u16) -> Buffer {
    app.update(Action::Resize(width, height));
    screen_support::draw(&*app, width, height)
}

#[test]
fn snapshots_of_shipped_scenes_at_80x24_and_160x48_with_and_without_colour() {
    for name in SNAPSHOT_SCENES {
        for (width, height) in [(80, 24), (160, 48)] {
            for color in [true, false] {
                let buffer = draw(&mut app(name, &themed(color)), width, height);
                let mode = if color { "color" } else { "no_color" };
                insta::assert_snapshot!(
                    format!("{name}_{width}x{height}_{mode}"),
                    format!("{buffer:?}")
                );
            }
        }
    }
}

#[test]
fn snapshots_of_the_views_help_ascii_and_a_contact_frame() {
    let mut four = app(
        "face_face",
        &Options {
            four: true,
            ..themed(false)
        },
    );
    insta::assert_snapshot!(
        "face_face_four_views_160x48",
        text(&draw(&mut four, 160, 48))
    );
    let along = Options {
        view: Some(View::Along),
        ..themed(false)
    };
    let mut along = app("edge_edge_miss", &along);
    insta::assert_snapshot!(
        "edge_edge_miss_along_axis_120x40",
        text(&draw(&mut along, 120, 40))
    );
    let mut help = app("edge_edge_miss", &themed(false));
    help.update(Action::ToggleHelp);
    insta::assert_snapshot!("help_80x24", text(&draw(&mut help, 80, 24)));
    let ascii = Options {
        theme: Theme::new(true, true),
        ..Options::default()
    };
    let mut plain = app("planes", &ascii);
    insta::assert_snapshot!("planes_ascii_160x48", text(&draw(&mut plain, 160, 48)));
    let mut tiny = app("edge_edge", &themed(true));
    insta::assert_snapshot!("too_small_20x6", text(&draw(&mut tiny, 20, 6)));
}

#[test]
fn every_box_pair_screen_shows_the_fifteen_axes_with_explain_values() {
    for name in [
        "edge_edge_miss",
        "edge_edge",
        "face_face",
        "overlapping",
        "parallel_axes",
    ] {
        for (width, height) in [(80, 24), (160, 48)] {
            let mut app = app(name, &themed(true));
            let screen = text(&draw(&mut app, width, height));
            let pair = app.pair().unwrap().clone();
            assert_eq!(pair.axes.len(), 15);
            for row in &pair.axes {
                let shown = format!(
                    "{:<6}{:>9.3}{:>9.3}{:>9.3}{:>10.3}",
                    row.axis,
                    row.r,
                    row.r0,
                    row.r1,
                    row.r - row.r0 - row.r1
                );
                assert!(
                    screen.contains(&shown),
                    "{name}: `{shown}` missing\n{screen}"
                );
            }
            assert!(screen.contains("frame 0 / "), "{screen}");
        }
    }
}

#[test]
fn without_colour_no_cell_has_a_colour() {
    for name in SNAPSHOT_SCENES {
        let buffer = draw(&mut app(name, &themed(false)), 160, 48);
        for cell in &buffer.content {
            assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{name}");
        }
        let coloured = draw(&mut app(name, &themed(true)), 160, 48);
        assert!(coloured.content.iter().any(|cell| cell.fg != Color::Reset));
    }
}

#[test]
fn ascii_mode_draws_only_ascii() {
    let options = Options {
        theme: Theme::new(false, true),
        four: true,
        ..Options::default()
    };
    for (name, _) in scene::shipped_scenes() {
        let mut app = app(name, &options);
        let description = app.scene().description.clone().unwrap_or_default();
        for (width, height) in [(80, 24), (160, 48)] {
            let screen = text(&draw(&mut app, width, height));
            // The scene's own text is shown as written; everything sepax draws is ASCII.
            for line in screen.lines().filter(|l| !l.trim().is_empty()) {
                // A description cut to fit ends in `... (i)`: the info overlay shows the rest.
                let shown = line.trim().trim_end_matches("... (i)");
                let own = description.starts_with(shown);
                assert!(own || line.is_ascii(), "{name} {width}x{height}\n{screen}");
            }
        }
    }
}

#[test]
fn any_size_draws_without_panicking_and_small_ones_say_what_is_needed() {
    for (name, _) in scene::shipped_scenes() {
        let mut app = app(name, &themed(true));
        for (width, height) in [
            (0, 0),
            (1, 1),
            (20, 6),
            (79, 24),
            (80, 23),
            (80, 24),
            (119, 39),
            (121, 41),
            (250, 70),
        ] {
            for four in [false, true] {
                if four != app.four_views() {
                    app.update(Action::FourViews);
                }
                let screen = text(&draw(&mut app, width, height));
                if (width, height) == (79, 24) {
                    assert!(screen.contains("80x24"), "{screen}");
                }
            }
        }
        for _ in 0..4 {
            app.update(Action::CycleView);
            app.update(Action::Step(1));
            app.update(Action::ToggleHelp);
            draw(&mut app, 80, 24);
            app.update(Action::ToggleHelp);
            draw(&mut app, 120, 40);
        }
    }
}

#[test]
fn resizing_redraws_for_the_new_size() {
    let mut app = app("edge_edge_miss", &themed(true));
    let small = text(&draw(&mut app, 40, 10));
    assert!(small.contains("80x24"));
    let large = text(&draw(&mut app, 120, 40));
    assert!(large.contains("A0xB2") && !large.contains("needs a terminal"));
}

/// Two unit boxes 0.05 apart along x.
const HAIRLINE: &str = r#"
title = "Two unit boxes 0.05 apart"
[world]
dt = 0.01
frames = 1
[[body]]
name = "P"
shape = "box"
center = [0, 0, 0]
half_extents = [0.5, 0.5, 0.5]
[[body]]
name = "Q"
shape = "box"
center = [1.05, 0.2, 0]
half_extents = [0.5, 0.5, 0.5]
"#;

/// The columns between the ends of the ruler's gap bracket in the view at the left of `screen`,
/// on the row that names the gap `label`.
fn gap_columns(screen: &str, label: &str) -> Option<usize> {
    let view = |line: &str| line.split("││").next().unwrap_or_default().to_string();
    let row = screen.lines().map(view).find(|l| l.contains(label))?;
    let chars: Vec<char> = row.chars().collect();
    let at = row[..row.find(label)?].chars().count();
    let bars: Vec<usize> = (0..chars.len()).filter(|&k| chars[k] == '|').collect();
    bars.windows(2)
        .find(|w| (w[0] < at && at < w[1]) || (w[1] < at && at <= w[1] + 2))
        .map(|w| w[1] - w[0])
}

#[test]
fn a_gap_of_005_between_unit_boxes_spans_at_least_8_columns_along_the_axis() {
    let scene = scene::load_str(HAIRLINE, "hairline").expect("the scene loads");
    let options = Options {
        view: Some(View::Along),
        ..themed(false)
    };
    for (width, height, table) in [(120, 40, true), (160, 48, true), (80, 24, false)] {
        let mut app = App::new(scene.clone(), &options);
        if !table {
            app.update(Action::ToggleTable);
        }
        let screen = text(&draw(&mut app, width, height));
        assert!(screen.contains("along A0 (P left, Q right)"), "{screen}");
        let columns = gap_columns(&screen, "0.050").unwrap_or(0);
        println!("{width}x{height}: the 0.05 gap spans {columns} columns");
        assert!(
            columns >= 8,
            "{width}x{height}: {columns} columns\n{screen}"
        );
    }
    let mut miss = app("edge_edge_miss", &options);
    let screen = text(&draw(&mut miss, 120, 40));
    assert!(gap_columns(&screen, "0.051").unwrap_or(0) >= 8, "{screen}");
}

#[test]
fn a_pair_the_soft_step_holds_shows_its_impulse_and_sink_in_the_contact_panel() {
    let text_scene = "[world]\nresting = \"soft\"\ndt = 0.016666666666666666\n\
                      gravity = [0, -9.81, 0]\nrestitution = 0\nfriction = 0.5\n\
                      [[body]]\nname = \"floor\"\nshape = \"plane\"\nnormal = [0, 1, 0]\n\
                      [[body]]\nname = \"crate\"\nshape = \"box\"\ncenter = [0, 0.5, 0]\n\
                      half_extents = [0.5, 0.5, 0.5]\nmass = 3\n";
    let scene = scene::load_str(text_scene, "held.toml").expect("loads");
    let options = Options {
        frame: 20,
        pair: Some(("floor".into(), "crate".into())),
        ..themed(false)
    };
    for (width, height) in [(120, 40), (80, 24)] {
        let mut app = App::new(scene.clone(), &options);
        let screen = text(&draw(&mut app, width, height));
        insta::assert_snapshot!(format!("soft_step_contact_{width}x{height}"), screen);
        // A crate of 3 kg on the floor: the floor's impulse over a frame is m g dt = 0.4905 N s.
        assert!(screen.contains("0.4905 N s"), "{screen}");
    }
}
