//! The convex shapes known by their support function (ellipsoid, cylinder, k-DOP): a body's
//! shape in its own frame, and that shape placed in the world (docs/methods.md §15.3–§15.6).

use std::sync::Arc;

use nalgebra::{UnitQuaternion, Vector3};

use super::support::SupportMap;
use super::{Aabb, Cylinder, Ellipsoid, Kdop};

/// A convex body's shape about its centre, in its own frame.
#[derive(Clone, Debug, PartialEq)]
pub enum ConvexSpec {
    /// An ellipsoid with these radii along its own x, y, z.
    Ellipsoid {
        /// The radii, each `> 0`.
        radii: Vector3<f64>,
    },
    /// A cylinder whose axis is its own y.
    Cylinder {
        /// The radius, `> 0`.
        radius: f64,
        /// Half the height along y, `> 0`.
        half_height: f64,
    },
    /// A k-DOP fitted to points, its slabs relative to the body's centre (world directions: it
    /// never turns).
    Kdop(Arc<Kdop>),
}

/// A convex shape placed in the world.
#[derive(Clone, Debug, PartialEq)]
pub enum Convex {
    /// A placed ellipsoid.
    Ellipsoid(Ellipsoid),
    /// A placed cylinder.
    Cylinder(Cylinder),
    /// A placed k-DOP.
    Kdop(Kdop),
}

impl ConvexSpec {
    /// The shape's name as a scene and `explain` write it: `ellipsoid`, `cylinder` or `kdop`.
    pub fn name(&self) -> &'static str {
        match self {
            ConvexSpec::Ellipsoid { .. } => "ellipsoid",
            ConvexSpec::Cylinder { .. } => "cylinder",
            ConvexSpec::Kdop(_) => "kdop",
        }
    }

    /// The shape with its centre at `center`, turned by `rotation` (a k-DOP never turns).
    pub fn placed(&self, center: Vector3<f64>, rotation: UnitQuaternion<f64>) -> Convex {
        match self {
            &ConvexSpec::Ellipsoid { radii } => Convex::Ellipsoid(Ellipsoid {
                center,
                rotation,
                radii,
            }),
            &ConvexSpec::Cylinder {
                radius,
                half_height,
            } => Convex::Cylinder(Cylinder {
                center,
                rotation,
                radius,
                half_height,
            }),
            ConvexSpec::Kdop(kdop) => Convex::Kdop(kdop.translated(&center)),
        }
    }

    /// The radius of a ball about the centre that holds the shape.
    pub fn reach(&self) -> f64 {
        match self {
            ConvexSpec::Ellipsoid { radii } => radii.max(),
            ConvexSpec::Cylinder {
                radius,
                half_height,
            } => radius.hypot(*half_height),
            ConvexSpec::Kdop(kdop) => kdop
                .vertices
                .iter()
                .map(Vector3::norm)
                .fold(0.0, crate::math::max_nan),
        }
    }

    /// The principal moments of inertia of the solid of mass `mass` in its own frame
    /// (ellipsoid `m/5 (b² + c²)`…, cylinder `m(3r² + (2h)²)/12` across and `m r²/2` along y);
    /// zero for a k-DOP, which never responds.
    pub fn inertia_diagonal(&self, mass: f64) -> Vector3<f64> {
        let placed = self.placed(Vector3::zeros(), UnitQuaternion::identity());
        match placed {
            Convex::Ellipsoid(e) => e.inertia_diagonal(mass),
            Convex::Cylinder(c) => c.inertia_diagonal(mass),
            Convex::Kdop(_) => Vector3::zeros(),
        }
    }

    /// Whether the shape can respond to a contact (turn and bounce): not a k-DOP.
    pub fn is_dynamic(&self) -> bool {
        !matches!(self, ConvexSpec::Kdop(_))
    }
}

impl Convex {
    /// The shape's name: `ellipsoid`, `cylinder` or `kdop`.
    pub fn name(&self) -> &'static str {
        match self {
            Convex::Ellipsoid(_) => "ellipsoid",
            Convex::Cylinder(_) => "cylinder",
            Convex::Kdop(_) => "kdop",
        }
    }

    /// The same shape moved by `offset`.
    #[must_use]
    pub fn translated(&self, offset: &Vector3<f64>) -> Self {
        match self {
            Convex::Ellipsoid(e) => Convex::Ellipsoid(e.translated(offset)),
            Convex::Cylinder(c) => Convex::Cylinder(c.translated(offset)),
            Convex::Kdop(k) => Convex::Kdop(k.translated(offset)),
        }
    }

    /// The smallest AABB holding the shape (a k-DOP: its first three slabs, the axes).
    pub fn aabb(&self) -> Aabb {
        match self {
            Convex::Ellipsoid(e) => e.aabb(),
            Convex::Cylinder(c) => c.aabb(),
            Convex::Kdop(k) => Aabb {
                min: Vector3::new(k.min[0], k.min[1], k.min[2]),
                max: Vector3::new(k.max[0], k.max[1], k.max[2]),
            },
        }
    }

    /// Points of the surface that may rest on a plane whose normal is `normal` (facing away
    /// from the shape): a cylinder's lowest point on each rim (exactly) and 8 points around each
    /// rim, a k-DOP's corners; empty for an ellipsoid (it touches at one point).
    pub fn rim_points(&self, normal: &Vector3<f64>) -> Vec<Vector3<f64>> {
        match self {
            Convex::Ellipsoid(_) => Vec::new(),
            Convex::Cylinder(c) => {
                let local = c.rotation.inverse_transform_vector(&-normal);
                let across = Vector3::new(local.x, 0.0, local.z)
                    .try_normalize(1e-9)
                    .map_or_else(Vector3::zeros, |d| d * c.radius);
                let mut points = Vec::with_capacity(18);
                for y in [c.half_height, -c.half_height] {
                    points.push(Vector3::new(across.x, y, across.z));
                    points.extend((0..8).map(|i| {
                        let angle = f64::from(i) * std::f64::consts::TAU / 8.0;
                        Vector3::new(c.radius * angle.cos(), y, c.radius * angle.sin())
                    }));
                }
                points
                    .into_iter()
                    .map(|p| c.center + c.rotation.transform_vector(&p))
                    .collect()
            }
            Convex::Kdop(k) => k.vertices.clone(),
        }
    }
}

impl SupportMap for Convex {
    fn support(&self, direction: &Vector3<f64>) -> Vector3<f64> {
        match self {
            Convex::Ellipsoid(e) => e.support(direction),
            Convex::Cylinder(c) => c.support(direction),
            Convex::Kdop(k) => k.support(direction),
        }
    }

    fn center(&self) -> Vector3<f64> {
        match self {
            Convex::Ellipsoid(e) => e.center,
            Convex::Cylinder(c) => c.center,
            Convex::Kdop(k) => SupportMap::center(k),
        }
    }

    fn bounding_radius(&self) -> f64 {
        match self {
            Convex::Ellipsoid(e) => e.bounding_radius(),
            Convex::Cylinder(c) => c.bounding_radius(),
            Convex::Kdop(k) => k.bounding_radius(),
        }
    }
}
