//! The bodies that springs, forces and constraints refer to by name, and the checks on a reference.

use nalgebra::Vector3;

use super::body::Checked;
use super::diagnostic::suggest;
use super::fields::Fields;
use super::model::{BodySpec, ShapeSpec};
use super::value::{self, Raw, Report};

/// What a referring table needs of a body besides not being a plane.
#[derive(Clone, Copy)]
pub(crate) enum Role {
    /// The body may be fixed: it then serves as an anchor.
    Anchor,
    /// The body must move; the text names what would hold it (`a pin constraint`).
    Moving(&'static str),
}

/// The bodies of the file by index: each one's name and spec, when they could be read.
#[derive(Default)]
pub(crate) struct Roster<'t> {
    names: Vec<Option<&'t str>>,
    specs: Vec<Option<BodySpec>>,
    /// Whether every body's name is known, so that a name not among them is surely unknown.
    complete: bool,
}

impl<'t> Roster<'t> {
    /// A roster that will be filled by [`push`](Self::push).
    pub fn new() -> Self {
        Self {
            complete: true,
            ..Self::default()
        }
    }

    /// A roster for a file whose bodies could not be read at all.
    pub fn unreadable() -> Self {
        Self::default()
    }

    /// Adds the next body, or a gap where a body could not be read.
    pub fn push(&mut self, checked: Option<Checked<'t>>) {
        let (name, spec) = checked.map_or((None, None), |c| (c.name.map(|n| n.0), c.spec));
        self.complete &= name.is_some();
        self.names.push(name);
        self.specs.push(spec);
    }

    /// Every body, when there is at least one and all of them are valid.
    pub fn into_specs(self) -> Option<Vec<BodySpec>> {
        let specs: Option<Vec<BodySpec>> = self.specs.into_iter().collect();
        specs.filter(|s| self.complete && !s.is_empty())
    }

    /// The initial centre of body `i`, when it is valid.
    pub fn center(&self, i: usize) -> Option<Vector3<f64>> {
        self.specs.get(i)?.as_ref().map(|s| s.center)
    }

    /// The initial distance between the centres of bodies `a` and `b`, when both are valid.
    pub fn distance(&self, a: usize, b: usize) -> Option<f64> {
        Some((self.center(a)? - self.center(b)?).norm())
    }

    /// The name of body `i`.
    pub fn name(&self, i: usize) -> &str {
        self.names.get(i).copied().flatten().unwrap_or_default()
    }

    /// The index of the body called `name`, if there is one.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == Some(name))
    }

    /// The names of the bodies that could be read.
    pub fn names(&self) -> Vec<&'t str> {
        self.names.iter().flatten().copied().collect()
    }

    /// Whether every body's name is known.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The spec of body `i`, when it is valid.
    pub fn spec(&self, i: usize) -> Option<&BodySpec> {
        self.specs.get(i)?.as_ref()
    }

    /// The index of the body named in `raw` (`what` names the value), reporting an unknown name,
    /// a plane, and a fixed body where `role` needs a moving one.
    pub fn resolve(
        &self,
        r: &mut Report<'_>,
        what: &str,
        raw: &Raw<'_>,
        role: Role,
    ) -> Option<usize> {
        let name = value::string(r, what, raw)?;
        let Some(index) = self.names.iter().position(|n| *n == Some(name)) else {
            // With a body whose name is unreadable, the name may be that body's: say nothing.
            if self.complete {
                let names: Vec<&str> = self.names.iter().flatten().copied().collect();
                r.error(raw.span(), format!("{what}: {}", unknown(&names, name)));
            }
            return None;
        };
        let Some(spec) = &self.specs[index] else {
            return Some(index);
        };
        let problem = if matches!(spec.shape, ShapeSpec::Plane { .. }) || spec.shape.is_surface() {
            let shape = spec.shape.name();
            format!(
                "a {shape}; springs, forces and constraints act on boxes, spheres and points bodies"
            )
        } else if let (Role::Moving(holder), true) = (role, spec.fixed) {
            format!("which is fixed and cannot move anyway; {holder} needs a moving body")
        } else {
            return Some(index);
        };
        r.error(raw.span(), format!("{what} names body {name:?}, {problem}"));
        None
    }
}

/// Reads the body named by `key` of the table `f`; a problem marks the table failed.
pub(crate) fn body(
    f: &mut Fields<'_, '_>,
    r: &mut Report<'_>,
    key: &'static str,
    roster: &Roster<'_>,
    role: Role,
) -> Option<usize> {
    let raw = f.raw(key)?;
    let what = format!("`{key}` in {}", f.label());
    let index = roster.resolve(r, &what, raw, role);
    if index.is_none() {
        f.fail();
    }
    index
}

/// The bodies `a` and `b` of the table `f` when they differ; the same body twice is reported at `b`.
pub(crate) fn two(
    f: &mut Fields<'_, '_>,
    r: &mut Report<'_>,
    roster: &Roster<'_>,
    a: Option<usize>,
    b: Option<usize>,
) -> Option<(usize, usize)> {
    let (a, b) = (a?, b?);
    if a == b {
        let name = roster.name(a);
        let message = format!(
            "{} joins body {name:?} to itself; `a` and `b` must name two different bodies",
            f.label()
        );
        r.error(f.span_of("b"), message);
        f.fail();
        return None;
    }
    Some((a, b))
}

/// The index of the body called `name`, or a message naming the closest and all the bodies.
///
/// Tables that refer to bodies by name (springs, constraints, lessons) report the message at the
/// place of the name with [`Diagnostic::at_span`](super::Diagnostic::at_span).
pub fn find_body(bodies: &[BodySpec], name: &str) -> Result<usize, String> {
    if let Some(index) = bodies.iter().position(|b| b.name == name) {
        return Ok(index);
    }
    let names: Vec<&str> = bodies.iter().map(|b| b.name.as_str()).collect();
    Err(unknown(&names, name))
}

/// The message for a `name` that is not among `names`.
fn unknown(names: &[&str], name: &str) -> String {
    let listed: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    let tail = super::suggest::listing("the bodies are", &listed, "the scene's [[body]] tables");
    suggest(&format!("unknown body {name:?}"), name, names, &tail)
}
