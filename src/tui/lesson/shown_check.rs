//! Whether what a step's prose points at is on its screen: the contact panel and the pipeline
//! line its text names (or its `show` asks for), and the table rows its `show` and its question's
//! choices name, at every size `sepax check` reads, with the question open.

use ratatui::buffer::Buffer;

use super::leaks::{drawn, each_step, rows_of, LEAK_SIZES};
use super::{contact_room, Leak, Player};
use crate::lesson::{Answer, Lesson, Shown, TableAxis};

/// How prose names the contact panel.
const CONTACT_PANEL: &str = "contact panel";

/// How prose names the pipeline line.
const PIPELINE_LINE: &str = "pipeline line";

/// How prose names the lines under a surface pair's table (the tree walk, Möller's test).
const UNDER_TABLE: &str = "lines under the table";

/// Every step of `lesson` whose prose points at something its screen does not show, at each of
/// the sizes `sepax check` reads.
pub fn missing(lesson: &Lesson) -> Vec<Leak> {
    let mut out = Vec::new();
    each_step(lesson, |size, k, player| {
        let step = &lesson.steps[k];
        let wants_contact = step.show.contains(&Shown::Contact)
            || step.text.source.to_lowercase().contains(CONTACT_PANEL);
        let wants_lines = step.text.source.to_lowercase().contains(UNDER_TABLE);
        let rows = wanted_rows(lesson, k);
        let wants_checks = step.show.contains(&Shown::Checks);
        let wants_pipeline = step.show.contains(&Shown::Pipeline)
            || step.text.source.to_lowercase().contains(PIPELINE_LINE);
        if !wants_contact && !wants_lines && !wants_checks && !wants_pipeline && rows.is_empty() {
            return;
        }
        let (buffer, debugger) = drawn(player);
        let screen = rows_of(&without_summary(&buffer, player), buffer.area);
        let table = rows_of(&buffer, debugger);
        let mut say = |what: String| {
            out.push(Leak {
                step: k,
                size,
                what,
            });
        };
        if wants_contact && !screen.iter().any(|line| is_contact_line(line)) {
            let summary = contact_room::summary_area(player).is_some();
            let only = if summary {
                ", only its one-line summary"
            } else {
                ""
            };
            say(format!("the prose is about the contact panel, which is not on screen{only} (show = [\"contact\"] brings it up)"));
        }
        if wants_lines && !table.iter().any(|line| is_under_table_line(line)) {
            say("the prose is about the lines under the table, which are not on screen".into());
        }
        if wants_checks && !screen.iter().any(|line| is_checks_line(line)) {
            say("the prose is about the lines under the table (Möller's test, a tree walk), which are not on screen".into());
        }
        if wants_pipeline && !screen.iter().any(|line| is_pipeline_line(line)) {
            say("the prose is about the pipeline line, which is not on screen (show = [\"pipeline\"] brings it up)".into());
        }
        for row in rows {
            if !table.iter().any(|line| is_row(line, &row)) {
                say(format!("row {row} of the table, which the step points at, is not on screen (show = [\"table:{row}\"] keeps it in view)"));
            }
        }
    });
    out
}

/// How many screens [`missing`] reads.
pub fn pointed_screens(lesson: &Lesson) -> usize {
    let pointing = (0..lesson.steps.len())
        .filter(|&k| {
            let step = &lesson.steps[k];
            step.show.contains(&Shown::Contact)
                || step.show.contains(&Shown::Checks)
                || step.text.source.to_lowercase().contains(CONTACT_PANEL)
                || step.show.contains(&Shown::Pipeline)
                || step.text.source.to_lowercase().contains(UNDER_TABLE)
                || step.text.source.to_lowercase().contains(PIPELINE_LINE)
                || !wanted_rows(lesson, k).is_empty()
        })
        .count();
    pointing * LEAK_SIZES.len()
}

/// The rows step `k` points at: its `show` rows and the choices of its question that are row
/// names.
pub(super) fn wanted_rows(lesson: &Lesson, k: usize) -> Vec<String> {
    let step = &lesson.steps[k];
    let mut rows: Vec<String> = step
        .show
        .iter()
        .filter_map(|s| match s {
            Shown::Row(axis) => Some(axis.to_string()),
            Shown::Contact
            | Shown::Checks
            | Shown::Method
            | Shown::Pipeline
            | Shown::Matrices(_) => None,
        })
        .collect();
    if let Some(Answer::Choice { choices, .. }) = step.quiz.as_ref().map(|q| &q.answer) {
        rows.extend(
            choices
                .iter()
                .filter(|c| TableAxis::parse(c).is_some())
                .cloned(),
        );
    }
    rows.dedup();
    rows
}

