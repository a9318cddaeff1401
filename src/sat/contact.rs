//! The contact of two boxes: which axis decides (one rule for every caller), the touching
//! features along it and the record every caller reads (docs/methods.md §8).

use nalgebra::Vector3;

use super::features::{along, axis_normal, Found};
use super::kernel::PairFrame;
use super::overlap::{overlap_at_rest, overlap_contact, touching_points};
use super::region::Region;
use super::rows::{trace, SatTrace};
use super::AxisId;
use crate::geometry::Obb;

/// Which features of the two boxes touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ContactKind {
    /// A corner of one box on a face (or an edge) of the other.
    VertexFace,
    /// An edge of one box lying on a face of the other (a segment of points).
    EdgeFace,
    /// Two faces flat against each other (a polygon of points).
    FaceFace,
    /// An edge of A against an edge of B: crossing at a point, or parallel along a segment.
    EdgeEdge,
    /// The boxes already overlap: the point is inside both.
    Overlap,
}

impl ContactKind {
    /// The kebab-case name used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ContactKind::VertexFace => "vertex-face",
            ContactKind::EdgeFace => "edge-face",
            ContactKind::FaceFace => "face-face",
            ContactKind::EdgeEdge => "edge-edge",
            ContactKind::Overlap => "overlap",
        }
    }
}

/// Where and how two boxes touch.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Contact {
    /// The time of first contact.
    pub time: f64,
    /// A point on both boxes (one of many for edge-face and face-face contact).
    pub point: Vector3<f64>,
    /// The last separating axis; `None` when the boxes already overlapped.
    pub axis: Option<AxisId>,
    /// The touching features.
    pub kind: ContactKind,
    /// Unit contact normal pointing from A towards B, along `depth_axis`.
    pub normal: Vector3<f64>,
    /// The contact region: one point (vertex-face, crossing edges, and for overlap the point
    /// inside both), a segment's two ends (edge-face, parallel edges), or the clipped face
    /// polygon (face-face).
    pub region: Region,
    /// The largest gap of the tested axes at `time`: 0 for boxes that just touch (up to
    /// rounding), negative the depth of an overlap.
    pub gap: f64,
    /// [`Contact::depth_axis`] as its index in table order (`NO_AXIS` for none): one byte, so
    /// a contact is copied inline rather than by a call to copy memory.
    #[serde(rename = "depth_axis", serialize_with = "serialize_depth_axis")]
    depth: u8,
}

/// The `depth` of a contact without a depth axis.
const NO_AXIS: u8 = u8::MAX;

impl Contact {
    /// A contact with all its fields.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        time: f64,
        point: Vector3<f64>,
        axis: Option<AxisId>,
        kind: ContactKind,
        normal: Vector3<f64>,
        region: Region,
        gap: f64,
        depth_axis: Option<AxisId>,
    ) -> Self {
        Self {
            time,
            point,
            axis,
            kind,
            normal,
            region,
            gap,
            depth: depth_axis.map_or(NO_AXIS, |axis| axis.index() as u8),
        }
    }

    /// The axis of the normal and the gap: `axis` when the boxes touch, the axis of least
    /// overlap when they overlap (`None` only if no axis is tested).
    pub fn depth_axis(&self) -> Option<AxisId> {
        AxisId::ALL.get(usize::from(self.depth)).copied()
    }
}

/// Writes the depth axis of a contact by name (serde hands the field over by reference).
#[allow(clippy::trivially_copy_pass_by_ref)]
fn serialize_depth_axis<S: serde::Serializer>(
    depth: &u8,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&AxisId::ALL.get(usize::from(*depth)), serializer)
}

/// Two axes whose gaps differ by less than this tie (rounding of the 15 closed forms):
/// `1e-9 (1 + Σ a_i + Σ b_i)`.
pub(crate) fn tie_tolerance(a: &Obb, b: &Obb) -> f64 {
    1e-9 * (1.0 + a.half_extents().sum() + b.half_extents().sum())
}

/// Features this close (in length units) meet: a point of the region lies on both boxes
/// within it.
pub(crate) fn slack(a: &Obb, b: &Obb) -> f64 {
    1e-10 * (1.0 + a.half_extents().max().max(b.half_extents().max()))
}

