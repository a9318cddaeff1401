//! The pipeline line (which stage decided each pair, counted per stage when there are several)
//! and the verdict panel (the selected pair's stages and sentence).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::table::stage_lines;
use super::App;
use crate::lesson::Mask;
use crate::trace::{PairRecord, Stage};

/// The stages in pipeline order, cheapest first.
const STAGES: [Stage; 4] = [Stage::Spheres, Stage::Aabbs, Stage::Sat, Stage::Exact];

/// The selected pair's path through the stages, e.g. `spheres overlap > AABBs apart (…)`, with
/// the numbers of a cheap stage that decided, and the words and numbers `mask` hides (a stage,
/// the separating axis, the answer) shown as `?`.
pub fn pair_path(pair: &PairRecord, mask: &Mask) -> String {
    let mut steps: Vec<String> = Vec::new();
    for check in &pair.stages {
        let label = mask.text(check.stage.label());
        if check.separated {
            let detail = check
                .detail
                .strip_prefix("the AABBs are apart ")
                .unwrap_or(&check.detail);
            let numbers = if detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", mask.text(detail))
            };
            steps.push(format!("{label} apart{numbers}"));
            break;
        }
        steps.push(format!("{label} overlap"));
    }
    if !pair.stages.iter().any(|c| c.separated) {
        let verdict = match (&pair.separating_axis, pair.intersecting) {
            (Some(axis), _) => format!("{} separates", mask.word(axis)),
            (None, true) => "intersecting".to_string(),
            (None, false) => "apart".to_string(),
        };
        steps.push(format!("{} {verdict}", mask.text(pair.stage.label())));
    }
    steps.join(" > ")
}

/// The pipeline line: counts per deciding stage (several pairs) and the selected pair's path.
pub fn line(app: &App) -> String {
    let pairs = app.pairs();
    let Some(pair) = app.pair() else {
        return "pipeline: no pairs".to_string();
    };
    let path = format!(
        "pipeline {},{}: {}",
        pair.a,
        pair.b,
        pair_path(pair, app.mask())
    );
    if pairs.total() < 2 {
        return path;
    }
    let counts: Vec<String> = STAGES
        .iter()
        .map(|stage| format!("{} {}", stage.label(), pairs.stage_count(*stage)))
        .collect();
    format!(
        "{path} | {} pairs decided by {}; {} touching",
        pairs.total(),
        counts.join(", "),
        pairs.touching_count()
    )
}

/// Draws the pipeline line; when it does not fit, the counts go first, then the path is cut
/// with `...` (the `i` overlay shows the pair in full).
pub fn render_line(app: &App, area: Rect, buf: &mut Buffer) {
    let width = usize::from(area.width);
    let mut text = format!(" {}", line(app));
    if text.chars().count() > width {
        text = text.split(" | ").next().unwrap_or_default().to_string();
    }
    if text.chars().count() > width {
        text = text
            .chars()
            .take(width.saturating_sub(3))
            .collect::<String>()
            + "...";
    }
    Paragraph::new(text).render(area, buf);
}

/// Draws the verdict panel: stages, sentence and what the table's marks mean.
pub fn render_verdict(app: &App, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme();
    let block = Block::bordered().border_set(theme.border()).title(" why ");
    let mut lines = app
        .pair()
        .map(|pair| stage_lines(pair, app.mask()))
        .unwrap_or_default();
    if app.pair().is_some_and(|p| !p.axes.is_empty()) {
        lines.push(Line::styled(
            "1st sep: first separating axis; degen: parallel edges, never separates; \
             gap = (R-R0-R1)/|L|",
            theme.dim(),
        ));
    } else if app.pair().is_some_and(|p| p.table.is_some()) {
        lines.push(Line::styled(
            "1st sep: first separating axis; decides: none separates, smallest overlap; \
             degen: never separates; in-plane: an edge's normal in the common plane; along N: \
             along the common normal; gap = (R-R0-R1)/|L|",
            theme.dim(),
        ));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(block)
        .render(area, buf);
}
