//! The soft step: resting contacts solved as stiff damped springs, implicitly, over substeps of
//! the frame (the design of `Box2D` v3 and rapier), with warm starts from the frame before.

use nalgebra::{Matrix3, UnitQuaternion, Vector3};

use super::rolling::ellipsoid_support;
use super::settings::Solver;
use super::store::{Class, Manifold};
use crate::dynamics::{BodyShape, BodyState, RigidBody};
use crate::geometry::ConvexSpec;

/// A soft constraint's coefficients for frequency `hertz`, damping ratio `zeta` and step `h`:
/// the bias rate (1/s) and the mass and impulse scales of the implicit spring–damper.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Softness {
    bias_rate: f64,
    mass_scale: f64,
    impulse_scale: f64,
}

impl Softness {
    /// `ω = 2π f`, `a₁ = 2ζ + hω`, `a₂ = hω a₁`, `a₃ = 1/(1 + a₂)`: bias `ω/a₁`, mass scale
    /// `a₂ a₃`, impulse scale `a₃` (docs/methods.md, the soft step).
    fn new(hertz: f64, zeta: f64, h: f64) -> Self {
        let omega = std::f64::consts::TAU * hertz;
        let a1 = 2.0 * zeta + h * omega;
        let a2 = h * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Self {
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}

/// A body as the solver moves it: velocities, inverse mass properties (zero for a body the
/// contacts never move) and the displacement and turn since the frame start.
#[derive(Clone, Copy, Debug)]
struct SolverBody {
    v: Vector3<f64>,
    w: Vector3<f64>,
    inv_mass: f64,
    inv_inertia: Matrix3<f64>,
    /// Acceleration of the applied forces (gravity, drag, springs) over the frame.
    accel: Vector3<f64>,
    /// The velocities at the start of the substep (the trapezoid's first end).
    v_start: Vector3<f64>,
    w_start: Vector3<f64>,
    dp: Vector3<f64>,
    rotation: UnitQuaternion<f64>,
    start_rotation: UnitQuaternion<f64>,
    /// The turn since the frame start, as a matrix.
    turn: Matrix3<f64>,
    moves: bool,
    /// Whether its contact point rolls over its surface (an ellipsoid): the point's velocity
    /// changes at each substep without an impulse, so its position follows the solved velocity.
    rolls: bool,
}

/// One direction of a contact point's relative motion with its precomputed Jacobian: the
/// direction `u`, the arms `r × u` on each body, the spin a unit impulse gives each
/// (`I⁻¹ (r × u)`), and the effective mass along it.
#[derive(Clone, Copy, Debug)]
struct Jacobian {
    u: Vector3<f64>,
    arm_a: Vector3<f64>,
    arm_b: Vector3<f64>,
    spin_a: Vector3<f64>,
    spin_b: Vector3<f64>,
    mass: f64,
}

impl Jacobian {
    /// The row along `u` at arms `ra`, `rb` between bodies `a` and `b`.
    fn new(
        bodies: &[SolverBody],
        (a, b): (usize, usize),
        (ra, rb): (&Vector3<f64>, &Vector3<f64>),
        u: Vector3<f64>,
    ) -> Self {
        let (ba, bb) = (&bodies[a], &bodies[b]);
        let (arm_a, arm_b) = (ra.cross(&u), rb.cross(&u));
        let (spin_a, spin_b) = (ba.inv_inertia * arm_a, bb.inv_inertia * arm_b);
        let k = ba.inv_mass + bb.inv_mass + arm_a.dot(&spin_a) + arm_b.dot(&spin_b);
        Self {
            u,
            arm_a,
            arm_b,
            spin_a,
            spin_b,
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
        }
    }

    /// B's velocity relative to A's along the row.
    #[inline]
    fn speed(&self, ba: &SolverBody, bb: &SolverBody) -> f64 {
        (bb.v - ba.v).dot(&self.u) + bb.w.dot(&self.arm_b) - ba.w.dot(&self.arm_a)
    }

    /// Applies the impulse `lambda` along the row: `+` to B, `-` to A.
    #[inline]
    fn apply(&self, bodies: &mut [SolverBody], (a, b): (usize, usize), lambda: f64) {
        let ba = &mut bodies[a];
        ba.v -= self.u * (lambda * ba.inv_mass);
        ba.w -= self.spin_a * lambda;
        let bb = &mut bodies[b];
        bb.v += self.u * (lambda * bb.inv_mass);
        bb.w += self.spin_b * lambda;
    }
}

/// How a contact point's anchor on one body follows the body through the substeps.
#[derive(Clone, Copy, Debug)]
enum Anchor {
    /// A point of the body (a corner or an edge of a box, a triangle): it turns with it.
    Material,
    /// A sphere's point nearest the other body: always the radius along the normal (`arm`),
    /// however the sphere turns (it rolls over its surface).
    Round { arm: Vector3<f64> },
    /// An ellipsoid's point nearest the other body: its support point along the normal at the
    /// body's rotation now.
    Ellipsoid {
        radii: Vector3<f64>,
        toward: Vector3<f64>,
    },
}

impl Anchor {
    /// The anchor of a point on `body` whose other body lies along `toward` from it.
    fn of(body: &RigidBody, toward: Vector3<f64>) -> Self {
        match &body.shape {
            BodyShape::Sphere(radius) => Anchor::Round {
                arm: toward * *radius,
            },
            BodyShape::Convex(ConvexSpec::Ellipsoid { radii }) => Anchor::Ellipsoid {
                radii: *radii,
                toward,
            },
            _ => Anchor::Material,
        }
    }

    /// The arm now of the anchor that was at `r` from the centre at the frame start. A round
    /// anchor's arm is on the body's surface, wherever between the two surfaces the manifold
    /// put the point: the same contact on a plane and on a mesh pushes at the same place.
    #[inline]
    fn arm(&self, body: &SolverBody, r: &Vector3<f64>) -> Vector3<f64> {
        match self {
            Anchor::Material => body.turn * r,
            Anchor::Round { arm } => *arm,
            Anchor::Ellipsoid { radii, toward } => ellipsoid_support(radii, &body.rotation, toward),
        }
    }
}

/// One contact point's rows: normal, two friction directions, and what the solve did there.
#[derive(Clone, Copy, Debug)]
struct PointRow {
    a: usize,
    b: usize,
    point: usize,
    ra: Vector3<f64>,
    rb: Vector3<f64>,
    /// How each anchor follows its body.
    anchors: [Anchor; 2],
    normal: Jacobian,
    /// `s₀ - (r_b - r_a)·n`: the separation is this plus the anchors' current offset along `n`.
    adjusted: f64,
    soft: Softness,
    /// The normal speed at the frame start (negative approaching), for restitution.
    approach: f64,
    /// The largest normal impulse of any substep.
    max_normal_impulse: f64,
    normal_impulse: f64,
    warm_start: f64,
    total_normal_impulse: f64,
    separation_start: f64,
    /// The separation at the bodies' current positions (they move only between the biased
    /// sweeps and the relax sweep of a substep).
    separation_now: f64,
    separation_end: f64,
    push_out_capped: bool,
}

/// One manifold's rows solved together: its normal rows (a block of at most four, coupled through
/// the bodies' masses), and the friction of the whole patch at its centre (two directions across
/// the normal and a twist about it).
#[derive(Clone, Copy, Debug)]
struct Block {
    a: usize,
    b: usize,
    manifold: usize,
    /// The block's rows in the row list.
    first: usize,
    len: usize,
    /// `K = J M⁻¹ Jᵀ` of the normal rows.
    k: [[f64; 4]; 4],
    /// `(K + Γ)⁻¹` with every row soft and with every row rigid: the block's common cases.
    inverse: [Option<[[f64; 4]; 4]>; 2],
    /// The patch's friction directions at the centre of its points.
    friction: [Jacobian; 2],
    /// `K` of the two friction rows.
    friction_k: [[f64; 2]; 2],
    /// The twist about the normal.
    twist: Jacobian,
    /// The points' mean distance from their centre: the twist's lever.
    radius: f64,
    friction_impulse: [f64; 2],
    twist_impulse: f64,
    sliding: bool,
}

/// `J₁ M⁻¹ J₂ᵀ` for two rows between the same bodies.
fn coupling(bodies: &[SolverBody], (a, b): (usize, usize), j1: &Jacobian, j2: &Jacobian) -> f64 {
    j1.u.dot(&j2.u) * (bodies[a].inv_mass + bodies[b].inv_mass)
        + j1.arm_a.dot(&j2.spin_a)
        + j1.arm_b.dot(&j2.spin_b)
}

/// A linear complementarity problem of at most four rows, `λ ≥ 0`, `w = A λ - q ≥ 0`, `λ·w = 0`,
/// `A` symmetric positive semi-definite, solved with `A + diag(reg)` (positive definite): the
/// active set found by trying `guess` (the rows active last time) first, then every set of rows,
/// the largest first.
///
/// Each set's solve is refined once against `A` itself ([`refined`]), so the regularisation
/// leaves no trace in the velocities: four coplanar points make `A` singular, and the many
/// impulses that solve it differ only where they move nothing.
fn complementarity(
    (a, reg): (&[[f64; 4]; 4], &[f64; 4]),
    q: &[f64; 4],
    n: usize,
    guess: u32,
) -> [f64; 4] {
    /// Every set of four rows, the largest first.
    const SETS: [u32; 16] = [15, 14, 13, 11, 7, 12, 10, 9, 6, 5, 3, 8, 4, 2, 1, 0];
    let full = (1u32 << n) - 1;
    let sets = std::iter::once(guess & full).chain(
        SETS.into_iter()
            .filter(|&m| m & !full == 0 && m != guess & full),
    );
    let mut regularised = *a;
    for (i, r) in reg.iter().enumerate().take(n) {
        regularised[i][i] += r;
    }
    for mask in sets {
        let mut rows = [0usize; 4];
        let mut count = 0;
        for i in (0..n).filter(|&i| mask & (1 << i) != 0) {
            rows[count] = i;
            count += 1;
        }
        let rows = &rows[..count];
        let solve = |rhs: &[f64; 4]| solve_small(&regularised, rhs, rows);
        let regularised_rows = rows.iter().any(|&i| reg[i] > 0.0);
        let Some(lambda) = refined((a, regularised_rows), q, rows, solve) else {
            continue;
        };
        let feasible = rows.iter().all(|&i| lambda[i] >= 0.0)
            && (0..n).filter(|i| mask & (1 << i) == 0).all(|i| {
                let w: f64 = (0..n).map(|j| a[i][j] * lambda[j]).sum::<f64>() - q[i];
                w >= -1e-12 * q[i].abs().max(1e-300)
            });
        if feasible {
            return lambda;
        }
    }
    [0.0; 4]
}

/// `A_SS λ_S = q_S` for the rows `S` by `solve` (a regularised solve, returning the rows of `S`
/// in order), then once more on the residual `q_S - A_SS λ_S` of `A` itself: the
/// regularisation's error in `A λ` falls from its size to its square (skipped when `regularised`
/// is false: the solve was exact). Rows outside `S` are zero.
fn refined(
    (a, regularised): (&[[f64; 4]; 4], bool),
    q: &[f64; 4],
    rows: &[usize],
    solve: impl Fn(&[f64; 4]) -> Option<[f64; 4]>,
) -> Option<[f64; 4]> {
    let first = solve(q)?;
    let mut lambda = [0.0; 4];
    for (k, &i) in rows.iter().enumerate() {
        lambda[i] = first[k];
    }
    if !regularised {
        return Some(lambda);
    }
    let mut residual = [0.0; 4];
    for &i in rows {
        residual[i] = q[i] - rows.iter().map(|&j| a[i][j] * lambda[j]).sum::<f64>();
    }
    let correction = solve(&residual)?;
    for (k, &i) in rows.iter().enumerate() {
        lambda[i] += correction[k];
    }
    Some(lambda)
}

/// Solves `A_SS x = q_S` for the rows `S` by Gaussian elimination with partial pivoting.
fn solve_small(a: &[[f64; 4]; 4], q: &[f64; 4], rows: &[usize]) -> Option<[f64; 4]> {
    let n = rows.len();
    let mut m = [[0.0; 5]; 4];
    for (r, &i) in rows.iter().enumerate() {
        for (c, &j) in rows.iter().enumerate() {
            m[r][c] = a[i][j];
        }
        m[r][4] = q[i];
    }
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() <= 1e-300 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col];
        for row in m.iter_mut().take(n).skip(col + 1) {
            let f = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
        }
    }
    let mut x = [0.0; 4];
    for r in (0..n).rev() {
        let tail: f64 = (r + 1..n).map(|c| m[r][c] * x[c]).sum();
        x[r] = (m[r][4] - tail) / m[r][r];
    }
    Some(x)
}

