//! Reading Markdown events into [`Block`]s: paragraphs, list items and quotes with their
//! prefixes, code blocks line by line, emphasis as styles and placeholders as their values.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use ratatui::style::{Color, Modifier, Style};

use super::{Block, Piece};
use crate::lesson::{value_index, MARKER};
use crate::tui::Theme;

/// A container the text is inside.
enum Container {
    Quote,
    Item { marker: String, used: bool },
}

/// Turns Markdown events into blocks.
struct Builder<'v> {
    theme: Theme,
    values: &'v [String],
    out: Vec<Block>,
    pieces: Vec<Piece>,
    bold: usize,
    italic: usize,
    containers: Vec<Container>,
    /// Per open list: the next number (ordered lists), whether it is loose, items so far.
    lists: Vec<(Option<u64>, bool, usize)>,
    code: Option<String>,
    links: Vec<String>,
    groups: usize,
}

/// The blocks of a template (see [`crate::lesson::Prose::template`]) whose values are `values`.
pub fn blocks(template: &str, values: &[String], theme: Theme) -> Vec<Block> {
    let mut b = Builder {
        theme,
        values,
        out: Vec::new(),
        pieces: Vec::new(),
        bold: 0,
        italic: 0,
        containers: Vec::new(),
        lists: Vec::new(),
        code: None,
        links: Vec::new(),
        groups: 0,
    };
    for event in Parser::new(template) {
        b.event(event);
    }
    b.flush();
    while b.out.last() == Some(&Block::Gap) {
        b.out.pop();
    }
    b.out
}

