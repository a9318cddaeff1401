//! One `[[ray]]` table: a ray cast into the scene, reflected off what it hits `bounces` times.

use std::ops::Range;

use nalgebra::Vector3;
use toml::de::DeTable;

use super::fields::Fields;
use super::roster::Roster;
use super::rotation;
use super::value::Report;

/// The most reflections a ray may follow.
pub const MAX_BOUNCES: u64 = 64;

/// One `[[ray]]`: `X(t) = origin + t direction`, `t` the distance along it.
#[derive(Clone, Debug, PartialEq)]
pub struct RaySpec {
    /// The ray's name.
    pub name: String,
    /// Where it starts.
    pub origin: Vector3<f64>,
    /// Its unit direction (normalised on load).
    pub direction: Vector3<f64>,
    /// The total length of its path over every reflection; `None` for an unbounded ray.
    pub length: Option<f64>,
    /// How many reflections to follow (default 0: only the first hit).
    pub bounces: usize,
    /// How the ray meets triangles (and a mesh's triangles): `test = "moller-trumbore"` (the
    /// default) or `"course"`.
    pub test: TriangleTest,
}

/// The ray–triangle test a ray uses (docs/methods.md §9.6, §15.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TriangleTest {
    /// Möller–Trumbore: barycentric `u`, `v` and `t` by Cramer's rule.
    #[default]
    MollerTrumbore,
    /// The course's: the plane's hit, then the 2D edge sign test with N's largest coordinate dropped.
    Course,
}

/// The values `test` may take, in the order of [`TriangleTest`].
pub const TRIANGLE_TESTS: &[&str] = &["moller-trumbore", "course"];

/// Validates the `index`-th (0-based) ray table whose header is at `span` (a ray may hit every
/// kind of body, so the roster is not consulted).
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    index: usize,
    _bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<RaySpec> {
    let mut f = Fields::new(table, span, format!("ray #{}", index + 1));
    let name = f.name(r, "ray", "what explain and the debugger call the ray");
    let origin = f.vec3(r, "origin");
    let origin = origin.or_else(|| f.missing("origin", "where the ray starts, [x, y, z]"));
    let direction = f.vec3(r, "direction");
    let direction = direction.or_else(|| f.missing("direction", "where the ray points, [x, y, z]"));
    let unit = direction.and_then(|d| Vector3::from(rotation::scaled(d.into())).try_normalize(0.0));
    if direction.is_some() && unit.is_none() {
        let message = format!("the direction of {} must not be zero", f.label());
        r.error(f.span_of("direction"), message);
        f.fail();
    }
    let length = f.positive(r, "length");
    let bounces = f.count(r, "bounces", (0, MAX_BOUNCES)).unwrap_or(0);
    let test = match f.choice(r, "test", TRIANGLE_TESTS) {
        Some("course") => TriangleTest::Course,
        _ => TriangleTest::MollerTrumbore,
    };
    if !f.finish(r) {
        return None;
    }
    Some(RaySpec {
        name: name?.to_string(),
        origin: origin?,
        direction: unit?,
        length,
        bounces,
        test,
    })
}
