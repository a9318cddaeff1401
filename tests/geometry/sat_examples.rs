//! Hand-worked box pairs whose answers can be checked on paper.

use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::sat::{self, AxisId, ContactKind};
use sepax::Obb;

fn aligned(center: [f64; 3], half: [f64; 3]) -> Obb {
    Obb::new(
        Vector3::from(center),
        UnitQuaternion::identity(),
        Vector3::from(half),
    )
}

fn turned_about_z(center: [f64; 3], half: [f64; 3], degrees: f64) -> Obb {
    let rotation = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), degrees.to_radians());
    Obb::new(Vector3::from(center), rotation, Vector3::from(half))
}

#[test]
fn aligned_boxes_apart_on_x_are_separated_by_a0_with_the_gap() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = aligned([2.5, 0.3, 0.0], [1.0, 1.0, 1.0]);
    let trace = sat::trace(&a, &b);
    assert_eq!(trace.separating_axis(), Some(AxisId::FaceA(0)));
    let row = trace.row(0);
    assert!((row.r - 2.5).abs() < 1e-15 && (row.r0 - 1.0).abs() < 1e-15);
    assert!((row.gap.unwrap() - 0.5).abs() < 1e-12);
    assert!(!sat::overlaps(&a, &b));
    // Aligned boxes: every cross axis of parallel edges is degenerate.
    let degenerate: Vec<_> = trace
        .rows()
        .iter()
        .filter(|r| r.degenerate)
        .map(|r| r.axis)
        .collect();
    assert_eq!(
        degenerate,
        vec![AxisId::Edge(0, 0), AxisId::Edge(1, 1), AxisId::Edge(2, 2)]
    );
}

#[test]
fn face_of_b_separates_when_b_is_turned_45_degrees() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    // B's corner points at A; A's faces overlap B's projection, B's own face axis separates.
    let b = turned_about_z([2.3, 2.3, 0.0], [1.0, 1.0, 1.0], 45.0);
    let trace = sat::trace(&a, &b);
    assert_eq!(trace.separating_axis(), Some(AxisId::FaceB(0)));
    assert!(!trace.row(0).separating && !trace.row(1).separating);
}

#[test]
fn touching_faces_count_as_intersecting() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = aligned([2.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    assert!(sat::overlaps(&a, &b));
    assert!(sat::trace(&a, &b).intersecting());
}

#[test]
fn box_sliding_onto_a_face_touches_face_to_face_at_the_closing_time() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = turned_about_z([4.0, 0.2, 0.0], [0.5, 0.5, 0.5], 0.0);
    let contact = sat::first_contact(&a, Vector3::zeros(), &b, Vector3::new(-2.0, 0.0, 0.0), 2.0)
        .expect("they meet");
    assert!((contact.time - 1.25).abs() < 1e-12);
    assert_eq!(contact.axis, Some(AxisId::FaceA(0)));
    assert_eq!(contact.kind, ContactKind::FaceFace);
    assert!((contact.point - Vector3::new(1.0, 0.2, 0.0)).norm() < 1e-12);
    assert!((contact.normal - Vector3::x()).norm() < 1e-12);
}

#[test]
fn corner_first_box_touches_vertex_to_face() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let rotation = UnitQuaternion::from_euler_angles(0.3, 0.4, 0.5);
    let b = Obb::new(
        Vector3::new(0.0, 5.0, 0.0),
        rotation,
        Vector3::new(0.5, 0.4, 0.3),
    );
    let contact = sat::first_contact(&a, Vector3::zeros(), &b, Vector3::new(0.0, -1.0, 0.0), 10.0)
        .expect("they meet");
    assert_eq!(contact.axis, Some(AxisId::FaceA(1)));
    assert_eq!(contact.kind, ContactKind::VertexFace);
    let b_then = b.translated(&(Vector3::new(0.0, -1.0, 0.0) * contact.time));
    assert!(a.distance_to_point(&contact.point) < 1e-9);
    assert!(b_then.distance_to_point(&contact.point) < 1e-9);
    assert!((contact.point.y - 1.0).abs() < 1e-12);
}

#[test]
fn crossed_bars_meet_edge_to_edge() {
    // A long bar along x, a long bar along z lifted and turned 45° about its own length.
    let a = turned_about_z([0.0, 0.0, 0.0], [2.0, 0.2, 0.2], 0.0);
    let rotation = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.3)
        * UnitQuaternion::from_axis_angle(&Vector3::x_axis(), std::f64::consts::FRAC_PI_4);
    let b = Obb::new(
        Vector3::new(0.1, 3.0, 0.0),
        rotation,
        Vector3::new(0.2, 0.2, 2.0),
    );
    let velocity = Vector3::new(0.0, -1.0, 0.0);
    let contact = sat::first_contact(&a, Vector3::zeros(), &b, velocity, 5.0).expect("they meet");
    let b_then = b.translated(&(velocity * contact.time));
    assert!(a.distance_to_point(&contact.point) < 1e-9, "{contact:?}");
    assert!(
        b_then.distance_to_point(&contact.point) < 1e-9,
        "{contact:?}"
    );
    assert_eq!(contact.kind, ContactKind::EdgeEdge, "{contact:?}");
    assert!(matches!(contact.axis, Some(AxisId::Edge(..))));
}

#[test]
fn boxes_moving_past_each_other_never_touch() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = aligned([-5.0, 2.5, 0.0], [1.0, 1.0, 1.0]);
    let sweep = sat::sweep(&a, Vector3::zeros(), &b, Vector3::new(10.0, 0.0, 0.0), 1.0);
    assert_eq!(sweep.first_contact, None);
    assert!(
        sat::first_contact(&a, Vector3::zeros(), &b, Vector3::new(10.0, 0.0, 0.0), 1.0).is_none()
    );
}

#[test]
fn overlapping_boxes_touch_at_time_zero_with_a_point_inside_both() {
    let a = aligned([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    let b = turned_about_z([1.2, 0.5, 0.1], [1.0, 0.5, 0.7], 20.0);
    let contact = sat::first_contact(&a, Vector3::zeros(), &b, Vector3::x(), 1.0).expect("overlap");
    assert_eq!(contact.time, 0.0);
    assert_eq!(contact.axis, None);
    assert_eq!(contact.kind, ContactKind::Overlap);
    assert!(a.distance_to_point(&contact.point) < 1e-12);
    assert!(b.distance_to_point(&contact.point) < 1e-12);
}
