//! Records for pairs that are not two boxes: spheres and planes.

use std::fmt::Write as _;

use nalgebra::Vector3;

use super::kinds;
use super::number::{coordinates, fixed};
use super::pairs::{ContactRecord, PairRecord, Stage, StageCheck};
use super::rotating::{follow_rotation, spins};
use crate::geometry::box_plane::{obb_plane, sweep_obb_plane};
use crate::geometry::planes::{sphere_plane, sweep_sphere_plane};
use crate::geometry::sphere_box::sweep_sphere_obb;
use crate::geometry::spheres::{sphere_obb, sphere_sphere, sweep_spheres, SphereBoxStage};
use crate::geometry::{Obb, Plane, Sphere};
use crate::math::arr3;
use crate::scene::{BodySpec, ShapeSpec};

/// A body's shape placed at its state.
enum Placed {
    Box(Obb),
    Ball(Sphere),
    Flat(Plane),
}

fn place(body: &BodySpec) -> Placed {
    match body.shape {
        ShapeSpec::Box { half_extents } => {
            Placed::Box(Obb::new(body.center, body.rotation, half_extents))
        }
        ShapeSpec::Sphere { radius } => Placed::Ball(Sphere {
            center: body.center,
            radius,
        }),
        ShapeSpec::Plane { normal, offset } => Placed::Flat(Plane { normal, offset }),
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
    contact: Option<(f64, Vector3<f64>, Vector3<f64>, String)>,
}

/// Explains a pair involving a sphere or a plane; `None` for two planes.
pub(crate) fn other_pair(
    a: &BodySpec,
    b: &BodySpec,
    time: f64,
    horizon: f64,
) -> Option<PairRecord> {
    let (va, vb) = (velocity(a), velocity(b));
    // Normalise to (sphere|box, ...) orders and remember whether the normal must flip.
    let (finding, flip) = match (place(a), place(b)) {
        (Placed::Ball(s1), Placed::Ball(s2)) => (
            two_spheres(&s1, va, &s2, vb, horizon, (&a.name, &b.name)),
            false,
        ),
        (Placed::Ball(s), Placed::Box(o)) => (
            sphere_box(&s, va, &o, vb, horizon, (&a.name, &b.name)),
            false,
        ),
        (Placed::Box(o), Placed::Ball(s)) => (
            sphere_box(&s, vb, &o, va, horizon, (&a.name, &b.name)),
            true,
        ),
        (Placed::Ball(s), Placed::Flat(p)) => (
            sphere_flat(&s, va - vb, &p, horizon, (&a.name, &b.name)),
            false,
        ),
        (Placed::Flat(p), Placed::Ball(s)) => (
            sphere_flat(&s, vb - va, &p, horizon, (&a.name, &b.name)),
            true,
        ),
        (Placed::Box(o), Placed::Flat(p)) => (
            box_flat(&o, va - vb, &p, horizon, (&a.name, &b.name)),
            false,
        ),
        (Placed::Flat(p), Placed::Box(o)) => {
            (box_flat(&o, vb - va, &p, horizon, (&a.name, &b.name)), true)
        }
        _ => return None,
    };
    let shapes = format!("{}-{}", shape_name(a), shape_name(b));
    let contact = finding
        .contact
        .map(|(t, point, normal, kind)| ContactRecord {
            time: time + t,
            point: arr3(&point),
            axis: None,
            features: format!("{kind} contact"),
            kind,
            normal: arr3(&if flip { -normal } else { normal }),
            region: vec![arr3(&point)],
        });
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
        sentence: String::new(),
        contact,
        approximations: Vec::new(),
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
    match body.shape {
        ShapeSpec::Box { .. } => "box",
        ShapeSpec::Sphere { .. } => "sphere",
        ShapeSpec::Plane { .. } => "plane",
    }
}

fn with_contact(
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
fn gap_or_overlap(gap: f64) -> String {
    if fixed(gap, 3).starts_with('-') {
        format!("overlap {}", fixed(-gap, 3))
    } else {
        format!("gap {}", fixed(gap, 3))
    }
}

fn verdict(names: (&str, &str), intersecting: bool, gap: f64, what: &str) -> String {
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

fn two_spheres(
    s1: &Sphere,
    v1: Vector3<f64>,
    s2: &Sphere,
    v2: Vector3<f64>,
    horizon: f64,
    names: (&str, &str),
) -> Finding {
    let test = sphere_sphere(s1, s2);
    let sweep = sweep_spheres(s1, &v1, s2, &v2, horizon);
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
        contact: sweep
            .time
            .zip(sweep.contact)
            .map(|(t, c)| (t, c.point, c.normal, "sphere-sphere".to_string())),
    }
}

fn sphere_box(
    s: &Sphere,
    vs: Vector3<f64>,
    o: &Obb,
    vo: Vector3<f64>,
    horizon: f64,
    names: (&str, &str),
) -> Finding {
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
    let contact = sweep_sphere_obb(s, &vs, o, &vo, horizon).map(|hit| {
        let kind = kinds::sphere_box(hit.clamped_coordinates);
        let center = s.center + vs * hit.time;
        let normal = (hit.point - center)
            .try_normalize(1e-300)
            .unwrap_or_else(Vector3::zeros);
        // The normal runs from the sphere (listed first here) to the box.
        (hit.time, hit.point, normal, kind.to_string())
    });
    Finding {
        intersecting: test.overlaps,
        stage: if rejected {
            Stage::Spheres
        } else {
            Stage::Exact
        },
        stages,
        sentence: verdict(names, test.overlaps, test.gap.unwrap_or(1.0), &what),
        contact,
    }
}

fn sphere_flat(
    s: &Sphere,
    v: Vector3<f64>,
    p: &Plane,
    horizon: f64,
    names: (&str, &str),
) -> Finding {
    let test = sphere_plane(s, p);
    let sweep = sweep_sphere_plane(s, &v, p, horizon);
    let what = format!(
        "the centre is {} from the plane, the radius is {} ({})",
        fixed(test.center_distance.abs(), 3),
        fixed(test.effective_radius, 3),
        gap_or_overlap(test.gap)
    );
    let toward_plane = -p.normal * test.center_distance.signum();
    Finding {
        intersecting: test.overlaps,
        stage: Stage::Exact,
        stages: Vec::new(),
        sentence: verdict(names, test.overlaps, test.gap, &what),
        contact: sweep
            .sweep
            .time
            .zip(sweep.contact_point)
            .map(|(t, q)| (t, q, toward_plane, "sphere-plane".into())),
    }
}

fn box_flat(o: &Obb, v: Vector3<f64>, p: &Plane, horizon: f64, names: (&str, &str)) -> Finding {
    let test = obb_plane(o, p);
    let sweep = sweep_obb_plane(o, &v, p, horizon);
    let what = format!(
        "the centre is {} from the plane, the effective radius sum a_i |A_i.N| is {} ({})",
        fixed(test.proximity.center_distance.abs(), 3),
        fixed(test.proximity.effective_radius, 3),
        gap_or_overlap(test.proximity.gap)
    );
    let toward_plane = -p.normal * test.proximity.center_distance.signum();
    Finding {
        intersecting: test.proximity.overlaps,
        stage: Stage::Exact,
        stages: Vec::new(),
        sentence: verdict(names, test.proximity.overlaps, test.proximity.gap, &what),
        contact: sweep
            .sweep
            .time
            .zip(sweep.contact_point)
            .map(|(t, q)| (t, q, toward_plane, kinds::box_plane(sweep.feature).into())),
    }
}
