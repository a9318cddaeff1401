//! The record every contact query returns, and the names of what touches.

use nalgebra::Vector3;

use crate::geometry::triangle::TriangleFeature;
use crate::sat::{AxisId, Contact, ContactKind, Region, ShapeAxis, ShapeContact};

/// A point a resting contact holds, with its own separation along the contact's normal.
pub type ManifoldPoint = (Vector3<f64>, f64);

/// Which two shapes meet, whatever their order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PairKind {
    /// Two boxes (separation: the largest SAT gap of the 15 axes).
    BoxBox,
    /// A box and a plane (signed distance of the lowest corner).
    BoxPlane,
    /// A box and a sphere (signed distance of the centre to the box, minus the radius).
    BoxSphere,
    /// A sphere and a plane.
    SpherePlane,
    /// Two spheres.
    SphereSphere,
    /// A box and a triangle (the largest gap of the 13 axes).
    BoxTriangle,
    /// A box and a mesh (the least over its triangles of the largest gap).
    BoxMesh,
    /// A sphere and a triangle (the distance of the centre to the triangle, minus the radius).
    SphereTriangle,
    /// A sphere and a mesh (the least over its triangles).
    SphereMesh,
    /// Two planes: never tested (planes never move).
    PlanePlane,
    /// A plane and a triangle: never tested (neither responds to a contact).
    PlaneTriangle,
    /// A plane and a mesh: never tested.
    PlaneMesh,
    /// Two triangles: never tested by the contact table (`explain` shows their table).
    TriangleTriangle,
    /// A triangle and a mesh: never tested.
    TriangleMesh,
    /// Two meshes: never tested.
    MeshMesh,
    /// An ellipsoid, a cylinder or a k-DOP and a box (GJK, then EPA).
    ConvexBox,
    /// An ellipsoid, a cylinder or a k-DOP and a sphere (GJK, then EPA).
    ConvexSphere,
    /// An ellipsoid, a cylinder or a k-DOP and a plane (the support point facing the plane).
    ConvexPlane,
    /// An ellipsoid, a cylinder or a k-DOP and a triangle (GJK, then EPA).
    ConvexTriangle,
    /// An ellipsoid, a cylinder or a k-DOP and a mesh (the least over its triangles).
    ConvexMesh,
    /// Two of ellipsoids, cylinders and k-DOPs (GJK, then EPA).
    ConvexConvex,
}

impl PairKind {
    /// The kebab-case name used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            PairKind::BoxBox => "box-box",
            PairKind::BoxPlane => "box-plane",
            PairKind::BoxSphere => "box-sphere",
            PairKind::SpherePlane => "sphere-plane",
            PairKind::SphereSphere => "sphere-sphere",
            PairKind::BoxTriangle => "box-triangle",
            PairKind::BoxMesh => "box-mesh",
            PairKind::SphereTriangle => "sphere-triangle",
            PairKind::SphereMesh => "sphere-mesh",
            PairKind::PlanePlane => "plane-plane",
            PairKind::PlaneTriangle => "plane-triangle",
            PairKind::PlaneMesh => "plane-mesh",
            PairKind::TriangleTriangle => "triangle-triangle",
            PairKind::TriangleMesh => "triangle-mesh",
            PairKind::MeshMesh => "mesh-mesh",
            PairKind::ConvexBox => "convex-box",
            PairKind::ConvexSphere => "convex-sphere",
            PairKind::ConvexPlane => "convex-plane",
            PairKind::ConvexTriangle => "convex-triangle",
            PairKind::ConvexMesh => "convex-mesh",
            PairKind::ConvexConvex => "convex-convex",
        }
    }
}

/// The part of a box nearest a sphere's centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoxPart {
    /// The centre is inside the box.
    Inside,
    /// A face (one box coordinate of the centre beyond the box).
    Face,
    /// An edge (two coordinates beyond).
    Edge,
    /// A corner (all three beyond).
    Vertex,
}

impl BoxPart {
    /// The part nearest the point whose box coordinates are `local`.
    pub fn nearest(local: &Vector3<f64>, half_extents: &Vector3<f64>) -> Self {
        match (0..3).filter(|&k| local[k].abs() > half_extents[k]).count() {
            0 => BoxPart::Inside,
            1 => BoxPart::Face,
            2 => BoxPart::Edge,
            _ => BoxPart::Vertex,
        }
    }
}

/// Where and how two placed shapes touch: the one record of every contact query.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PairContact {
    /// Which shapes meet.
    pub pair: PairKind,
    /// When, measured from the start of the query (0 for shapes placed at one instant).
    pub time: f64,
    /// The signed separation at `time`: 0 touching, negative the depth of an overlap (two
    /// boxes: the largest SAT gap; a box and a plane: the lowest corner's height).
    pub gap: f64,
    /// A point on both shapes (inside both when they overlap; one of many for edges and faces).
    pub point: Vector3<f64>,
    /// Unit contact normal pointing from the first shape towards the second.
    pub normal: Vector3<f64>,
    /// Two boxes: the last separating axis, `None` when they already overlapped.
    pub axis: Option<AxisId>,
    /// Two boxes: the axis of the normal and the gap (the axis of least overlap when they
    /// overlap).
    pub depth_axis: Option<AxisId>,
    /// The touching box features for two boxes or a box and a plane (the plane is a face);
    /// `None` when a sphere touches (always at one point).
    pub features: Option<ContactKind>,
    /// A sphere and a box: the part of the box nearest the sphere's centre.
    pub sphere_on: Option<BoxPart>,
    /// The contact region: one point, a segment's two ends or a polygon.
    pub region: Region,
    /// A box and a triangle or a mesh: the last separating axis of the 13-row table, `None` when
    /// they already overlapped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shape_axis: Option<ShapeAxis>,
    /// A mesh: the index of the triangle touched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triangle: Option<usize>,
    /// A sphere and a triangle or a mesh: the part of the triangle nearest the centre.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triangle_feature: Option<TriangleFeature>,
    /// An ellipsoid, a cylinder or a k-DOP: `ellipsoid-plane`, `cylinder-plane` or `kdop-plane`
    /// against a plane, else `convex-touch` (GJK's closest points) or `convex-overlap` (EPA's
    /// deepest points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convex: Option<&'static str>,
}

