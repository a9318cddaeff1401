//! Time of impact inside a frame for moving and rotating bodies, with the course's cheaper
//! estimates and their errors (docs/methods.md §10).

mod approx;
mod motion;
mod planar;
mod root;
mod separation;

use nalgebra::Vector3;

pub use crate::contact::{PairContact, PairKind};
pub use approx::{Approximation, Method};
pub(crate) use motion::spin_between;
pub use motion::{hermite, hermite_slope, hermite_speed_bound, state_between, Motion};
pub use planar::{corner, corner_impact, planar_state_at, Line, PlanarImpact, PlanarState};
pub use root::{GRAZE, MAX_EVALUATIONS, TIME_TOLERANCE};
pub(crate) use separation::place;
pub use separation::separation;

use approx::{point_estimates, TrackedPoint};
use root::{first_zero, Found};

use crate::dynamics::{BodyShape, BodyState};
use crate::geometry::Obb;

/// How the search over the frame ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ToiStatus {
    /// The bodies are apart at the start and first touch at `time`.
    Impact,
    /// The bodies already touch or overlap at the start of the frame.
    TouchingAtStart,
    /// The bodies stay apart for the whole frame.
    Separate,
    /// The evaluation budget ran out (the bodies graze for a long stretch of the frame).
    Unresolved,
}

/// Everything the time-of-impact search decided, with its evidence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ToiReport {
    /// Which shapes met.
    pub pair: PairKind,
    /// The frame length `h`; times are measured from the frame start.
    pub duration: f64,
    /// How the search ended.
    pub status: ToiStatus,
    /// The converged impact time (the touching end of the bracket), or 0 when touching at start.
    pub time: Option<f64>,
    /// The final bisection bracket `[apart, touching]`.
    pub bracket: Option<[f64; 2]>,
    /// Bisection steps.
    pub iterations: usize,
    /// Separation evaluations spent bracketing.
    pub evaluations: usize,
    /// The separation at the start and at the end of the frame.
    pub separation: [f64; 2],
    /// Where and how the bodies touch at `time` (the contact table's record, dated `time`).
    pub contact: Option<PairContact>,
    /// (a) the converged root and the cheaper estimates with their errors.
    pub approximations: Vec<Approximation>,
}

/// The first time in `[0, h]` at which the bodies moving as `a` and `b` touch.
///
/// # Algorithm
/// 1. Interpolate each body: cubic Hermite positions, slerped orientations ([`Motion::state_at`]).
/// 2. The separation of the interpolated shapes: the largest SAT gap for two boxes, the signed
///    distance otherwise.
/// 3. Its rate is at most `max|ΔD'| + |ω_a| r_a + |ω_b| r_b` on a sub-interval: split `[0, h]`
///    wherever that bound cannot rule out a zero, left half first.
/// 4. Bisect the first sign change to 1e-12 s.
/// 5. The contact of the shapes placed at that time ([`crate::contact::contact`]; two boxes:
///    the one axis rule of [`crate::sat::contact`]).
/// 6. Estimates: linearisation and straight line of the touching material points along the
///    normal; for a box on a plane also the constant-motion and small-angle roots of its corner.
pub fn time_of_impact(a: &Motion, b: &Motion, h: f64) -> ToiReport {
    let at = |m: &Motion, t: f64| if h > 0.0 { m.state_at(h, t) } else { m.start };
    let placed = |t: f64| (place(&a.shape, &at(a, t)), place(&b.shape, &at(b, t)));
    let gap = |t: f64| {
        let (pa, pb) = placed(t);
        crate::contact::separation(&pa, &pb)
    };
    let search = first_zero(gap, rate_bound(a, b, h), h);
    let (status, time, bracket) = match search.found {
        Found::Crossing(bracket) => (ToiStatus::Impact, Some(bracket[1]), Some(bracket)),
        Found::AtStart => (ToiStatus::TouchingAtStart, Some(0.0), None),
        Found::Never => (ToiStatus::Separate, None, None),
        Found::GaveUp => (ToiStatus::Unresolved, None, None),
    };
    let contact = time.and_then(|t| {
        let (pa, pb) = placed(t);
        crate::contact::contact(&pa, &pb, f64::INFINITY).map(|c| c.at(t))
    });
    let approximations = match (status, time, &contact) {
        (ToiStatus::Impact, Some(t), Some(c)) => estimates(a, b, h, t, c),
        _ => Vec::new(),
    };
    ToiReport {
        pair: crate::contact::pair_kind(a.shape.kind(), b.shape.kind()),
        duration: h,
        status,
        time,
        bracket,
        iterations: search.iterations,
        evaluations: search.evaluations,
        separation: search.ends,
        contact,
        approximations,
    }
}

