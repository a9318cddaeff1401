//! Distances from lines and segments to lines, planes, triangles and spheres (docs/methods.md
//! §9.4–§9.7).

use nalgebra::Vector3;

use super::{Plane, Sphere};

/// `AC - B² <= PARALLEL_SIN_SQUARED · A C` (`sin²` of the angle) counts as parallel.
pub const PARALLEL_SIN_SQUARED: f64 = 1e-12;

/// The closest points of two lines `r(λ) = P1 + λ V1`, `s(μ) = P2 + μ V2` (or segments, or a
/// line and a segment), with the coefficients of `|r(λ) - s(μ)|² = Aλ² + 2Bλμ + Cμ² + 2Dλ + 2Eμ + F`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineLineDistance {
    /// `A = V1 · V1`.
    pub a: f64,
    /// `B = -V1 · V2`.
    pub b: f64,
    /// `C = V2 · V2`.
    pub c: f64,
    /// `D = V1 · (P1 - P2)`.
    pub d: f64,
    /// `E = -V2 · (P1 - P2)`.
    pub e: f64,
    /// `AC - B²`.
    pub denominator: f64,
    /// Whether `AC - B² ~ 0`: parallel directions (or a zero one); then `λ = 0` is chosen.
    pub parallel: bool,
    /// The parameter on the first line.
    pub lambda: f64,
    /// The parameter on the second line.
    pub mu: f64,
    /// `r(λ)`.
    pub closest_on_first: Vector3<f64>,
    /// `s(μ)`.
    pub closest_on_second: Vector3<f64>,
    /// `|r(λ) - s(μ)|`.
    pub distance: f64,
}

struct Pair {
    p1: Vector3<f64>,
    v1: Vector3<f64>,
    p2: Vector3<f64>,
    v2: Vector3<f64>,
}

impl Pair {
    fn finish(
        &self,
        [a, b, c, d, e]: [f64; 5],
        parallel: bool,
        lambda: f64,
        mu: f64,
    ) -> LineLineDistance {
        let closest_on_first = self.p1 + self.v1 * lambda;
        let closest_on_second = self.p2 + self.v2 * mu;
        LineLineDistance {
            a,
            b,
            c,
            d,
            e,
            denominator: a * c - b * b,
            parallel,
            lambda,
            mu,
            closest_on_first,
            closest_on_second,
            distance: (closest_on_first - closest_on_second).norm(),
        }
    }

    fn coefficients(&self) -> ([f64; 5], bool) {
        let w = self.p1 - self.p2;
        let (a, b, c) = (
            self.v1.dot(&self.v1),
            -self.v1.dot(&self.v2),
            self.v2.dot(&self.v2),
        );
        let parallel = a * c - b * b <= PARALLEL_SIN_SQUARED * a * c;
        ([a, b, c, self.v1.dot(&w), -self.v2.dot(&w)], parallel)
    }
}

/// `μ` minimising for a fixed `λ`: `-(Bλ + E)/C` (0 when `C = 0`).
fn best_mu([_, b, c, _, e]: [f64; 5], lambda: f64) -> f64 {
    if c > 0.0 {
        -(b * lambda + e) / c
    } else {
        0.0
    }
}

/// `λ` minimising for a fixed `μ`: `-(Bμ + D)/A` (0 when `A = 0`).
fn best_lambda([a, b, _, d, _]: [f64; 5], mu: f64) -> f64 {
    if a > 0.0 {
        -(b * mu + d) / a
    } else {
        0.0
    }
}

/// Distance between the lines `P1 + λ V1` and `P2 + μ V2`.
///
/// # Algorithm
/// 1. `A..E` as in the struct; setting both partial derivatives to zero gives
///    `λ = (BE - CD)/(AC - B²)`, `μ = (BD - AE)/(AC - B²)`.
/// 2. Parallel (`AC - B² ~ 0`): take `λ = 0` and the foot on the second line, `μ = -E/C`
///    (a zero `V2` makes the second line a point: `μ = 0`, `λ = -D/A`).
pub fn line_line(
    p1: &Vector3<f64>,
    v1: &Vector3<f64>,
    p2: &Vector3<f64>,
    v2: &Vector3<f64>,
) -> LineLineDistance {
    let pair = Pair {
        p1: *p1,
        v1: *v1,
        p2: *p2,
        v2: *v2,
    };
    let (k, parallel) = pair.coefficients();
    let [a, b, c, d, e] = k;
    let (lambda, mu) = if c == 0.0 {
        (best_lambda(k, 0.0), 0.0)
    } else if parallel {
        (0.0, best_mu(k, 0.0))
    } else {
        let denominator = a * c - b * b;
        ((b * e - c * d) / denominator, (b * d - a * e) / denominator)
    };
    pair.finish(k, parallel, lambda, mu)
}

/// Distance between the segments `[p1, q1]` and `[p2, q2]` (`λ, μ` in `[0, 1]`).
///
/// # Algorithm
/// 1. `λ` = the lines' `λ` clamped to `[0, 1]` (0 if parallel); `μ = -(Bλ + E)/C`
///    (a point for the second segment: `μ = 0`, `λ = -D/A` clamped).
/// 2. If `μ` is outside `[0, 1]`, clamp it and recompute `λ = -(Bμ + D)/A`, clamped.
pub fn segment_segment(
    p1: &Vector3<f64>,
    q1: &Vector3<f64>,
    p2: &Vector3<f64>,
    q2: &Vector3<f64>,
) -> LineLineDistance {
    let pair = Pair {
        p1: *p1,
        v1: q1 - p1,
        p2: *p2,
        v2: q2 - p2,
    };
    let (k, parallel) = pair.coefficients();
    let [a, b, c, d, e] = k;
    let (mut lambda, mut mu) = if c == 0.0 {
        (best_lambda(k, 0.0).clamp(0.0, 1.0), 0.0)
    } else if parallel {
        (0.0, best_mu(k, 0.0))
    } else {
        let lambda = ((b * e - c * d) / (a * c - b * b)).clamp(0.0, 1.0);
        (lambda, best_mu(k, lambda))
    };
    if !(0.0..=1.0).contains(&mu) {
        mu = mu.clamp(0.0, 1.0);
        lambda = best_lambda(k, mu).clamp(0.0, 1.0);
    }
    pair.finish(k, parallel, lambda, mu)
}

