//! Plain-text explanations: the sentence for a pair, the contact features, the whole report.

use std::fmt::Write as _;

use super::number::{coordinates, fixed};
use super::{Explanation, PairRecord};
use crate::sat::{AxisId, Contact, ContactKind, SatTrace};

/// The one-sentence verdict for two boxes, with the moving contact when there is one.
pub(crate) fn box_box_sentence(record: &PairRecord, trace: &SatTrace) -> String {
    let (a, b) = (&record.a, &record.b);
    let mut sentence = if let Some(axis) = trace.separating_axis() {
        let row = trace.row(axis.index());
        format!(
            "{a} and {b} do not collide: axis {axis} separates them by {} (R = {} > R0 + R1 = {})",
            fixed(row.gap.unwrap_or(0.0), 3),
            fixed(row.r, 3),
            fixed(row.r0 + row.r1, 3)
        )
    } else {
        match trace.largest_gap() {
            Some(row) if row.gap.unwrap_or(0.0) > 1e-9 => format!(
                "{a} and {b} count as touching under the {} rule: no tested axis separates them \
                 with its padding, though {} alone shows a gap of {:.2e}",
                trace.robustness.name(),
                row.axis,
                row.gap.unwrap_or(0.0)
            ),
            Some(row) if row.gap.unwrap_or(0.0).abs() < 1e-9 => format!(
                "{a} and {b} touch: no axis separates them; they meet along {} with zero gap",
                row.axis
            ),
            Some(row) => format!(
                "{a} and {b} overlap: no axis separates them; the smallest overlap is {} along {}",
                fixed(-row.gap.unwrap_or(0.0), 3),
                row.axis
            ),
            None => format!("{a} and {b} overlap: no axis separates them"),
        }
    };
    match &record.contact {
        Some(contact) if contact.axis.is_some() || !record.intersecting => {
            let _ = write!(
                sentence,
                "; they first touch at t = {} s, {}, at {}",
                fixed(contact.time, 5),
                contact.features,
                coordinates(&contact.point, 2)
            );
        }
        None if !record.intersecting => sentence.push_str("; they do not touch within the horizon"),
        _ => {}
    }
    sentence
}

/// The touching features in words, e.g. `edge A0 against edge B1 (axis A0xB1)`.
pub fn describe_contact(contact: &Contact, a: &str, b: &str) -> String {
    let Some(axis) = contact.axis else {
        return format!("{a} and {b} already overlap (the point is inside both)");
    };
    let (face_owner, other, face) = match axis {
        AxisId::FaceA(i) => (a, b, format!("A{i}")),
        AxisId::FaceB(j) => (b, a, format!("B{j}")),
        AxisId::Edge(i, j) => return format!("edge A{i} against edge B{j} (axis {axis})"),
    };
    match contact.kind {
        ContactKind::VertexFace => format!("a corner of {other} against face {face} of {face_owner} (axis {axis})"),
        ContactKind::EdgeFace => format!(
            "an edge of {other} lying on face {face} of {face_owner} (axis {axis}; one point of the touching segment)"
        ),
        ContactKind::FaceFace => format!(
            "a face of {other} flat on face {face} of {face_owner} (axis {axis}; the centroid of the {}-sided overlap)",
            contact.region.len()
        ),
        ContactKind::EdgeEdge | ContactKind::Overlap => format!("{} (axis {axis})", contact.kind.name()),
    }
}

/// The whole explanation as text: per pair the stages, the table and the sentence.
pub fn render_text(explanation: &Explanation, title: Option<&str>) -> String {
    let mut out = render_head(explanation, title);
    if explanation.pairs.is_empty() {
        out.push_str(NO_PAIRS);
    }
    for pair in &explanation.pairs {
        out += &render_pair(pair);
    }
    out
}

/// What the text report says when there is no pair to explain.
pub const NO_PAIRS: &str = "\nno pairs to explain\n";

/// How far contacts were searched, and why that far when `explain` chose the horizon.
fn searched(explanation: &Explanation) -> String {
    use super::HorizonFrom;
    let horizon = explanation.horizon;
    // The horizon as a short decimal: frames times dt can leave a last-digit error.
    let shown = (horizon * 1e9).round() / 1e9;
    let span = if horizon == 0.0 {
        "contacts searched at this instant only".to_string()
    } else {
        format!(
            "contacts searched until t = {} s",
            fixed(explanation.time + horizon, 3)
        )
    };
    let why = match explanation.horizon_from {
        None => return span,
        Some(HorizonFrom::Option) => format!("--horizon {shown}"),
        Some(HorizonFrom::RestOfScene) if horizon == 0.0 => {
            "the last frame of the scene; --horizon to look further".to_string()
        }
        Some(HorizonFrom::RestOfScene) => {
            format!("horizon {shown} s, the rest of the scene; --horizon to change it")
        }
        Some(HorizonFrom::OneFrame) => format!(
            "horizon {shown} s, one frame: the scene gives no `frames`; --horizon to change it"
        ),
    };
    format!("{span} ({why})")
}

