//! Every accepted snapshot's pictures read cleanly: inside each view (`xy`, `xz`, `yz`, `along`),
//! every word is a body, ray or figure name, an axis name, a number or one of the few words the
//! picture writes (`tc`, `contact`, `gap`, `o` at a ray's hit, …), so no name is fused with other
//! letters (`balll`, `leftlefrightt`, `B tB t1`).

use std::collections::HashSet;
use std::path::Path;

/// Words the picture and the ruler under the along view write, besides names and numbers.
pub(crate) const WORDS: [&str; 15] = [
    "tc", "t1", "x", "X", "contact", "normal", "centres", "into", "the", "view", "plane", "facing",
    "gap", "overlap", "o",
];

/// The letters the ASCII theme draws as glyphs of the picture.
const ASCII_MARKS: &str = "Xo";

/// More words of the ruler.
pub(crate) const RULER: [&str; 4] = ["R", "R0", "R1", "touching"];

/// The screen rows of a snapshot file: a text snapshot's lines, or a buffer's `content` strings.
pub(crate) fn rows(snapshot: &str) -> Vec<String> {
    let body = snapshot.splitn(3, "---\n").nth(2).unwrap_or_default();
    if !body.starts_with("Buffer {") {
        return body.lines().map(str::to_string).collect();
    }
    body.lines()
        .skip_while(|line| !line.trim_start().starts_with("content: ["))
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with(']'))
        .filter_map(|line| {
            let quoted = line.trim().trim_end_matches(',');
            let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
            Some(inner.replace("\\\"", "\"").replace("\\\\", "\\"))
        })
        .collect()
}

/// The insides of the view boxes: the rows between a top border titled with a view and its bottom
/// border, between the left and right borders.
pub(crate) fn views(rows: &[String]) -> Vec<Vec<String>> {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let mut found = Vec::new();
    for (y, row) in grid.iter().enumerate() {
        let text: String = row.iter().collect();
        for title in [" xy: ", " xz: ", " yz: ", " along "] {
            let mut from = 0;
            while let Some(at) = text[from..].find(title) {
                let byte = from + at;
                from = byte + title.len();
                let left = text[..byte].chars().count().checked_sub(1);
                let Some(left) = left.filter(|&x| matches!(row[x], '┌' | '+')) else {
                    continue;
                };
                let Some(right) = (left + 1..row.len()).find(|&x| matches!(row[x], '┐' | '+'))
                else {
                    continue;
                };
                let inside: Vec<String> = grid[y + 1..]
                    .iter()
                    .take_while(|r| r.get(left).is_some_and(|c| matches!(c, '│' | '|')))
                    .map(|r| r[left + 1..right.min(r.len())].iter().collect())
                    .collect();
                found.push(inside);
            }
        }
    }
    found
}

/// Whether `word` is an axis name such as `A0`, `B2` or `A0xB2`, a row of a surface table
/// written as the table writes it (`T`, `A0xE1`, `EA2xEB0`, `NAxEA1`), a GJK search direction
/// `d3` or a k-DOP slab `S3`.
pub(crate) fn axis_name(word: &str) -> bool {
    let face = |w: &str| {
        let b = w.as_bytes();
        b.len() == 2 && (b[0] == b'A' || b[0] == b'B') && (b'0'..=b'2').contains(&b[1])
    };
    let surface = sepax::lesson::TableAxis::parse(word).is_some_and(|axis| axis.name() == word);
    // GJK's search direction of iteration k is drawn as `dk`, a k-DOP's slab k as `Sk`.
    let direction = word
        .strip_prefix('d')
        .or_else(|| word.strip_prefix('S'))
        .is_some_and(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_digit()));
    face(word)
        || surface
        || direction
        || word
            .split_once('x')
            .is_some_and(|(a, b)| face(a) && face(b))
}

