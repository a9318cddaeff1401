//! Placeholders in lesson prose: `{{gap A,B A1xB2 :4}}` names a value the engine computes at the
//! step's frame; this module reads one and checks it against the step's scene.

use std::ops::Range;

use super::axis::TableAxis;
use super::model::Place;
use super::placeholder_words::{axis_named, check_body, component, span, tokens};
use crate::scene::{suggest, Scene};

/// Decimals shown when a placeholder gives no precision.
pub const DEFAULT_PRECISION: usize = 3;

/// What a placeholder shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `(R - R0 - R1)/|L|` on an axis of a box pair.
    Gap,
    /// `R`, the projected distance of the centres on an axis.
    R,
    /// `R0`, the projected radius of the first box named.
    R0,
    /// `R1`, the projected radius of the second box named.
    R1,
    /// The first separating axis in table order (`none`), named with the pair as written.
    SeparatingAxis,
    /// The time of the pair's first contact at or after the frame.
    ContactTime,
    /// The point of that contact.
    ContactPoint,
    /// The touching features of that contact (`vertex-face`, …).
    ContactKind,
    /// A body's centre.
    Position,
    /// A body's velocity.
    Velocity,
    /// A body's integrator error estimate.
    ErrorEstimate,
    /// A box's half-extents along its own axes.
    HalfExtents,
    /// A sphere's or a cylinder's radius.
    Radius,
    /// An ellipsoid's radii along its own axes.
    Radii,
    /// A body's own axis `k` (0, 1, 2) in world coordinates, the column `k` of its rotation.
    Axis,
    /// A body's orientation as a unit quaternion `(w, x, y, z)`.
    Rotation,
    /// The eigenvalues of the covariance a fitted body was built from, largest first.
    Eigenvalues,
    /// The deepest overlap of a pair the soft step holds, at the frame's end, in millimetres.
    SoftOverlapMm,
    /// The largest predicted sink of a held pair's points, `F / (m ω²)`, in millimetres.
    SoftSinkMm,
    /// A held pair's normal impulse over the frame, summed over its points (N s).
    SoftImpulse,
    /// The impulse a held pair's points were warm started with, summed (N s).
    SoftWarmStart,
    /// The bodies asleep at the frame's end.
    Asleep,
    /// The soft step's contact frequency for the scene's frames (hertz, as capped).
    ContactHertz,
    /// The soft step's substeps a frame.
    Substeps,
    /// The scene's total energy.
    Energy,
    /// The frame's scene time.
    Time,
    /// The frame's number.
    Frame,
}

/// What a kind of placeholder is written with after its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Args {
    PairAxis,
    Pair,
    PairComponent,
    Body,
    BodyComponent,
    BodyAxis,
    Nothing,
}

impl Kind {
    /// Every kind, in the order the docs list them.
    pub const ALL: [Kind; 27] = [
        Kind::Gap,
        Kind::R,
        Kind::R0,
        Kind::R1,
        Kind::SeparatingAxis,
        Kind::ContactTime,
        Kind::ContactPoint,
        Kind::ContactKind,
        Kind::Position,
        Kind::Velocity,
        Kind::ErrorEstimate,
        Kind::HalfExtents,
        Kind::Radius,
        Kind::Radii,
        Kind::Axis,
        Kind::Rotation,
        Kind::Eigenvalues,
        Kind::SoftOverlapMm,
        Kind::SoftSinkMm,
        Kind::SoftImpulse,
        Kind::SoftWarmStart,
        Kind::Asleep,
        Kind::ContactHertz,
        Kind::Substeps,
        Kind::Energy,
        Kind::Time,
        Kind::Frame,
    ];

