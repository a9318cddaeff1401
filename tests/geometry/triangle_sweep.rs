//! Two triangles moving at constant velocities: the first contact of the sweep over their rows
//! against a brute-force search of time (Möller's test on a fine grid, then bisection), and the
//! distance of the two triangles at the time found (vertex against triangle, edge against edge:
//! computed here, apart from the table); built cases for parallel faces, coplanar sliding and
//! an edge crossing an edge; `explain --json` writes the sweep rows and the contact.

use crate::oracle_support;

use crate::cli_support;

use cli_support::{sepax, stderr, stdout};
use oracle_support::Rng;
use sepax::geometry::line_distance::segment_segment;
use sepax::geometry::Triangle;
use sepax::nalgebra::Vector3;
use sepax::sat::{self, ShapeAxis};

const SEED: u64 = 0x05E9_A0C1_7217_0020;
const CASES: u64 = 1000;
const GRID: usize = 4000;
const HORIZON: f64 = 1.0;

fn v(x: f64, y: f64, z: f64) -> Vector3<f64> {
    Vector3::new(x, y, z)
}

fn triangle(rng: &mut Rng, center: Vector3<f64>) -> Triangle {
    loop {
        let t = Triangle::new(
            center + rng.vector(1.0),
            center + rng.vector(1.0),
            center + rng.vector(1.0),
        );
        if t.area() > 0.05 {
            return t;
        }
    }
}

/// Whether the triangles meet at time `t`, by Möller's test.
fn meet(a: &Triangle, va: &Vector3<f64>, b: &Triangle, vb: &Vector3<f64>, t: f64) -> bool {
    sat::moller(&a.translated(&(va * t)), &b.translated(&(vb * t))).intersecting
}

/// The distance of two triangles that do not cross: the least of the vertex-to-triangle and
/// edge-to-edge distances (0 when Möller says they meet).
fn distance(a: &Triangle, b: &Triangle) -> f64 {
    if sat::moller(a, b).intersecting {
        return 0.0;
    }
    let mut best = f64::INFINITY;
    for (one, other) in [(a, b), (b, a)] {
        for p in &one.vertices {
            best = best.min(other.distance_to_point(p));
        }
    }
    for i in 0..3 {
        for j in 0..3 {
            let s = segment_segment(
                &a.vertices[i],
                &a.vertices[(i + 1) % 3],
                &b.vertices[j],
                &b.vertices[(j + 1) % 3],
            );
            best = best.min(s.distance);
        }
    }
    best
}

/// The first grid time at which they meet, refined by bisection against the grid time before.
fn brute_first(a: &Triangle, va: &Vector3<f64>, b: &Triangle, vb: &Vector3<f64>) -> Option<f64> {
    let time = |k: usize| HORIZON * k as f64 / GRID as f64;
    let k = (0..=GRID).find(|&k| meet(a, va, b, vb, time(k)))?;
    if k == 0 {
        return Some(0.0);
    }
    let (mut lo, mut hi) = (time(k - 1), time(k));
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if meet(a, va, b, vb, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

#[test]
fn the_first_contact_of_the_sweep_agrees_with_a_brute_force_search_of_time() {
    let (mut hits, mut misses, mut at_start) = (0, 0, 0);
    for index in 0..CASES {
        let mut rng = Rng::case(SEED, index);
        let a = triangle(&mut rng, Vector3::zeros());
        let center = rng.vector(3.0);
        let b = triangle(&mut rng, center);
        // B heads roughly towards A, so that about half the pairs meet within the horizon.
        let va = rng.vector(1.0);
        let vb = -center * rng.range(0.3, 1.5) + rng.vector(1.5);
        let sweep = sat::triangles_first_contact(&a, va, &b, vb, HORIZON);
        let brute = brute_first(&a, &va, &b, &vb);
        let case = format!("seed {SEED:#x} case {index}: sweep {sweep:?}, brute {brute:?}");
        match (&sweep, brute) {
            (Some(contact), Some(t)) => {
                // Both find the same time; a graze the grid skipped would make the sweep earlier.
                let then = distance(
                    &a.translated(&(va * contact.time)),
                    &b.translated(&(vb * contact.time)),
                );
                assert!(
                    then <= 1e-7,
                    "{case}: distance {then:e} at the sweep's time"
                );
                assert!(contact.time <= t + 1e-9, "{case}");
                if contact.time < t - 1e-7 {
                    let step = HORIZON / GRID as f64;
                    assert!(
                        t - contact.time <= step,
                        "{case}: a graze longer than a grid step"
                    );
                }
                if contact.time == 0.0 {
                    at_start += 1;
                    assert_eq!(contact.axis, None, "{case}");
                } else {
                    assert!(contact.axis.is_some(), "{case}");
                }
                hits += 1;
            }
            (None, None) => {
                // Apart through the whole horizon: at every grid time, and at the end.
                let end = distance(
                    &a.translated(&(va * HORIZON)),
                    &b.translated(&(vb * HORIZON)),
                );
                assert!(end > 0.0, "{case}");
                misses += 1;
            }
            (Some(contact), None) => {
                // Only a graze can fall between grid times: they must touch at the time found.
                let then = distance(
                    &a.translated(&(va * contact.time)),
                    &b.translated(&(vb * contact.time)),
                );
                assert!(then <= 1e-7, "{case}: distance {then:e}");
            }
            (None, Some(_)) => panic!("{case}: the sweep misses a contact"),
        }
    }
    println!("{CASES} moving pairs: {hits} meet ({at_start} at the start), {misses} stay apart");
    assert!(
        hits > CASES as usize / 10 && misses > CASES as usize / 10,
        "mixed cases"
    );
}

#[test]
fn parallel_faces_meet_only_where_they_overlap_within_the_plane() {
    let a = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0));
    let down = v(0.0, 0.0, -2.0);
    // Above A and overlapping it seen from above: face on face when the planes meet.
    let over = Triangle::new(v(0.2, 0.2, 1.0), v(1.2, 0.2, 1.0), v(0.2, 1.2, 1.0));
    let c = sat::triangles_first_contact(&a, Vector3::zeros(), &over, down, 1.0).expect("meet");
    assert!((c.time - 0.5).abs() < 1e-12, "{c:?}");
    assert_eq!(c.kind.name(), "face-face");
    assert!((c.normal - v(0.0, 0.0, 1.0)).norm() < 1e-12, "{c:?}");
    // Beside A seen from above: the planes meet, the triangles never do.
    let beside = Triangle::new(v(1.5, 1.5, 1.0), v(3.0, 1.0, 1.0), v(1.0, 3.0, 1.0));
    let sweep = sat::sweep_triangles(&a, Vector3::zeros(), &beside, down, 1.0);
    assert_eq!(sweep.first_contact, None, "{sweep:?}");
    assert_eq!(sweep.rows.len(), 17, "the in-plane rows join");
    assert_eq!(brute_first(&a, &Vector3::zeros(), &beside, &down), None);
}

