//! The one list of contact kinds: every contact record (`explain`, the debugger, a simulated
//! event, a lesson's `contact_kind`) names its kind from this list, by these functions.

use crate::geometry::box_plane::BoxFeature;
use crate::geometry::ConvexSpec;
use crate::sat::ContactKind;
use crate::scene::ShapeSpec;

/// Every contact kind, in the order the documentation lists them.
pub const CONTACT_KINDS: &[&str] = &[
    "vertex-face",
    "edge-face",
    "face-face",
    "edge-edge",
    "overlap",
    "sphere-sphere",
    "sphere-face",
    "sphere-edge",
    "sphere-vertex",
    "sphere-inside",
    "sphere-plane",
    "vertex-plane",
    "edge-plane",
    "face-plane",
    "ellipsoid-plane",
    "cylinder-plane",
    "kdop-plane",
    "convex-touch",
    "convex-overlap",
];

/// A box touching a plane: the kind of the box feature that is lowest (`face-plane` for a
/// face or when the feature is not known).
pub fn box_plane(feature: Option<BoxFeature>) -> &'static str {
    match feature {
        Some(BoxFeature::Vertex) => "vertex-plane",
        Some(BoxFeature::Edge) => "edge-plane",
        _ => "face-plane",
    }
}

/// The kind of a contact between shapes `a` and `b` with the touching box features `features`
/// (as the SAT names them), when those tell it.
pub fn of_shapes(
    a: &ShapeSpec,
    b: &ShapeSpec,
    features: Option<ContactKind>,
) -> Option<&'static str> {
    use ShapeSpec::{Box, Plane, Sphere};
    match (a, b, features) {
        (Box { .. }, Box { .. }, Some(kind)) => Some(kind.name()),
        (Sphere { .. }, Sphere { .. }, _) => Some("sphere-sphere"),
        (Sphere { .. }, Plane { .. }, _) | (Plane { .. }, Sphere { .. }, _) => Some("sphere-plane"),
        (Box { .. }, Plane { .. }, Some(kind)) | (Plane { .. }, Box { .. }, Some(kind)) => {
            match kind {
                ContactKind::VertexFace => Some(box_plane(Some(BoxFeature::Vertex))),
                ContactKind::EdgeFace => Some(box_plane(Some(BoxFeature::Edge))),
                ContactKind::FaceFace => Some(box_plane(Some(BoxFeature::Face))),
                ContactKind::EdgeEdge | ContactKind::Overlap => None,
            }
        }
        (ShapeSpec::Convex(c), Plane { .. }, _) | (Plane { .. }, ShapeSpec::Convex(c), _) => {
            Some(match c {
                ConvexSpec::Ellipsoid { .. } => "ellipsoid-plane",
                ConvexSpec::Cylinder { .. } => "cylinder-plane",
                ConvexSpec::Kdop(_) => "kdop-plane",
            })
        }
        // An impact of an ellipsoid, a cylinder or a k-DOP is found touching, at GJK's closest
        // points.
        (ShapeSpec::Convex(_), _, _) | (_, ShapeSpec::Convex(_), _) => Some("convex-touch"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_the_functions_name_is_in_the_list() {
        let features = [
            ContactKind::VertexFace,
            ContactKind::EdgeFace,
            ContactKind::FaceFace,
            ContactKind::EdgeEdge,
            ContactKind::Overlap,
        ];
        let mut named: Vec<&str> = features.iter().map(|k| k.name()).collect();
        // A unit sphere touching a unit box inside it, on a face, an edge and a vertex.
        let unit_box = crate::contact::Shape::Box(crate::geometry::Obb::new(
            nalgebra::Vector3::zeros(),
            nalgebra::UnitQuaternion::identity(),
            nalgebra::Vector3::repeat(1.0),
        ));
        for center in [
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [1.5, 1.5, 0.0],
            [1.5, 1.5, 1.5],
        ] {
            let ball = crate::contact::Shape::Sphere(crate::geometry::Sphere {
                center: nalgebra::Vector3::from(center),
                radius: 1.0,
            });
            let found = crate::contact::contact(&unit_box, &ball, 1.0).expect("they touch");
            named.push(found.kind_name());
        }
        named.extend([None, Some(BoxFeature::Vertex), Some(BoxFeature::Edge)].map(box_plane));
        let shapes = [
            ShapeSpec::Box {
                half_extents: nalgebra::Vector3::repeat(1.0),
            },
            ShapeSpec::Sphere { radius: 1.0 },
            ShapeSpec::Plane {
                normal: nalgebra::Vector3::y(),
                offset: 0.0,
            },
            ShapeSpec::Convex(ConvexSpec::Ellipsoid {
                radii: nalgebra::Vector3::repeat(1.0),
            }),
            ShapeSpec::Convex(ConvexSpec::Cylinder {
                radius: 1.0,
                half_height: 1.0,
            }),
            ShapeSpec::Convex(ConvexSpec::Kdop(std::sync::Arc::new(
                crate::geometry::Kdop::fit(
                    &[nalgebra::Vector3::zeros(), nalgebra::Vector3::repeat(1.0)],
                    6,
                )
                .expect("a box of points"),
            ))),
        ];
        // The contact table names an overlap of two ellipsoids.
        let egg = |x: f64| {
            crate::contact::Shape::Convex(
                ConvexSpec::Ellipsoid {
                    radii: nalgebra::Vector3::repeat(1.0),
                }
                .placed(
                    nalgebra::Vector3::x() * x,
                    nalgebra::UnitQuaternion::identity(),
                ),
            )
        };
        let overlap = crate::contact::contact(&egg(0.0), &egg(1.0), 1.0).expect("they overlap");
        named.push(overlap.kind_name());
        for a in &shapes {
            for b in &shapes {
                for f in features.iter().copied().map(Some).chain([None]) {
                    named.extend(of_shapes(a, b, f));
                }
            }
        }
        for kind in &named {
            assert!(CONTACT_KINDS.contains(kind), "{kind}");
        }
        for kind in CONTACT_KINDS {
            assert!(named.contains(kind), "{kind} is never named");
        }
    }
}