/// The text report before its pairs: the scene, the frame and the fitted bodies.
pub fn render_head(explanation: &Explanation, title: Option<&str>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}{}",
        explanation.scene,
        title.map(|t| format!(": {t}")).unwrap_or_default()
    );
    let _ = writeln!(
        out,
        "frame {}, t = {} s, {}",
        explanation.frame,
        fixed(explanation.time, 3),
        searched(explanation)
    );
    for line in super::world_lines(explanation.response, &explanation.friction_forces) {
        let _ = writeln!(out, "{line}");
    }
    for body in &explanation.bodies {
        if let Some(fit) = &body.fit {
            let eigen = fit.eigenvalues.map_or_else(String::new, |values| {
                let [l0, l1, l2] = values.map(|l| fixed(l, 4));
                format!(", covariance eigenvalues {l0}, {l1}, {l2}")
            });
            let variant = fit
                .variant
                .as_deref()
                .map_or_else(String::new, |v| format!(" ({v})"));
            let center = coordinates(&body.center, 3);
            let volume = match (body.half_extents, body.radius) {
                (Some(half), _) => format!(
                    "box centred at {center}, half-extents {}",
                    coordinates(&half, 3)
                ),
                (_, Some(r)) => format!("sphere centred at {center}, radius {}", fixed(r, 3)),
                _ => body.shape.to_string(),
            };
            let _ = writeln!(
                out,
                "{}: {}{variant} fit to {} points: {volume}{eigen}",
                body.name, fit.method, fit.point_count
            );
            if let Some(evidence) = &fit.evidence {
                out.push_str(&super::frames_text::fit_lines(evidence));
            }
        }
    }
    if let Some(frames) = &explanation.frames {
        out.push_str(&super::frames_text::render_frames(frames));
    }
    if let Some(system) = &explanation.linear_system {
        out.push_str(&super::render_linear_system(system));
    }
    if let Some(solver) = &explanation.solver {
        out.push_str(&super::render_soft_step(solver, explanation.frame));
    }
    super::probe_text::write_rays(&mut out, &explanation.rays);
    super::probe_text::write_measures(&mut out, &explanation.measures);
    out.push_str(&super::render_matrices(&explanation.matrices));
    out
}

/// One pair as text: its stages, the axis table of two boxes, the sentence and the estimates.
pub fn render_pair(pair: &PairRecord) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\n{} and {} ({})", pair.a, pair.b, pair.shapes);
    for check in &pair.stages {
        let verdict = if check.separated { "apart" } else { "overlap" };
        let _ = writeln!(
            out,
            "  {:<8} {verdict}: {}",
            check.stage.label(),
            check.detail
        );
    }
    let _ = writeln!(out, "  decided by {}", pair.stage.label());
    if !pair.axes.is_empty() {
        write_table(&mut out, pair);
    }
    super::surface_text::write_surface(&mut out, pair);
    super::convex_text::write_gjk(&mut out, pair);
    let _ = writeln!(out, "  {}", pair.sentence);
    for line in approximation_lines(pair) {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// The pair's contact time by each of the course's methods with its error against the root, a
/// heading and one line each (nothing when the pair has none).
pub fn approximation_lines(pair: &PairRecord) -> Vec<String> {
    if pair.approximations.is_empty() {
        return Vec::new();
    }
    let mut lines =
        vec!["the contact time by each method of the course, following the rotation:".to_string()];
    for estimate in &pair.approximations {
        let time = estimate.time.map_or_else(
            || "no root".to_string(),
            |t| format!("t = {} s", fixed(t, 6)),
        );
        let error = estimate
            .error
            .map_or_else(String::new, |e| format!("  error {e:+.3e} s"));
        lines.push(format!("  {:<18} {time}{error}", estimate.method));
    }
    lines
}

fn write_table(out: &mut String, pair: &PairRecord) {
    let _ = writeln!(
        out,
        "  {:<6} {:>10} {:>10} {:>10} {:>11} {:>10}  (rule: {})",
        "axis", "R", "R0", "R1", "R-(R0+R1)", "gap", pair.robustness
    );
    for row in &pair.axes {
        let gap = row.gap.map_or_else(|| "-".to_string(), |g| fixed(g, 4));
        let mark = if pair.is_first_separating(row) {
            "separates (first)"
        } else if row.separating {
            "separates"
        } else if row.degenerate {
            "degenerate (parallel edges)"
        } else if row.skipped {
            "skipped by the rule"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {:<6} {:>10} {:>10} {:>10} {:>11} {gap:>10}  {mark}",
            row.axis,
            fixed(row.r, 4),
            fixed(row.r0, 4),
            fixed(row.r1, 4),
            fixed(row.r - row.r0 - row.r1, 4)
        );
    }
}
