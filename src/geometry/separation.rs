//! The distance between any two of the figures a scene can measure: points, segments, lines,
//! planes, spheres, boxes, triangles, ellipsoids, cylinders and k-DOPs, with the closest points
//! and the method that found them (docs/methods.md §9, §15.6).

use nalgebra::Vector3;

mod polytopes;
mod refine;

use polytopes::{corners_to_plane, extent, plane_plane, polytopes};

use super::distance::{point_line, point_obb, point_plane, point_segment};
use super::line_distance::{line_line, line_plane, line_segment, line_sphere, segment_segment};
use super::{Convex, Obb, Plane, Sphere, Triangle};

/// One thing to measure from or to.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A point.
    Point(Vector3<f64>),
    /// The segment between two points.
    Segment(Vector3<f64>, Vector3<f64>),
    /// The line through a point along a direction.
    Line(Vector3<f64>, Vector3<f64>),
    /// A plane (its surface: both sides are outside).
    Plane(Plane),
    /// A solid sphere.
    Sphere(Sphere),
    /// A solid box.
    Box(Obb),
    /// A triangle.
    Triangle(Triangle),
    /// A solid ellipsoid, cylinder or k-DOP, known by its support function.
    Convex(Convex),
}

impl Item {
    /// The order in which pairs are handled: the simpler item first.
    fn rank(&self) -> u8 {
        match self {
            Item::Point(_) => 0,
            Item::Segment(..) => 1,
            Item::Line(..) => 2,
            Item::Plane(_) => 3,
            Item::Sphere(_) => 4,
            Item::Box(_) => 5,
            Item::Triangle(_) => 6,
            Item::Convex(_) => 7,
        }
    }
}

/// The distance between two items and how it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Separation {
    /// The distance, 0 when they touch or overlap.
    pub distance: f64,
    /// The closest point of the first item and of the second; for items that meet, a common
    /// point when one is known, else `None`.
    pub closest: Option<(Vector3<f64>, Vector3<f64>)>,
    /// The method: `point-line`, `line-line`, `segment-segment`, `point-plane`, `gjk`, ...
    pub method: String,
    /// Whether two lines or segments (or a line and a plane, or two planes) are parallel, when
    /// the closest points are then one choice among many.
    pub parallel: bool,
    /// How many iterations GJK took, when it was used.
    pub gjk_iterations: Option<usize>,
    /// Whether GJK stopped with its bounds still further apart than its tolerance (at its
    /// iteration limit, or when rounding stopped its progress): the distance is then its best
    /// upper bound.
    pub gjk_gave_up: bool,
    /// The named numbers of the closed form that found it, in the course's letters (`A` … `E`,
    /// `AC-B²`, `λ`, `μ` of two lines; `N·P - d0` of a point and a plane; …); empty for GJK.
    pub terms: Vec<(&'static str, f64)>,
}

impl Separation {
    fn new(distance: f64, a: Vector3<f64>, b: Vector3<f64>, method: &str) -> Self {
        Self {
            distance,
            closest: Some((a, b)),
            method: method.to_string(),
            parallel: false,
            gjk_iterations: None,
            gjk_gave_up: false,
            terms: Vec::new(),
        }
    }

