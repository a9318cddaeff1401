//! Triangle–triangle verdicts: the table against Möller's interval test and against parry3d-f64
//! (the sign of its GJK `distance`, or of its EPA `contact` depth when that is zero; its GJK `intersection_test`
//! stops at a relative tolerance near 5e-8 and calls some pairs 1e-7 apart intersecting) on random, coplanar, touching and edge-on families, and on a half-unit
//! grid where every number both tests compute is exact.
//!
//! On the grid the table and Möller agree on every pair, touching and coplanar ones included.
//! Elsewhere they compute different rounded numbers, so at exact touching (the built families'
//! shift 0) either may call the pair apart by rounding: pairs whose parry signed distance is
//! within 1e-9 of zero are counted, with their disagreements, and all other pairs must agree
//! with Möller and with parry.

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::Rng;
use sepax::geometry::Triangle;
use sepax::nalgebra::Vector3;
use sepax::sat;
use shapes_support::{describe_triangle, parry_triangle, triangle_in_plane, Placed, WORLD};

const SEED: u64 = 0x05E9_A0C1_7217_0017;
const TOUCH_BAND: f64 = 1e-9;
const SHIFTS: [f64; 5] = [0.0, 1e-7, -1e-7, 1e-3, -1e-3];

#[derive(Default)]
struct Tally {
    pairs: usize,
    intersecting: usize,
    skipped: usize,
    skipped_disagreeing: usize,
    coplanar: usize,
}

impl Tally {
    fn report(&self, family: &str) {
        println!(
            "{family}: {} pairs checked against Möller and parry ({} intersecting), {} within {TOUCH_BAND:e} of touching ({} where the table and Möller differ by rounding), {} coplanar tables",
            self.pairs, self.intersecting, self.skipped, self.skipped_disagreeing, self.coplanar
        );
    }
}

/// The table against Möller and parry outside the band (Möller everywhere when `exact`), and
/// `expected` if known.
fn check(
    a: &Triangle,
    b: &Triangle,
    expected: Option<bool>,
    exact: bool,
    tally: &mut Tally,
    case: &str,
) {
    let trace = sat::triangle_triangle_trace(a, b);
    let ours = trace.intersecting();
    let context = || {
        format!(
            "{case}\n a = {}\n b = {}\n {trace:?}",
            describe_triangle(a),
            describe_triangle(b)
        )
    };
    let (pa, pb) = (parry_triangle(a), parry_triangle(b));
    let (pa, pb) = (Placed::new(WORLD, &pa), Placed::new(WORLD, &pb));
    let signed = shapes_support::signed_distance(&pa, &pb);
    let near = signed.abs() <= TOUCH_BAND;
    if exact || !near {
        assert!(
            trace.agrees_with_moller(),
            "table {ours}, Möller {}: {}",
            trace.moller.intersecting,
            context()
        );
    }
    assert_eq!(
        trace.rows.len(),
        if trace.coplanar { 17 } else { 11 },
        "{}",
        context()
    );
    tally.coplanar += usize::from(trace.coplanar);
    if let Some(expected) = expected {
        assert_eq!(ours, expected, "expected {expected}: {}", context());
    }
    if near {
        tally.skipped += 1;
        tally.skipped_disagreeing += usize::from(!trace.agrees_with_moller());
        return;
    }
    let theirs = signed <= 0.0;
    assert_eq!(ours, theirs, "sepax {ours}, parry {theirs}: {}", context());
    tally.pairs += 1;
    tally.intersecting += usize::from(ours);
}

fn run_built(
    family: &str,
    salt: u64,
    n: u64,
    build: impl Fn(&mut Rng) -> (Triangle, Triangle, Vector3<f64>),
) {
    let mut tally = Tally::default();
    for index in 0..n {
        let mut rng = Rng::case(SEED ^ salt, index);
        let (a, b, normal) = build(&mut rng);
        let shift = SHIFTS[(index % 5) as usize];
        // Apart along the normal of a plane between them: separated. Pushed together, the
        // features usually cross, but near an end they may pass beside each other: no expectation.
        let expected = (shift > 0.0).then_some(false);
        let case = format!("{family} case {index} shift {shift:e}");
        check(
            &a,
            &b.translated(&(normal * shift)),
            expected,
            false,
            &mut tally,
            &case,
        );
    }
    tally.report(family);
}

#[test]
fn random_pairs_agree_with_moller_and_parry() {
    let mut tally = Tally::default();
    for index in 0..100_000 {
        let mut rng = Rng::case(SEED, index);
        let (ca, cb) = (rng.vector(0.3), rng.vector(0.3));
        let (wa, wb) = (rng.range(0.5, 2.0), rng.range(0.5, 2.0));
        let a = shapes_support::triangle_near(&mut rng, &ca, wa);
        let b = shapes_support::triangle_near(&mut rng, &cb, wb);
        check(
            &a,
            &b,
            None,
            false,
            &mut tally,
            &format!("random case {index}"),
        );
    }
    tally.report("random");
    assert!(tally.intersecting > tally.pairs / 5 && tally.intersecting < tally.pairs * 4 / 5);
}

