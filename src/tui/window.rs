//! What part of the view a picture shows and at what scale: the selected pair (or the whole
//! scene) filling the canvas with equal length per dot across and up, zoomed and panned; in the
//! view along an axis, the gap or overlap of the shadows stretched to at least 8 columns.

use nalgebra::Vector3;

use super::app::Framing;
use super::focus::{Focus, Shadows};
use super::App;
use crate::draw::{Projection, View, Warp};
use crate::geometry::Obb;
use crate::scene::{BodySpec, ShapeSpec};
use crate::trace::pose_at;

/// Room left around what is framed, as a fraction of its size on each side.
const MARGIN: f64 = 0.08;

/// Columns a stretched gap gets (at least 8 are promised).
const GAP_COLUMNS: f64 = 10.0;

/// Fewest columns left for the rest of the picture when the gap is stretched.
const REST_COLUMNS: f64 = 20.0;

/// The dots of a canvas: how many across and up, and how many to a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dots {
    /// Columns of the canvas.
    pub cols: u16,
    /// Rows of the canvas.
    pub rows: u16,
    /// Dots across one cell.
    pub per_col: f64,
    /// Dots up one cell.
    pub per_row: f64,
}

impl Dots {
    /// The dots of a canvas of `cols × rows` cells, Braille (2×4 a cell) or ASCII (1×1).
    pub fn new(cols: u16, rows: u16, ascii: bool) -> Dots {
        let (per_col, per_row) = if ascii { (1.0, 1.0) } else { (2.0, 4.0) };
        Dots {
            cols,
            rows,
            per_col,
            per_row,
        }
    }

    /// The largest dot index across.
    pub fn width(self) -> f64 {
        (f64::from(self.cols) * self.per_col - 1.0).max(1.0)
    }

    /// The largest dot index up.
    pub fn height(self) -> f64 {
        (f64::from(self.rows) * self.per_row - 1.0).max(1.0)
    }
}

/// How view coordinates (length units) become canvas dots.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// View `x` to dots across.
    pub warp: Warp,
    /// View `y` at the bottom dot row.
    pub bottom: f64,
    /// Dots up per unit of length.
    pub y_scale: f64,
    /// The canvas's dots.
    pub dots: Dots,
    /// How much the gap was stretched against the rest (1 when it was not).
    pub stretch: f64,
}

impl Window {
    /// The dot row of view `y`.
    pub fn y(&self, y: f64) -> f64 {
        (y - self.bottom) * self.y_scale
    }

    /// The view rectangle the canvas shows, `[[left, right], [bottom, top]]`.
    pub fn view_bounds(&self) -> [[f64; 2]; 2] {
        [
            [self.warp.unmap(0.0), self.warp.unmap(self.dots.width())],
            [self.bottom, self.bottom + self.dots.height() / self.y_scale],
        ]
    }

    /// The cell (column, row from the top) of a dot.
    pub fn cell(&self, x: f64, y: f64) -> (i32, i32) {
        let column = (x.round() / self.dots.per_col).floor() as i32;
        let row = ((self.dots.height() - y).round() / self.dots.per_row).floor() as i32;
        (column, row)
    }
}

/// The window of `view` for the app: what is framed, at what scale.
pub fn fit(app: &App, focus: &Focus, projection: &Projection, view: View, dots: Dots) -> Window {
    let [[x0, x1], [y0, y1]] = framed(app, focus, projection);
    let (w, h) = ((x1 - x0).max(1e-9), (y1 - y0).max(1e-9));
    let (x0, x1) = (x0 - w * MARGIN, x1 + w * MARGIN);
    let (y0, y1) = (y0 - h * MARGIN, y1 + h * MARGIN);
    // Length per dot across (y: per dot up, cells being twice as tall as wide).
    let aspect = 2.0 * dots.per_col / dots.per_row;
    let unit = ((x1 - x0) / dots.width()).max((y1 - y0) / (dots.height() * aspect));
    let stretched = match (view, focus.shadows, focus.pair) {
        (View::Along, Some(shadows), Some(_)) => {
            let centres = focus.anchors.map(|p| projection.project(&p)[0]);
            stretch(x0, x1, unit, dots, gap_interval(centres, shadows))
        }
        _ => None,
    };
    let (mut knots, unit, stretch) = stretched.unwrap_or_else(|| {
        let middle = f64::midpoint(x0, x1);
        let half = dots.width() / 2.0 * unit;
        let knots = vec![(middle - half, 0.0), (middle + half, dots.width())];
        (knots, unit, 1.0)
    });
    // Zoom about the middle of the canvas, then pan by view widths.
    let (zoom, mid) = (app.zoom(), dots.width() / 2.0);
    for knot in &mut knots {
        knot.1 = (knot.1 - mid) * zoom + mid - app.pan() * dots.width();
    }
    let y_scale = zoom / (unit * aspect);
    let bottom = f64::midpoint(y0, y1) - dots.height() / 2.0 / y_scale;
    Window {
        warp: Warp::through(knots).unwrap_or_else(|| Warp::linear([x0, x1], [0.0, dots.width()])),
        bottom,
        y_scale,
        dots,
        stretch,
    }
}