#[test]
fn coplanar_triangles_sliding_together_touch_on_an_in_plane_row() {
    let p = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0));
    let q = Triangle::new(v(1.5, 1.5, 0.0), v(3.0, 1.0, 0.0), v(1.0, 3.0, 0.0));
    // Q slides towards P's long edge along -(1, 1): the gap 1/√2 closes at 1/(√2 · √2) = 0.5 s.
    let w = v(-1.0, -1.0, 0.0);
    let c = sat::triangles_first_contact(&p, Vector3::zeros(), &q, w, 2.0).expect("they meet");
    assert!((c.time - 0.5).abs() < 1e-12, "{c:?}");
    assert_eq!(c.axis, Some(ShapeAxis::InPlaneA(1)), "{c:?}");
    assert!((c.point - v(1.0, 1.0, 0.0)).norm() < 1e-9, "{c:?}");
    let brute = brute_first(&p, &Vector3::zeros(), &q, &w).expect("brute finds it");
    assert!((brute - c.time).abs() < 1e-9);
    // Sliding along P's long edge instead, they stay apart.
    let along = v(1.0, -1.0, 0.0);
    assert_eq!(
        sat::sweep_triangles(&p, Vector3::zeros(), &q, along, 2.0).first_contact,
        None
    );
}

#[test]
fn an_edge_crossing_an_edge_is_an_edge_edge_contact() {
    let a = Triangle::new(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, -1.0, -1.0));
    // B's bottom edge runs along y above A's top edge (along x), and comes down at 2 m/s.
    let b = Triangle::new(v(0.0, -1.0, 1.0), v(0.0, 1.0, 1.0), v(0.0, 0.0, 2.0));
    let c = sat::triangles_first_contact(&a, Vector3::zeros(), &b, v(0.0, 0.0, -2.0), 1.0)
        .expect("meet");
    assert!((c.time - 0.5).abs() < 1e-12, "{c:?}");
    assert_eq!(c.kind.name(), "edge-edge", "{c:?}");
    assert!(matches!(c.axis, Some(ShapeAxis::EdgeEdge(0, 0))), "{c:?}");
    assert!((c.point - v(0.0, 0.0, 0.0)).norm() < 1e-9, "{c:?}");
}

#[test]
fn explain_json_writes_the_sweep_rows_and_the_contact_of_moving_triangles() {
    let scene = "[world]
dt = 0.5
frames = 2
response = \"none\"

[[body]]
name = \"A\"
shape = \"triangle\"
vertices = [[0, 0, 0], [2, 0, 0], [0, 2, 0]]

[[body]]
name = \"B\"
shape = \"triangle\"
vertices = [[0.5, 0.5, 1], [0.5, 0.5, 3], [3, 3, 2]]
velocity = [0, 0, -4]
";
    let path =
        std::env::temp_dir().join(format!("sepax-triangle-sweep-{}.toml", std::process::id()));
    std::fs::write(&path, scene).unwrap();
    let out = sepax(&["explain", path.to_str().unwrap(), "--json"]);
    let text = sepax(&["explain", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let pair = &json["pairs"][0];
    let sweep = pair["sweep"].as_array().expect("sweep rows");
    assert_eq!(sweep.len(), 11);
    assert_eq!(sweep[0]["axis"], "NA");
    assert_eq!(sweep[0]["entry"], 0.25);
    assert_eq!(sweep[0]["exit"], 0.75);
    let contact = &pair["contact"];
    assert_eq!(contact["time"], 0.25);
    assert_eq!(contact["axis"], "NA");
    assert_eq!(contact["kind"], "vertex-face");
    assert_eq!(contact["point"], serde_json::json!([0.5, 0.5, 0.0]));
    assert!(
        stdout(&text).contains(
            "they first touch at t = 0.25000 s, a corner of B against the face of A (axis NA)"
        ),
        "{}",
        stdout(&text)
    );
}
