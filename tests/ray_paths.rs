//! Reflected paths in small scenes whose answers are known: a V-shaped mesh that the ray meets on
//! both of its faces, an origin inside a box, a bounded ray's length, two parallel mirrors, and
//! a measure that names a mesh.

use sepax::nalgebra::Vector3;
use sepax::scene::load_str;
use sepax::trace::{ray_record, RayRecord, ESCAPE_DRAW_LENGTH};

const WORLD: &str = "[world]\ndt = 0.1\nresponse = \"none\"\n";

/// The records of every ray of the scene `bodies_and_rays` (after a detect-only world).
fn rays(bodies_and_rays: &str) -> Vec<RayRecord> {
    let scene = load_str(&format!("{WORLD}{bodies_and_rays}"), "t.toml").expect("loads");
    scene
        .rays
        .iter()
        .map(|r| ray_record(r, &scene.bodies))
        .collect()
}

fn close(a: [f64; 3], b: [f64; 3]) -> bool {
    (Vector3::from(a) - Vector3::from(b)).norm() < 1e-12
}

#[test]
fn a_ray_into_a_v_shaped_mesh_reflects_off_both_faces() {
    // Two faces meeting along the z axis, opening upwards: y = |x| in the xy plane.
    let text = "[[body]]\nname = \"V\"\nshape = \"mesh\"\n\
        vertices = [[0, 0, -5], [0, 0, 5], [-4, 4, -5], [-4, 4, 5], [4, 4, -5], [4, 4, 5]]\n\
        triangles = [[0, 1, 2], [1, 3, 2], [0, 4, 1], [1, 4, 5]]\n\
        [[ray]]\nname = \"down\"\norigin = [1, 3, 0]\ndirection = [0, -1, 0]\nbounces = 2\n";
    let ray = &rays(text)[0];
    let hits: Vec<_> = ray.legs.iter().filter_map(|l| l.hit.clone()).collect();
    assert_eq!(hits.len(), 2, "{ray:#?}");
    // Down onto the right face at (1, 1), across to the left face at (-1, 1), then up.
    assert!(close(hits[0].point, [1.0, 1.0, 0.0]), "{:?}", hits[0]);
    assert!(close(hits[1].point, [-1.0, 1.0, 0.0]), "{:?}", hits[1]);
    assert_ne!(hits[0].triangle, hits[1].triangle);
    assert!(hits
        .iter()
        .all(|h| h.body == "V" && h.test == "ray-triangle"));
    let last = ray.legs.last().unwrap();
    assert!(last.hit.is_none());
    assert!(close(last.direction, [0.0, 1.0, 0.0]), "{last:?}");
    assert_eq!(last.length, ESCAPE_DRAW_LENGTH);
}

#[test]
fn an_origin_inside_a_box_stops_the_path_at_once() {
    let text = "[[body]]\nname = \"crate\"\nshape = \"box\"\ncenter = [0, 0, 0]\n\
        half_extents = [1, 1, 1]\nfixed = true\n\
        [[ray]]\nname = \"r\"\norigin = [0.5, 0, 0]\ndirection = [1, 0, 0]\nbounces = 5\n";
    let ray = &rays(text)[0];
    assert_eq!(ray.hits.len(), 1);
    assert!(ray.hits[0].inside);
    assert_eq!(ray.hits[0].t, 0.0);
    assert_eq!(ray.legs.len(), 1);
    assert!(ray.legs[0].reflected.is_none());
    assert_eq!(ray.path, vec![[0.5, 0.0, 0.0], [0.5, 0.0, 0.0]]);
}

#[test]
fn two_mirrors_use_up_the_bounces_and_the_length() {
    // Planes y = 0 and y = 2; a ray at 45° between them travels sqrt(8) per crossing.
    let text = "[[body]]\nname = \"low\"\nshape = \"plane\"\nnormal = [0, 1, 0]\n\
        [[body]]\nname = \"high\"\nshape = \"plane\"\nnormal = [0, -1, 0]\noffset = -2\n\
        [[ray]]\nname = \"zigzag\"\norigin = [0, 1, 0]\ndirection = [1, 1, 0]\nbounces = 3\n\
        [[ray]]\nname = \"short\"\norigin = [0, 1, 0]\ndirection = [1, 1, 0]\nbounces = 3\n\
        length = 5\n";
    let found = rays(text);
    let zigzag = &found[0];
    let bodies: Vec<&str> = zigzag
        .legs
        .iter()
        .filter_map(|l| l.hit.as_ref().map(|h| h.body.as_str()))
        .collect();
    assert_eq!(bodies, ["high", "low", "high", "low"]);
    assert!(close(zigzag.path[4], [7.0, 0.0, 0.0]), "{:?}", zigzag.path);
    assert_eq!(zigzag.legs.len(), 4, "three bounces: four legs");
    let short = &found[1];
    let travelled: f64 = short.legs.iter().map(|l| l.length).sum();
    assert!((travelled - 5.0).abs() < 1e-12, "{short:#?}");
    assert!(short.legs.last().unwrap().hit.is_none());
    assert_eq!(
        short.legs.len(),
        3,
        "two crossings of sqrt(8), then the rest"
    );
}

#[test]
fn a_measure_to_a_mesh_is_refused_at_its_name() {
    let text = format!(
        "{WORLD}[[body]]\nname = \"M\"\nshape = \"mesh\"\n\
         vertices = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]\ntriangles = [[0, 1, 2]]\n\
         [[measure]]\nname = \"p\"\npoint = [0, 0, 3]\n\
         [[measure]]\ndistance = [\"p\", \"M\"]\n"
    );
    let errors = load_str(&text, "t.toml").expect_err("refused").0;
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!((errors[0].line, errors[0].column), (Some(13), Some(18)));
    assert!(errors[0].message.contains("names body \"M\", a mesh"));
}
