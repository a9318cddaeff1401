//! What lessons 31 to 33 claim of the course's methods, checked on their scenes against the
//! engine: conservative advancement's steps `t += d / (n·v_rel)` end at the contact time the
//! engine reports; the particle model's step crosses, finds `t_c` and corrects the position by
//! the course's formulas, where the engine's exact-time bounce puts the ball.

use nalgebra::Vector3;

use sepax::lesson::{self, walk};
use sepax::sat::Robustness;
use sepax::scene;
use sepax::trace::{explain, particle_step, scene_timeline};

/// The egg and the ball of lesson 31 at frame 0: their pair record, searched over the frame.
fn egg_and_ball() -> sepax::trace::PairRecord {
    let scene = scene::load("lesson_advance_egg").expect("a shipped scene loads");
    let timeline = scene_timeline(&scene);
    let explained = explain(
        &scene,
        &timeline[0].specs,
        0,
        scene.world.dt,
        Some(("egg", "ball")),
        Robustness::default(),
    );
    explained
        .pairs
        .into_iter()
        .next()
        .expect("the pair is explained")
}

#[test]
fn each_advancement_step_is_the_distance_over_the_closing_speed_along_n() {
    let pair = egg_and_ball();
    let advance = pair
        .gjk
        .as_ref()
        .and_then(|gjk| gjk.advancement.as_ref())
        .expect("a closing convex pair records its advancement");
    // The lesson's four rows: three steps and the row at contact.
    assert_eq!(advance.steps.len(), 4, "{advance:?}");
    let v_rel = Vector3::zeros() - Vector3::new(2.0, -1.0, 0.0);
    for (k, step) in advance.steps.iter().enumerate() {
        // The closing speed is n·(v_egg - v_ball), with n from the egg towards the ball.
        assert!(
            (step.closing_speed_bound - step.normal.dot(&v_rel)).abs() < 1e-12,
            "row {k}: {step:?}"
        );
        let Some(next) = advance.steps.get(k + 1) else {
            assert_eq!(step.step, 0.0, "the last row touches: {step:?}");
            continue;
        };
        // t += step, and the step is d / (n·v) far below the digits the lesson divides with:
        // the engine divides GJK's lower bound, under the distance by less than GJK's
        // tolerance.
        assert_eq!(next.time, step.time + step.step, "row {k}");
        let short = step.distance - step.step * step.closing_speed_bound;
        assert!((0.0..1e-9).contains(&short), "row {k}: {short} vs {step:?}");
        // Each step leaves the bodies apart, and the distances shrink.
        assert!(
            next.distance < step.distance && next.distance >= 0.0,
            "row {k}"
        );
    }
}

#[test]
fn the_advancement_ends_at_the_contact_time_the_engine_reports() {
    let pair = egg_and_ball();
    let advance = pair
        .gjk
        .as_ref()
        .and_then(|g| g.advancement.as_ref())
        .expect("recorded");
    let last = advance.steps.last().expect("rows").time;
    let contact = pair
        .contact
        .as_ref()
        .expect("the pair touches within the frame");
    assert!(
        (last - contact.time).abs() < 1e-9,
        "{last} vs {}",
        contact.time
    );
    assert_eq!(advance.time_of_impact, Some(last));
    // The contact the lesson's placeholders and panel read: the first contact from frame 0.
    let lesson = lesson::load_lesson("31").expect("lesson 31 loads");
    let walked = walk(&lesson);
    let state = walked.states[3].clone().expect("step 4 is placed");
    let mut records = lesson::FrameRecords::new(
        &lesson.scenes[state.scene],
        &walked.timelines[state.scene],
        state.frame,
    );
    let reported = records
        .contact("egg", "ball")
        .expect("a first contact")
        .time;
    assert!((last - reported).abs() < 1e-9, "{last} vs {reported}");
}

#[test]
fn the_particle_step_follows_the_course_and_lands_where_the_engine_puts_the_ball() {
    let scene = scene::load("lesson_particle_step").expect("a shipped scene loads");
    let timeline = scene_timeline(&scene);
    let step = particle_step(&scene, &timeline[2], "ball", "floor").expect("a particle step");
    let (n, d) = (Vector3::from(step.normal), step.d);
    let (x_n, x_next) = (Vector3::from(step.start), Vector3::from(step.end));
    // x_n is the engine's centre at frame 2; x_{n+1} the frame's free step (no gravity).
    assert_eq!(step.start, timeline[2].bodies[1].position);
    let velocity = Vector3::from(timeline[2].bodies[1].velocity);
    assert!((x_next - (x_n + velocity * scene.world.dt)).norm() < 1e-12);
    // The crossing test, t_c and the correction, by the course's formulas.
    let sides = [n.dot(&x_n) + d, n.dot(&x_next) + d];
    assert!((step.sides[0] - sides[0]).abs() < 1e-12 && (step.sides[1] - sides[1]).abs() < 1e-12);
    assert!(step.product <= 0.0 && (step.product - sides[0] * sides[1]).abs() < 1e-12);
    let t_c = sides[0] / (sides[0] - sides[1]);
    assert!((step.fraction.expect("it crosses") - t_c).abs() < 1e-12);
    assert!((t_c - 0.24).abs() < 1e-9, "the lesson's t_c: {t_c}");
    let corrected = x_next - (1.0 + scene.world.restitution) * sides[1] * n;
    assert!((Vector3::from(step.corrected) - corrected).norm() < 1e-12);
    // Without gravity the engine's exact-time bounce leaves the ball at the corrected position,
    // and its contact inside the frame is at t_c of it.
    let engine = Vector3::from(timeline[3].bodies[1].position);
    assert!(
        (engine - corrected).norm() < 1e-9,
        "{engine} vs {corrected}"
    );
    let contact = &timeline[3].events[0];
    let fraction = (contact.time - timeline[2].time) / scene.world.dt;
    assert!((fraction - t_c).abs() < 1e-9, "{fraction} vs {t_c}");
    // The next step stays on its side: nothing crosses, nothing moves.
    let next = particle_step(&scene, &timeline[3], "ball", "floor").expect("a particle step");
    assert!(next.product > 0.0 && next.fraction.is_none());
    assert_eq!(next.corrected, next.end);
}
