//! Records for pairs that are not two boxes: spheres and planes.

use std::fmt::Write as _;

use nalgebra::Vector3;

use super::number::{coordinates, fixed};
use super::pairs::{contact_record, ContactRecord, PairRecord, Stage, StageCheck};
use super::rotating::{follow_rotation, spins};
use crate::contact::{self, Shape};
use crate::geometry::box_plane::obb_plane;
use crate::geometry::planes::sphere_plane;
use crate::geometry::spheres::{sphere_obb, sphere_sphere, SphereBoxStage};
use crate::geometry::{Obb, Plane, Sphere};
use crate::math::arr3;
use crate::scene::{BodySpec, ShapeSpec};

/// A body's shape placed at its state, as the contact table takes it.
pub(crate) fn place(body: &BodySpec) -> Shape {
    match &body.shape {
        &ShapeSpec::Box { half_extents } => {
            Shape::Box(Obb::new(body.center, body.rotation, half_extents))
        }
        &ShapeSpec::Sphere { radius } => Shape::Sphere(Sphere {
            center: body.center,
            radius,
        }),
        &ShapeSpec::Plane { normal, offset } => Shape::Plane(Plane { normal, offset }),
        &ShapeSpec::Triangle { vertices } => Shape::Triangle(crate::geometry::Triangle {
            vertices: vertices.map(|v| v + body.center),
        }),
        ShapeSpec::Mesh(spec) => Shape::Mesh(crate::contact::PlacedMesh {
            mesh: std::sync::Arc::clone(&spec.mesh),
            offset: body.center,
        }),
        ShapeSpec::Convex(convex) => Shape::Convex(convex.placed(body.center, body.rotation)),
    }
}

fn velocity(body: &BodySpec) -> Vector3<f64> {
    if body.fixed {
        Vector3::zeros()
    } else {
        body.velocity
    }
}

/// What the exact test of a non-box pair found, before it becomes a record.
struct Finding {
    intersecting: bool,
    stage: Stage,
    stages: Vec<StageCheck>,
    sentence: String,
}

/// Explains a pair involving a sphere or a plane; `None` for two planes.
pub(crate) fn other_pair(
    a: &BodySpec,
    b: &BodySpec,
    time: f64,
    horizon: f64,
) -> Option<PairRecord> {
    let (va, vb) = (velocity(a), velocity(b));
    let names = (a.name.as_str(), b.name.as_str());
    let (shape_a, shape_b) = (place(a), place(b));
    let finding = match (&shape_a, &shape_b) {
        (Shape::Sphere(s1), Shape::Sphere(s2)) => two_spheres(s1, s2, names),
        (Shape::Sphere(s), Shape::Box(o)) | (Shape::Box(o), Shape::Sphere(s)) => {
            sphere_box(s, o, names)
        }
        (Shape::Sphere(s), Shape::Plane(p)) | (Shape::Plane(p), Shape::Sphere(s)) => {
            sphere_flat(s, p, names)
        }
        (Shape::Box(o), Shape::Plane(p)) | (Shape::Plane(p), Shape::Box(o)) => {
            box_flat(o, p, names)
        }
        _ => return None,
    };
    let shapes = format!("{}-{}", shape_name(a), shape_name(b));
    // The contact comes from the contact table, as for the simulation.
    let contact = contact::first_contact(&shape_a, va, &shape_b, vb, horizon)
        .map(|found| contact_record(&found, time, &a.name, &b.name));
    let mut record = PairRecord {
        a: a.name.clone(),
        b: b.name.clone(),
        shapes,
        intersecting: finding.intersecting,
        stage: finding.stage,
        stages: finding.stages,
        separating_axis: None,
        robustness: "none",
        axes: Vec::new(),
        sweep: Vec::new(),
        resting_gap: None,
        sentence: String::new(),
        contact,
        approximations: Vec::new(),
        table: None,
        mesh: None,
        gjk: None,
    };
    // A spinning box is followed by the time-of-impact search (spheres look the same turned).
    let turning_box = |body: &BodySpec| matches!(body.shape, ShapeSpec::Box { .. }) && spins(body);
    if turning_box(a) || turning_box(b) {
        follow_rotation(&mut record, (a, b), time, horizon);
    }
    record.sentence = with_contact(
        finding.sentence,
        record.contact.as_ref(),
        finding.intersecting,
    );
    Some(record)
}

