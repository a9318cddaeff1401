//! Square linear algebra as the course does it by hand: an LU solve and eigenpairs, both from
//! nalgebra's factorisations, each with the residual that shows it worked (docs/methods.md §2, §15.8).

use nalgebra::{DMatrix, DVector};

/// `P A = L U` with partial pivoting, and the solution of `A x = b` when `A` is regular.
#[derive(Clone, Debug, PartialEq)]
pub struct LuFactors {
    /// The row permutation `P` of partial pivoting, as a matrix.
    pub permutation: DMatrix<f64>,
    /// The unit lower-triangular factor `L`.
    pub lower: DMatrix<f64>,
    /// The upper-triangular factor `U`.
    pub upper: DMatrix<f64>,
    /// `det A`, the product of `U`'s diagonal with the permutation's sign.
    pub determinant: f64,
    /// `x` with `A x = b` (`None` when `A` is singular).
    pub solution: Option<DVector<f64>>,
    /// `|A x - b|`, the residual of the solution.
    pub residual: Option<f64>,
}

/// Factors the square `matrix` and solves `matrix x = rhs`.
///
/// # Algorithm
/// nalgebra's LU with partial pivoting gives `P A = L U`; then `L y = P b` forward and `U x = y`
/// backward. `P` is returned as the identity with its rows permuted, so `P A = L U` can be read
/// off the three matrices.
pub fn lu_factors(matrix: &DMatrix<f64>, rhs: &DVector<f64>) -> LuFactors {
    let lu = matrix.clone().lu();
    let mut permutation = DMatrix::identity(matrix.nrows(), matrix.ncols());
    lu.p().permute_rows(&mut permutation);
    let solution = lu.solve(rhs);
    let residual = solution.as_ref().map(|x| (matrix * x - rhs).norm());
    LuFactors {
        determinant: lu.determinant(),
        lower: lu.l(),
        upper: lu.u(),
        permutation,
        solution,
        residual,
    }
}

/// One real eigenpair `A v = λ v`.
#[derive(Clone, Debug, PartialEq)]
pub struct EigenPair {
    /// The eigenvalue `λ`.
    pub value: f64,
    /// A unit eigenvector `v`, its first non-zero entry positive.
    pub vector: DVector<f64>,
    /// `|A v - λ v|`.
    pub residual: f64,
}

/// The eigen-decomposition of a square matrix: its real eigenpairs and its complex eigenvalues.
#[derive(Clone, Debug, PartialEq)]
pub struct Eigen {
    /// Whether the matrix is symmetric (then every eigenvalue is real and the vectors orthogonal).
    pub symmetric: bool,
    /// The real eigenpairs, largest eigenvalue first.
    pub pairs: Vec<EigenPair>,
    /// The eigenvalues that are not real, as `(re, im)`.
    pub complex: Vec<(f64, f64)>,
}

/// The eigenpairs of the square `matrix`.
///
/// # Algorithm
/// A symmetric matrix (`|A - Aᵀ| ≤ 1e-12 |A|`) goes to nalgebra's symmetric eigen-solver, which
/// gives orthonormal vectors. Any other matrix gets its eigenvalues from nalgebra's real Schur
/// form; for each real `λ` the vector is the right singular vector of `A - λ I` with the smallest
/// singular value (the k-th smallest for the k-th copy of a repeated `λ`), i.e. the direction
/// `A - λ I` flattens most, which is the eigenvector when `λ` is exact.
pub fn eigenpairs(matrix: &DMatrix<f64>) -> Eigen {
    let n = matrix.nrows();
    let scale = matrix.norm().max(f64::MIN_POSITIVE);
    let symmetric = (matrix - matrix.transpose()).norm() <= 1e-12 * scale;
    let residual = |value: f64, vector: &DVector<f64>| (matrix * vector - vector * value).norm();
    let mut pairs = Vec::new();
    let mut complex = Vec::new();
    if symmetric {
        let eigen = matrix.clone().symmetric_eigen();
        for k in 0..n {
            let vector: DVector<f64> = eigen.eigenvectors.column(k).into();
            let value = eigen.eigenvalues[k];
            pairs.push(EigenPair {
                residual: residual(value, &vector),
                value,
                vector,
            });
        }
    } else {
        let mut seen: Vec<f64> = Vec::new();
        for value in matrix.complex_eigenvalues().iter() {
            if value.im.abs() > 1e-12 * scale {
                complex.push((value.re, value.im));
                continue;
            }
            let value = value.re;
            let copy = seen
                .iter()
                .filter(|&&v| (v - value).abs() <= 1e-9 * scale)
                .count();
            seen.push(value);
            let shifted = matrix - DMatrix::identity(n, n) * value;
            let vector = flattest_direction(&shifted, copy);
            pairs.push(EigenPair {
                residual: residual(value, &vector),
                value,
                vector,
            });
        }
    }
    for pair in &mut pairs {
        let first = scaled_to_first_entry(&pair.vector);
        if first.dot(&pair.vector) < 0.0 {
            pair.vector = -&pair.vector;
        }
    }
    pairs.sort_by(|p, q| q.value.total_cmp(&p.value));
    complex.sort_by(|p, q| q.0.total_cmp(&p.0).then(q.1.total_cmp(&p.1)));
    Eigen {
        symmetric,
        pairs,
        complex,
    }
}

