//! The comparison of ray casts against the convex shapes (ellipsoid, cylinder, k-DOP) with a
//! reference answer, shared by the convex ray tests: agreement in `t`, point and normal, the
//! grazing-angle allowance, and the graze rule for a hit on one side and a miss on the other.
#![allow(dead_code)]

use sepax::geometry::ray::RayHit;
use sepax::nalgebra::Vector3;

use super::oracle_support::Rng;

/// Rays longer than this are not followed.
pub const MAX_T: f64 = 100.0;

/// What one side says: `(t, point, normal)`, `Some` with a zero normal when the origin is
/// inside, or a miss.
pub type Answer = Option<(f64, Vector3<f64>, Vector3<f64>)>;

/// A hit as an answer.
pub fn ours(hit: Option<RayHit>) -> Answer {
    hit.map(|h| (h.t, h.point, h.normal))
}

/// Below this `|d·n|` a ray meets the surface at a grazing angle: its `t` is ill-conditioned
/// (a surface error `δ` moves the hit by `δ/|d·n|` along the ray, and by `sqrt(2 R δ)` at a
/// tangent), so there `t` and the point are compared within [`GRAZING_TOLERANCE`] and each
/// side's point must lie on the surface.
pub const GRAZING_COSINE: f64 = 1e-3;
/// The agreement asked of grazing hits (relative to the scale).
pub const GRAZING_TOLERANCE: f64 = 1e-6;
/// The agreement asked of `t`, the point and the normal against an exact reference.
pub const TOLERANCE: f64 = 1e-9;

/// The tally of one shape's rays.
#[derive(Default, Debug)]
pub struct Tally {
    pub rays: usize,
    pub hits: usize,
    pub inside: usize,
    pub grazing_hits: usize,
    pub edges: usize,
    pub along_surface: usize,
    pub grazes: usize,
    pub deliberate_grazes: usize,
    pub worst_t: f64,
    pub worst_normal: f64,
}

impl Tally {
    /// Prints the tally and asserts that it tested enough hits and that at most `graze_share` of
    /// the rays not made to graze are grazes.
    pub fn report(&self, label: &str, graze_share: f64) {
        println!(
            "{label}: {} rays, {} hits ({} from inside, {} at a grazing angle, {} where the ray \
             runs along the surface, {} on an edge with the other face's normal), {} grazes \
             (and {} among the rays made to graze); largest |t - t_ref| {:.2e}, \
             |n - n_ref| {:.2e} outside grazing angles",
            self.rays,
            self.hits,
            self.inside,
            self.grazing_hits,
            self.along_surface,
            self.edges,
            self.grazes,
            self.deliberate_grazes,
            self.worst_t,
            self.worst_normal
        );
        assert!(self.hits * 5 > self.rays, "{label}: too few hits to test");
        assert!(
            self.inside * 50 > self.rays,
            "{label}: too few rays from inside"
        );
        assert!(
            (self.grazes as f64) <= graze_share * self.rays as f64,
            "{label}: too many grazes"
        );
    }
}

/// A point's distance from a shape's surface and the outward normals of the faces it lies on.
pub type Surface<'a> = dyn Fn(&Vector3<f64>) -> (f64, Vec<Vector3<f64>>) + 'a;

/// One comparison: the answers, how to recast ours from a moved origin, and the tolerances.
pub struct Case<'a> {
    pub label: &'a str,
    pub index: u64,
    pub origin: Vector3<f64>,
    pub direction: Vector3<f64>,
    /// Agreement asked of `t`, the point (relative to `1 + |t|`) and the normal.
    pub tolerance: f64,
    /// The agreement asked of `t` and the point at a grazing angle.
    pub grazing_tolerance: f64,
    /// The agreement asked of the normal.
    pub normal_tolerance: f64,
    /// Whether the reference's normal on an edge or a rim is one of the faces' (an exact
    /// reference); parry's GJK cast may give any normal of the cone there.
    pub face_normals: bool,
    /// Whether the ray was made to graze (tangent, through a corner, in a face's plane): its
    /// grazes are counted apart.
    pub deliberate: bool,
    /// How far the origin is moved to show that a disagreement is a graze.
    pub nudge: f64,
    /// How far a point is from the surface (the surface's own residual), and the outward unit
    /// normals of the faces it lies on within the tolerance (two or more on an edge or a rim).
    pub surface: &'a Surface<'a>,
}

