//! Whether one expected fact holds for the records of the step's frame.

use super::axis::TableAxis;
use super::model::Fact;
use super::records::FrameRecords;
use crate::trace::Stage;

/// What checking a fact found: its name, the expected and the actual value as text, and whether
/// it holds.
pub(crate) struct Verdict {
    pub name: &'static str,
    pub expected: String,
    pub actual: String,
    pub holds: bool,
}

/// Checks `fact` about `pair` (when the entry names one) against `records`.
pub(crate) fn evaluate(
    fact: &Fact,
    pair: Option<&(String, String)>,
    records: &mut FrameRecords<'_>,
) -> Verdict {
    match fact {
        Fact::ErrorEstimateBelow(bound) => {
            let worst = records
                .record()
                .bodies
                .iter()
                .map(|b| b.error_estimate)
                .fold(0.0, crate::math::max_nan);
            Verdict {
                name: "error_estimate_below",
                expected: format!("{bound:e}"),
                actual: format!("{worst:e}"),
                holds: worst < *bound,
            }
        }
        Fact::Events(want) => {
            let events = records.events_inside(pair.map(|(a, b)| (a.as_str(), b.as_str())));
            let times: Vec<String> = events.iter().map(|e| format!("{:.6} s", e.time)).collect();
            let actual = if times.is_empty() {
                "0".to_string()
            } else {
                format!("{} (at {})", events.len(), times.join(", "))
            };
            Verdict {
                name: "events",
                expected: want.to_string(),
                actual,
                holds: events.len() == *want,
            }
        }
        Fact::Energy { total, tolerance } => {
            let got = records.record().energy.total;
            Verdict {
                name: "energy",
                expected: format!("{total} (± {tolerance})"),
                actual: number(got),
                holds: (got - total).abs() <= *tolerance,
            }
        }
        Fact::Position {
            body,
            components,
            tolerance,
        }
        | Fact::Velocity {
            body,
            components,
            tolerance,
        } => {
            let position = matches!(fact, Fact::Position { .. });
            let got = records
                .body(body)
                .map(|b| if position { b.position } else { b.velocity });
            Verdict {
                name: if position { "position" } else { "velocity" },
                expected: format!("{body} {} (± {tolerance})", vector(components)),
                actual: got.map_or_else(|| "no such body".to_string(), |v| vector(&v.map(Some))),
                holds: got.is_some_and(|v| {
                    components
                        .iter()
                        .zip(v)
                        .all(|(want, x)| want.is_none_or(|w| (x - w).abs() <= *tolerance))
                }),
            }
        }
        _ => {
            let (a, b) = pair.cloned().unwrap_or_default();
            pair_fact(fact, &a, &b, records)
        }
    }
}

/// Checks a fact about the pair `a`, `b`: its record at the frame or its first contact.
fn pair_fact(fact: &Fact, a: &str, b: &str, records: &mut FrameRecords<'_>) -> Verdict {
    let compare = |name, expected: String, actual: Option<String>, missing: &str| Verdict {
        name,
        holds: actual.as_deref() == Some(expected.as_str()),
        expected,
        actual: actual.unwrap_or_else(|| missing.to_string()),
    };
    let axis_text =
        |axis: Option<TableAxis>| axis.map_or_else(|| "none".to_string(), |a| a.to_string());
    let none = || "none".to_string();
    match fact {
        Fact::Intersecting(want) => compare(
            "intersecting",
            want.to_string(),
            records.pair(a, b).map(|p| p.intersecting.to_string()),
            "no such pair",
        ),
        Fact::SeparatingAxis(want) => compare(
            "separating_axis",
            axis_text(*want),
            records
                .pair(a, b)
                .map(|p| p.separating_axis.clone().unwrap_or_else(none)),
            "no such pair",
        ),
        Fact::Stage(want) => compare(
            "stage",
            want.clone(),
            records.pair(a, b).map(|p| stage_name(p.stage).to_string()),
            "no such pair",
        ),
        Fact::ContactTime { time, tolerance } => {
            let got = records.contact(a, b).map(|c| c.time);
            Verdict {
                name: "contact_time",
                expected: format!("{time} (± {tolerance})"),
                actual: got.map_or_else(|| "no contact".to_string(), |t| format!("{t:.6}")),
                holds: got.is_some_and(|t| (t - time).abs() <= *tolerance),
            }
        }
        Fact::ContactAxis(want) => compare(
            "contact_axis",
            axis_text(*want),
            records
                .contact(a, b)
                .map(|c| c.axis.clone().unwrap_or_else(none)),
            "no contact",
        ),
        Fact::ContactKind(want) => compare(
            "contact_kind",
            want.clone(),
            records.contact(a, b).map(|c| c.kind.clone()),
            "no contact",
        ),
        _ => unreachable!("every frame fact is checked by `evaluate`"),
    }
}

/// A number with up to six decimals, trailing zeros dropped.
fn number(x: f64) -> String {
    let text = format!("{x:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// `[x, _, z]`.
fn vector(components: &[Option<f64>; 3]) -> String {
    let parts: Vec<String> = components
        .iter()
        .map(|c| c.map_or_else(|| "_".to_string(), number))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The lowercase name of a stage, as lessons write it.
fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Spheres => "spheres",
        Stage::Aabbs => "aabbs",
        Stage::Sat => "sat",
        Stage::Exact => "exact",
    }
}
