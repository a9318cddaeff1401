//! The fixed sets of values the flags take, as clap value enums.

use clap::ValueEnum;
use sepax::sat::Robustness;

/// The rule for near-parallel edges (`--rule`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Rule {
    /// Skip each degenerate cross axis on its own, as parry does (`parry` is another name for it).
    #[default]
    #[value(alias = "parry")]
    PerAxis,
    /// Pad every `|c_ij|` by 1e-6 (Ericson).
    Ericson,
    /// Skip all nine edge axes when two box axes are parallel (Eberly).
    Eberly,
}

impl Rule {
    /// The rule with its usual constant.
    pub(crate) fn robustness(self) -> Robustness {
        let name = match self {
            Rule::PerAxis => "per-axis",
            Rule::Ericson => "ericson",
            Rule::Eberly => "eberly",
        };
        Robustness::from_name(name).unwrap_or_default()
    }
}

/// The integrators, named as in scenes (`--integrator`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Integrator {
    /// First order, the position moved with the old velocity.
    ExplicitEuler,
    /// First order, the position moved with the new velocity (symplectic).
    SemiImplicitEuler,
    /// Second order, the slope at the middle of the step.
    Midpoint,
    /// Second order, Heun's average of the slopes at both ends.
    Rk2,
    /// Fourth order, the classical Runge-Kutta method.
    Rk4,
    /// First order, a linear system solved per step (stable for stiff springs).
    ImplicitEuler,
}

impl Integrator {
    /// The name a scene's `integrator` gives it.
    pub(crate) fn name(self) -> String {
        self.to_possible_value()
            .map(|value| value.get_name().to_string())
            .unwrap_or_default()
    }
}

/// The first view of the debugger (`--view`).
#[cfg(feature = "tui")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum View {
    /// Looking down the z axis.
    #[default]
    Xy,
    /// Looking down the y axis.
    Xz,
    /// Looking down the x axis.
    Yz,
    /// Looking across the selected pair's separating axis.
    AlongAxis,
    /// The four views at once.
    Four,
}

#[cfg(feature = "tui")]
impl View {
    /// The debugger's view, `None` for the four views.
    pub(crate) fn view(self) -> Option<sepax::draw::View> {
        use sepax::draw::View as Drawn;
        match self {
            View::Xy => Some(Drawn::Xy),
            View::Xz => Some(Drawn::Xz),
            View::Yz => Some(Drawn::Yz),
            View::AlongAxis => Some(Drawn::Along),
            View::Four => None,
        }
    }
}

/// The format of `explain --pairs` input (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// JSON Lines, one object a line.
    Json,
    /// Comma-separated numbers, one pair a line.
    Csv,
}

impl Format {
    /// The batch reader's format.
    pub(crate) fn batch(self) -> sepax::batch::Format {
        match self {
            Format::Json => sepax::batch::Format::Json,
            Format::Csv => sepax::batch::Format::Csv,
        }
    }
}

/// When to colour the output (`--color`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Color {
    /// Colour on a terminal, unless the `NO_COLOR` environment variable is set and not empty.
    #[default]
    Auto,
    /// Colour even in a pipe or a file, and whatever `NO_COLOR` says.
    Always,
    /// Never colour.
    Never,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_integrators_are_the_scenes_integrators() {
        let names: Vec<String> = Integrator::value_variants()
            .iter()
            .map(|i| i.name())
            .collect();
        assert_eq!(names, sepax::scene::INTEGRATORS);
    }
}