    /// The name written in the placeholder.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Gap => "gap",
            Kind::R => "r",
            Kind::R0 => "r0",
            Kind::R1 => "r1",
            Kind::SeparatingAxis => "separating_axis",
            Kind::ContactTime => "contact_time",
            Kind::ContactPoint => "contact_point",
            Kind::ContactKind => "contact_kind",
            Kind::Position => "position",
            Kind::Velocity => "velocity",
            Kind::ErrorEstimate => "error_estimate",
            Kind::HalfExtents => "half_extents",
            Kind::Radius => "radius",
            Kind::Radii => "radii",
            Kind::Axis => "axis",
            Kind::Rotation => "rotation",
            Kind::Eigenvalues => "eigenvalues",
            Kind::SoftOverlapMm => "soft_overlap_mm",
            Kind::SoftSinkMm => "soft_sink_mm",
            Kind::SoftImpulse => "soft_impulse",
            Kind::SoftWarmStart => "soft_warm_start",
            Kind::Asleep => "asleep",
            Kind::ContactHertz => "contact_hertz",
            Kind::Substeps => "substeps",
            Kind::Energy => "energy",
            Kind::Time => "time",
            Kind::Frame => "frame",
        }
    }

    /// Whether the value is a number (or a vector) that a precision applies to.
    pub fn is_numeric(self) -> bool {
        !matches!(
            self,
            Kind::SeparatingAxis | Kind::ContactKind | Kind::Frame | Kind::Asleep | Kind::Substeps
        )
    }

    pub(super) fn args(self) -> Args {
        match self {
            Kind::Gap | Kind::R | Kind::R0 | Kind::R1 => Args::PairAxis,
            Kind::SeparatingAxis
            | Kind::ContactTime
            | Kind::ContactKind
            | Kind::SoftOverlapMm
            | Kind::SoftSinkMm
            | Kind::SoftImpulse
            | Kind::SoftWarmStart => Args::Pair,
            Kind::ContactPoint => Args::PairComponent,
            Kind::Position
            | Kind::Velocity
            | Kind::HalfExtents
            | Kind::Radii
            | Kind::Rotation
            | Kind::Eigenvalues => Args::BodyComponent,
            Kind::ErrorEstimate | Kind::Radius => Args::Body,
            Kind::Axis => Args::BodyAxis,
            Kind::Energy
            | Kind::Time
            | Kind::Frame
            | Kind::Asleep
            | Kind::ContactHertz
            | Kind::Substeps => Args::Nothing,
        }
    }

    /// The names of the components one may pick (`{{position BODY x}}`, `{{rotation BODY w}}`).
    pub(super) fn components(self) -> &'static [&'static str] {
        match self {
            Kind::Rotation => &["w", "x", "y", "z"],
            Kind::Eigenvalues => &["0", "1", "2"],
            _ => &["x", "y", "z"],
        }
    }

    /// How the kind is written, for messages.
    pub(super) fn usage(self) -> String {
        let name = self.name();
        match self.args() {
            Args::PairAxis => format!("{{{{{name} A,B A1xB2}}}}"),
            Args::Pair => format!("{{{{{name} A,B}}}}"),
            Args::PairComponent => format!("{{{{{name} A,B}}}} or {{{{{name} A,B x}}}}"),
            Args::Body => format!("{{{{{name} BODY}}}}"),
            Args::BodyComponent => format!(
                "{{{{{name} BODY}}}} or {{{{{name} BODY {}}}}}",
                self.components()[0]
            ),
            Args::BodyAxis => format!("{{{{{name} BODY 0}}}} or {{{{{name} BODY 0 x}}}}"),
            Args::Nothing => format!("{{{{{name}}}}}"),
        }
    }
}

/// One placeholder as written in a piece of prose.
#[derive(Clone, Debug, PartialEq)]
pub struct Placeholder {
    /// What it shows.
    pub kind: Kind,
    /// The pair, in the order written (the first body is `A` for the axis names).
    pub pair: Option<(String, String)>,
    /// The axis, named with the pair as written.
    pub axis: Option<TableAxis>,
    /// The body.
    pub body: Option<String>,
    /// One component of a vector (0 = x, 1 = y, 2 = z; 0 = w … 3 = z of a rotation), when
    /// written.
    pub component: Option<usize>,
    /// The body's own axis (0, 1, 2) of an `axis` placeholder.
    pub index: Option<usize>,
    /// Decimals shown (`:N`, else [`DEFAULT_PRECISION`]).
    pub precision: usize,
    /// Where it is in the prose's text, braces included (bytes).
    pub range: Range<usize>,
    /// Where it starts in the file.
    pub place: Place,
}