/// The view rectangle to frame: the selected pair's bodies (with their contact-time ghosts), or
/// every body of every frame so far.
fn framed(app: &App, focus: &Focus, projection: &Projection) -> [[f64; 2]; 2] {
    let mut points = Vec::new();
    if let (Framing::Pair, Some((a, b))) = (app.framing(), focus.pair) {
        let bodies = &app.record().specs;
        for (i, other) in [(a, b), (b, a)] {
            points.extend(outline(projection, &bodies[i], &bodies[other]));
            if let Some(contact) = focus.contact.filter(|_| !bodies[i].fixed) {
                let (center, rotation) = pose_at(&bodies[i], contact.after);
                let ghost = BodySpec {
                    center,
                    rotation,
                    ..bodies[i].clone()
                };
                points.extend(outline(projection, &ghost, &bodies[other]));
            }
        }
    }
    if points.is_empty() {
        let [low, high] = app.extent();
        for k in 0..8 {
            let pick = |bit: usize, axis: usize| {
                if k >> bit & 1 == 1 {
                    high[axis]
                } else {
                    low[axis]
                }
            };
            points.push(projection.project(&Vector3::new(pick(0, 0), pick(1, 1), pick(2, 2))));
        }
    }
    let mut bounds = [[f64::INFINITY, f64::NEG_INFINITY]; 2];
    for p in points {
        for k in 0..2 {
            bounds[k][0] = bounds[k][0].min(p[k]);
            bounds[k][1] = bounds[k][1].max(p[k]);
        }
    }
    bounds
}

/// View points that hold `body`: a box's corners, a sphere's extreme points; for a plane, the
/// foot of `other`'s centre on it (so the gap to the plane shows).
fn outline(projection: &Projection, body: &BodySpec, other: &BodySpec) -> Vec<[f64; 2]> {
    match &body.shape {
        &ShapeSpec::Box { half_extents } => Obb::new(body.center, body.rotation, half_extents)
            .vertices()
            .iter()
            .map(|v| projection.project(v))
            .collect(),
        &ShapeSpec::Sphere { radius } => {
            let [x, y] = projection.project(&body.center);
            vec![[x - radius, y - radius], [x + radius, y + radius]]
        }
        ShapeSpec::Plane { normal, offset } => {
            let foot = other.center - normal * (normal.dot(&other.center) - offset);
            vec![projection.project(&foot)]
        }
        ShapeSpec::Convex(convex) => {
            let aabb = convex.placed(body.center, body.rotation).aabb();
            let corners = Obb::new(
                aabb.center(),
                nalgebra::UnitQuaternion::identity(),
                (aabb.max - aabb.min) / 2.0,
            )
            .vertices();
            corners.iter().map(|v| projection.project(v)).collect()
        }
        ShapeSpec::Triangle { .. } | ShapeSpec::Mesh(_) => body
            .shape
            .triangles_at(&body.center)
            .iter()
            .flat_map(|t| t.vertices)
            .map(|v| projection.project(&v))
            .collect(),
    }
}

/// The view `x` of the ends of A's and B's shadows, `[a_low, a_high, b_low, b_high]`.
pub fn shadow_ends(centres: [f64; 2], shadows: Shadows) -> [f64; 4] {
    let (r0, r1) = (shadows.r0 / shadows.length, shadows.r1 / shadows.length);
    [
        centres[0] - r0,
        centres[0] + r0,
        centres[1] - r1,
        centres[1] + r1,
    ]
}

/// The stretch between the shadows: from A's end to B's start, or the overlap the other way.
fn gap_interval(centres: [f64; 2], shadows: Shadows) -> (f64, f64) {
    let [_, a_high, b_low, _] = shadow_ends(centres, shadows);
    (a_high.min(b_low), a_high.max(b_low))
}

/// Knots of a stretched map, the length per dot outside the stretch, and the stretch factor.
type Stretched = (Vec<(f64, f64)>, f64, f64);

/// Knots that give the gap `[lo, hi]` (and as much again on each side) [`GAP_COLUMNS`] columns
/// each when at `unit` it would get fewer than 8; the new length per dot outside; the stretch.
fn stretch(x0: f64, x1: f64, unit: f64, dots: Dots, (lo, hi): (f64, f64)) -> Option<Stretched> {
    let gap = hi - lo;
    let columns = |length: f64| length / unit / dots.per_col;
    if gap <= 0.0 || columns(gap) >= 8.0 {
        return None;
    }
    let cols = f64::from(dots.cols);
    let gap_cols = GAP_COLUMNS.min((cols - REST_COLUMNS) / 3.0);
    if gap_cols < 8.0 {
        return None;
    }
    let (z0, z1) = (lo - gap, hi + gap);
    let (x0, x1) = (x0.min(z0 - gap), x1.max(z1 + gap));
    let zone_dots = 3.0 * gap_cols * dots.per_col;
    let rest_dots = dots.width() - zone_dots;
    let outer = (x1 - x0 - 3.0 * gap) / rest_dots;
    let s0 = (z0 - x0) / outer;
    let knots = vec![
        (x0, 0.0),
        (z0, s0),
        (z1, s0 + zone_dots),
        (x1, dots.width()),
    ];
    let stretch = outer / (3.0 * gap / zone_dots);
    Some((knots, outer.max(unit), stretch))
}
