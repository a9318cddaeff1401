//! An ellipsoid dropped on a mesh, a triangle or a fixed box rolls and rocks exactly as on a
//! plane: the contact with a flat face takes the face's normal and the ellipsoid's support point
//! along it, as the plane's closed form does, so the four paths agree over 6 s.

use crate::floors;
use floors::FLOORS;

use sepax::scene::load_str;
use sepax::trace::{simulate_timeline, SimOptions};

/// The ellipsoid's centre at frames 0..=600 (dt = 0.01 s) after a tilted drop onto `floor`.
fn path(floor: &str) -> Vec<[f64; 3]> {
    let text = format!(
        "[world]\ndt = 0.01\ngravity = [0, -9.81, 0]\nrestitution = 0.3\nfriction = 0.5\n\
         [[body]]\nname = \"floor\"\n{floor}\n\
         [[body]]\nname = \"egg\"\nshape = \"ellipsoid\"\nradii = [0.5, 0.3, 0.2]\n\
         center = [0.1, 1.0, 0.2]\nrotation = {{ axis = [0.3, 0.2, 1], degrees = 40 }}\n"
    );
    let scene = load_str(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    simulate_timeline(&scene, 600, &SimOptions::default())
        .expect("simulates")
        .iter()
        .map(|frame| frame.bodies[1].position)
        .collect()
}

#[test]
fn an_ellipsoid_rolls_on_a_mesh_a_triangle_and_a_box_as_on_a_plane() {
    let on_plane = path(FLOORS[0].1);
    // It is still rolling at the end (it travels about 0.5 m), so the paths are compared
    // frame by frame, not only where they end.
    let travel = (0..3)
        .map(|k| (on_plane[600][k] - on_plane[0][k]).powi(2))
        .sum::<f64>()
        .sqrt();
    assert!(travel > 0.5, "travelled {travel} m");
    for (name, floor) in &FLOORS[1..] {
        let worst = path(floor)
            .iter()
            .zip(&on_plane)
            .map(|(p, q)| (0..3).map(|k| (p[k] - q[k]).powi(2)).sum::<f64>().sqrt())
            .fold(0.0, f64::max);
        println!("{name}: at most {worst:.1e} m from the path on a plane");
        assert!(worst < 1e-6, "{name}: {worst:e} m from the path on a plane");
    }
}
