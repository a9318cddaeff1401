//! `[[matrix]]` tables: the course's LU and eigenvalue examples come out of the shipped scenes'
//! records, random matrices satisfy `P A = L U` and `A v = λ v`, and bad tables get located errors.

use crate::located;

use located::one;
use proptest::prelude::*;
use sepax::nalgebra::{DMatrix, DVector};
use sepax::scene::{self, MatrixSpec};
use sepax::trace::{matrix_record, MatrixRecord};

fn records(name: &str) -> Vec<MatrixRecord> {
    let scene = scene::load(name).expect("shipped scene loads");
    scene.matrices.iter().map(matrix_record).collect()
}

fn product(x: &[Vec<f64>], y: &[Vec<f64>]) -> DMatrix<f64> {
    let m = |rows: &[Vec<f64>]| DMatrix::from_fn(rows.len(), rows.len(), |i, j| rows[i][j]);
    m(x) * m(y)
}

fn close(got: &[f64], want: &[f64], tolerance: f64) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(g, w)| (g - w).abs() <= tolerance)
}

#[test]
fn the_course_lu_system_is_solved_by_the_record() {
    let lu = &records("course_lu")[0];
    assert_eq!(lu.name, "course LU");
    let x = lu.lu.solution.as_ref().expect("a regular system");
    assert!(close(x, &[1.3, -2.0, -1.7], 1e-14), "{x:?}");
    assert!(lu.lu.residual.expect("solved") < 1e-14);
    assert!((lu.lu.determinant - 20.0).abs() < 1e-12);
    // P A = L U, read off the record's three matrices.
    let pa = product(&lu.lu.permutation, &lu.rows);
    let factors = product(&lu.lu.lower, &lu.lu.upper);
    assert!((pa - factors).norm() < 1e-14);
}

