//! Spheres and ellipsoids against a triangle, still and moving: the closed forms of the
//! "ellipsoid space" method (docs/methods.md §15.3; the sphere is the ellipsoid with equal radii).

use nalgebra::Vector3;

use super::ellipsoid::Ellipsoid;
use super::spheres::SweepOutcome;
use super::triangle::{Triangle, TriangleFeature};
use super::Sphere;

/// The still sphere–triangle test: the triangle's point nearest the centre.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SphereTriangle {
    /// The point of the triangle nearest the sphere's centre.
    pub closest: Vector3<f64>,
    /// The part of the triangle it lies on.
    pub feature: TriangleFeature,
    /// `|s - closest| - r`: the gap, negative when they overlap.
    pub gap: f64,
    /// Whether `|s - closest| <= r` (touching counts).
    pub touching: bool,
}

/// The first contact of a moving sphere (or ellipsoid) and a triangle.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct TriangleSweep {
    /// The first time they touch in `[0, t_max]`, if they do.
    pub time: Option<f64>,
    /// Where: a point of both at that time.
    pub point: Option<Vector3<f64>>,
    /// The unit normal from the sphere (ellipsoid) towards the triangle at that point.
    pub normal: Option<Vector3<f64>>,
    /// The part of the triangle touched first.
    pub feature: Option<TriangleFeature>,
    /// Why `time` is what it is (`MovingApart` covers every miss after the start).
    #[serde(skip)]
    pub outcome: SweepOutcome,
}

impl TriangleSweep {
    fn miss(outcome: SweepOutcome) -> Self {
        Self {
            time: None,
            point: None,
            normal: None,
            feature: None,
            outcome,
        }
    }
}

/// The still test: they touch iff the triangle's nearest point is within the radius.
pub fn sphere_triangle(sphere: &Sphere, triangle: &Triangle) -> SphereTriangle {
    let (closest, feature) = triangle.closest_point(&sphere.center);
    let distance = (closest - sphere.center).norm();
    SphereTriangle {
        closest,
        feature,
        gap: distance - sphere.radius,
        touching: distance <= sphere.radius,
    }
}

/// A sphere moving at `v_sphere` against a triangle moving at `v_triangle` over `[0, t_max]`.
///
/// # Algorithm
/// With the triangle still and the centre moving at `w = v_sphere - v_triangle`:
/// 1. Touching at the start: time 0.
/// 2. The plane: the time the signed distance reaches `±r`; if the plane's contact point
///    `s + w t ∓ r n` lies in the triangle, that is the first contact.
/// 3. Otherwise the earliest of the vertices (`|s + w t - p| = r`, a quadratic) and the edges
///    (a quadratic in `t` for the distance to the edge's line, kept when the nearest point is on
///    the segment); each takes the entering (smaller) root.
pub fn sweep_sphere_triangle(
    sphere: &Sphere,
    v_sphere: &Vector3<f64>,
    triangle: &Triangle,
    v_triangle: &Vector3<f64>,
    t_max: f64,
) -> TriangleSweep {
    let still = sweep_still_triangle(sphere, &(v_sphere - v_triangle), triangle, t_max);
    match still.time {
        Some(t) => TriangleSweep {
            point: still.point.map(|p| p + v_triangle * t),
            ..still
        },
        None => still,
    }
}