    /// The same separation with the closed form's named numbers.
    fn with_terms(mut self, terms: Vec<(&'static str, f64)>) -> Self {
        self.terms = terms;
        self
    }

    /// The closest points exchanged (the method already names the items in the new order).
    fn swapped(mut self) -> Self {
        self.closest = self.closest.map(|(a, b)| (b, a));
        self
    }

    /// The same separation seen from the other item: the closest points exchanged, and the two
    /// names of the method too (`line-sphere` becomes `sphere-line`).
    fn reversed(mut self) -> Self {
        self = self.swapped();
        let (names, rest) = self
            .method
            .split_once(' ')
            .map_or((self.method.as_str(), ""), |(n, r)| (n, r));
        if let Some((first, second)) = names.split_once('-') {
            let tail = if rest.is_empty() {
                String::new()
            } else {
                format!(" {rest}")
            };
            self.method = format!("{second}-{first}{tail}");
        }
        self
    }

    /// The same separation moved away from `b` by the radius `r` of a sphere about it (the
    /// closest point of the sphere is `r` along the way to the other item).
    fn grown(mut self, radius: f64, method: &str) -> Self {
        self.method = method.to_string();
        let Some((a, center)) = self.closest else {
            return self;
        };
        if self.distance <= radius {
            // The other item's point nearest the centre lies in the sphere: a common point.
            self.distance = 0.0;
            self.closest = Some((a, a));
            return self;
        }
        let towards = (a - center) / self.distance;
        self.distance -= radius;
        self.closest = Some((a, center + towards * radius));
        self
    }
}

/// The distance between `a` and `b`, their closest points and the method.
///
/// # Algorithm
/// Pairs with a closed form use it (docs/methods.md §9): a point against a line, segment, plane,
/// box or triangle by projection and clamping; two lines or segments by minimising
/// `|r(λ) - s(μ)|²` with the parallel case; anything against a plane by the signed distances of
/// its nearest points (for an ellipsoid, a cylinder or a k-DOP: its support points along the
/// normal and against it). A point against an ellipsoid by its exact nearest point
/// (`Ellipsoid::closest_point`). A sphere is its centre grown by the radius. Any other pair of bounded
/// shapes (polytopes, ellipsoids, cylinders, k-DOPs) goes to GJK on their support functions
/// (§15.6); a line against one of them is first clipped to the part over the shape's extent along
/// it, where its closest point must lie.
pub fn separation(a: &Item, b: &Item) -> Separation {
    if a.rank() > b.rank() {
        return ordered(b, a).reversed();
    }
    ordered(a, b)
}

fn ordered(a: &Item, b: &Item) -> Separation {
    use Item::{Line, Sphere as Sp};
    let found = closed_form_or_gjk(a, b);
    match (a, b) {
        // The sphere is its centre grown by the radius; the course writes the quadratic.
        (Line(o, v), Sp(s)) => found.with_terms(line_sphere_terms(o, v, s)),
        _ => found,
    }
}

/// `α`, `β`, `γ`, `β² - 4αγ` and the crossings `λ1`, `λ2` of the line `o + λ v` and the sphere
/// (docs/methods.md §9.7).
fn line_sphere_terms(o: &Vector3<f64>, v: &Vector3<f64>, s: &Sphere) -> Vec<(&'static str, f64)> {
    let q = line_sphere(o, v, s);
    let mut terms = vec![
        ("α", q.alpha),
        ("β", q.beta),
        ("γ", q.gamma),
        ("β²-4αγ", q.discriminant),
    ];
    if let Some([near, far]) = q.lambdas {
        terms.extend([("λ1", near), ("λ2", far)]);
    }
    terms
}

fn closed_form_or_gjk(a: &Item, b: &Item) -> Separation {
    use Item::{Line, Plane as Pl, Point, Segment, Sphere as Sp};
    match (a, b) {
        (Point(p), Point(q)) => Separation::new((p - q).norm(), *p, *q, "point-point"),
        (Point(p), Segment(s, e)) => {
            let d = point_segment(p, s, e);
            Separation::new(d.distance, *p, d.closest, "point-segment")
                .with_terms(vec![("λ", d.lambda)])
        }
        (Point(p), Line(o, v)) => {
            let d = point_line(p, o, v);
            Separation::new(d.distance, *p, d.closest, "point-line")
                .with_terms(vec![("λ", d.lambda)])
        }
        (Point(p), Pl(plane)) => {
            let d = point_plane(p, plane);
            Separation::new(d.distance, *p, d.closest, "point-plane")
                .with_terms(vec![("N·P-d0", d.signed_distance)])
        }
        (Point(p), Item::Box(obb)) => {
            let d = point_obb(p, obb);
            let [d0, d1, d2] = [d.local.x, d.local.y, d.local.z];
            Separation::new(d.distance, *p, d.closest, "point-box").with_terms(vec![
                ("d0", d0),
                ("d1", d1),
                ("d2", d2),
            ])
        }
        (Point(p), Item::Triangle(t)) => {
            let (closest, _) = t.closest_point(p);
            Separation::new((p - closest).norm(), *p, closest, "point-triangle")
        }
        (_, Sp(s)) => {
            let to_center = separation(a, &Point(s.center));
            let method = format!("{}-sphere{}", name(a), gjk_mark(&to_center));
            to_center.grown(s.radius, &method)
        }
        (Sp(s), _) => {
            let to_center = separation(b, &Point(s.center));
            let method = format!("sphere-{}{}", name(b), gjk_mark(&to_center));
            to_center.grown(s.radius, &method).swapped()
        }
        (Segment(p, q), Segment(s, e)) => lines(&segment_segment(p, q, s, e), "segment-segment"),
        (Segment(p, q), Line(o, v)) => lines(&line_segment(o, v, p, q), "segment-line").swapped(),
        (Line(o, v), Line(s, w)) => lines(&line_line(o, v, s, w), "line-line"),
        (Line(o, v), Pl(plane)) => {
            let d = line_plane(o, v, plane);
            let mut terms = vec![("N·V", d.normal_dot_direction)];
            terms.extend(d.lambda.map(|lambda| ("λ", lambda)));
            let mut out = Separation::new(
                d.distance,
                d.closest_on_line,
                d.closest_on_plane,
                "line-plane",
            )
            .with_terms(terms);
            out.parallel = d.lambda.is_none();
            out
        }
        (Pl(p), Pl(q)) => plane_plane(p, q),
        (_, Pl(plane)) => corners_to_plane(a, plane),
        (Pl(plane), _) => corners_to_plane(b, plane).reversed(),
        (Line(o, v), _) => {
            let (lo, hi) = extent(b, o, v);
            let clipped = Segment(o + v * lo, o + v * hi);
            let mut out = polytopes(&clipped, b);
            out.method = format!("line-{} (gjk on the clipped line)", name(b));
            out
        }
        (Point(p), Item::Convex(Convex::Ellipsoid(e))) => {
            let q = e.closest_point(p);
            Separation::new((p - q).norm(), *p, q, "point-ellipsoid")
        }
        _ => polytopes(a, b),
    }
}

fn name(item: &Item) -> &'static str {
    match item {
        Item::Point(_) => "point",
        Item::Segment(..) => "segment",
        Item::Line(..) => "line",
        Item::Plane(_) => "plane",
        Item::Sphere(_) => "sphere",
        Item::Box(_) => "box",
        Item::Triangle(_) => "triangle",
        Item::Convex(c) => c.name(),
    }
}

