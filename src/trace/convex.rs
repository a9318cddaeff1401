//! Records for pairs with an ellipsoid, a cylinder or a k-DOP: GJK's iterations on the support
//! functions, EPA's expansions when they overlap, conservative advancement for the first contact,
//! the slab table of two k-DOPs, and the support point facing a plane (docs/methods.md §15.3–§15.6).

use nalgebra::Vector3;
use serde::Serialize;

use super::convex_text as words;
use super::pairs::{contact_record, velocity, PairRecord, Stage};
use super::shapes::place;
use super::surfaces::ShapeTable;
use crate::contact::{self, Shape};
use crate::geometry::advance::{conservative_advancement, Advancement, Motion};
use crate::geometry::epa::{penetration, EpaIteration};
use crate::geometry::epa_polish::Polish;
use crate::geometry::gjk::{GjkEnd, GjkIteration};
use crate::geometry::support::SupportMap;
use crate::geometry::{Convex, Plane};
use crate::sat::{kdop_trace, ShapeAxis};
use crate::scene::BodySpec;

/// GJK on the Minkowski difference `A - B` of a convex pair, as `explain --json` writes it.
#[derive(Clone, Debug, Serialize)]
pub struct GjkRecord {
    /// What plays A (the convex shape, or the first of two).
    pub a: String,
    /// What plays B (`triangle 3 of ramp` for a mesh's deciding triangle).
    pub b: String,
    /// Every iteration: the simplex it started from (points `w = a - b` with their sources), the
    /// search direction, the support point, and the distance bounds after it.
    pub iterations: Vec<GjkIteration>,
    /// Why GJK stopped: `converged`, `contains-origin`, `touching`, `no-progress`,
    /// `iteration-limit`.
    pub end: GjkEnd,
    /// The distance (0 when touching or overlapping).
    pub distance: f64,
    /// The point of A nearest B and the point of B nearest A.
    pub closest_points: [Vector3<f64>; 2],
    /// The absolute tolerance GJK used.
    pub tolerance: f64,
    /// When they overlap: EPA's expansions, the depth, the normal and the deepest points.
    pub epa: Option<EpaRecord>,
    /// When they are apart and closing: conservative advancement's steps to the first contact.
    pub advancement: Option<Advancement>,
}

/// EPA's record of an overlapping convex pair.
#[derive(Clone, Debug, Serialize)]
pub struct EpaRecord {
    /// Every expansion: the face nearest the origin and the support point beyond it.
    pub iterations: Vec<EpaIteration>,
    /// How deep they overlap (the nearest face's distance at the end).
    pub depth: f64,
    /// Unit normal from A towards B: moving B by `depth · normal` separates them.
    pub normal: Vector3<f64>,
    /// The deepest point of A inside B, and of B inside A.
    pub points: [Vector3<f64>; 2],
    /// The descent that polished EPA's normal (or decided an overlap GJK gave up on); absent
    /// when EPA's own answer stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polish: Option<Polish>,
}

/// Whether `explain` reads this pair here: one of its shapes is an ellipsoid, a cylinder or a
/// k-DOP.
pub(crate) fn is_convex_pair(a: &BodySpec, b: &BodySpec) -> bool {
    [a, b]
        .iter()
        .any(|body| matches!(body.shape, crate::scene::ShapeSpec::Convex(_)))
}