impl<'a> Case<'a> {
    /// A ray compared with an exact reference: everything within [`TOLERANCE`] (grazing hits
    /// within [`GRAZING_TOLERANCE`]), face normals on edges and rims, and rays 7 and 8 of every
    /// ten made to graze.
    pub fn exact(
        label: &'a str,
        index: u64,
        (origin, direction): (Vector3<f64>, Vector3<f64>),
        surface: &'a Surface<'a>,
    ) -> Self {
        Case {
            label,
            index,
            origin,
            direction,
            tolerance: TOLERANCE,
            grazing_tolerance: GRAZING_TOLERANCE,
            normal_tolerance: TOLERANCE,
            face_normals: true,
            deliberate: matches!(index % 10, 7 | 8),
            nudge: TOLERANCE,
            surface,
        }
    }
}

/// Compares our answer with the reference's; `cast` recasts ours from a moved origin.
pub fn compare(
    case: &Case,
    mine: Answer,
    reference: Answer,
    cast: impl Fn(&Vector3<f64>) -> Option<RayHit>,
    tally: &mut Tally,
) {
    let Case { label, index, .. } = *case;
    tally.rays += 1;
    match (mine, reference) {
        (None, None) => {}
        (Some(mine), Some(reference)) => compare_hits(case, mine, reference, tally),
        (one, other) => {
            // Moved along the axes, and along the normals of the faces where the one hit is (and
            // their sum, into a corner's cone).
            let (_, faces) = one
                .or(other)
                .map_or_else(|| (0.0, Vec::new()), |(_, q, _)| (case.surface)(&q));
            let sum: Vector3<f64> = faces.iter().sum();
            let mut ways = vec![Vector3::x(), Vector3::y(), Vector3::z()];
            ways.extend(faces.iter().copied());
            ways.extend(sum.try_normalize(0.0));
            let moved = ways
                .iter()
                .flat_map(|e| [1.0, -1.0].map(|s| case.origin + e * (s * case.nudge)))
                .any(|o| cast(&o).is_some() != one.is_some());
            assert!(
                moved,
                "{label} #{index}: sepax {one:?}, reference {other:?}, and no nearby ray \
                 disagrees"
            );
            if case.deliberate {
                tally.deliberate_grazes += 1;
            } else {
                tally.grazes += 1;
            }
        }
    }
}

