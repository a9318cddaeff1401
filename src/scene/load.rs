//! Entry points: load a scene from text, bytes, a file, or a shipped scene's name.

use std::path::Path;

use toml::de::DeTable;

use super::diagnostic::{suggest, Diagnostic, Diagnostics};
use super::model::Scene;
use super::value::Report;
use super::{document, limits};

/// What an empty file is told.
const EMPTY: &str = "the file is empty: a scene needs a [world] table and at least one [[body]]";

/// Parses and validates the scene `text`; `path` names it in messages and gives `Scene::name`.
pub fn load_str(text: &str, path: &str) -> Result<Scene, Diagnostics> {
    let mut r = Report::new(path, text).with_limits(limits::SCENE);
    let name = Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    let scene = parse_root(text, EMPTY, &mut r)
        .and_then(|root| document::validate(root.get_ref(), &name, &mut r));
    match scene {
        Some(scene) if r.diagnostics.is_empty() => Ok(scene),
        _ => Err(Diagnostics(r.into_sorted())),
    }
}

/// The spanned TOML tree of `text`; a syntax error or an empty file is reported (`empty` says
/// what the file needs) and gives `None`.
pub(crate) fn parse_root<'i>(
    text: &'i str,
    empty: &str,
    r: &mut Report<'_>,
) -> Option<toml::Spanned<DeTable<'i>>> {
    match DeTable::parse(text) {
        Err(error) => {
            let message = format!("invalid TOML: {}", error.message().trim_end());
            match error.span() {
                Some(span) => r.error(span, message),
                None => r.unlocated(message),
            }
            None
        }
        Ok(root) if root.get_ref().is_empty() => {
            r.unlocated(empty);
            None
        }
        Ok(root) => Some(root),
    }
}

/// Checks that `bytes` are UTF-8 text, then loads them like [`load_str`].
pub fn load_bytes(bytes: &[u8], path: &str) -> Result<Scene, Diagnostics> {
    match std::str::from_utf8(bytes) {
        Ok(text) => load_str(text, path),
        Err(error) => {
            let at = error.valid_up_to();
            let byte = bytes.get(at).copied().unwrap_or_default();
            let message = format!(
                "the file is not UTF-8 text: byte 0x{byte:02X} cannot start a character here"
            );
            let lossy = String::from_utf8_lossy(bytes);
            Err(Diagnostic::at_span(path, &lossy, at..at + 1, message).into())
        }
    }
}

/// Reads and loads the scene file at `path`; a missing or unreadable file gives one unlocated
/// diagnostic.
pub fn load_path(path: &Path) -> Result<Scene, Diagnostics> {
    let shown = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => load_bytes(&bytes, &shown),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            Err(Diagnostic::unlocated(shown, "file not found").into())
        }
        Err(error) => {
            Err(Diagnostic::unlocated(shown, format!("cannot read the file: {error}")).into())
        }
    }
}

/// Loads `arg` as a file if it names one or ends in `.toml`, else as the name of a shipped scene.
pub fn load(arg: &str) -> Result<Scene, Diagnostics> {
    let path = Path::new(arg);
    if path.is_file()
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        return load_path(path);
    }
    if let Some((name, text)) = shipped_scenes().iter().find(|(name, _)| *name == arg) {
        return load_str(text, &format!("scenes/{name}.toml"));
    }
    let names: Vec<&str> = shipped_scenes().iter().map(|(name, _)| *name).collect();
    let tail = if names.is_empty() {
        "no scenes are shipped".to_string()
    } else {
        format!("shipped scenes: {}", names.join(", "))
    };
    let head = format!("no such file, and no shipped scene is called `{arg}`");
    Err(Diagnostic::unlocated(arg, suggest(&head, arg, &names, &tail)).into())
}

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The scenes embedded from `scenes/*.toml`: (file stem, TOML text), sorted by name.
pub fn shipped_scenes() -> &'static [(&'static str, &'static str)] {
    SHIPPED_SCENES
}

/// The lessons embedded from `lessons/*.toml`: (file stem, TOML text), sorted by name.
pub fn shipped_lessons() -> &'static [(&'static str, &'static str)] {
    SHIPPED_LESSONS
}
