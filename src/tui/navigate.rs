//! Moving through the debugger's frames and pairs: which pair a name gives, selecting a pair
//! with its default axis, going to a frame (or waiting for it while frames are simulated), and
//! taking frames as the background simulation sends them.

use nalgebra::Vector3;

use super::pairs::PairList;
use super::App;
use crate::trace::FrameRecord;

impl App {
    /// The index of the pair of bodies `a` and `b`, and whether the list names them the other
    /// way round.
    pub(super) fn pair_named(&self, a: &str, b: &str) -> Option<(usize, bool)> {
        let bodies = &self.record().specs;
        let mut pairs = self.pairs.entries().iter().enumerate();
        pairs.find_map(
            |(k, e)| match (bodies[e.a].name.as_str(), bodies[e.b].name.as_str()) {
                names if names == (a, b) => Some((k, false)),
                names => (names == (b, a)).then_some((k, true)),
            },
        )
    }

    /// The index of the pair of bodies `a` and `b`, listing it when the scene is large and the
    /// two are far apart.
    pub(super) fn find_pair(&mut self, a: &str, b: &str) -> Option<usize> {
        if let Some((k, _)) = self.pair_named(a, b) {
            return Some(k);
        }
        self.timeline.ensure(self.frame);
        let bodies = &self.timeline.record(self.frame).specs;
        let index = |name: &str| bodies.iter().position(|body| body.name == name);
        let (i, j) = (index(a)?, index(b)?);
        self.pairs.find_or_add(i, j, bodies, &self.joined)
    }

    /// Selects pair `k` (scene order) with its default axis row.
    pub(super) fn select_pair(&mut self, k: usize) {
        self.pair = k.min(self.pairs.len().saturating_sub(1));
        self.pairs
            .ensure(self.pair, &self.timeline.record(self.frame).specs);
        self.row = self.default_row();
    }

    /// The pair's first separating axis, else its axis of least overlap (a surface table's
    /// deciding row), else row 0 (row 0 too while an open question asks for an axis).
    pub fn default_row(&self) -> usize {
        let Some(pair) = self.pair() else { return 0 };
        // While a question asks for an axis, the selection must not point at the answer.
        if self.mask.hides_verdict() {
            return 0;
        }
        // Two k-DOPs: the deciding slab; GJK's iterations: the last, where it stopped.
        if let Some(table) = super::convex_table::slabs(pair) {
            let deciding = table.deciding.as_deref();
            return table
                .rows
                .iter()
                .position(|row| Some(row.axis.name().as_str()) == deciding)
                .unwrap_or(0);
        }
        if super::convex_table::draws(pair) {
            return super::convex_table::rows(pair).saturating_sub(1);
        }
        let rows = pair.rows();
        if let Some(k) = rows.iter().position(|row| row.first || row.least) {
            return k;
        }
        rows.iter()
            .enumerate()
            .filter(|(_, row)| !row.untested())
            .filter_map(|(k, row)| row.gap.map(|gap| (k, gap)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map_or(0, |(k, _)| k)
    }

    /// Moves to `frame` (clamped to the frames computed so far) and lists its pairs, keeping the
    /// selected pair.
    pub(super) fn go_to(&mut self, frame: usize) {
        self.frame = frame.min(self.last_frame());
        self.timeline.ensure(self.frame);
        let record = self.timeline.record(self.frame);
        let dt = self.scene.world.dt;
        let time = self.frame as f64 * dt;
        // A diverged frame's state is not finite: there is nothing to explain.
        let specs = if record.diverged.is_some() {
            &[][..]
        } else {
            &record.specs[..]
        };
        let selected = self.pairs.entries().get(self.pair).map(|e| (e.a, e.b));
        self.pairs = PairList::new(specs, &self.joined, time, dt);
        // The same two bodies stay selected (a large scene may not list them by itself).
        let kept = selected.and_then(|(a, b)| self.pairs.find_or_add(a, b, specs, &self.joined));
        self.pair = kept
            .unwrap_or(self.pair)
            .min(self.pairs.len().saturating_sub(1));
        self.pairs.ensure(self.pair, specs);
    }

    /// Moves to `frame`, or, when it is not simulated yet, as far as there are frames and on to it
    /// once it arrives (so keys typed while loading are not lost).
    pub(super) fn wait_for(&mut self, frame: usize) {
        let frame = frame.min(self.final_frame());
        self.go_to(frame);
        self.pending_frame = (frame > self.frame).then_some(frame);
    }

    /// The frame asked for that is not simulated yet, if any.
    pub fn pending_frame(&self) -> Option<usize> {
        self.pending_frame
    }

    /// The frame the user is headed to: the one waited for, else the current one.
    pub(super) fn target_frame(&self) -> usize {
        self.pending_frame.unwrap_or(self.frame)
    }

    /// Takes the frames the background simulation sent; moves on to a frame waited for once it is
    /// there.
    pub(super) fn receive_frames(&mut self) {
        let (arrived, extent) = self.timeline.receive(self.frame);
        if arrived == 0 {
            return;
        }
        if let Some([low, high]) = extent {
            self.extent = [self.extent[0].inf(&low), self.extent[1].sup(&high)];
        }
        if let Some(target) = self.pending_frame {
            if target <= self.last_frame() {
                self.pending_frame = None;
                let row = self.row;
                self.go_to(target);
                self.row = row;
            }
        }
    }
}

/// The world box holding every non-plane body of the timeline's resident frames.
pub(super) fn extent_of(timeline: &super::timeline::Timeline) -> [Vector3<f64>; 2] {
    extent((0..timeline.computed()).filter_map(|f| timeline.get(f)))
}

/// The world box holding every non-plane body of `frames` (±5 when there is none).
pub(super) fn extent<'a>(frames: impl IntoIterator<Item = &'a FrameRecord>) -> [Vector3<f64>; 2] {
    let mut low = Vector3::repeat(f64::INFINITY);
    let mut high = Vector3::repeat(f64::NEG_INFINITY);
    for body in frames.into_iter().flat_map(|record| &record.specs) {
        if body.shape.is_surface() {
            for triangle in body.shape.triangles_at(&body.center) {
                let aabb = triangle.aabb();
                low = low.inf(&aabb.min);
                high = high.sup(&aabb.max);
            }
            continue;
        }
        let Some(reach) = body.shape.reach() else {
            continue;
        };
        low = low.inf(&body.center.add_scalar(-reach));
        high = high.sup(&body.center.add_scalar(reach));
    }
    if low.x.is_finite() {
        [low, high]
    } else {
        [Vector3::repeat(-5.0), Vector3::repeat(5.0)]
    }
}

/// `extent` grown to hold the scene's ray origins and the points of its named figures.
pub(super) fn with_probes(
    [mut low, mut high]: [Vector3<f64>; 2],
    scene: &crate::scene::Scene,
) -> [Vector3<f64>; 2] {
    use crate::scene::Figure;
    let mut points: Vec<Vector3<f64>> = scene.rays.iter().map(|r| r.origin).collect();
    for figure in &scene.figures {
        match &figure.figure {
            Figure::Point(p) | Figure::Line { point: p, .. } => points.push(*p),
            Figure::Segment(ends) => points.extend(ends),
            Figure::Plane { .. } => {}
        }
    }
    for p in points {
        low = low.inf(&p);
        high = high.sup(&p);
    }
    [low, high]
}
