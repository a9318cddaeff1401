//! The contact panel's lines about the course's particle step (docs/methods.md §13.1) for a
//! sphere and a plane of a particle-model scene: `x_n`, `x_{n+1}`, the two signed distances and
//! their product, `t_c`, the crossing point and the corrected position.

use super::App;
use crate::lesson::{Shown, HIDDEN};
use crate::trace::{particle_step, ParticleStep};

/// The particle step from this frame of the selected pair, when it is a sphere and a plane of a
/// particle-model scene and the lesson step works the method (none otherwise), what the mask
/// hides shown as `?`; `wide`: with a title and the crossing point, a line each, else in five
/// lines of at most 40 columns.
///
/// # Algorithm
/// The step's numbers follow from one another in a step or two (the product from the two
/// distances, `t_c` from them, the corrected position from `x_{n+1}` and the second distance),
/// so when the mask hides any of them, every number of the lines shows `?`.
pub fn particle_lines(app: &App, wide: bool) -> Vec<String> {
    if !app.step_shows.contains(&Shown::Method) {
        return Vec::new();
    }
    let Some(step) = app.pair().and_then(|pair| {
        particle_step(app.scene(), app.record(), &pair.b, &pair.a)
            .or_else(|| particle_step(app.scene(), app.record(), &pair.a, &pair.b))
    }) else {
        return Vec::new();
    };
    let mask = app.mask();
    let hidden = mask.ties(&numbers(&step));
    let number = |x: f64, decimals: usize| {
        if hidden {
            HIDDEN.to_string()
        } else {
            mask.fixed(x, decimals)
        }
    };
    let point = |v: &[f64; 3]| {
        format!(
            "({}, {}, {})",
            number(v[0], 3),
            number(v[1], 3),
            number(v[2], 3)
        )
    };
    let [s0, s1] = step.sides;
    let mut out = Vec::new();
    if wide {
        out.push(format!(
            "particle step from frame {}, x ← x - (1 + ε)(N·x + d)N",
            app.record().frame
        ));
        out.push(format!(
            "plane      N = {}, d = {}, ε = {}",
            point(&step.normal),
            number(step.d, 5),
            number(step.restitution, 2)
        ));
    }
    out.push(format!("x_n        {}", point(&step.start)));
    out.push(format!("x_n+1      {}", point(&step.end)));
    if wide {
        out.push(format!(
            "N·x+d      {} and {}",
            number(s0, 5),
            number(s1, 5)
        ));
        out.push(format!("product    {}", number(step.product, 5)));
        if let Some(t_c) = step.fraction {
            out.push(format!("t_c        {}", number(t_c, 5)));
        }
        if let Some(x_c) = step.crossing.as_ref() {
            out.push(format!("x_c        {}", point(x_c)));
        }
    } else {
        out.push(format!(
            "N·x+d  {} × {} = {}",
            number(s0, 5),
            number(s1, 5),
            number(step.product, 5)
        ));
        let plane = format!("d {}  ε {}", number(step.d, 5), number(step.restitution, 2));
        out.push(match step.fraction {
            Some(t_c) => format!("t_c {}  {plane}", number(t_c, 5)),
            None => plane,
        });
    }
    out.push(format!("corrected  {}", point(&step.corrected)));
    if app.theme().ascii {
        out = out
            .into_iter()
            .map(|line| {
                line.replace('·', ".")
                    .replace('←', "<-")
                    .replace('ε', "eps")
                    .replace('×', "x")
            })
            .collect();
    }
    out
}

/// Every number the lines show.
fn numbers(step: &ParticleStep) -> Vec<f64> {
    let mut out = vec![step.d, step.product, step.sides[0], step.sides[1]];
    out.extend(step.fraction);
    for v in [
        Some(step.start),
        Some(step.end),
        step.crossing,
        Some(step.corrected),
    ]
    .into_iter()
    .flatten()
    {
        out.extend(v);
    }
    out
}
