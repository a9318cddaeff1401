//! Scene text that must fail to load, and the one located diagnostic it must give.

use sepax::scene::{load_str, Diagnostic};

/// The diagnostics of `text` (read as `t.toml`), which must fail to load.
pub fn errors(text: &str) -> Vec<Diagnostic> {
    match load_str(text, "t.toml") {
        Ok(scene) => panic!("expected errors, loaded {scene:?}"),
        Err(diagnostics) => diagnostics.0,
    }
}

/// Asserts that `text` gives exactly one diagnostic, at the `line:column` that starts `want`,
/// whose message contains every `|`-separated part of the rest of `want`, and which prints as
/// `t.toml:line:column: message`.
#[track_caller]
pub fn one(text: &str, want: &str) {
    let (at, words) = want.split_once(' ').expect("want is `line:column words`");
    let found = errors(text);
    assert_eq!(found.len(), 1, "expected one diagnostic, got {found:#?}");
    let d = &found[0];
    let place = format!("{}:{}", d.line.unwrap_or(0), d.column.unwrap_or(0));
    assert_eq!(place, at, "{d}");
    for word in words.split('|') {
        assert!(d.message.contains(word), "{:?} lacks {word:?}", d.message);
    }
    assert!(
        d.to_string()
            .starts_with(&format!("t.toml:{at}: {}", d.message)),
        "{d}"
    );
}
