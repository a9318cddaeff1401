//! A piecewise-linear stretch of the horizontal view coordinate, so that a thin stretch (the gap
//! between two shadows) gets enough columns while the rest of the picture still fits; and a
//! [`DebugDraw`] that draws through it, splitting lines where the scale changes.

use super::{DebugDraw, Role};

/// A monotonic piecewise-linear map from view `x` to screen `x`, given by its knots.
#[derive(Clone, Debug, PartialEq)]
pub struct Warp {
    /// `(view x, screen x)`, both increasing; beyond the ends the end pieces continue.
    knots: Vec<(f64, f64)>,
}

impl Warp {
    /// The uniform map taking `view` onto `screen`.
    pub fn linear(view: [f64; 2], screen: [f64; 2]) -> Warp {
        Warp {
            knots: vec![(view[0], screen[0]), (view[1], screen[1])],
        }
    }

    /// The map through `knots` (at least two, both coordinates strictly increasing).
    pub fn through(knots: Vec<(f64, f64)>) -> Option<Warp> {
        let increasing = knots.windows(2).all(|w| w[1].0 > w[0].0 && w[1].1 > w[0].1);
        (knots.len() >= 2 && increasing).then_some(Warp { knots })
    }

    /// The knots, `(view x, screen x)`.
    pub fn knots(&self) -> &[(f64, f64)] {
        &self.knots
    }

    /// Whether the map is one linear piece.
    pub fn is_linear(&self) -> bool {
        self.knots.len() == 2
    }

    /// The piece holding view `x` (the end pieces extend beyond the knots).
    fn piece(&self, x: f64) -> usize {
        let last = self.knots.len() - 2;
        (0..last).find(|&k| x < self.knots[k + 1].0).unwrap_or(last)
    }

    /// Screen `x` of view `x`.
    pub fn map(&self, x: f64) -> f64 {
        let k = self.piece(x);
        let ((x0, s0), (x1, s1)) = (self.knots[k], self.knots[k + 1]);
        s0 + (x - x0) * (s1 - s0) / (x1 - x0)
    }

    /// View `x` of screen `s`.
    pub fn unmap(&self, s: f64) -> f64 {
        let last = self.knots.len() - 2;
        let k = (0..last).find(|&k| s < self.knots[k + 1].1).unwrap_or(last);
        let ((x0, s0), (x1, s1)) = (self.knots[k], self.knots[k + 1]);
        x0 + (s - s0) * (x1 - x0) / (s1 - s0)
    }

    /// Screen columns per unit of view length around view `x`.
    pub fn scale_at(&self, x: f64) -> f64 {
        let k = self.piece(x);
        let ((x0, s0), (x1, s1)) = (self.knots[k], self.knots[k + 1]);
        (s1 - s0) / (x1 - x0)
    }

    /// The segment from `from` to `to` (view coordinates) cut where it crosses a knot, each piece
    /// mapped to the screen.
    pub fn segments(&self, from: [f64; 2], to: [f64; 2]) -> Vec<([f64; 2], [f64; 2])> {
        let (lo, hi) = (from[0].min(to[0]), from[0].max(to[0]));
        let mut cuts: Vec<f64> = vec![0.0];
        if !self.is_linear() && hi > lo {
            for &(x, _) in &self.knots[1..self.knots.len() - 1] {
                if x > lo && x < hi {
                    cuts.push((x - from[0]) / (to[0] - from[0]));
                }
            }
        }
        cuts.push(1.0);
        cuts.sort_by(f64::total_cmp);
        let at = |t: f64| {
            let x = from[0] + t * (to[0] - from[0]);
            [self.map(x), from[1] + t * (to[1] - from[1])]
        };
        cuts.windows(2).map(|w| (at(w[0]), at(w[1]))).collect()
    }
}

/// Draws on `out` through a [`Warp`] of the horizontal coordinate.
pub struct Warped<'a, D: DebugDraw + ?Sized> {
    /// Where the mapped elements go.
    pub out: &'a mut D,
    /// The map.
    pub warp: &'a Warp,
}

impl<D: DebugDraw + ?Sized> DebugDraw for Warped<'_, D> {
    fn line(&mut self, from: [f64; 2], to: [f64; 2], role: Role) {
        if self.warp.is_linear() {
            let map = |p: [f64; 2]| [self.warp.map(p[0]), p[1]];
            self.out.line(map(from), map(to), role);
            return;
        }
        for (a, b) in self.warp.segments(from, to) {
            self.out.line(a, b, role);
        }
    }

    fn point(&mut self, at: [f64; 2], role: Role) {
        self.out.point([self.warp.map(at[0]), at[1]], role);
    }

    fn label(&mut self, at: [f64; 2], text: &str, role: Role) {
        self.out.label([self.warp.map(at[0]), at[1]], text, role);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{Drawn, Recording};

    fn stretch() -> Warp {
        // [0, 1] on 10 columns, [1, 1.1] on 10 columns, [1.1, 2] on 9 columns.
        Warp::through(vec![(0.0, 0.0), (1.0, 10.0), (1.1, 20.0), (2.0, 29.0)]).unwrap()
    }

    #[test]
    fn the_map_is_piecewise_linear_and_unmap_inverts_it() {
        let warp = stretch();
        assert_eq!(warp.map(0.5), 5.0);
        assert!((warp.map(1.05) - 15.0).abs() < 1e-9);
        assert!(
            (warp.map(3.0) - 39.0).abs() < 1e-9,
            "the end piece continues"
        );
        for x in [-1.0, 0.3, 1.0, 1.07, 1.5, 2.5] {
            assert!((warp.unmap(warp.map(x)) - x).abs() < 1e-9);
        }
        assert!((warp.scale_at(1.05) - 100.0).abs() < 1e-6);
        assert!(Warp::through(vec![(0.0, 0.0), (0.0, 1.0)]).is_none());
    }

    #[test]
    fn a_line_across_the_stretch_is_cut_at_each_knot() {
        let warp = stretch();
        let mut recording = Recording::default();
        Warped {
            out: &mut recording,
            warp: &warp,
        }
        .line([0.0, 0.0], [2.0, 2.0], Role::Axis);
        let ends: Vec<([f64; 2], [f64; 2])> = recording
            .items
            .iter()
            .map(|item| match item {
                Drawn::Line { from, to, .. } => (*from, *to),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(ends.len(), 3);
        assert_eq!(ends[0], ([0.0, 0.0], [10.0, 1.0]));
        assert!((ends[1].1[0] - 20.0).abs() < 1e-9 && (ends[1].1[1] - 1.1).abs() < 1e-9);
        assert_eq!(ends[2].1, [29.0, 2.0]);
    }
}
