//! One pair as read from a line, whatever the format, and the checks every format shares.

use nalgebra::Vector3;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::geometry::Obb;
use crate::sat::Robustness;
use crate::scene::rotation::from_quaternion;
use crate::trace::{box_verdict, BoxVerdict};

/// A pair's `id`: the JSON value the line gave, written back as it was, or the line's number.
#[derive(Clone, Copy, Debug)]
pub enum PairId<'a> {
    /// The `id` value of a JSON line, verbatim.
    Given(&'a RawValue),
    /// The line's number in the input (1-based), for CSV and JSON lines without an `id`.
    Line(u64),
}

impl Serialize for PairId<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PairId::Given(raw) => raw.serialize(serializer),
            PairId::Line(number) => serializer.serialize_u64(*number),
        }
    }
}

/// One box of a pair: where it is and how it moves.
#[derive(Clone, Copy, Debug)]
pub struct BoxInput {
    /// The box at time 0.
    pub obb: Obb,
    /// Its constant velocity (zero when the line gives none).
    pub velocity: Vector3<f64>,
}

/// One pair as read from a line.
#[derive(Clone, Copy, Debug)]
pub struct PairInput<'a> {
    /// The pair's id.
    pub id: PairId<'a>,
    /// Box A.
    pub a: BoxInput,
    /// Box B.
    pub b: BoxInput,
    /// How far ahead to search for the first contact, if the line says.
    pub horizon: Option<f64>,
}

impl PairInput<'_> {
    /// What `explain` decides for the pair written as a scene of two boxes A and B at frame 0,
    /// searching the line's horizon (else `default_horizon`) ahead.
    pub fn verdict(&self, default_horizon: f64, robustness: Robustness) -> BoxVerdict {
        box_verdict(
            &self.a.obb,
            self.a.velocity,
            &self.b.obb,
            self.b.velocity,
            self.horizon.unwrap_or(default_horizon),
            robustness,
        )
    }
}

/// The identity rotation `[1, 0, 0, 0]` of a box whose line gives none, its numbers placed at
/// `column` (where the box's own numbers start) for messages.
pub(crate) fn identity_rotation(column: usize) -> [(f64, usize); 4] {
    [(1.0, column), (0.0, column), (0.0, column), (0.0, column)]
}

/// What is wrong with a line and where: the 1-based byte column of the offending value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based byte column in the line.
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl LineError {
    /// An error at `column`.
    pub fn new(column: usize, message: impl Into<String>) -> Self {
        Self {
            column,
            message: message.into(),
        }
    }
}

/// A number as written, cut short for messages.
pub(crate) fn shown(text: &str) -> String {
    const LONGEST: usize = 24;
    match text.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The numbers of one box before the checks, each with its column.
pub(crate) struct BoxNumbers {
    pub center: [(f64, usize); 3],
    pub rotation: [(f64, usize); 4],
    pub half_extents: [(f64, usize); 3],
    pub velocity: Option<[(f64, usize); 3]>,
}

impl BoxNumbers {
    /// The box, as a scene reads a box with a `quaternion` rotation: a zero quaternion and
    /// half-extents that are not greater than 0 are errors, located at the offending number.
    pub fn check(&self, name: &str) -> Result<BoxInput, LineError> {
        let values =
            |numbers: &[(f64, usize); 3]| Vector3::new(numbers[0].0, numbers[1].0, numbers[2].0);
        let center = values(&self.center);
        let quaternion = std::array::from_fn(|k| self.rotation[k].0);
        let rotation = from_quaternion(quaternion).ok_or_else(|| {
            LineError::new(
                self.rotation[0].1,
                format!("the rotation of {name} must not be zero"),
            )
        })?;
        for (k, &(half, column)) in self.half_extents.iter().enumerate() {
            if half <= 0.0 {
                return Err(LineError::new(
                    column,
                    format!("{name}.half_extents[{k}] must be greater than 0, found {half}"),
                ));
            }
        }
        let half_extents = values(&self.half_extents);
        let velocity = self.velocity.as_ref().map_or_else(Vector3::zeros, values);
        Ok(BoxInput {
            obb: Obb::new(center, rotation, half_extents),
            velocity,
        })
    }
}

/// Checks a horizon: finite and not negative.
pub(crate) fn check_horizon(horizon: f64, column: usize) -> Result<f64, LineError> {
    if horizon >= 0.0 {
        Ok(horizon)
    } else {
        Err(LineError::new(
            column,
            format!("the horizon must be 0 or more seconds, found {horizon}"),
        ))
    }
}

/// A finite number parsed from `text` (correctly rounded, as `str::parse` and so a scene reads
/// it), or an error naming `what` at `column`.
pub(crate) fn finite(
    text: &str,
    what: &dyn Fn() -> String,
    column: usize,
) -> Result<f64, LineError> {
    match fast_float2::parse::<f64, _>(text) {
        Ok(x) if x.is_finite() => Ok(x),
        Ok(_) => Err(LineError::new(
            column,
            format!(
                "{} must be a finite number, found `{}`",
                what(),
                shown(text)
            ),
        )),
        Err(_) => Err(LineError::new(
            column,
            format!("{} must be a number, found `{}`", what(), shown(text)),
        )),
    }
}
