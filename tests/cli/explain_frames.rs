//! `explain --transforms` and the evidence of a fit: the transforms are the ones the separating-axis
//! table works in, and the fit's eigenpairs satisfy `C v = λ v`, checked from the printed numbers.

use crate::cli_support as cli;

use serde_json::Value;

/// `sepax explain ARGS --json`, parsed.
fn explain_json(args: &[&str]) -> Value {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = cli::run(&all);
    assert_eq!(code, Some(0), "{all:?}: {err}");
    serde_json::from_str(&out).expect("one JSON object")
}

fn matrix<const N: usize>(value: &Value) -> [[f64; N]; N] {
    std::array::from_fn(|r| std::array::from_fn(|c| value[r][c].as_f64().expect("a number")))
}

fn product<const N: usize>(x: &[[f64; N]; N], y: &[[f64; N]; N]) -> [[f64; N]; N] {
    std::array::from_fn(|r| std::array::from_fn(|c| (0..N).map(|k| x[r][k] * y[k][c]).sum()))
}

#[test]
fn frames_give_the_rotation_and_translation_the_axis_table_uses() {
    let mut pairs_checked = 0;
    for scene in [
        "two_boxes",
        "edge_edge",
        "vertex_face",
        "face_face",
        "box_stack",
    ] {
        let json = explain_json(&[scene, "--transforms"]);
        let frames = &json["frames"];
        for body in frames["bodies"].as_array().expect("bodies") {
            let (to_world, to_body) = (
                matrix::<4>(&body["to_world"]),
                matrix::<4>(&body["to_body"]),
            );
            let identity = product(&to_world, &to_body);
            for (r, row) in identity.iter().enumerate() {
                for (c, &x) in row.iter().enumerate() {
                    let expected = if r == c { 1.0 } else { 0.0 };
                    assert!(
                        (x - expected).abs() < 1e-12,
                        "{scene} {}: {identity:?}",
                        body["name"]
                    );
                }
            }
        }
        let find = |name: &Value| {
            frames["bodies"]
                .as_array()
                .and_then(|b| b.iter().find(|x| x["name"] == *name))
                .expect("the pair's bodies have frames")
        };
        for pair in frames["pairs"].as_array().expect("pairs") {
            let (a, b) = (find(&pair["a"]), find(&pair["b"]));
            let b_in_a = product(&matrix::<4>(&a["to_body"]), &matrix::<4>(&b["to_world"]));
            let printed = matrix::<4>(&pair["b_in_a"]);
            let rotation = matrix::<3>(&pair["rotation"]);
            let t: [f64; 3] = std::array::from_fn(|k| pair["translation"][k].as_f64().unwrap());
            for r in 0..3 {
                assert!((printed[r][3] - t[r]).abs() < 1e-12);
                for c in 0..4 {
                    assert!((printed[r][c] - b_in_a[r][c]).abs() < 1e-12, "{scene}");
                }
                for c in 0..3 {
                    assert!((printed[r][c] - rotation[r][c]).abs() < 1e-15);
                }
            }
            // The table's face rows: R on A_i is |t_i|, R on B_j is |(Rᵀ t)_j|.
            let Some(record) = json["pairs"].as_array().and_then(|p| {
                p.iter().find(|x| {
                    x["a"] == pair["a"] && x["b"] == pair["b"] && x["shapes"] == "box-box"
                })
            }) else {
                continue;
            };
            let rows = record["axes"].as_array().expect("15 rows");
            for k in 0..3 {
                let along_b: f64 = (0..3).map(|i| rotation[i][k] * t[i]).sum();
                let r_a = rows[k]["r"].as_f64().expect("R");
                let r_b = rows[3 + k]["r"].as_f64().expect("R");
                assert!(
                    (r_a - t[k].abs()).abs() < 1e-9,
                    "{scene} A{k}: {r_a} vs {}",
                    t[k]
                );
                assert!(
                    (r_b - along_b.abs()).abs() < 1e-9,
                    "{scene} B{k}: {r_b} vs {along_b}"
                );
            }
            pairs_checked += 1;
        }
    }
    assert!(pairs_checked >= 5, "{pairs_checked} box pairs checked");
}