/// A bound `K(lo, hi)` on the rate of the separation over a sub-interval.
fn rate_bound<'m>(a: &'m Motion, b: &'m Motion, h: f64) -> impl Fn(f64, f64) -> f64 + 'm {
    let [pa0, pa1, va0, va1] = kinematics(a);
    let [pb0, pb1, vb0, vb1] = kinematics(b);
    let (d0, d1, w0, w1) = (pb0 - pa0, pb1 - pa1, vb0 - va0, vb1 - va1);
    let turning = a.spin(h).norm() * a.reach() + b.spin(h).norm() * b.reach();
    move |lo, hi| hermite_speed_bound(&d0, &d1, &w0, &w1, h, [lo, hi]) + turning
}

/// Positions and velocities at both ends (all zero for a plane, which never moves).
fn kinematics(m: &Motion) -> [Vector3<f64>; 4] {
    if m.is_plane() {
        return [Vector3::zeros(); 4];
    }
    [
        m.start.position,
        m.end.position,
        m.start.velocity,
        m.end.velocity,
    ]
}

/// The converged root and the cheaper estimates for this pair.
fn estimates(a: &Motion, b: &Motion, h: f64, t: f64, c: &PairContact) -> Vec<Approximation> {
    let mut list = vec![Approximation::new(Method::HermiteBisection, Some(t), t)];
    if let Some((tracked, normal, offset)) = corner_on_plane(a, b, h, t) {
        list.extend(point_estimates(&tracked, &normal, offset, h, t));
        return list;
    }
    let n = c.normal;
    let [(pa, va), (pb, vb)] = [a, b].map(|m| material_point(m, h, t, &c.point, &m.start));
    let [(qa, _), (qb, _)] = [a, b].map(|m| material_point(m, h, t, &c.point, &m.end));
    let (gap, closing) = (n.dot(&(pb - pa)), n.dot(&(vb - va)));
    let end_gap = n.dot(&(qb - qa));
    let finite = |x: f64| x.is_finite().then_some(x);
    list.push(Approximation::new(
        Method::Linearisation,
        finite(-gap / closing),
        t,
    ));
    list.push(Approximation::new(
        Method::StraightLine,
        finite(gap / (gap - end_gap) * h),
        t,
    ));
    list
}

/// The material point at `point` at time `t`, placed with `state`, and its velocity there.
fn material_point(
    m: &Motion,
    h: f64,
    t: f64,
    point: &Vector3<f64>,
    state: &BodyState,
) -> (Vector3<f64>, Vector3<f64>) {
    let now = m.state_at(h, t);
    let still = m.start.velocity == Vector3::zeros() && m.end.velocity == Vector3::zeros();
    let surface = m.shape.is_surface();
    if m.is_plane() || (surface && still) {
        return (*point, Vector3::zeros());
    }
    // A sphere, or a moving surface (which only translates): the point moves with its centre.
    if surface || matches!(m.shape, BodyShape::Sphere(_)) {
        return (state.position + (point - now.position), state.velocity);
    }
    let local = now.rotation.inverse() * (point - now.position);
    let p = state.position + state.rotation * local;
    (p, state.point_velocity(&p))
}

/// For a box and a plane: the box corner that touches first, tracked through the frame.
fn corner_on_plane(
    a: &Motion,
    b: &Motion,
    h: f64,
    t: f64,
) -> Option<(TrackedPoint, Vector3<f64>, f64)> {
    let (body, normal, offset) = match (&a.shape, &b.shape) {
        (BodyShape::Box(_), BodyShape::Plane { normal, offset }) => (a, *normal, *offset),
        (BodyShape::Plane { normal, offset }, BodyShape::Box(_)) => (b, *normal, *offset),
        _ => return None,
    };
    let BodyShape::Box(half) = body.shape else {
        return None;
    };
    let at = |state: &BodyState| Obb::new(state.position, state.rotation, half).vertices();
    let corners = at(&body.state_at(h, t));
    let heights = corners.map(|v| normal.dot(&v));
    let lowest = heights
        .iter()
        .copied()
        .fold(f64::INFINITY, crate::math::min_nan);
    let k = heights
        .iter()
        .position(|&y| y <= lowest + 1e-9 * (1.0 + half.norm()))?;
    let end = at(&body.end)[k];
    let tracked = TrackedPoint {
        centre: body.start.position,
        velocity: body.start.velocity,
        spin: body.start.angular_velocity,
        start: at(&body.start)[k],
        end,
        end_velocity: body.end.point_velocity(&end),
    };
    Some((tracked, normal, offset))
}
