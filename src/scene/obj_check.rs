//! The vertex and face lines of an OBJ file checked before it is parsed: every coordinate is a
//! number and every face index names a vertex of the file, so a bad one is reported at its line
//! and column in the OBJ file itself.

use super::diagnostic::Diagnostic;

/// Every vertex coordinate of the OBJ `text` that is not a number and every face index that
/// names no vertex, each located in the file (shown as `path`).
///
/// # Algorithm
/// One pass over the lines: `v` lines count the vertices, and their first three words must be
/// numbers; in each `f` line every token's first
/// field (before any `/`) must be a whole number `k` with `1 <= k <= n` (`n` the file's vertex
/// count: OBJ counts from 1) or `-n_so_far <= k <= -1` (counted back from the last vertex read).
pub(crate) fn obj_problems(text: &str, path: &str) -> Vec<Diagnostic> {
    let total = text
        .lines()
        .filter(|l| l.trim_start().starts_with("v ") || l.trim_start().starts_with("v\t"))
        .count();
    let mut so_far = 0usize;
    let mut problems = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let mut words = word_spans(line);
        let Some((_, head)) = words.next() else {
            continue;
        };
        match head {
            "v" => {
                so_far += 1;
                for (at, word) in words.take(3) {
                    if word.parse::<f64>().is_err() {
                        let span = start + at..start + at + word.len();
                        let message = format!("vertex coordinate `{word}` is not a number");
                        problems.push(Diagnostic::at_span(path, text, span, message));
                    }
                }
            }
            "f" => {
                for (at, word) in words {
                    let field = word.split('/').next().unwrap_or_default();
                    if let Some(message) = index_problem(field, total, so_far) {
                        let span = start + at..start + at + field.len().max(1);
                        problems.push(Diagnostic::at_span(path, text, span, message));
                    }
                }
            }
            _ => {}
        }
    }
    problems
}

/// What is wrong with the face index `field` in a file of `total` vertices, `so_far` of them
/// read before its line; `None` when it names a vertex.
fn index_problem(field: &str, total: usize, so_far: usize) -> Option<String> {
    let Ok(k) = field.parse::<i64>() else {
        return Some(format!(
            "face index `{field}` is not a whole number (a face lists vertex numbers, \
             optionally as v/vt/vn)"
        ));
    };
    let vertices = |n: usize| format!("{n} vert{}", if n == 1 { "ex" } else { "ices" });
    if k == 0 {
        return Some("face index 0 names no vertex: OBJ indices start at 1".to_string());
    }
    if k > 0 && k as u64 > total as u64 {
        return Some(format!(
            "face index {k} is past the {} of the file; OBJ indices start at 1",
            vertices(total)
        ));
    }
    if k < 0 && k.unsigned_abs() > so_far as u64 {
        return Some(format!(
            "face index {k} counts back past the {} read before this line",
            vertices(so_far)
        ));
    }
    None
}

/// The words of `line` (split at spaces and tabs, a `#` comment dropped) with their byte
/// offsets in it.
fn word_spans(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let code = line.split('#').next().unwrap_or_default();
    let mut at = 0;
    code.split([' ', '\t', '\r', '\n']).filter_map(move |word| {
        let here = at;
        at += word.len() + 1;
        (!word.is_empty()).then_some((here, word))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRIANGLE: &str = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";

    #[test]
    fn an_index_past_the_vertices_is_located_in_the_obj_file() {
        let text = format!("{TRIANGLE}f 1 2 9\n");
        let found = obj_problems(&text, "bad.obj");
        assert_eq!(found.len(), 1);
        let d = &found[0];
        assert_eq!((d.line, d.column), (Some(4), Some(7)));
        assert_eq!(
            d.message,
            "face index 9 is past the 3 vertices of the file; OBJ indices start at 1"
        );
    }

    #[test]
    fn zero_based_faces_are_told_that_obj_counts_from_one() {
        let found = obj_problems(&format!("{TRIANGLE}f 0 1 2\n"), "bad.obj");
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].line, found[0].column), (Some(4), Some(3)));
        assert!(found[0].message.contains("OBJ indices start at 1"));
    }

    #[test]
    fn good_faces_pass_in_every_form() {
        let text = format!("{TRIANGLE}f 1/1/1 2//2 3\nf -3 -2 -1 # relative\n");
        assert!(obj_problems(&text, "ok.obj").is_empty());
        let bad = obj_problems(&format!("{TRIANGLE}f 1 2 x\nf -4 1 2\n"), "bad.obj");
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert_eq!(bad[1].line, Some(5));
    }

    #[test]
    fn a_coordinate_that_is_not_a_number_is_located() {
        let found = obj_problems("v 0 0 0\nv 1 0 x\nf 1 2 1\n", "bad.obj");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].line, found[0].column), (Some(2), Some(7)));
        assert_eq!(found[0].message, "vertex coordinate `x` is not a number");
    }
}
