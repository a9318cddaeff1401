//! Box pairs for the batch tests and benchmark: seeded families (random, moving towards each
//! other, touching, axis-aligned, near-parallel, overlapping), each written as a JSON line, a
//! CSV line and a scene of two boxes A and B. Numbers are written shortest-round-trip, so every
//! form holds the same bits. Include it beside `oracle_support` at the root of the test crate.
#![allow(dead_code)]

use std::fmt::Write as _;

use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::Obb;

use crate::oracle_support::{about, rotated, touch, Rng};

/// One pair with its motion, as a dump would hold it.
#[derive(Clone, Debug)]
pub struct PairCase {
    pub a: Obb,
    pub va: Option<Vector3<f64>>,
    pub b: Obb,
    pub vb: Option<Vector3<f64>>,
    pub horizon: Option<f64>,
    pub family: &'static str,
}

/// The families, one per `index % FAMILIES.len()`.
pub const FAMILIES: [&str; 6] = [
    "random",
    "moving towards",
    "touching",
    "axis-aligned",
    "near-parallel",
    "overlapping",
];

/// Case `index` of the families seeded with `seed`: the family cycles with the index, half the
/// cases move, and the horizon is absent, 0 or up to 2 s.
pub fn case(seed: u64, index: u64) -> PairCase {
    let mut rng = Rng::case(seed, index);
    let family = FAMILIES[(index % FAMILIES.len() as u64) as usize];
    let (a, b) = match family {
        "random" => (rng.obb(3.0), rng.obb(3.0)),
        "moving towards" => (rng.obb(3.0), rng.obb(5.0)),
        "touching" => {
            let pair = touch::any_touch(&mut rng, 3.0);
            let offset = [0.0, 0.0, 1e-9, -1e-9, 1e-3][rng.below(5)];
            (pair.a, pair.shifted(offset))
        }
        "axis-aligned" => axis_aligned(&mut rng),
        "near-parallel" => {
            let a = rng.obb(1.5);
            let angle = rng.log_range(1e-12, 1e-3);
            let turn = about(&rng.direction(), angle);
            (a, rotated(&rng.obb(1.5), a.rotation() * turn))
        }
        _ => {
            let a = rng.obb(3.0);
            let b = Obb::new(
                a.center() + rng.vector(0.5),
                rng.rotation(),
                rng.extents(0.05, 3.0),
            );
            (a, b)
        }
    };
    let moving = rng.next_u64() & 1 == 0;
    let (va, vb) = if !moving {
        (None, None)
    } else if family == "moving towards" {
        let va = rng.vector(2.0);
        let vb = va + (a.center() - b.center()) * rng.range(0.0, 1.2) + rng.vector(2.0);
        (Some(va), Some(vb))
    } else {
        (Some(rng.vector(2.0)), Some(rng.vector(2.0)))
    };
    let horizon = [None, Some(0.0), Some(rng.range(0.0, 2.0)), Some(1.0)][rng.below(4)];
    PairCase {
        a,
        va,
        b,
        vb,
        horizon,
        family,
    }
}

/// Two unturned boxes on a grid of quarter units: faces, edges and corners meet exactly.
fn axis_aligned(rng: &mut Rng) -> (Obb, Obb) {
    let mut grid = |n: usize| (rng.below(n) as f64 + 1.0) * 0.25;
    let ha = Vector3::new(grid(8), grid(8), grid(8));
    let hb = Vector3::new(grid(8), grid(8), grid(8));
    let mut offset = Vector3::zeros();
    for k in 0..3 {
        let reach = ha[k] + hb[k];
        offset[k] = [reach, -reach, 0.0, 0.25, reach + 0.25][rng.below(5)];
    }
    let identity = UnitQuaternion::identity();
    let center = Vector3::new(rng.below(5) as f64, 0.0, -(rng.below(3) as f64));
    (
        Obb::new(center, identity, ha),
        Obb::new(center + offset, identity, hb),
    )
}

/// A pair as a game would dump it: random boxes, B moving towards A's centre (about half the
/// pairs meet within 1 s) and the horizon 1 s; the SAT benchmark's moving mix, unfiltered.
pub fn dump_case(seed: u64, index: u64) -> PairCase {
    let mut rng = Rng::case(seed, index);
    let (a, b) = (rng.obb(3.0), rng.obb(5.0));
    let va = rng.vector(2.0);
    let vb = va + (a.center() - b.center()) * rng.range(0.0, 1.2) + rng.vector(2.0);
    PairCase {
        a,
        va: Some(va),
        b,
        vb: Some(vb),
        horizon: Some(1.0),
        family: "dump",
    }
}

fn numbers(values: &[f64]) -> String {
    values
        .iter()
        .map(|x| format!("{x:?}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn quaternion(obb: &Obb) -> [f64; 4] {
    let q = obb.rotation();
    [q.w, q.i, q.j, q.k]
}

fn json_box(obb: &Obb, velocity: Option<&Vector3<f64>>) -> String {
    let (c, h) = (obb.center(), obb.half_extents());
    let mut out = format!(
        r#"{{"center":[{}],"rotation":[{}],"half_extents":[{}]"#,
        numbers(c.as_slice()),
        numbers(&quaternion(obb)),
        numbers(h.as_slice())
    );
    if let Some(v) = velocity {
        let _ = write!(out, r#","velocity":[{}]"#, numbers(v.as_slice()));
    }
    out.push('}');
    out
}

/// The pair as a JSON line with the given id.
pub fn json_line(id: u64, case: &PairCase) -> String {
    let mut out = format!(
        r#"{{"id":{id},"a":{},"b":{}"#,
        json_box(&case.a, case.va.as_ref()),
        json_box(&case.b, case.vb.as_ref())
    );
    if let Some(horizon) = case.horizon {
        let _ = write!(out, r#","horizon":{horizon:?}"#);
    }
    out.push('}');
    out
}

/// The pair as a CSV line: 20 numbers, the velocities (zero for a still box) when either box
/// moves, and the horizon when given.
pub fn csv_line(case: &PairCase) -> String {
    let mut values = Vec::with_capacity(27);
    for obb in [&case.a, &case.b] {
        values.extend_from_slice(obb.center().as_slice());
        values.extend_from_slice(&quaternion(obb));
        values.extend_from_slice(obb.half_extents().as_slice());
    }
    if case.va.is_some() || case.vb.is_some() {
        for v in [case.va, case.vb] {
            values.extend_from_slice(v.unwrap_or_else(Vector3::zeros).as_slice());
        }
    }
    values.extend(case.horizon);
    numbers(&values)
}

/// The pair as a scene of two boxes `A` and `B`.
pub fn scene_toml(case: &PairCase) -> String {
    let mut out = String::from("[world]\ndt = 0.01\nframes = 1\n");
    for (name, obb, velocity) in [("A", &case.a, case.va), ("B", &case.b, case.vb)] {
        let _ = write!(
            out,
            "\n[[body]]\nname = \"{name}\"\nshape = \"box\"\ncenter = [{}]\nhalf_extents = [{}]\n\
             rotation = {{ quaternion = [{}] }}\n",
            numbers(obb.center().as_slice()),
            numbers(obb.half_extents().as_slice()),
            numbers(&quaternion(obb))
        );
        if let Some(v) = velocity {
            let _ = writeln!(out, "velocity = [{}]", numbers(v.as_slice()));
        }
    }
    out
}
