//! Grazing contacts: boxes that touch for an instant, or for a window down to 1e-13 s, or whose
//! sweep ends on a tie between axes. The contact point and every region point lie on both boxes
//! at the contact time, the region is never empty, and the time agrees with parry3d-f64's cast.

use crate::oracle_support;

use oracle_support::graze::{self, Graze};
use oracle_support::{at_time, describe, parry_time_of_impact, Rng};
use sepax::nalgebra::{UnitQuaternion, Vector3};
use sepax::sat::{self, Contact, ContactKind};
use sepax::Obb;

const SEED: u64 = 0x05E9_A0C1_E000_0003;
/// How far a reported point may be from either box.
const ON_BOX: f64 = 1e-9;

fn context(family: &str, index: u64, g: &Graze) -> String {
    format!(
        "{family} (seed {SEED:#x}, case {index}), depth {:e}, t* {}\n a = {}\n va = {:?}\n b = {}\n vb = {:?}",
        g.depth, g.t_star, describe(&g.a), g.va, describe(&g.b), g.vb
    )
}

/// How far the worst point of the contact lies from either box at the contact time.
fn worst_off(contact: &Contact, g: &Graze) -> f64 {
    let (a, b) = at_time(&g.a, &g.va, &g.b, &g.vb, contact.time);
    std::iter::once(&contact.point)
        .chain(&contact.region)
        .map(|p| a.distance_to_point(p).max(b.distance_to_point(p)))
        .fold(0.0, f64::max)
}

#[derive(Default, Debug)]
struct Counts {
    contacts: usize,
    both_miss: usize,
    /// Contact times or verdicts that differ where the boxes stay within 1e-9 of touching.
    grazing_disagreements: usize,
    /// Of those, the pairs pushed together by more than rounding (none may differ).
    pushed_disagreements: usize,
    worst_time: f64,
    /// The largest distance of a reported point from either box.
    worst_off: f64,
    /// The shortest contact window of a pushed pair on which sepax and parry agree.
    shortest_window: f64,
    failures: usize,
}

/// How long the pair overlaps: the sweep's window from the last entry to the first exit.
fn contact_window(g: &Graze) -> Option<f64> {
    let sweep = sat::sweep(&g.a, g.va, &g.b, g.vb, 1.0);
    let tested = || sweep.rows.iter().filter(|row| !row.skipped);
    let entry = tested()
        .map(|row| row.entry)
        .fold(f64::NEG_INFINITY, f64::max);
    let exit = tested().map(|row| row.exit).fold(f64::INFINITY, f64::min);
    (exit >= entry).then_some(exit - entry)
}

fn check_family(family: &str, salt: u64, cases: u64, build: impl Fn(&mut Rng) -> Graze) -> Counts {
    let mut counts = Counts {
        shortest_window: f64::INFINITY,
        ..Counts::default()
    };
    for index in 0..cases {
        let mut rng = Rng::case(SEED ^ salt, index);
        let g = build(&mut rng);
        let ours = sat::first_contact(&g.a, g.va, &g.b, g.vb, 1.0);
        let theirs = parry_time_of_impact(&g.a, &g.va, &g.b, &g.vb, 1.0);
        let message = || context(family, index, &g);
        let mut fail = |what: String| {
            counts.failures += 1;
            if counts.failures <= 5 {
                println!("FAIL {what}: {ours:?} vs parry {theirs:?}\n{}", message());
            }
        };
        if let Some(c) = &ours {
            let off = worst_off(c, &g);
            counts.worst_off = counts.worst_off.max(off);
            if c.region.is_empty() || off > ON_BOX {
                fail(format!("off {off:e}"));
            }
        }
        let agree = match (ours.as_ref().map(|c| c.time), theirs) {
            (Some(t), Some(s)) => {
                counts.contacts += 1;
                counts.worst_time = counts.worst_time.max((t - s).abs());
                (t - s).abs() <= 1e-6
            }
            (None, None) => {
                counts.both_miss += 1;
                true
            }
            _ => false,
        };
        if !agree {
            counts.grazing_disagreements += 1;
            if g.depth > g.noise {
                counts.pushed_disagreements += 1;
                fail(format!(
                    "times differ on a pair pushed {:e} together",
                    g.depth
                ));
            }
        } else if g.depth > g.noise {
            if let Some(window) = contact_window(&g) {
                counts.shortest_window = counts.shortest_window.min(window);
            }
        }
    }
    println!("{family}: {counts:?}");
    counts
}

