//! The exact test of one pair over the rest of a frame, and the response to an impact.

use nalgebra::Vector3;

use super::touch::touching;
use super::{STILL, TOUCHING};
use crate::dynamics::response::{
    collide_balls, particle_bounce, rigid_impulse, Ball, Material, ResponseModel,
};
use crate::dynamics::toi::{time_of_impact, Approximation, Motion, ToiStatus};
use crate::dynamics::{BodyShape, BodyState, RigidBody};
use crate::sat::{AxisId, ContactKind};

/// A body's motion over the rest of the frame: its state at `t0` and at the frame end.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leg {
    /// Seconds into the frame where `start` holds.
    pub t0: f64,
    /// The state at `t0`.
    pub start: BodyState,
    /// The state at the frame end.
    pub end: BodyState,
    /// Whether the body never moves.
    pub fixed: bool,
}

/// An impact found inside the frame.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Hit {
    /// Seconds into the frame.
    pub time: f64,
    /// The contact point.
    pub point: Vector3<f64>,
    /// Unit normal from A to B.
    pub normal: Vector3<f64>,
    /// The last separating axis, for two boxes.
    pub axis: Option<AxisId>,
    /// The touching box features, when the time-of-impact search reports them.
    pub features: Option<ContactKind>,
    /// The course's cheaper estimates of the time, measured from the frame start.
    pub approximations: Vec<Approximation>,
}

/// The motion of a leg from `s` seconds into a frame of `dt` (a fixed body stays put).
fn motion(shape: &BodyShape, leg: &Leg, s: f64, dt: f64) -> Motion {
    if leg.fixed {
        return Motion::fixed(shape.clone(), leg.start);
    }
    let whole = Motion::new(shape.clone(), leg.start, leg.end);
    if s <= leg.t0 {
        return whole;
    }
    let start = whole.state_at(dt - leg.t0, s - leg.t0);
    Motion::new(whole.shape, start, leg.end)
}

/// Tests the pair `a`, `b` over the part of the frame both legs cover: the impact, if any (`None`
/// when they stay apart, rest on each other, or the search gave up).
///
/// # Algorithm
/// 1. Both motions from `s = max(t0_a, t0_b)` to the frame end.
/// 2. Touching at `s` (gap <= [`TOUCHING`]): an impact at `s` if some touching point approaches
///    faster than the resting speed, else a resting contact. The impact point is the centre of
///    those points weighted by how much faster than the resting speed they approach: the point
///    itself when one does, an edge's or a face's middle when its corners approach alike.
/// 3. Otherwise `time_of_impact` on the start and end states: the first touch, if any.
pub(super) fn test_pair(
    bodies: &[RigidBody],
    legs: (&Leg, &Leg),
    (a, b): (usize, usize),
    dt: f64,
    material: &Material,
) -> Option<Hit> {
    let s = legs.0.t0.max(legs.1.t0);
    let (shape_a, shape_b) = (&bodies[a].shape, &bodies[b].shape);
    let (ma, mb) = (
        motion(shape_a, legs.0, s, dt),
        motion(shape_b, legs.1, s, dt),
    );
    if let Some(t) = touching(shape_a, &ma.start, shape_b, &mb.start) {
        let approach = |p: &Vector3<f64>| {
            -t.normal
                .dot(&(mb.start.point_velocity(p) - ma.start.point_velocity(p)))
        };
        let resting = material.resting_speed.max(STILL);
        let fast: Vec<(Vector3<f64>, f64)> = t
            .points
            .iter()
            .filter(|(_, gap)| *gap <= TOUCHING)
            .map(|(p, _)| (*p, approach(p) - resting))
            .filter(|&(_, excess)| excess > 0.0)
            .collect();
        let &(first, _) = fast.first()?;
        let weight: f64 = fast.iter().map(|&(_, excess)| excess).sum();
        let offset: Vector3<f64> = fast.iter().map(|&(p, excess)| (p - first) * excess).sum();
        return Some(Hit {
            time: s,
            point: first + offset / weight,
            normal: t.normal,
            axis: t.axis,
            features: None,
            approximations: Vec::new(),
        });
    }
    first_touch(&ma, &mb, s, dt)
}

