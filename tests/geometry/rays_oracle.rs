//! Ray casts against parry3d-f64's `cast_ray_and_get_normal` on random rays: 30,000 each
//! against planes (parry's `HalfSpace`, not solid, so that both of its sides are surfaces),
//! spheres and boxes (solid: a ray starting inside hits at `t = 0`) and triangles, half of them
//! aimed at a random point near the shape so that most hit, and a family of rays lying in the
//! plane or parallel to a box face.
//!
//! Every hit must agree in `t`, point and normal within 1e-9 (relative to the scale); a hit by
//! one side and a miss by the other is allowed only for a ray that grazes the shape: shifting its
//! origin by 1e-9 changes sepax's own verdict. Such grazes are counted and must stay rare.

use crate::oracle_support;
use crate::shapes_support;

use oracle_support::{dvec, Rng};
use parry3d_f64::query::{Ray, RayCast};
use parry3d_f64::shape::{Ball, Cuboid, HalfSpace};
use sepax::geometry::ray::{ray_obb, ray_plane_hit, ray_sphere, ray_triangle, RayHit};
use sepax::geometry::{Plane, Sphere, Triangle};
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::Obb;
use shapes_support::{parry_triangle, pose_of, WORLD};

const SEED: u64 = 0x0005_EFA4_0000_0023;
const PER_SHAPE: u64 = 30_000;
const TOLERANCE: f64 = 1e-9;
const MAX_T: f64 = 100.0;

/// What one side says: `(t, point, normal)` or a miss.
type Answer = Option<(f64, Vector3<f64>, Vector3<f64>)>;

fn ours(hit: Option<RayHit>) -> Answer {
    hit.map(|h| (h.t, h.point, h.normal))
}

fn theirs(hit: Option<parry3d_f64::query::RayIntersection>, ray: &Ray) -> Answer {
    hit.map(|h| {
        let p = ray.point_at(h.time_of_impact);
        let n = h.normal;
        (
            h.time_of_impact,
            Vector3::new(p.x, p.y, p.z),
            Vector3::new(n.x, n.y, n.z),
        )
    })
}

#[derive(Default)]
struct Tally {
    rays: usize,
    hits: usize,
    inside: usize,
    grazes: usize,
}

/// Compares the two answers for the ray `case`; `cast` recasts sepax from a moved origin.
fn compare(
    label: &str,
    index: u64,
    mine: Answer,
    parry: Answer,
    cast: impl Fn(&Vector3<f64>) -> Option<RayHit>,
    origin: &Vector3<f64>,
    tally: &mut Tally,
) {
    tally.rays += 1;
    match (mine, parry) {
        (None, None) => {}
        (Some((t, p, n)), Some((pt, pp, pn))) => {
            tally.hits += 1;
            let scale = 1.0 + t.abs();
            assert!(
                (t - pt).abs() <= TOLERANCE * scale,
                "{label} #{index}: t {t} against parry's {pt}"
            );
            assert!(
                (p - pp).norm() <= TOLERANCE * scale,
                "{label} #{index}: point {p} against parry's {pp}"
            );
            if t == 0.0 && n == Vector3::zeros() {
                tally.inside += 1;
                assert!(
                    pt == 0.0,
                    "{label} #{index}: inside but parry says t = {pt}"
                );
            } else {
                assert!(
                    (n - pn).norm() <= 1e-9,
                    "{label} #{index}: normal {n} against parry's {pn} (t = {t})"
                );
            }
        }
        (one, other) => {
            let moved = [Vector3::x(), Vector3::y(), Vector3::z()]
                .iter()
                .flat_map(|e| [1.0, -1.0].map(|s| origin + e * (s * TOLERANCE)))
                .any(|o| cast(&o).is_some() != one.is_some());
            assert!(
                moved,
                "{label} #{index}: sepax {one:?}, parry {other:?}, and no nearby ray disagrees"
            );
            tally.grazes += 1;
        }
    }
}

/// A ray from a random origin, half of them aimed at `target` plus an offset within `spread`.
fn ray_towards(rng: &mut Rng, target: &Vector3<f64>, spread: f64) -> (Vector3<f64>, Vector3<f64>) {
    let origin = rng.vector(8.0);
    let direction = if rng.below(2) == 0 {
        (target + rng.vector(spread) - origin)
            .try_normalize(0.0)
            .unwrap_or_else(Vector3::x)
    } else {
        rng.direction().into_inner()
    };
    (origin, direction)
}

fn parry_ray(origin: &Vector3<f64>, direction: &Vector3<f64>) -> Ray {
    Ray::new(dvec(origin), dvec(direction))
}

fn report(label: &str, tally: &Tally) {
    println!(
        "{label}: {} rays, {} hits ({} from inside), {} grazes",
        tally.rays, tally.hits, tally.inside, tally.grazes
    );
    assert!(
        tally.hits * 10 > tally.rays,
        "{label}: too few hits to test"
    );
    assert!(tally.grazes * 1000 < tally.rays, "{label}: too many grazes");
}