/// The contact of two placed boxes at `time`, by the one rule every caller uses (the resting
/// pass, the time-of-impact search, `explain` and the sweep).
///
/// # Algorithm
/// 1. The 15 rows of the table; their largest gap `g`.
/// 2. The candidate axes are those within [`tie_tolerance`] of `g`, in table order (faces
///    before edges): several tie when the boxes touch along an edge or a corner.
/// 3. Overlapping deeper than the tolerance (`g < -tolerance`): no axis separated last; the
///    point is inside both and the normal is along the first candidate (least overlap). This
///    case is found first, from the 15 axes' projections alone, without the rows' records.
/// 4. Otherwise the first candidate whose features meet, seen along it, within [`slack`]
///    (a face and the other box's supporting vertex, edge or face clipped to it, or two
///    crossing edges). Grazing boxes can tie on an axis whose features miss each other.
/// 5. Touching, yet no candidate's features meet (rounding): the region is the part of each
///    box's edges within the slack of the other box. Apart by more than the tolerance: the
///    first candidate's features seen along it.
pub fn contact(a: &Obb, b: &Obb, time: f64) -> Contact {
    overlap_at_rest(a, b, time).unwrap_or_else(|| contact_from_trace(a, b, &trace(a, b), time))
}

/// [`contact`] with the pair's rows already traced.
pub(crate) fn contact_from_trace(a: &Obb, b: &Obb, sat: &SatTrace, time: f64) -> Contact {
    let largest = sat.max_gap();
    let tolerance = tie_tolerance(a, b);
    let depth_axis = candidates(sat, tolerance).next();
    if largest < -tolerance {
        return overlap_contact(a, b, depth_axis, largest, time);
    }
    let slack = slack(a, b);
    let meet = if largest > tolerance {
        f64::INFINITY
    } else {
        slack
    };
    for axis in candidates(sat, tolerance) {
        if let Some(found) = along(a, b, axis, meet, slack) {
            return assemble(found, axis, largest, time);
        }
    }
    let points = touching_points(a, b, slack);
    match depth_axis {
        Some(axis) if !points.is_empty() => {
            let point = points.iter().sum::<Vector3<f64>>() / points.len() as f64;
            let region = Region::from_points(points);
            let kind = super::features::region_kind(a, b, &region, slack);
            assemble(
                (point, kind, axis_normal(a, b, axis), region),
                axis,
                largest,
                time,
            )
        }
        _ => overlap_contact(a, b, depth_axis, largest, time),
    }
}

/// The tested axes within `tolerance` of the largest gap, in table order.
fn candidates(sat: &SatTrace, tolerance: f64) -> impl Iterator<Item = AxisId> + '_ {
    let largest = sat.max_gap();
    (0..15)
        .filter(move |&k| {
            sat.tested_gap(k)
                .is_some_and(|gap| gap >= largest - tolerance)
        })
        .map(|k| AxisId::ALL[k])
}

/// The record of the features found along `axis`.
fn assemble(found: Found, axis: AxisId, gap: f64, time: f64) -> Contact {
    let (point, kind, normal, region) = found;
    Contact::new(
        time,
        point,
        Some(axis),
        kind,
        normal,
        region,
        gap,
        Some(axis),
    )
}

/// The contact of two boxes that touch along `axis` (or overlap, for `None`) at `time`.
///
/// # Algorithm
/// 1. Face axis of one box: the other box's supporting feature (vertex, edge or face, by how many
///    `c_ij` vanish) is clipped against the face rectangle; the point is the region's centroid.
/// 2. Edge-edge axis: the course's closed form for the crossing point of the two edges.
/// 3. No axis (overlap): a point inside both boxes, the normal along the axis of least overlap.
/// 4. When the features along `axis` do not meet (the boxes touch elsewhere): the contact by
///    the one rule ([`contact`]).
pub fn contact_at(a: &Obb, b: &Obb, axis: Option<AxisId>, time: f64) -> Contact {
    let Some(axis) = axis else {
        if let Some(overlap) = overlap_at_rest(a, b, time) {
            return overlap;
        }
        let sat = trace(a, b);
        let depth_axis = candidates(&sat, tie_tolerance(a, b)).next();
        return overlap_contact(a, b, depth_axis, sat.max_gap(), time);
    };
    let slack = slack(a, b);
    match along(a, b, axis, slack, slack) {
        Some(found) => assemble(found, axis, gap_along(a, b, axis), time),
        None => contact(a, b, time),
    }
}

/// The gap of the boxes along one axis, in length units.
fn gap_along(a: &Obb, b: &Obb, axis: AxisId) -> f64 {
    let frame = PairFrame::new(a, b);
    let offset = super::kernel::in_frame_of(a, &(b.center() - a.center()));
    let (r0, r1) = frame.radii(axis, 0.0);
    (frame.along(axis, &offset).abs() - r0 - r1) / frame.length(axis)
}