/// What the soft step did at one contact point.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PointRecord {
    /// The point at the frame start.
    pub point: Vector3<f64>,
    /// Separation at the start of the frame (negative overlapping).
    pub separation_start: f64,
    /// Separation at the end of the frame.
    pub separation_end: f64,
    /// The normal impulse summed over the substeps (N s).
    pub normal_impulse: f64,
    /// The normal impulse the point was warm started with (one substep's, from the frame before).
    pub warm_start: f64,
    /// Whether friction reached the edge of its cone (the point slides).
    pub sliding: bool,
    /// Whether the push-out speed cap limited the correction.
    pub push_out_capped: bool,
    /// The sink a soft contact settles at under this load, `F / (m ω²)` (m).
    pub predicted_sink: f64,
}

/// What the soft step did at one resting pair.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ContactRecord {
    /// First body (index).
    pub a: usize,
    /// Second body.
    pub b: usize,
    /// The unit normal from A to B.
    pub normal: Vector3<f64>,
    /// Whether the manifold of the frame before was kept without a narrow phase.
    pub reused: bool,
    /// Its points.
    pub points: Vec<PointRecord>,
}

/// What the soft step did to one island of touching bodies.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct IslandRecord {
    /// Moving bodies in it.
    pub bodies: usize,
    /// Resting pairs in it.
    pub contacts: usize,
    /// Substeps taken.
    pub substeps: usize,
    /// Biased sweeps per substep.
    pub iterations: usize,
    /// The largest impulse change of any row in the last relax sweep (N s).
    pub residual: f64,
    /// The deepest overlap at the frame end (m, positive).
    pub deepest: f64,
    /// The largest predicted sink of its points (m).
    pub predicted_sink: f64,
}