/// A problem with a placeholder: where it is in the placeholder's inner text, and what is wrong.
pub(crate) type Problem = (Range<usize>, String);

/// Reads the inside of `{{…}}` (`inner`, which starts at byte `start` of the prose) against the
/// step's `scene` (when it loaded).
pub(crate) fn read(
    inner: &str,
    start: usize,
    scene: Option<&Scene>,
) -> Result<Placeholder, Problem> {
    let mut tokens = tokens(inner);
    let whole = 0..inner.len();
    let Some(&(name_at, name)) = tokens.first() else {
        return Err((
            whole,
            "empty placeholder: write a name, like {{gap A,B A0}}".into(),
        ));
    };
    let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    let Some(kind) = Kind::ALL.into_iter().find(|k| k.name() == name) else {
        let head = format!("unknown placeholder `{name}`");
        let tail = format!("placeholders are {}", names.join(", "));
        return Err((span(name_at, name), suggest(&head, name, &names, &tail)));
    };
    let mut precision = DEFAULT_PRECISION;
    if let Some(&(at, last)) = tokens.last().filter(|(_, t)| t.starts_with(':')) {
        if !kind.is_numeric() {
            let message =
                format!("`{name}` is not a number: a precision like `{last}` does not apply");
            return Err((span(at, last), message));
        }
        precision = last[1..].parse().ok().filter(|p| *p <= 9).ok_or_else(|| {
            (
                span(at, last),
                format!("precision `{last}`: write `:N` with N from 0 to 9 decimals"),
            )
        })?;
        tokens.pop();
    }
    let mut placeholder = Placeholder {
        kind,
        pair: None,
        axis: None,
        body: None,
        component: None,
        index: None,
        precision,
        range: start..start + inner.len() + 4,
        place: Place::default(),
    };
    let usage = || format!("`{name}` is written {}", kind.usage());
    let mut rest = &tokens[1..];
    match kind.args() {
        Args::PairAxis | Args::Pair | Args::PairComponent => {
            let [(a_at, a), (_, ","), (b_at, b), more @ ..] = rest else {
                return Err((whole, usage()));
            };
            for (at, body) in [(*a_at, *a), (*b_at, *b)] {
                check_body(at, body, kind, scene)?;
            }
            if a == b {
                return Err((
                    span(*a_at, a),
                    format!("`{name}` names `{a}` twice; give two different bodies"),
                ));
            }
            placeholder.pair = Some(((*a).to_string(), (*b).to_string()));
            rest = more;
        }
        Args::Body | Args::BodyComponent | Args::BodyAxis => {
            let [(at, body), more @ ..] = rest else {
                return Err((whole, usage()));
            };
            check_body(*at, body, kind, scene)?;
            placeholder.body = Some((*body).to_string());
            rest = more;
        }
        Args::Nothing => {}
    }
    match (kind.args(), rest) {
        (_, []) if kind.args() != Args::PairAxis => {}
        (Args::PairAxis, [(at, axis)]) => placeholder.axis = Some(axis_named(*at, axis)?),
        (Args::PairComponent | Args::BodyComponent, [(at, c)]) => {
            placeholder.component = Some(component(kind, *at, c)?);
        }
        (Args::BodyAxis, [(at, k), more @ ..]) if more.len() <= 1 => {
            let index = ["0", "1", "2"].iter().position(|x| x == k);
            placeholder.index =
                Some(index.ok_or_else(|| (span(*at, k), format!("axis `{k}`: write 0, 1 or 2")))?);
            if let [(at, c)] = more {
                placeholder.component = Some(component(kind, *at, c)?);
            }
        }
        (_, [(at, extra), ..]) => {
            return Err((
                span(*at, extra),
                format!("unexpected `{extra}` in the placeholder; {}", usage()),
            ));
        }
        (_, []) => return Err((whole, usage())),
    }
    Ok(placeholder)
}
