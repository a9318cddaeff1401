//! Counts over a whole batch: by verdict, by the stage that decided, by the first separating
//! axis and by the kind of the first contact.

use std::fmt::Write as _;

use serde_json::{json, Map, Value};

use super::record::stage_name;
use crate::sat::{AxisId, ContactKind};
use crate::trace::{BoxVerdict, Stage};

/// The stages a box pair can be decided by, in pipeline order.
const STAGES: [Stage; 3] = [Stage::Spheres, Stage::Aabbs, Stage::Sat];

/// The kinds of a first contact, in the order they are listed.
const KINDS: [ContactKind; 5] = [
    ContactKind::VertexFace,
    ContactKind::EdgeFace,
    ContactKind::FaceFace,
    ContactKind::EdgeEdge,
    ContactKind::Overlap,
];

/// What a batch found, counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines explained.
    pub pairs: u64,
    /// Lines that could not be read as a pair.
    pub bad_lines: u64,
    /// Pairs that touch or overlap at time 0.
    pub intersecting: u64,
    /// Pairs by the stage that decided, in the order of [`Stage`] (spheres, AABBs, SAT).
    pub stages: [u64; 3],
    /// Pairs apart by their first separating axis, in table order.
    pub separating_axes: [u64; 15],
    /// Pairs with a contact within their horizon, by kind (vertex-face, edge-face, face-face,
    /// edge-edge, overlap).
    pub contact_kinds: [u64; 5],
}

impl Summary {
    /// Counts one explained pair.
    pub fn count(&mut self, verdict: &BoxVerdict) {
        self.pairs += 1;
        self.intersecting += u64::from(verdict.intersecting());
        let stage = STAGES.iter().position(|&s| s == verdict.stage);
        self.stages[stage.unwrap_or(2)] += 1;
        if let Some(axis) = verdict.separating_axis() {
            self.separating_axes[axis.index()] += 1;
        }
        if let Some(contact) = &verdict.contact {
            let kind = KINDS.iter().position(|&k| k == contact.kind);
            self.contact_kinds[kind.unwrap_or(4)] += 1;
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Summary) {
        self.pairs += other.pairs;
        self.bad_lines += other.bad_lines;
        self.intersecting += other.intersecting;
        add(&mut self.stages, &other.stages);
        add(&mut self.separating_axes, &other.separating_axes);
        add(&mut self.contact_kinds, &other.contact_kinds);
    }

    /// Pairs apart at time 0.
    pub fn apart(&self) -> u64 {
        self.pairs - self.intersecting
    }

    /// Pairs with a contact within their horizon.
    pub fn contacts(&self) -> u64 {
        self.contact_kinds.iter().sum()
    }

    /// The counts as a JSON object (`--summary --json`).
    pub fn to_json(&self) -> Value {
        let named = |names: &mut dyn Iterator<Item = String>, counts: &[u64]| -> Value {
            Value::Object(
                names
                    .zip(counts)
                    .map(|(n, &c)| (n, json!(c)))
                    .collect::<Map<_, _>>(),
            )
        };
        json!({
            "pairs": self.pairs,
            "bad_lines": self.bad_lines,
            "intersecting": self.intersecting,
            "apart": self.apart(),
            "stages": named(&mut STAGES.iter().map(|s| stage_name(*s).to_string()), &self.stages),
            "separating_axes": named(&mut AxisId::ALL.iter().map(ToString::to_string), &self.separating_axes),
            "contacts": self.contacts(),
            "contact_kinds": named(&mut KINDS.iter().map(|k| k.name().to_string()), &self.contact_kinds),
        })
    }

    /// The counts as text, one fact a line.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        let share = |count: u64, of: u64| {
            if of == 0 {
                String::new()
            } else {
                format!(" ({:.1}%)", 100.0 * count as f64 / of as f64)
            }
        };
        let _ = writeln!(
            out,
            "pairs explained: {}, bad lines: {}",
            self.pairs, self.bad_lines
        );
        let _ = writeln!(
            out,
            "verdict: {} intersecting{}, {} apart{}",
            self.intersecting,
            share(self.intersecting, self.pairs),
            self.apart(),
            share(self.apart(), self.pairs)
        );
        out.push_str("decided by:\n");
        for (stage, &count) in STAGES.iter().zip(&self.stages) {
            let _ = writeln!(
                out,
                "  {:<8} {count:>12}{}",
                stage.label(),
                share(count, self.pairs)
            );
        }
        out.push_str("first separating axis of the pairs apart:\n");
        for (axis, &count) in AxisId::ALL.iter().zip(&self.separating_axes) {
            let _ = writeln!(out, "  {axis:<8} {count:>12}{}", share(count, self.apart()));
        }
        let _ = writeln!(
            out,
            "contact within the horizon: {}{}",
            self.contacts(),
            share(self.contacts(), self.pairs)
        );
        for (kind, &count) in KINDS.iter().zip(&self.contact_kinds) {
            let _ = writeln!(out, "  {:<12} {count:>8}", kind.name());
        }
        out
    }
}

fn add<const N: usize>(total: &mut [u64; N], part: &[u64; N]) {
    for (t, p) in total.iter_mut().zip(part) {
        *t += p;
    }
}