/// The records of a frame's soft step.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct SolverRecord {
    /// Per island.
    pub islands: Vec<IslandRecord>,
    /// Per resting pair, in pair order.
    pub contacts: Vec<ContactRecord>,
}

/// The soft step's flat arrays, kept across frames so that a frame allocates none of them.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    bodies: Vec<SolverBody>,
    rows: Vec<PointRow>,
    blocks: Vec<Block>,
}

/// The frame's inputs the soft step reads besides the bodies and manifolds.
pub(super) struct Frame<'a> {
    /// Seconds the step covers (a frame, or what is left of it).
    pub dt: f64,
    /// The contacts' frequency ([`Solver::effective_hertz`] of the world's frame).
    pub hertz: f64,
    /// The solver settings.
    pub solver: &'a Solver,
    /// Coulomb's `μ`.
    pub friction: f64,
    /// Newton's `ε` for points that arrive within the frame.
    pub restitution: f64,
    /// Points approaching faster than this (m/s) at the frame start bounce.
    pub arrive_speed: f64,
    /// Whether bodies turn under contact (not in the particle model).
    pub turns: bool,
    /// Per body: whether the soft step moves it this frame.
    pub planned: &'a [bool],
    /// Per body: the acceleration of the applied forces.
    pub accel: &'a [Vector3<f64>],
    /// Per body: its island (an index into the island list), for planned bodies.
    pub island: &'a [usize],
    /// Islands to report.
    pub islands: usize,
}

