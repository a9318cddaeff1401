//! Pictures of a frame as lines, points and labels with semantic roles, seen through orthographic
//! views; a terminal, a test recorder or any other surface implements [`DebugDraw`].
//!
//! The physics never calls a renderer: [`draw_picture`] reads the bodies of a frame record and the
//! explanation of the selected pair, and tells a [`DebugDraw`] what to draw in view coordinates.
//! The surface decides how each [`Role`] looks (a terminal uses a colour *and* a glyph or label,
//! so nothing is lost without colour).

mod picture;
mod probes;
mod record;
mod surface;
mod view;
mod warp;

pub use picture::{draw_picture, AxisShadows, ContactMark, Picture};
pub use record::{Drawn, Recording};
pub use view::{Projection, View};
pub use warp::{Warp, Warped};

/// What a drawn element means; surfaces map roles to colours and glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A body that is not part of the selected pair.
    Body,
    /// A plane.
    Plane,
    /// A body of the pair at another time (frame end, contact time).
    Ghost,
    /// The first body of the selected pair.
    BoxA,
    /// The second body of the selected pair.
    BoxB,
    /// The selected candidate axis, drawn through A's centre.
    Axis,
    /// The contact point.
    Contact,
    /// A ray's path and name.
    Ray,
    /// Where a ray hits a body.
    Hit,
    /// A measured distance: the segment between the closest points, and the named figures.
    Measure,
}

impl Role {
    /// Every role, drawn in this order (later roles on top).
    pub const ALL: [Role; 10] = [
        Role::Body,
        Role::Plane,
        Role::Ghost,
        Role::BoxA,
        Role::BoxB,
        Role::Measure,
        Role::Ray,
        Role::Hit,
        Role::Axis,
        Role::Contact,
    ];

    /// The role's name, as a legend shows it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Body => "body",
            Role::Plane => "plane",
            Role::Ghost => "ghost",
            Role::BoxA => "A",
            Role::BoxB => "B",
            Role::Axis => "axis",
            Role::Contact => "contact",
            Role::Ray => "ray",
            Role::Hit => "hit",
            Role::Measure => "distance",
        }
    }
}

/// A drawing surface in view coordinates (length units, x to the right, y up).
pub trait DebugDraw {
    /// A straight segment.
    fn line(&mut self, from: [f64; 2], to: [f64; 2], role: Role);

    /// A marked point.
    fn point(&mut self, at: [f64; 2], role: Role);

    /// A short text whose first character sits at `at`.
    fn label(&mut self, at: [f64; 2], text: &str, role: Role);

    /// A circle, by default as 48 segments.
    fn circle(&mut self, center: [f64; 2], radius: f64, role: Role) {
        const SEGMENTS: usize = 48;
        let at = |k: usize| {
            let angle = std::f64::consts::TAU * k as f64 / SEGMENTS as f64;
            [
                center[0] + radius * angle.cos(),
                center[1] + radius * angle.sin(),
            ]
        };
        for k in 0..SEGMENTS {
            self.line(at(k), at(k + 1), role);
        }
    }
}
