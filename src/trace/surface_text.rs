//! The words of pairs with a triangle or a mesh: sentences, the touching features, the walk of a
//! mesh's tree and the shape tables as text.

use std::fmt::Write as _;

use super::number::{coordinates, counted, fixed};
use super::pairs::PairRecord;
use super::shapes::gap_or_overlap;
use super::surfaces::ShapeTable;
use crate::contact::PairContact;
use crate::geometry::sphere_triangle::SphereTriangle;
use crate::geometry::triangle::TriangleFeature;
use crate::math::arr3;
use crate::sat::{ContactKind, MollerStage, ShapeAxis};
use crate::scene::{BodySpec, ShapeSpec};

/// The verdict of a table: the first separating row, else the deciding row's overlap.
pub(super) fn table_sentence(record: &PairRecord, table: &ShapeTable) -> String {
    let (a, b) = (&record.a, &record.b);
    format!("{a} and {b} {}", table_verdict(table))
}

/// `do not collide: axis …` or `touch: …` or `overlap: …` for a table.
fn table_verdict(table: &ShapeTable) -> String {
    let Some(row) = table.deciding_row() else {
        return "overlap: no axis separates them".to_string();
    };
    let gap = row.gap.unwrap_or(0.0);
    if row.separating {
        format!(
            "do not collide: axis {} separates them by {} (R = {} > R0 + R1 = {})",
            row.axis,
            fixed(gap, 3),
            fixed(row.r, 3),
            fixed(row.r0 + row.r1, 3)
        )
    } else if gap.abs() < 1e-9 {
        format!(
            "touch: no axis separates them; they meet along {} with zero gap",
            row.axis
        )
    } else {
        format!(
            "overlap: no axis separates them; the smallest overlap is {} along {}",
            fixed(-gap, 3),
            row.axis
        )
    }
}

/// Two triangles: the table's verdict, Möller's test as a check, and (`moving`: one moves) the
/// first contact.
pub(super) fn triangles_sentence(record: &PairRecord, table: &ShapeTable, moving: bool) -> String {
    let mut sentence = table_sentence(record, table);
    if table.coplanar == Some(true) {
        sentence += " (the triangles lie in one plane: the in-plane rows decide)";
    }
    if let Some(moller) = &table.moller {
        let agrees = moller.intersecting != table.separated();
        sentence += if agrees {
            "; Moller's test agrees"
        } else {
            "; Moller's test disagrees"
        };
    }
    if moving {
        let mut moved = record.clone();
        moved.sentence = sentence;
        return with_contact(&moved);
    }
    if !record.intersecting {
        sentence += "; neither moves, so they never touch";
    }
    sentence
}

/// What decided Möller's test, in words.
fn moller_words(stage: MollerStage, intersecting: bool) -> String {
    match stage {
        MollerStage::PlaneA => "B's corners all lie on one side of A's plane".to_string(),
        MollerStage::PlaneB => "A's corners all lie on one side of B's plane".to_string(),
        MollerStage::Intervals { .. } => format!(
            "the triangles' intervals on the line where their planes meet {}",
            if intersecting { "overlap" } else { "are apart" }
        ),
        MollerStage::Coplanar => format!(
            "the triangles lie in one plane and {} in 2D",
            if intersecting { "meet" } else { "are apart" }
        ),
    }
}

/// A pair with a mesh: the walk of the tree, then the deciding triangle's table.
pub(super) fn mesh_sentence(record: &PairRecord) -> String {
    let (a, b) = (&record.a, &record.b);
    let Some(walk) = &record.mesh else {
        return format!("{a} and {b}");
    };
    let mesh = &walk.mesh;
    match (&record.table, walk.deciding_triangle) {
        (Some(table), Some(_)) if record.intersecting => format!(
            "{a} and {b} {}: {} is the first triangle of {mesh} the tree finds meeting {}",
            table_verdict(table),
            table.b,
            table.a
        ),
        (Some(table), Some(_)) => format!(
            "{a} and {b} do not collide: no triangle of {mesh} meets {} ({} tested); the \
             nearest, {}, {}",
            table.a,
            walk.triangles_tested,
            table.b,
            table_verdict(table).trim_start_matches("do not collide: ")
        ),
        _ => format!(
            "{a} and {b} do not collide: the boxes of {mesh}'s tree keep every triangle away \
             ({}, no triangle tested)",
            counted(walk.nodes_visited, "node visited", "nodes visited")
        ),
    }
}

/// A sphere and a triangle (`triangle` names a mesh's): the triangle's point nearest the centre.
pub(super) fn sphere_sentence(
    (a, b): (&str, &str),
    (sphere, surface): (&BodySpec, &BodySpec),
    test: &SphereTriangle,
    triangle: Option<usize>,
) -> String {
    let radius = match sphere.shape {
        ShapeSpec::Sphere { radius } => radius,
        _ => 0.0,
    };
    let name = &surface.name;
    let owner = triangle.map_or_else(|| name.clone(), |i| format!("triangle {i} of {name}"));
    let verdict = if !test.touching {
        "do not collide"
    } else if test.gap.abs() < 1e-9 {
        "touch"
    } else {
        "overlap"
    };
    format!(
        "{a} and {b} {verdict}: the point of {owner} nearest the centre, {}, on {}, is {} from \
         it against a radius of {} ({})",
        coordinates(&arr3(&test.closest), 2),
        feature_words(test.feature),
        fixed(test.gap + radius, 3),
        fixed(radius, 3),
        gap_or_overlap(test.gap)
    )
}

