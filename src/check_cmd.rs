//! `sepax check`: validate scenes and lessons and run every lesson expectation headless.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use sepax::lesson::{self, Lesson};
use sepax::scene::{self, Diagnostics};

use crate::progress::Progress;

/// What one file turned out to be.
enum Checked {
    Scene,
    Lesson {
        facts: usize,
        failures: Vec<String>,
        prose_checks: usize,
        prose: Vec<String>,
    },
    Invalid(Diagnostics),
}

/// Runs the check over `paths` (files or folders), or over everything shipped when empty; the
/// summary as text, or as one JSON object when `json`.
pub fn run(paths: &[PathBuf], json: bool) -> ExitCode {
    let files: Vec<PathBuf> = paths.iter().flat_map(|p| files_under(p)).collect();
    let (scenes, lessons) = if paths.is_empty() {
        (scene::shipped_scenes(), scene::shipped_lessons())
    } else {
        (&[][..], &[][..])
    };
    let progress = Progress::new("checking", scenes.len() + lessons.len() + files.len());
    let mut results = Vec::new();
    for (name, text) in scenes {
        progress.at(name);
        results.push(check_scene(scene::load_shipped(name, text)));
    }
    for (name, text) in lessons {
        progress.at(name);
        results.push(check_lesson(lesson::load_shipped(name, text)));
    }
    for file in &files {
        progress.at(&file.display().to_string());
        results.push(check_file(file));
    }
    progress.finish();
    summarise(&results, json)
}

/// The `.toml` files of a folder (sorted), or the path itself.
fn files_under(path: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(path) else {
        return vec![path.to_path_buf()];
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// A file is a lesson when it has `[[step]]` tables or a top-level `scene`, else a scene.
fn check_file(path: &Path) -> Checked {
    // Read within the size limit: a file too large, unreadable or not text is left to the
    // scene loader, which says why.
    let bytes = scene::read_file(path).unwrap_or_default();
    let text = String::from_utf8(bytes).unwrap_or_default();
    let looks_like_lesson = toml::from_str::<toml::Table>(&text)
        .is_ok_and(|table| table.contains_key("step") || table.contains_key("scene"));
    if looks_like_lesson {
        check_lesson(lesson::load_lesson_path(path))
    } else {
        check_scene(scene::load_path(path))
    }
}

fn check_scene(loaded: Result<scene::Scene, Diagnostics>) -> Checked {
    match loaded {
        Ok(scene) => {
            let _ = lesson::timeline_of(&scene);
            Checked::Scene
        }
        Err(problems) => Checked::Invalid(problems),
    }
}

fn check_lesson(loaded: Result<Lesson, Diagnostics>) -> Checked {
    match loaded {
        Ok(lesson) => {
            let report = lesson::check_lesson(&lesson);
            let lines =
                |found: &[scene::Diagnostic]| found.iter().map(ToString::to_string).collect();
            let (screens, leaks) = screen_leaks(&lesson);
            let mut prose: Vec<String> = lines(&report.prose);
            prose.extend(leaks);
            Checked::Lesson {
                facts: report.facts,
                failures: lines(&report.failures),
                prose_checks: report.prose_checks + screens,
                prose,
            }
        }
        Err(problems) => Checked::Invalid(problems),
    }
}

/// The screens of the lesson's number questions, and of the steps that point at a panel or a
/// row, read with the question open; one located line per way a screen gives the answer away or
/// lacks what its step points at.
#[cfg(feature = "tui")]
fn screen_leaks(lesson: &Lesson) -> (usize, Vec<String>) {
    use sepax::tui::lesson::{leaks, missing, pointed_screens, screens};
    let found = leaks(lesson)
        .into_iter()
        .map(|leak| (leak, "the open question's answer follows from the screen"))
        .chain(
            missing(lesson)
                .into_iter()
                .map(|leak| (leak, "the step points at what is not shown")),
        )
        .map(|(leak, why)| {
            let step = &lesson.steps[leak.step];
            let (w, h) = leak.size;
            scene::Diagnostic::located(
                &lesson.path,
                step.place.line,
                step.place.column,
                format!("step {}: at {w}×{h} {why}: {}", leak.step + 1, leak.what),
            )
            .to_string()
        })
        .collect();
    (screens(lesson) + pointed_screens(lesson), found)
}

/// Without the terminal UI there is no screen to read.
#[cfg(not(feature = "tui"))]
fn screen_leaks(_: &Lesson) -> (usize, Vec<String>) {
    (0, Vec::new())
}

/// Prints failures and a closing `check: N passed, M failed` line; 2 if a file is invalid, 1 if
/// a fact failed or the prose states a number no record gives.
fn summarise(results: &[Checked], json: bool) -> ExitCode {
    let (mut scenes, mut lessons, mut facts, mut numbers) = (0, 0, 0, 0);
    let (mut passed, mut failed, mut invalid) = (0, 0, 0);
    let mut out = String::new();
    let mut problems: Vec<String> = Vec::new();
    for result in results {
        match result {
            Checked::Scene => {
                scenes += 1;
                passed += 1;
            }
            Checked::Lesson {
                facts: n,
                failures,
                prose_checks,
                prose,
            } => {
                lessons += 1;
                facts += n;
                numbers += prose_checks;
                passed +=
                    n.saturating_sub(failures.len()) + prose_checks.saturating_sub(prose.len());
                failed += failures.len();
                for failure in failures {
                    let _ = write!(out, "{failure}");
                    problems.extend(failure.lines().map(str::to_string));
                }
                for finding in prose {
                    failed += 1;
                    let _ = writeln!(out, "{finding}");
                    problems.push(finding.clone());
                }
            }
            Checked::Invalid(diagnostics) => {
                invalid += 1;
                failed += 1;
                if json {
                    problems.extend(diagnostics.0.iter().map(|d| match (d.line, d.column) {
                        (Some(l), Some(c)) => format!("{}:{l}:{c}: {}", d.path, d.message),
                        _ => format!("{}: {}", d.path, d.message),
                    }));
                } else {
                    crate::output::to_stderr(&diagnostics.render(crate::color::stderr()));
                }
            }
        }
    }
    let _ = writeln!(out, "checked {scenes} scenes and {lessons} lessons ({facts} expected facts, {numbers} numbers and placeholders in prose); {invalid} invalid files");
    let _ = writeln!(out, "check: {passed} passed, {failed} failed");
    if json {
        let summary = serde_json::json!({
            "scenes": scenes,
            "lessons": lessons,
            "facts": facts,
            "prose_numbers": numbers,
            "invalid_files": invalid,
            "passed": passed,
            "failed": failed,
            "problems": problems,
        });
        out = format!("{summary}\n");
    }
    if let Err(message) = crate::output::to_stdout(|stdout| stdout.write_all(out.as_bytes())) {
        crate::output::to_stderr(&message);
    }
    if invalid > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
