//! Records for pairs with a triangle or a mesh: the 13-row box–triangle table, the
//! triangle–triangle table with Möller's verdict as a check, the nearest point of a triangle to a
//! sphere, and the walk of a mesh's tree before its deciding triangle (docs/methods.md §15).

use serde::Serialize;

use super::pairs::{contact_record, velocity, PairRecord, Stage, SweepRecord};
use super::shapes::place;
use super::surface_text as words;
use crate::contact::{self, PlacedMesh, Shape};
use crate::geometry::sphere_triangle::sphere_triangle;
use crate::geometry::{Obb, Sphere, Triangle};
use crate::sat::{self, MollerTest, ShapeAxis, ShapeRow};
use crate::scene::{BodySpec, ShapeSpec};

/// The table of a pair with a triangle, as `explain --json` writes it.
#[derive(Clone, Debug, Serialize)]
pub struct ShapeTable {
    /// `box-triangle` (rows `T A0 A1 A2 A0xE0 … A2xE2`), `triangle-triangle` (rows `NA NB
    /// EA0xEB0 … EA2xEB2`, then `NAxEA0 … NBxEB2` when coplanar) or `kdop-kdop` (rows `S0 …`,
    /// one per slab direction: x, y, z, then the corner and edge diagonals of the set).
    pub table: &'static str,
    /// What plays A in the axis names: the box, or the first triangle.
    pub a: String,
    /// What plays B: the triangle (`triangle 3 of ramp` for a mesh's).
    pub b: String,
    /// The rows in table order: axis, `l` (world), `r`, `r0`, `r1`, `separating`, `degenerate`,
    /// `gap`, as the rows of two boxes.
    pub rows: Vec<ShapeRow>,
    /// The row that decides: the first separating one, else the one of largest gap (the
    /// smallest overlap, or zero when they touch).
    pub deciding: Option<String>,
    /// Triangle–triangle: whether the triangles lie in one plane (the in-plane rows decide).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coplanar: Option<bool>,
    /// Triangle–triangle: Möller's interval test of the same pair, computed on its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moller: Option<MollerTest>,
    /// Two k-DOPs: per slab row, the two intervals `[[min_a, max_a], [min_b, max_b]]` along its
    /// unit direction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intervals: Option<Vec<[[f64; 2]; 2]>>,
    /// Two k-DOPs whose slabs all overlap: whether GJK finds the two slab polytopes meeting (the
    /// slab test alone is conservative in 3D).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polytopes_intersect: Option<bool>,
}

/// The walk of a mesh's tree for one pair.
#[derive(Clone, Debug, Serialize)]
pub struct MeshWalk {
    /// The mesh body's name.
    pub mesh: String,
    /// How many triangles the mesh has.
    pub triangles: usize,
    /// Nodes of the tree whose box was tested.
    pub nodes_visited: usize,
    /// Triangles handed to the exact test (the walk stops at the first that meets).
    pub triangles_tested: usize,
    /// The first triangle met, or the nearest one tested when none meets; `null` when the tree
    /// rejected every leaf.
    pub deciding_triangle: Option<usize>,
}

impl ShapeTable {
    /// The table named `table` of `rows`, A and B named.
    pub(crate) fn new(table: &'static str, (a, b): (String, String), rows: Vec<ShapeRow>) -> Self {
        let deciding = deciding(&rows).map(|row| row.axis.name());
        Self {
            table,
            a,
            b,
            rows,
            deciding,
            coplanar: None,
            moller: None,
            intervals: None,
            polytopes_intersect: None,
        }
    }

    /// The deciding row.
    pub fn deciding_row(&self) -> Option<&ShapeRow> {
        let name = self.deciding.as_deref()?;
        self.rows.iter().find(|row| row.axis.name() == name)
    }

    /// Whether a row separates.
    pub fn separated(&self) -> bool {
        self.rows.iter().any(|row| row.separating)
    }
}

/// Whether `explain` reports a pair of these shapes: every pair but two planes, a plane with a
/// triangle or a mesh, and two meshes (pairs the contact table never tests and that have no table).
pub fn is_explained(a: &ShapeSpec, b: &ShapeSpec) -> bool {
    let plane = |s: &ShapeSpec| matches!(s, ShapeSpec::Plane { .. });
    let mesh = |s: &ShapeSpec| matches!(s, ShapeSpec::Mesh(_));
    let still = |s: &ShapeSpec| plane(s) || s.is_surface();
    !(plane(a) && still(b) || plane(b) && still(a) || mesh(a) && mesh(b))
}

