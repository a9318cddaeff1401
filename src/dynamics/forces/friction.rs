//! Surface friction as a force (docs/methods.md §12): a body touching a plane feels
//! `-μ |N| v_T / |v_T|` while it slides, and holds still while the pull along the plane stays
//! within `μ |N|`.

use nalgebra::{DVector, UnitQuaternion, Vector3};

use crate::dynamics::system::{quaternion, velocity, BodyMass};

/// How far a body reaches from its centre along a direction: what decides whether it touches.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// A sphere of this radius.
    Sphere(f64),
    /// A box with these half-extents along its own axes.
    Box(Vector3<f64>),
}

/// Friction between one body and a fixed plane `normal · x = offset`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SurfaceFriction {
    /// The sliding body.
    pub body: usize,
    /// The plane's unit normal.
    pub normal: Vector3<f64>,
    /// The plane's offset.
    pub offset: f64,
    /// The body's extent, for the contact test.
    pub reach: Reach,
    /// The friction coefficient `μ`.
    pub mu: f64,
    /// The time in which static friction brings a slow slide to rest: the frame length (set by
    /// the world from its `dt`).
    pub stick_time: f64,
}

/// The body counts as touching when its lowest point is within this of the plane (metres,
/// relative to its size).
const TOUCHING: f64 = 1e-6;

impl SurfaceFriction {
    /// The friction force on the body given the other forces on it, `pushed`.
    ///
    /// # Algorithm
    /// 1. Touching: the body's distance along the normal, less its reach (`r` for a sphere,
    ///    `Σ h_i |A_i·n|` for a box), is at most 1e-6 of its size; otherwise no force.
    /// 2. The normal load `|N| = max(0, -pushed·n)`: only what presses the body onto the plane.
    /// 3. Sliding faster than kinetic friction can stop in one frame `h` (`|v_T| > μ |N| h / m`):
    ///    `F = -μ |N| v_T / |v_T|`.
    /// 4. Slower (sticking, Karnopp's band): the pull along the plane `F_T = pushed - (pushed·n) n`
    ///    is cancelled and the slide stopped over one frame, `F = -F_T - m v_T / h`, as long as
    ///    that stays within `μ |N|` (static friction); beyond, `μ |N|` along it. Without the band
    ///    the slide's sign would flip every step and the body chatter about rest; with it, an
    ///    explicit integrator takes the last slow slide out over a few frames (RK4 keeps 0.375 of
    ///    it a frame) and the body then holds.
    pub fn force(
        &self,
        bodies: &[BodyMass],
        y: &DVector<f64>,
        pushed: &Vector3<f64>,
    ) -> Vector3<f64> {
        let i = self.body;
        if bodies[i].fixed {
            return Vector3::zeros();
        }
        let n = self.normal;
        let centre = crate::dynamics::system::position(y, i);
        let reach = match self.reach {
            Reach::Sphere(r) => r,
            Reach::Box(h) => {
                let rotation = UnitQuaternion::from_quaternion(quaternion(y, i));
                let axes = rotation.to_rotation_matrix().into_inner();
                (0..3).map(|k| h[k] * axes.column(k).dot(&n).abs()).sum()
            }
        };
        let size = match self.reach {
            Reach::Sphere(r) => r,
            Reach::Box(h) => h.norm(),
        };
        if n.dot(&centre) - self.offset - reach > TOUCHING * (1.0 + size) {
            return Vector3::zeros();
        }
        let load = (-pushed.dot(&n)).max(0.0);
        let v = velocity(y, i);
        let slide = v - n * v.dot(&n);
        let speed = slide.norm();
        let mass = bodies[i].mass;
        let limit = self.mu * load;
        if speed * mass > limit * self.stick_time {
            return -limit * slide / speed;
        }
        let pull = pushed - n * pushed.dot(&n);
        let hold = -pull - slide * (mass / self.stick_time);
        let hold_norm = hold.norm();
        if hold_norm <= limit {
            hold
        } else {
            hold * (limit / hold_norm)
        }
    }
}
