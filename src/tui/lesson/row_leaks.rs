//! The leaks of a table value through the other cells of its row, beyond the table itself: the
//! ruler under the view along the selected axis showing cells of a row the table hides, and a
//! question whose own words write cells of a row from which its answer follows in one step.

use super::leaks::{derived, row_cells};
use crate::lesson::Quoted;
use crate::trace::TableRow;

/// The numbers the ruler under the view along an axis shows (`B: R1 1.714`, `|- 1.378 -|`)
/// while the table hides the selected row, whose cells they are: what `lines` (the debugger's
/// rows) give away, if anything.
pub(super) fn ruler(lines: &[String]) -> Option<String> {
    let hidden = lines.iter().find_map(|line| {
        let cells = row_cells(line)?;
        let row = line.trim().trim_matches('│').trim();
        let name = row.strip_prefix('>')?.split_whitespace().next()?;
        cells.iter().all(Option::is_none).then(|| name.to_string())
    })?;
    // The view's columns are a box of their own: the table's rows beside it are not the ruler.
    let shown: Vec<String> = lines
        .iter()
        .flat_map(|line| line.split('│'))
        .filter(|part| is_ruler(part))
        .flat_map(three_decimals)
        .collect();
    (!shown.is_empty()).then(|| {
        format!(
            "the table hides row {hidden}, but the ruler under the view shows its cells {}",
            shown.join(", ")
        )
    })
}

/// Whether a part of a debugger line between borders is a row of measures (`[== A: R0 0.300 ==]`, `|- 1.378 -|`) and not
/// of the picture (no braille dots) nor of the table.
fn is_ruler(line: &str) -> bool {
    let measure = ["[=", "=]", "|-", "-|"].iter().any(|m| line.contains(m));
    let picture = line.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c));
    measure && !picture
}

/// The numbers of `line` printed with three decimals, as the ruler prints its cells (a scale
/// bar's round length has fewer).
fn three_decimals(line: &str) -> Vec<String> {
    line.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .map(|word| word.trim_matches('-'))
        .filter(|word| {
            word.split_once('.').is_some_and(|(whole, part)| {
                !whole.is_empty()
                    && whole.chars().all(|c| c.is_ascii_digit())
                    && part.len() == 3
                    && part.chars().all(|c| c.is_ascii_digit())
            })
        })
        .map(str::to_string)
        .collect()
}

/// How the answer follows from cells of one of `rows` that the question's own words write (a
/// written number counts as a cell when it is the cell rounded as written): the row and the sum.
pub(super) fn written(
    numbers: &[Quoted],
    rows: &[TableRow],
    near: &dyn Fn(f64) -> bool,
) -> Option<String> {
    rows.iter().find_map(|row| {
        // A cell counts as the screen prints it, to three decimals.
        let printed = |x: f64| (x * 1000.0).round() / 1000.0;
        let cell = |x: f64| numbers.iter().any(|q| q.matches(x)).then_some(printed(x));
        let cells = [row.r, row.r0, row.r1, row.r - row.r0 - row.r1].map(cell);
        derived(&cells, near).map(|how| format!("row {}: {how}", row.name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruler_numbers_leak_only_while_the_selected_row_is_hidden() {
        let hidden = "│>A1            ?        ?        ?         ?        ?         │";
        let ruler_row =
            "│                                    [========= B: R1 1.714 =========]             │";
        let gap =
            "│                                    |- 1.378 -|                                   │";
        let scale =
            "│ |-- 1 -|                                [====] A                                 │";
        let lines: Vec<String> = [hidden, ruler_row, gap, scale]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            ruler(&lines).as_deref(),
            Some(
                "the table hides row A1, but the ruler under the view shows its cells 1.714, 1.378"
            )
        );
        let shown = "│>A1        0.636    0.300    1.714    -1.378   -1.378         │";
        let lines: Vec<String> = [shown, ruler_row, gap]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(ruler(&lines), None);
        let masked =
            "│                                    [========= B: R1 ? =========]             │";
        let lines: Vec<String> = [hidden, masked, scale]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(ruler(&lines), None);
    }
}
