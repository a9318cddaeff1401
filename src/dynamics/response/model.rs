//! What a world does when two bodies touch: respond with impulses, or only report the contact.

/// How a world answers a contact.
///
/// `Impulse` is the full response (impacts bounce with restitution and friction, resting contacts
/// are held); `Particle` is the course's particle model (normal velocity `-ε v_N`, tangential
/// `(1 - μ) v_T`, no spin), to compare with it; `None` is a detect-only world that reports every contact at its exact time and lets
/// the bodies pass through each other. The list is open: a scene names a model by
/// [`name`](Self::name), and a new model is a new variant with its own name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResponseModel {
    /// Impulses at impacts (restitution, friction) and a resting pass at the frame end.
    #[default]
    Impulse,
    /// The course's particle response ([`particle_bounce`](super::particle_bounce)) at impacts
    /// and at resting contacts; rotation is left alone.
    Particle,
    /// Detect only: contacts are found and reported, nothing bounces, pushes apart or rests.
    None,
}

impl ResponseModel {
    /// Every model, the default first.
    pub const ALL: [Self; 3] = [Self::Impulse, Self::Particle, Self::None];

    /// Every model's name, in the order of [`ALL`](Self::ALL).
    pub const NAMES: [&'static str; 3] = [
        Self::Impulse.name(),
        Self::Particle.name(),
        Self::None.name(),
    ];

    /// The model's name as written in scenes (`"impulse"`, `"particle"`, `"none"`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Impulse => "impulse",
            Self::Particle => "particle",
            Self::None => "none",
        }
    }

    /// The model with this name, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Whether contacts change the bodies' motion.
    pub fn responds(self) -> bool {
        match self {
            Self::Impulse | Self::Particle => true,
            Self::None => false,
        }
    }
}

impl std::fmt::Display for ResponseModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_serialise_as_written_in_scenes() {
        for model in ResponseModel::ALL {
            assert_eq!(ResponseModel::from_name(model.name()), Some(model));
            let json = serde_json::to_string(&model).expect("serialises");
            assert_eq!(json, format!("\"{}\"", model.name()));
        }
        assert_eq!(ResponseModel::from_name("Impulse"), None);
        assert_eq!(ResponseModel::default(), ResponseModel::Impulse);
        assert!(ResponseModel::Impulse.responds() && !ResponseModel::None.responds());
    }
}