/// An edge of B slides past a parallel edge of A (B half the time in the planes of A's faces):
/// contact windows down to about 1e-13 s.
#[test]
fn edge_sliding_past_edge() {
    let counts = check_family("edge past edge", 1, 20_000, |rng| {
        graze::edge_past_edge(rng, 3.0)
    });
    assert_eq!(counts.failures, 0);
    assert!(
        counts.contacts > 10_000 && counts.shortest_window < 1e-12,
        "{counts:?}"
    );
}

/// A face of B slides in the plane of a face of A until its edge reaches A's edge: the sweep
/// ends on a tie between the face axis and the axis that closes last.
#[test]
fn face_sliding_past_face() {
    let counts = check_family("face past face", 2, 20_000, |rng| {
        graze::face_past_face(rng, 3.0)
    });
    assert_eq!(counts.failures, 0);
    assert!(counts.contacts > 10_000, "{counts:?}");
}

/// Edges at 1e-6 to 1e-2 rad cross and slide along each other: the first touch is at the end
/// of one of them, where a face axis and the ill-conditioned cross axis tie.
#[test]
fn near_parallel_edges_sliding_across() {
    let counts = check_family("near-parallel edges", 3, 20_000, |rng| {
        let angle = rng.log_range(1e-6, 1e-2);
        graze::near_parallel_edges(rng, 3.0, angle)
    });
    assert_eq!(counts.failures, 0);
    assert!(counts.contacts > 10_000, "{counts:?}");
}

/// The smallest case: A at the origin, B sliding down past A's edge x = 2, z = 0.8.
/// They touch only at t = 2, along that edge: two parallel edges, not a face.
#[test]
fn an_edge_grazing_an_edge_touches_along_the_shared_edge() {
    let a = Obb::new(
        Vector3::zeros(),
        UnitQuaternion::identity(),
        Vector3::new(2.0, 0.8, 0.8),
    );
    let b = Obb::new(
        Vector3::new(2.8, 0.0, 5.1),
        UnitQuaternion::identity(),
        Vector3::new(1.8, 1.3, 1.1),
    );
    let vb = Vector3::new(0.5, 0.0, -1.6);
    let contact = sat::first_contact(&a, Vector3::zeros(), &b, vb, 4.0).expect("they touch");
    assert!((contact.time - 2.0).abs() < 1e-12, "{contact:?}");
    assert_eq!(contact.kind, ContactKind::EdgeEdge, "{contact:?}");
    assert!(
        (contact.point - Vector3::new(2.0, 0.0, 0.8)).norm() < 1e-9,
        "{contact:?}"
    );
    assert_eq!(contact.region.len(), 2, "{contact:?}");
    for (p, y) in contact.region.iter().zip([-0.8, 0.8]) {
        assert!((p - Vector3::new(2.0, y, 0.8)).norm() < 1e-9, "{contact:?}");
    }
    let g = Graze {
        a,
        va: Vector3::zeros(),
        b,
        vb,
        t_star: 2.0,
        depth: 0.0,
        noise: 0.0,
    };
    assert!(worst_off(&contact, &g) <= ON_BOX);
    // The same contact whoever asks: the boxes placed at that time.
    let (a_then, b_then) = at_time(&a, &Vector3::zeros(), &b, &vb, contact.time);
    let placed = sat::contact(&a_then, &b_then, contact.time);
    assert_eq!((placed.kind, placed.axis), (contact.kind, contact.axis));
    assert!((placed.point - contact.point).norm() < 1e-12);
}
