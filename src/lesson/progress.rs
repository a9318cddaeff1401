//! Saved lesson progress: per lesson the furthest step reached, whether it was finished, and which
//! questions were answered right at the first try or skipped; kept as a small TOML file in the
//! platform's data directory (files written before questions were recorded still read).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Environment variable naming the directory the progress file is kept in (tests set it).
pub const DATA_DIR_VARIABLE: &str = "SEPAX_DATA_DIR";

/// The progress file's name inside the data directory.
pub const FILE_NAME: &str = "progress.toml";

/// One lesson's saved progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The furthest step reached, from 1.
    pub reached: usize,
    /// How many steps the lesson had then.
    pub steps: usize,
    /// Whether the last step was reached.
    pub finished: bool,
    /// The steps (from 1) whose question was answered right at the first try, in some run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub right_first_try: Vec<usize>,
    /// The steps whose question was settled: answered right, answered wrong twice, or shown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answered: Vec<usize>,
    /// The steps whose question was moved past while still open and never settled since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<usize>,
}

impl LessonProgress {
    /// Of the questions on `questions` (step numbers from 1): how many were answered right at
    /// the first try, and how many are skipped.
    pub fn score(&self, questions: &[usize]) -> (usize, usize) {
        let count = |list: &[usize]| questions.iter().filter(|k| list.contains(k)).count();
        (count(&self.right_first_try), count(&self.skipped))
    }
}

/// How a step's question went in one run of a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The first answer was right.
    RightFirstTry,
    /// Settled otherwise: right at the second try, wrong twice, or the answer was shown.
    Answered,
    /// Moved past (`n`) while still open.
    Skipped,
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
        format!(
            "# sepax lesson progress: the furthest step reached in each lesson, and the steps whose \
             question was answered right at the first try, settled, or skipped.\n{body}"
        )
    }

    /// Records that step `step` (from 1) of a lesson of `steps` steps was reached; returns
    /// whether anything changed.
    pub fn reach(&mut self, name: &str, step: usize, steps: usize) -> bool {
        let entry = self.lessons.entry(name.to_string()).or_default();
        let before = (entry.reached, entry.steps, entry.finished);
        entry.reached = entry.reached.max(step);
        entry.steps = steps;
        entry.finished |= step >= steps;
        (entry.reached, entry.steps, entry.finished) != before
    }

    /// Records how the question of step `step` (from 1) went; returns whether anything changed.
    /// A right first try is never taken back, and a settled question is no longer skipped.
    pub fn record(&mut self, name: &str, step: usize, outcome: Outcome) -> bool {
        let entry = self.lessons.entry(name.to_string()).or_default();
        let before = entry.clone();
        let add = |list: &mut Vec<usize>| {
            if let Err(at) = list.binary_search(&step) {
                list.insert(at, step);
            }
        };
        match outcome {
            Outcome::RightFirstTry => {
                add(&mut entry.right_first_try);
                add(&mut entry.answered);
            }
            Outcome::Answered => add(&mut entry.answered),
            Outcome::Skipped => {
                if entry.answered.binary_search(&step).is_err() {
                    add(&mut entry.skipped);
                }
            }
        }
        let answered = entry.answered.clone();
        entry.skipped.retain(|k| answered.binary_search(k).is_err());
        *entry != before
    }

    /// The lesson's saved progress, if it was ever opened.
    pub fn lesson(&self, name: &str) -> Option<&LessonProgress> {
        self.lessons.get(name)
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
#[path = "progress_tests.rs"]
mod tests;