/// The first touch of a pair that is apart at the frame start, searched over the whole frame
/// without responding to anything: a detect-only world's test. `None` when the pair already
/// touches or overlaps at the start (it is in contact, not arriving), stays apart, or the search
/// gave up.
pub(super) fn detect_pair(
    bodies: &[RigidBody],
    legs: (&Leg, &Leg),
    (a, b): (usize, usize),
    dt: f64,
) -> Option<Hit> {
    let s = legs.0.t0.max(legs.1.t0);
    let (ma, mb) = (
        motion(&bodies[a].shape, legs.0, s, dt),
        motion(&bodies[b].shape, legs.1, s, dt),
    );
    first_touch(&ma, &mb, s, dt)
}

/// `time_of_impact` from `s` seconds into the frame to its end: the first touch, if the bodies
/// are apart at `s` and touch later.
fn first_touch(ma: &Motion, mb: &Motion, s: f64, dt: f64) -> Option<Hit> {
    if s >= dt {
        return None;
    }
    let report = time_of_impact(ma, mb, dt - s);
    match (report.status, report.time, report.contact) {
        (ToiStatus::Impact, Some(time), Some(contact)) => Some(Hit {
            time: s + time,
            point: contact.point,
            normal: contact.normal,
            axis: contact.axis,
            features: contact.features,
            approximations: report
                .approximations
                .into_iter()
                .map(|x| Approximation {
                    time: x.time.map(|t| s + t),
                    ..x
                })
                .collect(),
        }),
        _ => None,
    }
}

/// The impulse exchanged and the restitution applied.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Response {
    /// Normal impulse magnitude.
    pub impulse: f64,
    /// The restitution used (0 below the resting speed).
    pub restitution: f64,
}

impl Response {
    /// No response at all: a detect-only world's contacts.
    pub const NONE: Self = Self {
        impulse: 0.0,
        restitution: 0.0,
    };
}

/// Applies the response to an impact between `a < b`: with the particle model, the course's
/// particle bounce of the centres; otherwise the course's formulas for two moving spheres, else
/// the rigid-body impulse with angular terms, restitution and friction.
pub(super) fn respond(
    bodies: &mut [RigidBody],
    (a, b): (usize, usize),
    hit: &Hit,
    (material, model): (&Material, ResponseModel),
) -> Response {
    let (low, high) = bodies.split_at_mut(b);
    let (first, second) = (&mut low[a], &mut high[0]);
    if model == ResponseModel::Particle {
        let v = [first.state.velocity, second.state.velocity];
        let w = [first.inverse_mass(), second.inverse_mass()];
        return match particle_bounce(v, w, &hit.normal, material) {
            Some(bounce) => {
                first.state.velocity = bounce.after[0];
                second.state.velocity = bounce.after[1];
                Response {
                    impulse: bounce.impulse,
                    restitution: bounce.restitution,
                }
            }
            None => Response::NONE,
        };
    }
    let ball = |body: &RigidBody, r: f64| Ball {
        mass: body.mass,
        radius: r,
        position: body.state.position,
        velocity: body.state.velocity,
    };
    if let (&BodyShape::Sphere(r), &BodyShape::Sphere(s), false, false) =
        (&first.shape, &second.shape, first.fixed, second.fixed)
    {
        let pair = collide_balls(&ball(first, r), &ball(second, s), material);
        first.state.velocity = pair.after[0];
        second.state.velocity = pair.after[1];
        return Response {
            impulse: pair.impulse,
            restitution: pair.restitution,
        };
    }
    let response = rigid_impulse(first, second, &hit.point, &hit.normal, material);
    response.apply(&mut first.state, &mut second.state);
    Response {
        impulse: response.normal_impulse,
        restitution: response.restitution,
    }
}