/// The row that decides: the first separating one in table order, else the tested row of
/// largest gap (the first on a tie).
fn deciding(rows: &[ShapeRow]) -> Option<&ShapeRow> {
    rows.iter().find(|row| row.separating).or_else(|| {
        rows.iter()
            .filter(|row| row.gap.is_some())
            .fold(None, |best: Option<&ShapeRow>, row| match best {
                Some(b) if b.gap >= row.gap => Some(b),
                _ => Some(row),
            })
    })
}

/// Explains a pair with a triangle or a mesh; `None` for a pair the contact table never tests
/// and that has no table (a plane, or two meshes).
pub(crate) fn surface_pair(
    a: &BodySpec,
    b: &BodySpec,
    time: f64,
    horizon: f64,
) -> Option<PairRecord> {
    let (pa, pb) = (place(a), place(b));
    let mut record = blank(a, b);
    // Which body plays which part, whatever the scene's order.
    let (first, second, ta, tb) = match (&pa, &pb) {
        (Shape::Box(_) | Shape::Sphere(_), _)
        | (Shape::Triangle(_), Shape::Mesh(_) | Shape::Triangle(_)) => (a, b, &pa, &pb),
        _ => (b, a, &pb, &pa),
    };
    match (ta, tb) {
        (Shape::Box(o), Shape::Triangle(t)) => box_triangle(&mut record, (first, o), (second, t)),
        (Shape::Box(o), Shape::Mesh(m)) => box_mesh(&mut record, (first, o), (second, m)),
        (Shape::Sphere(s), Shape::Triangle(t)) => {
            let test = sphere_triangle(s, t);
            record.intersecting = test.touching;
            let names = (a.name.as_str(), b.name.as_str());
            record.sentence = words::sphere_sentence(names, (first, second), &test, None);
        }
        (Shape::Sphere(s), Shape::Mesh(m)) => sphere_mesh(&mut record, (first, s), (second, m)),
        (Shape::Triangle(t), Shape::Triangle(u)) => {
            let (at, far) = (time, horizon);
            super::triangle_pair::triangle_triangle(&mut record, (first, t), (second, u), at, far);
            return Some(record);
        }
        (Shape::Triangle(t), Shape::Mesh(m)) => {
            triangle_mesh(&mut record, (first, t), (second, m));
            return Some(record);
        }
        _ => return None,
    }
    let found = contact::first_contact(&pa, velocity(a), &pb, velocity(b), horizon);
    record.contact = found.map(|c| {
        let mut shown = contact_record(&c, time, &a.name, &b.name);
        shown.axis = c.shape_axis.map(ShapeAxis::name);
        shown.features = words::describe(&c, &first.name, &second.name);
        shown
    });
    if matches!(ta, Shape::Box(_)) && matches!(tb, Shape::Triangle(_)) {
        record.sweep = box_triangle_sweep((first, second), time, horizon);
    }
    record.sentence = words::with_contact(&record);
    Some(record)
}

/// A record of the pair with nothing decided yet.
pub(crate) fn blank(a: &BodySpec, b: &BodySpec) -> PairRecord {
    PairRecord {
        a: a.name.clone(),
        b: b.name.clone(),
        shapes: format!("{}-{}", a.shape.name(), b.shape.name()),
        intersecting: false,
        stage: Stage::Exact,
        stages: Vec::new(),
        separating_axis: None,
        robustness: "none",
        axes: Vec::new(),
        sweep: Vec::new(),
        contact: None,
        approximations: Vec::new(),
        table: None,
        mesh: None,
        gjk: None,
        resting_gap: None,
        sentence: String::new(),
    }
}

/// The 13 rows of a box and a triangle.
fn box_triangle(
    record: &mut PairRecord,
    (bx, o): (&BodySpec, &Obb),
    (tb, t): (&BodySpec, &Triangle),
) {
    let trace = sat::box_triangle_trace(o, t);
    record.intersecting = trace.intersecting();
    record.separating_axis = trace.separating_axis().map(ShapeAxis::name);
    record.robustness = "per-axis";
    let table = ShapeTable::new(
        "box-triangle",
        (bx.name.clone(), tb.name.clone()),
        trace.rows.to_vec(),
    );
    record.sentence = words::table_sentence(record, &table);
    record.table = Some(table);
}

