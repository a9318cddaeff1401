//! A bounding-volume tree of axis-aligned boxes, built by median split, with a traversal that
//! counts the nodes it visits and the leaves' items it hands out.

use std::ops::ControlFlow;

use super::Aabb;

/// Items per leaf at most.
pub const LEAF_SIZE: usize = 4;

/// One node: its box, and either two children or a run of items.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BvhNode {
    /// The box holding everything below.
    pub aabb: Aabb,
    /// For a leaf, where its items start in [`Bvh::order`]; for an inner node, the left child.
    pub first: u32,
    /// For a leaf, how many items (at least 1); 0 for an inner node (right child = `first + 1`
    /// is not assumed: see `right`).
    pub count: u32,
    /// For an inner node, the right child.
    pub right: u32,
}

/// The tree; node 0 is the root.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Bvh {
    /// The nodes, depth first.
    pub nodes: Vec<BvhNode>,
    /// The item indices, grouped by leaf.
    pub order: Vec<u32>,
}

/// What a traversal did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Traversal {
    /// Nodes whose box was tested against the query.
    pub nodes_visited: usize,
    /// Items handed to the visitor (the triangles tested).
    pub triangles_tested: usize,
    /// Whether the visitor stopped the walk early.
    pub stopped: bool,
}

impl Bvh {
    /// The tree of the items' boxes.
    ///
    /// # Algorithm
    /// Top down: a node's items are split at the median of their box centres along the longest
    /// side of the centres' bounds, until at most [`LEAF_SIZE`] remain.
    pub fn build(boxes: &[Aabb]) -> Self {
        let mut tree = Self {
            nodes: Vec::with_capacity(2 * boxes.len() / LEAF_SIZE + 1),
            order: (0..boxes.len() as u32).collect(),
        };
        if !boxes.is_empty() {
            let centres: Vec<[f64; 3]> = boxes.iter().map(|b| (b.min + b.max).into()).collect();
            tree.split(boxes, &centres, 0, boxes.len());
        }
        tree
    }

    fn split(&mut self, boxes: &[Aabb], centres: &[[f64; 3]], start: usize, end: usize) -> u32 {
        let items = &mut self.order[start..end];
        let aabb = items
            .iter()
            .map(|&i| boxes[i as usize])
            .reduce(|a, b| a.union(&b))
            .expect("non-empty");
        let index = self.nodes.len() as u32;
        self.nodes.push(BvhNode {
            aabb,
            first: start as u32,
            count: (end - start) as u32,
            right: 0,
        });
        if end - start <= LEAF_SIZE {
            return index;
        }
        let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        for &i in items.iter() {
            for k in 0..3 {
                lo[k] = lo[k].min(centres[i as usize][k]);
                hi[k] = hi[k].max(centres[i as usize][k]);
            }
        }
        let axis = (0..3)
            .max_by(|&a, &b| (hi[a] - lo[a]).total_cmp(&(hi[b] - lo[b])))
            .unwrap_or(0);
        let middle = items.len() / 2;
        items.select_nth_unstable_by(middle, |&a, &b| {
            centres[a as usize][axis].total_cmp(&centres[b as usize][axis])
        });
        let left = self.split(boxes, centres, start, start + middle);
        let right = self.split(boxes, centres, start + middle, end);
        let node = &mut self.nodes[index as usize];
        (node.first, node.count, node.right) = (left, 0, right);
        index
    }

    /// Walks the nodes whose box `overlaps` accepts, handing each item of an accepted leaf to
    /// `visit` (left child first); `visit` may stop the walk.
    pub fn traverse(
        &self,
        overlaps: impl Fn(&Aabb) -> bool,
        mut visit: impl FnMut(u32) -> ControlFlow<()>,
    ) -> Traversal {
        let mut record = Traversal::default();
        if self.nodes.is_empty() {
            return record;
        }
        let mut stack = Vec::with_capacity(64);
        stack.push(0_u32);
        while let Some(index) = stack.pop() {
            let node = &self.nodes[index as usize];
            record.nodes_visited += 1;
            if !overlaps(&node.aabb) {
                continue;
            }
            if node.count == 0 {
                stack.push(node.right);
                stack.push(node.first);
                continue;
            }
            let (first, count) = (node.first as usize, node.count as usize);
            for &item in &self.order[first..first + count] {
                record.triangles_tested += 1;
                if visit(item).is_break() {
                    record.stopped = true;
                    return record;
                }
            }
        }
        record
    }

    /// The tree moved by `offset`.
    #[must_use]
    pub fn translated(&self, offset: &nalgebra::Vector3<f64>) -> Self {
        Self {
            nodes: self
                .nodes
                .iter()
                .map(|n| BvhNode {
                    aabb: Aabb {
                        min: n.aabb.min + offset,
                        max: n.aabb.max + offset,
                    },
                    ..*n
                })
                .collect(),
            order: self.order.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::*;

    #[test]
    fn a_query_visits_few_nodes_and_finds_every_overlapping_item() {
        let boxes: Vec<Aabb> = (0..1000)
            .map(|i| {
                let c = Vector3::new(
                    f64::from(i % 10),
                    f64::from(i / 10 % 10),
                    f64::from(i / 100),
                );
                Aabb {
                    min: c,
                    max: c + Vector3::repeat(0.5),
                }
            })
            .collect();
        let tree = Bvh::build(&boxes);
        let query = Aabb {
            min: Vector3::new(2.2, 3.2, 4.2),
            max: Vector3::new(3.4, 3.4, 4.4),
        };
        let mut found = Vec::new();
        let record = tree.traverse(
            |b| b.overlaps(&query),
            |i| {
                if boxes[i as usize].overlaps(&query) {
                    found.push(i);
                }
                ControlFlow::Continue(())
            },
        );
        found.sort_unstable();
        assert_eq!(found, [432, 433]);
        assert!(
            record.nodes_visited < 60 && record.triangles_tested <= 16,
            "{record:?}"
        );
        let stopped = tree.traverse(|_| true, |_| ControlFlow::Break(()));
        assert!(stopped.stopped && stopped.triangles_tested == 1);
    }
}
