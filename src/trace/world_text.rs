//! What `explain` says of the scene's world beyond its bodies: how contacts are answered and the
//! friction forces.

use serde::Serialize;

use crate::dynamics::forces::Force;
use crate::dynamics::response::ResponseModel;
use crate::math::arr3;
use crate::scene::Scene;

/// A `[[force]]` of kind friction, as `explain` reports it.
#[derive(Clone, Debug, Serialize)]
pub struct FrictionRecord {
    /// The sliding body.
    pub body: String,
    /// The friction coefficient.
    pub mu: f64,
    /// The plane's unit normal and offset.
    pub normal: [f64; 3],
    /// The plane's offset along its normal.
    pub offset: f64,
}

/// The scene's friction forces.
pub fn friction_records(scene: &Scene) -> Vec<FrictionRecord> {
    scene
        .forces
        .iter()
        .filter_map(|force| match force {
            Force::Friction(f) => Some(FrictionRecord {
                body: scene.bodies[f.body].name.clone(),
                mu: f.mu,
                normal: arr3(&f.normal),
                offset: f.offset,
            }),
            _ => None,
        })
        .collect()
}

/// The lines of the text report about the response model (when it is not the default impulse)
/// and the friction forces.
pub fn world_lines(response: ResponseModel, frictions: &[FrictionRecord]) -> Vec<String> {
    let mut lines = Vec::new();
    let response_line = match response {
        ResponseModel::Impulse => None,
        ResponseModel::Particle => {
            Some("contacts take the course's particle model: -e v_N + (1 - mu) v_T, no spin")
        }
        ResponseModel::None => Some("contacts are only detected: nothing responds"),
    };
    lines.extend(response_line.map(str::to_string));
    for f in frictions {
        lines.push(format!(
            "friction force on {}: mu = {} against the plane n.x = {} with n = ({}, {}, {})",
            f.body, f.mu, f.offset, f.normal[0], f.normal[1], f.normal[2]
        ));
    }
    lines
}