#[test]
fn a_fitted_box_shows_its_covariance_eigenpairs_and_projections() {
    let mut fits = 0;
    for scene in ["fitted_cloud", "lesson_obb_vs_aabb", "lesson_sphere_fits"] {
        let json = explain_json(&[scene]);
        for body in json["bodies"].as_array().expect("bodies") {
            let fit = &body["fit"];
            if fit["method"] != "obb" {
                assert!(fit.get("covariance").is_none(), "{scene}: {fit}");
                continue;
            }
            let c = matrix::<3>(&fit["covariance"]);
            let vectors = matrix::<3>(&fit["eigenvectors"]);
            for k in 0..3 {
                let lambda = fit["eigenvalues"][k].as_f64().expect("eigenvalue");
                let v = vectors[k];
                let residual = (0..3)
                    .map(|r| ((0..3).map(|j| c[r][j] * v[j]).sum::<f64>() - lambda * v[r]).powi(2))
                    .sum::<f64>()
                    .sqrt();
                let printed = fit["residuals"][k].as_f64().expect("residual");
                assert!(printed < 1e-12, "{scene}: residual {printed}");
                assert!(residual < 1e-12, "{scene}: recomputed residual {residual}");
                let half = fit["half_extents"][k].as_f64().unwrap();
                let [low, high] = [0, 1].map(|i| fit["projections"][k][i].as_f64().unwrap());
                assert!((half - (high - low) / 2.0).abs() < 1e-12);
                let body_half = body["half_extents"][k].as_f64().expect("a box");
                assert!(
                    (half - body_half).abs() < 1e-9,
                    "{scene}: {half} vs {body_half}"
                );
            }
            fits += 1;
        }
    }
    assert!(fits >= 2, "{fits} fitted boxes checked");
}

