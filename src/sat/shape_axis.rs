//! Names and rows of the separating-axis tables beyond two boxes: box–triangle, triangle–triangle
//! and k-DOP pairs (docs/methods.md §15.1, §15.2, §15.5), with the columns of the box table.

use std::fmt;

use nalgebra::Vector3;

/// One candidate axis of a box–triangle, triangle–triangle or k-DOP table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShapeAxis {
    /// `T`, the triangle's normal `E0 × E1` (box–triangle).
    TriangleNormal,
    /// `Ai`, a face normal of the box (box–triangle).
    BoxFace(usize),
    /// `AixEj`, box axis `i` crossed with triangle edge `j` (box–triangle).
    BoxEdgeTriangleEdge(usize, usize),
    /// `NA`, the first triangle's normal (triangle–triangle).
    NormalA,
    /// `NB`, the second triangle's normal (triangle–triangle).
    NormalB,
    /// `EAixEBj`, edge `i` of the first triangle crossed with edge `j` of the second.
    EdgeEdge(usize, usize),
    /// `NAxEAi`, an in-plane normal of the first triangle's edge `i` (coplanar triangles only).
    InPlaneA(usize),
    /// `NBxEBj`, an in-plane normal of the second triangle's edge `j` (coplanar triangles only).
    InPlaneB(usize),
    /// `Sk`, slab `k` of a k-DOP pair (its direction is the row's `l`).
    Slab(usize),
}

impl ShapeAxis {
    /// The 13 box–triangle axes in table order: `T A0 A1 A2 A0xE0 … A2xE2`.
    pub const BOX_TRIANGLE: [ShapeAxis; 13] = {
        let mut all = [ShapeAxis::TriangleNormal; 13];
        let mut k = 0;
        while k < 3 {
            all[1 + k] = ShapeAxis::BoxFace(k);
            k += 1;
        }
        let mut n = 0;
        while n < 9 {
            all[4 + n] = ShapeAxis::BoxEdgeTriangleEdge(n / 3, n % 3);
            n += 1;
        }
        all
    };

    /// The 17 triangle–triangle axes in table order: `NA NB EA0xEB0 … EA2xEB2`, then the six
    /// in-plane normals `NAxEA0 … NBxEB2` that only coplanar triangles use.
    pub const TRIANGLE_TRIANGLE: [ShapeAxis; 17] = {
        let mut all = [ShapeAxis::NormalA; 17];
        all[1] = ShapeAxis::NormalB;
        let mut n = 0;
        while n < 9 {
            all[2 + n] = ShapeAxis::EdgeEdge(n / 3, n % 3);
            n += 1;
        }
        let mut k = 0;
        while k < 3 {
            all[11 + k] = ShapeAxis::InPlaneA(k);
            all[14 + k] = ShapeAxis::InPlaneB(k);
            k += 1;
        }
        all
    };

    /// The name, e.g. `T`, `A1`, `A0xE2`, `NB`, `EA1xEB0`, `NAxEA2`, `S7`.
    pub fn name(self) -> String {
        match self {
            ShapeAxis::TriangleNormal => "T".into(),
            ShapeAxis::BoxFace(i) => format!("A{i}"),
            ShapeAxis::BoxEdgeTriangleEdge(i, j) => format!("A{i}xE{j}"),
            ShapeAxis::NormalA => "NA".into(),
            ShapeAxis::NormalB => "NB".into(),
            ShapeAxis::EdgeEdge(i, j) => format!("EA{i}xEB{j}"),
            ShapeAxis::InPlaneA(i) => format!("NAxEA{i}"),
            ShapeAxis::InPlaneB(j) => format!("NBxEB{j}"),
            ShapeAxis::Slab(k) => format!("S{k}"),
        }
    }

    /// The axis with this name (case-insensitive); `None` for an unknown name.
    pub fn parse(name: &str) -> Option<Self> {
        let name = name.trim();
        let slab = name
            .strip_prefix(['S', 's'])
            .and_then(|k| k.parse::<usize>().ok())
            .filter(|&k| k < 13 && !name[1..].starts_with('+'))
            .map(ShapeAxis::Slab);
        slab.or_else(|| {
            Self::BOX_TRIANGLE
                .iter()
                .chain(&Self::TRIANGLE_TRIANGLE)
                .copied()
                .find(|axis| axis.name().eq_ignore_ascii_case(name))
        })
    }

    /// Whether this is an in-plane edge normal, used only for coplanar triangles.
    pub fn is_in_plane(self) -> bool {
        matches!(self, ShapeAxis::InPlaneA(_) | ShapeAxis::InPlaneB(_))
    }
}

impl fmt::Display for ShapeAxis {
    /// The name, padded and aligned as the format asks (`{:<8}` in tables).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.name())
    }
}

