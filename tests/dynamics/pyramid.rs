//! A small pyramid stands: five rows of unit boxes (15 boxes, 0.05 m gaps within a row, friction
//! 0.6, restitution 0, dt = 1/60 s, the layout of `scenes/large/pyramid.toml`) stepped for 60
//! frames, and every box stays within 1 cm of where it started.

use std::fmt::Write as _;

use sepax::scene::load_str;
use sepax::trace::{simulate_timeline, SimOptions};

/// The pyramid of `rows` rows as a scene file.
fn pyramid(rows: usize) -> String {
    let mut text = String::from(
        "[world]\ndt = 0.016666666666666666\ngravity = [0, -9.81, 0]\nrestitution = 0\n\
         friction = 0.6\n\n[[body]]\nname = \"floor\"\nshape = \"plane\"\nnormal = [0, 1, 0]\n",
    );
    for row in 0..rows {
        let n = rows - row;
        for i in 0..n {
            let x = 1.05 * (i as f64 - (n - 1) as f64 / 2.0);
            let y = 0.5 + row as f64;
            let _ = write!(
                text,
                "\n[[body]]\nname = \"box_{row}_{i}\"\nshape = \"box\"\ncenter = [{x}, {y}, 0]\n\
                 half_extents = [0.5, 0.5, 0.5]\n"
            );
        }
    }
    text
}

#[test]
fn a_five_row_pyramid_keeps_every_box_within_a_centimetre_for_60_frames() {
    let scene = load_str(&pyramid(5), "pyramid.toml").unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(scene.bodies.len(), 16, "a floor and 15 boxes");
    let frames = simulate_timeline(&scene, 60, &SimOptions::default()).expect("simulates");
    assert_eq!(frames.len(), 61);
    let (start, end) = (&frames[0], &frames[60]);
    let mut largest = (0.0, String::new());
    for (a, b) in start.bodies.iter().zip(&end.bodies) {
        assert_eq!(a.name, b.name);
        let moved: f64 = (0..3)
            .map(|k| (b.position[k] - a.position[k]).powi(2))
            .sum::<f64>()
            .sqrt();
        if moved > largest.0 {
            largest = (moved, a.name.clone());
        }
    }
    let (moved, name) = largest;
    assert!(
        moved < 0.01,
        "{name} moved {:.4} cm in 60 frames",
        100.0 * moved
    );
    assert!(end.diverged.is_none());
}
