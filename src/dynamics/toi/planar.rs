//! The course's 2D example: the corner of a rotating box reaching a line between two frames.

use nalgebra::{Vector2, Vector3};

use super::approx::{point_estimates, Approximation, Method, TrackedPoint};
use super::motion::{hermite, hermite_slope, hermite_speed_bound};
use super::root::{first_zero, Found};

/// A planar body state: position `(x, y)`, angle `θ` and their time derivatives.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PlanarState {
    /// Centre x.
    pub x: f64,
    /// Centre y.
    pub y: f64,
    /// Angle (radians, counter-clockwise).
    pub theta: f64,
    /// `ẋ`.
    pub vx: f64,
    /// `ẏ`.
    pub vy: f64,
    /// `θ̇`.
    pub omega: f64,
}

impl PlanarState {
    /// `(x, y, θ)` as a vector.
    fn pose(&self) -> Vector3<f64> {
        Vector3::new(self.x, self.y, self.theta)
    }

    /// `(ẋ, ẏ, θ̇)` as a vector.
    fn rates(&self) -> Vector3<f64> {
        Vector3::new(self.vx, self.vy, self.omega)
    }
}

/// The line `n·P = d` with unit normal `n`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Line {
    /// Unit normal `(n_x, n_y)`.
    pub normal: Vector2<f64>,
    /// Distance `d` from the origin along the normal.
    pub offset: f64,
}

/// Every method's impact time of the corner on the line, with the converged bracket.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlanarImpact {
    /// The corner at the frame start (`a` of the straight line).
    pub corner_start: Vector2<f64>,
    /// The corner at the frame end (`b` of the straight line).
    pub corner_end: Vector2<f64>,
    /// `n·P - d` at the start and at the end of the frame.
    pub distance: [f64; 2],
    /// The converged time of the Hermite motion; `None` if the corner never reaches the line.
    pub time: Option<f64>,
    /// The final bisection bracket.
    pub bracket: Option<[f64; 2]>,
    /// Bisection steps.
    pub iterations: usize,
    /// Evaluations spent bracketing.
    pub evaluations: usize,
    /// (a) Hermite + bisection, (b) linearisation, (c) straight line, (d) constant motion,
    /// (d') small angle, each with its error against (a).
    pub approximations: Vec<Approximation>,
}

/// The course's Hermite interpolation of `(x, y, θ)` (and their rates) at `t` in a step of `h`.
pub fn planar_state_at(start: &PlanarState, end: &PlanarState, h: f64, t: f64) -> PlanarState {
    let args = (&start.pose(), &end.pose(), &start.rates(), &end.rates());
    let q = hermite(args.0, args.1, args.2, args.3, h, t);
    let dq = hermite_slope(args.0, args.1, args.2, args.3, h, t);
    PlanarState {
        x: q.x,
        y: q.y,
        theta: q.z,
        vx: dq.x,
        vy: dq.y,
        omega: dq.z,
    }
}

/// The course's corner `P = (x + a/2 cos θ - b/2 sin θ, y + a/2 sin θ + b/2 cos θ)` of a box `a × b`.
pub fn corner(state: &PlanarState, size: [f64; 2]) -> Vector2<f64> {
    let (half_a, half_b) = (0.5 * size[0], 0.5 * size[1]);
    let (sin, cos) = state.theta.sin_cos();
    Vector2::new(
        state.x + half_a * cos - half_b * sin,
        state.y + half_a * sin + half_b * cos,
    )
}

/// The velocity of that corner: `(ẋ, ẏ) + θ̇ × (P - x)` in the plane.
fn corner_velocity(state: &PlanarState, size: [f64; 2]) -> Vector3<f64> {
    let p = corner(state, size);
    let (rx, ry) = (p.x - state.x, p.y - state.y);
    Vector3::new(
        state.vx - state.omega * ry,
        state.vy + state.omega * rx,
        0.0,
    )
}