impl PairContact {
    /// A record of the pair's features at `point`, with a region of that one point.
    pub(super) fn single(
        pair: PairKind,
        gap: f64,
        point: Vector3<f64>,
        normal: Vector3<f64>,
    ) -> Self {
        Self {
            pair,
            time: 0.0,
            gap,
            point,
            normal,
            axis: None,
            depth_axis: None,
            features: None,
            sphere_on: None,
            region: Region::point(point),
            shape_axis: None,
            triangle: None,
            triangle_feature: None,
            convex: None,
        }
    }

    /// The record of a box–triangle contact found by the 13-row table, whose gap is `gap`.
    pub fn of_box_triangle(contact: ShapeContact, gap: f64) -> Self {
        Self {
            pair: PairKind::BoxTriangle,
            time: contact.time,
            gap,
            point: contact.point,
            normal: contact.normal,
            axis: None,
            depth_axis: None,
            features: Some(contact.kind),
            sphere_on: None,
            region: contact.region,
            shape_axis: contact.axis,
            triangle: None,
            triangle_feature: None,
            convex: None,
        }
    }

    /// The record of two boxes' contact.
    pub fn of_boxes(contact: Contact) -> Self {
        Self {
            pair: PairKind::BoxBox,
            time: contact.time,
            gap: contact.gap,
            point: contact.point,
            normal: contact.normal,
            axis: contact.axis,
            depth_axis: contact.depth_axis(),
            features: Some(contact.kind),
            sphere_on: None,
            region: contact.region,
            shape_axis: None,
            triangle: None,
            triangle_feature: None,
            convex: None,
        }
    }

    /// Two boxes' contact as the SAT names it (`None` for any other pair).
    pub fn box_contact(&self) -> Option<Contact> {
        match (self.pair, self.features) {
            (PairKind::BoxBox, Some(kind)) => Some(Contact::new(
                self.time,
                self.point,
                self.axis,
                kind,
                self.normal,
                self.region.clone(),
                self.gap,
                self.depth_axis,
            )),
            _ => None,
        }
    }

    /// The same contact seen from the other shape (the normal turned round).
    #[must_use]
    pub fn flipped(mut self) -> Self {
        self.normal = -self.normal;
        self
    }

    /// The same contact dated `time`.
    #[must_use]
    pub fn at(self, time: f64) -> Self {
        Self { time, ..self }
    }

    /// The same contact moved by `offset` (its point and region), as for a mesh queried in its
    /// own coordinates.
    #[must_use]
    pub fn moved(mut self, offset: &Vector3<f64>) -> Self {
        self.point += offset;
        self.region = match &self.region[..] {
            [one] => Region::point(one + offset),
            many => Region::from_points(many.iter().map(|p| p + offset)),
        };
        self
    }

    /// The name of what touches, as `explain` and the simulation print it: the box features
    /// for two boxes (`vertex-face`, …, `overlap`), `vertex-plane`, `edge-plane` or
    /// `face-plane` for a box on a plane, `sphere-face`, `sphere-edge`, `sphere-vertex` or
    /// `sphere-inside` for a sphere on a box, the box features as for two boxes for a box on a
    /// triangle or a mesh, `sphere-face`, `sphere-edge` or `sphere-vertex` (the part of the
    /// triangle) for a sphere on one, `ellipsoid-plane`, `cylinder-plane`, `kdop-plane`,
    /// `convex-touch` or `convex-overlap` for an ellipsoid, a cylinder or a k-DOP, else the pair
    /// (`sphere-sphere`, `sphere-plane`).
    pub fn kind_name(&self) -> &'static str {
        if let Some(shapes) = self.convex {
            return shapes;
        }
        if let Some(feature) = self.triangle_feature {
            return match feature {
                TriangleFeature::Vertex(_) => "sphere-vertex",
                TriangleFeature::Edge(_) => "sphere-edge",
                TriangleFeature::Face => "sphere-face",
            };
        }
        match (self.pair, self.features, self.sphere_on) {
            (PairKind::BoxBox | PairKind::BoxTriangle | PairKind::BoxMesh, Some(kind), _) => {
                kind.name()
            }
            (PairKind::BoxPlane, Some(ContactKind::VertexFace), _) => "vertex-plane",
            (PairKind::BoxPlane, Some(ContactKind::EdgeFace), _) => "edge-plane",
            (PairKind::BoxPlane, _, _) => "face-plane",
            (PairKind::BoxSphere, _, Some(BoxPart::Inside)) => "sphere-inside",
            (PairKind::BoxSphere, _, Some(BoxPart::Edge)) => "sphere-edge",
            (PairKind::BoxSphere, _, Some(BoxPart::Vertex)) => "sphere-vertex",
            (PairKind::BoxSphere, _, _) => "sphere-face",
            (pair, _, _) => pair.name(),
        }
    }
}
