//! Entry points: load a scene from text, bytes, a file, or a shipped scene's name.

use std::path::Path;

use toml::de::DeTable;

use super::diagnostic::{listing, suggest, Diagnostic, Diagnostics};
use super::model::Scene;
use super::value::Report;
use super::{document, limits};

/// What an empty file is told.
const EMPTY: &str = "the file is empty: a scene needs a [world] table and at least one [[body]]";

/// The largest scene or lesson file sepax reads, in bytes (16 MB); a larger one is refused
/// before it is parsed.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// Where the files a scene names (the OBJ files of its meshes) are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Files {
    /// Beside the scene file on disk, relative to its path.
    Disk,
    /// Among the files shipped inside sepax ([`shipped_files`]), wherever sepax runs.
    Shipped,
}

/// Parses and validates the scene `text` whose files are on disk beside `path`; `path` names it
/// in messages and gives `Scene::name`.
pub fn load_str(text: &str, path: &str) -> Result<Scene, Diagnostics> {
    load_with(text, path, Files::Disk)
}

/// The shipped scene `name` (a file stem of [`shipped_scenes`]) whose text is `text`, read with
/// the shipped files from any folder; it is named `scenes/<name>.toml` in messages.
pub fn load_shipped(name: &str, text: &str) -> Result<Scene, Diagnostics> {
    load_with(text, &format!("scenes/{name}.toml"), Files::Shipped)
}

/// The one scene loader every caller goes through: parses and validates `text`, reading the
/// files it names from `files`.
pub fn load_with(text: &str, path: &str, files: Files) -> Result<Scene, Diagnostics> {
    check_text(text, path)?;
    let mut r = Report::new(path, text).with_limits(limits::SCENE);
    if files == Files::Shipped {
        r = r.shipped();
    }
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
    load_str(text_of(bytes, path)?, path)
}

/// `bytes` as text, or one located diagnostic at the first byte that is not UTF-8 or the first
/// control character TOML does not allow (any but tab and line ends), whichever comes first;
/// the message names the byte or character by its code and quotes no raw byte.
pub fn text_of<'b>(bytes: &'b [u8], path: &str) -> Result<&'b str, Diagnostic> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_large(path, Some(bytes.len() as u64)));
    }
    let (text, invalid) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(error) => {
            let at = error.valid_up_to();
            let text = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
            (text, Some(at))
        }
    };
    if let Some(diagnostic) = first_control(text, path) {
        return Err(diagnostic);
    }
    match invalid {
        None => Ok(text),
        Some(at) => {
            let message = format!(
                "the file is not UTF-8 text: byte 0x{:02X} cannot start a character here",
                bytes[at]
            );
            let lossy = String::from_utf8_lossy(bytes);
            Err(Diagnostic::at_span(path, &lossy, at..at + 1, message))
        }
    }
}

/// Checks the size of `text` and that it has no control character TOML does not allow.
fn check_text(text: &str, path: &str) -> Result<(), Diagnostic> {
    if text.len() > MAX_FILE_BYTES {
        return Err(too_large(path, Some(text.len() as u64)));
    }
    first_control(text, path).map_or(Ok(()), Err)
}

/// The first control character other than tab and line ends in `text`, as a diagnostic.
fn first_control(text: &str, path: &str) -> Option<Diagnostic> {
    let (at, c) = text
        .char_indices()
        .find(|&(_, c)| c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r'))?;
    let message = format!(
        "the file has the control character U+{:04X} here: scenes and lessons are TOML text, \
         which allows none but tab and line ends (inside a string, write it as an escape such \
         as \\u{:04X})",
        u32::from(c),
        u32::from(c)
    );
    Some(Diagnostic::at_span(path, text, at..at + 1, message))
}

/// The diagnostic of a file over [`MAX_FILE_BYTES`], of `bytes` bytes when its size is known.
fn too_large(path: &str, bytes: Option<u64>) -> Diagnostic {
    let size = bytes.map_or_else(String::new, |bytes| format!(" {bytes} bytes,"));
    Diagnostic::unlocated(
        path,
        format!(
            "the file is{size} over the limit of {MAX_FILE_BYTES} bytes (16 MB) for a scene or \
             a lesson; it is not read"
        ),
    )
}

/// Reads the file at `path` whole, refusing one over [`MAX_FILE_BYTES`] (by its size, or by
/// reading one byte more) before reading it all; a missing or unreadable file is a diagnostic.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Diagnostic> {
    use std::io::Read as _;
    let shown = path.display().to_string();
    let unreadable = |error: std::io::Error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            Diagnostic::unlocated(&shown, "file not found")
        } else {
            Diagnostic::unlocated(&shown, format!("cannot read the file: {error}"))
        }
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    if let Ok(size) = file.metadata().map(|m| m.len()) {
        if size > MAX_FILE_BYTES as u64 {
            return Err(too_large(&shown, Some(size)));
        }
    }
    let mut bytes = Vec::new();
    let limit = MAX_FILE_BYTES as u64 + 1;
    file.take(limit)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() > MAX_FILE_BYTES {
        // Read through the limit: a file one byte over it may be longer still.
        return Err(too_large(&shown, None));
    }
    Ok(bytes)
}

/// Reads and loads the scene file at `path`; a missing, unreadable or too large file gives one
/// unlocated diagnostic.
pub fn load_path(path: &Path) -> Result<Scene, Diagnostics> {
    let bytes = read_file(path)?;
    load_bytes(&bytes, &path.display().to_string())
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
        return load_shipped(name, text);
    }
    let names: Vec<&str> = shipped_scenes().iter().map(|(name, _)| *name).collect();
    let tail = if names.is_empty() {
        "no scenes are shipped".to_string()
    } else {
        listing("shipped scenes", &names, "`sepax scenes` lists them")
    };
    let head = format!("no such file, and no shipped scene is called `{arg}`");
    Err(Diagnostic::unlocated(arg, suggest(&head, arg, &names, &tail)).into())
}

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The scenes embedded from `scenes/*.toml`: (file stem, TOML text), sorted by name.
pub fn shipped_scenes() -> &'static [(&'static str, &'static str)] {
    SHIPPED_SCENES
}

/// The files embedded from `scenes/*.obj` that shipped scenes read: (file name, bytes), sorted
/// by name.
pub fn shipped_files() -> &'static [(&'static str, &'static [u8])] {
    SHIPPED_FILES
}

/// The lessons embedded from `lessons/*.toml`: (file stem, TOML text), sorted by name.
pub fn shipped_lessons() -> &'static [(&'static str, &'static str)] {
    SHIPPED_LESSONS
}
