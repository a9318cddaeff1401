//! Orthographic views: the three coordinate planes and the view along a candidate axis.

use std::fmt;

use nalgebra::Vector3;

/// Which way the camera looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// x to the right, y up.
    #[default]
    Xy,
    /// x to the right, z up.
    Xz,
    /// y to the right, z up.
    Yz,
    /// The selected axis to the right (A's side on the left, B's on the right), so the gap or
    /// overlap of the two projections lies along the screen's width.
    Along,
}

impl View {
    /// The views in the order `v` cycles through them.
    pub const ALL: [View; 4] = [View::Xy, View::Xz, View::Yz, View::Along];

    /// The view named `xy`, `xz`, `yz` or `along-axis`.
    pub fn parse(name: &str) -> Option<View> {
        match name {
            "xy" => Some(View::Xy),
            "xz" => Some(View::Xz),
            "yz" => Some(View::Yz),
            "along-axis" | "along" | "axis" => Some(View::Along),
            _ => None,
        }
    }

    /// The next view in cycling order.
    #[must_use]
    pub fn next(self) -> View {
        let k = View::ALL.iter().position(|v| *v == self).unwrap_or(0);
        View::ALL[(k + 1) % View::ALL.len()]
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            View::Xy => "xy",
            View::Xz => "xz",
            View::Yz => "yz",
            View::Along => "along-axis",
        })
    }
}

/// An orthonormal camera: world points map to `(p·right, p·up)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// The world direction drawn to the right.
    pub right: Vector3<f64>,
    /// The world direction drawn up.
    pub up: Vector3<f64>,
}

impl Projection {
    /// The camera of `view`; `Along` uses `axis` (A towards B) and falls back to `xy` without one.
    pub fn new(view: View, axis: Option<Vector3<f64>>) -> Projection {
        let (x, y, z) = (Vector3::x(), Vector3::y(), Vector3::z());
        match view {
            View::Xy => Projection { right: x, up: y },
            View::Xz => Projection { right: x, up: z },
            View::Yz => Projection { right: y, up: z },
            View::Along => match axis.and_then(|l| l.try_normalize(1e-12)) {
                Some(right) => Projection {
                    right,
                    up: perpendicular_up(&right),
                },
                None => Projection { right: x, up: y },
            },
        }
    }

    /// A world point in view coordinates.
    pub fn project(&self, p: &Vector3<f64>) -> [f64; 2] {
        [p.dot(&self.right), p.dot(&self.up)]
    }

    /// The world direction pointing out of the screen.
    pub fn depth(&self) -> Vector3<f64> {
        self.right.cross(&self.up)
    }
}

/// World `y` (else `z`) made perpendicular to `right`.
fn perpendicular_up(right: &Vector3<f64>) -> Vector3<f64> {
    let prefer = if right.y.abs() < 0.9 {
        Vector3::y()
    } else {
        Vector3::z()
    };
    (prefer - right * prefer.dot(right)).normalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_cycle_and_parse_by_name() {
        let mut view = View::Xy;
        for expected in ["xz", "yz", "along-axis", "xy"] {
            view = view.next();
            assert_eq!(view.to_string(), expected);
            assert_eq!(View::parse(expected), Some(view));
        }
        assert_eq!(View::parse("zz"), None);
    }

    #[test]
    fn along_view_puts_the_axis_to_the_right_and_stays_orthonormal() {
        let axis = Vector3::new(0.0, -2.0, 0.0);
        let p = Projection::new(View::Along, Some(axis));
        assert_eq!(p.project(&Vector3::new(0.0, -1.0, 0.0))[0], 1.0);
        assert!(p.right.dot(&p.up).abs() < 1e-12);
        assert!((p.up.norm() - 1.0).abs() < 1e-12);
        assert_eq!(
            Projection::new(View::Along, None),
            Projection::new(View::Xy, None)
        );
    }
}
