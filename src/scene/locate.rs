//! Where a key of a scene's body is written, for a problem found after the scene loaded: a
//! command that cannot do what a valid scene asks points at the key that asks it.

use std::path::Path;

use toml::de::{DeTable, DeValue};

use super::diagnostic::Diagnostic;
use super::load::{read_file, shipped_scenes};

/// The diagnostic `message` at the key `key` of the `index`-th `[[body]]` (from 0) of the scene
/// `arg` names (a file, or a shipped scene, as [`super::load`] reads it); unlocated, at the
/// file, when the key cannot be found.
pub fn at_body_key(arg: &str, index: usize, key: &str, message: &str) -> Diagnostic {
    let (path, text) = source(arg);
    let span = text.as_deref().and_then(|text| {
        let root = DeTable::parse(text).ok()?;
        let DeValue::Array(bodies) = root.get_ref().get("body")?.get_ref() else {
            return None;
        };
        let DeValue::Table(body) = bodies.get(index)?.get_ref() else {
            return None;
        };
        body.iter()
            .find(|(name, _)| name.get_ref() == key)
            .map(|(name, _)| name.span())
    });
    match (span, text) {
        (Some(span), Some(text)) => Diagnostic::at_span(&path, &text, span, message),
        _ => Diagnostic::unlocated(path, message),
    }
}

/// The path a scene's messages name and its text, read as [`super::load`] reads it.
fn source(arg: &str) -> (String, Option<String>) {
    let path = Path::new(arg);
    if path.is_file() {
        let text = read_file(path)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok());
        return (path.display().to_string(), text);
    }
    match shipped_scenes().iter().find(|(name, _)| *name == arg) {
        Some((name, text)) => (format!("scenes/{name}.toml"), Some((*text).to_string())),
        None => (arg.to_string(), None),
    }
}
