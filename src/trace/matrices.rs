//! The scene's `[[matrix]]` entries worked through: the LU solve of `A x = b` and the eigenpairs,
//! each with its residual (docs/methods.md §15.8).

use std::fmt::Write as _;

use nalgebra::DVector;
use serde::Serialize;

use super::linear_system::{entries, rows, swaps_rows, write_block};
use super::number::fixed;
use crate::math;
use crate::scene::MatrixSpec;

/// One `[[matrix]]`: `A`, its LU factors (and `x` when the scene gives `b`), and its eigenpairs.
#[derive(Clone, Debug, Serialize)]
pub struct MatrixRecord {
    /// The matrix's name in the scene.
    pub name: String,
    /// `A`, by rows.
    pub rows: Vec<Vec<f64>>,
    /// `b` of `A x = b`, when the scene gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rhs: Option<Vec<f64>>,
    /// `P A = L U` and, with `b`, the solution.
    pub lu: LuRecord,
    /// The course's `A = L U` by elimination without row swaps, and where a zero pivot stops it.
    pub unpivoted: UnpivotedRecord,
    /// The eigenvalues and eigenvectors.
    pub eigen: EigenRecord,
}

/// nalgebra's LU factors of `A` with partial pivoting.
#[derive(Clone, Debug, Serialize)]
pub struct LuRecord {
    /// The row permutation `P`, by rows.
    pub permutation: Vec<Vec<f64>>,
    /// The unit lower-triangular factor `L`, by rows.
    pub lower: Vec<Vec<f64>>,
    /// The upper-triangular factor `U`, by rows.
    pub upper: Vec<Vec<f64>>,
    /// `det A`.
    pub determinant: f64,
    /// `x` with `A x = b`: `null` without `b` or when `A` is singular.
    pub solution: Option<Vec<f64>>,
    /// `|A x - b|`, `null` when there is no `x`.
    pub residual: Option<f64>,
}

/// The course's LU by Gaussian elimination in the rows' own order.
#[derive(Clone, Debug, Serialize)]
pub struct UnpivotedRecord {
    /// `L` of the multipliers, by rows.
    pub lower: Vec<Vec<f64>>,
    /// `U`, by rows (as far as elimination went).
    pub upper: Vec<Vec<f64>>,
    /// The pivots in order, up to a zero one.
    pub pivots: Vec<f64>,
    /// The 0-based step whose pivot was zero, `null` when every pivot was usable.
    pub zero_pivot: Option<usize>,
    /// `x` with `A x = b`: `null` without `b` or after a zero pivot.
    pub solution: Option<Vec<f64>>,
    /// `|A x - b|`.
    pub residual: Option<f64>,
}

/// The eigen-decomposition: real eigenpairs, largest first, and the eigenvalues that are not real.
#[derive(Clone, Debug, Serialize)]
pub struct EigenRecord {
    /// `symmetric` (nalgebra's symmetric eigen-solver) or `general` (real Schur form, vectors by
    /// SVD of `A - λ I`).
    pub method: &'static str,
    /// The real eigenpairs.
    pub pairs: Vec<EigenPairRecord>,
    /// The complex eigenvalues as `[re, im]` (no vector is given for them).
    pub complex: Vec<[f64; 2]>,
}

/// One eigenpair `A v = λ v`.
#[derive(Clone, Debug, Serialize)]
pub struct EigenPairRecord {
    /// `λ`.
    pub value: f64,
    /// The unit eigenvector.
    pub vector: Vec<f64>,
    /// The same vector scaled so that its first non-zero entry is 1, as the course writes it.
    pub scaled: Vec<f64>,
    /// `|A v - λ v|` of the unit vector.
    pub residual: f64,
}

/// The record of one `[[matrix]]`.
pub fn matrix_record(spec: &MatrixSpec) -> MatrixRecord {
    let n = spec.matrix.nrows();
    let rhs = spec.rhs.clone().unwrap_or_else(|| DVector::zeros(n));
    let lu = math::lu_factors(&spec.matrix, &rhs);
    let solved = spec.rhs.is_some();
    let eigen = math::eigenpairs(&spec.matrix);
    let gauss = math::eliminate(&spec.matrix, &rhs);
    MatrixRecord {
        name: spec.name.clone(),
        rows: rows(&spec.matrix),
        rhs: spec.rhs.as_ref().map(entries),
        lu: LuRecord {
            permutation: rows(&lu.permutation),
            lower: rows(&lu.lower),
            upper: rows(&lu.upper),
            determinant: lu.determinant,
            solution: lu.solution.as_ref().filter(|_| solved).map(entries),
            residual: lu.residual.filter(|_| solved),
        },
        unpivoted: UnpivotedRecord {
            lower: rows(&gauss.lower),
            upper: rows(&gauss.upper),
            pivots: gauss.pivots.clone(),
            zero_pivot: gauss.zero_pivot,
            solution: gauss.solution.as_ref().filter(|_| solved).map(entries),
            residual: gauss.residual.filter(|_| solved),
        },
        eigen: EigenRecord {
            method: if eigen.symmetric {
                "symmetric"
            } else {
                "general"
            },
            pairs: eigen
                .pairs
                .iter()
                .map(|p| EigenPairRecord {
                    value: p.value,
                    vector: entries(&p.vector),
                    scaled: entries(&math::scaled_to_first_entry(&p.vector)),
                    residual: p.residual,
                })
                .collect(),
            complex: eigen.complex.iter().map(|&(re, im)| [re, im]).collect(),
        },
    }
}

