//! The contact panel: first contact in this frame (absolute and as a fraction of the frame), the
//! last separating axis, the kind, the point and normal, and the frame's events.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::advance_steps::advance_lines;
use super::particle_step::particle_lines;
use super::soft_step::{soft_step_lines, soft_step_summary, PANEL_WIDE};
use super::{integrator, App};
use crate::lesson::{Mask, HIDDEN};
use crate::trace::EventRecord;

/// The panel's lines about the selected pair's first contact in this frame, what the app's
/// mask hides shown as `?` (a hidden kind hides the features that name it too), with the soft
/// step's lines right after the first one and, at a lesson step that works the course's method,
/// its lines at the end.
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let mut out = first_contact_lines(app);
    // A pair the soft step holds: what it did comes right after the first line.
    let held = soft_step_lines(app, true).into_iter().map(Line::from);
    let at = out.len().min(1);
    out.splice(at..at, held);
    // A lesson step that works the course's method at the pair: its steps after the contact.
    let method = advance_lines(app, true)
        .into_iter()
        .chain(particle_lines(app, true));
    out.extend(method.map(Line::from));
    out
}

/// The panel's lines as a panel narrower than [`PANEL_WIDE`] shows them: the soft step's short
/// lines and the advancement's steps first, so that they stay in view, then the first contact.
fn narrow_lines(app: &App) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = soft_step_lines(app, false)
        .into_iter()
        .chain(advance_lines(app, false))
        .chain(particle_lines(app, false))
        .map(Line::from)
        .collect();
    out.extend(first_contact_lines(app));
    out
}

/// The lines about the selected pair's first contact in this frame.
fn first_contact_lines(app: &App) -> Vec<Line<'static>> {
    let mask = app.mask();
    let time = app.record().time;
    let dt = app.scene().world.dt;
    let mut out = Vec::new();
    match app
        .pair()
        .and_then(|pair| pair.contact.as_ref().map(|c| (pair, c)))
    {
        Some((pair, contact)) => {
            let fraction = (contact.time - time) / dt;
            let tied = mask.ties(&[contact.time, fraction, contact.time - time]);
            out.push(Line::from(format!(
                "first contact   t = {} s, {} of the frame ({},{})",
                mask.fixed_if(tied, contact.time, 5),
                mask.fixed_if(tied, fraction, 3),
                pair.a,
                pair.b
            )));
            // Only box pairs have axes; any pair that touches at the frame start has none.
            let last = match contact.axis.as_deref() {
                Some(axis) => Some(mask.word(axis)),
                None if contact.time <= time => {
                    Some("none: already overlapping at the frame start".to_string())
                }
                None => None,
            };
            if let Some(last) = last {
                out.push(Line::from(format!("last separating {last}")));
            }
            let features = if mask.hides_word(&contact.kind) {
                HIDDEN.to_string()
            } else {
                mask.text(&contact.features)
            };
            out.push(Line::from(format!(
                "kind            {}: {features}",
                mask.word(&contact.kind)
            )));
            out.push(Line::from(format!(
                "point           {}",
                mask.coordinates(&contact.point, 3)
            )));
            out.push(Line::from(format!(
                "normal          {}",
                mask.coordinates(&contact.normal, 3)
            )));
        }
        // A scene of one body (a triangle under rays) has no pair to touch: nothing to say.
        None if app.scene().bodies.len() < 2 => {}
        None => out.push(Line::from(format!(
            "no contact in this frame (searched t = {} to {} s)",
            mask.fixed(time, 3),
            mask.fixed(time + dt, 3)
        ))),
    }
    out
}

/// One event with its response, what `mask` hides shown as `?`.
pub fn event_text(event: &EventRecord, mask: &Mask) -> String {
    format!(
        "event {} {},{} t = {} s at {}{}: normal {}, impulse {}",
        mask.word(&event.kind),
        event.a,
        event.b,
        mask.fixed(event.time, 5),
        mask.coordinates(&event.point, 3),
        event
            .axis
            .as_deref()
            .map_or_else(String::new, |a| format!(" ({})", mask.word(a))),
        mask.coordinates(&event.normal, 3),
        mask.fixed(event.impulse, 3)
    )
}