/// Compares two hits: an origin on the surface, a run along the surface, a grazing angle, then
/// `t`, point and normal (either face's on an edge).
fn compare_hits(
    case: &Case,
    (t, p, n): (f64, Vector3<f64>, Vector3<f64>),
    (rt, rp, rn): (f64, Vector3<f64>, Vector3<f64>),
    tally: &mut Tally,
) {
    let Case {
        label,
        index,
        tolerance,
        ..
    } = *case;
    tally.hits += 1;
    let scale = 1.0 + t.abs();
    let inside = n == Vector3::zeros();
    let reference_inside = rn == Vector3::zeros();
    let on_surface = |q: &Vector3<f64>| (case.surface)(q).0 <= tolerance * scale;
    if inside != reference_inside {
        // An origin on the surface: inside for one side, a hit at t = 0 (or a run along
        // the surface from the origin) for the other.
        let q = if inside { rp } else { p };
        if on_surface(&case.origin) && on_surface(&q) && on_surface(&((case.origin + q) / 2.0)) {
            tally.along_surface += 1;
            return;
        }
    }
    if inside || reference_inside {
        // A start inside on one side only is an origin on the surface (t = 0 both).
        assert!(
            (inside && rt <= tolerance * scale) || (reference_inside && t <= tolerance),
            "{label} #{index}: inside at t = {t} ({inside}), reference at {rt} \
             ({reference_inside})"
        );
        tally.inside += usize::from(inside && reference_inside);
        return;
    }
    let grazing = n.dot(&case.direction).abs() < GRAZING_COSINE;
    if grazing {
        for q in [p, rp] {
            let (off, _) = (case.surface)(&q);
            assert!(
                off <= tolerance * scale,
                "{label} #{index}: grazing hit {q} is {off} off the surface"
            );
        }
    }
    if grazing && (t - rt).abs() <= case.grazing_tolerance * scale {
        tally.grazing_hits += 1;
        return;
    }
    if (t - rt).abs() > tolerance * scale
        && on_surface(&p)
        && on_surface(&rp)
        && on_surface(&((p + rp) / 2.0))
    {
        // A ray running along the surface (in a cap's or a slab's plane up to rounding,
        // or tangent to a curved side): every point of the run is a first contact.
        tally.along_surface += 1;
        return;
    }
    assert!(
        !grazing,
        "{label} #{index}: grazing hit at t {t} against the reference's {rt}"
    );
    tally.worst_t = tally.worst_t.max((t - rt).abs() / scale);
    assert!(
        (t - rt).abs() <= tolerance * scale,
        "{label} #{index}: t {t} against the reference's {rt}"
    );
    assert!(
        (p - rp).norm() <= tolerance * scale,
        "{label} #{index}: point {p} against the reference's {rp}"
    );
    if (n - rn).norm() <= case.normal_tolerance {
        tally.worst_normal = tally.worst_normal.max((n - rn).norm());
        return;
    }
    // On an edge or a rim either face's normal is right: both must be normals there.
    let (_, faces) = (case.surface)(&p);
    let among = |m: &Vector3<f64>| faces.iter().any(|f| (f - m).norm() <= 1e-9);
    assert!(
        faces.len() > 1 && among(&n) && (!case.face_normals || among(&rn)),
        "{label} #{index}: normal {n} against the reference's {rn} (t = {t}, faces \
         {faces:?})"
    );
    tally.edges += 1;
}

/// parry's hit as an answer, its normal mapped by `normal_map` (zero when it says `t = 0`).
pub fn parry_answer(
    hit: Option<parry3d_f64::query::RayIntersection>,
    origin: &Vector3<f64>,
    direction: &Vector3<f64>,
    normal_map: impl Fn(Vector3<f64>) -> Vector3<f64>,
) -> Answer {
    hit.map(|h| {
        let n = Vector3::new(h.normal.x, h.normal.y, h.normal.z);
        let t = h.time_of_impact;
        let n = if t == 0.0 {
            Vector3::zeros()
        } else {
            normal_map(n)
        };
        (t, origin + direction * t, n)
    })
}

/// A ray of family `index % 10` for a shape of centre `c` and size `size`; `inside`, `tangent`
/// and `parallel` give the shape's own origins and directions for those families. Returns the
/// origin, the direction and `max_t`.
pub fn ray_for(
    rng: &mut Rng,
    index: u64,
    c: &Vector3<f64>,
    size: f64,
    inside: impl FnOnce(&mut Rng) -> Vector3<f64>,
    tangent: impl FnOnce(&mut Rng) -> (Vector3<f64>, Vector3<f64>),
    parallel: impl FnOnce(&mut Rng) -> (Vector3<f64>, Vector3<f64>),
) -> (Vector3<f64>, Vector3<f64>, f64) {
    let aimed = |rng: &mut Rng| {
        let origin = c + rng.vector(8.0);
        let d = (c + rng.vector(size) - origin).try_normalize(0.0);
        (origin, d.unwrap_or_else(Vector3::x))
    };
    let (origin, direction) = match index % 10 {
        4 | 5 => (c + rng.vector(8.0), rng.direction().into_inner()),
        6 => (inside(rng), rng.direction().into_inner()),
        7 => tangent(rng),
        8 => parallel(rng),
        _ => aimed(rng),
    };
    let max_t = if index % 10 == 9 {
        rng.range(0.0, 12.0)
    } else {
        MAX_T
    };
    (origin, direction, max_t)
}
