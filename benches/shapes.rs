//! Speed of the shape tests against their references in the same run: box–triangle
//! (`sat::box_triangle_overlaps`) against parry's cuboid–triangle `intersection_test` and against
//! box–box `sat::overlaps` on the same boxes; a box against a 100,352-triangle terrain through the
//! tree (`sat::box_mesh_overlaps`) against parry's `TriMesh` and against a loop over only the
//! triangles whose boxes the query box meets. Before anything is timed, sepax and parry are
//! checked to agree on every pair. Each benchmark handles its whole set per iteration.
//!
//! Run with `cargo bench --bench shapes`.

#[path = "../tests/oracle_support/mod.rs"]
mod oracle_support;

use std::sync::LazyLock;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use oracle_support::{cuboid, dvec, pose, Rng};
use parry3d_f64::math::Pose;
use parry3d_f64::query;
use parry3d_f64::shape::{Cuboid, TriMesh as ParryMesh, Triangle as ParryTriangle};
use sepax::geometry::{TriMesh, Triangle};
use sepax::nalgebra::Vector3;
use sepax::{sat, Obb};

const PAIRS: usize = 4096;
const QUERIES: usize = 1024;
const SEED: u64 = 0x05E9_A0C1_5BE0_0017;

struct PairSet {
    /// Each box with a triangle and a second box of the same size at the triangle's centroid.
    pairs: Vec<(Obb, Triangle, Obb)>,
    parry: Vec<(Pose, Cuboid, ParryTriangle)>,
}

static PAIRS_SET: LazyLock<PairSet> = LazyLock::new(|| {
    let mut pairs = Vec::with_capacity(PAIRS);
    for index in 0..PAIRS as u64 {
        let mut rng = Rng::case(SEED, index);
        let obb = rng.obb(2.0);
        let t = loop {
            let c = rng.vector(2.0);
            let w = rng.range(0.3, 3.0);
            let t = Triangle::new(c + rng.vector(w), c + rng.vector(w), c + rng.vector(w));
            if t.area() > 1e-3 * w * w {
                break t;
            }
        };
        let other = Obb::new(t.centroid(), rng.rotation(), rng.extents(0.05, 3.0));
        pairs.push((obb, t, other));
    }
    let parry: Vec<_> = pairs
        .iter()
        .map(|(obb, t, _)| {
            (
                pose(obb),
                cuboid(obb),
                ParryTriangle::new(
                    dvec(&t.vertices[0]),
                    dvec(&t.vertices[1]),
                    dvec(&t.vertices[2]),
                ),
            )
        })
        .collect();
    for ((obb, t, _), (p, c, pt)) in pairs.iter().zip(&parry) {
        let theirs =
            query::intersection_test(p, c, &Pose::IDENTITY, pt).is_ok_and(|h| h.intersecting);
        assert_eq!(
            sat::box_triangle_overlaps(obb, t),
            theirs,
            "sepax and parry disagree"
        );
    }
    PairSet { pairs, parry }
});

struct MeshSet {
    mesh: TriMesh,
    parry: ParryMesh,
    boxes: Vec<Obb>,
    /// Per box, the triangles whose AABB meets the box's AABB.
    touched: Vec<Vec<usize>>,
}

