//! One `[[spring]]` table: a damped spring between two bodies.

use std::ops::Range;

use toml::de::DeTable;

use super::fields::Fields;
use super::model::SpringSpec;
use super::roster::{self, Role, Roster};
use super::value::Report;

/// Validates the `index`-th (0-based) spring table whose header is at `span`.
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    index: usize,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<SpringSpec> {
    let mut f = Fields::new(table, span, format!("spring #{}", index + 1));
    let a = roster::body(&mut f, r, "a", bodies, Role::Anchor);
    let a = a.or_else(|| f.missing("a", "the name of one end's body"));
    let b = roster::body(&mut f, r, "b", bodies, Role::Anchor);
    let b = b.or_else(|| f.missing("b", "the name of the other end's body"));
    let rest_length = f.non_negative(r, "rest_length");
    let stiffness = f.non_negative(r, "stiffness");
    let stiffness = stiffness.or_else(|| f.missing("stiffness", "the spring constant, >= 0"));
    let damping = f.non_negative(r, "damping").unwrap_or(0.0);
    let ends = roster::two(&mut f, r, bodies, a, b);
    if !f.finish(r) {
        return None;
    }
    let (a, b) = ends?;
    Some(SpringSpec {
        a,
        b,
        rest_length: rest_length.or_else(|| bodies.distance(a, b))?,
        stiffness: stiffness?,
        damping,
    })
}
