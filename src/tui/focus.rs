//! What the picture centres on: the selected pair's bodies, its selected axis, the two shadows on
//! that axis and its contact, read from the frame record and the pair's record.

use nalgebra::Vector3;

use super::App;
use crate::draw::{AxisShadows, ContactMark, Picture};
use crate::math::vec3;
use crate::scene::ShapeSpec;
use crate::trace::{shadow_anchor, RowFlag};

/// Below this `|L|` an axis has no direction worth drawing (a degenerate cross product).
const SHORTEST_AXIS: f64 = 1e-6;

/// The selected axis row's numbers: the two shadows and the distance of the centres, in the
/// axis's own units (`L` need not be a unit vector), and `|L|`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shadows {
    /// `R = |D·L|`.
    pub r: f64,
    /// A's half shadow.
    pub r0: f64,
    /// B's half shadow.
    pub r1: f64,
    /// `|L|`: lengths along the axis are the numbers divided by it.
    pub length: f64,
}

/// The selected pair's part of the picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Focus {
    /// Indices of A and B in the frame's bodies (in the roles of the pair's table).
    pub pair: Option<(usize, usize)>,
    /// The names of A and B as the table calls them (`triangle 3 of ramp` for a mesh's).
    pub names: (String, String),
    /// Points of A and B whose places along the selected axis are the middles of their shadows
    /// (the centres of boxes and spheres; a triangle's centroid moved along the axis).
    pub anchors: [Vector3<f64>; 2],
    /// The selected axis pointing from A towards B, and its name.
    pub axis: Option<(Vector3<f64>, String)>,
    /// The selected axis row's shadows, for a pair with a table and an axis that is not
    /// degenerate.
    pub shadows: Option<Shadows>,
    /// The first contact inside the frame.
    pub contact: Option<ContactMark>,
}

impl Focus {
    /// The focus of the app's selected pair and axis row.
    pub fn of(app: &App) -> Focus {
        let (Some(pair), Some(entry)) = (app.pair(), app.pair_entry()) else {
            return Focus::default();
        };
        let bodies = &app.record().specs;
        // The table's A and B, which for a pair with a triangle need not be the scene's order.
        let (a, b) = match pair.table_roles() {
            Some((first, _)) if pair.axes.is_empty() && first == bodies[entry.b].name => {
                (entry.b, entry.a)
            }
            _ => (entry.a, entry.b),
        };
        let names = pair
            .table_roles()
            .unwrap_or_else(|| (pair.a.clone(), pair.b.clone()));
        let triangle = pair.mesh.as_ref().and_then(|walk| walk.deciding_triangle);
        let mut shadows = None;
        let mut anchors = [bodies[a].center, bodies[b].center];
        let rows = pair.rows();
        let axis = match rows.get(app.row()) {
            Some(row) => {
                let l = row.l;
                anchors = [
                    shadow_anchor(&bodies[a], triangle, &l),
                    shadow_anchor(&bodies[b], triangle, &l),
                ];
                let d = anchors[1] - anchors[0];
                let usable = l.norm() >= SHORTEST_AXIS;
                if usable && row.flag != RowFlag::Degenerate {
                    shadows = Some(Shadows {
                        r: row.r,
                        r0: row.r0,
                        r1: row.r1,
                        length: l.norm(),
                    });
                }
                usable.then(|| {
                    let toward_b = if d.dot(&l) < 0.0 { -l } else { l };
                    (toward_b, row.name.clone())
                })
            }
            None => gjk_direction(app).or_else(|| other_axis(app, a, b)),
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
            pair: Some((a, b)),
            names,
            anchors,
            axis,
            shadows,
            contact,
        }
    }

    /// The picture of the app's current frame with this focus and the frame's rays and
    /// distances.
    pub fn picture<'a>(&'a self, app: &'a App, probes: &'a super::Probes) -> Picture<'a> {
        Picture {
            bodies: &app.record().specs,
            ends: app.next_record().map(|r| r.specs.as_slice()),
            pair: self.pair,
            origin: self.pair.map(|_| self.anchors[0]),
            axis: self.axis.as_ref().map(|(l, name)| (*l, name.as_str())),
            shadows: self.shadows.map(|s| AxisShadows {
                r0: s.r0 / s.length,
                r: s.r / s.length,
                r1: s.r1 / s.length,
            }),
            contact: self.contact,
            rays: &probes.rays,
            figures: &app.scene().figures,
            measures: &probes.measures,
            hidden_distances: &probes.hidden_distances,
        }
    }
}

/// The direction of the selected slab of two k-DOPs (`S3`), else the search direction `-v` of
/// the selected GJK iteration, named `d3` for iteration 3.
fn gjk_direction(app: &App) -> Option<(Vector3<f64>, String)> {
    let pair = app.pair()?;
    if let Some(table) = super::convex_table::slabs(pair) {
        let row = table.rows.get(app.row())?;
        return Some((row.l, row.axis.name()));
    }
    let gjk = pair.gjk.as_ref()?;
    let step = gjk.iterations.get(app.row())?;
    (step.direction.norm() >= SHORTEST_AXIS).then(|| (step.direction, format!("d{}", app.row())))
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