fn shape_name(body: &BodySpec) -> &'static str {
    body.shape.name()
}

pub(super) fn with_contact(
    mut sentence: String,
    contact: Option<&ContactRecord>,
    intersecting: bool,
) -> String {
    match contact {
        Some(c) if !intersecting => {
            let _ = write!(
                sentence,
                "; they first touch at t = {} s ({}), at {}",
                fixed(c.time, 5),
                c.kind,
                coordinates(&c.point, 2)
            );
        }
        None if !intersecting => sentence += "; they do not touch within the horizon",
        _ => {}
    }
    sentence
}

/// A signed gap in words, its number never negative: `gap 0.120`, `overlap 0.030`, `gap 0.000`.
pub(super) fn gap_or_overlap(gap: f64) -> String {
    if fixed(gap, 3).starts_with('-') {
        format!("overlap {}", fixed(-gap, 3))
    } else {
        format!("gap {}", fixed(gap, 3))
    }
}

pub(super) fn verdict(names: (&str, &str), intersecting: bool, gap: f64, what: &str) -> String {
    let (a, b) = names;
    if intersecting {
        format!(
            "{a} and {b} {}: {what}",
            if gap.abs() < 1e-9 { "touch" } else { "overlap" }
        )
    } else {
        format!("{a} and {b} do not collide: {what}")
    }
}

fn two_spheres(s1: &Sphere, s2: &Sphere, names: (&str, &str)) -> Finding {
    let test = sphere_sphere(s1, s2);
    let what = format!(
        "|C1 - C2| = {} {} r1 + r2 = {} ({})",
        fixed(test.center_distance, 3),
        if test.overlaps { "<=" } else { ">" },
        fixed(test.radius_sum, 3),
        gap_or_overlap(test.gap)
    );
    Finding {
        intersecting: test.overlaps,
        stage: Stage::Exact,
        stages: Vec::new(),
        sentence: verdict(names, test.overlaps, test.gap, &what),
    }
}

fn sphere_box(s: &Sphere, o: &Obb, names: (&str, &str)) -> Finding {
    let test = sphere_obb(s, o);
    let rejected = test.decided_by == SphereBoxStage::EnclosingSphere;
    let stages = vec![StageCheck {
        stage: Stage::Spheres,
        separated: rejected,
        detail: format!(
            "|C - C_box| = {} {} r + r_box = {}",
            fixed(test.enclosing.center_distance, 3),
            if rejected { ">" } else { "<=" },
            fixed(test.enclosing.radius_sum, 3)
        ),
    }];
    let what = match (test.gap, test.closest_point) {
        (Some(gap), Some(q)) => format!(
            "the box point closest to the centre, {}, is {} from the surface ({})",
            coordinates(&arr3(&q), 2),
            fixed(gap.abs(), 3),
            gap_or_overlap(gap)
        ),
        _ => "the sphere misses the box's enclosing sphere".to_string(),
    };
    Finding {
        intersecting: test.overlaps,
        stage: if rejected {
            Stage::Spheres
        } else {
            Stage::Exact
        },
        stages,
        sentence: verdict(names, test.overlaps, test.gap.unwrap_or(1.0), &what),
    }
}

fn sphere_flat(s: &Sphere, p: &Plane, names: (&str, &str)) -> Finding {
    let test = sphere_plane(s, p);
    let what = format!(
        "the centre is {} from the plane, the radius is {} ({})",
        fixed(test.center_distance.abs(), 3),
        fixed(test.effective_radius, 3),
        gap_or_overlap(test.gap)
    );
    Finding {
        intersecting: test.overlaps,
        stage: Stage::Exact,
        stages: Vec::new(),
        sentence: verdict(names, test.overlaps, test.gap, &what),
    }
}

fn box_flat(o: &Obb, p: &Plane, names: (&str, &str)) -> Finding {
    let test = obb_plane(o, p);
    let what = format!(
        "the centre is {} from the plane, the effective radius sum a_i |A_i.N| is {} ({})",
        fixed(test.proximity.center_distance.abs(), 3),
        fixed(test.proximity.effective_radius, 3),
        gap_or_overlap(test.proximity.gap)
    );
    Finding {
        intersecting: test.proximity.overlaps,
        stage: Stage::Exact,
        stages: Vec::new(),
        sentence: verdict(names, test.proximity.overlaps, test.proximity.gap, &what),
    }
}