/// Solves the resting manifolds over one frame; returns each body's state at the frame end (the
/// start state for bodies it does not move) and the record.
///
/// # Algorithm
/// 1. Prepare once: per point the arms, normal and friction masses, softness (twice the hertz
///    against a body that never moves), and the separation less the arms' offset.
/// 2. Each of `substeps` substeps of `h = dt / substeps`:
///    integrate velocities by the applied forces; warm start (apply the stored impulses);
///    `iterations` biased sweeps over the normal rows (soft, the push-out speed capped;
///    speculative points rigid with bias `s/h`); integrate positions by the trapezoid of the
///    velocities at the substep's start and after the solve (exact for a constant force, such as
///    gravity in flight or sliding friction; zero for a body held at rest); one relax sweep
///    without bias over the normal rows and Coulomb friction.
/// 3. Store the impulses for the next frame's warm start; records.
pub(super) fn solve(
    bodies: &[RigidBody],
    manifolds: &mut [Manifold],
    frame: &Frame<'_>,
    scratch: &mut Scratch,
) -> (Vec<BodyState>, SolverRecord) {
    let s = frame.solver;
    let h = frame.dt / s.substeps as f64;
    let hertz = frame.hertz;
    let soft = Softness::new(hertz, s.damping_ratio, h);
    let fixed_soft = Softness::new(2.0 * hertz, s.damping_ratio, h);
    let Scratch {
        bodies: solver_bodies,
        rows,
        blocks,
    } = scratch;
    solver_bodies.clear();
    solver_bodies.extend(
        bodies
            .iter()
            .enumerate()
            .map(|(i, body)| solver_body(body, frame, i)),
    );
    prepare(
        bodies,
        manifolds,
        solver_bodies,
        frame,
        (soft, fixed_soft),
        (rows, blocks),
    );
    let solver_bodies = &mut solver_bodies[..];
    let mut residual = 0.0;
    for _ in 0..s.substeps {
        residual = substep(solver_bodies, (rows, blocks), frame, h);
    }
    restitute(solver_bodies, blocks, rows, frame);
    for row in rows.iter_mut() {
        row.separation_end = separation(solver_bodies, row);
    }
    let ends = bodies
        .iter()
        .zip(solver_bodies.iter())
        .map(|(body, sb)| {
            if sb.moves {
                BodyState {
                    position: body.state.position + sb.dp,
                    velocity: sb.v,
                    rotation: sb.rotation,
                    angular_velocity: sb.w,
                }
            } else {
                body.state
            }
        })
        .collect();
    let record = store_and_record(bodies, manifolds, (rows, blocks), frame, (hertz, residual));
    (ends, record)
}

/// One substep of `h`: integrate velocities, warm start, biased sweeps, integrate positions, the
/// relax sweep with friction; returns the relax sweep's largest impulse change.
fn substep(
    solver_bodies: &mut [SolverBody],
    (rows, blocks): (&mut [PointRow], &mut [Block]),
    frame: &Frame<'_>,
    h: f64,
) -> f64 {
    let s = frame.solver;
    for block in blocks.iter_mut().filter(|b| b.len == 1) {
        follow_support(solver_bodies, block, &mut rows[block.first]);
    }
    for body in solver_bodies.iter_mut().filter(|b| b.moves) {
        body.v_start = body.v;
        body.w_start = body.w;
        body.v += body.accel * h;
    }
    for block in blocks.iter() {
        let ends = (block.a, block.b);
        for row in &rows[block.first..block.first + block.len] {
            row.normal.apply(solver_bodies, ends, row.normal_impulse);
        }
        block.friction[0].apply(solver_bodies, ends, block.friction_impulse[0]);
        block.friction[1].apply(solver_bodies, ends, block.friction_impulse[1]);
        block.twist.apply(solver_bodies, ends, block.twist_impulse);
    }
    for _ in 0..s.iterations {
        for block in blocks.iter() {
            let block_rows = &mut rows[block.first..block.first + block.len];
            solve_normals(
                solver_bodies,
                block,
                block_rows,
                (h, s.push_out_speed),
                true,
            );
        }
    }
    // A surface the contacts never move still translates at its own velocity (a moving
    // triangle, mesh or k-DOP); its anchors go with it.
    for body in solver_bodies.iter_mut().filter(|b| !b.moves) {
        body.dp += body.v * h;
    }
    for body in solver_bodies.iter_mut().filter(|b| b.moves) {
        if body.rolls {
            // The solved velocity, less half the substep's applied acceleration: free flight
            // is the same parabola, and the approach a roll brings in is stopped in its substep.
            body.dp += (body.v - body.accel * (0.5 * h)) * h;
            body.rotation = UnitQuaternion::from_scaled_axis(body.w * h) * body.rotation;
        } else {
            body.dp += (body.v_start + body.v) * (0.5 * h);
            body.rotation = UnitQuaternion::from_scaled_axis((body.w_start + body.w) * (0.5 * h))
                * body.rotation;
        }
        body.turn = (body.rotation * body.start_rotation.inverse())
            .to_rotation_matrix()
            .into_inner();
    }
    let mut residual: f64 = 0.0;
    for block in blocks.iter_mut() {
        let block_rows = &mut rows[block.first..block.first + block.len];
        let change = solve_normals(
            solver_bodies,
            block,
            block_rows,
            (h, s.push_out_speed),
            false,
        );
        let slip = solve_friction(solver_bodies, block, block_rows, frame.friction);
        residual = f64::max(residual, change.max(slip));
        for row in block_rows.iter_mut() {
            row.total_normal_impulse += row.normal_impulse;
            row.max_normal_impulse = row.max_normal_impulse.max(row.normal_impulse);
        }
    }
    residual
}

