//! Narration text: `**bold**`, `*italic*` and `` `code` `` as styles, line breaks honoured,
//! words wrapped to a width.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::tui::Theme;

/// How a piece of narration is emphasised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emphasis {
    /// Plain text.
    Plain,
    /// Between `**` and `**`.
    Bold,
    /// Between single `*` (no space just inside, on one line).
    Italic,
    /// Between backticks.
    Code,
}

/// One source line of narration as `(text, emphasis)` pieces.
pub type Pieces = Vec<(String, Emphasis)>;

/// Splits narration into lines of emphasised pieces; a marker without its closing partner is
/// kept as text.
pub fn parse(text: &str) -> Vec<Pieces> {
    let mut lines = vec![Vec::new()];
    let mut rest = text;
    let mut plain = String::new();
    while let Some(c) = rest.chars().next() {
        let (marker, emphasis) = match c {
            '*' if rest.starts_with("**") => ("**", Emphasis::Bold),
            '*' => ("*", Emphasis::Italic),
            '`' => ("`", Emphasis::Code),
            _ => ("", Emphasis::Plain),
        };
        let closed = (!marker.is_empty())
            .then(|| rest[marker.len()..].find(marker))
            .flatten();
        let tight = |inner: &str| {
            emphasis != Emphasis::Italic
                || !(inner.starts_with(char::is_whitespace)
                    || inner.ends_with(char::is_whitespace)
                    || inner.contains('\n'))
        };
        let closed =
            closed.filter(|&end| end > 0 && tight(&rest[marker.len()..marker.len() + end]));
        if let Some(end) = closed {
            push(&mut lines, &plain, Emphasis::Plain);
            plain.clear();
            let inner = &rest[marker.len()..marker.len() + end];
            push(&mut lines, inner, emphasis);
            rest = &rest[2 * marker.len() + end..];
        } else {
            plain.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    push(&mut lines, &plain, Emphasis::Plain);
    lines
}

/// Appends `text` to the last line, starting a new line at every line break.
fn push(lines: &mut Vec<Pieces>, text: &str, emphasis: Emphasis) {
    for (k, part) in text.split('\n').enumerate() {
        if k > 0 {
            lines.push(Vec::new());
        }
        if !part.is_empty() {
            lines
                .last_mut()
                .expect("at least one line")
                .push((part.to_string(), emphasis));
        }
    }
}

/// The spans of a parsed line: bold is bold; code is coloured, or keeps its backticks without
/// colour so it still reads as code.
pub fn spans(pieces: &Pieces, theme: Theme, base: Style) -> Vec<Span<'static>> {
    pieces
        .iter()
        .map(|(text, emphasis)| match emphasis {
            Emphasis::Plain => Span::styled(text.clone(), base),
            Emphasis::Bold => Span::styled(text.clone(), base.add_modifier(Modifier::BOLD)),
            Emphasis::Italic => Span::styled(text.clone(), base.add_modifier(Modifier::ITALIC)),
            Emphasis::Code if theme.color => {
                Span::styled(text.clone(), base.patch(theme.fg(Color::Cyan)))
            }
            Emphasis::Code => Span::styled(format!("`{text}`"), base),
        })
        .collect()
}

/// Narration as styled lines wrapped to `width` columns.
pub fn render(text: &str, theme: Theme, width: u16) -> Vec<Line<'static>> {
    parse(text)
        .iter()
        .flat_map(|pieces| wrap(&spans(pieces, theme, Style::new()), width))
        .collect()
}

