//! Saved lesson progress: per lesson the furthest step reached and whether it was finished, kept
//! as a small TOML file in the platform's data directory.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Environment variable naming the directory the progress file is kept in (tests set it).
pub const DATA_DIR_VARIABLE: &str = "SEPAX_DATA_DIR";

/// The progress file's name inside the data directory.
pub const FILE_NAME: &str = "progress.toml";

/// One lesson's saved progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The furthest step reached, from 1.
    pub reached: usize,
    /// How many steps the lesson had then.
    pub steps: usize,
    /// Whether the last step was reached.
    pub finished: bool,
}

/// Where a lesson stands, as the menu marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Never opened.
    NotStarted,
    /// Opened; the furthest step reached (from 1).
    InProgress(usize),
    /// The last step was reached.
    Done,
}

/// Every lesson's progress, by lesson name (the file stem).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Progress by lesson name.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
}

impl Progress {
    /// Parses the progress file's text.
    pub fn from_toml(text: &str) -> Result<Progress, String> {
        toml::from_str(text).map_err(|e| e.message().to_string())
    }

    /// The file's text.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!("# sepax lesson progress: the furthest step reached in each lesson.\n{body}")
    }

    /// Records that step `step` (from 1) of a lesson of `steps` steps was reached; returns
    /// whether anything changed.
    pub fn reach(&mut self, name: &str, step: usize, steps: usize) -> bool {
        let entry = self.lessons.entry(name.to_string()).or_default();
        let before = *entry;
        entry.reached = entry.reached.max(step);
        entry.steps = steps;
        entry.finished |= step >= steps;
        *entry != before
    }

    /// Where the lesson called `name` stands.
    pub fn status(&self, name: &str) -> Status {
        match self.lessons.get(name) {
            None => Status::NotStarted,
            Some(p) if p.finished => Status::Done,
            Some(p) => Status::InProgress(p.reached.max(1)),
        }
    }
}

/// Where progress is read from and written to; `None` keeps nothing (`--no-progress`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Store {
    /// The progress file.
    pub path: Option<PathBuf>,
}

impl Store {
    /// The progress file in `$SEPAX_DATA_DIR`, else in the platform's data directory.
    pub fn standard() -> Store {
        let dir = std::env::var_os(DATA_DIR_VARIABLE)
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
            .or_else(|| dirs::data_dir().map(|dir| dir.join("sepax")));
        Store {
            path: dir.map(|dir| dir.join(FILE_NAME)),
        }
    }

    /// A store that neither reads nor writes (the default).
    pub fn off() -> Store {
        Store::default()
    }

    /// Whether progress is kept.
    pub fn is_on(&self) -> bool {
        self.path.is_some()
    }

    /// The saved progress; a missing file is empty progress, an unreadable or corrupt one too,
    /// with a one-line warning.
    pub fn load(&self) -> (Progress, Option<String>) {
        let Some(path) = &self.path else {
            return (Progress::default(), None);
        };
        match std::fs::read_to_string(path) {
            Ok(text) => match Progress::from_toml(&text) {
                Ok(progress) => (progress, None),
                Err(why) => (
                    Progress::default(),
                    Some(format!(
                        "saved progress ignored ({}: {why})",
                        path.display()
                    )),
                ),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Progress::default(), None),
            Err(e) => (
                Progress::default(),
                Some(format!("saved progress ignored ({}: {e})", path.display())),
            ),
        }
    }

    /// Writes `progress` (a temporary file renamed over the old one).
    pub fn save(&self, progress: &Progress) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        write(path, &progress.to_toml())
            .map_err(|e| format!("progress not saved ({}: {e})", path.display()))
    }

    /// Deletes the saved progress; returns whether there was any.
    pub fn reset(&self) -> Result<bool, String> {
        let Some(path) = &self.path else {
            return Ok(false);
        };
        match std::fs::remove_file(path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(format!("cannot remove {}: {e}", path.display())),
        }
    }
}

fn write(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let temporary = path.with_extension("toml.tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reaching_steps_keeps_the_furthest_and_finishes_at_the_last() {
        let mut progress = Progress::default();
        assert_eq!(progress.status("06_x"), Status::NotStarted);
        assert!(progress.reach("06_x", 3, 6));
        assert!(!progress.reach("06_x", 2, 6), "going back changes nothing");
        assert_eq!(progress.status("06_x"), Status::InProgress(3));
        assert!(progress.reach("06_x", 6, 6));
        assert_eq!(progress.status("06_x"), Status::Done);
        progress.reach("06_x", 1, 6);
        assert_eq!(
            progress.status("06_x"),
            Status::Done,
            "finished stays finished"
        );
    }

    #[test]
    fn the_file_round_trips_and_corrupt_text_is_an_error() {
        let mut progress = Progress::default();
        progress.reach("06_why_no_collision", 4, 6);
        progress.reach("01_vectors", 5, 5);
        let text = progress.to_toml();
        assert!(text.contains("[lessons.06_why_no_collision]"), "{text}");
        assert!(text.contains("reached = 4"), "{text}");
        assert_eq!(Progress::from_toml(&text), Ok(progress));
        assert!(Progress::from_toml("lessons = 3").is_err());
        assert!(Progress::from_toml("[lessons.x]\nreached = \"far\"").is_err());
        assert_eq!(Progress::from_toml(""), Ok(Progress::default()));
    }

    #[test]
    fn a_store_saves_loads_ignores_corruption_and_resets() {
        let dir = std::env::temp_dir().join(format!("sepax-progress-unit-{}", std::process::id()));
        let store = Store {
            path: Some(dir.join("sub").join(FILE_NAME)),
        };
        assert_eq!(store.load(), (Progress::default(), None));
        let mut progress = Progress::default();
        progress.reach("a", 1, 2);
        store.save(&progress).unwrap();
        assert_eq!(store.load(), (progress, None));
        std::fs::write(store.path.as_ref().unwrap(), "not [ toml").unwrap();
        let (loaded, warning) = store.load();
        assert_eq!(loaded, Progress::default());
        assert!(warning.unwrap().starts_with("saved progress ignored"));
        assert_eq!(store.reset(), Ok(true));
        assert_eq!(store.reset(), Ok(false));
        assert_eq!(Store::off().load(), (Progress::default(), None));
        assert_eq!(Store::off().save(&Progress::default()), Ok(()));
        std::fs::remove_dir_all(dir).ok();
    }
}