/// Moves a one-point block's rows to where an ellipsoid's contact point is now: its support
/// point turns over its surface as it rolls, so the arms of the frame start would push at a
/// point the ellipsoid has rolled away from (a turning egg sank 5 mm that way).
fn follow_support(bodies: &[SolverBody], block: &mut Block, row: &mut PointRow) {
    let rolls = |a: &Anchor| matches!(a, Anchor::Ellipsoid { .. });
    if !row.anchors.iter().any(rolls) {
        return;
    }
    let ends = (block.a, block.b);
    let ra = row.anchors[0].arm(&bodies[block.a], &row.ra);
    let rb = row.anchors[1].arm(&bodies[block.b], &row.rb);
    row.normal = Jacobian::new(bodies, ends, (&ra, &rb), row.normal.u);
    block.k[0][0] = coupling(bodies, ends, &row.normal, &row.normal);
    block.inverse = [
        regularised_inverse(&block.k, 1, row.soft.impulse_scale / row.soft.mass_scale),
        regularised_inverse(&block.k, 1, RIGID_COMPLIANCE),
    ];
    for f in &mut block.friction {
        *f = Jacobian::new(bodies, ends, (&ra, &rb), f.u);
    }
    for i in 0..2 {
        for j in 0..2 {
            block.friction_k[i][j] = coupling(bodies, ends, &block.friction[i], &block.friction[j]);
        }
    }
}

/// Body `i` as the solver sees it.
fn solver_body(body: &RigidBody, frame: &Frame<'_>, i: usize) -> SolverBody {
    let moves = frame.planned[i];
    let inv_inertia = if moves && frame.turns {
        body.inverse_inertia_world()
    } else {
        Matrix3::zeros()
    };
    SolverBody {
        v: body.state.velocity,
        w: body.state.angular_velocity,
        inv_mass: if moves { body.inverse_mass() } else { 0.0 },
        inv_inertia,
        accel: frame.accel[i],
        v_start: body.state.velocity,
        w_start: body.state.angular_velocity,
        dp: Vector3::zeros(),
        rotation: body.state.rotation,
        start_rotation: body.state.rotation,
        turn: Matrix3::identity(),
        moves,
        rolls: matches!(body.shape, BodyShape::Convex(ConvexSpec::Ellipsoid { .. })),
    }
}

/// Two unit directions across `n`.
fn tangents(n: &Vector3<f64>) -> [Vector3<f64>; 2] {
    let helper = if n.x.abs() < 0.57 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let t1 = n.cross(&helper).normalize();
    [t1, n.cross(&t1)]
}

/// The anchors of the contact point `p` (normal `n` from A to B) on the pair's bodies, and their
/// arms at the frame start.
fn anchored(
    bodies: &[RigidBody],
    solver_bodies: &[SolverBody],
    (a, b): (usize, usize),
    (n, p): (&Vector3<f64>, &Vector3<f64>),
) -> ([Anchor; 2], [Vector3<f64>; 2]) {
    let anchors = [Anchor::of(&bodies[a], *n), Anchor::of(&bodies[b], -n)];
    let arms = [
        anchors[0].arm(&solver_bodies[a], &(p - bodies[a].state.position)),
        anchors[1].arm(&solver_bodies[b], &(p - bodies[b].state.position)),
    ];
    (anchors, arms)
}