/// Two triangles in one plane (up to rounding), often overlapping: the table and Möller agree
/// on every pair.
#[test]
fn coplanar_pairs_agree_with_moller_and_parry() {
    let mut tally = Tally::default();
    for index in 0..20_000 {
        let mut rng = Rng::case(SEED ^ 0xC0, index);
        let (p, n) = (rng.vector(1.0), rng.direction().into_inner());
        let a = triangle_in_plane(&mut rng, &p, &n, 1.5, false);
        let b = triangle_in_plane(&mut rng, &p, &n, 1.5, false);
        check(
            &a,
            &b,
            None,
            true,
            &mut tally,
            &format!("coplanar case {index}"),
        );
    }
    tally.report("coplanar");
    assert!(tally.coplanar > 10_000);
}

/// A vertex of B on the inside of A's face, B leaning away.
#[test]
fn vertex_on_face_agrees_with_moller_and_parry() {
    run_built("vertex on face", 0x1F, 20_000, |rng| {
        let (p, n) = (rng.vector(1.0), rng.direction().into_inner());
        let a = triangle_in_plane(rng, &p, &n, 1.5, true);
        let away = |rng: &mut Rng| {
            let r = rng.vector(1.0);
            p + (r - n * r.dot(&n) + n * rng.range(0.2, 1.5)) * rng.range(0.5, 2.0)
        };
        (a, Triangle::new(p, away(rng), away(rng)), n)
    });
}

/// An edge of B across an edge of A, B on the far side of the plane through both edges.
#[test]
fn edge_across_edge_agrees_with_moller_and_parry() {
    run_built("edge across edge", 0xEE, 20_000, |rng| {
        let (p, n) = (rng.vector(1.0), rng.direction().into_inner());
        let (ea, eb) = (
            n.cross(&rng.direction()).normalize(),
            n.cross(&rng.direction()).normalize(),
        );
        let side = |e: &Vector3<f64>, rng: &mut Rng| e.cross(&n) * rng.range(-1.0, 1.0);
        let a = Triangle::new(
            p - ea * rng.range(0.3, 1.5),
            p + ea * rng.range(0.3, 1.5),
            p - n * rng.range(0.3, 1.5) + side(&ea, rng),
        );
        let b = Triangle::new(
            p - eb * rng.range(0.3, 1.5),
            p + eb * rng.range(0.3, 1.5),
            p + n * rng.range(0.3, 1.5) + side(&eb, rng),
        );
        (a, b, n)
    });
}

/// B standing on an edge in A's plane, its edge crossing A.
#[test]
fn edge_on_face_agrees_with_moller_and_parry() {
    run_built("edge on face", 0xE0, 20_000, |rng| {
        let (p, n) = (rng.vector(1.0), rng.direction().into_inner());
        let a = triangle_in_plane(rng, &p, &n, 1.5, true);
        let e = n.cross(&rng.direction()).normalize();
        let apex = p + n * rng.range(0.2, 1.5) + rng.vector(0.8).cross(&n);
        let b = Triangle::new(
            p - e * rng.range(0.1, 2.0),
            p + e * rng.range(0.1, 2.0),
            apex,
        );
        (a, b, n)
    });
}

/// Vertices on a half-unit grid in `[-1.5, 1.5]³` (a third of the pairs in the plane `z = 0`,
/// a third in `z = x + y`): both tests are exact, touching and coplanar pairs are common, and
/// they must agree on every pair.
#[test]
fn grid_pairs_agree_exactly_with_moller() {
    let (mut tally, mut touching) = (Tally::default(), 0);
    for index in 0..60_000 {
        let mut rng = Rng::case(SEED ^ 0x6121, index);
        let plane = index % 3;
        let triangle = |rng: &mut Rng| loop {
            let p = |rng: &mut Rng| {
                let mut p = Vector3::from_fn(|_, _| rng.below(7) as f64 * 0.5 - 1.5);
                p.z = [0.0, p.x + p.y, p.z][plane as usize];
                p
            };
            let t = Triangle::new(p(rng), p(rng), p(rng));
            if !t.is_degenerate() {
                return t;
            }
        };
        let (a, b) = (triangle(&mut rng), triangle(&mut rng));
        let before = tally.skipped;
        check(
            &a,
            &b,
            None,
            true,
            &mut tally,
            &format!("grid case {index}"),
        );
        if tally.skipped > before {
            touching += 1;
            assert!(
                sat::triangles_overlap(&a, &b),
                "grid case {index}: touching pair separated"
            );
        }
    }
    tally.report("grid");
    println!("grid: {touching} pairs exactly touching, all intersecting");
    assert!(touching > 1000 && tally.coplanar > 10_000);
}

