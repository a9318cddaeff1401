//! What the soft step did in the frame `explain` reports: the bodies asleep, each island's
//! substeps, residual and sink, and each resting pair's points, as a record and as text.

use std::fmt::Write as _;

use serde::Serialize;

use super::frame::{FrameRecord, SolverContact};
use super::number::{coordinates, counted, fixed};
use crate::dynamics::world::IslandRecord;

/// Resting pairs the text lists before it says how many more there are.
const LISTED: usize = 6;

/// The soft step's record of one frame, its pairs kept to the one asked about (the `--json`
/// field `solver` of `explain`).
#[derive(Clone, Debug, Serialize)]
pub struct SoftStepRecord {
    /// Bodies asleep at the end of the frame.
    pub sleeping: usize,
    /// Per island of touching bodies.
    pub islands: Vec<IslandRecord>,
    /// Per resting pair (only `--pair`'s when given), in pair order.
    pub contacts: Vec<SolverContact>,
}

/// The soft step's record of `frame`, its pairs kept to `only_pair` (either order) when given.
pub fn soft_step_record(frame: &FrameRecord, only_pair: Option<(&str, &str)>) -> SoftStepRecord {
    let keep = |c: &SolverContact| {
        only_pair.is_none_or(|(a, b)| (c.a == a && c.b == b) || (c.a == b && c.b == a))
    };
    SoftStepRecord {
        sleeping: frame.sleeping,
        islands: frame.solver.islands.clone(),
        contacts: frame
            .solver
            .contacts
            .iter()
            .filter(|c| keep(c))
            .cloned()
            .collect(),
    }
}

/// Millimetres with four decimals.
fn mm(metres: f64) -> String {
    format!("{} mm", fixed(metres * 1e3, 4))
}

/// The record as text: a line for the frame, one per island, and the first pairs with a line per
/// point.
pub fn render_soft_step(record: &SoftStepRecord, frame: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "soft step, frame {frame}: {} asleep, {} held",
        counted(record.sleeping, "body", "bodies"),
        counted(record.islands.len(), "island", "islands")
    );
    for (k, island) in record.islands.iter().enumerate() {
        let _ =
            writeln!(
            out,
            "  island {}: {}, {}; {} × {} biased {} and a relax sweep; largest change in the last \
             relax {} N s; deepest overlap {}, predicted sink up to {}",
            k + 1,
            counted(island.bodies, "body", "bodies"),
            counted(island.contacts, "resting pair", "resting pairs"),
            counted(island.substeps, "substep", "substeps"),
            island.iterations,
            if island.iterations == 1 { "sweep" } else { "sweeps" },
            sci(island.residual),
            mm(island.deepest),
            mm(island.predicted_sink)
        );
    }
    for contact in record.contacts.iter().take(LISTED) {
        let kept = if contact.reused {
            "points kept from the frame before"
        } else {
            "points found this frame"
        };
        let _ = writeln!(
            out,
            "  {} and {}: normal {}, {kept}",
            contact.a,
            contact.b,
            coordinates(&contact.normal, 3)
        );
        for p in &contact.points {
            let point = [p.point.x, p.point.y, p.point.z];
            let capped = if p.push_out_capped {
                ", push-out speed capped"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "    {}: separation {} to {}, impulse {} N s (warm start {}), {}{capped}, \
                 predicted sink {}",
                coordinates(&point, 3),
                mm(p.separation_start),
                mm(p.separation_end),
                fixed(p.normal_impulse, 5),
                fixed(p.warm_start, 5),
                if p.sliding { "sliding" } else { "sticking" },
                mm(p.predicted_sink)
            );
        }
    }
    if record.contacts.len() > LISTED {
        let _ = writeln!(
            out,
            "  ... and {} more (--pair A,B for one, --json for all)",
            counted(
                record.contacts.len() - LISTED,
                "resting pair",
                "resting pairs"
            )
        );
    }
    out
}

/// A small positive number in scientific notation.
fn sci(x: f64) -> String {
    format!("{x:.2e}")
}