#[test]
fn the_course_eigenvalue_examples_come_out_of_the_records() {
    let found = records("course_eigen");
    let [two, symmetric] = &found[..] else {
        panic!("two matrices, found {}", found.len());
    };
    // [1 1; 3 -1]: ±2 with (1, 1) and (1, -3), as the course writes them.
    assert_eq!(two.eigen.method, "general");
    let values: Vec<f64> = two.eigen.pairs.iter().map(|p| p.value).collect();
    assert!(close(&values, &[2.0, -2.0], 1e-14), "{values:?}");
    assert!(close(&two.eigen.pairs[0].scaled, &[1.0, 1.0], 1e-12));
    assert!(close(&two.eigen.pairs[1].scaled, &[1.0, -3.0], 1e-12));
    assert!(two.lu.solution.is_none() && two.rhs.is_none());
    // [2 1 0; 1 1 0; 0 0 -1]: (3 ± √5)/2 and -1; the course's ((1 ± √5)/2, 1, 0) and (0, 0, 1).
    assert_eq!(symmetric.eigen.method, "symmetric");
    let root5 = 5.0_f64.sqrt();
    let values: Vec<f64> = symmetric.eigen.pairs.iter().map(|p| p.value).collect();
    let printed = [f64::midpoint(3.0, root5), (3.0 - root5) / 2.0, -1.0];
    assert!(close(&values, &printed, 1e-14), "{values:?}");
    let course = [
        [f64::midpoint(1.0, root5), 1.0, 0.0],
        [(1.0 - root5) / 2.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
    ];
    for (pair, v) in symmetric.eigen.pairs.iter().zip(course) {
        let ours = DVector::from_row_slice(&pair.vector);
        let theirs = DVector::from_row_slice(&v).normalize();
        assert!((ours.dot(&theirs).abs() - 1.0).abs() < 1e-14, "{pair:?}");
        assert!(pair.residual < 1e-14);
    }
}

fn spec(n: usize, entries: &[f64], rhs: &[f64]) -> MatrixSpec {
    MatrixSpec {
        name: "m".to_string(),
        matrix: DMatrix::from_row_slice(n, n, &entries[..n * n]),
        rhs: Some(DVector::from_row_slice(&rhs[..n])),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_matrices_factor_and_decompose(
        n in 1usize..=6,
        entries in prop::collection::vec(-10.0f64..10.0, 36),
        rhs in prop::collection::vec(-10.0f64..10.0, 6),
        make_symmetric in any::<bool>(),
    ) {
        let mut spec = spec(n, &entries, &rhs);
        if make_symmetric {
            spec.matrix = &spec.matrix + spec.matrix.transpose();
        }
        let record = matrix_record(&spec);
        let scale = spec.matrix.norm().max(1.0);
        let pa = product(&record.lu.permutation, &record.rows);
        let factors = product(&record.lu.lower, &record.lu.upper);
        prop_assert!((pa - factors).norm() <= 1e-12 * scale);
        let det = spec.matrix.determinant();
        prop_assert!((record.lu.determinant - det).abs() <= 1e-9 * scale.powi(6));
        if let (Some(x), Some(residual)) = (&record.lu.solution, record.lu.residual) {
            let x = DVector::from_row_slice(x);
            let b = spec.rhs.as_ref().expect("rhs");
            prop_assert!(((&spec.matrix * x) - b).norm() - residual <= 1e-12 * scale);
        }
        let eigen = &record.eigen;
        prop_assert_eq!(eigen.method == "symmetric", make_symmetric || n == 1);
        prop_assert_eq!(eigen.pairs.len() + eigen.complex.len(), n);
        for pair in &eigen.pairs {
            let v = DVector::from_row_slice(&pair.vector);
            prop_assert!((v.norm() - 1.0).abs() < 1e-12);
            let residual = (&spec.matrix * &v - &v * pair.value).norm();
            prop_assert!((residual - pair.residual).abs() <= 1e-12 * scale);
            // A simple real eigenvalue of a random matrix is well conditioned enough for 1e-8.
            prop_assert!(pair.residual <= 1e-8 * scale, "{pair:?} of {}", spec.matrix);
        }
        prop_assert!(eigen.pairs.windows(2).all(|w| w[0].value >= w[1].value));
    }
}

/// A body on lines 1–7; the text under test starts on line 8.
const HEAD: &str = "[world]\ndt = 0.1\n[[body]]\nname = \"A\"\nshape = \"sphere\"\nradius = 1\ncenter = [0, 0, 0]\n";

/// The one diagnostic of `tail` after [`HEAD`] is at `at` and its message holds every `|` part.
#[track_caller]
fn one_after_head(tail: &str, at: &str, words: &str) {
    one(&format!("{HEAD}{tail}"), &format!("{at} {words}"));
}

#[test]
fn matrix_errors_are_located() {
    let head = "[[matrix]]\nname = \"M\"\n";
    one_after_head(
        &format!("{head}rows = [[1, 2], [3]]\n"),
        "10:17",
        "row 2 of `rows` of matrix \"M\" has 1 number,|needs 2 in each",
    );
    one_after_head(
        &format!("{head}rows = [[1, 2], [3, 4]]\nrhs = [1, 2, 3]\n"),
        "11:7",
        "`rhs` of matrix \"M\" has 3 numbers, and the matrix has 2 rows",
    );
    one_after_head(
        &format!("{head}rows = [[1], [2], [3], [4], [5], [6], [7]]\n"),
        "10:8",
        "must hold 1 to 6 rows, found 7",
    );
    one_after_head(
        &format!("{head}rows = [[1, \"x\"], [3, 4]]\n"),
        "10:13",
        "row 1 of `rows` of matrix \"M\"",
    );
    one_after_head(
        &format!("{head}rows = [[1]]\nrsh = [1]\n"),
        "11:1",
        "unknown key `rsh` in matrix \"M\"|allowed keys: name, rows, rhs",
    );
    one_after_head(
        "[[matrix]]\nname = \"M\"\n",
        "8:1",
        "matrix \"M\" is missing `rows`",
    );
    one_after_head(
        &format!("{head}rows = [[1]]\n{head}rows = [[2]]\n"),
        "12:8",
        "duplicate matrix name \"M\": the matrix at line 8 has it",
    );
}