/// ` gjk` when the separation came from GJK (a sphere grown about a point's distance to a convex
/// shape), else nothing.
fn gjk_mark(found: &Separation) -> &'static str {
    if found.gjk_iterations.is_some() {
        " gjk"
    } else {
        ""
    }
}

fn lines(d: &super::line_distance::LineLineDistance, method: &str) -> Separation {
    let mut out = Separation::new(d.distance, d.closest_on_first, d.closest_on_second, method)
        .with_terms(vec![
            ("A", d.a),
            ("B", d.b),
            ("C", d.c),
            ("D", d.d),
            ("E", d.e),
            ("AC-B²", d.denominator),
            ("λ", d.lambda),
            ("μ", d.mu),
        ]);
    out.parallel = d.parallel;
    out
}

#[cfg(test)]
mod tests {
    use nalgebra::UnitQuaternion;

    use super::*;

    #[test]
    fn the_method_names_the_items_in_the_order_asked() {
        let ball = Item::Sphere(Sphere {
            center: Vector3::new(0.0, 3.0, 0.0),
            radius: 1.0,
        });
        let line = Item::Line(Vector3::zeros(), Vector3::x());
        let floor = Item::Plane(Plane::new(Vector3::y(), -1.0).unwrap());
        let crate_ = Item::Box(Obb::new(
            Vector3::new(0.0, 5.0, 0.0),
            UnitQuaternion::identity(),
            Vector3::repeat(0.5),
        ));
        let method = |a: &Item, b: &Item| separation(a, b).method;
        assert_eq!(method(&ball, &line), "sphere-line");
        assert_eq!(method(&line, &ball), "line-sphere");
        assert_eq!(method(&floor, &crate_), "plane-box");
        assert_eq!(method(&crate_, &floor), "box-plane");
        assert_eq!(method(&crate_, &line), "box-line (gjk on the clipped line)");
        let (on_ball, on_line) = separation(&ball, &line).closest.unwrap();
        assert_eq!(
            (on_ball, on_line),
            (Vector3::new(0.0, 2.0, 0.0), Vector3::zeros())
        );
        assert_eq!(separation(&ball, &line).distance, 2.0);
    }
}
