//! What the soft step did at one pair in a frame, summed over its points: the numbers the
//! contact panel shows and lesson placeholders read.

use super::frame::FrameRecord;

/// The soft step's record of one pair in one frame, summed over its points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeldPair {
    /// Contact points held.
    pub points: usize,
    /// Normal impulse over the frame, summed over the points (N s).
    pub impulse: f64,
    /// The impulse the points were warm started with, summed (N s).
    pub warm_start: f64,
    /// The deepest overlap at the frame's end (m, positive; 0 when every point is apart).
    pub overlap_end: f64,
    /// The deepest overlap at the frame's start (m, positive).
    pub overlap_start: f64,
    /// The largest predicted sink of its points (m).
    pub predicted_sink: f64,
    /// Whether any point slides.
    pub sliding: bool,
    /// Whether the push-out speed cap limited any point.
    pub push_out_capped: bool,
}

/// The soft step's record of the pair `a`, `b` (either order) in `frame`, if it held the pair.
pub fn held_pair(frame: &FrameRecord, a: &str, b: &str) -> Option<HeldPair> {
    let held = frame
        .solver
        .contacts
        .iter()
        .find(|c| (c.a == a && c.b == b) || (c.a == b && c.b == a))?;
    let points = &held.points;
    let deepest = |separation: fn(&crate::dynamics::world::PointRecord) -> f64| {
        points.iter().map(|p| -separation(p)).fold(0.0, f64::max)
    };
    Some(HeldPair {
        points: points.len(),
        impulse: points.iter().map(|p| p.normal_impulse).sum(),
        warm_start: points.iter().map(|p| p.warm_start).sum(),
        overlap_end: deepest(|p| p.separation_end),
        overlap_start: deepest(|p| p.separation_start),
        predicted_sink: points.iter().map(|p| p.predicted_sink).fold(0.0, f64::max),
        sliding: points.iter().any(|p| p.sliding),
        push_out_capped: points.iter().any(|p| p.push_out_capped),
    })
}
