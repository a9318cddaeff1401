//! Lesson prose (a step's `text`, a quiz's `hint` and `explain`): Markdown as written, with its
//! placeholders, its worked-number spans and the numbers the prose check compares with the engine.

use std::ops::{Deref, Range};

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag};

use super::arithmetic::{self, Chain};
use super::numbers::{self, Quoted};
use super::parse::Reader;
use super::placeholder::{self, Placeholder};
use super::tomlstr;
use crate::scene::value::{self, Raw, Report};
use crate::scene::Scene;

/// Opens a worked-number span: arithmetic the author did, not a value of the engine.
pub const WORKED_OPEN: &str = "[[";
/// Closes a worked-number span.
pub const WORKED_CLOSE: &str = "]]";
/// The info string of a fenced code block that holds worked arithmetic (```` ```worked ````).
pub const WORKED_BLOCK: &str = "worked";

/// What stands for placeholder 0 in [`Prose::template`]; placeholder `k` is this plus `k`.
const FIRST_VALUE: u32 = 0xF_0000;
/// What stands for a worked-number marker in [`Prose::template`] (shown as nothing).
pub const MARKER: char = '\u{E000}';

/// A piece of prose as written, with what the loader found in it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prose {
    /// The text as written: Markdown with placeholders and worked spans.
    pub source: String,
    /// The placeholders, in order.
    pub placeholders: Vec<Placeholder>,
    /// The worked-number spans `[[…]]` (markers included), in bytes of `source`.
    pub worked: Vec<Range<usize>>,
    /// The numbers written outside placeholders and worked spans that the prose check compares.
    pub numbers: Vec<Quoted>,
    /// The arithmetic chains (`a × b = c`) that the prose check recomputes, worked spans included.
    pub arithmetic: Vec<Chain>,
}

impl Deref for Prose {
    type Target = str;

    fn deref(&self) -> &str {
        &self.source
    }
}

impl Prose {
    /// The source with each placeholder replaced by one character that [`value_index`] reads
    /// back, and each worked-span marker by [`MARKER`]: Markdown that a renderer parses without
    /// mistaking a value for syntax.
    pub fn template(&self) -> String {
        let mut cuts: Vec<(Range<usize>, String)> = self
            .placeholders
            .iter()
            .enumerate()
            .map(|(k, p)| (p.range.clone(), value_char(k).to_string()))
            .collect();
        for span in &self.worked {
            let close = span.end - WORKED_CLOSE.len();
            cuts.push((
                span.start..span.start + WORKED_OPEN.len(),
                MARKER.to_string(),
            ));
            cuts.push((close..span.end, MARKER.to_string()));
        }
        cuts.sort_by_key(|(range, _)| range.start);
        let mut out = String::new();
        let mut at = 0;
        for (range, with) in cuts {
            out.push_str(&self.source[at..range.start]);
            out.push_str(&with);
            at = range.end;
        }
        out.push_str(&self.source[at..]);
        out
    }
}

/// The character that stands for placeholder `k` in a template.
pub fn value_char(k: usize) -> char {
    u32::try_from(k)
        .ok()
        .and_then(|k| char::from_u32(FIRST_VALUE + k))
        .unwrap_or(MARKER)
}

/// Which placeholder a template character stands for, if it stands for one.
pub fn value_index(c: char) -> Option<usize> {
    let k = u32::from(c).checked_sub(FIRST_VALUE)?;
    (k < 0xFFFE).then_some(k as usize)
}

