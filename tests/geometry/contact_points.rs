//! Contact points of moving boxes: a reported point lies on both boxes at the contact time, the
//! reported features match the ones the pair was built to touch with, and `axis` is `None` only
//! for boxes that already overlapped at t = 0.

use crate::oracle_support;

use oracle_support::check::{Case, TOUCH_BAND};
use oracle_support::touch::{self, Touch};
use oracle_support::{at_time, describe, near_touching, parry_intersects, Rng};
use sepax::nalgebra::Vector3;
use sepax::sat::{self, AxisId, Contact, ContactKind};
use sepax::Obb;

const SEED: u64 = 0x05E9_A0C1_E000_0002;
/// How far a reported point may be from either box.
const ON_BOX: f64 = 1e-9;

fn context(case: Case, a: &Obb, va: &Vector3<f64>, b: &Obb, vb: &Vector3<f64>) -> String {
    format!(
        "{case}\n a = {}\n va = {va:?}\n b = {}\n vb = {vb:?}",
        describe(a),
        describe(b)
    )
}

/// The point and every region point of `contact` lie on both boxes moved to the contact time.
fn assert_on_both(
    contact: &Contact,
    a: &Obb,
    va: &Vector3<f64>,
    b: &Obb,
    vb: &Vector3<f64>,
) -> (Obb, Obb) {
    let (a_t, b_t) = at_time(a, va, b, vb, contact.time);
    for p in std::iter::once(&contact.point).chain(&contact.region) {
        let (da, db) = (a_t.distance_to_point(p), b_t.distance_to_point(p));
        assert!(
            da <= ON_BOX && db <= ON_BOX,
            "{p:?} is {da:e} from A and {db:e} from B: {contact:?}"
        );
    }
    (a_t, b_t)
}

/// `touch` happens at `t_star`; A and B start where their velocities bring them into it.
/// B approaches A along the contact normal and slides across it at the same time.
fn approach(rng: &mut Rng, pair: &Touch, t_star: f64) -> (Obb, Vector3<f64>, Obb, Vector3<f64>) {
    let n = pair.normal;
    let slide = rng.vector(2.0);
    let w = -rng.range(0.2, 3.0) * n + (slide - n * n.dot(&slide));
    let va = rng.vector(2.0);
    let vb = va + w;
    (
        pair.a.translated(&(-va * t_star)),
        va,
        pair.b.translated(&(-vb * t_star)),
        vb,
    )
}

/// Each construction, as built and with A and B exchanged, reached by an approach at `t_star`:
/// the contact is found at `t_star` on the constructed axis with the constructed kind.
fn approaches_report_kind(name: &'static str, family: u64, build: fn(&mut Rng, f64) -> Touch) {
    let mut by_axis = [0_usize; 3];
    for index in 0..20_000 {
        let seed = SEED ^ family;
        let (case, mut rng) = (
            Case {
                family: name,
                seed,
                index,
            },
            Rng::case(seed, index),
        );
        let built = build(&mut rng, 3.0);
        let pair = if index % 2 == 0 {
            built
        } else {
            built.swapped()
        };
        let t_star = rng.range(0.1, 0.9);
        let (a, va, b, vb) = approach(&mut rng, &pair, t_star);
        let message = || context(case, &a, &va, &b, &vb);
        let contact = sat::first_contact(&a, va, &b, vb, 1.0)
            .unwrap_or_else(|| panic!("no contact: {}", message()));
        assert!(
            (contact.time - t_star).abs() <= 1e-9,
            "time {} instead of {t_star}: {}",
            contact.time,
            message()
        );
        assert_eq!(contact.axis, Some(pair.axis()), "{}", message());
        assert_eq!(contact.kind, pair.kind(), "{}", message());
        assert!(
            (contact.normal - pair.normal).norm() <= 1e-9,
            "normal {:?}: {}",
            contact.normal,
            message()
        );
        assert_on_both(&contact, &a, &va, &b, &vb);
        if matches!(pair.kind(), ContactKind::VertexFace | ContactKind::EdgeEdge) {
            let off = (contact.point - pair.point).norm();
            assert!(
                off <= ON_BOX,
                "point {off:e} from the touching point: {}",
                message()
            );
        }
        by_axis[match pair.axis() {
            AxisId::FaceA(_) => 0,
            AxisId::Edge(..) => 1,
            AxisId::FaceB(_) => 2,
        }] += 1;
    }
    println!(
        "{name}: 20000 approaches, last separating axis face of A / edge / face of B: {by_axis:?}"
    );
}

