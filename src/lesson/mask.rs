//! What the lesson screen hides while a question is open: every value that states the answer.
//!
//! A number answer (or a choice that is a number) hides every measured or computed number within
//! the quiz's tolerance of it (as a value, or as the screen prints it), and every number printed
//! with it from which it follows in one step (see [`Mask::ties`]); a choice answer that is a word the engine uses (an
//! axis name, a contact kind, a stage, a world axis `x`/`y`/`z`) hides that word in the engine's
//! statements, and an axis name also hides the separating-axis verdict (the `sep` marks).

use std::fmt::Write as _;

use super::axis::TableAxis;
use super::expect::{CONTACT_KINDS, STAGES};
use super::model::Answer;
use super::narration::{Resolved, Value};
use super::quiz::DEFAULT_RELATIVE_TOLERANCE;
use crate::trace::fixed;

/// What a masked value shows instead.
pub const HIDDEN: &str = "?";

/// The values a screen hides while a question is open; the default hides nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mask {
    /// The number answer and its tolerance.
    number: Option<(f64, f64)>,
    /// The answer word (an axis name, a contact kind, a stage, `x`, `y` or `z`).
    word: Option<String>,
}

impl Mask {
    /// The mask of a question with `answer`.
    ///
    /// # Algorithm
    /// A number answer masks every number within its tolerance; a choice masks its text only
    /// when the engine prints that word itself (otherwise the screen cannot state it).
    pub fn of(answer: &Answer) -> Mask {
        match answer {
            Answer::Number { value, tolerance } => Mask {
                number: Some((*value, *tolerance)),
                word: None,
            },
            Answer::Choice { choices, correct } => {
                let word = choices.get(*correct).map(|w| w.trim()).unwrap_or_default();
                // A choice that is a number ("1", "0.5") is a number the screen can print.
                if let Ok(value) = word.parse::<f64>() {
                    let tolerance = DEFAULT_RELATIVE_TOLERANCE * value.abs().max(1.0);
                    return Mask {
                        number: Some((value, tolerance)),
                        word: None,
                    };
                }
                Mask {
                    number: None,
                    word: is_engine_word(word).then(|| word.to_string()),
                }
            }
        }
    }

    /// Whether the mask hides anything.
    pub fn is_on(&self) -> bool {
        self.number.is_some() || self.word.is_some()
    }

    /// Whether the number `x` states the answer (within its tolerance).
    pub fn hides(&self, x: f64) -> bool {
        self.number.is_some_and(|(value, tolerance)| {
            x.is_finite() && (x - value).abs() <= tolerance * (1.0 + 1e-9) + 1e-12
        })
    }

    /// Whether any of `tied`, numbers that the screen prints together and that give each other
    /// in one step (a table row's `R`, `R0`, `R1`, `R-(R0+R1)`, `R0 + R1` and gap; a contact's
    /// time and fraction of the frame), states the answer: then every one of them is hidden.
    pub fn ties(&self, tied: &[f64]) -> bool {
        tied.iter()
            .any(|x| self.hides(*x) || self.hides_printed(&fixed(*x, 3)))
    }

    /// Whether the interval `[low, high]` (bounds printed around a value, as GJK's) holds the
    /// answer, so that it brackets it.
    pub fn brackets(&self, low: f64, high: f64) -> bool {
        self.number.is_some_and(|(value, tolerance)| {
            low.is_finite()
                && high.is_finite()
                && low - tolerance <= value
                && value <= high + tolerance
        })
    }

    /// `x` to `decimals` decimals, or `?` when it states the answer or `hidden` says its group
    /// does.
    pub fn fixed_if(&self, hidden: bool, x: f64, decimals: usize) -> String {
        if hidden {
            HIDDEN.to_string()
        } else {
            self.fixed(x, decimals)
        }
    }

    /// Whether the printed number `text` states the answer.
    pub fn hides_printed(&self, text: &str) -> bool {
        text.trim().parse::<f64>().is_ok_and(|x| self.hides(x))
    }

    /// `printed`, the way the screen shows `x`, or `?` when either states the answer.
    pub fn shown(&self, x: f64, printed: String) -> String {
        if self.hides(x) || self.hides_printed(&printed) {
            HIDDEN.to_string()
        } else {
            printed
        }
    }

    /// `x` to `decimals` decimals as [`fixed`] prints it, or `?`.
    pub fn fixed(&self, x: f64, decimals: usize) -> String {
        self.shown(x, fixed(x, decimals))
    }

    /// A point as `(x, y, z)` to `decimals` decimals, each hidden coordinate `?`.
    pub fn coordinates(&self, v: &[f64; 3], decimals: usize) -> String {
        let [x, y, z] = v.map(|c| self.fixed(c, decimals));
        format!("({x}, {y}, {z})")
    }

