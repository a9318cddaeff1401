//! Bodies placed at one instant as shapes of the contact table, and their signed separation.

use std::sync::Arc;

use crate::contact::{self, PlacedMesh, Shape, ShapeKind};
use crate::dynamics::{BodyShape, BodyState};
use crate::geometry::{Obb, Plane, Sphere, Triangle};

/// The body's shape placed at `state`.
pub(crate) fn place(shape: &BodyShape, state: &BodyState) -> Shape {
    match shape {
        BodyShape::Box(half) => Shape::Box(Obb::new(state.position, state.rotation, *half)),
        BodyShape::Sphere(radius) => Shape::Sphere(Sphere {
            center: state.position,
            radius: *radius,
        }),
        BodyShape::Plane { normal, offset } => Shape::Plane(Plane {
            normal: *normal,
            offset: *offset,
        }),
        BodyShape::Triangle(vertices) => Shape::Triangle(Triangle {
            vertices: vertices.map(|v| v + state.position),
        }),
        BodyShape::Mesh(mesh) => Shape::Mesh(PlacedMesh {
            mesh: Arc::clone(mesh),
            offset: state.position,
        }),
        BodyShape::Convex(c) => Shape::Convex(c.placed(state.position, state.rotation)),
    }
}

/// Signed separation of two shapes at two states: positive apart, 0 touching, negative
/// overlapping ([`contact::separation`]).
pub fn separation(a: &BodyShape, sa: &BodyState, b: &BodyShape, sb: &BodyState) -> f64 {
    contact::separation(&place(a, sa), &place(b, sb))
}

impl BodyShape {
    /// The kind of shape, for the contact table.
    pub fn kind(&self) -> ShapeKind {
        match self {
            BodyShape::Box(_) => ShapeKind::Box,
            BodyShape::Sphere(_) => ShapeKind::Sphere,
            BodyShape::Plane { .. } => ShapeKind::Plane,
            BodyShape::Triangle(_) => ShapeKind::Triangle,
            BodyShape::Mesh(_) => ShapeKind::Mesh,
            BodyShape::Convex(_) => ShapeKind::Convex,
        }
    }
}
