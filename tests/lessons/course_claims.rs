//! What the lessons say about the course documents and about the geometry, checked by computation:
//! the typos the lessons name are real typos (docs/methods.md §16 T5, T8), the crossing bars
//! overlap with no corner inside the other, a cross axis's separating plane is parallel to an
//! edge of each box (not through them), and the wrong claims once in the lessons stay out.

use nalgebra::{Matrix3, Vector3};
use sepax::sat::Robustness;
use sepax::scene::{self, ShapeSpec};

/// The text of a shipped lesson whose name ends with `stem`.
fn lesson_text(stem: &str) -> String {
    sepax::scene::shipped_lessons()
        .iter()
        .find(|(name, _)| name.ends_with(stem))
        .map(|(_, text)| (*text).to_string())
        .expect("the lesson is shipped")
}

/// The course's printed Euler matrices at angles (θ1, θ2, θ3) in radians (T8).
fn printed(t1: f64, t2: f64, t3: f64) -> [Matrix3<f64>; 3] {
    let (s1, c1, s2, c2, s3, c3) = (t1.sin(), t1.cos(), t2.sin(), t2.cos(), t3.sin(), t3.cos());
    [
        Matrix3::new(1.0, 0.0, 0.0, 0.0, c1, -s1, 0.0, -s1, c1),
        Matrix3::new(c2, 0.0, -s2, 0.0, 1.0, 0.0, s2, 0.0, c2),
        Matrix3::new(c3, s3, 0.0, -s3, c3, 0.0, 0.0, 0.0, 1.0),
    ]
}

#[test]
fn the_printed_rx_is_not_a_rotation_while_the_printed_ry_and_rz_are() {
    let [rx, ry, rz] = printed(30f64.to_radians(), 45f64.to_radians(), 60f64.to_radians());
    for m in [ry, rz] {
        assert!((m.transpose() * m - Matrix3::identity()).norm() < 1e-12);
        assert!((m.determinant() - 1.0).abs() < 1e-12);
    }
    assert!(
        (rx.determinant() - 0.5).abs() < 1e-12,
        "det Rx = cos 60° = 0.5"
    );
    assert!((rx.transpose() * rx - Matrix3::identity()).norm() > 0.5);
    // The rotations lesson says so: it names Rx and the element R[0][1], and asks for det Rx.
    let text = lesson_text("rotations_and_quaternions");
    assert!(text.contains("c2s3") || text.contains("c2·s3") || text.contains("c2 s3"));
    assert!(
        !text.contains("printed Ry\nand Rz have sign typos")
            && !text.contains("printed Ry and Rz have sign typos"),
        "the lesson must not blame the exact Ry and Rz"
    );
}

#[test]
fn the_crossing_bars_overlap_with_no_corner_inside_the_other() {
    let scene = scene::load("lesson_crossing_bars").expect("the scene loads");
    let boxes: Vec<(Vector3<f64>, Vector3<f64>)> = scene
        .bodies
        .iter()
        .filter_map(|b| match b.shape {
            ShapeSpec::Box { half_extents } => Some((b.center, half_extents)),
            _ => None,
        })
        .collect();
    assert_eq!(boxes.len(), 2);
    let corners = |(c, h): (Vector3<f64>, Vector3<f64>)| {
        (0..8).map(move |k| {
            let s = |bit: usize| if k >> bit & 1 == 1 { 1.0 } else { -1.0 };
            c + Vector3::new(s(0) * h.x, s(1) * h.y, s(2) * h.z)
        })
    };
    let inside = |p: Vector3<f64>, (c, h): (Vector3<f64>, Vector3<f64>)| {
        (p - c).abs().iter().zip(h.iter()).all(|(d, r)| d <= r)
    };
    for (one, other) in [(boxes[0], boxes[1]), (boxes[1], boxes[0])] {
        assert_eq!(corners(one).filter(|p| inside(*p, other)).count(), 0);
    }
    let overlap =
        (0..3).all(|i| (boxes[0].0[i] - boxes[1].0[i]).abs() <= boxes[0].1[i] + boxes[1].1[i]);
    assert!(overlap, "the interval test says they overlap");
    let trace = sepax::trace::explain(&scene, &scene.bodies, 0, 0.0, None, Robustness::default());
    assert!(!trace.pairs.is_empty() && trace.pairs.iter().all(|p| p.intersecting));
}

#[test]
fn a_cross_axis_plane_is_parallel_to_an_edge_of_each_box() {
    let scene = scene::load("edge_edge_miss").expect("the scene loads");
    let (a, b) = (&scene.bodies[0], &scene.bodies[1]);
    let a0 = a.rotation * Vector3::x();
    let b2 = b.rotation * Vector3::z();
    let normal = a0.cross(&b2).normalize();
    // The plane with this normal is parallel to both edges, and passes through neither box.
    assert!(normal.dot(&a0).abs() < 1e-12 && normal.dot(&b2).abs() < 1e-12);
    let text = lesson_text("separating_axes");
    assert!(
        !text.contains("containing an edge of each") && !text.contains("containing both edges")
    );
    assert!(text.contains("parallel"));
}

#[test]
fn lesson_nine_reads_tc_as_a_time_from_the_ray_test_distance() {
    let text = lesson_text("moving_spheres");
    let at = text.find("Tc = Dsc").expect("the lesson shows the formula");
    let around = &text[at.saturating_sub(600)..(at + 600).min(text.len())];
    assert!(
        around.contains("distance"),
        "Dsc is the distance the ray test returns"
    );
}

#[test]
fn the_printed_u3_is_not_an_eigenvector_and_lesson_four_says_so() {
    // The covariance of the course's four points (docs/methods.md §3.3) and its printed U1, U3.
    let c: Matrix3<f64> = Matrix3::new(6.0, 2.0, 3.0, 2.0, 2.0, 1.0, 3.0, 1.0, 2.0) / 4.0;
    let u1: Vector3<f64> = Vector3::new(-0.833, -0.330, -0.443);
    let u3: Vector3<f64> = Vector3::new(0.489, -0.0675, 0.870);
    let lambda3 = c.symmetric_eigen().eigenvalues.min();
    let residual = (c * u3 - lambda3 * u3).norm();
    assert!((residual - 1.543).abs() < 0.01, "residual {residual}");
    assert!((u1.dot(&u3) + 0.77).abs() < 0.01);
    let text = lesson_text("obb_fitting");
    assert!(text.contains("not an eigenvector"));
}

#[test]
fn the_friction_force_puck_of_lesson_25_is_flat_and_does_not_roll() {
    // Step 3 teaches that friction at the contact spins a ball and it rolls; the puck that then
    // slides to rest under a friction force must be a body that does not roll.
    let (name, text) = scene::shipped_scenes()
        .iter()
        .find(|(name, _)| *name == "lesson_friction_puck")
        .expect("the puck's scene is shipped");
    let scene = scene::load_str(text, name).expect("loads");
    let puck = scene
        .bodies
        .iter()
        .find(|b| b.name == "puck")
        .expect("a puck");
    assert!(
        matches!(puck.shape, ShapeSpec::Box { .. }),
        "{:?}",
        puck.shape
    );
    assert!(lesson_text("25_response_models_and_friction").contains("a flat box"));
}