/// The walk of the tree for a box, then the deciding triangle's 13 rows.
fn box_mesh(
    record: &mut PairRecord,
    (bx, o): (&BodySpec, &Obb),
    (mb, m): (&BodySpec, &PlacedMesh),
) {
    let query = sat::box_mesh(&o.translated(&-m.offset), &m.mesh);
    record.intersecting = query.intersecting;
    record.robustness = "per-axis";
    record.mesh = Some(walk(mb, m, query.traversal, query.deciding_triangle));
    if let (Some(i), Some(trace)) = (query.deciding_triangle, query.evidence) {
        if query.intersecting {
            record.separating_axis = None;
        } else {
            record.separating_axis = trace.separating_axis().map(ShapeAxis::name);
        }
        let names = (bx.name.clone(), format!("triangle {i} of {}", mb.name));
        record.table = Some(ShapeTable::new("box-triangle", names, trace.rows.to_vec()));
    }
    record.sentence = words::mesh_sentence(record);
}

/// The walk of the tree for a sphere, then the deciding triangle's nearest point.
fn sphere_mesh(
    record: &mut PairRecord,
    (sb, s): (&BodySpec, &Sphere),
    (mb, m): (&BodySpec, &PlacedMesh),
) {
    let local = Sphere {
        center: s.center - m.offset,
        ..*s
    };
    let query = sat::sphere_mesh(&local, &m.mesh);
    record.intersecting = query.intersecting;
    record.mesh = Some(walk(mb, m, query.traversal, query.deciding_triangle));
    let evidence = query.evidence.map(|mut test| {
        test.closest += m.offset;
        test
    });
    record.sentence = match (evidence, query.deciding_triangle) {
        (Some(test), Some(i)) => {
            let names = (record.a.as_str(), record.b.as_str());
            words::sphere_sentence(names, (sb, mb), &test, Some(i))
        }
        _ => words::mesh_sentence(record),
    };
}

/// The walk of the tree for a triangle, then the deciding pair's table; the first contact of two
/// surfaces is not searched.
fn triangle_mesh(
    record: &mut PairRecord,
    (tb, t): (&BodySpec, &Triangle),
    (mb, m): (&BodySpec, &PlacedMesh),
) {
    let query = sat::triangle_mesh(&t.translated(&-m.offset), &m.mesh);
    record.intersecting = query.intersecting;
    record.mesh = Some(walk(mb, m, query.traversal, query.deciding_triangle));
    if let (Some(i), Some(trace)) = (query.deciding_triangle, query.evidence) {
        record.separating_axis = trace.separating_axis().map(ShapeAxis::name);
        let names = (tb.name.clone(), format!("triangle {i} of {}", mb.name));
        let mut table = ShapeTable::new("triangle-triangle", names, trace.rows.clone());
        table.coplanar = Some(trace.coplanar);
        table.moller = Some(trace.moller);
        record.table = Some(table);
    }
    record.sentence = words::mesh_sentence(record);
}

/// The record of a walk of `m`'s tree.
pub(super) fn walk(
    body: &BodySpec,
    m: &PlacedMesh,
    traversal: crate::geometry::bvh::Traversal,
    deciding_triangle: Option<usize>,
) -> MeshWalk {
    MeshWalk {
        mesh: body.name.clone(),
        triangles: m.mesh.len(),
        nodes_visited: traversal.nodes_visited,
        triangles_tested: traversal.triangles_tested,
        deciding_triangle,
    }
}

/// The per-axis entry and exit times of a box and a triangle under constant velocities.
fn box_triangle_sweep(
    (bx, tb): (&BodySpec, &BodySpec),
    time: f64,
    horizon: f64,
) -> Vec<SweepRecord> {
    let (Shape::Box(o), Shape::Triangle(t)) = (place(bx), place(tb)) else {
        return Vec::new();
    };
    let sweep = sat::sweep_box_triangle(&o, velocity(bx), &t, velocity(tb), horizon);
    let finite = |t: f64| t.is_finite().then_some(time + t);
    sweep
        .rows
        .iter()
        .map(|row| SweepRecord {
            axis: row.axis.name(),
            entry: finite(row.entry),
            exit: finite(row.exit),
            skipped: row.skipped,
        })
        .collect()
}
