//! Rays and measured distances as `explain` writes them in text.

use std::fmt::Write as _;

use super::measures::MeasureRecord;
use super::number::{coordinates, fixed};
use super::rays::{CourseTestRecord, HitRecord, RayRecord};

/// One hit in words: `floor at t = 4.472 by ray-plane: point (..), normal (..)`.
pub fn describe_hit(hit: &HitRecord) -> String {
    let body = match hit.triangle {
        Some(i) => format!("{} (triangle {i})", hit.body),
        None => hit.body.clone(),
    };
    if hit.inside {
        return format!("{body}: the ray starts inside it (t = 0 by {})", hit.test);
    }
    format!(
        "{body} at t = {} by {}: point {}, normal {}",
        fixed(hit.t, 3),
        hit.test,
        coordinates(&hit.point, 3),
        coordinates(&hit.normal, 3)
    )
}

/// Every ray: its first hits, then its path leg by leg.
pub fn write_rays(out: &mut String, rays: &[RayRecord]) {
    for ray in rays {
        let length = ray.length.map_or_else(
            || "unbounded".to_string(),
            |l| format!("length {}", fixed(l, 3)),
        );
        let _ = writeln!(
            out,
            "\nray {} from {} along {}, {length}, {} bounce{}",
            ray.name,
            coordinates(&ray.origin, 3),
            coordinates(&ray.direction, 3),
            ray.bounces,
            if ray.bounces == 1 { "" } else { "s" }
        );
        if ray.hits.is_empty() {
            let _ = writeln!(out, "  hits no body");
        } else {
            let _ = writeln!(out, "  first hit on each body, nearest first:");
        }
        for hit in &ray.hits {
            let _ = writeln!(out, "    {}", describe_hit(hit));
        }
        for test in &ray.course {
            write_course_test(out, test);
        }
        let _ = writeln!(out, "  path, leg by leg:");
        for (k, leg) in ray.legs.iter().enumerate() {
            let start = format!(
                "    leg {} from {} along {}",
                k + 1,
                coordinates(&leg.from, 3),
                coordinates(&leg.direction, 3)
            );
            let Some(hit) = &leg.hit else {
                let _ = writeln!(
                    out,
                    "{start}: hits nothing (drawn {} long)",
                    fixed(leg.length, 3)
                );
                continue;
            };
            let _ = writeln!(out, "{start}: hits {}", describe_hit(hit));
            if let Some(r) = leg.reflected {
                let _ = writeln!(
                    out,
                    "      reflects: r = d - 2 (d·n) n = {}",
                    coordinates(&r, 3)
                );
            }
        }
    }
}

/// The course's ray–triangle test of the first leg against one triangle.
fn write_course_test(out: &mut String, test: &CourseTestRecord) {
    let t = test
        .t
        .map_or_else(|| "none (parallel)".to_string(), |t| fixed(t, 3));
    let _ = writeln!(
        out,
        "  course's test against {}: N = {}, N·d = {}, t = (N·V0 - N·O)/(N·d) = {t}, drop {}",
        test.body,
        coordinates(&test.normal, 3),
        fixed(test.normal_dot_direction, 3),
        test.dropped
    );
    if let Some(p) = test.edge_products {
        let _ = writeln!(
            out,
            "    edge products (NE·F)(NE·G) from V0, V1, V2: {}, {}, {}",
            fixed(p[0], 3),
            fixed(p[1], 3),
            fixed(p[2], 3)
        );
    }
    let _ = writeln!(out, "    {}", test.verdict);
}

/// Every measured distance with its closest points and method.
pub fn write_measures(out: &mut String, measures: &[MeasureRecord]) {
    for m in measures {
        let _ = writeln!(
            out,
            "\ndistance from {} ({}) to {} ({}): {} by {}",
            m.a,
            m.a_kind,
            m.b,
            m.b_kind,
            fixed(m.distance, 4),
            m.method
        );
        match (m.closest_a, m.closest_b) {
            (Some(p), Some(_)) if m.distance == 0.0 => {
                let _ = writeln!(out, "  they meet, at {}", coordinates(&p, 3));
            }
            (Some(p), Some(q)) => {
                let _ = writeln!(
                    out,
                    "  closest points {} on {} and {} on {}",
                    coordinates(&p, 3),
                    m.a,
                    coordinates(&q, 3),
                    m.b
                );
            }
            _ => {
                let _ = writeln!(out, "  they meet (touch or overlap)");
            }
        }
        if !m.terms.is_empty() {
            let terms: Vec<String> = m
                .terms
                .iter()
                .map(|t| format!("{} = {}", t.name, fixed(t.value, 4)))
                .collect();
            let _ = writeln!(out, "  {}", terms.join(", "));
        }
        if m.parallel {
            let _ = writeln!(
                out,
                "  parallel: these closest points are one pair among many at the same distance"
            );
        }
        if let Some(n) = m.gjk_iterations {
            let _ = writeln!(
                out,
                "  GJK took {n} iteration{}",
                if n == 1 { "" } else { "s" }
            );
        }
    }
}
