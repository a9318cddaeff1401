//! Reading a step's `expect` entries: facts about a pair or the integrator at the step's frame.

use toml::de::DeValue;

use super::body;
use super::model::{Expectation, Fact, Place};
use super::parse::{axis_name, pair, Reader};
use crate::scene::fields::Fields;
use crate::scene::value::{self, Raw, Report};
use crate::scene::Scene;

/// The contact kinds a lesson may expect: the engine's one list.
pub const CONTACT_KINDS: &[&str] = crate::trace::CONTACT_KINDS;

/// The stages a lesson may expect.
pub const STAGES: &[&str] = &["spheres", "aabbs", "sat", "exact"];

/// Default allowed difference for `contact_time`, in seconds.
pub const DEFAULT_TIME_TOLERANCE: f64 = 1e-3;

/// Default allowed difference for each component of a body's `position` or `velocity`.
pub const DEFAULT_BODY_TOLERANCE: f64 = 1e-3;

/// Default allowed difference for `energy`, relative to the expected energy (at least 1e-3 J).
pub const DEFAULT_ENERGY_TOLERANCE: f64 = 1e-3;

/// Reads the array `expect = [{ ... }, ...]` of step `label`.
pub(crate) fn read(
    raw: &Raw<'_>,
    label: &str,
    scene: Option<&Scene>,
    reader: &Reader<'_>,
    r: &mut Report<'_>,
) -> Option<Vec<Expectation>> {
    let DeValue::Array(items) = raw.get_ref() else {
        r.error(raw.span(), format!("`expect` in {label} must be an array of tables, like [{{ pair = [\"A\", \"B\"], intersecting = false }}]"));
        return None;
    };
    let mut out = Vec::new();
    for (index, item) in items.iter().enumerate() {
        out.extend(entry(
            item,
            &format!("expectation {} of {label}", index + 1),
            scene,
            reader,
            r,
        ));
    }
    (out.len() == items.len()).then_some(out)
}

fn entry(
    raw: &Raw<'_>,
    what: &str,
    scene: Option<&Scene>,
    reader: &Reader<'_>,
    r: &mut Report<'_>,
) -> Option<Expectation> {
    let table = value::table(r, what, raw)?;
    let mut f = Fields::new(table, raw.span(), what.to_string());
    let pair = f
        .raw("pair")
        .map(|p| pair(p, &format!("`pair` in {what}"), scene, r));
    let mut facts = Vec::new();
    let mut ok = true;
    let at = |f: &Fields<'_, '_>, key: &str| reader.place(&f.span_of(key));
    if let Some(b) = f.boolean(r, "intersecting") {
        facts.push((at(&f, "intersecting"), Fact::Intersecting(b)));
    }
    for (key, allow_none) in [("separating_axis", true), ("contact_axis", true)] {
        if let Some(raw) = f.raw(key) {
            match axis_name(raw, &format!("`{key}` in {what}"), r, allow_none) {
                Ok(axis) => facts.push((
                    reader.place(&raw.span()),
                    if key == "separating_axis" {
                        Fact::SeparatingAxis(axis)
                    } else {
                        Fact::ContactAxis(axis)
                    },
                )),
                Err(_) => ok = false,
            }
        }
    }
    let tolerance = f.positive(r, "tolerance");
    if let Some(time) = f.non_negative(r, "contact_time") {
        let tolerance = tolerance.unwrap_or(DEFAULT_TIME_TOLERANCE);
        facts.push((
            at(&f, "contact_time"),
            Fact::ContactTime { time, tolerance },
        ));
    }
    if let Some(kind) = f.choice(r, "contact_kind", CONTACT_KINDS) {
        facts.push((at(&f, "contact_kind"), Fact::ContactKind(kind.to_string())));
    }
    if let Some(stage) = f.choice(r, "stage", STAGES) {
        facts.push((at(&f, "stage"), Fact::Stage(stage.to_string())));
    }
    if let Some(bound) = f.positive(r, "error_estimate_below") {
        facts.push((
            at(&f, "error_estimate_below"),
            Fact::ErrorEstimateBelow(bound),
        ));
    }
    if let Some(n) = f.count(r, "events", (0, 1_000_000)) {
        facts.push((at(&f, "events"), Fact::Events(n)));
    }
    if let Some(total) = f.number(r, "energy") {
        let tolerance = tolerance.unwrap_or(DEFAULT_ENERGY_TOLERANCE * total.abs().max(1.0));
        facts.push((at(&f, "energy"), Fact::Energy { total, tolerance }));
    }
    ok &= body::read(&mut f, what, scene, tolerance, reader, r, &mut facts);
    let numeric = ["contact_time", "energy", "position", "velocity"];
    if tolerance.is_some() && numeric.iter().all(|key| f.raw(key).is_none()) {
        r.error(
            f.span_of("tolerance"),
            format!("`tolerance` in {what} goes with `contact_time`, `energy`, `position` or `velocity`"),
        );
        ok = false;
    }
    let needs_pair = facts.iter().any(|(_, fact)| fact.needs_pair());
    if needs_pair && pair.is_none() {
        f.missing::<()>("pair", "the two bodies the facts are about");
    }
    let place: Place = reader.place(&raw.span());
    let finished = f.finish(r);
    if finished && ok && facts.is_empty() {
        r.error(raw.span(), format!("{what} states no fact: give `intersecting`, `separating_axis`, `contact_time`, `contact_axis`, `contact_kind`, `stage`, `events`, `energy`, a body's `position` or `velocity`, or `error_estimate_below`"));
        return None;
    }
    let pair = match pair {
        Some(p) => Some(p?),
        None => None,
    };
    (finished && ok).then_some(Expectation { place, pair, facts })
}