/// The right singular vector of `m` with the `rank`-th smallest singular value (0: the smallest).
fn flattest_direction(m: &DMatrix<f64>, rank: usize) -> DVector<f64> {
    let svd = m.clone().svd(false, true);
    let mut order: Vec<usize> = (0..svd.singular_values.len()).collect();
    order.sort_by(|&i, &j| svd.singular_values[i].total_cmp(&svd.singular_values[j]));
    let pick = order[rank.min(order.len() - 1)];
    svd.v_t.map_or_else(
        || DVector::zeros(m.ncols()),
        |v_t| v_t.row(pick).transpose(),
    )
}

/// `v` scaled so that its first entry that is not (nearly) zero is 1, as the course writes
/// eigenvectors: `(1, -3)` rather than `(0.316, -0.949)`.
pub fn scaled_to_first_entry(v: &DVector<f64>) -> DVector<f64> {
    let tiny = 1e-9 * v.amax();
    match v.iter().find(|x| x.abs() > tiny) {
        Some(&first) => v / first,
        None => v.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lu_solves_and_factors_the_course_system() {
        let a = DMatrix::from_row_slice(3, 3, &[3.0, 2.0, -3.0, 4.0, -3.0, 6.0, 1.0, 0.0, -1.0]);
        let b = DVector::from_row_slice(&[5.0, 1.0, 3.0]);
        let f = lu_factors(&a, &b);
        let x = f.solution.expect("regular");
        assert!((x - DVector::from_row_slice(&[1.3, -2.0, -1.7])).norm() < 1e-14);
        assert!((&f.permutation * &a - &f.lower * &f.upper).norm() < 1e-14);
        assert!(f.residual.expect("solved") < 1e-14);
    }

    #[test]
    fn a_singular_matrix_has_no_solution() {
        let a = DMatrix::from_row_slice(2, 2, &[1.0, 2.0, 2.0, 4.0]);
        let f = lu_factors(&a, &DVector::from_row_slice(&[1.0, 1.0]));
        assert!(f.solution.is_none() && f.residual.is_none());
        assert!(f.determinant.abs() < 1e-14);
    }

    #[test]
    fn a_general_matrix_gets_real_pairs_and_complex_values() {
        let a = DMatrix::from_row_slice(2, 2, &[1.0, 1.0, 3.0, -1.0]);
        let e = eigenpairs(&a);
        assert!(!e.symmetric && e.complex.is_empty());
        let values: Vec<f64> = e.pairs.iter().map(|p| p.value).collect();
        assert!((values[0] - 2.0).abs() < 1e-14 && (values[1] + 2.0).abs() < 1e-14);
        let first = scaled_to_first_entry(&e.pairs[1].vector);
        assert!((first - DVector::from_row_slice(&[1.0, -3.0])).norm() < 1e-12);
        assert!(e.pairs.iter().all(|p| p.residual < 1e-13));
        let rotation = DMatrix::from_row_slice(2, 2, &[0.0, -1.0, 1.0, 0.0]);
        let e = eigenpairs(&rotation);
        assert!(e.pairs.is_empty());
        assert_eq!(e.complex.len(), 2);
        assert!(e
            .complex
            .iter()
            .all(|&(re, im)| re.abs() < 1e-14 && (im.abs() - 1.0).abs() < 1e-14));
    }

    #[test]
    fn a_repeated_value_of_a_general_matrix_gets_two_directions() {
        let a = DMatrix::from_row_slice(3, 3, &[2.0, 1.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 2.0]);
        let e = eigenpairs(&a);
        let twos: Vec<&EigenPair> = e
            .pairs
            .iter()
            .filter(|p| (p.value - 2.0).abs() < 1e-12)
            .collect();
        assert_eq!(twos.len(), 2);
        assert!(twos.iter().all(|p| p.residual < 1e-12));
        assert!(twos[0].vector.dot(&twos[1].vector).abs() < 1e-9);
    }
}
