//! Names of the 15 candidate axes in the order of the course's Table 2.1.

use std::fmt;

/// One of the 15 candidate separating axes of two boxes A and B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AxisId {
    /// The face normal `A_i` of box A.
    FaceA(usize),
    /// The face normal `B_j` of box B.
    FaceB(usize),
    /// The cross product `A_i × B_j` of an edge of A and an edge of B.
    Edge(usize, usize),
}

impl AxisId {
    /// All 15 axes in table order: `A0 A1 A2 B0 B1 B2 A0xB0 … A2xB2`.
    pub const ALL: [AxisId; 15] = [
        AxisId::FaceA(0),
        AxisId::FaceA(1),
        AxisId::FaceA(2),
        AxisId::FaceB(0),
        AxisId::FaceB(1),
        AxisId::FaceB(2),
        AxisId::Edge(0, 0),
        AxisId::Edge(0, 1),
        AxisId::Edge(0, 2),
        AxisId::Edge(1, 0),
        AxisId::Edge(1, 1),
        AxisId::Edge(1, 2),
        AxisId::Edge(2, 0),
        AxisId::Edge(2, 1),
        AxisId::Edge(2, 2),
    ];

    /// Position of the axis in table order (0..15).
    pub fn index(self) -> usize {
        match self {
            AxisId::FaceA(i) => i,
            AxisId::FaceB(j) => 3 + j,
            AxisId::Edge(i, j) => 6 + 3 * i + j,
        }
    }

    /// Whether this is one of the nine edge-edge (cross product) axes.
    pub fn is_edge(self) -> bool {
        matches!(self, AxisId::Edge(..))
    }

    /// The axis named like `A1`, `B0` or `A2xB1` (case-insensitive `x`); `None` otherwise.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|axis| axis.to_string().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for AxisId {
    /// The name, padded and aligned as the format asks (`{:<6}` in tables).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            AxisId::FaceA(i) => format!("A{i}"),
            AxisId::FaceB(j) => format!("B{j}"),
            AxisId::Edge(i, j) => format!("A{i}xB{j}"),
        };
        f.pad(&name)
    }
}

impl serde::Serialize for AxisId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_order_and_names_round_trip() {
        let names: Vec<String> = AxisId::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(names[0], "A0");
        assert_eq!(names[5], "B2");
        assert_eq!(names[6], "A0xB0");
        assert_eq!(names[11], "A1xB2");
        assert_eq!(names[14], "A2xB2");
        for (k, axis) in AxisId::ALL.iter().enumerate() {
            assert_eq!(axis.index(), k);
            assert_eq!(AxisId::parse(&names[k]), Some(*axis));
        }
        assert_eq!(AxisId::parse("a1XB2"), Some(AxisId::Edge(1, 2)));
        assert_eq!(AxisId::parse("C0"), None);
        assert_eq!(
            format!("[{:<6}|{:>6}]", AxisId::FaceB(1), AxisId::Edge(0, 2)),
            "[B1    | A0xB2]"
        );
    }
}
