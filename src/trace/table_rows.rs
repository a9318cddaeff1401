//! The rows of a pair's separating-axis table as the debugger and lessons read them, whichever
//! table they come from: the 15 rows of two boxes, or the table of a pair with a triangle or a
//! mesh (box–triangle, triangle–triangle, a mesh's deciding triangle; docs/methods.md §15).

use nalgebra::Vector3;

use super::pairs::PairRecord;
use crate::scene::{BodySpec, ShapeSpec};

/// What a row is, beyond separating or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowFlag {
    /// A row like any other.
    Plain,
    /// A cross axis of (near-)parallel edges, or a normal of no area: shown, never separates.
    Degenerate,
    /// Not tested under the robustness rule (two boxes).
    Skipped,
    /// Coplanar triangles: one of the six in-plane edge normals, which decide.
    InPlane,
    /// Coplanar triangles: a row along the common normal, which never separates.
    AlongNormal,
}

/// One row of a pair's table with the columns of the box table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The axis name: `A1xB2` for two boxes, `T`, `A0xE1`, `NA`, `EA0xEB2`, `NAxEA1` otherwise.
    pub name: String,
    /// The unnormalised axis in world coordinates.
    pub l: Vector3<f64>,
    /// The distance of the shadows' centres along `L`.
    pub r: f64,
    /// A's half shadow.
    pub r0: f64,
    /// B's half shadow.
    pub r1: f64,
    /// `R > R0 + R1`.
    pub separating: bool,
    /// `(R - R0 - R1)/|L|` in length units; `None` for a degenerate row.
    pub gap: Option<f64>,
    /// Degenerate, skipped, in-plane or along the common normal.
    pub flag: RowFlag,
    /// The first separating row of the pair (what `separating_axis` names).
    pub first: bool,
    /// A surface table's deciding row when nothing separates: the smallest overlap (or zero).
    pub least: bool,
}

impl TableRow {
    /// Whether the row shows a direction without testing it (degenerate or skipped).
    pub fn untested(&self) -> bool {
        matches!(self.flag, RowFlag::Degenerate | RowFlag::Skipped)
    }
}

impl PairRecord {
    /// The rows of the pair's table in table order: the 15 box rows, else the surface table's
    /// rows; empty for a pair with no table.
    pub fn rows(&self) -> Vec<TableRow> {
        if !self.axes.is_empty() {
            return self
                .axes
                .iter()
                .map(|row| TableRow {
                    name: row.axis.to_string(),
                    l: row.l,
                    r: row.r,
                    r0: row.r0,
                    r1: row.r1,
                    separating: row.separating,
                    gap: row.gap,
                    flag: if row.degenerate {
                        RowFlag::Degenerate
                    } else if row.skipped {
                        RowFlag::Skipped
                    } else {
                        RowFlag::Plain
                    },
                    first: self.is_first_separating(row),
                    least: false,
                })
                .collect();
        }
        let Some(table) = &self.table else {
            return Vec::new();
        };
        let coplanar = table.coplanar == Some(true);
        let deciding = table.deciding.as_deref();
        let separated = table.separated();
        table
            .rows
            .iter()
            .map(|row| {
                let name = row.axis.name();
                let decides = deciding == Some(name.as_str());
                TableRow {
                    l: row.l,
                    r: row.r,
                    r0: row.r0,
                    r1: row.r1,
                    separating: row.separating,
                    gap: row.gap,
                    flag: if row.degenerate {
                        RowFlag::Degenerate
                    } else if row.axis.is_in_plane() {
                        RowFlag::InPlane
                    } else if coplanar {
                        RowFlag::AlongNormal
                    } else {
                        RowFlag::Plain
                    },
                    first: decides && row.separating,
                    least: decides && !separated,
                    name,
                }
            })
            .collect()
    }

    /// Who plays A and B in the table's axis names: the bodies for two boxes, the box (or the
    /// first triangle) and the triangle for a surface table; `None` without a table.
    pub fn table_roles(&self) -> Option<(String, String)> {
        if !self.axes.is_empty() {
            return Some((self.a.clone(), self.b.clone()));
        }
        self.table.as_ref().map(|t| (t.a.clone(), t.b.clone()))
    }

    /// The row named `name` (case-insensitive), with its position in table order.
    pub fn row_named(&self, name: &str) -> Option<(usize, TableRow)> {
        self.rows()
            .into_iter()
            .enumerate()
            .find(|(_, row)| row.name.eq_ignore_ascii_case(name.trim()))
    }
}

/// A point whose place along `l` is the middle of `body`'s shadow on `l`: a box's or a
/// sphere's centre; for a triangle (or triangle `triangle` of a mesh) its centroid moved along
/// `l` to the middle of its three vertices' interval.
pub fn shadow_anchor(body: &BodySpec, triangle: Option<usize>, l: &Vector3<f64>) -> Vector3<f64> {
    let corners = match (&body.shape, triangle) {
        (ShapeSpec::Triangle { vertices }, _) => vertices.map(|v| v + body.center),
        (ShapeSpec::Mesh(spec), Some(i)) if i < spec.mesh.len() => {
            spec.mesh.triangle(i).vertices.map(|v| v + body.center)
        }
        _ => return body.center,
    };
    let Some(unit) = l.try_normalize(1e-300) else {
        return body.center;
    };
    let along = corners.map(|v| v.dot(&unit));
    let low = along.iter().copied().fold(f64::INFINITY, f64::min);
    let high = along.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let centroid = (corners[0] + corners[1] + corners[2]) / 3.0;
    centroid + unit * (0.5 * (low + high) - centroid.dot(&unit))
}