static MESH_SET: LazyLock<MeshSet> = LazyLock::new(|| {
    let n = 224_u32;
    let step = 100.0 / f64::from(n);
    let height = |x: f64, z: f64| (0.3 * x).sin() + (0.2 * z).cos() + 0.05 * x;
    let mut vertices = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let (x, z) = (-50.0 + step * f64::from(i), -50.0 + step * f64::from(j));
            vertices.push(Vector3::new(x, height(x, z), z));
        }
    }
    let at = |i: u32, j: u32| i * (n + 1) + j;
    let mut triangles = Vec::new();
    for i in 0..n {
        for j in 0..n {
            triangles.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            triangles.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    let mesh = TriMesh::new(vertices.clone(), triangles.clone()).expect("terrain");
    let parry = ParryMesh::new(vertices.iter().map(dvec).collect(), triangles).expect("terrain");
    let mut rng = Rng::case(SEED ^ 0x3E54, 0);
    let boxes: Vec<Obb> = (0..QUERIES)
        .map(|_| {
            let (x, z) = (rng.range(-45.0, 45.0), rng.range(-45.0, 45.0));
            let center = Vector3::new(x, height(x, z) + rng.range(-0.8, 0.8), z);
            Obb::new(center, rng.rotation(), rng.extents(0.1, 0.6))
        })
        .collect();
    let touched: Vec<Vec<usize>> = boxes
        .iter()
        .map(|b| {
            (0..mesh.len())
                .filter(|&i| mesh.triangle(i).aabb().overlaps(&b.aabb()))
                .collect()
        })
        .collect();
    for (obb, few) in boxes.iter().zip(&touched) {
        let theirs = query::intersection_test(&pose(obb), &cuboid(obb), &Pose::IDENTITY, &parry)
            .is_ok_and(|h| h.intersecting);
        let ours = sat::box_mesh_overlaps(obb, &mesh);
        assert_eq!(ours, theirs, "sepax and parry disagree on a mesh query");
        assert_eq!(
            ours,
            few.iter()
                .any(|&i| sat::box_triangle_overlaps(obb, &mesh.triangle(i)))
        );
    }
    MeshSet {
        mesh,
        parry,
        boxes,
        touched,
    }
});

#[divan::bench]
fn box_triangle_sepax(bencher: Bencher) {
    let set = &PAIRS_SET.pairs;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(obb, t, _)| sat::box_triangle_overlaps(black_box(obb), black_box(t)))
            .count()
    });
}

#[divan::bench]
fn box_triangle_parry_intersection_test(bencher: Bencher) {
    let set = &PAIRS_SET.parry;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(p, c, t)| {
                query::intersection_test(black_box(p), c, &Pose::IDENTITY, black_box(t))
                    .is_ok_and(|h| h.intersecting)
            })
            .count()
    });
}

#[divan::bench]
fn box_box_sepax_overlaps(bencher: Bencher) {
    let set = &PAIRS_SET.pairs;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(a, _, b)| sat::overlaps(black_box(a), black_box(b)))
            .count()
    });
}

#[divan::bench]
fn box_triangle_sepax_trace_13_rows(bencher: Bencher) {
    let set = &PAIRS_SET.pairs;
    bencher.counter(ItemsCount::new(PAIRS)).bench_local(|| {
        set.iter()
            .filter(|(obb, t, _)| {
                black_box(sat::box_triangle_trace(black_box(obb), black_box(t))).intersecting()
            })
            .count()
    });
}

#[divan::bench]
fn mesh_sepax_tree(bencher: Bencher) {
    let set = &*MESH_SET;
    bencher.counter(ItemsCount::new(QUERIES)).bench_local(|| {
        set.boxes
            .iter()
            .filter(|obb| sat::box_mesh_overlaps(black_box(obb), &set.mesh))
            .count()
    });
}

#[divan::bench]
fn mesh_parry_trimesh(bencher: Bencher) {
    let set = &*MESH_SET;
    let poses: Vec<(Pose, Cuboid)> = set.boxes.iter().map(|b| (pose(b), cuboid(b))).collect();
    bencher.counter(ItemsCount::new(QUERIES)).bench_local(|| {
        poses
            .iter()
            .filter(|(p, c)| {
                query::intersection_test(black_box(p), c, &Pose::IDENTITY, &set.parry)
                    .is_ok_and(|h| h.intersecting)
            })
            .count()
    });
}

#[divan::bench]
fn mesh_sepax_only_the_touched_triangles(bencher: Bencher) {
    let set = &*MESH_SET;
    bencher.counter(ItemsCount::new(QUERIES)).bench_local(|| {
        set.boxes
            .iter()
            .zip(&set.touched)
            .filter(|(obb, few)| {
                few.iter()
                    .any(|&i| sat::box_triangle_overlaps(black_box(obb), &set.mesh.triangle(i)))
            })
            .count()
    });
}

fn main() {
    LazyLock::force(&PAIRS_SET);
    LazyLock::force(&MESH_SET);
    let touched: usize = MESH_SET.touched.iter().map(Vec::len).sum();
    println!(
        "mesh: {} triangles, {QUERIES} boxes, {:.1} triangles per box's AABB on average",
        MESH_SET.mesh.len(),
        touched as f64 / QUERIES as f64
    );
    divan::main();
}
