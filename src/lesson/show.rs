//! A step's `show`: the panel and the table rows its prose is about, which the lesson screen
//! keeps in view at every size and `sepax check` looks for on the drawn screen.

use toml::de::DeValue;

use super::axis::TableAxis;
use crate::scene::value::{self, Raw, Report};

/// One thing a step's prose points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The contact panel (where the debugger has only its one-line summary, the panel's lines
    /// in the lesson pane).
    Contact,
    /// A row of the selected pair's table (`table:A0xE0`).
    Row(TableAxis),
    /// The lines under the selected pair's table: Möller's test of two triangles (its signed
    /// distances, its intervals or its 2D test) and a mesh's tree walk (`checks`).
    Checks,
    /// The course's method worked at the selected pair, in the contact panel (`method`):
    /// conservative advancement's steps and the particle model's step at a plane.
    Method,
    /// The pipeline line: which stage decided the selected pair, and how.
    Pipeline,
    /// The block of the matrices overlay that starts at the first line containing this text
    /// (`matrices:the course's elimination`), kept in view when the overlay does not fit whole.
    Matrices(String),
}

/// The words `show` accepts.
pub const SHOW_WORDS: &[&str] = &[
    "contact",
    "checks",
    "method",
    "pipeline",
    "table:ROW",
    "matrices:TEXT",
];

/// Reads `show = ["contact", "table:A0xE0"]` of step `label`.
pub(crate) fn read(raw: &Raw<'_>, label: &str, r: &mut Report<'_>) -> Option<Vec<Shown>> {
    let what = format!("`show` in {label}");
    let DeValue::Array(items) = raw.get_ref() else {
        r.error(
            raw.span(),
            format!("{what} must be an array of strings, like [\"contact\", \"table:A0xE0\"]"),
        );
        return None;
    };
    let mut out = Vec::new();
    let mut ok = true;
    for item in items {
        let Some(word) = value::string(r, &format!("an entry of {what}"), item) else {
            ok = false;
            continue;
        };
        let shown = match word.split_once(':') {
            None if word == "contact" => Some(Shown::Contact),
            None if word == "checks" => Some(Shown::Checks),
            None if word == "method" => Some(Shown::Method),
            None if word == "pipeline" => Some(Shown::Pipeline),
            Some(("table", row)) => TableAxis::parse(row).map(Shown::Row),
            Some(("matrices", from)) if !from.trim().is_empty() => {
                Some(Shown::Matrices(from.to_string()))
            }
            _ => None,
        };
        if let Some(s) = shown {
            out.push(s);
        } else {
            ok = false;
            r.error(
                item.span(),
                format!(
                    "{what}: `{word}` is not something a step can show; write one of: {} (ROW a row of the pair's table, like A0xE0; TEXT the start of a line of the matrices overlay)",
                    SHOW_WORDS.join(", ")
                ),
            );
        }
    }
    ok.then_some(out)
}