impl serde::Serialize for ShapeAxis {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One row of a shape table, with the columns of the box table ([`super::AxisRow`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ShapeRow {
    /// Which axis.
    pub axis: ShapeAxis,
    /// The unnormalised axis in world coordinates.
    pub l: Vector3<f64>,
    /// `|m1 - m0|`, the distance between the two shadow centres along `L`.
    pub r: f64,
    /// The first shape's shadow radius along `L`.
    pub r0: f64,
    /// The second shape's shadow radius along `L`.
    pub r1: f64,
    /// `R > R0 + R1` (never for a degenerate row).
    pub separating: bool,
    /// An axis too short to test (a cross product of (near-)parallel edges): shown, not tested.
    pub degenerate: bool,
    /// `(R - R0 - R1)/|L|` in length units; `None` for a degenerate row.
    pub gap: Option<f64>,
}

impl ShapeRow {
    /// The row of `axis` from the two shadows `[lo, hi]` along `l` (`|l|` is `length`).
    #[inline]
    pub fn from_shadows(
        axis: ShapeAxis,
        l: Vector3<f64>,
        length: f64,
        shadow_a: (f64, f64),
        shadow_b: (f64, f64),
        degenerate: bool,
    ) -> Self {
        let r = (0.5 * (shadow_b.0 + shadow_b.1) - 0.5 * (shadow_a.0 + shadow_a.1)).abs();
        let (r0, r1) = (
            0.5 * (shadow_a.1 - shadow_a.0),
            0.5 * (shadow_b.1 - shadow_b.0),
        );
        Self {
            axis,
            l,
            r,
            r0,
            r1,
            separating: !degenerate && r > r0 + r1,
            degenerate,
            gap: (!degenerate).then(|| (r - r0 - r1) / length),
        }
    }
}

/// The first separating row in table order.
pub fn first_separating(rows: &[ShapeRow]) -> Option<&ShapeRow> {
    rows.iter().find(|row| row.separating)
}

/// The tested row with the largest gap (first in table order on a tie): the smallest overlap
/// when the shapes intersect, a lower bound of their distance when they do not.
pub fn largest_gap(rows: &[ShapeRow]) -> Option<&ShapeRow> {
    rows.iter().filter(|row| row.gap.is_some()).fold(
        None,
        |best: Option<&ShapeRow>, row| match best {
            Some(b) if b.gap >= row.gap => Some(b),
            _ => Some(row),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_table_order() {
        let names: Vec<String> = ShapeAxis::BOX_TRIANGLE.iter().map(|a| a.name()).collect();
        assert_eq!(names[..5], ["T", "A0", "A1", "A2", "A0xE0"]);
        assert_eq!(names[12], "A2xE2");
        let tt: Vec<String> = ShapeAxis::TRIANGLE_TRIANGLE
            .iter()
            .map(|a| a.name())
            .collect();
        assert_eq!(tt[..3], ["NA", "NB", "EA0xEB0"]);
        assert_eq!(tt[10], "EA2xEB2");
        assert_eq!(tt[11], "NAxEA0");
        assert_eq!(tt[16], "NBxEB2");
        for axis in ShapeAxis::BOX_TRIANGLE
            .iter()
            .chain(&ShapeAxis::TRIANGLE_TRIANGLE)
        {
            assert_eq!(ShapeAxis::parse(&axis.name()), Some(*axis));
        }
        assert_eq!(ShapeAxis::parse("s12"), Some(ShapeAxis::Slab(12)));
        assert_eq!(ShapeAxis::parse("S13"), None);
        assert_eq!(
            ShapeAxis::parse("a1xe2"),
            Some(ShapeAxis::BoxEdgeTriangleEdge(1, 2))
        );
        assert_eq!(format!("[{:<6}]", ShapeAxis::NormalB), "[NB    ]");
        assert!(ShapeAxis::InPlaneB(1).is_in_plane() && !ShapeAxis::NormalA.is_in_plane());
    }

    #[test]
    fn rows_from_shadows_follow_the_box_table() {
        let l = Vector3::new(0.0, 2.0, 0.0);
        let row =
            ShapeRow::from_shadows(ShapeAxis::Slab(1), l, 2.0, (-1.0, 1.0), (3.0, 5.0), false);
        assert_eq!((row.r, row.r0, row.r1), (4.0, 1.0, 1.0));
        assert!(row.separating);
        assert_eq!(row.gap, Some(1.0));
        let flat = ShapeRow::from_shadows(ShapeAxis::Slab(1), l, 2.0, (0.0, 0.0), (3.0, 5.0), true);
        assert!(!flat.separating && flat.gap.is_none());
        assert_eq!(largest_gap(&[flat, row]).map(|r| r.gap), Some(Some(1.0)));
        assert!(first_separating(&[flat]).is_none());
    }
}