/// When the corner of an `a × b` box moving from `start` to `end` in a step `h` reaches the line.
///
/// # Algorithm
/// 1. Interpolate `(x, y, θ)` by cubic Hermite with both ends' rates (the course's matrix).
/// 2. Bracket the first sign change of `n·P(t) - d` (rate bound `|ẋ, ẏ| + |θ̇| · half-diagonal`)
///    and bisect it to 1e-12 s.
/// 3. From the start state alone: linearisation, and the constant-`v`, constant-`ω` motion
///    exactly and with small angles; from both ends: the corner's straight line; from the end
///    alone: the penetration backed out along the end velocity, and the sampled frames' time
///    stamp.
/// 4. Each estimate's error is its time minus the bisected one.
pub fn corner_impact(
    start: &PlanarState,
    end: &PlanarState,
    size: [f64; 2],
    line: &Line,
    h: f64,
) -> PlanarImpact {
    let height = |p: &Vector2<f64>| line.normal.dot(p) - line.offset;
    let (corner_start, corner_end) = (corner(start, size), corner(end, size));
    let side = height(&corner_start).signum();
    let reach = 0.5 * size[0].hypot(size[1]);
    let (p0, p1) = (start.pose(), end.pose());
    let (v0, v1) = (start.rates(), end.rates());
    let xy = |v: &Vector3<f64>| Vector3::new(v.x, v.y, 0.0);
    let angle = |v: &Vector3<f64>| Vector3::new(v.z, 0.0, 0.0);
    let rate = |lo: f64, hi: f64| {
        hermite_speed_bound(&xy(&p0), &xy(&p1), &xy(&v0), &xy(&v1), h, [lo, hi])
            + reach
                * hermite_speed_bound(
                    &angle(&p0),
                    &angle(&p1),
                    &angle(&v0),
                    &angle(&v1),
                    h,
                    [lo, hi],
                )
    };
    let search = first_zero(
        |t| side * height(&corner(&planar_state_at(start, end, h, t), size)),
        rate,
        h,
    );
    let (time, bracket) = match search.found {
        Found::AtStart => (Some(0.0), None),
        Found::Crossing(bracket) => (Some(bracket[1]), Some(bracket)),
        Found::Never | Found::GaveUp => (None, None),
    };
    let approximations = time.map_or_else(Vec::new, |t| {
        let tracked = TrackedPoint {
            centre: xy(&p0),
            velocity: xy(&v0),
            spin: Vector3::new(0.0, 0.0, start.omega),
            start: corner_start.push(0.0),
            end: corner_end.push(0.0),
            end_velocity: corner_velocity(end, size),
        };
        let n = line.normal.push(0.0);
        let mut list = vec![Approximation::new(Method::HermiteBisection, Some(t), t)];
        list.extend(point_estimates(&tracked, &n, line.offset, h, t));
        list
    });
    PlanarImpact {
        corner_start,
        corner_end,
        distance: [height(&corner_start), height(&corner_end)],
        time,
        bracket,
        iterations: search.iterations,
        evaluations: search.evaluations,
        approximations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linearisation_is_the_seeds_boxed_formula() {
        let start = PlanarState {
            x: 0.3,
            y: 1.0,
            theta: 3.6,
            vx: 0.5,
            vy: -1.5,
            omega: 4.0,
        };
        let end = PlanarState {
            x: 0.35,
            y: 0.8,
            theta: 4.0,
            vx: 0.5,
            vy: -2.5,
            omega: 4.0,
        };
        let line = Line {
            normal: Vector2::new(0.6, 0.8),
            offset: -0.15,
        };
        let impact = corner_impact(&start, &end, [2.0, 1.0], &line, 0.1);
        let p = corner(&start, [2.0, 1.0]);
        let (n, d) = (line.normal, line.offset);
        let seed = (d - n.x * p.x - n.y * p.y)
            / (n.x * (start.vx + start.omega * (start.y - p.y))
                - n.y * ((start.x - p.x) * start.omega - start.vy));
        let lin = impact.approximations[1];
        assert_eq!(lin.method, Method::Linearisation);
        assert!((lin.time.unwrap() - seed).abs() < 1e-14);
    }
}
