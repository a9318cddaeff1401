//! A data folder of a test's own for `SEPAX_DATA_DIR`, removed when dropped.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Folders made so far in this process: the tests of one binary share its process id, so each
/// folder also takes a number of its own.
static FOLDERS: AtomicUsize = AtomicUsize::new(0);

/// `<temp>/sepax-<name>-<pid>-<n>`: any leftover of an earlier run is removed first, and the
/// folder is removed again when dropped.
pub struct DataDir(PathBuf);

impl DataDir {
    /// The folder, not created: the binary under test creates it when it saves.
    pub fn new(name: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!(
            "sepax-{name}-{}-{}",
            std::process::id(),
            FOLDERS.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        DataDir(dir)
    }

    /// The folder, created empty.
    pub fn created(name: &str) -> DataDir {
        let data = DataDir::new(name);
        std::fs::create_dir_all(data.path()).unwrap();
        data
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// `sepax args` run from a shell with progress kept here, then its exit status echoed.
    pub fn command(&self, args: &str) -> String {
        format!(
            "SEPAX_DATA_DIR='{}' '{}' {args}; echo exit=$?",
            self.0.display(),
            env!("CARGO_BIN_EXE_sepax")
        )
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