#[test]
fn frames_go_with_a_scene_not_with_a_batch_of_pairs() {
    let (code, _, err) = cli::run(&["explain", "--pairs", "-", "--transforms"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--transforms"), "{err}");
    let (code, out, _) = cli::run(&["explain", "two_boxes", "--transforms", "--pair", "A,B"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("B in A's frame"), "{out}");
}

#[test]
fn the_course_covariance_example_comes_out_of_the_fit_record() {
    // The course's worked example (docs/methods.md §3.3): P = (-1,-2,1), (1,0,2), (2,-1,3),
    // (2,-1,2) gives m = (1,-1,2), eigenvalues 2.097, 0.3055, 0.09756 and U1 ≈ ±(0.833, 0.330,
    // 0.443); scene `fitted_cloud` fits exactly these points.
    let json = explain_json(&["fitted_cloud", "--pair", "cloud,ball"]);
    let fit = &json["bodies"][0]["fit"];
    let number = |v: &Value| v.as_f64().expect("a number");
    let mean: Vec<f64> = (0..3).map(|k| number(&fit["mean"][k])).collect();
    assert_eq!(mean, [1.0, -1.0, 2.0]);
    let values: Vec<f64> = (0..3).map(|k| number(&fit["eigenvalues"][k])).collect();
    for (got, printed) in values.iter().zip([2.097, 0.3055, 0.09756]) {
        assert!(
            (got - printed).abs() < 6e-4 * printed.max(1.0),
            "{values:?}"
        );
    }
    let u1: Vec<f64> = (0..3).map(|k| number(&fit["eigenvectors"][0][k])).collect();
    let sign = u1[0].signum();
    for (got, printed) in u1.iter().zip([0.833, 0.330, 0.443]) {
        assert!((sign * got - printed).abs() < 6e-4, "{u1:?}");
    }
}

fn rows_of(value: &Value) -> Vec<Vec<f64>> {
    value
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            r.as_array()
                .expect("a row")
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect()
        })
        .collect()
}

fn times(x: &[Vec<f64>], y: &[Vec<f64>]) -> Vec<Vec<f64>> {
    (0..x.len())
        .map(|r| {
            (0..y[0].len())
                .map(|c| (0..y.len()).map(|k| x[r][k] * y[k][c]).sum())
                .collect()
        })
        .collect()
}

#[test]
fn the_implicit_euler_system_is_the_step_the_simulation_takes() {
    for (scene, frame) in [
        ("stiff_spring", 3),
        ("lesson_stiff_cage", 0),
        ("lesson_stiff_cage", 7),
    ] {
        let json = explain_json(&[scene, "--linear-system", "--frame", &frame.to_string()]);
        let system = &json["linear_system"];
        let (a, p) = (rows_of(&system["matrix"]), rows_of(&system["permutation"]));
        let (l, u) = (rows_of(&system["lower"]), rows_of(&system["upper"]));
        let n = a.len();
        // P A = L U, L unit lower-triangular, U upper-triangular.
        let (pa, lu) = (times(&p, &a), times(&l, &u));
        for r in 0..n {
            assert!((l[r][r] - 1.0).abs() < 1e-15);
            for c in 0..n {
                assert!(
                    (pa[r][c] - lu[r][c]).abs() < 1e-12,
                    "{scene}: PA {pa:?} LU {lu:?}"
                );
                assert!(c <= r || l[r][c] == 0.0);
                assert!(c >= r || u[r][c] == 0.0);
            }
        }
        let b: Vec<f64> = system["rhs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        let dv: Vec<f64> = system["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        let residual: f64 = (0..n)
            .map(|r| ((0..n).map(|c| a[r][c] * dv[c]).sum::<f64>() - b[r]).powi(2))
            .sum::<f64>()
            .sqrt();
        assert!(residual < 1e-12, "{scene}: residual {residual}");
        // Δv is the change of velocity the simulation makes over that frame.
        let (code, out, err) = cli::run(&[
            "simulate",
            scene,
            "--json",
            "--frames",
            &(frame + 1).to_string(),
        ]);
        assert_eq!(code, Some(0), "{err}");
        let frames: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let velocity = |f: usize, name: &str, k: usize| {
            let body = frames[f]["bodies"]
                .as_array()
                .unwrap()
                .iter()
                .find(|b| b["name"] == name)
                .unwrap();
            body["velocity"][k].as_f64().unwrap()
        };
        for (slot, unknown) in system["unknowns"].as_array().unwrap().iter().enumerate() {
            let unknown = unknown.as_str().unwrap();
            let (name, axis) = unknown.rsplit_once('.').unwrap();
            let k = ["vx", "vy", "vz"].iter().position(|&c| c == axis).unwrap();
            let change = velocity(frame + 1, name, k) - velocity(frame, name, k);
            assert!(
                (change - dv[slot]).abs() < 1e-9,
                "{scene} {unknown}: {change} vs {}",
                dv[slot]
            );
        }
    }
}

#[test]
fn the_course_lu_and_eigenvalue_examples_come_out_as_printed() {
    use sepax::nalgebra::{Matrix2, Matrix3, SymmetricEigen, Vector3};
    // [AF] §1.3: 3x + 2y - 3z = 5, 4x - 3y + 6z = 1, x - z = 3 gives x = 13/10, y = -2,
    // z = -17/10, by the LU factorisation implicit Euler uses.
    let a = Matrix3::new(3.0, 2.0, -3.0, 4.0, -3.0, 6.0, 1.0, 0.0, -1.0);
    let x = a.lu().solve(&Vector3::new(5.0, 1.0, 3.0)).expect("regular");
    assert!((x - Vector3::new(1.3, -2.0, -1.7)).norm() < 1e-14, "{x}");
    // §1.3.1.1: A = [1 1; 3 -1] has eigenvalues ±2 with eigenvectors (1, 1) and (1, -3).
    let a2 = Matrix2::new(1.0, 1.0, 3.0, -1.0);
    let mut values: Vec<f64> = a2.eigenvalues().expect("real").iter().copied().collect();
    values.sort_by(f64::total_cmp);
    assert!(
        (values[0] + 2.0).abs() < 1e-14 && (values[1] - 2.0).abs() < 1e-14,
        "{values:?}"
    );
    for (lambda, v) in [(2.0, [1.0, 1.0]), (-2.0, [1.0, -3.0])] {
        let v = sepax::nalgebra::Vector2::from(v);
        assert!((a2 * v - v * lambda).norm() < 1e-14);
    }
    // §1.3.2: the symmetric [2 1 0; 1 1 0; 0 0 -1] has eigenvalues -1 and (3 ± √5)/2.
    let s = Matrix3::new(2.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, -1.0);
    let eigen = SymmetricEigen::new(s);
    let mut values: Vec<f64> = eigen.eigenvalues.iter().copied().collect();
    values.sort_by(f64::total_cmp);
    let root5 = 5.0_f64.sqrt();
    for (got, printed) in values
        .iter()
        .zip([-1.0, (3.0 - root5) / 2.0, f64::midpoint(3.0, root5)])
    {
        assert!((got - printed).abs() < 1e-14, "{values:?}");
    }
    for k in 0..3 {
        let v: Vector3<f64> = eigen.eigenvectors.column(k).into();
        let residual: Vector3<f64> = s * v - v * eigen.eigenvalues[k];
        assert!(residual.norm() < 1e-12);
    }
}
