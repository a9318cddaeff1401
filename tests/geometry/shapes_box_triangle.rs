//! Box–triangle verdicts against parry3d-f64's cuboid–triangle test on seeded families: random,
//! built touching (box vertex on the face, triangle vertex on a box face, edge across edge),
//! coplanar with a box face, edge-on, and axis-aligned on a quarter grid.
//!
//! Every pair checks `box_triangle_overlaps == box_triangle_trace(..).intersecting()` and parry's
//! verdict. Pairs whose parry signed distance is within `TOUCH_BAND` (1e-9) of zero are only
//! counted as skipped: either verdict is right there up to rounding. Built pairs shifted apart
//! by at least 1e-7 must also be separated. Touching pairs (shift 0)
//! must give a contact point on both shapes (within 1e-9) of the expected kind.

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::Rng;
use parry3d_f64::shape::Cuboid;
use sepax::geometry::Triangle;
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::sat::{self, ContactKind};
use sepax::Obb;
use shapes_support::{describe_triangle, near_touching, parry_triangle, pose_of, Placed, WORLD};

const SEED: u64 = 0x05E9_A0C1_5A9E_0017;
const TOUCH_BAND: f64 = 1e-9;
const SHIFTS: [f64; 5] = [0.0, 1e-7, -1e-7, 1e-3, -1e-3];

#[derive(Default)]
struct Tally {
    pairs: usize,
    intersecting: usize,
    skipped: usize,
    contacts: usize,
}

impl Tally {
    fn report(&self, family: &str) {
        println!(
            "{family}: {} pairs checked ({} intersecting), {} skipped within {TOUCH_BAND:e} of touching, {} touching contacts checked",
            self.pairs, self.intersecting, self.skipped, self.contacts
        );
    }
}

/// sepax against parry (and `expected` when known) on one pair.
fn check(obb: &Obb, t: &Triangle, expected: Option<bool>, tally: &mut Tally, case: &str) {
    let ours = sat::box_triangle_overlaps(obb, t);
    let trace = sat::box_triangle_trace(obb, t);
    let context = || {
        format!(
            "{case}\n box = {obb:?}\n triangle = {}",
            describe_triangle(t)
        )
    };
    assert_eq!(ours, trace.intersecting(), "fast vs trace: {}", context());
    let cuboid = Cuboid::new(oracle_support::dvec(&obb.half_extents()));
    let tri = parry_triangle(t);
    let (a, b) = (
        Placed::new(pose_of(&obb.center(), &obb.rotation()), &cuboid),
        Placed::new(WORLD, &tri),
    );
    if let Some(expected) = expected {
        assert_eq!(ours, expected, "expected {expected}: {}", context());
    }
    if near_touching(&a, &b, TOUCH_BAND) {
        tally.skipped += 1;
        return;
    }
    let theirs = shapes_support::intersects(&a, &b);
    assert_eq!(ours, theirs, "sepax {ours}, parry {theirs}: {}", context());
    tally.pairs += 1;
    tally.intersecting += usize::from(ours);
}

/// A touching pair's contact (both still): on both shapes within 1e-9, of the expected kind.
fn check_contact(obb: &Obb, t: &Triangle, kind: ContactKind, tally: &mut Tally, case: &str) {
    let contact = sat::box_triangle_touch(obb, t, 1e-9)
        .unwrap_or_else(|| panic!("{case}: touching pair has no contact"));
    let context = || {
        format!(
            "{case}: {contact:?}\n box = {obb:?}\n triangle = {}",
            describe_triangle(t)
        )
    };
    assert!(
        obb.distance_to_point(&contact.point) <= 1e-9,
        "off the box: {}",
        context()
    );
    assert!(
        t.distance_to_point(&contact.point) <= 1e-9,
        "off the triangle: {}",
        context()
    );
    for p in &contact.region {
        assert!(
            obb.distance_to_point(p) <= 1e-9 && t.distance_to_point(p) <= 1e-9,
            "region: {}",
            context()
        );
    }
    assert_eq!(contact.kind, kind, "{}", context());
    tally.contacts += 1;
}

