//! Measured distances from k-DOPs to points, segments, lines, spheres, boxes, triangles and other
//! k-DOPs against parry3d-f64's `distance` and `closest_points` (the k-DOP as the convex hull of
//! its corners): 3,000 random pairs per kind each way round, distances and closest points within
//! 1e-9 (GJK is exact on polytopes), and the method names of the curved kinds.

use crate::distances_convex_support;
use crate::distances_support;
use crate::oracle_support;

use distances_convex_support::partner;
use oracle_support::Rng;
use sepax::geometry::separation::{separation, Item};

const SEED: u64 = 0x0005_EFA4_D157_0026;

/// k-DOPs against the polytopes, spheres and lines with parry's closest points (exact on
/// polytopes) within 1e-9.
#[test]
fn distances_convex_polytopes() {
    for (kind, name) in [
        (0, "point"),
        (1, "segment"),
        (2, "line"),
        (4, "sphere"),
        (5, "box"),
        (6, "triangle"),
        (9, "kdop"),
    ] {
        let label = format!("kdop-{name} (closest points)");
        // Two k-DOPs share their slab directions: their nearest faces are often parallel, and
        // the closest points then one pair among many.
        let unique = kind != 9;
        distances_support::family(&label, SEED + kind as u64, unique, |r| {
            Some((partner(r, 9), partner(r, kind)))
        });
    }
}

/// The method names the kinds in the order asked, and says when GJK found it.
#[test]
fn methods_name_the_curved_kinds() {
    let mut rng = Rng::case(SEED + 100, 0);
    let (egg, post, dop) = (
        partner(&mut rng, 7),
        partner(&mut rng, 8),
        partner(&mut rng, 9),
    );
    let (ball, floor) = (partner(&mut rng, 4), partner(&mut rng, 3));
    let line = partner(&mut rng, 2);
    let crate_ = partner(&mut rng, 5);
    let method = |a: &Item, b: &Item| separation(a, b).method;
    assert_eq!(method(&post, &crate_), "cylinder-box gjk");
    assert_eq!(method(&crate_, &egg), "box-ellipsoid gjk");
    assert_eq!(method(&floor, &egg), "plane-ellipsoid");
    assert_eq!(method(&dop, &floor), "kdop-plane");
    assert_eq!(method(&ball, &post), "sphere-cylinder gjk");
    assert_eq!(method(&dop, &ball), "kdop-sphere gjk");
    assert_eq!(method(&line, &dop), "line-kdop (gjk on the clipped line)");
    assert_eq!(
        method(&egg, &line),
        "ellipsoid-line (gjk on the clipped line)"
    );
}