/// The rows of every resting manifold's points and the manifolds' blocks.
fn prepare(
    bodies: &[RigidBody],
    manifolds: &[Manifold],
    solver_bodies: &[SolverBody],
    frame: &Frame<'_>,
    (soft, fixed_soft): (Softness, Softness),
    (rows, blocks): (&mut Vec<PointRow>, &mut Vec<Block>),
) {
    rows.clear();
    blocks.clear();
    for (m, manifold) in manifolds.iter().enumerate() {
        let (a, b) = (manifold.a, manifold.b);
        if manifold.class != Class::Resting || !(frame.planned[a] || frame.planned[b]) {
            continue;
        }
        let ends = (a, b);
        let n = manifold.normal(bodies);
        let both_move = solver_bodies[a].inv_mass > 0.0 && solver_bodies[b].inv_mass > 0.0;
        let first = rows.len();
        let mut centre = Vector3::zeros();
        for (k, stored) in manifold.points.iter().enumerate() {
            let (p, s0) = manifold.world_point(bodies, k);
            centre += p;
            let (anchors, [ra, rb]) = anchored(bodies, solver_bodies, ends, (&n, &p));
            rows.push(PointRow {
                a,
                b,
                point: k,
                ra,
                rb,
                anchors,
                normal: Jacobian::new(solver_bodies, ends, (&ra, &rb), n),
                adjusted: s0 - (rb - ra).dot(&n),
                soft: if both_move { soft } else { fixed_soft },
                approach: 0.0,
                max_normal_impulse: 0.0,
                normal_impulse: stored.normal_impulse,
                warm_start: stored.normal_impulse,
                total_normal_impulse: 0.0,
                separation_start: s0,
                separation_now: s0,
                separation_end: s0,
                push_out_capped: false,
            });
        }
        let len = rows.len() - first;
        for row in &mut rows[first..] {
            row.approach = row.normal.speed(&solver_bodies[a], &solver_bodies[b]);
        }
        centre /= len as f64;
        let radius = rows[first..]
            .iter()
            .map(|r| (r.ra + bodies[a].state.position - centre).norm())
            .sum::<f64>()
            / len as f64;
        let mut k = [[0.0; 4]; 4];
        for i in 0..len {
            for j in 0..len {
                k[i][j] = coupling(
                    solver_bodies,
                    ends,
                    &rows[first + i].normal,
                    &rows[first + j].normal,
                );
            }
        }
        let block_soft = if both_move { soft } else { fixed_soft };
        let inverse = [
            regularised_inverse(&k, len, block_soft.impulse_scale / block_soft.mass_scale),
            regularised_inverse(&k, len, RIGID_COMPLIANCE),
        ];
        let (ca, cb) = (
            centre - bodies[a].state.position,
            centre - bodies[b].state.position,
        );
        let t = tangents(&n);
        let friction = [
            Jacobian::new(solver_bodies, ends, (&ca, &cb), t[0]),
            Jacobian::new(solver_bodies, ends, (&ca, &cb), t[1]),
        ];
        let mut friction_k = [[0.0; 2]; 2];
        for i in 0..2 {
            for j in 0..2 {
                friction_k[i][j] = coupling(solver_bodies, ends, &friction[i], &friction[j]);
            }
        }
        let twist = twist_row(solver_bodies, ends, &n);
        blocks.push(Block {
            a,
            b,
            manifold: m,
            first,
            len,
            k,
            inverse,
            friction,
            friction_k,
            twist,
            radius,
            friction_impulse: [
                manifold.friction_impulse.dot(&t[0]),
                manifold.friction_impulse.dot(&t[1]),
            ],
            twist_impulse: if len > 1 { manifold.twist_impulse } else { 0.0 },
            sliding: false,
        });
    }
}

/// `(K + c·diag K)⁻¹` of the leading `n` rows (the others identity), when it exists.
fn regularised_inverse(k: &[[f64; 4]; 4], n: usize, compliance: f64) -> Option<[[f64; 4]; 4]> {
    let m = nalgebra::Matrix4::from_fn(|i, j| {
        if i < n && j < n {
            k[i][j] + if i == j { compliance * k[i][i] } else { 0.0 }
        } else if i == j {
            1.0
        } else {
            0.0
        }
    });
    let inv = m.try_inverse()?;
    Some(std::array::from_fn(|i| {
        std::array::from_fn(|j| inv[(i, j)])
    }))
}

/// The twist row about `n`: the bodies' relative spin about the normal.
fn twist_row(bodies: &[SolverBody], (a, b): (usize, usize), n: &Vector3<f64>) -> Jacobian {
    let (spin_a, spin_b) = (bodies[a].inv_inertia * n, bodies[b].inv_inertia * n);
    let k = n.dot(&spin_a) + n.dot(&spin_b);
    Jacobian {
        u: Vector3::zeros(),
        arm_a: *n,
        arm_b: *n,
        spin_a,
        spin_b,
        mass: if k > 0.0 { 1.0 / k } else { 0.0 },
    }
}

/// The row's separation now: its anchors moved and turned with their bodies.
#[inline]
fn separation(bodies: &[SolverBody], row: &PointRow) -> f64 {
    let (ba, bb) = (&bodies[row.a], &bodies[row.b]);
    let d = bb.dp + row.anchors[1].arm(bb, &row.rb) - ba.dp - row.anchors[0].arm(ba, &row.ra);
    d.dot(&row.normal.u) + row.adjusted
}

/// A rigid row's regularisation, as a share of its own `K` (it keeps four coplanar points'
/// block, which is singular, solvable and symmetric).
const RIGID_COMPLIANCE: f64 = 1e-8;

