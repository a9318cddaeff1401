//! One `[[constraint]]` table: a rod, a pin or a circular wire, held by penalty or by Lagrange.

use std::ops::Range;

use nalgebra::Vector3;
use toml::de::DeTable;

use super::fields::Fields;
use super::model::{ConstraintKind, ConstraintMethod, ConstraintSpec};
use super::roster::{self, Role, Roster};
use super::rotation;
use super::value::Report;

/// The valid values of a constraint's `kind`.
pub const CONSTRAINT_KINDS: &[&str] = &["rod", "pin", "circle"];

/// The valid values of a constraint's `method`.
pub const CONSTRAINT_METHODS: &[&str] = &["penalty", "lagrange"];

/// The keys of each kind beyond `kind`, `method`, `stiffness` and `damping`.
const KIND_KEYS: &[(&str, &[&str])] = &[
    ("rod", &["a", "b", "length"]),
    ("pin", &["a", "point"]),
    ("circle", &["a", "center", "normal", "radius"]),
];

/// Validates the `index`-th (0-based) constraint table whose header is at `span`.
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    index: usize,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<ConstraintSpec> {
    let mut f = Fields::new(table, span, format!("constraint #{}", index + 1));
    let kind = f.choice(r, "kind", CONSTRAINT_KINDS);
    let kind = kind.or_else(|| f.missing("kind", "one of rod, pin, circle"));
    let method = f.choice(r, "method", CONSTRAINT_METHODS);
    let method = method.or_else(|| f.missing("method", "one of penalty, lagrange"));
    let Some(kind) = kind else {
        // Without a kind the allowed keys are unknown: report only what is missing.
        f.abandon(r);
        return None;
    };
    let held = match kind {
        "rod" => rod(&mut f, bodies, r),
        "pin" => pin(&mut f, bodies, r),
        _ => circle(&mut f, bodies, r),
    };
    let method = read_method(&mut f, method, r);
    let finished = f.finish_kind(r, ("constraint", kind), KIND_KEYS);
    let spec = ConstraintSpec {
        kind: held?,
        method: method?,
    };
    finished.then_some(spec)
}

/// Reads a rod: two different bodies and the length between them.
fn rod(f: &mut Fields<'_, '_>, bodies: &Roster<'_>, r: &mut Report<'_>) -> Option<ConstraintKind> {
    let a = roster::body(f, r, "a", bodies, Role::Anchor);
    let a = a.or_else(|| f.missing("a", "the name of one end's body"));
    let b = roster::body(f, r, "b", bodies, Role::Anchor);
    let b = b.or_else(|| f.missing("b", "the name of the other end's body"));
    let length = f.non_negative(r, "length");
    let (a, b) = roster::two(f, r, bodies, a, b)?;
    let length = length.or_else(|| bodies.distance(a, b))?;
    Some(ConstraintKind::Rod { a, b, length })
}

/// Reads a pin: a moving body and the point it is held at.
fn pin(f: &mut Fields<'_, '_>, bodies: &Roster<'_>, r: &mut Report<'_>) -> Option<ConstraintKind> {
    let a = roster::body(f, r, "a", bodies, Role::Moving("a pin constraint"));
    let a = a.or_else(|| f.missing("a", "the name of the pinned body"));
    let point = f.vec3(r, "point");
    let a = a?;
    let point = point.or_else(|| bodies.center(a))?;
    Some(ConstraintKind::Pin { a, point })
}

/// Reads a circular wire: a moving bead and the circle's centre, normal and radius.
fn circle(
    f: &mut Fields<'_, '_>,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<ConstraintKind> {
    let a = roster::body(f, r, "a", bodies, Role::Moving("a circle constraint"));
    let a = a.or_else(|| f.missing("a", "the name of the bead's body"));
    let center = f.vec3(r, "center");
    let center = center.or_else(|| f.missing("center", "the centre of the circle"));
    let normal = f.vec3(r, "normal");
    let normal = normal.or_else(|| f.missing("normal", "the normal of the circle's plane"));
    let radius = f.positive(r, "radius");
    let radius = radius.or_else(|| f.missing("radius", "the radius of the circle, > 0"));
    let unit = normal.and_then(|n| Vector3::from(rotation::scaled(n.into())).try_normalize(0.0));
    if normal.is_some() && unit.is_none() {
        let message = format!("the normal of {} must not be zero", f.label());
        r.error(f.span_of("normal"), message);
        f.fail();
    }
    Some(ConstraintKind::Circle {
        a: a?,
        center: center?,
        normal: unit?,
        radius: radius?,
    })
}

/// Reads the `stiffness` and `damping` of `method`; an unknown method still has its keys checked.
fn read_method(
    f: &mut Fields<'_, '_>,
    method: Option<&str>,
    r: &mut Report<'_>,
) -> Option<ConstraintMethod> {
    let stiffness = if method == Some("penalty") {
        let hint = "the penalty's spring constant, > 0";
        f.positive(r, "stiffness")
            .or_else(|| f.missing("stiffness", hint))
    } else {
        f.non_negative(r, "stiffness")
    };
    let damping = f.non_negative(r, "damping").unwrap_or(0.0);
    match method? {
        "penalty" => Some(ConstraintMethod::Penalty {
            stiffness: stiffness?,
            damping,
        }),
        _ => Some(ConstraintMethod::Lagrange {
            stiffness: stiffness.unwrap_or(0.0),
            damping,
        }),
    }
}