/// Distance between the line `P + λ V` and the segment `[start, end]` (`μ` in `[0, 1]`).
pub fn line_segment(
    p: &Vector3<f64>,
    v: &Vector3<f64>,
    start: &Vector3<f64>,
    end: &Vector3<f64>,
) -> LineLineDistance {
    let pair = Pair {
        p1: *p,
        v1: *v,
        p2: *start,
        v2: end - start,
    };
    let (k, parallel) = pair.coefficients();
    let [a, b, c, d, e] = k;
    let mu = if a == 0.0 {
        best_mu(k, 0.0).clamp(0.0, 1.0)
    } else if parallel {
        0.0
    } else {
        ((b * d - a * e) / (a * c - b * b)).clamp(0.0, 1.0)
    };
    pair.finish(k, parallel, best_lambda(k, mu), mu)
}

/// The line `P + λ V` against a plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinePlaneDistance {
    /// `N · V`; (nearly) zero means parallel.
    pub normal_dot_direction: f64,
    /// Where the line crosses the plane, `λ = (d0 - N·P)/(N·V)`; `None` when parallel.
    pub lambda: Option<f64>,
    /// The crossing point, or `P` when parallel.
    pub closest_on_line: Vector3<f64>,
    /// The crossing point, or the foot of `P` when parallel.
    pub closest_on_plane: Vector3<f64>,
    /// 0 unless parallel, then the distance of `P` from the plane.
    pub distance: f64,
}

/// Distance between a line and a plane: 0 where they cross, point-plane distance when parallel.
pub fn line_plane(p: &Vector3<f64>, v: &Vector3<f64>, plane: &Plane) -> LinePlaneDistance {
    let crossing = super::planes::ray_plane(p, v, plane);
    match (crossing.t, crossing.point) {
        (Some(lambda), Some(point)) => LinePlaneDistance {
            normal_dot_direction: crossing.normal_dot_direction,
            lambda: Some(lambda),
            closest_on_line: point,
            closest_on_plane: point,
            distance: 0.0,
        },
        _ => LinePlaneDistance {
            normal_dot_direction: crossing.normal_dot_direction,
            lambda: None,
            closest_on_line: *p,
            closest_on_plane: plane.project_point(p),
            distance: plane.signed_distance(p).abs(),
        },
    }
}

/// The line `P + λ V` against a solid sphere, with the quadratic `αλ² + βλ + γ = 0` of
/// `|P + λV - C|² = R²`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineSphereDistance {
    /// `α = V · V`.
    pub alpha: f64,
    /// `β = 2 V · (P - C)`.
    pub beta: f64,
    /// `γ = |P - C|² - R²`.
    pub gamma: f64,
    /// `β² - 4αγ`: negative means the line misses the sphere.
    pub discriminant: f64,
    /// The two crossing parameters, smaller (nearer) first.
    pub lambdas: Option<[f64; 2]>,
    /// The nearer crossing, or the foot of `C` on the line.
    pub closest_on_line: Vector3<f64>,
    /// The nearer crossing, or the sphere point towards the line.
    pub closest_on_sphere: Vector3<f64>,
    /// 0 when the line meets the sphere, else `|foot - C| - R`.
    pub distance: f64,
}

/// Distance between a line and a solid sphere.
///
/// # Algorithm
/// 1. `α = V·V`, `β = 2V·(P - C)`, `γ = |P - C|² - R²`; discriminant `β² - 4αγ`.
/// 2. Non-negative: `λ = (-β ∓ √(β² - 4αγ))/(2α)`, distance 0 at the nearer crossing.
/// 3. Negative: the foot `Q'` of the centre on the line; distance `|Q' - C| - R`.
pub fn line_sphere(p: &Vector3<f64>, v: &Vector3<f64>, sphere: &Sphere) -> LineSphereDistance {
    let offset = p - sphere.center;
    let alpha = v.dot(v);
    let beta = 2.0 * v.dot(&offset);
    let gamma = offset.norm_squared() - sphere.radius * sphere.radius;
    let discriminant = beta * beta - 4.0 * alpha * gamma;
    let lambdas = (alpha > 0.0 && discriminant >= 0.0).then(|| {
        let root = discriminant.sqrt();
        [
            (-beta - root) / (2.0 * alpha),
            (-beta + root) / (2.0 * alpha),
        ]
    });
    let foot = super::distance::point_line(&sphere.center, p, v).closest;
    let (closest_on_line, closest_on_sphere, distance) = match lambdas {
        Some([nearer, _]) => (p + v * nearer, p + v * nearer, 0.0),
        None if (foot - sphere.center).norm() <= sphere.radius => (foot, foot, 0.0),
        None => {
            let outward = (foot - sphere.center).normalize();
            let gap = (foot - sphere.center).norm() - sphere.radius;
            (foot, sphere.center + outward * sphere.radius, gap)
        }
    };
    LineSphereDistance {
        alpha,
        beta,
        gamma,
        discriminant,
        lambdas,
        closest_on_line,
        closest_on_sphere,
        distance,
    }
}
