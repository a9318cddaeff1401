//! One `[[force]]` table: viscous drag, central attraction to a point or between two bodies, or
//! surface friction on a plane.

use std::ops::Range;

use toml::de::{DeTable, DeValue};

use super::fields::Fields;
use super::limits;
use super::model::ForceSpec;
use super::roster::{Role, Roster};
use super::value::{self, Report};

/// The valid values of a force's `kind`.
pub const FORCE_KINDS: &[&str] = &["drag", "central", "friction"];

/// The keys of each kind beyond `kind`, for messages about misplaced keys.
const KIND_KEYS: &[(&str, &[&str])] = &[
    ("drag", &["k"]),
    ("central", &["center", "between", "strength"]),
    ("friction", &["body", "surface", "mu"]),
];

/// Validates the `index`-th (0-based) force table whose header is at `span`.
pub(crate) fn validate(
    table: &DeTable<'_>,
    span: Range<usize>,
    index: usize,
    bodies: &Roster<'_>,
    r: &mut Report<'_>,
) -> Option<ForceSpec> {
    let mut f = Fields::new(table, span, format!("force #{}", index + 1));
    let kind = f.choice(r, "kind", FORCE_KINDS);
    let Some(kind) = kind.or_else(|| f.missing("kind", "one of drag, central, friction")) else {
        // Without a kind the allowed keys are unknown: report only what is missing.
        f.abandon(r);
        return None;
    };
    let spec = if kind == "drag" {
        let k = f.non_negative(r, "k");
        let k = k.or_else(|| f.missing("k", "the drag coefficient, >= 0"));
        k.map(|k| ForceSpec::Drag { k })
    } else if kind == "friction" {
        super::friction::friction(&mut f, bodies, r)
    } else {
        central(&mut f, bodies, r)
    };
    let finished = f.finish_kind(r, ("force", kind), KIND_KEYS);
    spec.filter(|_| finished)
}

/// Reads a central force: exactly one of `center` and `between`, and its `strength`.
fn central(f: &mut Fields<'_, '_>, bodies: &Roster<'_>, r: &mut Report<'_>) -> Option<ForceSpec> {
    let center = f.raw("center").is_some();
    let between = f.raw("between");
    let hint = "G·M of the attracting point, or G between two bodies; 1e-15 to 1e15";
    let strength = r.limited(limits::STRENGTH, |r| f.positive(r, "strength"));
    let strength = strength.or_else(|| f.missing("strength", hint));
    let label = f.label().to_string();
    match (center, between) {
        (true, Some(raw)) => {
            let message = format!(
                "{label} must give only one of `center` (a fixed point) and `between` (two bodies)"
            );
            r.error(raw.span(), message);
            f.fail();
            None
        }
        (false, None) => {
            let message = format!(
                "{label} is missing `center` = [x, y, z] or `between` = [\"A\", \"B\"] (what attracts)"
            );
            f.missing_any(&["center", "between"], message)
        }
        (true, None) => Some(ForceSpec::CentralPoint {
            center: f.vec3(r, "center")?,
            strength: strength?,
        }),
        (false, Some(raw)) => {
            let what = format!("`between` in {label}");
            let pair = pair(r, &what, raw, bodies);
            if pair.is_none() {
                f.fail();
            }
            let (a, b) = pair?;
            Some(ForceSpec::CentralBetween {
                a,
                b,
                strength: strength?,
            })
        }
    }
}

/// The two different bodies named in the array `raw`.
fn pair(
    r: &mut Report<'_>,
    what: &str,
    raw: &value::Raw<'_>,
    bodies: &Roster<'_>,
) -> Option<(usize, usize)> {
    let items = match raw.get_ref() {
        DeValue::Array(items) if items.len() == 2 => items,
        other => {
            let found = match other {
                DeValue::Array(items) => format!("{} names", items.len()),
                other => value::kind(other).to_string(),
            };
            r.error(
                raw.span(),
                format!("{what} must be an array of 2 body names, found {found}"),
            );
            return None;
        }
    };
    let a = bodies.resolve(r, what, &items[0], Role::Anchor);
    let b = bodies.resolve(r, what, &items[1], Role::Anchor);
    let (a, b) = (a?, b?);
    if a == b {
        let name = bodies.name(a);
        let message =
            format!("{what} names body {name:?} twice; the attraction needs two different bodies");
        r.error(items[1].span(), message);
        return None;
    }
    Some((a, b))
}
