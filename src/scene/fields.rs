//! Reading one raw TOML table key by key; the keys asked for are the keys the table allows.

use std::ops::Range;

use nalgebra::Vector3;
use toml::de::DeTable;

use super::diagnostic::{closest, suggest};
use super::value::{self, Raw, Report};

/// A table being validated: hands out its values and remembers which keys were read and failed.
pub(crate) struct Fields<'t, 'i> {
    table: &'t DeTable<'i>,
    span: Range<usize>,
    label: String,
    asked: Vec<&'static str>,
    /// Missing keys (either of them would do) and the message for them.
    missing: Vec<(Vec<&'static str>, String)>,
    failed: bool,
}

impl<'t, 'i> Fields<'t, 'i> {
    /// A reader of `table`, whose missing keys are reported at `span`; `label` names the table.
    pub fn new(table: &'t DeTable<'i>, span: Range<usize>, label: impl Into<String>) -> Self {
        Self {
            table,
            span,
            label: label.into(),
            asked: Vec::new(),
            missing: Vec::new(),
            failed: false,
        }
    }

    /// How the table is named in messages (`[world]`, `body "A"`).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Renames the table in later messages (once its name is known).
    pub fn set_label(&mut self, label: impl Into<String>) {
        self.label = label.into();
    }

    /// Where the table starts (its header).
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// Marks the table as invalid after a problem found outside the reader.
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// The raw value of `key`, which becomes an allowed key.
    pub fn raw(&mut self, key: &'static str) -> Option<&'t Raw<'i>> {
        if !self.asked.contains(&key) {
            self.asked.push(key);
        }
        self.table.get(key)
    }

    /// Notes `key` as missing if it is absent, reported when the table is finished; always `None`.
    pub fn missing<T>(&mut self, key: &'static str, hint: &str) -> Option<T> {
        let message = format!("{} is missing `{key}` ({hint})", self.label);
        self.missing_any(&[key], message)
    }