/// Reads the prose `raw` (`what` names it in messages) of a step in `scene`: its placeholders
/// are checked against the scene, each problem located inside the string.
pub(crate) fn read(
    raw: &Raw<'_>,
    what: &str,
    scene: Option<&Scene>,
    reader: &Reader<'_>,
    r: &mut Report<'_>,
) -> Option<Prose> {
    let text = value::string(r, what, raw)?;
    let span = raw.span();
    let origin = tomlstr::decode(&reader.text[span.clone()])
        .filter(|(decoded, _)| decoded == text)
        .map(|(_, origin)| origin);
    // A byte range of the prose as a byte range of the file (the whole string when unknown).
    let locate = |range: Range<usize>| match &origin {
        Some(origin) if range.start < origin.len() => {
            let start = span.start + origin[range.start];
            let last = span.start + origin[range.end.clamp(range.start + 1, origin.len()) - 1];
            start..(last + 1).max(start + 1)
        }
        _ => span.clone(),
    };
    let mut ok = true;
    let mut placeholders = placeholders(text, scene, &mut |range, message| {
        r.error(locate(range), format!("{what}: {message}"));
        ok = false;
    });
    for p in &mut placeholders {
        p.place = reader.place(&locate(p.range.clone()));
    }
    let worked = worked_spans(text, &placeholders, &mut |range, message| {
        r.error(locate(range), format!("{what}: {message}"));
        ok = false;
    });
    let mut skipped: Vec<Range<usize>> = placeholders.iter().map(|p| p.range.clone()).collect();
    skipped.extend(worked.iter().cloned());
    skipped.extend(worked_blocks(text));
    let numbers = numbers::quoted(text, &skipped, |offset| {
        let at = locate(offset..offset + 1).start;
        reader.place(&(at..at + 1))
    });
    let ranges: Vec<Range<usize>> = placeholders.iter().map(|p| p.range.clone()).collect();
    let mut arithmetic = arithmetic::chains(text, &ranges);
    for segment in arithmetic.iter_mut().flat_map(|c| &mut c.segments) {
        segment.places = segment
            .spans
            .iter()
            .map(|span| {
                let at = locate(span.start..span.start + 1).start;
                reader.place(&(at..at + 1))
            })
            .collect();
    }
    ok.then(|| Prose {
        source: text.to_string(),
        placeholders,
        worked,
        numbers,
        arithmetic,
    })
}

/// A problem found in prose, at a byte range of it.
type Complaint<'c> = &'c mut dyn FnMut(Range<usize>, String);

fn placeholders(text: &str, scene: Option<&Scene>, complain: Complaint<'_>) -> Vec<Placeholder> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find("{{") {
        let open = at + found;
        let inner_start = open + 2;
        let Some(length) = text[inner_start..].find("}}") else {
            complain(
                open..inner_start,
                "`{{` opens a placeholder that no `}}` closes".into(),
            );
            break;
        };
        let inner = &text[inner_start..inner_start + length];
        match placeholder::read(inner, open, scene) {
            Ok(p) => out.push(p),
            Err((range, message)) => {
                complain(
                    inner_start + range.start..inner_start + range.end.max(range.start + 1),
                    message,
                );
            }
        }
        at = inner_start + length + 2;
    }
    out
}

fn worked_spans(
    text: &str,
    placeholders: &[Placeholder],
    complain: Complaint<'_>,
) -> Vec<Range<usize>> {
    let inside = |k: usize| placeholders.iter().any(|p| p.range.contains(&k));
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find(WORKED_OPEN) {
        let open = at + found;
        if inside(open) {
            at = open + WORKED_OPEN.len();
            continue;
        }
        let inner_start = open + WORKED_OPEN.len();
        let Some(length) = text[inner_start..].find(WORKED_CLOSE) else {
            complain(
                open..inner_start,
                "`[[` opens a worked-number span that no `]]` closes".into(),
            );
            break;
        };
        let end = inner_start + length + WORKED_CLOSE.len();
        out.push(open..end);
        at = end;
    }
    out
}

/// The fenced code blocks whose info string is [`WORKED_BLOCK`].
fn worked_blocks(text: &str) -> Vec<Range<usize>> {
    Parser::new(text)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some(WORKED_BLOCK) =>
            {
                Some(range)
            }
            _ => None,
        })
        .collect()
}