/// [`sweep_sphere_triangle`] against a triangle that does not move.
fn sweep_still_triangle(
    sphere: &Sphere,
    w: &Vector3<f64>,
    triangle: &Triangle,
    t_max: f64,
) -> TriangleSweep {
    let (s, r) = (sphere.center, sphere.radius);
    let hit = |t: f64, point: Vector3<f64>, feature, outcome| {
        let normal = (point - (s + w * t))
            .try_normalize(0.0)
            .unwrap_or_else(|| triangle.unit_normal());
        TriangleSweep {
            time: Some(t),
            point: Some(point),
            normal: Some(normal),
            feature: Some(feature),
            outcome,
        }
    };
    let start = sphere_triangle(sphere, triangle);
    if start.touching {
        return hit(
            0.0,
            start.closest,
            start.feature,
            SweepOutcome::OverlappingAtStart,
        );
    }
    let n = triangle.unit_normal();
    let d0 = n.dot(&(s - triangle.vertices[0]));
    let closing = -d0.signum() * n.dot(w);
    if d0.abs() > r && closing > 0.0 {
        let t = (d0.abs() - r) / closing;
        if t > t_max {
            return TriangleSweep::miss(SweepOutcome::AfterInterval);
        }
        let q = s + w * t - n * (d0.signum() * r);
        if triangle.closest_point(&q).1 == TriangleFeature::Face {
            return hit(t, q, TriangleFeature::Face, SweepOutcome::Touch);
        }
    }
    let mut best: Option<(f64, Vector3<f64>, TriangleFeature)> = None;
    let mut keep = |t: Option<f64>, point: &dyn Fn(f64) -> Option<Vector3<f64>>, feature| {
        if let Some(t) = t.filter(|t| (0.0..=t_max).contains(t)) {
            if let Some(p) = point(t) {
                if best.is_none_or(|(b, _, _)| t < b) {
                    best = Some((t, p, feature));
                }
            }
        }
    };
    let ww = w.norm_squared();
    for (k, p) in triangle.vertices.iter().enumerate() {
        let to = s - p;
        let t = entering_root(ww, 2.0 * w.dot(&to), to.norm_squared() - r * r);
        keep(t, &|_| Some(*p), TriangleFeature::Vertex(k));
    }
    for (k, e) in triangle.edges().iter().enumerate() {
        let p0 = triangle.vertices[k];
        let base = p0 - s;
        let (ee, ew, eb) = (e.norm_squared(), e.dot(w), e.dot(&base));
        let a = -ee * ww + ew * ew;
        let b = ee * 2.0 * w.dot(&base) - 2.0 * ew * eb;
        let c = ee * (r * r - base.norm_squared()) + eb * eb;
        let on_edge = |t: f64| {
            let f = (ew * t - eb) / ee;
            (0.0..=1.0).contains(&f).then(|| p0 + e * f)
        };
        keep(entering_root(a, b, c), &on_edge, TriangleFeature::Edge(k));
    }
    match best {
        Some((t, p, feature)) => hit(t, p, feature, SweepOutcome::Touch),
        None => TriangleSweep::miss(SweepOutcome::MovingApart),
    }
}

/// The smaller root of `a t² + b t + c` (where the quadratic changes sign entering contact);
/// `None` without real roots or for a vanishing `a`.
fn entering_root(a: f64, b: f64, c: f64) -> Option<f64> {
    let discriminant = b * b - 4.0 * a * c;
    if a == 0.0 || discriminant < 0.0 {
        return None;
    }
    let root = discriminant.sqrt();
    let (t1, t2) = ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a));
    Some(t1.min(t2))
}

/// A moving ellipsoid against a moving triangle by the ellipsoid-space method.
///
/// # Algorithm
/// `E = R diag(1/r) Rᵀ` maps the ellipsoid to a unit sphere; the triangle's vertices and the
/// relative velocity are mapped by `E` (times are unchanged by a linear map), the unit sphere
/// is swept by [`sweep_sphere_triangle`], and the point is mapped back by `E⁻¹`, the normal
/// `n_e` to `E n_e` (normalised).
pub fn sweep_ellipsoid_triangle(
    ellipsoid: &Ellipsoid,
    v_ellipsoid: &Vector3<f64>,
    triangle: &Triangle,
    v_triangle: &Vector3<f64>,
    t_max: f64,
) -> TriangleSweep {
    let (to_unit, from_unit) = (ellipsoid.to_unit_space(), ellipsoid.from_unit_space());
    let sphere = Sphere {
        center: to_unit * ellipsoid.center,
        radius: 1.0,
    };
    let mapped = Triangle {
        vertices: triangle.vertices.map(|v| to_unit * v),
    };
    let w = to_unit * (v_ellipsoid - v_triangle);
    let found = sweep_still_triangle(&sphere, &w, &mapped, t_max);
    let Some(t) = found.time else {
        return found;
    };
    TriangleSweep {
        point: found.point.map(|p| from_unit * p + v_triangle * t),
        normal: found.normal.map(|n| (to_unit * n).normalize()),
        ..found
    }
}