/// The one-line summary of the compact layout, what the app's mask hides shown as `?`.
pub fn summary(app: &App) -> String {
    let mask = app.mask();
    let time = app.record().time;
    let dt = app.scene().world.dt;
    let events = app.record().events.len();
    let contact = app.pair().and_then(|pair| pair.contact.as_ref());
    // The last separating axis, then the kind; an overlap has no axis and says so once.
    let mut text = match (soft_step_summary(app), contact) {
        (Some(held), _) => held,
        (None, Some(c)) => {
            let fraction = (c.time - time) / dt;
            let tied = mask.ties(&[c.time, fraction, c.time - time]);
            format!(
                "contact t={} s ({} of frame) {}{} at {}",
                mask.fixed_if(tied, c.time, 5),
                mask.fixed_if(tied, fraction, 2),
                c.axis
                    .as_deref()
                    .map_or_else(String::new, |a| format!("{} ", mask.word(a))),
                mask.word(&c.kind),
                mask.coordinates(&c.point, 3)
            )
        }
        (None, None) => "no contact in this frame".to_string(),
    };
    if events > 0 {
        let since = app.record().frame.saturating_sub(1);
        let _ = write!(text, ", {events} event(s) since frame {since}");
    }
    text
}

/// [`summary`] in at most `room` characters: whole when it fits, else without its count of
/// events, else cut after its last whole word with `~`, so that no word is cut.
pub fn summary_in(app: &App, room: usize) -> String {
    let text = summary(app);
    if text.chars().count() <= room {
        return text;
    }
    let text = match text.rfind(", ") {
        Some(at) if text[at..].contains(" event(s) since frame ") => text[..at].to_string(),
        _ => text,
    };
    if text.chars().count() <= room {
        return text;
    }
    let kept: String = text.chars().take(room.saturating_sub(1)).collect();
    let whole = match kept.rfind(' ') {
        Some(space) => kept[..space].trim_end().to_string(),
        None => kept,
    };
    format!("{whole}~")
}

/// The contact panel's lines: the pair's contact, the rays and distances of the scene, then the
/// frame's events (what a lesson pane shows where the panel has no room).
pub fn panel_lines(app: &App) -> Vec<Line<'static>> {
    let mut lines = lines(app);
    lines.extend(super::Probes::of(app).lines(app));
    let since = app.record().frame.saturating_sub(1);
    let events = &app.record().events;
    if !events.is_empty() {
        lines.push(Line::from(format!("events since frame {since}:")));
        lines.extend(
            events
                .iter()
                .map(|event| Line::from(event_text(event, app.mask()))),
        );
    }
    lines
}

/// Draws the bordered contact panel: the first contact, the scene's rays and distances at this
/// frame, then the frame's events a page at a time.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let probes = super::Probes::of(app);
    let title = if probes.is_empty() {
        " contact "
    } else {
        " contact, rays and distances "
    };
    let block = Block::bordered().border_set(theme.border()).title(title);
    let inner = block.inner(area);
    block.render(area, buf);
    let width = usize::from(inner.width).max(1);
    let rows_of = |text: &str| text.chars().count().div_ceil(width).max(1);
    let mut lines = if usize::from(inner.width) < PANEL_WIDE {
        narrow_lines(app)
    } else {
        lines(app)
    };
    // The distances' numbers only when every line still fits: they never push a distance out.
    let rows =
        |list: &[Line<'static>]| -> usize { list.iter().map(|l| rows_of(&l.to_string())).sum() };
    let with_terms = probes.lines(app);
    let events_row = usize::from(app.scene().bodies.len() >= 2);
    if rows(&lines) + rows(&with_terms) + events_row <= usize::from(inner.height) {
        lines.extend(with_terms);
    } else {
        lines.extend(probes.lines_with(app, false));
    }
    let used: usize = rows(&lines);
    let events: Vec<String> = app
        .record()
        .events
        .iter()
        .map(|event| event_text(event, app.mask()))
        .collect();
    // A record holds the events found stepping into its frame, from the frame before.
    let since = app.record().frame.saturating_sub(1);
    if app.scene().bodies.len() < 2 {
        // One body: no pair, so no contact events to list.
    } else if app.record().frame == 0 {
        lines.push(Line::from("events          none before the first frame"));
    } else if events.is_empty() {
        lines.push(Line::from(format!(
            "events          none since frame {since}"
        )));
    } else {
        lines.push(Line::from(format!("events since frame {since}:")));
        let tallest = events.iter().map(|e| rows_of(e)).max().unwrap_or(1);
        let room = usize::from(inner.height).saturating_sub(used) / tallest;
        let (first, end, note) = integrator::page(events.len(), room, app.list_page(), theme);
        lines.extend(events[first..end].iter().map(|e| Line::from(e.clone())));
        if !note.is_empty() {
            lines.push(Line::styled(format!("events {note}"), theme.dim()));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
