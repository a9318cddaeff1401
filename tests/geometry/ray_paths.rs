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

#[test]
fn a_ray_reflects_off_a_cylinder_then_a_kdop_and_leaves_each_at_once() {
    // An upright cylinder about the y axis (radius 1): the ray along +x at z = 0.6 meets its side
    // at (-0.8, 0, 0.6), normal (-0.8, 0, 0.6), and turns to d - 2 (d·n) n = (-0.28, 0, 0.96).
    // A 6-DOP (the box [-3, 1] x [-1, 1] x [2.5, 3]) is further along +z; the leg meets its
    // face z = 2.5 at x = -0.8 - 0.28 (1.9 / 0.96) and reflects to (-0.28, 0, -0.96), which
    // passes the cylinder by and leaves.
    let text = "[[body]]\nname = \"post\"\nshape = \"cylinder\"\ncenter = [0, 0, 0]\n\
        radius = 1.0\nhalf_height = 2.0\nfixed = true\n\
        [[body]]\nname = \"lid\"\nshape = \"points\"\nfit = \"kdop\"\nk = 6\n\
        points = [[-3, -1, 2.5], [1, 1, 3]]\n\
        [[ray]]\nname = \"r\"\norigin = [-5, 0, 0.6]\ndirection = [1, 0, 0]\nbounces = 2\n";
    let ray = &rays(text)[0];
    let hits: Vec<_> = ray.legs.iter().filter_map(|l| l.hit.clone()).collect();
    let tests: Vec<&str> = hits.iter().map(|h| h.test).collect();
    assert_eq!(tests, ["ray-cylinder", "ray-kdop slabs"], "{ray:#?}");
    assert!(close(hits[0].point, [-0.8, 0.0, 0.6]), "{:?}", hits[0]);
    assert!(close(hits[0].normal, [-0.8, 0.0, 0.6]), "{:?}", hits[0]);
    assert!(close(ray.legs[0].reflected.unwrap(), [-0.28, 0.0, 0.96]));
    assert!(close(hits[1].normal, [0.0, 0.0, -1.0]), "{:?}", hits[1]);
    assert!(
        close(hits[1].point, [-0.8 - 0.28 * 1.9 / 0.96, 0.0, 2.5]),
        "{:?}",
        hits[1]
    );
    assert!(close(ray.legs[1].reflected.unwrap(), [-0.28, 0.0, -0.96]));
    for leg in &ray.legs {
        let (Some(hit), Some(r)) = (&leg.hit, leg.reflected) else {
            continue;
        };
        let (d, n, r) = (
            Vector3::from(leg.direction),
            Vector3::from(hit.normal),
            Vector3::from(r),
        );
        assert!((r.dot(&n) + d.dot(&n)).abs() < 1e-12 && (r.norm() - 1.0).abs() < 1e-12);
    }
    assert!(ray.legs[2].hit.is_none(), "{:?}", ray.legs[2]);
}
