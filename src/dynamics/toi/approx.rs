//! The course's cheaper estimates of the impact time of one body point on the plane `n·x = d`.

use nalgebra::Vector3;

use super::root::{first_zero, Found};

/// How an impact time was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// (a) Root of the separation along the cubic Hermite / slerp motion, bisected to 1e-12 s.
    HermiteBisection,
    /// (b) One Newton step from the frame start: `t ≈ (d - n·P)/(n·(v + ω × (P - x)))`.
    Linearisation,
    /// (c) The point on the straight line `L(s) = (1-s) a + s b` between its two end positions.
    StraightLine,
    /// (d) Exact rigid motion with the start's constant `v` and `ω`, its root bisected.
    ConstantMotion,
    /// (d') The same motion with `sin x ≈ x`, `cos x ≈ 1 - x²/2`: the smallest root of a quadratic.
    SmallAngle,
    /// (e) From the frame end alone (the state before the impact unknown): the point's
    /// penetration `((P(h) - p)·n) n` backed out along the end velocity, `t ≈ h - (n·P(h) - d) /
    /// (n·V(h))`.
    EndState,
    /// (f) The time stamp of sampled frames: the last frame that still had a separating axis
    /// (the frame start) when the frame end has none, nothing when the end is apart again.
    TimeStamp,
}

impl Method {
    /// The kebab-case name used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::HermiteBisection => "hermite-bisection",
            Method::Linearisation => "linearisation",
            Method::StraightLine => "straight-line",
            Method::ConstantMotion => "constant-motion",
            Method::SmallAngle => "small-angle",
            Method::EndState => "end-state",
            Method::TimeStamp => "time-stamp",
        }
    }
}

/// One estimate of the impact time and its error against the converged root.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Approximation {
    /// How it was obtained.
    pub method: Method,
    /// The estimated time from the frame start; `None` when the method finds no root.
    pub time: Option<f64>,
    /// `time - converged`; `None` without a time.
    pub error: Option<f64>,
}

impl Approximation {
    /// An estimate measured against the converged root.
    pub fn new(method: Method, time: Option<f64>, converged: f64) -> Self {
        Self {
            method,
            time,
            error: time.map(|t| t - converged),
        }
    }
}

/// A material point of a rigid body: the body's start motion and the point at both frame ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TrackedPoint {
    /// Centre of mass at the frame start.
    pub centre: Vector3<f64>,
    /// Linear velocity at the frame start.
    pub velocity: Vector3<f64>,
    /// Angular velocity at the frame start.
    pub spin: Vector3<f64>,
    /// The point at the frame start (`a` of the straight line).
    pub start: Vector3<f64>,
    /// The point at the frame end (`b` of the straight line).
    pub end: Vector3<f64>,
    /// The point's velocity at the frame end, `v(h) + ω(h) × (P(h) - x(h))`.
    pub end_velocity: Vector3<f64>,
}

impl TrackedPoint {
    /// The point's velocity at the frame start, `v + ω × (P - x)`.
    pub fn start_velocity(&self) -> Vector3<f64> {
        self.velocity + self.spin.cross(&(self.start - self.centre))
    }

    /// `(b̂, ω, x'_b, b̂·x')`: the rotation axis and rate, and the arm split along the axis.
    fn arm(&self) -> (Vector3<f64>, f64, Vector3<f64>, f64) {
        let omega = self.spin.norm();
        let axis = if omega > 0.0 {
            self.spin / omega
        } else {
            Vector3::z()
        };
        let arm = self.start - self.centre;
        let along = axis.dot(&arm);
        (axis, omega, arm - axis * along, along)
    }

    /// The course's rigid motion `x_cm(0) + v t + x'_b cos ωt + sin ωt (b̂ × x'_b) + (b̂·x') b̂`.
    pub fn rigid_position(&self, t: f64) -> Vector3<f64> {
        let (axis, omega, radial, along) = self.arm();
        let angle = omega * t;
        self.centre
            + self.velocity * t
            + radial * angle.cos()
            + axis.cross(&radial) * angle.sin()
            + axis * along
    }
}

