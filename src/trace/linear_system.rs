//! The linear system of an implicit-Euler step, as `explain --linear-system` shows it.

use std::fmt::Write as _;

use nalgebra::{DMatrix, DVector};
use serde::Serialize;

use super::number::fixed;
use super::simulate::{world_from_scene, SimOptions};
use crate::scene::Scene;

/// `A Δv = b` for the step from one frame to the next, with nalgebra's LU factors `P A = L U`.
#[derive(Clone, Debug, Serialize)]
pub struct LinearSystemRecord {
    /// The frame the step starts from.
    pub from_frame: usize,
    /// The step length (one frame).
    pub h: f64,
    /// What each unknown is: `NAME.vx`, `NAME.vy`, `NAME.vz` per moving body.
    pub unknowns: Vec<String>,
    /// `A = M - h² ∂F/∂x - h ∂F/∂v`, by rows.
    pub matrix: Vec<Vec<f64>>,
    /// `b = h F + h² (∂F/∂x) v`.
    pub rhs: Vec<f64>,
    /// The row permutation of partial pivoting, by rows.
    pub permutation: Vec<Vec<f64>>,
    /// The unit lower-triangular factor `L`, by rows.
    pub lower: Vec<Vec<f64>>,
    /// The upper-triangular factor `U`, by rows.
    pub upper: Vec<Vec<f64>>,
    /// `Δv`, or `null` when `A` is singular (the step then falls back to explicit Euler).
    pub solution: Option<Vec<f64>>,
    /// `|A Δv - b|`.
    pub residual: Option<f64>,
}

pub(super) fn rows(m: &DMatrix<f64>) -> Vec<Vec<f64>> {
    m.row_iter().map(|r| r.iter().copied().collect()).collect()
}

pub(super) fn entries(v: &DVector<f64>) -> Vec<f64> {
    v.iter().copied().collect()
}

/// The system the implicit-Euler step from `frame` to `frame + 1` of `scene` solves.
///
/// # Errors
/// When the scene's integrator is not implicit Euler, the frame is past the scene's last, the
/// world refuses the scene or it has no moving body.
pub fn linear_system_record(scene: &Scene, frame: usize) -> Result<LinearSystemRecord, String> {
    if scene.world.integrator != "implicit-euler" {
        return Err(format!(
            "--linear-system shows the system an implicit-Euler step solves, and scene {} \
             uses {} (set `integrator = \"implicit-euler\"` in its [world])",
            scene.name, scene.world.integrator
        ));
    }
    if frame >= scene.world.frames {
        return Err(format!(
            "frame {frame} is the scene's last: no step starts there (frames 0 to {})",
            scene.world.frames.saturating_sub(1)
        ));
    }
    let mut world = world_from_scene(scene, &SimOptions::default())?;
    for _ in 0..frame {
        world.step();
    }
    let system = world.implicit_system().ok_or_else(|| {
        format!(
            "scene {} has no moving body: there is no system",
            scene.name
        )
    })?;
    let unknowns = system
        .bodies
        .iter()
        .flat_map(|&i| ["vx", "vy", "vz"].map(|c| format!("{}.{c}", world.bodies[i].name)))
        .collect();
    Ok(LinearSystemRecord {
        from_frame: frame,
        h: scene.world.dt,
        unknowns,
        matrix: rows(&system.matrix),
        rhs: entries(&system.rhs),
        permutation: rows(&system.permutation),
        lower: rows(&system.lower),
        upper: rows(&system.upper),
        solution: system.solution.as_ref().map(entries),
        residual: system.residual,
    })
}

/// Writes `name:` and the rows of `m` below it, six decimals in columns 13 wide.
pub(super) fn write_block(out: &mut String, name: &str, m: &[Vec<f64>]) {
    let _ = writeln!(out, "{name}:");
    for row in m {
        let cells: Vec<String> = row
            .iter()
            .map(|&x| format!("{:>13}", fixed(x, 6)))
            .collect();
        let _ = writeln!(out, "  [{} ]", cells.join(""));
    }
}

/// Whether the permutation matrix `p` swaps any rows.
pub(super) fn swaps_rows(p: &[Vec<f64>]) -> bool {
    p.iter().enumerate().any(|(r, row)| row[r] != 1.0)
}

/// The system as text: `A`, `b`, `P`, `L`, `U`, `Δv` and the residual.
pub fn render_linear_system(record: &LinearSystemRecord) -> String {
    let mut out = format!(
        "implicit Euler, step from frame {} (h = {} s): A dv = b over {}\n",
        record.from_frame,
        record.h,
        record.unknowns.join(", ")
    );
    let block = write_block;
    block(&mut out, "A = M - h^2 dF/dx - h dF/dv", &record.matrix);
    block(
        &mut out,
        "b = h F + h^2 (dF/dx) v",
        std::slice::from_ref(&record.rhs),
    );
    if swaps_rows(&record.permutation) {
        block(&mut out, "P (P A = L U)", &record.permutation);
    } else {
        out.push_str("P = I (no row swaps: A = L U)\n");
    }
    block(&mut out, "L", &record.lower);
    block(&mut out, "U", &record.upper);
    match (&record.solution, record.residual) {
        (Some(dv), Some(residual)) => {
            block(
                &mut out,
                "dv (L y = P b, then U dv = y)",
                std::slice::from_ref(dv),
            );
            let _ = writeln!(out, "residual |A dv - b| = {residual:.1e}");
        }
        _ => out.push_str("A is singular: the step falls back to explicit Euler\n"),
    }
    out
}
