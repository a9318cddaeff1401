//! The axis table's title made to fit its border: the longest of a few readings, each whole,
//! that fits the width, so the title is never cut inside a word or a number.

/// The first of `readings` (longest first) whose width fits `width` columns, else the last one.
pub(crate) fn fitted(readings: &[String], width: usize) -> String {
    readings
        .iter()
        .find(|title| title.chars().count() <= width)
        .or(readings.last())
        .cloned()
        .unwrap_or_default()
}

/// The readings of a surface table's title, longest first: its kind, its bodies and, when the
/// table shows a window of its rows, which rows of how many.
pub(crate) fn surface(kind: &str, a: &str, b: &str, window: Option<[usize; 3]>) -> Vec<String> {
    let bodies = format!("A = {a}, B = {b}");
    match window {
        Some([first, last, total]) => {
            let rows = format!("rows {first}-{last} of {total}");
            vec![
                format!(" {kind}: {bodies}, {rows} "),
                format!(" {bodies}, {rows} "),
                format!(" {kind}: {rows} "),
                format!(" {rows} "),
                format!(" {first}-{last} of {total} "),
            ]
        }
        None => vec![
            format!(" {kind}: {bodies} "),
            format!(" {bodies} "),
            format!(" {kind} "),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_drops_whole_parts_until_it_fits() {
        let readings = surface(
            "box-triangle",
            "box",
            "triangle 1 of floor",
            Some([1, 2, 13]),
        );
        let full = " box-triangle: A = box, B = triangle 1 of floor, rows 1-2 of 13 ";
        assert_eq!(fitted(&readings, 80), full);
        assert_eq!(
            fitted(&readings, 63),
            " A = box, B = triangle 1 of floor, rows 1-2 of 13 "
        );
        assert_eq!(fitted(&readings, 30), " box-triangle: rows 1-2 of 13 ");
        assert_eq!(fitted(&readings, 16), " rows 1-2 of 13 ");
        assert_eq!(fitted(&readings, 12), " 1-2 of 13 ");
        let whole = surface("box-triangle", "cube", "T", None);
        assert_eq!(fitted(&whole, 40), " box-triangle: A = cube, B = T ");
        assert_eq!(fitted(&whole, 20), " A = cube, B = T ");
        assert_eq!(fitted(&whole, 3), " box-triangle ");
    }
}