fn run_built(
    family: &str,
    n: u64,
    build: impl Fn(&mut Rng) -> (Obb, Triangle, Vector3<f64>, ContactKind),
) {
    let mut tally = Tally::default();
    for index in 0..n {
        let mut rng = Rng::case(
            SEED ^ family.len() as u64 ^ u64::from(family.as_bytes()[0]) << 32,
            index,
        );
        let (obb, t, normal, kind) = build(&mut rng);
        let shift = SHIFTS[(index % 5) as usize];
        let moved = t.translated(&(normal * shift));
        let case = format!("{family} case {index} shift {shift:e}");
        // Apart along the normal of a plane between them: separated. Pushed together, the
        // features usually cross, but near an end they may pass beside each other: no expectation.
        let expected = (shift > 0.0).then_some(false);
        check(&obb, &moved, expected, &mut tally, &case);
        if shift == 0.0 {
            check_contact(&obb, &moved, kind, &mut tally, &case);
        }
    }
    tally.report(family);
    assert!(tally.contacts as u64 == n / 5 && tally.pairs as u64 >= n * 3 / 5);
}

#[test]
fn random_pairs_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..100_000 {
        let mut rng = Rng::case(SEED, index);
        let obb = rng.obb(3.0);
        let w = rng.range(0.3, 4.0);
        let center = rng.vector(2.0);
        let t = shapes_support::triangle_near(&mut rng, &center, w);
        check(&obb, &t, None, &mut tally, &format!("random case {index}"));
    }
    tally.report("random");
    assert!(tally.intersecting > tally.pairs / 4 && tally.intersecting < tally.pairs * 3 / 4);
}

/// A box vertex on the inside of the triangle's face.
#[test]
fn box_vertex_on_the_face_agrees_with_parry() {
    run_built("vertex on face", 20_000, |rng| {
        let obb = rng.obb(2.0);
        let n = rng.direction().into_inner();
        let corner = obb.center()
            + (0..3)
                .map(|i| obb.axis(i) * obb.axis(i).dot(&n).signum() * obb.half_extents()[i])
                .sum::<Vector3<f64>>();
        let t = shapes_support::triangle_in_plane(rng, &corner, &n, 2.0, true);
        (obb, t, n, ContactKind::VertexFace)
    });
}

/// A triangle vertex on a box face, the triangle leaning outwards.
#[test]
fn triangle_vertex_on_a_box_face_agrees_with_parry() {
    run_built("triangle vertex on face", 20_000, |rng| {
        let obb = rng.obb(2.0);
        let (i, side, h) = (rng.below(3), rng.sign(), obb.half_extents());
        let mut local = Vector3::from_fn(|k, _| rng.range(-0.9, 0.9) * h[k]);
        local[i] = side * h[i];
        let (q, n) = (obb.to_world(&local), obb.axis(i) * side);
        let away = |rng: &mut Rng| {
            let d = rng.direction().into_inner();
            q + (d + n * (d.dot(&n).abs() + 0.2)) * rng.range(0.5, 2.0)
        };
        (
            obb,
            Triangle::new(q, away(rng), away(rng)),
            n,
            ContactKind::VertexFace,
        )
    });
}

/// A triangle edge across a box edge, the triangle on the far side of the plane of both.
#[test]
fn edge_across_edge_agrees_with_parry() {
    run_built("edge across edge", 20_000, |rng| {
        let obb = rng.obb(2.0);
        let (i, h) = (rng.below(3), obb.half_extents());
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let (sj, sk) = (rng.sign(), rng.sign());
        let mut local = Vector3::zeros();
        local[i] = rng.range(-0.9, 0.9) * h[i];
        local[j] = sj * h[j];
        local[k] = sk * h[k];
        let q = obb.to_world(&local);
        let n = (obb.axis(j) * sj * rng.range(0.2, 1.0) + obb.axis(k) * sk * rng.range(0.2, 1.0))
            .normalize();
        let e = n.cross(&(obb.axis(i) + rng.vector(0.8))).normalize();
        let up =
            n * rng.range(0.3, 2.0) + e.cross(&n) * rng.range(-1.0, 1.0) + e * rng.range(-1.0, 1.0);
        let t = Triangle::new(
            q - e * rng.range(0.3, 2.0),
            q + e * rng.range(0.3, 2.0),
            q + up,
        );
        (obb, t, n, ContactKind::EdgeEdge)
    });
}