/// Whether `word` is a number or part of one (`0`, `051`, `1e`, `x12` for a stretch).
pub(crate) fn number(word: &str) -> bool {
    let digits = word.trim_start_matches('x').trim_end_matches('e');
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Whether `c` may stand inside a label: a letter, a digit, or the punctuation labels write
/// (`A0 (into the view)`, `a-b 1.200`, the ruler's `A: R0 1.000`).
fn label_char(c: char) -> bool {
    c.is_alphanumeric() || "_()-=,.:".contains(c)
}

/// What reads wrong in one row of a picture: an unknown word (a name fused with other letters,
/// `balll`), and a run of non-blank cells where a word touches a glyph of the drawing
/// (`cube⠒⠷⢒⡒⣒cube`, `tc⡒x`), so that the name runs into the line beside it.
pub(crate) fn problems(line: &str, names: &HashSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let words = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    for word in words {
        let known = names.contains(word)
            || WORDS.contains(&word)
            || RULER.contains(&word)
            || axis_name(word)
            || number(word);
        if !known {
            out.push(format!("`{word}` in `{}`", line.trim()));
        }
    }
    // Two labels stand two cells apart; names one space apart (`crate tc crate`, `A B t1`) are
    // labels run together.
    let mut phrase: Vec<&str> = Vec::new();
    let cells = line.split(' ').chain([""]);
    for cell in cells {
        if !cell.is_empty() && cell.chars().all(label_char) {
            phrase.push(cell);
            continue;
        }
        let subjects = phrase
            .iter()
            .map(|w| w.trim_end_matches(':'))
            .filter(|w| names.contains(*w) || axis_name(w))
            .count();
        if subjects > 1 {
            let joined = phrase.join(" ");
            out.push(format!(
                "`{joined}` runs labels together in `{}`",
                line.trim()
            ));
        }
        phrase.clear();
    }
    let runs = line
        .split([' ', '\u{2800}'])
        .filter(|run| run.chars().any(char::is_alphanumeric))
        // The ASCII theme draws the contact as `X` and a ray's hit as `o` among its glyphs.
        .filter(|run| {
            run.chars()
                .any(|c| c.is_alphanumeric() && !ASCII_MARKS.contains(c))
        });
    for run in runs {
        if !run.chars().all(label_char) {
            out.push(format!("`{run}` touches the drawing in `{}`", line.trim()));
        }
    }
    out
}

#[test]
fn no_body_name_is_fused_with_other_letters_in_any_snapshot_picture() {
    let mut names: HashSet<String> = HashSet::new();
    for (name, _) in sepax::scene::shipped_scenes() {
        let scene = sepax::scene::load(name).expect("shipped scene loads");
        names.extend(scene.bodies.into_iter().map(|b| b.name));
        names.extend(scene.rays.into_iter().map(|r| r.name));
        names.extend(scene.figures.into_iter().map(|f| f.name));
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tui/snapshots");
    let mut pictures = 0;
    let mut bad = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("snapshot folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "snap") {
            continue;
        }
        // The matrices overlay covers the picture with text, not labels (its own test reads it).
        let file_name = path.file_name().unwrap_or_default().to_string_lossy();
        if file_name.starts_with("tui__render_matrices__") {
            continue;
        }
        let snapshot = std::fs::read_to_string(&path).expect("readable");
        for view in views(&rows(&snapshot)) {
            pictures += 1;
            for line in &view {
                for problem in problems(line, &names) {
                    let file = path.file_name().unwrap_or_default().to_string_lossy();
                    bad.push(format!("{file}: {problem}"));
                }
            }
        }
    }
    println!("{pictures} pictures scanned");
    assert!(pictures >= 20, "only {pictures} pictures found");
    assert!(
        bad.is_empty(),
        "fused or unknown words:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_scan_finds_the_fusions_it_is_for() {
    let snapshot = "---\nsource: x\n---\n┌ xy: x right ──┐\n│⣀⣴leftlefrightt│\n│ B tB t1       │\n└───────────────┘\n";
    let found = views(&rows(snapshot));
    assert_eq!(found.len(), 1);
    let words: Vec<&str> = found[0]
        .iter()
        .flat_map(|l| l.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(words, ["leftlefrightt", "B", "tB", "t1"]);
    let names = HashSet::from(["cube".to_string()]);
    assert_eq!(problems("⠒cube⠒⠷⢒⡒⣒cube tc⡒x contact⠒", &names).len(), 3);
    assert!(problems(" cube tc  x contact  A0 (into the view) ", &names).is_empty());
    assert_eq!(problems(" cube tc cube ", &names).len(), 1);
    assert!(!number("tB") && !axis_name("tB") && axis_name("A0xB2") && number("051"));
}
