//! The words of pairs with an ellipsoid, a cylinder or a k-DOP: sentences, and GJK's iterations,
//! EPA's expansions and conservative advancement's steps as text.

use std::fmt::Write as _;

use super::convex::{facing_plane, GjkRecord};
use super::number::{coordinates, fixed};
use super::pairs::PairRecord;
use super::shapes::{gap_or_overlap, verdict};
use super::surfaces::ShapeTable;
use crate::geometry::gjk::GjkEnd;
use crate::geometry::{Convex, Plane};
use crate::math::arr3;
use crate::scene::BodySpec;

/// A convex shape and a plane: the support point facing the plane and its height.
pub(super) fn plane_sentence(
    shape: &Convex,
    p: &Plane,
    first: &BodySpec,
    names: (&str, &str),
) -> (bool, String) {
    let (lowest, gap, reach) = facing_plane(shape, p);
    let reach_words = match shape {
        Convex::Ellipsoid(_) => format!("rho(N) = sqrt(sum (r_i A_i.N)^2) = {}", fixed(reach, 3)),
        _ => format!("its reach towards the plane is {}", fixed(reach, 3)),
    };
    let what = format!(
        "the support point of {} facing the plane, {}, is {} from it; {reach_words} ({})",
        first.name,
        coordinates(&arr3(&lowest), 3),
        fixed(gap.abs(), 3),
        gap_or_overlap(gap)
    );
    let touching = gap <= 1e-9 * (1.0 + reach);
    (touching, verdict(names, touching, gap, &what))
}

/// GJK's verdict: the distance and closest points when apart, EPA's depth when they overlap.
pub(super) fn gjk_sentence(a: &str, b: &str, gjk: &GjkRecord) -> String {
    let n = gjk.iterations.len();
    let what = match (&gjk.epa, gjk.end) {
        (Some(epa), _) if epa.iterations.is_empty() => format!(
            "GJK stalls after {n} iterations a hair's breadth from contact; the least overlap \
             across a direction is {} along {}: they overlap",
            fixed(epa.depth, 4),
            coordinates(&arr3(&epa.normal), 3)
        ),
        (Some(epa), _) => format!(
            "GJK encloses the origin in A - B after {n} iterations; EPA, after {} expansions{}, \
             finds depth {} along {}",
            epa.iterations.len(),
            epa.polish.as_ref().map_or(String::new(), |p| format!(
                " and {} of its normal",
                super::number::counted(p.steps, "polishing step", "polishing steps")
            )),
            fixed(epa.depth, 4),
            coordinates(&arr3(&epa.normal), 3)
        ),
        (None, GjkEnd::Converged | GjkEnd::NoProgress | GjkEnd::IterationLimit)
            if gjk.distance > gjk.tolerance =>
        {
            format!(
                "GJK's bounds meet after {n} iterations: distance {} between {} and {}",
                fixed(gjk.distance, 4),
                coordinates(&arr3(&gjk.closest_points[0]), 3),
                coordinates(&arr3(&gjk.closest_points[1]), 3)
            )
        }
        _ => format!(
            "GJK finds them touching after {n} iterations, at {}",
            coordinates(&arr3(&gjk.closest_points[0]), 3)
        ),
    };
    let gap = gjk.epa.as_ref().map_or(gjk.distance, |epa| -epa.depth);
    let intersecting = gjk.epa.is_some() || gjk.distance <= gjk.tolerance;
    verdict((a, b), intersecting, gap, &what)
}

/// Two k-DOPs: the slab table's verdict, then GJK's on the two slab polytopes.
pub(super) fn kdop_sentence(record: &PairRecord, table: &ShapeTable) -> String {
    let slabs = super::surface_text::table_sentence(record, table);
    match table.polytopes_intersect {
        Some(false) => format!(
            "{slabs}; but the slabs are the only axes tested, and GJK finds the two slab \
             polytopes apart (distance {}): they do not collide",
            fixed(record.gjk.as_ref().map_or(0.0, |g| g.distance), 4)
        ),
        Some(true) => format!("{slabs}; GJK on the two slab polytopes agrees"),
        None => slabs,
    }
}

/// GJK's iterations, EPA's expansions and the advancement's steps, as text.
pub(super) fn write_gjk(out: &mut String, pair: &PairRecord) {
    let Some(gjk) = &pair.gjk else {
        return;
    };
    let _ = writeln!(
        out,
        "  GJK on A - B, A = {}, B = {} (v the point of the simplex nearest the origin)",
        gjk.a, gjk.b
    );
    let _ = writeln!(
        out,
        "  {:<5} {:>7} {:<26} {:>10} {:>10}",
        "iter", "simplex", "direction -v", "lower", "upper |v|"
    );
    for (i, step) in gjk.iterations.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:<5} {:>7} {:<26} {:>10} {:>10}",
            i,
            step.simplex.len(),
            coordinates(&arr3(&step.direction.normalize()), 3),
            fixed(step.lower_bound, 4),
            fixed(step.upper_bound, 4)
        );
    }
    let _ = writeln!(out, "  GJK stops: {}", end_words(gjk.end));
    if let Some(epa) = &gjk.epa {
        let _ = writeln!(
            out,
            "  EPA: {:<5} {:>6} {:>10} {:>10}",
            "step", "faces", "face dist", "growth"
        );
        for (i, step) in epa.iterations.iter().enumerate() {
            let _ = writeln!(
                out,
                "       {:<5} {:>6} {:>10} {:>10}",
                i,
                step.faces,
                fixed(step.face_distance, 4),
                fixed(step.growth, 4)
            );
        }
        if let Some(polish) = &epa.polish {
            let _ = writeln!(
                out,
                "  polish: {} of the normal lower the overlap across it by {:.1e}, to {}",
                super::number::counted(polish.steps, "descent step", "descent steps"),
                polish.depth_before - polish.depth,
                fixed(polish.depth, 6)
            );
        }
    }
    if let Some(advance) = &gjk.advancement {
        let _ = writeln!(
            out,
            "  conservative advancement: {:<4} {:>10} {:>10} {:>10} {:>10}",
            "step", "t", "distance", "speed <=", "dt"
        );
        for (i, step) in advance.steps.iter().enumerate() {
            let _ = writeln!(
                out,
                "                            {:<4} {:>10} {:>10} {:>10} {:>10}",
                i,
                fixed(step.time, 5),
                fixed(step.distance, 5),
                fixed(step.closing_speed_bound, 4),
                if step.step.is_finite() {
                    fixed(step.step, 5)
                } else {
                    "never".to_string()
                }
            );
        }
    }
}

/// Why GJK stopped, in words.
fn end_words(end: GjkEnd) -> &'static str {
    match end {
        GjkEnd::Converged => "the bounds met (apart)",
        GjkEnd::ContainsOrigin => "the simplex is a tetrahedron around the origin (overlap)",
        GjkEnd::Touching => "the simplex reaches the origin (touching)",
        GjkEnd::NoProgress => "a support point came back (no further progress)",
        GjkEnd::IterationLimit => "the iteration limit (the bounds still hold)",
    }
}