/// A triangle in the plane of a box face, overlapping the face rectangle.
#[test]
fn coplanar_with_a_face_agrees_with_parry() {
    run_built("coplanar", 20_000, |rng| {
        let obb = rng.obb(2.0);
        let (i, side, h) = (rng.below(3), rng.sign(), obb.half_extents());
        let mut local = Vector3::from_fn(|k, _| rng.range(-0.8, 0.8) * h[k]);
        local[i] = side * h[i];
        let (q, n) = (obb.to_world(&local), obb.axis(i) * side);
        (
            obb,
            shapes_support::triangle_in_plane(rng, &q, &n, 2.0, true),
            n,
            ContactKind::FaceFace,
        )
    });
}

/// A triangle standing on a box face on one of its edges.
#[test]
fn edge_on_a_face_agrees_with_parry() {
    run_built("edge on face", 20_000, |rng| {
        let obb = rng.obb(2.0);
        let (i, side, h) = (rng.below(3), rng.sign(), obb.half_extents());
        let on_face = |rng: &mut Rng| {
            let mut local = Vector3::from_fn(|k, _| rng.range(-0.9, 0.9) * h[k]);
            local[i] = side * h[i];
            obb.to_world(&local)
        };
        let (p, q, n) = (on_face(rng), on_face(rng), obb.axis(i) * side);
        let apex = 0.5 * (p + q) + n * rng.range(0.2, 2.0) + rng.vector(1.0).cross(&n);
        (obb, Triangle::new(p, q, apex), n, ContactKind::EdgeFace)
    });
}

/// Axis-aligned boxes and triangles on a quarter grid, where touching is exact.
#[test]
fn axis_aligned_on_a_grid_agree_with_parry() {
    let (mut tally, mut exactly_touching) = (Tally::default(), 0);
    for index in 0..40_000 {
        let mut rng = Rng::case(SEED ^ 0x6121, index);
        let grid = |rng: &mut Rng, lo: usize, n: usize| (lo + rng.below(n)) as f64 * 0.25 - 2.0;
        let center = Vector3::from_fn(|_, _| grid(&mut rng, 0, 17));
        let extents = Vector3::from_fn(|_, _| grid(&mut rng, 9, 8));
        let obb = Obb::new(center, UnitQuaternion::identity(), extents);
        let t = loop {
            let p = |rng: &mut Rng| Vector3::from_fn(|_, _| grid(rng, 0, 17));
            let t = Triangle::new(p(&mut rng), p(&mut rng), p(&mut rng));
            if !t.is_degenerate() {
                break t;
            }
        };
        let case = format!("grid case {index}");
        let cuboid = Cuboid::new(oracle_support::dvec(&obb.half_extents()));
        let tri = parry_triangle(&t);
        let (a, b) = (
            Placed::new(pose_of(&obb.center(), &obb.rotation()), &cuboid),
            Placed::new(WORLD, &tri),
        );
        // On the grid sepax's numbers are exact: a pair parry finds touching intersects.
        let touching = near_touching(&a, &b, TOUCH_BAND);
        exactly_touching += usize::from(touching);
        assert!(
            !touching || sat::box_triangle_overlaps(&obb, &t),
            "{case}: touching pair separated"
        );
        check(&obb, &t, None, &mut tally, &case);
    }
    tally.report("grid");
    println!("grid: {exactly_touching} pairs exactly touching, all intersecting");
    assert!(exactly_touching > 100);
}
