//! Rotations and small vector helpers shared by every layer.

mod float;
mod gauss;
mod linear;

pub use float::{max_nan, min_nan};
pub use gauss::{eliminate, Elimination};
pub use linear::{eigenpairs, lu_factors, scaled_to_first_entry, Eigen, EigenPair, LuFactors};

use nalgebra::{Matrix3, Quaternion, Unit, UnitQuaternion, Vector3};

/// Rotation by `degrees` about `axis`; `None` when the axis has zero length or is not finite.
pub fn rotation_from_axis_angle(axis: &Vector3<f64>, degrees: f64) -> Option<UnitQuaternion<f64>> {
    let unit = Unit::try_new(*axis, 1e-300)?;
    Some(UnitQuaternion::from_axis_angle(&unit, degrees.to_radians()))
}

/// Rotation `R = Rx(x) · Ry(y) · Rz(z)` from Euler angles in degrees (docs/methods.md §4).
pub fn rotation_from_euler_degrees(degrees: [f64; 3]) -> UnitQuaternion<f64> {
    let rx = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), degrees[0].to_radians());
    let ry = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), degrees[1].to_radians());
    let rz = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), degrees[2].to_radians());
    rx * ry * rz
}

/// Normalised rotation from a quaternion written `[w, x, y, z]`; `None` for a zero quaternion.
pub fn rotation_from_wxyz(wxyz: [f64; 4]) -> Option<UnitQuaternion<f64>> {
    let q = Quaternion::new(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
    let norm = q.norm();
    (norm.is_finite() && norm > 1e-300).then(|| UnitQuaternion::from_quaternion(q))
}

/// The quaternion of a rotation written `[w, x, y, z]`.
pub fn wxyz(rotation: &UnitQuaternion<f64>) -> [f64; 4] {
    let q = rotation.quaternion();
    [q.w, q.i, q.j, q.k]
}

/// Normalised linear interpolation of two rotations, the course notes' formula (docs/methods.md §4).
pub fn nlerp(q1: &UnitQuaternion<f64>, q2: &UnitQuaternion<f64>, t: f64) -> UnitQuaternion<f64> {
    q1.nlerp(q2, t)
}

/// Spherical linear interpolation of two rotations along the shorter arc.
pub fn slerp(q1: &UnitQuaternion<f64>, q2: &UnitQuaternion<f64>, t: f64) -> UnitQuaternion<f64> {
    q1.slerp(q2, t)
}

/// Rodrigues' formula `R = I + sin θ S + (1 - cos θ) S²` for a unit axis (docs/methods.md §4).
pub fn rodrigues(axis: &Unit<Vector3<f64>>, radians: f64) -> Matrix3<f64> {
    let s = axis.cross_matrix();
    Matrix3::identity() + s * radians.sin() + s * s * (1.0 - radians.cos())
}

/// Sign with `sign(0) = +1`: the course's contact formulas need a side even on a tie.
#[inline]
pub fn sign(x: f64) -> f64 {
    if x < 0.0 {
        -1.0
    } else {
        1.0
    }
}

/// A 3-vector from an array.
pub fn vec3(v: [f64; 3]) -> Vector3<f64> {
    Vector3::new(v[0], v[1], v[2])
}

/// An array from a 3-vector.
pub fn arr3(v: &Vector3<f64>) -> [f64; 3] {
    [v.x, v.y, v.z]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euler_order_is_x_then_y_then_z() {
        let r = rotation_from_euler_degrees([90.0, 90.0, 0.0]).to_rotation_matrix();
        let expected = rodrigues(&Vector3::x_axis(), 90f64.to_radians())
            * rodrigues(&Vector3::y_axis(), 90f64.to_radians());
        assert!((r.matrix() - expected).norm() < 1e-12);
    }

    #[test]
    fn rodrigues_matches_nalgebra_axis_angle() {
        let axis = Unit::new_normalize(Vector3::new(1.0, 2.0, -0.5));
        let q = UnitQuaternion::from_axis_angle(&axis, 0.7);
        assert!((q.to_rotation_matrix().matrix() - rodrigues(&axis, 0.7)).norm() < 1e-12);
    }

    #[test]
    fn zero_quaternion_and_zero_axis_are_rejected() {
        assert!(rotation_from_wxyz([0.0; 4]).is_none());
        assert!(rotation_from_axis_angle(&Vector3::zeros(), 30.0).is_none());
        let q = rotation_from_wxyz([2.0, 0.0, 0.0, 0.0]).unwrap();
        assert_eq!(wxyz(&q), [1.0, 0.0, 0.0, 0.0]);
    }
}
