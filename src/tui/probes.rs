//! The scene's rays and measured distances at the current frame: their records for the picture,
//! and one line each for the contact panel.

use ratatui::text::Line;

use super::App;
use crate::trace::{
    measure_record, ray_record, CourseTestRecord, MeasureRecord, RayRecord, TermRecord,
};

/// The contact panel's heading over the rays.
pub(crate) const RAYS_HEADING: &str = "rays: the body hit and t, leg by leg";

/// The contact panel's heading over the measured distances.
pub(crate) const MEASURES_HEADING: &str = "distances, closest points apart, by method";

/// The records of the scene's rays and distances among the bodies of the current frame.
#[derive(Clone, Debug, Default)]
pub struct Probes {
    /// Every ray, in scene order.
    pub rays: Vec<RayRecord>,
    /// Every distance, in scene order.
    pub measures: Vec<MeasureRecord>,
    /// Whether each distance states an open question's answer (the picture's label hides it).
    pub hidden_distances: Vec<bool>,
}

impl Probes {
    /// The app's rays and distances at its current frame.
    pub fn of(app: &App) -> Probes {
        let (scene, bodies) = (app.scene(), &app.record().specs);
        let measures: Vec<MeasureRecord> = scene
            .measures
            .iter()
            .map(|m| measure_record(m, bodies, &scene.figures))
            .collect();
        let mask = app.mask();
        Probes {
            rays: scene.rays.iter().map(|r| ray_record(r, bodies)).collect(),
            hidden_distances: measures
                .iter()
                .map(|m| {
                    mask.hides(m.distance)
                        || mask.hides_printed(&crate::trace::fixed(m.distance, 3))
                })
                .collect(),
            measures,
        }
    }

    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.rays.is_empty() && self.measures.is_empty()
    }

    /// A heading and one line per ray (its origin, the body each leg hits with its length `t`),
    /// then a
    /// heading and one line per distance (its length and method), what the app's mask hides
    /// shown as `?`.
    pub fn lines(&self, app: &App) -> Vec<Line<'static>> {
        self.lines_with(app, true)
    }

    /// [`Probes::lines`], with the course's numbers under each distance only when `terms`.
    pub fn lines_with(&self, app: &App, terms: bool) -> Vec<Line<'static>> {
        let mask = app.mask();
        let ascii = app.theme().ascii;
        let mut out = Vec::new();
        if !self.rays.is_empty() {
            out.push(Line::from(RAYS_HEADING));
        }
        for ray in &self.rays {
            let legs: Vec<String> = ray
                .legs
                .iter()
                .map(|leg| match &leg.hit {
                    Some(hit) => format!("{} {}", hit.body, mask.fixed(hit.t, 3)),
                    None => "then leaves".to_string(),
                })
                .collect();
            out.push(Line::from(format!(
                "  {} from {}: {}",
                ray.name,
                short_coordinates(mask, &ray.origin),
                legs.join(", ")
            )));
            for test in &ray.course {
                out.extend(course_lines(mask, test).map(|l| plain(l, ascii)));
            }
        }
        if !self.measures.is_empty() {
            out.push(Line::from(MEASURES_HEADING));
        }
        for m in &self.measures {
            let parallel = if m.parallel { ", parallel" } else { "" };
            out.push(Line::from(format!(
                "  {}-{}: {} by {}{parallel}",
                m.a,
                m.b,
                mask.fixed(m.distance, 4),
                m.method
            )));
            if terms {
                out.extend(
                    term_lines(mask, &m.terms)
                        .into_iter()
                        .map(|l| plain(l, ascii)),
                );
            }
        }
        out
    }
}

/// Two lines of the course's ray–triangle test: `N`, `N·d` and `t`, then the dropped coordinate,
/// the three edge products and the verdict (each within 40 columns for the usual small numbers).
fn course_lines(mask: &crate::lesson::Mask, test: &CourseTestRecord) -> [Line<'static>; 2] {
    let t = test
        .t
        .map_or_else(|| "none".to_string(), |t| short(mask, t));
    let products = test.edge_products.map_or_else(
        || "no products".to_string(),
        |p| p.map(|x| short(mask, x)).join(", "),
    );
    [
        Line::from(format!(
            "    {}: N {}, N·d {}, t {t}",
            test.body,
            short_coordinates(mask, &test.normal),
            short(mask, test.normal_dot_direction),
        )),
        Line::from(format!(
            "    drop {}; {products}: {}",
            mask.word(test.dropped),
            mask.text(&test.verdict)
        )),
    ]
}

/// The closed form's named numbers, `name value` joined by commas, packed into lines of at most
/// 38 columns (the contact panel's width at 120×40) indented under their distance.
fn term_lines(mask: &crate::lesson::Mask, terms: &[TermRecord]) -> Vec<Line<'static>> {
    const WIDTH: usize = 38;
    let mut lines: Vec<String> = Vec::new();
    for term in terms {
        let item = format!("{} {}", term.name, short(mask, term.value));
        match lines.last_mut() {
            Some(line) if line.chars().count() + 2 + item.chars().count() <= WIDTH => {
                line.push_str(", ");
                line.push_str(&item);
            }
            _ => lines.push(format!("    {item}")),
        }
    }
    lines.into_iter().map(Line::from).collect()
}

/// The line in ASCII when `ascii` (the course's Greek letters spelt out, `·` as `.`, `²` as
/// `^2`), else as it is.
fn plain(line: Line<'static>, ascii: bool) -> Line<'static> {
    if !ascii {
        return line;
    }
    let mut text = line.to_string();
    for (from, to) in [
        ("λ", "lambda"),
        ("μ", "mu"),
        ("α", "alpha"),
        ("β", "beta"),
        ("γ", "gamma"),
        ("·", "."),
        ("²", "^2"),
    ] {
        text = text.replace(from, to);
    }
    Line::from(text)
}

/// A number with up to 3 decimals and no trailing zeros, `?` when `mask` hides it.
fn short(mask: &crate::lesson::Mask, x: f64) -> String {
    let text = mask.fixed(x, 3);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A point as `(x, y, z)` with up to 3 decimals and no trailing zeros (`(-6, 4, 0.25)`), what
/// `mask` hides shown as `?`.
fn short_coordinates(mask: &crate::lesson::Mask, v: &[f64; 3]) -> String {
    let [x, y, z] = v.map(|c| short(mask, c));
    format!("({x}, {y}, {z})")
}