#[test]
fn planes_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..PER_SHAPE {
        let mut rng = Rng::case(SEED, index);
        let normal = rng.direction().into_inner();
        let plane = Plane::new(normal, rng.range(-3.0, 3.0)).unwrap();
        let (origin, mut direction) = ray_towards(&mut rng, &(normal * plane.offset), 0.5);
        if index % 50 == 0 {
            // Parallel to the plane: no hit on either side.
            direction = (direction - normal * normal.dot(&direction)).normalize();
        }
        let cast = |o: &Vector3<f64>| ray_plane_hit(o, &direction, &plane, MAX_T);
        let pose = pose_of(&(normal * plane.offset), &UnitQuaternion::identity());
        let half_space = HalfSpace::new(dvec(&normal));
        let ray = parry_ray(&origin, &direction);
        let parry = half_space.cast_ray_and_get_normal(&pose, &ray, MAX_T, false);
        let parry = theirs(parry, &ray);
        compare(
            "plane",
            index,
            ours(cast(&origin)),
            parry,
            cast,
            &origin,
            &mut tally,
        );
    }
    report("planes", &tally);
}

#[test]
fn spheres_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..PER_SHAPE {
        let mut rng = Rng::case(SEED + 1, index);
        let sphere = Sphere {
            center: rng.vector(4.0),
            radius: rng.log_range(0.05, 4.0),
        };
        let (origin, direction) = ray_towards(&mut rng, &sphere.center, sphere.radius);
        let cast = |o: &Vector3<f64>| ray_sphere(o, &direction, &sphere, MAX_T);
        let pose = pose_of(&sphere.center, &UnitQuaternion::identity());
        let ray = parry_ray(&origin, &direction);
        let parry = Ball::new(sphere.radius).cast_ray_and_get_normal(&pose, &ray, MAX_T, true);
        let parry = theirs(parry, &ray);
        compare(
            "sphere",
            index,
            ours(cast(&origin)),
            parry,
            cast,
            &origin,
            &mut tally,
        );
    }
    report("spheres", &tally);
}

#[test]
fn boxes_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..PER_SHAPE {
        let mut rng = Rng::case(SEED + 2, index);
        let obb = rng.obb(4.0);
        let (origin, mut direction) = ray_towards(&mut rng, &obb.center(), 0.5);
        if index % 50 == 0 {
            // Parallel to a face: the slab of that axis alone decides.
            let axis = obb.axis(rng.below(3));
            direction = (direction - axis * axis.dot(&direction)).normalize();
        }
        let cast = |o: &Vector3<f64>| ray_obb(o, &direction, &obb, MAX_T);
        let ray = parry_ray(&origin, &direction);
        let cuboid = Cuboid::new(dvec(&obb.half_extents()));
        let pose = pose_of(&obb.center(), &obb.rotation());
        let parry = theirs(
            cuboid.cast_ray_and_get_normal(&pose, &ray, MAX_T, true),
            &ray,
        );
        compare(
            "box",
            index,
            ours(cast(&origin)),
            parry,
            cast,
            &origin,
            &mut tally,
        );
    }
    report("boxes", &tally);
}

#[test]
fn triangles_agree_with_parry() {
    let mut tally = Tally::default();
    for index in 0..PER_SHAPE {
        let mut rng = Rng::case(SEED + 3, index);
        let center = rng.vector(3.0);
        let size = rng.log_range(0.1, 4.0);
        let triangle = Triangle::new(
            center + rng.vector(size),
            center + rng.vector(size),
            center + rng.vector(size),
        );
        if triangle.is_degenerate() {
            continue;
        }
        let (u, v) = (rng.unit(), rng.unit());
        let (u, v) = if u + v > 1.0 {
            (1.0 - u, 1.0 - v)
        } else {
            (u, v)
        };
        let [a, b, c] = triangle.vertices;
        let (origin, direction) =
            ray_towards(&mut rng, &(a + (b - a) * u + (c - a) * v), 0.05 * size);
        let cast = |o: &Vector3<f64>| ray_triangle(o, &direction, &triangle, MAX_T);
        let ray = parry_ray(&origin, &direction);
        let parry = parry_triangle(&triangle).cast_ray_and_get_normal(&WORLD, &ray, MAX_T, true);
        let parry = theirs(parry, &ray);
        compare(
            "triangle",
            index,
            ours(cast(&origin)),
            parry,
            cast,
            &origin,
            &mut tally,
        );
    }
    report("triangles", &tally);
}

/// Rays along the axes of an axis-aligned box hit the middle of a face at the exact distance,
/// with that face's normal.
#[test]
fn axis_aligned_box_faces() {
    let obb = Obb::new(
        Vector3::zeros(),
        UnitQuaternion::identity(),
        Vector3::new(1.0, 2.0, 3.0),
    );
    for (axis, sign) in [(0, 1.0), (1, -1.0), (2, 1.0)] {
        let mut origin = Vector3::zeros();
        origin[axis] = 10.0 * sign;
        let hit = ray_obb(&origin, &(-origin.normalize()), &obb, MAX_T).unwrap();
        let mut expected = Vector3::zeros();
        expected[axis] = sign;
        assert_eq!(hit.normal, expected);
        assert_eq!(hit.t, 10.0 - obb.half_extents()[axis]);
    }
}