/// Explains a pair with an ellipsoid, a cylinder or a k-DOP.
pub(crate) fn convex_pair(
    a: &BodySpec,
    b: &BodySpec,
    time: f64,
    horizon: f64,
) -> Option<PairRecord> {
    let (pa, pb) = (place(a), place(b));
    let mut record = super::surfaces::blank(a, b);
    // The convex shape plays A, as in the contact table.
    let (first, second, ta, tb) = match (&pa, &pb) {
        (Shape::Convex(_), _) => (a, b, &pa, &pb),
        _ => (b, a, &pb, &pa),
    };
    let Shape::Convex(shape) = ta else {
        return None;
    };
    let motion = (velocity(first), velocity(second));
    match tb {
        Shape::Plane(p) => {
            let names = (a.name.as_str(), b.name.as_str());
            let (intersecting, sentence) = words::plane_sentence(shape, p, first, names);
            record.intersecting = intersecting;
            record.sentence = sentence;
        }
        Shape::Box(o) => gjk_record(
            &mut record,
            (first, shape),
            (&second.name, o),
            motion,
            horizon,
        ),
        Shape::Sphere(s) => gjk_record(
            &mut record,
            (first, shape),
            (&second.name, s),
            motion,
            horizon,
        ),
        Shape::Triangle(t) => gjk_record(
            &mut record,
            (first, shape),
            (&second.name, t),
            motion,
            horizon,
        ),
        Shape::Convex(other) => {
            gjk_record(
                &mut record,
                (first, shape),
                (&second.name, other),
                motion,
                horizon,
            );
            kdop_table(&mut record, (first, shape), (second, other));
        }
        Shape::Mesh(m) => {
            // The tree's walk, then GJK on the deciding triangle (the first met, or the
            // nearest tested when none meets).
            let query = crate::sat::convex_mesh(&shape.translated(&-m.offset), &m.mesh);
            let (traversal, deciding) = (query.traversal, query.deciding_triangle);
            record.mesh = Some(super::surfaces::walk(second, m, traversal, deciding));
            match deciding {
                Some(i) => {
                    let triangle = m.mesh.triangle(i).translated(&m.offset);
                    let name = format!("triangle {i} of {}", second.name);
                    gjk_record(&mut record, (first, shape), (&name, &triangle), motion, 0.0);
                }
                None => record.sentence = super::surface_text::mesh_sentence(&record),
            }
            record.intersecting = query.intersecting;
        }
    }
    let found = contact::first_contact(&pa, velocity(a), &pb, velocity(b), horizon);
    record.contact = found.map(|c| contact_record(&c, time, &a.name, &b.name));
    record.sentence = super::shapes::with_contact(
        record.sentence.clone(),
        record.contact.as_ref(),
        record.intersecting,
    );
    Some(record)
}

/// GJK (then EPA, or conservative advancement) of the convex shape A against B, into the record.
fn gjk_record<B: SupportMap>(
    record: &mut PairRecord,
    (first, a): (&BodySpec, &Convex),
    (second, b): (&str, &B),
    (va, vb): (Vector3<f64>, Vector3<f64>),
    horizon: f64,
) {
    let found = penetration(a, b);
    let gjk = &found.gjk;
    let epa = (found.signed_distance < 0.0).then(|| EpaRecord {
        iterations: found.iterations.clone(),
        depth: -found.signed_distance,
        normal: found.normal,
        points: [found.point_a, found.point_b],
        polish: found.polish.clone(),
    });
    let closing = va != vb && !gjk.intersecting && horizon > 0.0;
    let advancement = closing
        .then(|| conservative_advancement(a, &Motion::linear(va), b, &Motion::linear(vb), horizon));
    record.intersecting = gjk.intersecting || found.signed_distance < 0.0;
    record.stage = Stage::Exact;
    let shown = GjkRecord {
        a: first.name.clone(),
        b: second.to_string(),
        iterations: gjk.iterations.clone(),
        end: gjk.end,
        distance: gjk.distance,
        closest_points: [gjk.closest_a, gjk.closest_b],
        tolerance: gjk.tolerance,
        epa,
        advancement,
    };
    record.sentence = words::gjk_sentence(&record.a, &record.b, &shown);
    record.gjk = Some(shown);
}

/// Two k-DOPs with the same `k`: the slab table, one row per direction with the two intervals;
/// the verdict is the slabs' (all overlap) and GJK's on the two slab polytopes.
fn kdop_table(
    record: &mut PairRecord,
    (first, a): (&BodySpec, &Convex),
    (second, b): (&BodySpec, &Convex),
) {
    let (Convex::Kdop(ka), Convex::Kdop(kb)) = (a, b) else {
        return;
    };
    let Some(trace) = kdop_trace(ka, kb) else {
        return;
    };
    let mut table = ShapeTable::new(
        "kdop-kdop",
        (first.name.clone(), second.name.clone()),
        trace.rows.clone(),
    );
    table.intervals = Some(
        trace
            .intervals
            .iter()
            .map(|[(a0, a1), (b0, b1)]| [[*a0, *a1], [*b0, *b1]])
            .collect(),
    );
    table.polytopes_intersect = trace.polytopes_intersect;
    record.separating_axis = trace.separating_axis().map(ShapeAxis::name);
    record.intersecting = trace.slabs_overlap && trace.polytopes_intersect == Some(true);
    record.sentence = words::kdop_sentence(record, &table);
    record.table = Some(table);
}

/// The plane's view of a convex shape: on the centre's side, the support point facing it.
pub(crate) fn facing_plane(shape: &Convex, p: &Plane) -> (Vector3<f64>, f64, f64) {
    let centre = SupportMap::center(shape);
    let side = crate::math::sign(p.normal.dot(&centre) - p.offset);
    let toward = -p.normal * side;
    let lowest = shape.support(&toward);
    let reach = toward.dot(&(lowest - centre));
    (lowest, side * (p.normal.dot(&lowest) - p.offset), reach)
}
