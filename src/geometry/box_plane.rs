//! Boxes against a plane: effective radius, facing feature and time of contact (docs/methods.md
//! §6.6).

use nalgebra::Vector3;

use super::planes::{proximity, sweep_to_plane, PlaneProximity, PlaneSweep};
use super::{Obb, Plane};

/// `|A_i·N| <= FEATURE_TOLERANCE` counts as a box axis lying in the plane's direction.
pub const FEATURE_TOLERANCE: f64 = 1e-9;

/// Which feature of a box faces a plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxFeature {
    /// No axis is parallel to the plane: a corner.
    Vertex,
    /// One axis is parallel to the plane: an edge along it.
    Edge,
    /// Two axes are parallel to the plane: a face.
    Face,
}

/// The static box-plane test with its evidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPlane {
    /// Centre distance, effective radius `r = Σ a_i |A_i·N|`, gap and verdict.
    pub proximity: PlaneProximity,
    /// `A_i · N` for each box axis.
    pub axis_dots: [f64; 3],
    /// The box feature nearest the plane (counted from the `A_i·N` that are ~0).
    pub feature: BoxFeature,
    /// The centre of that feature: box coordinates `-σ sign(A_i·N) a_i`, 0 where `A_i·N ~ 0`.
    pub feature_point: Vector3<f64>,
    /// When they overlap: where the segment from the box centre to `feature_point` meets the
    /// plane, a point of both.
    pub contact_point: Option<Vector3<f64>>,
}

/// Box against plane with the effective radius `r = Σ a_i |A_i·N|` (docs/methods.md §6.6).
///
/// # Algorithm
/// 1. `A_i·N` for each axis; `r = Σ a_i |A_i·N|`, `s = N·C - d0`; they touch iff `|s| <= r`.
/// 2. The nearest feature: axes with `|A_i·N| ~ 0` are free; 0, 1, 2 free axes give a vertex,
///    an edge, a face; its centre has `x_i = -σ sign(A_i·N) a_i` on the other axes.
/// 3. Contact point: where the segment from the centre to that feature crosses the plane.
pub fn obb_plane(obb: &Obb, plane: &Plane) -> BoxPlane {
    let axis_dots: [f64; 3] = std::array::from_fn(|i| obb.axis(i).dot(&plane.normal));
    let effective_radius = obb.projected_radius(&plane.normal);
    let proximity = proximity(&obb.center(), effective_radius, plane);
    let side = if proximity.center_distance < 0.0 {
        -1.0
    } else {
        1.0
    };
    let free_axes = axis_dots
        .iter()
        .filter(|d| d.abs() <= FEATURE_TOLERANCE)
        .count();
    let feature = match free_axes {
        0 => BoxFeature::Vertex,
        1 => BoxFeature::Edge,
        _ => BoxFeature::Face,
    };
    let local = Vector3::from_fn(|i, _| {
        let dot = axis_dots[i];
        if dot.abs() <= FEATURE_TOLERANCE {
            0.0
        } else {
            -side * dot.signum() * obb.half_extents()[i]
        }
    });
    let feature_point = obb.to_world(&local);
    let contact_point = proximity
        .overlaps
        .then(|| crossing(&obb.center(), &feature_point, plane));
    BoxPlane {
        proximity,
        axis_dots,
        feature,
        feature_point,
        contact_point,
    }
}

/// A box moving with constant velocity (no rotation) towards a plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPlaneSweep {
    /// The sweep of the centre with the effective radius `Σ a_i |A_i·N|`.
    pub sweep: PlaneSweep,
    /// `A_i · N` for each box axis (constant: the box does not rotate).
    pub axis_dots: [f64; 3],
    /// The touching feature, if there is contact.
    pub feature: Option<BoxFeature>,
    /// At the contact time: where the segment from the centre to the feature's centre meets the
    /// plane, a point of both.
    pub contact_point: Option<Vector3<f64>>,
}

