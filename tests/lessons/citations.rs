//! Citations point into the repository: every shipped lesson cites sections of `docs/methods.md`
//! that exist, and no file of the repository cites the course documents, which it does not contain.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The section numbers (`5`, `5.3`) and typo labels (`T12`) that `docs/methods.md` defines, read
/// from its anchors (`<a id="s5.3">`, `<a id="t12">`).
fn defined_anchors() -> Vec<String> {
    let text = fs::read_to_string(root().join("docs/methods.md")).expect("docs/methods.md exists");
    let mut anchors = Vec::new();
    for (k, _) in text.match_indices("<a id=\"") {
        let id: String = text[k + 7..].chars().take_while(|&c| c != '"').collect();
        if let Some(section) = id.strip_prefix('s') {
            anchors.push(section.to_string());
        } else if let Some(typo) = id.strip_prefix('t') {
            anchors.push(format!("T{typo}"));
        }
    }
    anchors
}

/// Every `§N.M` and `TN` a citation names.
fn cited(cites: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (k, _) in cites.match_indices('§') {
        let rest = &cites[k + '§'.len_utf8()..];
        let number: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        names.push(number.trim_end_matches('.').to_string());
    }
    for word in cites.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.len() > 1 && word.starts_with('T') && word[1..].chars().all(|c| c.is_ascii_digit())
        {
            names.push(word.to_string());
        }
    }
    names
}

#[test]
fn every_shipped_lesson_cites_sections_of_docs_methods_that_exist() {
    let anchors = defined_anchors();
    assert!(
        anchors.iter().any(|a| a == "5.3"),
        "headings read: {anchors:?}"
    );
    for (name, _) in sepax::scene::shipped_lessons() {
        let lesson = sepax::lesson::load_lesson(name).expect("a shipped lesson loads");
        let cites = lesson.cites.unwrap_or_default();
        assert!(
            cites.starts_with("docs/methods.md §"),
            "{name}: cites must name sections of docs/methods.md, not {cites:?}"
        );
        for section in cited(&cites) {
            assert!(
                anchors.contains(&section),
                "{name}: cites §{section}, which docs/methods.md does not define ({cites})"
            );
        }
    }
}

/// Text files of the repository that must not cite documents it does not contain.
fn repository_text(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "snapshots" {
                repository_text(&path, found);
            }
        } else if ["rs", "toml", "md", "txt"]
            .iter()
            .any(|ext| path.extension().is_some_and(|e| e == *ext))
        {
            found.push(path);
        }
    }
}

#[test]
fn no_file_cites_the_course_documents_or_a_methods_file_the_repository_lacks() {
    let mut files = Vec::new();
    repository_text(&root(), &mut files);
    assert!(files.len() > 100, "only {} files found", files.len());
    // `docs/methods.md` names the course documents once, as its sources; everything else cites it.
    let exempt = ["docs/methods.md", "tests/lessons/citations.rs"];
    let forbidden = ["seed 00", "seeds 00", "seed's", "methods.md §"];
    let mut offenders = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if exempt.contains(&relative.as_str()) {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let upper_methods = line.contains("METHODS.md") || line.contains("METHODS §");
            let seed = forbidden[..3].iter().any(|f| lower.contains(f));
            let loose = lower.contains(forbidden[3]) && !line.contains("docs/methods.md §");
            if upper_methods || seed || loose {
                offenders.push(format!("{relative}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "citations outside the repository:\n{}",
        offenders.join("\n")
    );
}