    /// Notes `message` if every one of `keys` is absent, reported when the table is finished.
    pub fn missing_any<T>(&mut self, keys: &[&'static str], message: String) -> Option<T> {
        if keys.iter().all(|key| self.table.get(*key).is_none()) {
            self.missing.push((keys.to_vec(), message));
            self.failed = true;
        }
        None
    }

    /// Reads `key` with `read` (one of the `value` functions), recording a failure.
    fn read<T>(
        &mut self,
        r: &mut Report<'_>,
        key: &'static str,
        read: impl FnOnce(&mut Report<'_>, &str, &'t Raw<'i>) -> Option<T>,
    ) -> Option<T> {
        let raw = self.raw(key)?;
        let what = format!("`{key}` in {}", self.label);
        let out = read(r, &what, raw);
        self.failed |= out.is_none();
        out
    }

    /// The string `key`.
    pub fn string(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<&'t str> {
        self.read(r, key, value::string)
    }

    /// The required `name` of a `[[kind]]` table, which then names the table in later
    /// messages (`ray "laser"`); `hint` says what the name is for when it is missing.
    pub fn name(&mut self, r: &mut Report<'_>, kind: &str, hint: &str) -> Option<&'t str> {
        let name = self.string(r, "name");
        match name {
            Some(name) => self.set_label(format!("{kind} {name:?}")),
            None => return self.missing("name", hint),
        }
        name
    }

    /// The boolean `key`.
    pub fn boolean(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<bool> {
        self.read(r, key, value::boolean)
    }

    /// The finite number `key`.
    pub fn number(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<f64> {
        self.read(r, key, value::number)
    }

    /// The number `key`, greater than zero.
    pub fn positive(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<f64> {
        self.read(r, key, value::positive)
    }

    /// The number `key`, not negative.
    pub fn non_negative(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<f64> {
        self.read(r, key, value::non_negative)
    }

    /// The number `key` in the closed interval `range`.
    pub fn within(
        &mut self,
        r: &mut Report<'_>,
        key: &'static str,
        range: (f64, f64),
    ) -> Option<f64> {
        self.read(r, key, |r, what, raw| value::within(r, what, raw, range))
    }

    /// The whole number `key` in `range`.
    pub fn count(
        &mut self,
        r: &mut Report<'_>,
        key: &'static str,
        range: (u64, u64),
    ) -> Option<usize> {
        self.read(r, key, |r, what, raw| value::count(r, what, raw, range))
    }

    /// The 3-vector `key`.
    pub fn vec3(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<Vector3<f64>> {
        self.read(r, key, value::vec3)
    }

    /// The 3-vector `key` with components greater than zero.
    pub fn positive_vec3(&mut self, r: &mut Report<'_>, key: &'static str) -> Option<Vector3<f64>> {
        self.read(r, key, value::positive_vec3)
    }

    /// The array of `N` numbers `key`.
    pub fn numbers<const N: usize>(
        &mut self,
        r: &mut Report<'_>,
        key: &'static str,
    ) -> Option<[f64; N]> {
        self.read(r, key, value::numbers::<N>)
    }

    /// The value of `key`, which must be one of `options`.
    pub fn choice(
        &mut self,
        r: &mut Report<'_>,
        key: &'static str,
        options: &[&'static str],
    ) -> Option<&'static str> {
        let label = self.label.clone();
        self.read(r, key, |r, _, raw| {
            value::choice(r, (key, &label), raw, options)
        })
    }

    /// The value span of `key`, or the table's span when it is absent.
    pub fn span_of(&self, key: &str) -> Range<usize> {
        self.table.get(key).map_or_else(|| self.span(), Raw::span)
    }

    /// Reports every key never asked for and every missing key; `true` if the table had no problem.
    ///
    /// `explain(key, label, allowed)` may word a specific message for a key. A missing key with a
    /// likely typo among the unknown keys is left to the unknown key's "did you mean" message.
    pub fn finish_with(
        mut self,
        r: &mut Report<'_>,
        explain: impl Fn(&str, &str, &str) -> Option<String>,
    ) -> bool {
        let allowed = self.asked.join(", ");
        for (key, _) in self.table {
            let name: &str = key.get_ref();
            if self.asked.contains(&name) {
                continue;
            }
            let message = explain(name, &self.label, &allowed).unwrap_or_else(|| {
                let head = format!("unknown key `{name}` in {}", self.label);
                suggest(
                    &head,
                    name,
                    &self.asked,
                    &format!("allowed keys: {allowed}"),
                )
            });
            r.error(key.span(), message);
            self.failed = true;
        }
        for (keys, message) in &self.missing {
            if keys.iter().all(|key| self.typo_of(key).is_none()) {
                r.error(self.span(), message.clone());
            }
        }
        !self.failed
    }

    /// Like [`finish`](Self::finish) for a table whose keys depend on its `kind`: a key of another
    /// kind in `kinds` (kind, keys) is named as such; `noun` names the table (`force`).
    pub fn finish_kind(
        self,
        r: &mut Report<'_>,
        (noun, kind): (&str, &str),
        kinds: &[(&str, &[&str])],
    ) -> bool {
        self.finish_with(r, |key, label, allowed| {
            let owners: Vec<&str> = kinds
                .iter()
                .filter(|(_, keys)| keys.contains(&key))
                .map(|(owner, _)| *owner)
                .collect();
            let owners = owners.join(" and ");
            (!owners.is_empty()).then(|| {
                format!(
                    "`{key}` does not apply to a {kind} {noun} ({label}): it is a key of \
                     {owners} {noun}s; allowed keys: {allowed}"
                )
            })
        })
    }

    /// Reports every key never asked for and every missing key; `true` if the table had no problem.
    pub fn finish(self, r: &mut Report<'_>) -> bool {
        self.finish_with(r, |_, _, _| None)
    }

    /// Reports only the missing keys, when the table cannot be read further; their likely typos
    /// are reported as unknown keys instead.
    pub fn abandon(self, r: &mut Report<'_>) {
        for (keys, message) in &self.missing {
            let typo = keys.iter().find_map(|key| Some((key, self.typo_of(key)?)));
            match typo {
                Some((key, typo)) => {
                    let message = format!(
                        "unknown key `{typo}` in {}; did you mean `{key}`?",
                        self.label
                    );
                    r.error(self.span_of(typo), message);
                }
                None => r.error(self.span(), message.clone()),
            }
        }
    }

    /// A key of the table that was never asked for and is probably a misspelling of `key`.
    fn typo_of(&self, key: &str) -> Option<&str> {
        self.table
            .iter()
            .map(|(k, _)| k.get_ref().as_ref())
            .find(|k: &&str| !self.asked.contains(k) && closest(k, &[key]).is_some())
    }
}