/// Estimates (b)–(f) for a tracked point reaching the plane `n·x = d` in a frame of length `h`.
pub(crate) fn point_estimates(
    p: &TrackedPoint,
    n: &Vector3<f64>,
    d: f64,
    h: f64,
    converged: f64,
) -> Vec<Approximation> {
    vec![
        Approximation::new(
            Method::Linearisation,
            linearised(&p.start, &p.start_velocity(), n, d),
            converged,
        ),
        Approximation::new(Method::StraightLine, straight_line(p, n, d, h), converged),
        Approximation::new(
            Method::ConstantMotion,
            constant_motion(p, n, d, h),
            converged,
        ),
        Approximation::new(Method::SmallAngle, small_angle(p, n, d), converged),
        Approximation::new(Method::EndState, end_state(p, n, d, h), converged),
        Approximation::new(Method::TimeStamp, time_stamp(p, n, d), converged),
    ]
}

/// `t ≈ h - (n·P(h) - d)/(n·V(h))`: the penetration at the frame end taken back along the end
/// velocity (docs/methods.md §10.6: for when the state just before the impact is not kept); `None` when
/// the end point does not move along `n`.
fn end_state(p: &TrackedPoint, n: &Vector3<f64>, d: f64, h: f64) -> Option<f64> {
    finite(h - (n.dot(&p.end) - d) / n.dot(&p.end_velocity))
}

/// The frame start when the point is on the other side of the plane at the frame end (the
/// sampled frame shows the overlap, so the contact takes the previous frame's time stamp), else
/// `None` (the end is on the start's side: the samples never see the contact).
fn time_stamp(p: &TrackedPoint, n: &Vector3<f64>, d: f64) -> Option<f64> {
    let (start, end) = (n.dot(&p.start) - d, n.dot(&p.end) - d);
    (start.signum() != end.signum() || end == 0.0).then_some(0.0)
}

/// `t ≈ (d - n·P)/(n·V)` for a point `P` moving at `V`; `None` when `n·V = 0`.
pub(crate) fn linearised(
    p: &Vector3<f64>,
    v: &Vector3<f64>,
    n: &Vector3<f64>,
    d: f64,
) -> Option<f64> {
    finite((d - n.dot(p)) / n.dot(v))
}

/// Solves `n·L(s) = d` for `L(s) = (1-s) a + s b` and returns `t = s h`.
fn straight_line(p: &TrackedPoint, n: &Vector3<f64>, d: f64, h: f64) -> Option<f64> {
    finite((d - n.dot(&p.start)) / n.dot(&(p.end - p.start)) * h)
}

/// The first root of `n·x(t) = d` on `[0, 2h]` along the exact constant-`v`, constant-`ω` motion.
fn constant_motion(p: &TrackedPoint, n: &Vector3<f64>, d: f64, h: f64) -> Option<f64> {
    let side = (n.dot(&p.start) - d).signum();
    let (_, omega, radial, _) = p.arm();
    let rate = n.dot(&p.velocity).abs() + omega * radial.norm();
    let search = first_zero(
        |t| side * (n.dot(&p.rigid_position(t)) - d),
        |_, _| rate,
        2.0 * h,
    );
    match search.found {
        Found::AtStart => Some(0.0),
        Found::Crossing([_, hi]) => Some(hi),
        Found::Never | Found::GaveUp => None,
    }
}

/// The smallest root `t >= 0` of `-(ω²/2)(n·x'_b) t² + (n·v + ω n·(b̂ × x'_b)) t + (n·P - d) = 0`.
fn small_angle(p: &TrackedPoint, n: &Vector3<f64>, d: f64) -> Option<f64> {
    let (axis, omega, radial, _) = p.arm();
    let a = -0.5 * omega * omega * n.dot(&radial);
    let b = n.dot(&p.velocity) + omega * n.dot(&axis.cross(&radial));
    let c = n.dot(&p.start) - d;
    smallest_nonnegative_root(a, b, c)
}

