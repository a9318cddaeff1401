//! Pairs of boxes built to touch exactly (up to rounding) with chosen features: a vertex, edge or
//! face of B on a face of A, or an edge of A across an edge of B.

use sepax::nalgebra::{Unit, UnitQuaternion, Vector3};
use sepax::sat::{AxisId, ContactKind};
use sepax::Obb;

use super::{placed, rotated, Rng};

/// Two boxes touching at `point`, on opposite sides of the plane through it normal to `normal`.
#[derive(Clone, Debug)]
pub struct Touch {
    pub a: Obb,
    pub b: Obb,
    /// Unit normal of the touching plane, pointing from A towards B.
    pub normal: Vector3<f64>,
    /// A point on both boxes (exact for vertex-face and edge-edge, one of many otherwise).
    pub point: Vector3<f64>,
    /// Which box coordinates are free along the touching feature of A (resp. B).
    pub free_a: [bool; 3],
    pub free_b: [bool; 3],
}

fn count(free: [bool; 3]) -> usize {
    free.iter().filter(|&&f| f).count()
}

fn fixed_index(free: [bool; 3]) -> usize {
    free.iter().position(|&f| !f).expect("one fixed coordinate")
}

fn free_index(free: [bool; 3]) -> usize {
    free.iter().position(|&f| f).expect("one free coordinate")
}

impl Touch {
    /// The same pair with B moved by `offset` along the normal (positive: apart).
    pub fn shifted(&self, offset: f64) -> Obb {
        self.b.translated(&(self.normal * offset))
    }

    /// The pair with the roles of A and B exchanged.
    #[must_use]
    pub fn swapped(self) -> Self {
        Self {
            a: self.b,
            b: self.a,
            normal: -self.normal,
            point: self.point,
            free_a: self.free_b,
            free_b: self.free_a,
        }
    }

    /// The touching features, from how many coordinates of each box are free.
    pub fn kind(&self) -> ContactKind {
        match (count(self.free_a), count(self.free_b)) {
            (2, 0) | (0, 2) => ContactKind::VertexFace,
            (2, 1) | (1, 2) => ContactKind::EdgeFace,
            (2, 2) => ContactKind::FaceFace,
            (1, 1) => ContactKind::EdgeEdge,
            other => panic!("no contact kind for free coordinates {other:?}"),
        }
    }

    /// The first axis in table order on which the boxes touch: a face of A, a face of B, or the
    /// cross product of the two touching edges.
    pub fn axis(&self) -> AxisId {
        if count(self.free_a) == 2 {
            AxisId::FaceA(fixed_index(self.free_a))
        } else if count(self.free_b) == 2 {
            AxisId::FaceB(fixed_index(self.free_b))
        } else {
            AxisId::Edge(free_index(self.free_a), free_index(self.free_b))
        }
    }
}

/// Places `b` (its rotation and half-extents are kept) so that it touches `a` across the plane
/// normal to `normal`: A's supporting feature in `normal` meets B's in `-normal`. Coordinates
/// along box axes perpendicular to the normal are free; each is drawn inside 80 % of the extent.
pub fn place(rng: &mut Rng, a: &Obb, b: &Obb, normal: &Unit<Vector3<f64>>) -> Touch {
    let n = normal.into_inner();
    let mut support = |obb: &Obb, towards: &Vector3<f64>| {
        let (mut local, mut free) = (Vector3::zeros(), [false; 3]);
        for k in 0..3 {
            let h = obb.half_extents()[k];
            let d = obb.axis(k).dot(towards);
            free[k] = d.abs() < 1e-12;
            local[k] = if free[k] {
                rng.range(-0.8, 0.8) * h
            } else {
                d.signum() * h
            };
        }
        (local, free)
    };
    let (x, free_a) = support(a, &n);
    let (y, free_b) = support(b, &-n);
    let point = a.to_world(&x);
    let b = placed(b, point - b.axes() * y);
    Touch {
        a: *a,
        b,
        normal: n,
        point,
        free_a,
        free_b,
    }
}

/// The rotation of `obb` followed by a turn of `angle` about its own axis `k`.
fn turned_about(obb: &Obb, k: usize, angle: f64) -> UnitQuaternion<f64> {
    obb.rotation() * UnitQuaternion::from_axis_angle(&Vector3::ith_axis(k), angle)
}

/// An angle whose sine and cosine both exceed 0.2 in magnitude (no face becomes parallel).
fn oblique_angle(rng: &mut Rng) -> f64 {
    loop {
        let angle = rng.range(-std::f64::consts::PI, std::f64::consts::PI);
        if angle.sin().abs() > 0.2 && angle.cos().abs() > 0.2 {
            return angle;
        }
    }
}

/// A random face `σ A_i` of `a` as a unit normal, with its index.
fn face_normal(rng: &mut Rng, a: &Obb) -> (usize, Unit<Vector3<f64>>) {
    let i = rng.below(3);
    (i, Unit::new_unchecked(a.axis(i) * rng.sign()))
}

/// A corner of a randomly turned B on a face of A.
pub fn vertex_face(rng: &mut Rng, w: f64) -> Touch {
    let a = rng.obb(w);
    let (_, n) = face_normal(rng, &a);
    loop {
        let b = rng.obb(w);
        if (0..3).all(|m| b.axis(m).dot(&n).abs() > 0.1) {
            return place(rng, &a, &b, &n);
        }
    }
}

/// An edge of B lying on a face of A (B is A turned about an axis in the face).
pub fn edge_face(rng: &mut Rng, w: f64) -> Touch {
    let a = rng.obb(w);
    let (i, n) = face_normal(rng, &a);
    let k = (i + 1 + rng.below(2)) % 3;
    let b = rotated(&rng.obb(w), turned_about(&a, k, oblique_angle(rng)));
    place(rng, &a, &b, &n)
}

/// B resting flat on a face of A, turned by a random angle about the common normal.
pub fn face_face(rng: &mut Rng, w: f64) -> Touch {
    let a = rng.obb(w);
    let (i, n) = face_normal(rng, &a);
    let angle = rng.range(-std::f64::consts::PI, std::f64::consts::PI);
    let b = rotated(&rng.obb(w), turned_about(&a, i, angle));
    place(rng, &a, &b, &n)
}

/// An edge of A across an edge of B, the two at a clear angle, touching inside both edges.
pub fn edge_edge(rng: &mut Rng, w: f64) -> Touch {
    let a = rng.obb(w);
    loop {
        let b = rng.obb(w);
        let (i, j) = (rng.below(3), rng.below(3));
        let l = a.axis(i).cross(&b.axis(j));
        if l.norm() < 0.3 {
            continue;
        }
        let n = Unit::new_normalize(l * rng.sign());
        let clear =
            |obb: &Obb, skip: usize| (0..3).all(|k| k == skip || obb.axis(k).dot(&n).abs() > 0.1);
        if clear(&a, i) && clear(&b, j) {
            return place(rng, &a, &b, &n);
        }
    }
}

/// One of the four constructions, with A and B exchanged half of the time.
pub fn any_touch(rng: &mut Rng, w: f64) -> Touch {
    let touch = match rng.below(4) {
        0 => vertex_face(rng, w),
        1 => edge_face(rng, w),
        2 => face_face(rng, w),
        _ => edge_edge(rng, w),
    };
    if rng.next_u64() & 1 == 0 {
        touch
    } else {
        touch.swapped()
    }
}