impl Builder<'_> {
    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) if self.code.is_some() => {
                self.code.get_or_insert_default().push_str(&text);
            }
            Event::Text(text) | Event::InlineHtml(text) | Event::InlineMath(text) => {
                self.text(&text, None);
            }
            Event::Html(text) => self.text(text.trim_end_matches('\n'), None),
            Event::Code(code) => self.inline_code(&code),
            Event::SoftBreak => self.text(" ", None),
            Event::HardBreak => self.flush(),
            Event::Rule => {
                self.gap();
                let rule = if self.theme.ascii {
                    "----"
                } else {
                    "────"
                };
                self.text(rule, None);
                self.flush();
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => {
                if let (Some(list), Some(Container::Item { .. })) =
                    (self.lists.last_mut(), self.containers.last())
                {
                    list.1 = true;
                }
                self.gap();
            }
            Tag::Heading { .. } => {
                self.gap();
                self.bold += 1;
            }
            Tag::BlockQuote(_) => {
                self.gap();
                self.containers.push(Container::Quote);
            }
            Tag::CodeBlock(_) => {
                self.flush();
                self.gap();
                self.code = Some(String::new());
            }
            Tag::List(first) => {
                self.flush();
                if self.lists.is_empty() {
                    self.gap();
                }
                self.lists.push((first, false, 0));
            }
            Tag::Item => {
                self.flush();
                let bullet = if self.theme.ascii { "- " } else { "• " };
                let marker = match self.lists.last_mut() {
                    Some((number, loose, items)) => {
                        if *loose && *items > 0 {
                            self.out.push(Block::Gap);
                        }
                        *items += 1;
                        match number {
                            Some(n) => {
                                *n += 1;
                                format!("{}. ", *n - 1)
                            }
                            None => bullet.to_string(),
                        }
                    }
                    None => bullet.to_string(),
                };
                self.containers.push(Container::Item {
                    marker,
                    used: false,
                });
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::Link { dest_url, .. } => self.links.push(dest_url.to_string()),
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.flush(),
            TagEnd::Heading(_) => {
                self.flush();
                self.bold = self.bold.saturating_sub(1);
            }
            TagEnd::BlockQuote(_) | TagEnd::Item => {
                self.flush();
                self.containers.pop();
            }
            TagEnd::CodeBlock => self.code_block(),
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
            }
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            TagEnd::Link => {
                let url = self.links.pop().unwrap_or_default();
                let shown: String = self.pieces.iter().map(|p| p.text.as_str()).collect();
                if !url.is_empty() && !shown.ends_with(&url) {
                    self.text(&format!(" ({url})"), None);
                }
            }
            _ => {}
        }
    }

    /// The style of text here: bold and italic as open, on top of `base`.
    fn style(&self, base: Style) -> Style {
        let mut style = base;
        if self.bold > 0 {
            style = style.add_modifier(Modifier::BOLD);
        }
        if self.italic > 0 {
            style = style.add_modifier(Modifier::ITALIC);
        }
        style
    }

    fn code_style(&self) -> Style {
        if self.theme.color {
            self.theme.fg(Color::Cyan)
        } else {
            Style::new()
        }
    }

    /// Adds text in the current style, a placeholder's character becoming its value.
    fn text(&mut self, text: &str, group: Option<usize>) {
        let style = self.style(if group.is_some() {
            self.code_style()
        } else {
            Style::new()
        });
        self.pieces
            .extend(pieces(text, style, group, self.values, &mut self.groups));
    }

    /// Inline code: coloured, or between backticks without colour; kept on one line if it fits.
    fn inline_code(&mut self, code: &str) {
        self.groups += 1;
        let group = Some(self.groups);
        let ticks = if self.theme.color { "" } else { "`" };
        self.text(&format!("{ticks}{code}{ticks}"), group);
    }

    /// Ends the code block being read: its lines, kept as written.
    fn code_block(&mut self) {
        let text = self.code.take().unwrap_or_default();
        let style = self.code_style();
        let lines = text
            .trim_end_matches('\n')
            .split('\n')
            .map(|line| pieces(line, style, None, self.values, &mut self.groups))
            .collect();
        // Without colour the indent alone marks the code, as in the Markdown source.
        let indent = if self.theme.color { "  " } else { "    " };
        let indent = format!("{}{indent}", self.prefix(false));
        self.out.push(Block::Code { lines, indent });
    }

    /// An empty line before a new block, unless it opens a list item or follows one.
    fn gap(&mut self) {
        self.flush();
        let opens_item = matches!(
            self.containers.last(),
            Some(Container::Item { used: false, .. })
        );
        if !self.out.is_empty() && !opens_item && self.out.last() != Some(&Block::Gap) {
            self.out.push(Block::Gap);
        }
    }

    /// The prefix of a line: quote bars and list indents, with the bullet on an item's first line.
    fn prefix(&self, first: bool) -> String {
        let bar = if self.theme.ascii { "| " } else { "│ " };
        self.containers
            .iter()
            .map(|c| match c {
                Container::Quote => bar.to_string(),
                Container::Item { marker, used } if first && !used => marker.clone(),
                Container::Item { marker, .. } => " ".repeat(marker.chars().count()),
            })
            .collect()
    }

    /// Ends the text being read as a block.
    fn flush(&mut self) {
        if self.pieces.iter().all(|p| p.text.trim().is_empty()) {
            self.pieces.clear();
            return;
        }
        let block = Block::Text {
            pieces: std::mem::take(&mut self.pieces),
            first: self.prefix(true),
            rest: self.prefix(false),
        };
        self.out.push(block);
        for container in &mut self.containers {
            if let Container::Item { used, .. } = container {
                *used = true;
            }
        }
    }
}

/// The pieces of `text` in `style`: worked-span markers dropped, each placeholder's character
/// replaced by its value (a group of its own).
fn pieces(
    text: &str,
    style: Style,
    group: Option<usize>,
    values: &[String],
    groups: &mut usize,
) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut run = String::new();
    let piece = |text: String, value, group| Piece {
        text,
        style,
        value,
        group,
    };
    for c in text.chars() {
        if c == MARKER {
            continue;
        }
        let Some(k) = value_index(c) else {
            run.push(c);
            continue;
        };
        if !run.is_empty() {
            out.push(piece(std::mem::take(&mut run), None, group));
        }
        *groups += 1;
        let shown = values.get(k).cloned().unwrap_or_else(|| "?".into());
        out.push(piece(shown, Some(k), group.or(Some(*groups))));
    }
    if !run.is_empty() {
        out.push(piece(run, None, group));
    }
    out
}
