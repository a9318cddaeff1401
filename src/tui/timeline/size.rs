//! Estimates of the memory a frame record and a keyframe hold, to keep history within a budget.

use std::mem::size_of;

use crate::dynamics::world::World;
use crate::dynamics::RigidBody;
use crate::scene::BodySpec;
use crate::trace::{BodyFrame, EventRecord, FrameRecord};

/// Bytes a frame record holds on the heap and inline (an estimate: names, the fitted points of
/// `points` bodies and every per-body and per-event record; shared meshes are not counted).
pub fn record_bytes(record: &FrameRecord) -> usize {
    let bodies: usize = record
        .bodies
        .iter()
        .map(|b| size_of::<BodyFrame>() + b.name.len())
        .sum();
    let specs: usize = record.specs.iter().map(spec_bytes).sum();
    let events: usize = record
        .events
        .iter()
        .map(|e| size_of::<EventRecord>() + e.a.len() + e.b.len() + e.kind.len() + 64)
        .sum();
    size_of::<FrameRecord>() + bodies + specs + events
}

fn spec_bytes(spec: &BodySpec) -> usize {
    let fit = spec.fit.as_ref().map_or(0, |f| f.points.len() * 24 + 64);
    size_of::<BodySpec>() + spec.name.len() + fit
}

/// Bytes a copy of the world holds: its bodies and, about as much again, the integrator's packed
/// state and the groups (an estimate).
pub fn world_bytes(world: &World) -> usize {
    let bodies: usize = world
        .bodies
        .iter()
        .map(|b| size_of::<RigidBody>() + b.name.len())
        .sum();
    size_of::<World>() + 2 * bodies
}