/// One update of a manifold's normal impulses, solved together; returns the largest change.
///
/// Each point still apart is solved rigidly towards closing its gap in one substep (`bias =
/// s/h`); an overlapping one, with bias, as the soft spring (`bias = max(ω/a₁ · s, -push_out)`,
/// compliance `K/a₂`), without bias, rigidly at zero speed. The block `(K + Γ) λ = K λ₀ - v - b`
/// with `λ ≥ 0` is the scalar soft update of every row at once (one row: `λ = a₂a₃ (λ₀ - m (v + b))`).
fn solve_normals(
    bodies: &mut [SolverBody],
    block: &Block,
    rows: &mut [PointRow],
    (h, push_out): (f64, f64),
    biased: bool,
) -> f64 {
    let n = rows.len();
    let mut compliance_of = [0.0; 4];
    let mut soft_of = [false; 4];
    let mut q = [0.0; 4];
    let mut kinds = [false; 2];
    for (i, row) in rows.iter_mut().enumerate() {
        if !biased {
            row.separation_now = separation(bodies, row);
        }
        let s = row.separation_now;
        let (bias, compliance) = if s > 0.0 {
            kinds[1] = true;
            (s / h - rolled_in(bodies, row, h), RIGID_COMPLIANCE)
        } else if biased {
            kinds[0] = true;
            let soft_bias = row.soft.bias_rate * s;
            row.push_out_capped |= soft_bias < -push_out;
            soft_of[i] = true;
            (
                soft_bias.max(-push_out),
                row.soft.impulse_scale / row.soft.mass_scale,
            )
        } else {
            kinds[1] = true;
            (0.0, RIGID_COMPLIANCE)
        };
        compliance_of[i] = compliance;
        let vn = row.normal.speed(&bodies[row.a], &bodies[row.b]);
        q[i] = -vn - bias;
    }
    for (i, qi) in q.iter_mut().enumerate().take(n) {
        *qi += (0..n)
            .map(|j| block.k[i][j] * rows[j].normal_impulse)
            .sum::<f64>();
    }
    let common = match kinds {
        [true, false] => block.inverse[0],
        [false, true] => block.inverse[1],
        _ => None,
    };
    // The soft rows' compliance is the model's; the rigid rows' is regularisation only.
    let mut a = block.k;
    let mut reg = [0.0; 4];
    for (i, c) in compliance_of.iter().enumerate().take(n) {
        if soft_of[i] {
            a[i][i] += c * block.k[i][i];
        } else {
            reg[i] = c * block.k[i][i];
        }
    }
    let all: [usize; 4] = [0, 1, 2, 3];
    let direct = common
        .and_then(|inv| {
            refined((&a, kinds[1]), &q, &all[..n], |rhs| {
                Some(std::array::from_fn(|i| {
                    (0..n).map(|j| inv[i][j] * rhs[j]).sum::<f64>()
                }))
            })
        })
        .filter(|l: &[f64; 4]| l[..n].iter().all(|&x| x >= 0.0));
    let lambda = direct.unwrap_or_else(|| {
        let guess = (0..n).fold(0u32, |m, i| {
            if rows[i].normal_impulse > 0.0 || q[i] > 0.0 {
                m | 1 << i
            } else {
                m
            }
        });
        complementarity((&a, &reg), &q, n, guess)
    });
    let mut largest: f64 = 0.0;
    for (i, row) in rows.iter_mut().enumerate() {
        let change = lambda[i] - row.normal_impulse;
        row.normal_impulse = lambda[i];
        row.normal.apply(bodies, (row.a, row.b), change);
        largest = largest.max(change.abs());
    }
    largest
}

/// How much further along the normal than `v h` a substep of `h` moves a rolling body's anchor
/// toward the other body, per unit of `h`: such a body moves by its solved velocity less half
/// the substep's applied acceleration, so a speculative point's allowed approach `s / h` gains
/// that half (an egg hung 8 um above its floor without it).
fn rolled_in(bodies: &[SolverBody], row: &PointRow, h: f64) -> f64 {
    let along = |i: usize| {
        let body = &bodies[i];
        if body.rolls {
            body.accel.dot(&row.normal.u)
        } else {
            0.0
        }
    };
    0.5 * h * (along(row.b) - along(row.a))
}

/// One update of a patch's friction at its centre: the two directions together, clamped to the
/// disc `μ Σλ_n`, then the twist clamped to `μ r Σλ_n`; returns the largest change.
fn solve_friction(
    bodies: &mut [SolverBody],
    block: &mut Block,
    rows: &[PointRow],
    friction: f64,
) -> f64 {
    let ends = (block.a, block.b);
    let total: f64 = rows.iter().map(|r| r.normal_impulse).sum();
    let [f0, f1] = &block.friction;
    let (ba, bb) = (&bodies[block.a], &bodies[block.b]);
    let v = [f0.speed(ba, bb), f1.speed(ba, bb)];
    let k = &block.friction_k;
    let det = k[0][0] * k[1][1] - k[0][1] * k[1][0];
    let step = if det.abs() > 1e-300 {
        [
            -(k[1][1] * v[0] - k[0][1] * v[1]) / det,
            -(k[0][0] * v[1] - k[1][0] * v[0]) / det,
        ]
    } else {
        [-f0.mass * v[0], -f1.mass * v[1]]
    };
    let old = block.friction_impulse;
    let mut new = [old[0] + step[0], old[1] + step[1]];
    let limit = friction * total;
    let length_squared = new[0] * new[0] + new[1] * new[1];
    block.sliding = length_squared > limit * limit;
    if block.sliding {
        let scale = limit / length_squared.sqrt();
        new = [new[0] * scale, new[1] * scale];
    }
    block.friction_impulse = new;
    block.friction[0].apply(bodies, ends, new[0] - old[0]);
    block.friction[1].apply(bodies, ends, new[1] - old[1]);
    let mut largest = (new[0] - old[0]).abs().max((new[1] - old[1]).abs());
    if rows.len() > 1 {
        let spin = block.twist.speed(&bodies[block.a], &bodies[block.b]);
        let old_twist = block.twist_impulse;
        let bound = friction * block.radius * total;
        let twist = (old_twist - block.twist.mass * spin).clamp(-bound, bound);
        block.twist_impulse = twist;
        block.twist.apply(bodies, ends, twist - old_twist);
        largest = largest.max((twist - old_twist).abs());
    }
    largest
}

