//! The diagnostics of one file, collected while it is validated.

use std::ops::Range;

use super::diagnostic::Diagnostic;
use super::limits::Limits;

/// The diagnostics of one file, collected while it is validated.
pub(crate) struct Report<'s> {
    path: &'s str,
    text: &'s str,
    /// Everything found so far.
    pub diagnostics: Vec<Diagnostic>,
    /// The magnitudes numbers may have (a scene's limits), or `None` for any finite number.
    limits: Option<Limits>,
    /// Whether the file is a shipped scene, whose OBJ files are the shipped ones.
    shipped: bool,
}

impl<'s> Report<'s> {
    /// An empty report for the file `path` whose text is `text`.
    pub fn new(path: &'s str, text: &'s str) -> Self {
        Self {
            path,
            text,
            diagnostics: Vec::new(),
            limits: None,
            shipped: false,
        }
    }

    /// The same report for a shipped scene: the files it names are the shipped ones.
    pub fn shipped(mut self) -> Self {
        self.shipped = true;
        self
    }

    /// Whether the file is a shipped scene.
    pub fn is_shipped(&self) -> bool {
        self.shipped
    }

    /// The file's path as given, which files it names are relative to.
    pub fn path(&self) -> &str {
        self.path
    }

    /// The limits the numbers read now must keep within, if any.
    pub fn limits(&self) -> Option<Limits> {
        self.limits
    }

    /// The same report, whose numbers must keep within `limits`.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = Some(limits);
        self
    }

    /// Runs `read` with the numbers it reads held to `limits` instead (a key with a range of its
    /// own).
    pub fn limited<T>(&mut self, limits: Limits, read: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.limits.replace(limits);
        let out = read(self);
        self.limits = outer;
        out
    }

    /// Reports a problem at the byte range `span`.
    pub fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::at_span(self.path, self.text, span, message));
    }

    /// The 1-based line of the byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        super::diagnostic::line_col(self.text, offset).0
    }

    /// Reports a problem that has no place in the file.
    pub fn unlocated(&mut self, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::unlocated(self.path, message));
    }

    /// The diagnostics in source order, unlocated ones first; those of other files it reads
    /// (an OBJ file) after its own, each file's in its order.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        let own = self.path;
        let key = |d: &Diagnostic| (d.path != own, d.line.unwrap_or(0), d.column.unwrap_or(0));
        self.diagnostics
            .sort_by(|a, b| (key(a).0, &a.path, key(a)).cmp(&(key(b).0, &b.path, key(b))));
        self.diagnostics
    }
}