#[test]
fn vertex_face_approach_reports_vertex_face_at_the_vertex() {
    approaches_report_kind("vertex-face approach", 1, touch::vertex_face);
}

#[test]
fn edge_face_approach_reports_edge_face_on_the_edge() {
    approaches_report_kind("edge-face approach", 2, touch::edge_face);
}

#[test]
fn face_face_approach_reports_face_face_in_the_overlap() {
    approaches_report_kind("face-face approach", 3, touch::face_face);
}

#[test]
fn edge_edge_approach_reports_edge_edge_at_the_crossing() {
    approaches_report_kind("edge-edge approach", 4, touch::edge_edge);
}

/// Random moving pairs: every reported contact point lies on both boxes at its time, and the
/// axis is missing exactly when the boxes overlapped at the start (touching at t = 0 keeps it).
#[test]
fn random_paths_report_points_on_both_boxes() {
    let (mut contacts, mut overlapping, mut touching) = (0, 0, 0);
    for index in 0..50_000 {
        let seed = SEED ^ 5;
        let (case, mut rng) = (
            Case {
                family: "random path",
                seed,
                index,
            },
            Rng::case(seed, index),
        );
        let (a, b) = (rng.obb(3.0), rng.obb(5.0));
        let va = rng.vector(2.0);
        let vb = va + (a.center() - b.center()) * rng.range(0.0, 1.2) + rng.vector(2.0);
        let Some(contact) = sat::first_contact(&a, va, &b, vb, 1.0) else {
            continue;
        };
        let message = || context(case, &a, &va, &b, &vb);
        contacts += 1;
        let (a_then, b_then) = assert_on_both(&contact, &a, &va, &b, &vb);
        // The sweep's contact (worked out in A's frame) is the general one at the contact time.
        let general = sat::contact_at(&a_then, &b_then, contact.axis, contact.time);
        assert_eq!(contact.kind, general.kind, "{}", message());
        assert!(
            (contact.point - general.point).norm() <= ON_BOX
                && (contact.normal - general.normal).norm() <= ON_BOX,
            "{:?} vs {:?}: {}",
            contact.point,
            general.point,
            message()
        );
        if contact.axis.is_none() {
            assert_eq!(contact.time, 0.0, "{}", message());
            assert_eq!(contact.kind, ContactKind::Overlap, "{}", message());
            assert!(
                sat::overlaps(&a, &b) && parry_intersects(&a, &b),
                "{}",
                message()
            );
            overlapping += 1;
        } else if contact.time == 0.0 {
            assert!(
                near_touching(&a, &b, TOUCH_BAND),
                "axis at t = 0 without touching: {}",
                message()
            );
            touching += 1;
        }
    }
    println!("random paths: 50000 paths, {contacts} contacts, {overlapping} overlapping at t = 0, {touching} touching at t = 0");
    assert!(contacts > 25_000 && overlapping > 5_000);
}

/// Overlapping boxes: every point of `intersection_points` lies in both boxes.
#[test]
fn intersection_points_lie_in_both_boxes() {
    let mut points = 0;
    for index in 0..20_000 {
        let mut rng = Rng::case(SEED ^ 6, index);
        let (a, b) = (rng.obb(1.5), rng.obb(1.5));
        for p in sat::intersection_points(&a, &b) {
            let (da, db) = (a.distance_to_point(&p), b.distance_to_point(&p));
            assert!(
                da <= ON_BOX && db <= ON_BOX,
                "case {index}: {p:?} is {da:e} from A, {db:e} from B"
            );
            points += 1;
        }
    }
    println!("intersection points: 20000 pairs, {points} points");
    assert!(points > 100_000);
}
