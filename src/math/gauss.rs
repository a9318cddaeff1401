//! The course's LU by Gaussian elimination without pivoting, kept beside nalgebra's pivoted LU to
//! show what a zero pivot does (docs/methods.md §15.8).

use nalgebra::{DMatrix, DVector};

/// A pivot at most this fraction of its column's largest entry counts as zero.
pub const ZERO_PIVOT: f64 = 1e-12;

/// `A = L U` by elimination in the rows' own order, or where it stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Elimination {
    /// The unit lower-triangular `L`: entry `(i, k)` is the multiplier `m_ik = a_ik / a_kk` that
    /// took row k from row i (rows below a zero pivot keep 0).
    pub lower: DMatrix<f64>,
    /// `U`, the rows after elimination (as far as it went).
    pub upper: DMatrix<f64>,
    /// The pivots `a_kk` in order, up to and including a zero one.
    pub pivots: Vec<f64>,
    /// The step (0-based) whose pivot was zero: elimination cannot divide by it.
    pub zero_pivot: Option<usize>,
    /// `x` with `L y = b`, `U x = y`; `None` after a zero pivot.
    pub solution: Option<DVector<f64>>,
    /// `|A x - b|`.
    pub residual: Option<f64>,
}

/// Eliminates below each diagonal entry in turn, never swapping rows, and solves `A x = b`.
///
/// # Algorithm
/// For `k = 0 .. n-1`: the pivot is `a_kk`; if it is zero (within [`ZERO_PIVOT`] of its column's
/// largest entry) stop. Otherwise for each row `i > k`, `m_ik = a_ik / a_kk` and
/// `row_i -= m_ik row_k`. Then `L` holds the multipliers under a unit diagonal, `U` the reduced
/// rows, `A = L U`; forward `L y = b`, backward `U x = y`.
pub fn eliminate(matrix: &DMatrix<f64>, rhs: &DVector<f64>) -> Elimination {
    let n = matrix.nrows();
    let mut upper = matrix.clone();
    let mut lower = DMatrix::identity(n, n);
    let mut pivots = Vec::with_capacity(n);
    let mut zero_pivot = None;
    for k in 0..n {
        let pivot = upper[(k, k)];
        pivots.push(pivot);
        let column = (k..n).map(|i| upper[(i, k)].abs()).fold(0.0, f64::max);
        if pivot.abs() <= ZERO_PIVOT * column.max(f64::MIN_POSITIVE) || pivot == 0.0 {
            zero_pivot = Some(k);
            break;
        }
        for i in k + 1..n {
            let m = upper[(i, k)] / pivot;
            lower[(i, k)] = m;
            for j in k..n {
                upper[(i, j)] -= m * upper[(k, j)];
            }
        }
    }
    let solution = zero_pivot.is_none().then(|| {
        let mut y = rhs.clone();
        for i in 0..n {
            for k in 0..i {
                y[i] -= lower[(i, k)] * y[k];
            }
        }
        let mut x = y;
        for i in (0..n).rev() {
            for j in i + 1..n {
                x[i] -= upper[(i, j)] * x[j];
            }
            x[i] /= upper[(i, i)];
        }
        x
    });
    let residual = solution.as_ref().map(|x| (matrix * x - rhs).norm());
    Elimination {
        lower,
        upper,
        pivots,
        zero_pivot,
        solution,
        residual,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_courses_system_factors_in_its_own_row_order() {
        let a = DMatrix::from_row_slice(3, 3, &[3.0, 2.0, -3.0, 4.0, -3.0, 6.0, 1.0, 0.0, -1.0]);
        let b = DVector::from_vec(vec![5.0, 1.0, 3.0]);
        let e = eliminate(&a, &b);
        assert_eq!(e.zero_pivot, None);
        assert!((&e.lower * &e.upper - &a).norm() < 1e-12);
        // The course's answer: x = 13/10, y = -2, z = -17/10.
        let x = e.solution.unwrap();
        assert!((x - DVector::from_vec(vec![1.3, -2.0, -1.7])).norm() < 1e-12);
        // First pivot 3, then -3 - (4/3) 2 = -17/3.
        assert_eq!(e.pivots[0], 3.0);
        assert!((e.pivots[1] + 17.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn without_a_zero_pivot_it_solves_as_nalgebras_pivoted_lu_does() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1_u64 << 53) as f64 * 2.0 - 1.0
        };
        for _ in 0..2_000 {
            // Diagonally dominant: every pivot stays away from zero without row swaps.
            let mut a = DMatrix::from_fn(4, 4, |_, _| next());
            for i in 0..4 {
                a[(i, i)] += 5.0 * a[(i, i)].signum();
            }
            let b = DVector::from_fn(4, |_, _| next());
            let e = eliminate(&a, &b);
            assert!((&e.lower * &e.upper - &a).norm() < 1e-12);
            let theirs = a.clone().lu().solve(&b).unwrap();
            assert!((e.solution.unwrap() - theirs).norm() < 1e-12);
        }
    }

    #[test]
    fn a_zero_pivot_stops_elimination_where_pivoting_would_swap() {
        let a = DMatrix::from_row_slice(2, 2, &[0.0, 1.0, 1.0, 1.0]);
        let e = eliminate(&a, &DVector::from_vec(vec![1.0, 2.0]));
        assert_eq!((e.zero_pivot, e.pivots.clone()), (Some(0), vec![0.0]));
        assert!(e.solution.is_none() && e.residual.is_none());
    }
}
