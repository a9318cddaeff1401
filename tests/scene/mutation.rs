//! The readers against corrupted input: every shipped scene and lesson, mutated byte by byte,
//! token by token, number by number and key by key (at least 20,000 cases a run, from a fixed
//! seed), either loads or fails with diagnostics that name the file, end with a newline and
//! quote no raw control character; no case panics and none takes a second. A valid scene is
//! also explained at frame 0, whose records the engine's debug assertions check for numbers
//! that are not finite.
//!
//! `SEPAX_MUTATION_CASES=N` and `SEPAX_MUTATION_SEED=S` run more cases or other ones (the
//! failure message names the seed and case that reproduce it); see the README for the fuzzer.

use crate::mutate;
use crate::rng;

use std::panic::{catch_unwind, AssertUnwindSafe, PanicHookInfo};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rng::Rng;
use sepax::lesson;
use sepax::sat::Robustness;
use sepax::scene::{self, Diagnostics};
use sepax::trace::{explain, is_explained};

/// Cases in one run of `cargo test`.
const CASES: u64 = 24_000;

/// The seed of the run.
const SEED: u64 = 0x5E9A_0016;

/// The longest a single case may take.
const SLOWEST: Duration = Duration::from_secs(1);

/// One input of the run: a shipped file and which reader reads it.
struct Source {
    name: String,
    text: &'static str,
    lesson: bool,
}

fn sources() -> Vec<Source> {
    let scenes = scene::shipped_scenes().iter().map(|(name, text)| Source {
        name: format!("scenes/{name}.toml"),
        text,
        lesson: false,
    });
    let lessons = scene::shipped_lessons().iter().map(|(name, text)| Source {
        name: lesson::shipped_path(name),
        text,
        lesson: true,
    });
    scenes.chain(lessons).collect()
}

/// Checks the diagnostics of a failed load of `text` named `path` (a lesson's may also name the
/// scene file it refers to).
fn check_diagnostics(diagnostics: &Diagnostics, path: &str, text: &[u8]) -> Result<(), String> {
    if diagnostics.0.is_empty() {
        return Err("an error without a diagnostic".into());
    }
    let lines = text.split(|b| *b == b'\n').count();
    for d in &diagnostics.0 {
        let shown = d.to_string();
        if d.path != path && !path.starts_with("lessons/") {
            return Err(format!("names another file: {shown}"));
        }
        let place = match (d.line, d.column) {
            (Some(line), Some(column)) => {
                if line > lines || column == 0 {
                    return Err(format!("placed outside the file: {shown}"));
                }
                format!("{}:{line}:{column}: ", d.path)
            }
            (None, None) => format!("{}: ", d.path),
            _ => return Err(format!("half a place: {shown}")),
        };
        if !shown.starts_with(&place) {
            return Err(format!("does not start with `{place}`: {shown}"));
        }
        if !shown.ends_with('\n') || shown.chars().any(|c| c != '\n' && c.is_control()) {
            return Err(format!("not newline-terminated clean text: {shown:?}"));
        }
    }
    Ok(())
}

/// Loads the mutated `bytes` of `source`; a valid scene is explained at frame 0.
fn run_case(source: &Source, bytes: &[u8]) -> Result<bool, String> {
    let path = &source.name;
    if source.lesson {
        let loaded = scene::text_of(bytes, path)
            .map_err(Diagnostics::from)
            .and_then(|text| lesson::load_lesson_str(text, path, Some(Path::new("lessons"))));
        return match loaded {
            Ok(_) => Ok(true),
            Err(d) => check_diagnostics(&d, path, bytes).map(|()| false),
        };
    }
    match scene::load_bytes(bytes, path) {
        Ok(scene) => {
            let explained = explain(
                &scene,
                &scene.bodies,
                0,
                scene.world.dt,
                None,
                Robustness::default(),
            );
            // Every pair but those `explain` never lists (a plane with a plane, a triangle or a
            // mesh; two meshes).
            let bodies = &scene.bodies;
            let pairs = (0..bodies.len())
                .flat_map(|i| (i + 1..bodies.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| is_explained(&bodies[i].shape, &bodies[j].shape))
                .count();
            if explained.pairs.len() != pairs {
                return Err(format!(
                    "{} pairs explained of {pairs}",
                    explained.pairs.len()
                ));
            }
            Ok(true)
        }
        Err(d) => check_diagnostics(&d, path, bytes).map(|()| false),
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn corrupted_scenes_and_lessons_load_or_fail_cleanly() {
    let cases = env_number("SEPAX_MUTATION_CASES", CASES);
    let seed = env_number("SEPAX_MUTATION_SEED", SEED);
    let sources = sources();
    let (mut loaded, mut refused, mut slowest) = (0, 0, (Duration::ZERO, 0));
    // Panics are caught per case and reported with the case that reproduces them. Only this
    // thread's are silenced: other tests of the binary may panic meanwhile, and say why.
    let hook: Arc<dyn Fn(&PanicHookInfo<'_>) + Send + Sync> = std::panic::take_hook().into();
    let quiet = std::thread::current().id();
    let others = Arc::clone(&hook);
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != quiet {
            others(info);
        }
    }));
    let restore = move || std::panic::set_hook(Box::new(move |info| hook(info)));
    for case in 0..cases {
        let mut rng = Rng::case(seed, case);
        let source = &sources[(case % sources.len() as u64) as usize];
        let bytes = mutate::mutate(source.text, &mut rng);
        let start = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| run_case(source, &bytes)));
        let took = start.elapsed();
        slowest = slowest.max((took, case));
        let shown = || String::from_utf8_lossy(&bytes).escape_debug().to_string();
        let failure = match outcome {
            Ok(Ok(true)) => {
                loaded += 1;
                None
            }
            Ok(Ok(false)) => {
                refused += 1;
                None
            }
            Ok(Err(problem)) => Some(problem),
            Err(panic) => Some(format!(
                "panicked: {}",
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                    .unwrap_or_default()
            )),
        };
        let failure = failure.or_else(|| (took > SLOWEST).then(|| format!("took {took:?}")));
        if let Some(problem) = failure {
            restore();
            panic!(
                "seed {seed:#x} case {case} ({}): {problem}\nthe input:\n{}",
                source.name,
                shown()
            );
        }
    }
    restore();
    println!(
        "{cases} cases from seed {seed:#x}: {loaded} loaded, {refused} refused; slowest {:?} (case {})",
        slowest.0,
        slowest.1
    );
    assert!(
        cases < 20_000 || (loaded > 500 && refused > 10_000),
        "{loaded} {refused}"
    );
}