    /// Whether `word` is the answer word (letter case aside).
    pub fn hides_word(&self, word: &str) -> bool {
        self.word
            .as_deref()
            .is_some_and(|w| w.eq_ignore_ascii_case(word.trim()))
    }

    /// `word`, or `?` when it is the answer.
    pub fn word(&self, word: &str) -> String {
        if self.hides_word(word) {
            HIDDEN.to_string()
        } else {
            word.to_string()
        }
    }

    /// Whether the answer is an axis name, so that which axis separates is hidden.
    pub fn hides_verdict(&self) -> bool {
        self.word.as_deref().and_then(TableAxis::parse).is_some()
    }

    /// Whether a placeholder's value states the answer (a vector when any coordinate does).
    pub fn hides_value(&self, resolved: &Resolved) -> bool {
        match &resolved.value {
            Value::Number(x) => self.hides(*x) || self.hides_printed(&resolved.text),
            Value::Vector(v) => v.iter().any(|x| self.hides(*x)),
            Value::Quaternion(q) => q.iter().any(|x| self.hides(*x)),
            Value::Word(word) => self.hides_word(word),
            Value::Missing(_) => false,
        }
    }

    /// A statement of the engine (a sentence, a stage's detail, a contact's features) with each
    /// number and each whole word that states the answer shown as `?`: numbers with a decimal
    /// point or an exponent, and whole numbers too when the answer is whole.
    pub fn text(&self, text: &str) -> String {
        self.masked(text, false)
    }

    /// A line of a table or a matrix, masked as [`Mask::text`] masks, with each hidden number's
    /// `?` padded on the left to the number's width so that the columns stay aligned.
    pub fn columns(&self, text: &str) -> String {
        self.masked(text, true)
    }

    fn masked(&self, text: &str, keep_width: bool) -> String {
        if !self.is_on() {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut k = 0;
        while k < chars.len() {
            let starts = k == 0 || (!is_word_char(chars[k - 1]) && chars[k - 1] != '.');
            if starts {
                if let Some((end, decimal)) = number_end(&chars, k) {
                    let token: String = chars[k..end].iter().collect();
                    let whole_answer = self.number.is_some_and(|(v, _)| v.fract() == 0.0);
                    if (decimal || whole_answer) && self.hides_printed(&token) {
                        let width = if keep_width { end - k } else { 0 };
                        let _ = write!(out, "{HIDDEN:>width$}");
                    } else {
                        out.push_str(&token);
                    }
                    k = end;
                    continue;
                }
                if is_word_char(chars[k]) {
                    let end = (k..chars.len())
                        .find(|&i| !(is_word_char(chars[i]) || chars[i] == '-'))
                        .unwrap_or(chars.len());
                    let word: String = chars[k..end].iter().collect();
                    out.push_str(&self.word(&word));
                    k = end;
                    continue;
                }
            }
            out.push(chars[k]);
            k += 1;
        }
        out
    }
}

/// Whether the engine prints `word` itself: an axis name, a contact kind, a stage or a world
/// axis.
fn is_engine_word(word: &str) -> bool {
    let word = word.trim();
    let known = |list: &[&str]| list.iter().any(|w| w.eq_ignore_ascii_case(word));
    TableAxis::parse(word).is_some()
        || known(CONTACT_KINDS)
        || known(STAGES)
        || known(&["x", "y", "z"])
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The end of the number that starts at `k` (a sign, digits, decimals, an exponent) and whether
/// it has a decimal point or an exponent; `None` when no number starts there or a letter follows
/// it (`1st`, `x13` are words).
fn number_end(chars: &[char], k: usize) -> Option<(usize, bool)> {
    let digits = |from: usize| {
        (from..chars.len())
            .find(|&i| !chars[i].is_ascii_digit())
            .unwrap_or(chars.len())
    };
    let start = if chars[k] == '-' { k + 1 } else { k };
    let mut end = digits(start);
    if end == start {
        return None;
    }
    let mut decimal = false;
    if chars.get(end) == Some(&'.') && chars.get(end + 1).is_some_and(char::is_ascii_digit) {
        end = digits(end + 1);
        decimal = true;
    }
    if chars.get(end) == Some(&'e') {
        let sign = usize::from(matches!(chars.get(end + 1), Some('-' | '+')));
        let from = end + 1 + sign;
        if chars.get(from).is_some_and(char::is_ascii_digit) {
            end = digits(from);
            decimal = true;
        }
    }
    let followed = chars.get(end).is_some_and(|&c| is_word_char(c));
    (!followed).then_some((end, decimal))
}

#[cfg(test)]
#[path = "mask_tests.rs"]
mod tests;
