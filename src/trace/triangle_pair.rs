//! Two triangles in `explain`: the rows of their table, Möller's verdict as a check, and, when
//! one moves, the sweep over the rows and the first contact (docs/methods.md §15.2).

use super::pairs::{contact_record_parts, velocity, PairRecord, SweepRecord};
use super::surface_text as words;
use super::surfaces::ShapeTable;
use crate::geometry::Triangle;
use crate::sat::{self, ContactKind, ShapeAxis, ShapeContact};
use crate::scene::BodySpec;

/// Fills `record` for the triangles `a` (A of the table) and `b` at scene time `time`, searching
/// `horizon` seconds ahead when either moves.
pub(super) fn triangle_triangle(
    record: &mut PairRecord,
    (first, a): (&BodySpec, &Triangle),
    (second, b): (&BodySpec, &Triangle),
    time: f64,
    horizon: f64,
) {
    let trace = sat::triangle_triangle_trace(a, b);
    record.intersecting = trace.intersecting();
    record.separating_axis = trace.separating_axis().map(ShapeAxis::name);
    let mut table = ShapeTable::new(
        "triangle-triangle",
        (first.name.clone(), second.name.clone()),
        trace.rows.clone(),
    );
    table.coplanar = Some(trace.coplanar);
    table.moller = Some(trace.moller);
    let (va, vb) = (velocity(first), velocity(second));
    let moving = va != vb;
    if moving {
        let sweep = sat::sweep_triangles(a, va, b, vb, horizon);
        let finite = |t: f64| t.is_finite().then_some(time + t);
        record.sweep = sweep
            .rows
            .iter()
            .map(|row| SweepRecord {
                axis: row.axis.name(),
                entry: finite(row.entry),
                exit: finite(row.exit),
                skipped: row.skipped,
            })
            .collect();
        record.contact = sat::triangles_first_contact(a, va, b, vb, horizon).map(|c| {
            let features = features(&c, &first.name, &second.name);
            contact_record_parts(&c, time, features)
        });
    }
    record.sentence = words::triangles_sentence(record, &table, moving);
    record.table = Some(table);
}

/// The touching features of two triangles in words.
fn features(c: &ShapeContact, a: &str, b: &str) -> String {
    let Some(axis) = c.axis else {
        return format!("{a} and {b} already overlap (the point is inside both)");
    };
    let (face, other) = match axis {
        ShapeAxis::NormalB => (b, a),
        _ => (a, b),
    };
    match (axis, c.kind) {
        (ShapeAxis::NormalA | ShapeAxis::NormalB, ContactKind::VertexFace) => {
            format!("a corner of {other} against the face of {face} (axis {axis})")
        }
        (ShapeAxis::NormalA | ShapeAxis::NormalB, ContactKind::EdgeFace) => {
            format!("an edge of {other} lying on the face of {face} (axis {axis})")
        }
        (ShapeAxis::NormalA | ShapeAxis::NormalB, _) => {
            format!("{other} flat on the face of {face} (axis {axis})")
        }
        (ShapeAxis::EdgeEdge(i, j), _) => {
            format!("edge EA{i} of {a} against edge EB{j} of {b} (axis {axis})")
        }
        (ShapeAxis::InPlaneA(i), _) => {
            format!("{b} against edge EA{i} of {a}, in their common plane (axis {axis})")
        }
        (ShapeAxis::InPlaneB(j), _) => {
            format!("{a} against edge EB{j} of {b}, in their common plane (axis {axis})")
        }
        _ => format!("{} (axis {axis})", c.kind.name()),
    }
}
