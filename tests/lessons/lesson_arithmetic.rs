//! The prose check's arithmetic: every `a op b = c` of a lesson's prose recomputed from its
//! operands, whatever their digits, and short operands that miscopy an engine value; and the
//! screen check of open questions.

use crate::cli_support;
use cli_support::{lesson_fixture as fixture, run as sepax};

#[test]
fn a_wrong_sum_or_product_fails_at_its_expression() {
    let path = fixture("arithmetic_wrong.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    for line in [
        ":8:66: step 1: in the text, `2 × 1.2 = 2.5`: 2 × 1.2 is 2.400, which rounds to 2.4, not 2.5",
        ":9:3: step 1: in the text, `0.1 + 0.2 + 0.3 = 0.7`: 0.1 + 0.2 + 0.3 is 0.600, which rounds to 0.6, not 0.7",
        ":9:48: step 1: in the text, `0.8 × 7.346 = 5.876`: 0.8 × 7.346 is 5.87680, which rounds to 5.877, not 5.876",
        ":11:14: step 1: in the text, `{{gap wall,bullet A0}} × 2 = 2.500`: {{gap wall,bullet A0}} × 2 is 2.40000, which rounds to 2.400, not 2.500",
    ] {
        assert!(stdout.lines().any(|l| l == format!("{path}{line}")), "{line}\n{stdout}");
    }
    let stale = format!("{path}:12:3: step 1: in the text, `0.059 × 10 = 0.59`: the operand 0.059 is not the engine's explain.pairs.wall,bullet.contact.time = 0.0600 at frame 0");
    assert!(stdout.lines().any(|l| l.starts_with(&stale)), "{stdout}");
    assert!(stdout.contains("check: 13 passed, 5 failed"), "{stdout}");
}

#[test]
fn right_sums_and_products_pass() {
    let (code, stdout, stderr) = sepax(&["check", &fixture("arithmetic_right.toml")]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("check: 18 passed, 0 failed"), "{stdout}");
}

#[test]
fn check_reports_a_question_that_states_its_answer() {
    let path = fixture("quiz_leak.toml");
    let (code, stdout, _) = sepax(&["check", &path]);
    assert_eq!(code, Some(1), "{stdout}");
    let leak = format!("{path}:6:1: step 1: at 120×40 the open question's answer follows from the screen: the question's own words write 1.200");
    assert!(stdout.lines().any(|l| l == leak), "{stdout}");
}