/// Wraps one line of spans at spaces into lines of at most `width` characters (a word may change
/// style midway; a longer word is cut); an empty line stays one empty line.
pub fn wrap(spans: &[Span<'static>], width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).max(1);
    let mut words: Vec<(bool, Vec<(char, Style)>)> = Vec::new();
    for span in spans {
        for c in span.content.chars() {
            let blank = c == ' ';
            match words.last_mut() {
                Some((b, chars)) if *b == blank => chars.push((c, span.style)),
                _ => words.push((blank, vec![(c, span.style)])),
            }
        }
    }
    let mut lines = Vec::new();
    let mut line: Vec<(char, Style)> = Vec::new();
    for (blank, mut chars) in words {
        if !line.is_empty() && line.len() + chars.len() > width {
            lines.push(finish(&mut line));
        }
        if blank && line.is_empty() {
            continue;
        }
        while chars.len() > width {
            let rest = chars.split_off(width);
            lines.push(finish(&mut chars));
            chars = rest;
        }
        line.extend(chars);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(finish(&mut line));
    }
    lines
}

/// The characters as a line of spans (one per run of a style) without trailing spaces; `line`
/// is left empty.
fn finish(line: &mut Vec<(char, Style)>) -> Line<'static> {
    while line.last().is_some_and(|(c, _)| *c == ' ') {
        line.pop();
    }
    let mut spans: Vec<Span<'static>> = Vec::new();
    for (c, style) in line.drain(..) {
        match spans.last_mut() {
            Some(span) if span.style == style => span.content.to_mut().push(c),
            _ => spans.push(Span::styled(c.to_string(), style)),
        }
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(lines: &[Line]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn bold_and_code_become_pieces_and_line_breaks_start_lines() {
        let lines = parse("an **edge** of A\nfaces `R0 + R1`.");
        assert_eq!(
            lines,
            vec![
                vec![
                    ("an ".into(), Emphasis::Plain),
                    ("edge".into(), Emphasis::Bold),
                    (" of A".into(), Emphasis::Plain),
                ],
                vec![
                    ("faces ".into(), Emphasis::Plain),
                    ("R0 + R1".into(), Emphasis::Code),
                    (".".into(), Emphasis::Plain),
                ],
            ]
        );
    }

    #[test]
    fn bold_may_span_a_line_break_and_lone_markers_stay_text() {
        let lines = parse("**two\nlines** and a * star and a ` tick");
        assert_eq!(lines[0], vec![("two".into(), Emphasis::Bold)]);
        assert_eq!(lines[1][0], ("lines".into(), Emphasis::Bold));
        assert_eq!(
            lines[1][1],
            (" and a * star and a ` tick".into(), Emphasis::Plain)
        );
        assert_eq!(parse("a ** b")[0], vec![("a ** b".into(), Emphasis::Plain)]);
        assert_eq!(parse("\n\nx").len(), 3, "blank lines are kept");
    }

    #[test]
    fn single_stars_make_italics_only_when_tight_around_a_word() {
        let lines = parse("a *unit* direction, 2 * 3 * 4, and *two\nlines*");
        assert_eq!(lines[0][1], ("unit".into(), Emphasis::Italic));
        assert_eq!(
            lines[0][2],
            (" direction, 2 * 3 * 4, and *two".into(), Emphasis::Plain)
        );
        assert_eq!(lines[1], vec![("lines*".into(), Emphasis::Plain)]);
    }

    #[test]
    fn code_keeps_its_backticks_without_colour_and_loses_them_with_colour() {
        let pieces = &parse("see `L`")[0];
        let plain = spans(pieces, Theme::new(true, false), Style::new());
        assert_eq!(Line::from(plain).to_string(), "see `L`");
        let coloured = spans(pieces, Theme::new(false, false), Style::new());
        assert_eq!(Line::from(coloured.clone()).to_string(), "see L");
        assert_eq!(coloured[1].style.fg, Some(Color::Cyan));
        let bold = spans(&parse("**b**")[0], Theme::new(true, false), Style::new());
        assert!(bold[0].style.add_modifier.contains(Modifier::BOLD));
    }

    #[test]
    fn words_wrap_at_the_width_and_long_words_are_cut() {
        let wrapped = render("one two three four", Theme::new(true, false), 9);
        assert_eq!(text_of(&wrapped), ["one two", "three", "four"]);
        let cut = render("abcdefghij xy", Theme::new(true, false), 4);
        assert_eq!(text_of(&cut), ["abcd", "efgh", "ij", "xy"]);
        assert_eq!(
            text_of(&render("a\n\nb", Theme::default(), 10)),
            ["a", "", "b"]
        );
        let styled = render("x **bold words** y", Theme::new(true, false), 6);
        assert_eq!(text_of(&styled), ["x bold", "words", "y"]);
        let joined = render("has `R1`. Then", Theme::new(false, false), 6);
        assert_eq!(
            text_of(&joined),
            ["has", "R1.", "Then"],
            "a word keeps its full stop"
        );
        assert_eq!(joined[1].spans.len(), 2, "R1 coloured, the full stop plain");
    }
}
