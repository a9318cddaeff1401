//! Whether a record holds finite numbers only: from a scene within its input limits the engine
//! never computes an infinity or a NaN (a diverged simulation excepted, which is an event), so
//! the records are checked by debug assertions in the tests.

use super::{BodyRecord, FrameRecord, PairRecord};

/// Whether every number in `values` is finite.
fn all<'a>(values: impl IntoIterator<Item = &'a f64>) -> bool {
    values.into_iter().all(|x| x.is_finite())
}

/// Whether the optional number is finite or absent.
fn maybe(value: Option<f64>) -> bool {
    value.is_none_or(f64::is_finite)
}

/// Whether every number of a body's record is finite.
pub(crate) fn body_is_finite(b: &BodyRecord) -> bool {
    all(&b.center)
        && all(b.half_extents.iter().flatten())
        && maybe(b.radius)
        && all(b.normal.iter().flatten())
        && maybe(b.offset)
        && all(b.axes.iter().flatten().flatten())
        && all(b.vertices.iter().flatten().flatten())
        && all(b.radii.iter().flatten())
        && maybe(b.half_height)
        && all(b.slabs.iter().flatten().flatten())
        && all(&b.rotation)
        && all(&b.velocity)
        && all(&b.angular_velocity)
        && all(b.fit.iter().flat_map(|f| f.eigenvalues.iter().flatten()))
}

/// Whether every number of a pair's record is finite (an unbounded sweep time is `None`).
pub(crate) fn pair_is_finite(p: &PairRecord) -> bool {
    let rows = p
        .axes
        .iter()
        .all(|row| all(row.l.iter()) && all([&row.r, &row.r0, &row.r1]) && maybe(row.gap));
    let sweep = p.sweep.iter().all(|s| maybe(s.entry) && maybe(s.exit));
    let contact = p.contact.as_ref().is_none_or(|c| {
        c.time.is_finite() && all(&c.point) && all(&c.normal) && all(c.region.iter().flatten())
    });
    let estimates = p
        .approximations
        .iter()
        .all(|e| maybe(e.time) && maybe(e.error));
    rows && sweep && contact && estimates
}

/// Whether every number of a frame's record is finite.
pub(crate) fn frame_is_finite(f: &FrameRecord) -> bool {
    let bodies = f.bodies.iter().all(|b| {
        all(&b.position)
            && all(&b.velocity)
            && all(&b.rotation)
            && all(&b.angular_velocity)
            && all([&b.error_estimate, &b.suggested_dt])
    });
    let energy = all([&f.energy.kinetic, &f.energy.potential, &f.energy.total]);
    let events = f.events.iter().all(|e| {
        all([&e.time, &e.impulse, &e.restitution])
            && all(&e.point)
            && all(&e.normal)
            && e.approximations
                .iter()
                .all(|x| maybe(x.time) && maybe(x.error))
    });
    f.time.is_finite() && bodies && energy && events
}
