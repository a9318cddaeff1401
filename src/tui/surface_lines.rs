//! The lines under a surface table: Möller's verdict for two triangles and the walk of a mesh's
//! tree (docs/methods.md §15.2, §15.3), each short enough for the table's 62 columns.

use crate::lesson::Mask;
use crate::sat::{CoplanarTest, MollerStage};
use crate::trace::{fixed, PairRecord};

/// The lines under the pair's table, with what `mask` hides shown as `?`; none for two boxes.
/// With `details`, Möller's signed distances come first (as his test starts) and a coplanar
/// verdict says what its 2D test found.
pub fn surface_lines(pair: &PairRecord, mask: &Mask, details: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if !pair.axes.is_empty() {
        return lines;
    }
    if let Some(walk) = &pair.mesh {
        lines.push(format!(
            "tree of {}: {}, {} of {} tested",
            walk.mesh,
            crate::trace::counted(walk.nodes_visited, "node visited", "nodes visited"),
            walk.triangles_tested,
            crate::trace::counted(walk.triangles, "triangle", "triangles")
        ));
        lines.push(match (walk.deciding_triangle, &pair.table) {
            (Some(i), Some(_)) => format!("triangle {i} decides: the rows above are its table"),
            (Some(i), None) => format!("triangle {i} decides"),
            _ => "no triangle reached: the tree's boxes keep them apart".to_string(),
        });
    }
    if let Some(moller) = pair.table.as_ref().and_then(|t| t.moller.as_ref()) {
        let verdict = if moller.intersecting {
            "intersecting"
        } else {
            "apart"
        };
        if details {
            let list = |d: &[f64; 3]| d.map(|x| fixed(x, 3)).join(", ");
            lines.push(format!(
                "  B's corners to A's plane {}",
                list(&moller.distances_to_plane_a)
            ));
            lines.push(format!(
                "  A's corners to B's plane {}",
                list(&moller.distances_to_plane_b)
            ));
        }
        match moller.stage {
            MollerStage::PlaneA => {
                lines.push("Moller: apart, B's corners all on one side of A's plane".into());
            }
            MollerStage::PlaneB => {
                lines.push("Moller: apart, A's corners all on one side of B's plane".into());
            }
            MollerStage::Intervals {
                axis,
                interval_a: (a0, a1),
                interval_b: (b0, b1),
            } => {
                lines.push(format!(
                    "Moller: {verdict}, by the intervals on the planes' line"
                ));
                let coordinate = ["x", "y", "z"][axis.min(2)];
                lines.push(format!(
                    "  A [{}, {}], B [{}, {}] ({coordinate} on that line)",
                    fixed(a0, 3),
                    fixed(a1, 3),
                    fixed(b0, 3),
                    fixed(b1, 3)
                ));
            }
            MollerStage::Coplanar => {
                lines.push(format!("Moller: {verdict}, in one plane (2D edge test)"));
                if let Some(test) = moller.coplanar.filter(|_| details) {
                    lines.push(coplanar_line(&test));
                }
            }
        }
    }
    lines.into_iter().map(|line| mask.text(&line)).collect()
}

/// The 2D test's finding: the dropped coordinate, then the edges that meet or the corner inside.
fn coplanar_line(test: &CoplanarTest) -> String {
    let dropped = ["x", "y", "z"][test.dropped.min(2)];
    let found = match (test.edges_meet, test.b_corner_in_a, test.a_corner_in_b) {
        (Some([i, j]), _, _) => format!("edges EA{i} and EB{j} meet"),
        (None, true, _) => "no edges meet; B's V0 is inside A".to_string(),
        (None, _, true) => "no edges meet; A's V0 is inside B".to_string(),
        (None, false, false) => "no edges meet, no corner inside".to_string(),
    };
    format!("  drop {dropped}: {found}")
}
