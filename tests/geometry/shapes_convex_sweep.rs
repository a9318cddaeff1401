//! First contacts with closed forms through the contact table: a moving sphere against a
//! cylinder against the first root of the exact distance (50,000 paths), and a moving ellipsoid
//! against a triangle touching in its unit space, GJK's lower bound zero there, apart just before
//! and all along the paths that miss (20,000 paths).

use crate::oracle_support;

use oracle_support::Rng;
use sepax::contact::{self, Shape};
use sepax::geometry::{Convex, ConvexSpec, Cylinder, Sphere};
use sepax::nalgebra::Vector3;

const SEED: u64 = 0x05E9_A0C1_C0DE_0015;

fn cylinder(rng: &mut Rng) -> Cylinder {
    let spec = ConvexSpec::Cylinder {
        radius: rng.range(0.2, 1.5),
        half_height: rng.range(0.2, 1.5),
    };
    let Convex::Cylinder(c) = spec.placed(rng.vector(1.5), rng.rotation()) else {
        unreachable!()
    };
    c
}

/// The first root of the convex function `f` on `[0, t_max]` (`None` when it stays positive):
/// its minimum by ternary search, then bisection before it.
fn first_root_of_convex(f: impl Fn(f64) -> f64, t_max: f64) -> Option<f64> {
    if f(0.0) <= 0.0 {
        return Some(0.0);
    }
    let (mut lo, mut hi) = (0.0, t_max);
    for _ in 0..200 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if f(m1) <= f(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let low = 0.5 * (lo + hi);
    if f(low) > 0.0 {
        return None;
    }
    let (mut apart, mut touching) = (0.0, low);
    for _ in 0..200 {
        let m = 0.5 * (apart + touching);
        if f(m) > 0.0 {
            apart = m;
        } else {
            touching = m;
        }
    }
    Some(touching)
}

#[test]
fn spheres_meet_cylinders_at_the_exact_distance_s_first_root() {
    let (mut met, mut skipped) = (0, 0);
    for index in 0..50_000_u64 {
        let mut rng = Rng::case(SEED ^ 0x5C, index);
        let c = cylinder(&mut rng);
        let s = Sphere {
            center: rng.vector(4.0),
            radius: rng.range(0.1, 1.0),
        };
        // Aimed near the cylinder's centre, so most paths meet it.
        let vc = rng.vector(1.0);
        let vs = vc + (c.center - s.center + rng.vector(1.5)) * rng.range(0.5, 2.0);
        let relative = vs - vc;
        let gap = |t: f64| c.distance_to_point(&(s.center + relative * t)) - s.radius;
        // Grazing paths (a least gap within 1e-7 of zero) may go either way.
        let least = {
            let (mut lo, mut hi) = (0.0, 1.0);
            for _ in 0..200 {
                let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
                if gap(m1) <= gap(m2) {
                    hi = m2;
                } else {
                    lo = m1;
                }
            }
            gap(0.5 * (lo + hi))
        };
        if least.abs() <= 1e-7 {
            skipped += 1;
            continue;
        }
        let expected = first_root_of_convex(gap, 1.0);
        let found = contact::first_contact(
            &Shape::Sphere(s),
            vs,
            &Shape::Convex(Convex::Cylinder(c)),
            vc,
            1.0,
        );
        match (expected, &found) {
            (Some(t), Some(f)) => {
                assert!(
                    (f.time - t).abs() <= 1e-9 * (1.0 + relative.norm()),
                    "case {index}: {} against {t}",
                    f.time
                );
                met += 1;
            }
            (None, None) => {}
            (e, f) => panic!("case {index}: expected {e:?}, found {f:?}"),
        }
    }
    println!("sphere-cylinder: {met} first contacts, {skipped} grazing skipped");
    assert!(met > 20_000);
}

#[test]
fn ellipsoids_meet_triangles_where_gjk_first_finds_them_touching() {
    use sepax::geometry::gjk::gjk;
    use sepax::geometry::support::Translated;
    use sepax::geometry::Triangle;
    let (mut met, mut missed) = (0, 0);
    for index in 0..20_000_u64 {
        let mut rng = Rng::case(SEED ^ 0xE7, index);
        let radii = rng.extents(0.1, 1.0);
        let placed = (ConvexSpec::Ellipsoid { radii }).placed(rng.vector(2.0), rng.rotation());
        let Convex::Ellipsoid(e) = placed else {
            unreachable!()
        };
        let [p, q, r] = [rng.vector(2.0), rng.vector(2.0), rng.vector(2.0)];
        let t = Triangle::new(p, q, r);
        if t.degeneracy().is_some() {
            continue;
        }
        // Aimed near the triangle, so that many paths meet it.
        let vt = rng.vector(1.0);
        let ve = vt + (t.centroid() - e.center + rng.vector(1.5)) * rng.range(0.5, 2.0);
        let found = contact::first_contact(
            &Shape::Convex(Convex::Ellipsoid(e)),
            ve,
            &Shape::Triangle(t),
            vt,
            1.0,
        );
        // GJK's lower bound of the distance (its upper bound may stall a little above a touch).
        let distance = |time: f64| {
            gjk(
                &Translated {
                    shape: &e,
                    offset: ve * time,
                },
                &Translated {
                    shape: &t,
                    offset: vt * time,
                },
            )
            .lower_bound
        };
        // The gap in the ellipsoid's unit space: the triangle's distance from the centre there,
        // minus 1.
        let unit_gap = |time: f64| {
            let to_unit = e.to_unit_space();
            let centre = e.center + ve * time;
            let mapped = t.vertices.map(|v| to_unit * (v + vt * time - centre));
            let unit = Sphere {
                center: Vector3::zeros(),
                radius: 1.0,
            };
            sepax::geometry::sphere_triangle::sphere_triangle(
                &unit,
                &Triangle::new(mapped[0], mapped[1], mapped[2]),
            )
            .gap
        };
        if let Some(c) = found {
            // Touching then (the unit sphere's gap zero, GJK's lower bound of the distance
            // zero), apart a little before.
            let (gap, d) = (unit_gap(c.time), distance(c.time));
            assert!(
                c.time == 0.0 || gap.abs() <= 1e-9,
                "case {index}: unit gap {gap}"
            );
            assert!(d <= 1e-9, "case {index}: {d} at {}", c.time);
            if c.time > 1e-6 {
                let before = c.time - 1e-6;
                assert!(unit_gap(before) > 0.0, "case {index}");
                met += 1;
            }
        } else {
            // Apart all along the path (sampled).
            for k in 0..=100 {
                let time = f64::from(k) / 100.0;
                assert!(distance(time) > 1e-9, "case {index}: touching at {time}");
            }
            missed += 1;
        }
    }
    println!("ellipsoid-triangle: {met} first contacts after the start, {missed} misses");
    assert!(met > 5_000 && missed > 1_000);
}