/// `vertex 2`, `edge E1` or `its face`.
fn feature_words(feature: TriangleFeature) -> String {
    match feature {
        TriangleFeature::Vertex(k) => format!("vertex {k}"),
        TriangleFeature::Edge(k) => format!("edge E{k}"),
        TriangleFeature::Face => "its face".to_string(),
    }
}

/// The sentence with the first contact, as for two boxes.
pub(super) fn with_contact(record: &PairRecord) -> String {
    let mut sentence = record.sentence.clone();
    match &record.contact {
        Some(c) if c.axis.is_some() || !record.intersecting => {
            let _ = write!(
                sentence,
                "; they first touch at t = {} s, {}, at {}",
                fixed(c.time, 5),
                c.features,
                coordinates(&c.point, 2)
            );
        }
        None if !record.intersecting => sentence += "; they do not touch within the horizon",
        _ => {}
    }
    sentence
}

/// The touching features of a box or a sphere (`first`) and a triangle or a mesh (`second`).
pub(super) fn describe(c: &PairContact, first: &str, second: &str) -> String {
    let surface = c.triangle.map_or_else(
        || second.to_string(),
        |i| format!("triangle {i} of {second}"),
    );
    if let Some(feature) = c.triangle_feature {
        return format!("{first} against {} of {surface}", feature_words(feature));
    }
    let Some(axis) = c.shape_axis else {
        return format!("{first} and {surface} already overlap (the point is inside both)");
    };
    let kind = c.features.unwrap_or(ContactKind::Overlap);
    let region = c.region.len();
    match (axis, kind) {
        (ShapeAxis::TriangleNormal, ContactKind::VertexFace) => {
            format!("a corner of {first} against the face of {surface} (axis T)")
        }
        (ShapeAxis::TriangleNormal, ContactKind::EdgeFace) => format!(
            "an edge of {first} lying on the face of {surface} (axis T; the middle of the \
             touching segment)"
        ),
        (ShapeAxis::TriangleNormal, _) => format!(
            "a face of {first} flat on {surface} (axis T; the centroid of the {region}-sided \
             overlap)"
        ),
        (ShapeAxis::BoxFace(i), ContactKind::VertexFace) => {
            format!("a corner of {surface} against face A{i} of {first} (axis A{i})")
        }
        (ShapeAxis::BoxFace(i), ContactKind::EdgeFace) => format!(
            "an edge of {surface} lying on face A{i} of {first} (axis A{i}; the middle of the \
             touching segment)"
        ),
        (ShapeAxis::BoxFace(i), _) => format!(
            "{surface} flat on face A{i} of {first} (axis A{i}; the centroid of the \
             {region}-sided overlap)"
        ),
        (ShapeAxis::BoxEdgeTriangleEdge(i, j), _) => {
            format!("an edge of {first} along A{i} against edge E{j} of {surface} (axis {axis})")
        }
        _ => format!("{} (axis {axis})", kind.name()),
    }
}

/// The walk of a mesh's tree and the shape table, as text.
pub(super) fn write_surface(out: &mut String, pair: &PairRecord) {
    if let Some(walk) = &pair.mesh {
        let decides = walk.deciding_triangle.map_or_else(
            || "no triangle reached".to_string(),
            |i| format!("triangle {i} decides"),
        );
        let _ = writeln!(
            out,
            "  tree of {}: {}; {}, {}; {decides}",
            walk.mesh,
            counted(walk.triangles, "triangle", "triangles"),
            counted(walk.nodes_visited, "node visited", "nodes visited"),
            counted(walk.triangles_tested, "triangle tested", "triangles tested")
        );
    }
    let Some(table) = &pair.table else {
        return;
    };
    let parts = if table.table == "box-triangle" {
        "A0 A1 A2 are the axes of the box, E0 E1 E2 the edges of the triangle"
    } else if table.table == "kdop-kdop" {
        "S0 S1 S2 are x, y, z, the rest the diagonals of the direction set; R0 and R1 are half \
         the slabs' widths"
    } else {
        "NA and EA0 EA1 EA2 belong to A, NB and EB0 EB1 EB2 to B"
    };
    let _ = writeln!(
        out,
        "  {} table of A = {} and B = {} ({parts})",
        table.table, table.a, table.b
    );
    let _ = writeln!(
        out,
        "  {:<8} {:>10} {:>10} {:>10} {:>11} {:>10}",
        "axis", "R", "R0", "R1", "R-(R0+R1)", "gap"
    );
    let deciding = table.deciding.as_deref();
    let coplanar = table.coplanar == Some(true);
    for row in &table.rows {
        let gap = row.gap.map_or_else(|| "-".to_string(), |g| fixed(g, 4));
        let decides = deciding == Some(row.axis.name().as_str());
        let mark = if decides && row.separating {
            "separates (first, decides)"
        } else if row.separating {
            "separates"
        } else if row.degenerate {
            "degenerate (parallel edges or no area)"
        } else if coplanar && !row.axis.is_in_plane() {
            "along the common normal (coplanar)"
        } else if decides && row.gap.is_some_and(|g| g.abs() < 1e-9) {
            "touching (decides)"
        } else if decides {
            "smallest overlap (decides)"
        } else {
            ""
        };
        let line = format!(
            "  {:<8} {:>10} {:>10} {:>10} {:>11} {gap:>10}  {mark}",
            row.axis,
            fixed(row.r, 4),
            fixed(row.r0, 4),
            fixed(row.r1, 4),
            fixed(row.r - row.r0 - row.r1, 4)
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if let Some(moller) = &table.moller {
        let _ = writeln!(
            out,
            "  Moller's test: {}, as {}",
            if moller.intersecting {
                "intersecting"
            } else {
                "apart"
            },
            moller_words(moller.stage, moller.intersecting)
        );
    }
}
