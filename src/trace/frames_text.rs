//! The text of `explain --transforms` and of a fit's evidence: matrices by rows.

use std::fmt::Write as _;

use super::fit_evidence::FitEvidence;
use super::number::{coordinates, fixed};
use super::transforms::FramesRecord;

/// A matrix's rows, each as `[a b c]` with `digits` decimals, indented by `indent`.
fn matrix_rows<const N: usize>(rows: &[[f64; N]], indent: &str, digits: usize) -> String {
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|&x| format!("{:>10}", fixed(x, digits)))
            .collect();
        let _ = writeln!(out, "{indent}[{} ]", cells.join(""));
    }
    out
}

/// The covariance matrix, each eigenpair with its residual, and the projections.
pub fn fit_lines(evidence: &FitEvidence) -> String {
    let mut out = format!(
        "  covariance C about the mean {}:\n",
        coordinates(&evidence.mean, 4)
    );
    out.push_str(&matrix_rows(&evidence.covariance, "    ", 4));
    for k in 0..3 {
        let [low, high] = evidence.projections[k];
        let _ = writeln!(
            out,
            "  A{k} = {}  lambda = {}  |C v - lambda v| = {:.1e}",
            coordinates(&evidence.eigenvectors[k], 4),
            fixed(evidence.eigenvalues[k], 4),
            evidence.residuals[k],
        );
        let _ = writeln!(
            out,
            "       projections (P - mean).A{k} from {} to {}: half-extent {}",
            fixed(low, 3),
            fixed(high, 3),
            fixed(evidence.half_extents[k], 3)
        );
    }
    out
}

/// Every body's transform and inverse, then each pair's `R` and `t` in A's frame.
pub fn render_frames(frames: &FramesRecord) -> String {
    render_body_frames(frames) + &render_pair_frames(frames)
}

/// Every body's transform to the world and back, as 4×4 homogeneous matrices.
pub fn render_body_frames(frames: &FramesRecord) -> String {
    let mut out = String::from(
        "frames (4x4 homogeneous matrices by rows; a point p of a body is at R p + c):\n",
    );
    for body in &frames.bodies {
        let _ = writeln!(out, "{}: body to world", body.name);
        out.push_str(&matrix_rows(&body.to_world, "  ", 4));
        let _ = writeln!(out, "{}: world to body (the inverse)", body.name);
        out.push_str(&matrix_rows(&body.to_body, "  ", 4));
    }
    out
}

/// Each pair's `R` and `t`: B's frame in A's.
pub fn render_pair_frames(frames: &FramesRecord) -> String {
    let mut out = String::new();
    for pair in &frames.pairs {
        let _ = writeln!(
            out,
            "{} in {}'s frame: R (R_ij = A_i . B_j), then t = {}",
            pair.b,
            pair.a,
            coordinates(&pair.translation, 4)
        );
        out.push_str(&matrix_rows(&pair.rotation, "  ", 4));
    }
    out
}
