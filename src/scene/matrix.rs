//! One `[[matrix]]` table: a square matrix written in the scene, factored by LU and decomposed
//! into eigenpairs for `explain` and the matrices overlay, as the course's worked examples are.

use std::ops::Range;

use nalgebra::{DMatrix, DVector};
use toml::de::{DeTable, DeValue};

use super::fields::Fields;
use super::roster::Roster;
use super::value::{self, Raw, Report};

/// The largest matrix a scene may write (rows and columns).
pub const MAX_MATRIX_SIZE: usize = 6;

/// A `[[matrix]]`: `rows` of a square matrix `A`, and optionally the right-hand side `b` of
/// `A x = b`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixSpec {
    /// The matrix's name.
    pub name: String,
    /// `A`, square, 1×1 to 6×6.
    pub matrix: DMatrix<f64>,
    /// `b`, as many entries as `A` has rows, when the scene asks for `A x = b`.
    pub rhs: Option<DVector<f64>>,
}

/// Validates the `index`-th (0-based) matrix table whose header is at `span`.
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    index: usize,
    _bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<MatrixSpec> {
    let mut f = Fields::new(table, span, format!("matrix #{}", index + 1));
    let name = f.name(r, "matrix", "what explain and the overlay call the matrix");
    let label = f.label().to_string();
    let matrix = match f.raw("rows") {
        Some(raw) => square(r, &label, raw),
        None => f.missing("rows", "the matrix's rows, [[a, b], [c, d]]"),
    };
    let rhs = f.raw("rhs").map(|raw| rhs(r, &label, raw, matrix.as_ref()));
    let ok = f.finish(r);
    let rhs = match rhs {
        Some(read) => Some(read?),
        None => None,
    };
    ok.then_some(MatrixSpec {
        name: name?.to_string(),
        matrix: matrix?,
        rhs,
    })
}

/// The rows in `raw`: a square array of arrays of numbers, 1 to [`MAX_MATRIX_SIZE`] wide.
fn square(r: &mut Report<'_>, label: &str, raw: &Raw<'_>) -> Option<DMatrix<f64>> {
    let what = format!("`rows` of {label}");
    let DeValue::Array(rows) = raw.get_ref() else {
        let found = value::kind(raw.get_ref());
        r.error(
            raw.span(),
            format!("{what} must be an array of rows (arrays of numbers), found {found}"),
        );
        return None;
    };
    let n = rows.len();
    if n == 0 || n > MAX_MATRIX_SIZE {
        r.error(
            raw.span(),
            format!("{what} must hold 1 to {MAX_MATRIX_SIZE} rows, found {n}"),
        );
        return None;
    }
    let mut entries = Vec::with_capacity(n * n);
    let mut ok = true;
    for (k, row) in rows.iter().enumerate() {
        let row_what = format!("row {} of {what}", k + 1);
        let DeValue::Array(items) = row.get_ref() else {
            let found = value::kind(row.get_ref());
            r.error(
                row.span(),
                format!("{row_what} must be an array of {n} numbers, found {found}"),
            );
            ok = false;
            continue;
        };
        if items.len() != n {
            let message = format!(
                "{row_what} has {}, and a square matrix of {n} rows needs {n} in each",
                numbers_count(items.len())
            );
            r.error(row.span(), message);
            ok = false;
            continue;
        }
        for item in items {
            match value::number(r, &row_what, item) {
                Some(x) => entries.push(x),
                None => ok = false,
            }
        }
    }
    ok.then(|| DMatrix::from_row_slice(n, n, &entries))
}

/// The right-hand side in `raw`: as many numbers as the matrix has rows.
fn rhs(
    r: &mut Report<'_>,
    label: &str,
    raw: &Raw<'_>,
    matrix: Option<&DMatrix<f64>>,
) -> Option<DVector<f64>> {
    let what = format!("`rhs` of {label}");
    let DeValue::Array(items) = raw.get_ref() else {
        let found = value::kind(raw.get_ref());
        r.error(
            raw.span(),
            format!("{what} must be an array of numbers, found {found}"),
        );
        return None;
    };
    let numbers: Option<Vec<f64>> = items
        .iter()
        .map(|item| value::number(r, &what, item))
        .collect::<Vec<_>>()
        .into_iter()
        .collect();
    let numbers = numbers?;
    let n = matrix?.nrows();
    if numbers.len() != n {
        let message = format!(
            "{what} has {}, and the matrix has {n} rows: b needs one number per row",
            numbers_count(numbers.len())
        );
        r.error(raw.span(), message);
        return None;
    }
    Some(DVector::from_vec(numbers))
}

/// `1 number`, `3 numbers`.
fn numbers_count(n: usize) -> String {
    format!("{n} {}", if n == 1 { "number" } else { "numbers" })
}