/// The distance of `p` from the plane of `t` computed here, times twice `t`'s area: the number
/// Möller's first steps list (`N·(p - v0)` with the unnormalised `N = (v1 - v0) × (v2 - v0)`),
/// from the unit normal and the area separately.
fn scaled_height(t: &Triangle, p: &Vector3<f64>) -> f64 {
    let [a, b, c] = t.vertices;
    let n = (b - a).cross(&(c - a));
    let (unit, twice_area) = (n.normalize(), n.norm());
    unit.dot(&(p - a)) * twice_area
}

#[test]
fn mollers_signed_distances_are_the_corners_heights_times_twice_the_area() {
    let mut checked = 0;
    for index in 0..20_000 {
        let mut rng = Rng::case(SEED ^ 0x51, index);
        let tri = |rng: &mut Rng| Triangle::new(rng.vector(3.0), rng.vector(3.0), rng.vector(3.0));
        let (a, b) = (tri(&mut rng), tri(&mut rng));
        if a.area() < 0.1 || b.area() < 0.1 {
            continue;
        }
        let test = sat::moller(&a, &b);
        let scale = 1e-9 * 100.0;
        for k in 0..3 {
            let to_a = scaled_height(&a, &b.vertices[k]);
            let to_b = scaled_height(&b, &a.vertices[k]);
            assert!(
                (test.distances_to_plane_a[k] - to_a).abs() <= scale,
                "pair {index}: B's corner {k} to A's plane {} vs {to_a}",
                test.distances_to_plane_a[k]
            );
            assert!(
                (test.distances_to_plane_b[k] - to_b).abs() <= scale,
                "pair {index}: A's corner {k} to B's plane {} vs {to_b}",
                test.distances_to_plane_b[k]
            );
        }
        // The first stage stops exactly when one list has a single strict sign.
        let one_sign = |d: &[f64; 3]| d.iter().all(|&x| x > 0.0) || d.iter().all(|&x| x < 0.0);
        match test.stage {
            sat::MollerStage::PlaneA => assert!(one_sign(&test.distances_to_plane_a)),
            sat::MollerStage::PlaneB => {
                assert!(!one_sign(&test.distances_to_plane_a));
                assert!(one_sign(&test.distances_to_plane_b));
            }
            _ => assert!(
                !one_sign(&test.distances_to_plane_a) && !one_sign(&test.distances_to_plane_b)
            ),
        }
        checked += 1;
    }
    assert!(checked > 15_000, "{checked}");
}

#[test]
fn the_coplanar_test_names_the_edges_that_meet_or_the_corner_inside() {
    let flat = |p: [[f64; 2]; 3]| {
        Triangle::new(
            Vector3::new(p[0][0], p[0][1], 0.0),
            Vector3::new(p[1][0], p[1][1], 0.0),
            Vector3::new(p[2][0], p[2][1], 0.0),
        )
    };
    let big = flat([[0.0, 0.0], [6.0, 0.0], [0.0, 6.0]]);
    // Inside: no edge meets, B's first corner is inside A.
    let test = sat::moller(&big, &flat([[1.0, 1.0], [2.0, 1.0], [1.0, 2.0]]));
    let found = test.coplanar.expect("coplanar");
    assert_eq!((found.dropped, found.edges_meet), (2, None));
    assert!(found.b_corner_in_a && !found.a_corner_in_b && test.intersecting);
    // B's edge EB0, from (5, -1) to (5, 3), crosses A's edge EA0 (y = 0) first.
    let test = sat::moller(&big, &flat([[5.0, -1.0], [5.0, 3.0], [8.0, -1.0]]));
    assert_eq!(test.coplanar.unwrap().edges_meet, Some([0, 0]));
    assert!(test.intersecting);
    // B beyond A's long edge: nothing meets.
    let test = sat::moller(&big, &flat([[4.0, 4.0], [7.0, 4.0], [4.0, 7.0]]));
    let found = test.coplanar.unwrap();
    assert!(found.edges_meet.is_none() && !found.b_corner_in_a && !found.a_corner_in_b);
    assert!(!test.intersecting);
    // Not coplanar: no 2D evidence.
    let lifted = Triangle::new(
        Vector3::new(1.0, 1.0, 1.0),
        Vector3::new(2.0, 1.0, 1.0),
        Vector3::new(1.0, 2.0, 2.0),
    );
    assert!(sat::moller(&big, &lifted).coplanar.is_none());
}
