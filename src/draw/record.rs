//! A [`DebugDraw`] that keeps what it was told, for tests and for drawing by role.

use super::{DebugDraw, Role};

/// One element a [`Recording`] kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawn {
    /// A segment.
    Line {
        /// Start, view coordinates.
        from: [f64; 2],
        /// End, view coordinates.
        to: [f64; 2],
        /// What it means.
        role: Role,
    },
    /// A marked point.
    Point {
        /// Where, view coordinates.
        at: [f64; 2],
        /// What it means.
        role: Role,
    },
    /// A text.
    Label {
        /// Position of its first character, view coordinates.
        at: [f64; 2],
        /// The text.
        text: String,
        /// What it labels.
        role: Role,
    },
}

impl Drawn {
    /// The role of the element.
    pub fn role(&self) -> Role {
        match self {
            Drawn::Line { role, .. } | Drawn::Point { role, .. } | Drawn::Label { role, .. } => {
                *role
            }
        }
    }
}

/// Every element drawn, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    /// The elements in the order they were drawn.
    pub items: Vec<Drawn>,
}

impl Recording {
    /// The elements of one role, in drawing order.
    pub fn of_role(&self, role: Role) -> impl Iterator<Item = &Drawn> {
        self.items.iter().filter(move |item| item.role() == role)
    }

    /// The labels' texts, in drawing order.
    pub fn labels(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter_map(|item| match item {
                Drawn::Label { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

impl DebugDraw for Recording {
    fn line(&mut self, from: [f64; 2], to: [f64; 2], role: Role) {
        self.items.push(Drawn::Line { from, to, role });
    }

    fn point(&mut self, at: [f64; 2], role: Role) {
        self.items.push(Drawn::Point { at, role });
    }

    fn label(&mut self, at: [f64; 2], text: &str, role: Role) {
        self.items.push(Drawn::Label {
            at,
            text: text.to_string(),
            role,
        });
    }
}