/// Restitution once after the substeps: the points of a block that approached faster than
/// the arrival speed at the frame start and were pushed leave at `ε` times that speed (Newton's
/// law, §13.4), solved together by normal impulses that never pull.
fn restitute(
    bodies: &mut [SolverBody],
    blocks: &[Block],
    rows: &mut [PointRow],
    frame: &Frame<'_>,
) {
    if frame.restitution == 0.0 {
        return;
    }
    for block in blocks {
        let block_rows = &mut rows[block.first..block.first + block.len];
        let bounce: Vec<usize> = (0..block.len)
            .filter(|&i| {
                let r = &block_rows[i];
                r.approach < -frame.arrive_speed && r.max_normal_impulse > 0.0
            })
            .collect();
        if bounce.is_empty() {
            continue;
        }
        let mut a = [[0.0; 4]; 4];
        let mut reg = [0.0; 4];
        let mut q = [0.0; 4];
        for (x, &i) in bounce.iter().enumerate() {
            for (y, &j) in bounce.iter().enumerate() {
                a[x][y] = block.k[i][j];
                q[x] += block.k[i][j] * block_rows[j].normal_impulse;
            }
            reg[x] = RIGID_COMPLIANCE * block.k[i][i];
            let r = &block_rows[i];
            let vn = r.normal.speed(&bodies[r.a], &bodies[r.b]);
            q[x] -= vn + frame.restitution * r.approach;
        }
        let lambda = complementarity((&a, &reg), &q, bounce.len(), (1u32 << bounce.len()) - 1);
        for (x, &i) in bounce.iter().enumerate() {
            let r = &mut block_rows[i];
            let change = lambda[x] - r.normal_impulse;
            r.normal_impulse = lambda[x];
            r.total_normal_impulse += change;
            r.normal.apply(bodies, (r.a, r.b), change);
        }
    }
}

/// Writes the impulses back into the manifolds for the next frame and builds the records.
fn store_and_record(
    bodies: &[RigidBody],
    manifolds: &mut [Manifold],
    (rows, blocks): (&[PointRow], &[Block]),
    frame: &Frame<'_>,
    (hertz, residual): (f64, f64),
) -> SolverRecord {
    let omega = std::f64::consts::TAU * hertz;
    let mut islands = vec![IslandRecord::default(); frame.islands];
    let mut contacts: Vec<ContactRecord> = Vec::with_capacity(blocks.len());
    for block in blocks {
        let manifold = &mut manifolds[block.manifold];
        manifold.friction_impulse = block.friction[0].u * block.friction_impulse[0]
            + block.friction[1].u * block.friction_impulse[1];
        manifold.twist_impulse = block.twist_impulse;
        let owner = if frame.planned[block.a] {
            block.a
        } else {
            block.b
        };
        let island = &mut islands[frame.island[owner]];
        island.contacts += 1;
        let both_move = frame.planned[block.a] && frame.planned[block.b];
        let w = if both_move { omega } else { 2.0 * omega };
        let mut points = Vec::with_capacity(block.len);
        for row in &rows[block.first..block.first + block.len] {
            manifold.points[row.point].normal_impulse = row.normal_impulse;
            let load = row.total_normal_impulse / frame.dt;
            let predicted_sink = load / (row.normal.mass.max(f64::MIN_POSITIVE) * w * w);
            island.deepest = island.deepest.max(-row.separation_end);
            island.predicted_sink = island.predicted_sink.max(predicted_sink);
            points.push(PointRecord {
                point: manifold.world_point(bodies, row.point).0,
                separation_start: row.separation_start,
                separation_end: row.separation_end,
                normal_impulse: row.total_normal_impulse,
                warm_start: row.warm_start,
                sliding: block.sliding,
                push_out_capped: row.push_out_capped,
                predicted_sink,
            });
        }
        contacts.push(ContactRecord {
            a: block.a,
            b: block.b,
            normal: manifold.normal(bodies),
            reused: manifold.reused,
            points,
        });
    }
    for (i, _) in bodies.iter().enumerate().filter(|&(i, _)| frame.planned[i]) {
        islands[frame.island[i]].bodies += 1;
    }
    for island in &mut islands {
        island.substeps = frame.solver.substeps;
        island.iterations = frame.solver.iterations;
        island.residual = residual;
    }
    SolverRecord { islands, contacts }
}
