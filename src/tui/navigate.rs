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

    /// Selects pair `k` (scene order) with its default axis row.
    pub(super) fn select_pair(&mut self, k: usize) {
        self.pair = k.min(self.pairs.len().saturating_sub(1));
        self.pairs
            .ensure(self.pair, &self.timeline.frames()[self.frame].specs);
        self.row = self.default_row();
    }

    /// The pair's first separating axis, else its axis of least overlap, else row 0 (row 0 too
    /// while an open question asks for an axis).
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
        if pair.axes.is_empty() {
            return super::convex_table::rows(pair).saturating_sub(1);
        }
        if let Some(k) = pair
            .axes
            .iter()
            .position(|row| pair.is_first_separating(row))
        {
            return k;
        }
        pair.axes
            .iter()
            .enumerate()
            .filter(|(_, row)| !row.skipped)
            .filter_map(|(k, row)| row.gap.map(|gap| (k, gap)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map_or(0, |(k, _)| k)
    }

    /// Moves to `frame` (clamped to the frames computed so far) and lists its pairs, keeping the
    /// selected pair.
    pub(super) fn go_to(&mut self, frame: usize) {
        self.frame = frame.min(self.last_frame());
        let record = &self.timeline.frames()[self.frame];
        let dt = self.scene.world.dt;
        let time = self.frame as f64 * dt;
        // A diverged frame's state is not finite: there is nothing to explain.
        let specs = if record.diverged.is_some() {
            &[][..]
        } else {
            &record.specs[..]
        };
        self.pairs = PairList::new(specs, &self.joined, time, dt);
        self.pair = self.pair.min(self.pairs.len().saturating_sub(1));
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
        let before = self.timeline.frames().len();
        if self.timeline.receive() == 0 {
            return;
        }
        let [low, high] = extent(&self.timeline.frames()[before..]);
        self.extent = [self.extent[0].inf(&low), self.extent[1].sup(&high)];
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

/// The world box holding every non-plane body of `frames` (±5 when there is none).
pub(super) fn extent(frames: &[FrameRecord]) -> [Vector3<f64>; 2] {
    let mut low = Vector3::repeat(f64::INFINITY);
    let mut high = Vector3::repeat(f64::NEG_INFINITY);
    for body in frames.iter().flat_map(|record| &record.specs) {
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
