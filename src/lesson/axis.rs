//! The axis names a lesson may write: the 15 rows of two boxes, the rows of a pair with a
//! triangle or a mesh (box–triangle `T A0 … A2xE2`, triangle–triangle `NA NB EA0xEB0 …
//! NBxEB2`; docs/methods.md §15.1, §15.2) and the slabs of two k-DOPs (`S0 S1 …`, §15.5).

use std::fmt;

use crate::sat::{AxisId, ShapeAxis};
use crate::trace::{PairRecord, TableRow};

/// An axis named in a lesson: a row of two boxes' table, or of a surface table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableAxis {
    /// One of the 15 axes of two boxes (`A0`, `B2`, `A1xB2`).
    Box(AxisId),
    /// A row of a box–triangle, triangle–triangle or k-DOP slab table (`T`, `A0xE1`,
    /// `EA0xEB2`, `NAxEA1`, `S3`).
    Shape(ShapeAxis),
}

/// The names listed when a lesson writes an unknown axis.
pub const AXIS_NAMES: &str = "A0 A1 A2 B0 B1 B2 A0xB0 … A2xB2 for two boxes; T A0 A1 A2 \
                              A0xE0 … A2xE2 for a box and a triangle; NA NB EA0xEB0 … EA2xEB2 \
                              NAxEA0 … NBxEB2 for two triangles; S0 … S12 for two k-DOPs";

impl TableAxis {
    /// The axis with this name (case-insensitive); a box axis when both tables know the name
    /// (`A0`), which names the same row of either table.
    pub fn parse(name: &str) -> Option<Self> {
        AxisId::parse(name)
            .map(TableAxis::Box)
            .or_else(|| ShapeAxis::parse(name).map(TableAxis::Shape))
    }

    /// The name as the tables print it.
    pub fn name(self) -> String {
        match self {
            TableAxis::Box(axis) => axis.to_string(),
            TableAxis::Shape(axis) => axis.name(),
        }
    }

    /// The same axis named with the pair's bodies the other way round: a box axis's A and B
    /// swap (`A0xB2` becomes `A2xB0`); a surface table's roles do not depend on the order.
    #[must_use]
    pub fn swapped(self) -> Self {
        match self {
            TableAxis::Box(AxisId::FaceA(i)) => TableAxis::Box(AxisId::FaceB(i)),
            TableAxis::Box(AxisId::FaceB(j)) => TableAxis::Box(AxisId::FaceA(j)),
            TableAxis::Box(AxisId::Edge(i, j)) => TableAxis::Box(AxisId::Edge(j, i)),
            shape @ TableAxis::Shape(_) => shape,
        }
    }

    /// The row of `pair`'s table this axis names (with its position), the pair named in the
    /// order `reversed` says; `None` when the pair's table has no such row.
    pub fn row_of(self, pair: &PairRecord, reversed: bool) -> Option<(usize, TableRow)> {
        let axis = if reversed && !pair.axes.is_empty() {
            self.swapped()
        } else {
            self
        };
        pair.row_named(&axis.name())
    }
}

impl fmt::Display for TableAxis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_surface_and_slab_names_parse_and_only_box_axes_swap() {
        assert_eq!(
            TableAxis::parse("a1xb2"),
            Some(TableAxis::Box(AxisId::Edge(1, 2)))
        );
        let cross = TableAxis::parse("A0xE1").unwrap();
        assert_eq!(
            cross,
            TableAxis::Shape(ShapeAxis::BoxEdgeTriangleEdge(0, 1))
        );
        assert_eq!(cross.swapped(), cross);
        assert_eq!(
            TableAxis::parse("T").map(TableAxis::name).as_deref(),
            Some("T")
        );
        assert_eq!(TableAxis::parse("nbxeb2").unwrap().name(), "NBxEB2");
        assert_eq!(TableAxis::parse("EA2xEB0").unwrap().name(), "EA2xEB0");
        assert_eq!(
            TableAxis::parse("s3"),
            Some(TableAxis::Shape(ShapeAxis::Slab(3)))
        );
        assert_eq!(TableAxis::parse("S12").unwrap().swapped().name(), "S12");
        assert_eq!(TableAxis::parse("A3xE0"), None);
        assert_eq!(TableAxis::parse("A0xB2").unwrap().swapped().name(), "A2xB0");
    }
}
