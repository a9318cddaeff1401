//! A `[[force]]` of `kind = "friction"`: surface friction of a sphere or a box on a plane body.

use super::fields::Fields;
use super::model::{ForceSpec, ShapeSpec};
use super::roster::{self, Role, Roster};
use super::value::{self, Report};
use crate::dynamics::forces::{Reach, SurfaceFriction};

/// Reads `body`, `surface` (a plane body) and `mu` (>= 0).
pub(super) fn friction(
    f: &mut Fields<'_, '_>,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<ForceSpec> {
    let mu = f.non_negative(r, "mu");
    let mu = mu.or_else(|| f.missing("mu", "the friction coefficient, >= 0"));
    let body = roster::body(f, r, "body", bodies, Role::Moving("friction"));
    let body = body.or_else(|| f.missing("body", "the sliding body (a sphere or a box)"));
    let reach = body.and_then(|i| match bodies.spec(i).map(|s| &s.shape) {
        Some(&ShapeSpec::Sphere { radius }) => Some(Reach::Sphere(radius)),
        Some(&ShapeSpec::Box { half_extents }) => Some(Reach::Box(half_extents)),
        Some(other) => {
            let message = format!(
                "`body` in {} names {:?}, a {}; surface friction acts on spheres and boxes",
                f.label(),
                bodies.name(i),
                other.name()
            );
            r.error(f.span_of("body"), message);
            f.fail();
            None
        }
        None => None,
    });
    let plane = surface(f, bodies, r);
    let plane = plane.or_else(|| f.missing("surface", "the plane body it slides on"));
    let (normal, offset) = plane?;
    Some(ForceSpec::Friction(SurfaceFriction {
        body: body?,
        normal,
        offset,
        reach: reach?,
        mu: mu?,
        // The world sets it to its frame length.
        stick_time: 1.0,
    }))
}

/// The plane body named by `surface`: its normal and offset.
fn surface(
    f: &mut Fields<'_, '_>,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<(nalgebra::Vector3<f64>, f64)> {
    let raw = f.raw("surface")?;
    let what = format!("`surface` in {}", f.label());
    let name = value::string(r, &what, raw)?;
    let Some(index) = bodies.index_of(name) else {
        if bodies.is_complete() {
            let names = bodies.names();
            let message = super::suggest::suggest(
                &format!("{what}: unknown body {name:?}"),
                name,
                &names,
                "name a plane body of the scene",
            );
            r.error(raw.span(), message);
        }
        f.fail();
        return None;
    };
    match bodies.spec(index).map(|s| &s.shape) {
        Some(&ShapeSpec::Plane { normal, offset }) => Some((normal, offset)),
        Some(other) => {
            let message = format!(
                "{what} names body {name:?}, a {}; friction forces act against a plane body",
                other.name()
            );
            r.error(raw.span(), message);
            f.fail();
            None
        }
        None => None,
    }
}