/// Every matrix as text: `A` and its determinant; with `b`, the factors `P`, `L`, `U` and `x` with
/// its residual; then the eigenpairs. (The JSON record holds the LU factors of every matrix.)
pub fn render_matrices(records: &[MatrixRecord]) -> String {
    let mut out = String::new();
    for m in records {
        let n = m.rows.len();
        let _ = writeln!(
            out,
            "matrix {:?} ({n}x{n}), det A = {}",
            m.name,
            fixed(m.lu.determinant, 6)
        );
        write_block(&mut out, "A", &m.rows);
        if let Some(b) = &m.rhs {
            write_solve(&mut out, b, &m.lu);
            write_unpivoted(&mut out, &m.unpivoted);
        }
        write_eigen(&mut out, &m.eigen);
    }
    out
}

/// `b`, the factors `P`, `L`, `U`, and `x` with its residual.
fn write_solve(out: &mut String, b: &[f64], lu: &LuRecord) {
    write_block(out, "b", &[b.to_vec()]);
    if swaps_rows(&lu.permutation) {
        write_block(out, "P (P A = L U)", &lu.permutation);
    } else {
        out.push_str("P = I (no row swaps: A = L U)\n");
    }
    write_block(out, "L", &lu.lower);
    write_block(out, "U", &lu.upper);
    match (&lu.solution, lu.residual) {
        (Some(x), Some(residual)) => {
            write_block(out, "x (L y = P b, then U x = y)", std::slice::from_ref(x));
            let _ = writeln!(out, "residual |A x - b| = {residual:.1e}");
        }
        _ => out.push_str("A is singular: A x = b has no unique x\n"),
    }
}

/// The course's elimination without row swaps: its pivots, then `L`, `U` and `x`, or the zero
/// pivot that stopped it.
fn write_unpivoted(out: &mut String, gauss: &UnpivotedRecord) {
    let pivots: Vec<String> = gauss.pivots.iter().map(|&p| fixed(p, 6)).collect();
    let _ = writeln!(
        out,
        "the course's elimination without row swaps (A = L U): pivots {}",
        pivots.join(", ")
    );
    if let Some(k) = gauss.zero_pivot {
        let _ = writeln!(
            out,
            "pivot {} is zero: no multiplier a_ik / a_kk exists, and only a row swap (P) goes on",
            k + 1
        );
        return;
    }
    write_block(out, "L (the multipliers a_ik / a_kk)", &gauss.lower);
    write_block(out, "U", &gauss.upper);
    if let (Some(x), Some(residual)) = (&gauss.solution, gauss.residual) {
        write_block(out, "x", std::slice::from_ref(x));
        let _ = writeln!(out, "residual |A x - b| = {residual:.1e}");
    }
}

/// The eigenpairs, two lines each, then the complex eigenvalues.
fn write_eigen(out: &mut String, eigen: &EigenRecord) {
    let how = match eigen.method {
        "symmetric" => "symmetric: nalgebra's symmetric eigen-solver",
        _ => "general: real Schur form, v from the SVD of A - lambda I",
    };
    let _ = writeln!(out, "eigenpairs ({how}):");
    let list = |v: &[f64]| {
        let cells: Vec<String> = v.iter().map(|&x| fixed(x, 6)).collect();
        format!("({})", cells.join(", "))
    };
    for (k, p) in eigen.pairs.iter().enumerate() {
        let _ = writeln!(
            out,
            "  lambda{k} = {}  |A v - lambda v| = {:.1e}\n    v = {}\n    unit v = {}",
            fixed(p.value, 6),
            p.residual,
            list(&p.scaled),
            list(&p.vector),
        );
    }
    for &[re, im] in &eigen.complex {
        let _ = writeln!(
            out,
            "  lambda = {} {} {}i (not real: no real eigenvector)",
            fixed(re, 6),
            if im < 0.0 { "-" } else { "+" },
            fixed(im.abs(), 6)
        );
    }
}