/// `buffer` with the debugger's one-line contact summary blanked: the summary is not the panel.
fn without_summary(buffer: &Buffer, player: &Player) -> Buffer {
    let mut out = buffer.clone();
    if let Some(area) = contact_room::summary_area(player) {
        let area = area.intersection(out.area);
        for y in area.top()..area.bottom() {
            for x in area.left()..area.right() {
                out[(x, y)].set_symbol(" ");
            }
        }
    }
    out
}

/// Whether a screen line is the contact panel's first line, the first of
/// the soft step's lines (a narrow panel puts them first), or the start of the heading of its
/// rays or distances (a scene of one body has no contact line above them; a narrow panel wraps
/// the headings).
fn is_contact_line(line: &str) -> bool {
    use crate::tui::probes::{MEASURES_HEADING, RAYS_HEADING};
    let start = |heading: &str| {
        heading
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    };
    line.contains("first contact")
        || line.contains("soft step       ")
        || line.contains("substeps        ")
        || line.contains("no contact in this frame")
        || line.contains(&start(RAYS_HEADING))
        || line.contains(&start(MEASURES_HEADING))
}

/// Whether a screen line is the first of the lines under a table: Möller's verdict, or the
/// signed distances it starts from, or a mesh's tree walk.
fn is_checks_line(line: &str) -> bool {
    line.contains("Moller:") || line.contains("corners to A's plane") || line.contains("tree of ")
}

/// Whether a screen line is the pipeline line (`pipeline P,Q: …`, in the debugger or the pane).
fn is_pipeline_line(line: &str) -> bool {
    line.split('│').any(|part| {
        part.trim_start()
            .strip_prefix("pipeline ")
            .is_some_and(|rest| rest.starts_with("no pairs") || rest.contains(": "))
    })
}

/// Whether a line of the debugger is one of the lines under a surface pair's table.
fn is_under_table_line(line: &str) -> bool {
    let line = line.trim_start_matches(['│', ' ']);
    line.starts_with("tree of ") || line.starts_with("Moller: ")
}

/// Whether a line of the debugger is the table row `name`.
fn is_row(line: &str, name: &str) -> bool {
    line.split('│').any(|cell| {
        let cell = cell.trim_start().trim_start_matches('>');
        cell.strip_prefix(name).is_some_and(|rest| {
            rest.starts_with(' ')
                && rest
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '?')
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_contact_lines_are_recognised() {
        assert!(is_row("│>A0xE0    12.000    2.828 │", "A0xE0"));
        assert!(is_row(" A1            ?        ?", "A1"));
        assert!(!is_row(" A1xE0     0.000", "A1"));
        assert!(!is_row(" pipeline A1 separates", "A1"));
        assert!(is_contact_line(
            "│first contact   t = 0.26430 s, 0.429 of the frame (cube,T)│"
        ));
        assert!(!is_contact_line(" the contact point"));
        assert!(is_contact_line("│soft step       4 points, sticking   │"));
        assert!(is_contact_line("│substeps        8, 1 sweep each, 90 Hz│"));
        assert!(!is_contact_line(" the soft step holds them"));
        assert!(is_under_table_line(
            "tree of floor: 4 nodes visited, 1 of 32 triangles tested      │"
        ));
        assert!(is_under_table_line(
            "│Moller: intersecting, by the intervals"
        ));
        assert!(!is_under_table_line(" the tree of boxes"));
        assert!(is_contact_line("│rays: the body hit and t, leg by leg  │"));
        assert!(is_contact_line("│distances, closest points apart, by   │"));
        assert!(is_checks_line(
            "│Moller: apart, B's corners all on one side of A's plane │"
        ));
        assert!(!is_checks_line(" Möller tests two triangles"));
        assert!(is_pipeline_line(
            " pipeline P,Q: spheres overlap > AABBs overlap > exact apart"
        ));
        assert!(!is_pipeline_line(" the pipeline line below says apart"));
    }
}
