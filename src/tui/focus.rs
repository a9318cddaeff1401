//! What the picture centres on: the selected pair's bodies, its selected axis and its contact,
//! read from the frame record and the explanation.

use nalgebra::Vector3;

use super::App;
use crate::draw::{ContactMark, Picture};
use crate::math::vec3;
use crate::scene::ShapeSpec;

/// Below this `|L|` an axis has no direction worth drawing (a degenerate cross product).
const SHORTEST_AXIS: f64 = 1e-6;

/// The selected pair's part of the picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Focus {
    /// Indices of A and B in the frame's bodies.
    pub pair: Option<(usize, usize)>,
    /// The selected axis pointing from A towards B, and its name.
    pub axis: Option<(Vector3<f64>, String)>,
    /// The first contact inside the frame.
    pub contact: Option<ContactMark>,
}

impl Focus {
    /// The focus of the app's selected pair and axis row.
    pub fn of(app: &App) -> Focus {
        let Some(pair) = app.pair() else {
            return Focus::default();
        };
        let bodies = &app.record().specs;
        let find = |name: &str| bodies.iter().position(|b| b.name == name);
        let indices = find(&pair.a).zip(find(&pair.b));
        let axis = match (pair.axes.get(app.row()), indices) {
            (Some(row), Some((a, b))) => {
                let l = row.l;
                let d = bodies[b].center - bodies[a].center;
                (l.norm() >= SHORTEST_AXIS).then(|| {
                    let toward_b = if d.dot(&l) < 0.0 { -l } else { l };
                    (toward_b, row.axis.to_string())
                })
            }
            (None, Some((a, b))) => other_axis(app, a, b),
            _ => None,
        };
        let time = app.record().time;
        let contact = pair
            .contact
            .as_ref()
            .filter(|c| c.time >= time && c.time <= time + app.scene().world.dt)
            .map(|c| ContactMark {
                after: c.time - time,
                point: vec3(c.point),
            });
        Focus {
            pair: indices,
            axis,
            contact,
        }
    }

    /// The picture of the app's current frame with this focus.
    pub fn picture<'a>(&'a self, app: &'a App) -> Picture<'a> {
        Picture {
            bodies: &app.record().specs,
            ends: app.next_record().map(|r| r.specs.as_slice()),
            pair: self.pair,
            axis: self.axis.as_ref().map(|(l, name)| (*l, name.as_str())),
            contact: self.contact,
        }
    }
}

/// For a pair that is not two boxes: a plane's normal, else the line of centres.
fn other_axis(app: &App, a: usize, b: usize) -> Option<(Vector3<f64>, String)> {
    let bodies = &app.record().specs;
    let d = bodies[b].center - bodies[a].center;
    for (k, sign) in [(a, 1.0), (b, -1.0)] {
        if let ShapeSpec::Plane { normal, .. } = bodies[k].shape {
            return Some((normal * sign, "normal".into()));
        }
    }
    (d.norm() >= SHORTEST_AXIS).then(|| (d, "centres".into()))
}
