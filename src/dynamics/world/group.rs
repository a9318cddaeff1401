//! Groups of bodies coupled by springs, constraints or mutual attraction, each integrated on its
//! own as one ODE system.

use std::collections::HashSet;

use crate::dynamics::constraints::{Constraint, ConstraintKind};
use crate::dynamics::forces::{Force, ForceModel, Spring, SurfaceFriction};
use crate::dynamics::system::System;
use crate::dynamics::RigidBody;

/// Moving bodies that forces couple, with the fixed bodies they hang from, as one ODE system.
#[derive(Clone, Debug)]
pub(super) struct Group {
    /// World indices of the members, in the system's order.
    pub members: Vec<usize>,
    /// The members' mass properties and the forces acting inside the group.
    pub system: System,
    /// The adaptive controller's first sub-step for the next integration.
    pub next_substep: Option<f64>,
}

/// How the world's bodies split into groups.
pub(super) struct Grouping {
    /// The groups.
    pub groups: Vec<Group>,
    /// Each body's group; `None` for a fixed body.
    pub group_of: Vec<Option<usize>>,
    /// Each moving body's place among its group's members (0 for a fixed body).
    pub local: Vec<usize>,
}

/// The pairs springs, mutual attractions (when `attraction`), rods and pins link, in that order.
fn links(forces: &ForceModel, attraction: bool) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = forces.springs.iter().map(|s| (s.a, s.b)).collect();
    if attraction {
        for force in &forces.forces {
            if let Force::CentralBetween { a, b, .. } = *force {
                pairs.push((a, b));
            }
        }
    }
    for c in &forces.constraints {
        if let ConstraintKind::Rod { a, b, .. } | ConstraintKind::PinToBody { a, b } = c.kind {
            pairs.push((a, b));
        }
    }
    pairs
}

/// The pairs a spring, a rod or a pin holds together, `a < b`: they never collide.
pub(super) fn joined(forces: &ForceModel) -> HashSet<(usize, usize)> {
    links(forces, false)
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect()
}

/// The root of `i` in a union-find forest, halving paths on the way.
pub(super) fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Splits the moving bodies into independent groups; fixed bodies join the groups they anchor.
///
/// # Algorithm
/// 1. Union the two moving ends of every spring, rod and mutual attraction.
/// 2. Each root is a group; a fixed end joins its partner's group as an anchor.
/// 3. Each group gets gravity, drag and central attraction, and its own springs and constraints
///    renumbered to the group's order.
pub(super) fn groups(bodies: &[RigidBody], forces: &ForceModel) -> Grouping {
    let moving: Vec<bool> = bodies.iter().map(|b| !b.is_fixed()).collect();
    let links = links(forces, true);
    let mut parent: Vec<usize> = (0..bodies.len()).collect();
    for &(a, b) in &links {
        if moving[a] && moving[b] {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
    }
    let mut group_of = vec![None; bodies.len()];
    let mut local = vec![0; bodies.len()];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for i in (0..bodies.len()).filter(|&i| moving[i]) {
        let root = find(&mut parent, i);
        let g = *group_of[root].get_or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        group_of[i] = Some(g);
        local[i] = members[g].len();
        members[g].push(i);
    }
    for &(a, b) in &links {
        for (anchor, partner) in [(a, b), (b, a)] {
            if let (false, Some(g)) = (moving[anchor], group_of[partner]) {
                if !members[g].contains(&anchor) {
                    members[g].push(anchor);
                }
            }
        }
    }
    Grouping {
        groups: members
            .into_iter()
            .map(|list| build(bodies, forces, list))
            .collect(),
        group_of,
        local,
    }
}

/// The group of these members with the forces that act among them.
fn build(bodies: &[RigidBody], forces: &ForceModel, members: Vec<usize>) -> Group {
    let local = |i: usize| members.iter().position(|&m| m == i);
    let mut model = ForceModel::with_gravity(forces.gravity);
    for force in &forces.forces {
        match *force {
            Force::CentralBetween { a, b, strength } => {
                if let (Some(a), Some(b)) = (local(a), local(b)) {
                    model.forces.push(Force::CentralBetween { a, b, strength });
                }
            }
            Force::Friction(friction) => {
                if let Some(body) = local(friction.body) {
                    model
                        .forces
                        .push(Force::Friction(SurfaceFriction { body, ..friction }));
                }
            }
            other => model.forces.push(other),
        }
    }
    for spring in &forces.springs {
        if let (Some(a), Some(b)) = (local(spring.a), local(spring.b)) {
            model.springs.push(Spring { a, b, ..*spring });
        }
    }
    for constraint in &forces.constraints {
        if let Some(kind) = renumber(&constraint.kind, &local) {
            model.constraints.push(Constraint {
                kind,
                ..*constraint
            });
        }
    }
    let own: Vec<RigidBody> = members.iter().map(|&i| bodies[i].clone()).collect();
    Group {
        system: System::new(&own, model),
        members,
        next_substep: None,
    }
}

/// The constraint with its bodies in group order, if all of them are members.
fn renumber(
    kind: &ConstraintKind,
    local: &impl Fn(usize) -> Option<usize>,
) -> Option<ConstraintKind> {
    Some(match *kind {
        ConstraintKind::Rod { a, b, length } => ConstraintKind::Rod {
            a: local(a)?,
            b: local(b)?,
            length,
        },
        ConstraintKind::Pin { a, point } => ConstraintKind::Pin {
            a: local(a)?,
            point,
        },
        ConstraintKind::PinToBody { a, b } => ConstraintKind::PinToBody {
            a: local(a)?,
            b: local(b)?,
        },
        ConstraintKind::Circle {
            a,
            center,
            normal,
            radius,
        } => ConstraintKind::Circle {
            a: local(a)?,
            center,
            normal,
            radius,
        },
    })
}
