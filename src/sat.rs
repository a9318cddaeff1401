//! The separating-axis test for two oriented boxes: the 15 rows of Table 2.1, the fast verdict,
//! the sweep of moving boxes and the contact (docs/methods.md §5, §7, §8): one rule decides the axis of a
//! contact (`contact`), whoever asks.

mod axis;
mod batch;
mod box_triangle;
mod box_triangle_contact;
mod box_triangle_sweep;
mod contact;
mod features;
mod first_contact;
mod kdop_rows;
mod kernel;
mod least_overlap;
mod manifold;
mod mesh_query;
mod moller;
mod overlap;
mod region;
mod rows;
mod shape_axis;
mod shape_sweep;
mod sweep;
mod swept_contact;
mod triangle_contact;
mod triangle_sweep;
mod triangle_triangle;

use crate::geometry::Obb;

pub use axis::AxisId;
pub use batch::{overlaps_many, BoxPairs};
pub use box_triangle::{box_triangle_overlaps, box_triangle_trace, BoxTriangleTrace};
pub use box_triangle_contact::{box_triangle_contact, box_triangle_touch};
pub use box_triangle_sweep::{box_triangle_first_contact, sweep_box_triangle, BoxTriangleSweep};
pub(crate) use contact::contact_from_trace;
pub use contact::{contact, contact_at, Contact, ContactKind};
pub use first_contact::first_contact;
pub use kdop_rows::{kdop_trace, KdopTrace, KDOP_CONSERVATIVE_NOTE};
pub use kernel::DEGENERATE_SINE;
pub use manifold::manifold;
pub use mesh_query::{
    box_mesh, box_mesh_overlaps, convex_mesh, sphere_mesh, sweep_box_mesh, sweep_sphere_mesh,
    triangle_mesh, MeshQuery, MeshSweep,
};
pub use moller::{moller, CoplanarTest, MollerStage, MollerTest};
pub use overlap::intersection_points;
pub use region::{Region, REGION_CAPACITY};
pub use rows::{overlaps, trace, trace_with, AxisRow, Robustness, SatTrace};
pub use shape_axis::{ShapeAxis, ShapeRow};
pub use shape_sweep::{ShapeContact, ShapeSweepRow};
pub use sweep::{sweep, SweepRow, SweepTrace};
pub use triangle_contact::triangles_first_contact;
pub use triangle_sweep::{sweep_triangles, TriangleSweep};
pub use triangle_triangle::{triangle_triangle_trace, triangles_overlap, TriangleTriangleTrace};

/// [`contact`] of boxes that overlap deeper than the tie tolerance (`None` otherwise).
pub(crate) fn overlap_at_rest(a: &Obb, b: &Obb) -> Option<Contact> {
    overlap::overlap_at_rest(a, b, 0.0)
}
