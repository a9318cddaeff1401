//! Ray casts against k-DOPs by their slabs: 100,000 random rays on 2,000 random k-DOPs (k = 6,
//! 14, 18, 26, fitted to 4 to 12 points), against an exact brute force over the k-DOP's `k` face
//! planes (each crossing kept when it lies in every slab) and against parry3d-f64's
//! `ConvexPolyhedron` built from the k-DOP's corners.
//!
//! The families and the rules are those of `rays_convex_oracle.rs`: rays aimed near the
//! k-DOP, random rays, rays from inside, rays through a corner, rays parallel to a slab (half of
//! them in its plane) and short rays; hits agree within 1e-9, on an edge either face's normal is
//! right, a hit against a miss must be a graze. Against parry: `t` within 1e-5, normals within
//! 1e-3 (its GJK cast), any normal of the cone on an edge.

use crate::oracle_support;
use crate::rays_convex_support;
use crate::shapes_support;

use oracle_support::{dvec, Rng};
use parry3d_f64::query::{Ray, RayCast};
use parry3d_f64::shape::ConvexPolyhedron;
use rays_convex_support::{compare, ours, parry_answer, ray_for, Answer, Case, Tally};
use sepax::geometry::ray_convex::ray_kdop;
use sepax::geometry::Kdop;
use sepax::nalgebra::Vector3;
use shapes_support::WORLD;

const SEED: u64 = 0x0005_EFA4_C0DE_0026;
const PER_SHAPE: u64 = 100_000;
const PARRY_BAND: f64 = 1e-5;
const PARRY_NORMAL: f64 = 1e-3;

/// A k-DOP fitted to a random cloud of 4 to 12 points (k = 6, 14, 18 or 26).
fn kdop(rng: &mut Rng) -> Kdop {
    let (center, turn) = (rng.vector(3.0), rng.rotation());
    let stretch = Vector3::new(
        rng.log_range(0.1, 2.0),
        rng.log_range(0.1, 2.0),
        rng.log_range(0.1, 2.0),
    );
    let count = 4 + rng.below(9);
    let points: Vec<_> = (0..count)
        .map(|_| center + turn.transform_vector(&rng.vector(1.0).component_mul(&stretch)))
        .collect();
    Kdop::fit(&points, [6, 14, 18, 26][rng.below(4)]).expect("finite points")
}

/// The exact brute force: each face plane's crossing, kept when it lies in every slab.
fn kdop_reference(k: &Kdop, o: &Vector3<f64>, d: &Vector3<f64>, max_t: f64) -> Answer {
    let size = 1.0 + o.norm() + k.vertices.iter().map(Vector3::norm).fold(0.0, f64::max);
    if k.contains_point(o) {
        return Some((0.0, *o, Vector3::zeros()));
    }
    let faces = k
        .directions
        .iter()
        .enumerate()
        .flat_map(|(i, n)| [(*n, k.max[i]), (-n, -k.min[i])]);
    faces
        .filter_map(|(n, offset)| {
            let along = n.dot(d);
            let t = (offset - n.dot(o)) / along;
            let p = o + d * t;
            let inside = k.directions.iter().enumerate().all(|(j, m)| {
                let x = m.dot(&p);
                k.min[j] - 1e-12 * size <= x && x <= k.max[j] + 1e-12 * size
            });
            (along < 0.0 && inside && (0.0..=max_t).contains(&t)).then_some((t, p, n))
        })
        .min_by(|x, y| x.0.total_cmp(&y.0))
}

#[test]
fn kdops_agree_with_their_faces_and_with_parry() {
    const RAYS_EACH: u64 = 50;
    let (mut exact, mut against_parry) = (Tally::default(), Tally::default());
    for shape in 0..PER_SHAPE / RAYS_EACH {
        let mut rng = Rng::case(SEED + 2, shape);
        let k = kdop(&mut rng);
        let points: Vec<_> = k.vertices.iter().map(dvec).collect();
        let Some(hull) = ConvexPolyhedron::from_convex_hull(&points) else {
            continue;
        };
        let center = k.vertices.iter().sum::<Vector3<f64>>() / k.vertices.len() as f64;
        let size = k
            .vertices
            .iter()
            .map(|v| (v - center).norm())
            .fold(0.0, f64::max);
        for ray_index in 0..RAYS_EACH {
            let index = shape * RAYS_EACH + ray_index;
            let (origin, direction, max_t) = ray_for(
                &mut rng,
                index,
                &center,
                size,
                |r| {
                    let weights: Vec<f64> = k.vertices.iter().map(|_| r.unit()).collect();
                    let sum: f64 = weights.iter().sum();
                    let p = k
                        .vertices
                        .iter()
                        .zip(&weights)
                        .map(|(v, w)| v * *w)
                        .sum::<Vector3<f64>>();
                    p / sum
                },
                |r| {
                    // Through a corner.
                    let corner = k.vertices[r.below(k.vertices.len())];
                    let d = r.direction().into_inner();
                    (corner - d * r.range(0.5, 6.0), d)
                },
                |r| {
                    // Parallel to a slab, on one of its planes half of the time.
                    let i = r.below(k.directions.len());
                    let n = k.directions[i];
                    let d = n.cross(&r.direction()).normalize();
                    let mut o = center + r.vector(size) - d * 8.0;
                    if r.below(2) == 0 {
                        o += n * (k.max[i] - n.dot(&o));
                    }
                    (o, d)
                },
            );
            let cast = |o: &Vector3<f64>| ray_kdop(o, &direction, &k, max_t);
            let surface = |p: &Vector3<f64>| {
                let scale = 1e-9 * (1.0 + p.norm());
                let mut off = f64::MAX;
                let mut faces = Vec::new();
                for (i, n) in k.directions.iter().enumerate() {
                    let x = n.dot(p);
                    for (gap, normal) in [(x - k.max[i], *n), (k.min[i] - x, -n)] {
                        off = off.min(gap.abs());
                        if gap.abs() <= scale {
                            faces.push(normal);
                        }
                    }
                }
                (off, faces)
            };
            let mut case = Case::exact("kdop", index, (origin, direction), &surface);
            let mine = ours(cast(&origin));
            compare(
                &case,
                mine,
                kdop_reference(&k, &origin, &direction, max_t),
                cast,
                &mut exact,
            );
            let ray = Ray::new(dvec(&origin), dvec(&direction));
            let parry = hull.cast_ray_and_get_normal(&WORLD, &ray, max_t, true);
            let parry = parry_answer(parry, &origin, &direction, |n| n);
            (case.label, case.tolerance, case.nudge) = ("kdop (parry)", PARRY_BAND, PARRY_BAND);
            (case.grazing_tolerance, case.normal_tolerance) = (PARRY_BAND.sqrt(), PARRY_NORMAL);
            case.face_normals = false;
            compare(&case, mine, parry, cast, &mut against_parry);
        }
    }
    exact.report("k-DOPs, exact brute force", 0.002);
    against_parry.report("k-DOPs, parry", 0.002);
}
