use super::*;
use crate::lesson::{Kind, Place, Placeholder, Resolved, Value};

fn number(value: f64, tolerance: f64) -> Mask {
    Mask::of(&Answer::Number { value, tolerance })
}

fn choice(choices: &[&str], correct: usize) -> Mask {
    Mask::of(&Answer::Choice {
        choices: choices.iter().map(ToString::to_string).collect(),
        correct,
    })
}

#[test]
fn a_number_answer_hides_every_number_within_its_tolerance() {
    let mask = number(0.0515, 0.001);
    assert!(mask.is_on());
    assert_eq!(mask.fixed(0.051, 3), "?");
    assert_eq!(mask.fixed(0.0525, 3), "?");
    assert_eq!(mask.fixed(0.9, 3), "0.900");
    assert_eq!(mask.fixed(-0.051, 3), "-0.051", "the sign counts");
    assert_eq!(mask.coordinates(&[1.0, 0.052, 0.0], 3), "(1.000, ?, 0.000)");
    assert!(!mask.hides_verdict());
    assert!(!mask.hides_word("A0xB2"));
}

#[test]
fn a_printed_number_is_hidden_when_its_rounding_states_the_answer() {
    let mask = number(2.2, 0.01);
    assert_eq!(mask.shown(2.2049, "2.205".into()), "?");
    assert_eq!(
        mask.shown(2.2149, "2.2".into()),
        "?",
        "printed to 1 decimal"
    );
    assert_eq!(mask.shown(2.2149, "2.215".into()), "2.215");
}

#[test]
fn statements_hide_decimals_and_whole_numbers_only_for_a_whole_answer() {
    let sentence = "A and B do not collide: axis A0xB2 separates them by 0.051 (R = 0.900 > \
                    R0 + R1 = 0.849); 1st sep, x13, 3 pairs";
    let masked = number(0.0515, 0.001).text(sentence);
    assert_eq!(
        masked,
        "A and B do not collide: axis A0xB2 separates them by ? (R = 0.900 > R0 + R1 = 0.849); \
         1st sep, x13, 3 pairs"
    );
    let four = number(4.0, 0.1);
    assert_eq!(
        four.text("the centroid of the 4-sided overlap, 4.000 m, A4, 4th"),
        "the centroid of the ?-sided overlap, ? m, A4, 4th"
    );
    assert_eq!(
        number(4.5, 0.1).text("4-sided, 4.500"),
        "4-sided, ?",
        "a whole number never states 4.5"
    );
    assert_eq!(
        number(-1.0, 0.01).text("R-(R0+R1) = -1.000, 1.000"),
        "R-(R0+R1) = ?, 1.000"
    );
    assert_eq!(
        number(0.0, 0.01).text("e_a 2.355e-16, 0.5-0.25"),
        "e_a ?, 0.5-0.25"
    );
    assert_eq!(number(0.25, 0.01).text("0.5-0.25"), "0.5-?");
}

#[test]
fn an_axis_answer_hides_the_verdict_and_the_name_in_statements() {
    let mask = choice(&["A0", "B1", "A0xB2"], 2);
    assert!(mask.hides_verdict());
    assert!(mask.hides_word("a0xb2"), "letter case aside");
    assert!(!mask.hides(0.0));
    assert_eq!(mask.fixed(0.051, 3), "0.051");
    assert_eq!(
        mask.text("SAT A0xB2 separates; A0xB1 and A0 do not (axis A0xB2)"),
        "SAT ? separates; A0xB1 and A0 do not (axis ?)"
    );
}

#[test]
fn engine_words_are_hidden_and_other_choices_hide_nothing() {
    let kind = choice(&["vertex-face", "edge-face"], 1);
    assert!(!kind.hides_verdict());
    assert_eq!(kind.text("kind edge-face: an edge"), "kind ?: an edge");
    let world = choice(&["x", "y", "z"], 0);
    assert_eq!(
        world.text("the AABBs are apart on x, x1"),
        "the AABBs are apart on ?, x1"
    );
    assert!(choice(&["spheres", "sat"], 0).hides_word("spheres"));
    let free = choice(&["yes", "no"], 1);
    assert!(!free.is_on());
    assert_eq!(free.text("no contact, 1.000"), "no contact, 1.000");
    // A choice that is a number is a number the screen prints (L1 step 3's `R0 1.000`).
    let number_choice = choice(&["0.5", "1"], 1);
    assert!(number_choice.is_on());
    assert_eq!(number_choice.text("no contact, 1.000"), "no contact, ?");
    assert!(!Mask::default().is_on());
    assert_eq!(Mask::default().fixed(1.0, 3), "1.000");
}

#[test]
fn placeholders_are_hidden_when_their_value_states_the_answer() {
    let resolved = |value: Value, text: &str| Resolved {
        placeholder: Placeholder {
            kind: Kind::R,
            pair: None,
            axis: None,
            body: None,
            component: None,
            index: None,
            precision: 3,
            range: 0..0,
            place: Place::default(),
        },
        value,
        text: text.to_string(),
    };
    let mask = number(0.683, 0.005);
    assert!(mask.hides_value(&resolved(Value::Number(0.683_012_7), "0.683")));
    assert!(!mask.hides_value(&resolved(Value::Number(1.683), "1.683")));
    assert!(mask.hides_value(&resolved(Value::Vector([1.0, 0.68, 0.0]), "")));
    assert!(!mask.hides_value(&resolved(Value::Missing("no".into()), "none")));
    let axis = choice(&["A0", "A0xB2"], 1);
    assert!(axis.hides_value(&resolved(Value::Word("A0xB2".into()), "A0xB2")));
    assert!(!axis.hides_value(&resolved(Value::Word("A0".into()), "A0")));
}

#[test]
fn a_hidden_number_in_a_column_keeps_its_width() {
    let mask = number(-1.7, 0.001);
    let row = "  [     1.300000    -2.000000    -1.700000 ]";
    let masked = mask.columns(row);
    assert_eq!(masked, "  [     1.300000    -2.000000            ? ]");
    assert_eq!(masked.chars().count(), row.chars().count());
    assert_eq!(mask.text(row), "  [     1.300000    -2.000000    ? ]");
}

#[test]
fn a_number_choice_hides_like_a_number_answer() {
    let mask = choice(&["0.5", "1", "1.5"], 1);
    assert_eq!(mask.fixed(1.0, 3), "?");
    assert_eq!(mask.fixed(0.5, 3), "0.500");
    assert!(!mask.hides_word("1"));
}

#[test]
fn numbers_tied_to_the_answer_hide_together() {
    let mask = number(1.202, 0.01);
    // A row's R = 1.202 hides its R0, R1 and R-(R0+R1), which would give it back.
    assert!(mask.ties(&[1.202, 0.5, 1.768, -1.066]));
    assert!(!mask.ties(&[1.626, 0.5, 1.768, -0.641]));
    assert_eq!(mask.fixed_if(true, 0.5, 3), "?");
    assert_eq!(mask.fixed_if(false, 0.5, 3), "0.500");
    assert!(mask.brackets(1.19, 1.214) && !mask.brackets(1.25, 1.5));
}