/// First time of contact of a translating box and a plane, with the touching feature.
///
/// # Algorithm
/// 1. Sweep the centre with the effective radius `r = Σ a_i |A_i·N|` (`sweep_to_plane`).
/// 2. At the contact time, move the box by `V t` and read the feature facing the plane and the
///    contact point as in `obb_plane`.
pub fn sweep_obb_plane(
    obb: &Obb,
    velocity: &Vector3<f64>,
    plane: &Plane,
    duration: f64,
) -> BoxPlaneSweep {
    let radius = obb.projected_radius(&plane.normal);
    let sweep = sweep_to_plane(&obb.center(), velocity, radius, plane, duration);
    let at_contact = sweep.time.map(|t| {
        let moved = obb.translated(&(velocity * t));
        let facing = obb_plane(&moved, plane);
        (
            facing.feature,
            crossing(&moved.center(), &facing.feature_point, plane),
        )
    });
    BoxPlaneSweep {
        sweep,
        axis_dots: std::array::from_fn(|i| obb.axis(i).dot(&plane.normal)),
        feature: at_contact.map(|(feature, _)| feature),
        contact_point: at_contact.map(|(_, point)| point),
    }
}

/// The point of the segment from `inner` to `outer` nearest to crossing the plane: the crossing
/// itself, or the end whose side the line crosses beyond (`inner` when the heights are equal).
fn crossing(inner: &Vector3<f64>, outer: &Vector3<f64>, plane: &Plane) -> Vector3<f64> {
    let h_inner = plane.signed_distance(inner);
    let height_drop = h_inner - plane.signed_distance(outer);
    if height_drop == 0.0 {
        return *inner;
    }
    inner + (outer - inner) * (h_inner / height_drop).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::UnitQuaternion;

    fn floor() -> Plane {
        Plane::new(Vector3::y(), 0.0).unwrap()
    }

    #[test]
    fn box_turned_about_the_normal_lands_on_a_face() {
        let turn = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), 0.3);
        let obb = Obb::new(
            Vector3::new(0.0, 3.0, 0.0),
            turn,
            Vector3::new(1.0, 0.5, 2.0),
        );
        let sweep = sweep_obb_plane(&obb, &Vector3::new(1.0, -1.0, 0.0), &floor(), 5.0);
        assert_eq!(
            (sweep.sweep.time, sweep.feature),
            (Some(2.5), Some(BoxFeature::Face))
        );
        let point = sweep.contact_point.unwrap();
        assert!(point.y.abs() < 1e-12 && (point - Vector3::new(2.5, 0.0, 0.0)).norm() < 1e-12);
    }

    #[test]
    fn box_rolled_about_one_axis_lands_on_an_edge_and_tilted_on_a_vertex() {
        let roll = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.5);
        let on_edge = Obb::new(
            Vector3::new(0.0, 4.0, 0.0),
            roll,
            Vector3::new(1.0, 1.0, 1.0),
        );
        let sweep = sweep_obb_plane(&on_edge, &-Vector3::y(), &floor(), 5.0);
        assert_eq!(sweep.feature, Some(BoxFeature::Edge));
        let moved = on_edge.translated(&(-Vector3::y() * sweep.sweep.time.unwrap()));
        let point = sweep.contact_point.unwrap();
        assert!(point.y.abs() < 1e-12 && moved.distance_to_point(&point) < 1e-12);
        let tilt = roll * UnitQuaternion::from_axis_angle(&Vector3::x_axis(), 0.4);
        let on_vertex = Obb::new(
            Vector3::new(0.0, 4.0, 0.0),
            tilt,
            Vector3::new(1.0, 1.0, 1.0),
        );
        let static_test = obb_plane(&on_vertex, &floor());
        assert_eq!(
            (static_test.feature, static_test.proximity.overlaps),
            (BoxFeature::Vertex, false)
        );
        let lowest = on_vertex
            .vertices()
            .into_iter()
            .map(|v| v.y)
            .fold(f64::INFINITY, crate::math::min_nan);
        assert!((static_test.feature_point.y - lowest).abs() < 1e-12);
    }
}
