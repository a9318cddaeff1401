//! A body's `rotation`: axis-angle, quaternion `[w, x, y, z]` or Euler angles (R = Rx·Ry·Rz).

use nalgebra::{UnitQuaternion, Vector3};

use super::fields::Fields;
use super::value::{self, Raw, Report};
use crate::math::{rotation_from_axis_angle, rotation_from_euler_degrees, rotation_from_wxyz};

/// The ways to write a rotation, for messages.
const FORMS: &str = "`axis` with `degrees`, `quaternion` or `euler_degrees`";

/// Validates the `rotation` value `raw` of the body named by `label`.
pub(crate) fn validate(
    raw: &Raw<'_>,
    label: &str,
    r: &mut Report<'_>,
) -> Option<UnitQuaternion<f64>> {
    let table = value::table(r, &format!("`rotation` in {label}"), raw)?;
    let mut f = Fields::new(table, raw.span(), format!("the rotation of {label}"));
    let axis_angle = f.raw("axis").is_some() | f.raw("degrees").is_some();
    let quaternion = f.raw("quaternion").is_some();
    let euler = f.raw("euler_degrees").is_some();
    let forms = usize::from(axis_angle) + usize::from(quaternion) + usize::from(euler);
    if forms != 1 {
        // Keys that are all unknown are reported as such, with the closest known key.
        if forms > 1 || table.is_empty() {
            let what = if forms == 0 {
                "needs one of"
            } else {
                "must use only one of"
            };
            r.error(
                raw.span(),
                format!("the rotation of {label} {what} {FORMS}"),
            );
        }
        f.finish(r);
        return None;
    }
    let rotation = if axis_angle {
        axis_angle_rotation(&mut f, label, r)
    } else if quaternion {
        let rotation = f.numbers::<4>(r, "quaternion").map(from_quaternion);
        if rotation == Some(None) {
            r.error(
                f.span_of("quaternion"),
                format!("the quaternion of {label} must not be zero"),
            );
        }
        rotation.flatten()
    } else {
        f.numbers::<3>(r, "euler_degrees")
            .map(rotation_from_euler_degrees)
    };
    let finished = f.finish(r);
    rotation.filter(|_| finished)
}

/// The rotation from `axis` and `degrees`, reporting a missing half or a zero axis.
fn axis_angle_rotation(
    f: &mut Fields<'_, '_>,
    label: &str,
    r: &mut Report<'_>,
) -> Option<UnitQuaternion<f64>> {
    let axis = f
        .vec3(r, "axis")
        .or_else(|| f.missing("axis", "the axis to turn about"));
    let degrees = f
        .number(r, "degrees")
        .or_else(|| f.missing("degrees", "the angle"));
    let axis = axis?;
    let rotation = rotation_from_axis_angle(&Vector3::from(scaled(axis.into())), degrees?);
    if rotation.is_none() {
        r.error(
            f.span_of("axis"),
            format!("the rotation axis of {label} must not be zero"),
        );
    }
    rotation
}

/// The rotation of a quaternion `[w, x, y, z]` of any length, as scenes read it (scaled first, so
/// that normalising cannot overflow); `None` for a zero quaternion.
pub(crate) fn from_quaternion(q: [f64; 4]) -> Option<UnitQuaternion<f64>> {
    rotation_from_wxyz(scaled(q))
}

/// `v` divided by its largest magnitude, so that normalising it cannot overflow.
pub(crate) fn scaled<const N: usize>(v: [f64; N]) -> [f64; N] {
    let largest = v
        .iter()
        .fold(0.0_f64, |m, x| crate::math::max_nan(m, x.abs()));
    if largest > 0.0 {
        v.map(|x| x / largest)
    } else {
        v
    }
}