/// The smallest `t >= 0` with `a t² + b t + c = 0` (a linear equation when `a` is negligible).
pub(crate) fn smallest_nonnegative_root(a: f64, b: f64, c: f64) -> Option<f64> {
    if a.abs() <= 1e-14 * (b.abs() + c.abs()) {
        return finite(-c / b).filter(|t| *t >= 0.0);
    }
    let radicand = b * b - 4.0 * a * c;
    if radicand < 0.0 {
        return None;
    }
    // Stable form: q = -(b + sign(b) √Δ)/2, roots q/a and c/q.
    let q = -0.5 * (b + b.signum() * radicand.sqrt());
    [q / a, c / q]
        .into_iter()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .min_by(f64::total_cmp)
}

/// `Some(x)` when `x` is finite.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadratic_roots_pick_the_smallest_nonnegative() {
        assert_eq!(smallest_nonnegative_root(1.0, -3.0, 2.0), Some(1.0));
        assert_eq!(smallest_nonnegative_root(0.0, 2.0, -1.0), Some(0.5));
        assert_eq!(smallest_nonnegative_root(1.0, 0.0, 1.0), None);
        assert_eq!(smallest_nonnegative_root(1.0, 3.0, 2.0), None);
    }

    #[test]
    fn the_end_state_and_the_time_stamp_estimate_from_the_frame_end() {
        // A point falling from y = 1 at 2 m/s under g = 10 reaches y = 0 at t = 0.2899 s; the
        // frame ends at h = 0.5 with the point at y = -1.25 moving at -7 m/s.
        let (h, g, v0): (f64, f64, f64) = (0.5, 10.0, 2.0);
        let root = (-v0 + (v0 * v0 + 2.0 * g).sqrt()) / g;
        let p = TrackedPoint {
            centre: Vector3::new(0.0, 1.0, 0.0),
            velocity: Vector3::new(0.0, -v0, 0.0),
            spin: Vector3::zeros(),
            start: Vector3::new(0.0, 1.0, 0.0),
            end: Vector3::new(0.0, 1.0 - v0 * h - 0.5 * g * h * h, 0.0),
            end_velocity: Vector3::new(0.0, -v0 - g * h, 0.0),
        };
        let n = Vector3::y();
        let list = point_estimates(&p, &n, 0.0, h, root);
        let of = |m: Method| list.iter().find(|a| a.method == m).copied().unwrap();
        // Backing the end out along its velocity: h - 1.25/7 = 0.3214 s.
        let end = of(Method::EndState);
        assert!((end.time.unwrap() - (h - 1.25 / 7.0)).abs() < 1e-15);
        assert!(
            end.error.unwrap() > 0.0,
            "the faster end velocity lands it late: {end:?}"
        );
        // The sampled frames see the overlap at the end: the frame start's stamp, `root` early.
        let stamp = of(Method::TimeStamp);
        assert_eq!(stamp.time, Some(0.0));
        assert!((stamp.error.unwrap() + root).abs() < 1e-15);
        // A point that is back on its side at the frame end is never seen by the samples.
        let bounced = TrackedPoint {
            end: Vector3::new(0.0, 0.1, 0.0),
            ..p
        };
        assert_eq!(time_stamp(&bounced, &n, 0.0), None);
    }

    #[test]
    fn rigid_position_turns_the_arm_about_the_axis() {
        let p = TrackedPoint {
            centre: Vector3::zeros(),
            velocity: Vector3::zeros(),
            spin: Vector3::new(0.0, 0.0, std::f64::consts::FRAC_PI_2),
            start: Vector3::new(1.0, 0.0, 0.5),
            end: Vector3::new(0.0, 1.0, 0.5),
            end_velocity: Vector3::new(-std::f64::consts::FRAC_PI_2, 0.0, 0.0),
        };
        assert!((p.rigid_position(1.0) - p.end).norm() < 1e-12);
    }
}
