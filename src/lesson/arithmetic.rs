//! Arithmetic written in prose: the chains `a op b = c` (and `a + b + c = d = e`, with `×`, `·`,
//! `/`, `−`, `^`, `²`, `sqrt`) that the prose check recomputes from their operands.

use std::ops::Range;

use super::model::Place;

/// One piece of an arithmetic chain as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// A number: its value and the power of ten of its last written digit.
    Number(f64, i32),
    /// Placeholder `k` of the prose (its value is known at the step's frame).
    Value(usize),
    /// `+`, `-`, `×`, `/`, `^` (`·` and `*` read as `×`, `−` as `-`).
    Op(char),
    /// `²` or `³`.
    Power(i32),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `sqrt` or `√`.
    Sqrt,
}

/// An expression between two `=` of a chain, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Its tokens.
    pub tokens: Vec<Token>,
    /// Its bytes in the prose.
    pub range: Range<usize>,
    /// Each token's bytes in the prose.
    pub spans: Vec<Range<usize>>,
    /// Where each token starts in the file (filled in by the prose reader).
    pub places: Vec<Place>,
}

impl Segment {
    /// Where the expression starts in the file.
    pub fn place(&self) -> Place {
        self.places.first().copied().unwrap_or_default()
    }

    /// The numbers written in the expression, with where each starts in the file.
    pub fn operands(&self) -> impl Iterator<Item = (f64, i32, Place, Range<usize>)> + '_ {
        self.tokens
            .iter()
            .zip(&self.places)
            .zip(&self.spans)
            .filter_map(|((t, place), span)| match t {
                Token::Number(x, last) => Some((*x, *last, *place, span.clone())),
                _ => None,
            })
    }
}

/// Expressions written equal to each other: `a × b = c`, `a + b = c = d`.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    /// The expressions in order, at least two.
    pub segments: Vec<Segment>,
}

/// What a scanned piece of the prose is.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// A token of arithmetic.
    Token(Token),
    /// `=`.
    Equals,
    /// A function the check cannot evaluate (`cos`, `atan`): the expression around it is not
    /// arithmetic.
    Function,
    /// Anything else: a word, a name glued to digits (`A1xB2`, `3t`), punctuation.
    Other,
}

/// Functions whose argument the check does not evaluate (so is any word right before `(`).
const FUNCTIONS: &[&str] = &[
    "sin", "cos", "tan", "asin", "acos", "atan", "exp", "ln", "log", "det", "max", "min", "abs",
];

/// The arithmetic chains of `text`; `values` are the byte ranges of its placeholders, in order.
///
/// # Algorithm
/// 1. The text is cut into pieces: numbers, placeholders, operators, parentheses, `=`, and
///    anything else. Worked-span markers, backticks and whitespace separate pieces and are
///    otherwise ignored; a number glued to a letter, `_` or `.` (`A1`, `3t`, `v_0`, `§2.2`) is
///    not a number.
/// 2. A chain is a run of arithmetic pieces that holds at least one `=`, cut at each `=`: its
///    first expression starts after the last other piece, its last ends before the next one.
/// 3. An end expression next to a function (`cos 6.2 = …`, `= 1 + 0.5 cos 2t`) is dropped; an
///    unmatched `(` opening the first expression or `)` closing the last is left out; the first
///    expression is shortened from the left until it reads as one expression.
pub fn chains(text: &str, values: &[Range<usize>]) -> Vec<Chain> {
    let pieces = scan(text, values);
    let mut out = Vec::new();
    let mut at = 0;
    while at < pieces.len() {
        if !matches!(pieces[at].0, Piece::Token(_) | Piece::Equals) {
            at += 1;
            continue;
        }
        let start = at;
        while at < pieces.len() && matches!(pieces[at].0, Piece::Token(_) | Piece::Equals) {
            at += 1;
        }
        let before = start.checked_sub(1).map(|k| &pieces[k].0);
        let after = pieces.get(at).map(|p| &p.0);
        if let Some(chain) = chain_of(&pieces[start..at], before, after) {
            out.push(chain);
        }
    }
    out
}

/// The chain of one run of arithmetic pieces, given the pieces around it.
fn chain_of(
    run: &[(Piece, Range<usize>)],
    before: Option<&Piece>,
    after: Option<&Piece>,
) -> Option<Chain> {
    let mut segments: Vec<Vec<(Token, Range<usize>)>> = vec![Vec::new()];
    for (piece, range) in run {
        match piece {
            Piece::Equals => segments.push(Vec::new()),
            Piece::Token(t) => segments
                .last_mut()
                .expect("one segment at least")
                .push((t.clone(), range.clone())),
            Piece::Function | Piece::Other => unreachable!("a run holds arithmetic only"),
        }
    }
    if segments.len() < 2 {
        return None;
    }
    if before == Some(&Piece::Function) {
        segments.remove(0);
    }
    if after == Some(&Piece::Function) {
        segments.pop();
    }
    if let Some(first) = segments.first_mut() {
        cut_after_unmatched(first, &Token::Open, &Token::Close);
    }
    if let Some(last) = segments.last_mut() {
        last.reverse();
        cut_after_unmatched(last, &Token::Close, &Token::Open);
        last.reverse();
    }
    // A chain stops at an expression that is empty or does not read; its readable part stays.
    let mut out: Vec<Segment> = Vec::new();
    let mut chains = Vec::new();
    for segment in segments {
        let tokens = tokens_of(&segment);
        if tokens.is_empty() || parse(&tokens).is_none() {
            chains.push(std::mem::take(&mut out));
            continue;
        }
        let range = segment[0].1.start..segment[segment.len() - 1].1.end;
        out.push(Segment {
            tokens,
            range,
            places: vec![Place::default(); segment.len()],
            spans: segment.into_iter().map(|(_, r)| r).collect(),
        });
    }
    chains.push(out);
    // Only the longest readable stretch is kept: a chain never spans an unreadable expression.
    let segments = chains.into_iter().max_by_key(Vec::len)?;
    (segments.len() >= 2).then_some(Chain { segments })
}

fn tokens_of(segment: &[(Token, Range<usize>)]) -> Vec<Token> {
    segment.iter().map(|(t, _)| t.clone()).collect()
}

/// Removes the start of `segment` up to its last `open` that no `close` of it matches: the
/// expression starts inside that parenthesis (`h²/4 (2 × 0.01 / 4 = …`).
fn cut_after_unmatched(segment: &mut Vec<(Token, Range<usize>)>, open: &Token, close: &Token) {
    let mut unmatched: Vec<usize> = Vec::new();
    for (k, (t, _)) in segment.iter().enumerate() {
        if t == open {
            unmatched.push(k);
        } else if t == close {
            unmatched.pop();
        }
    }
    if let Some(&k) = unmatched.last() {
        segment.drain(..=k);
    }
}

/// The pieces of `text`, each with its bytes.
fn scan(text: &str, values: &[Range<usize>]) -> Vec<(Piece, Range<usize>)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        if let Some((k, range)) = values.iter().enumerate().find(|(_, r)| r.start == at) {
            out.push((Piece::Token(Token::Value(k)), range.clone()));
            at = range.end;
            continue;
        }
        let rest = &text[at..];
        let c = rest.chars().next().expect("inside the text");
        let width = c.len_utf8();
        let one = |piece: Piece| (piece, at..at + width);
        if rest.starts_with("[[") || rest.starts_with("]]") {
            at += 2;
            continue;
        }
        if c.is_whitespace() || c == '`' {
            at += width;
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit)) {
            let glued = text[..at]
                .chars()
                .next_back()
                .is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '.' || p == '§');
            let end = number_end(text, at);
            let tail = text[end..].chars().next();
            let glued_after = tail.is_some_and(|n| n.is_alphanumeric() && !"²³".contains(n));
            let mantissa = &text[at..end];
            let piece = if glued || glued_after || mantissa.matches('.').count() > 1 {
                Piece::Other
            } else {
                Piece::Token(number(mantissa))
            };
            out.push((piece, at..end));
            at = end;
            continue;
        }
        if c.is_alphabetic() {
            let end = at
                + rest
                    .find(|n: char| !(n.is_alphanumeric() || n == '_'))
                    .unwrap_or(rest.len());
            let word = &text[at..end];
            let piece = if word == "sqrt" {
                Piece::Token(Token::Sqrt)
            } else if FUNCTIONS.contains(&word) || text[end..].starts_with('(') {
                Piece::Function
            } else {
                Piece::Other
            };
            out.push((piece, at..end));
            at = end;
            continue;
        }
        let piece = match c {
            '+' | '^' | '/' => Piece::Token(Token::Op(c)),
            '-' | '−' => Piece::Token(Token::Op('-')),
            '×' | '·' => Piece::Token(Token::Op('×')),
            // `*` multiplies only between spaces; elsewhere it is Markdown emphasis.
            '*' if rest[1..].starts_with(' ') && text[..at].ends_with(' ') => {
                Piece::Token(Token::Op('×'))
            }
            '*' => {
                at += 1;
                continue;
            }
            '²' => Piece::Token(Token::Power(2)),
            '³' => Piece::Token(Token::Power(3)),
            '√' => Piece::Token(Token::Sqrt),
            '(' => Piece::Token(Token::Open),
            ')' => Piece::Token(Token::Close),
            '=' => Piece::Equals,
            _ => Piece::Other,
        };
        out.push(one(piece));
        at += width;
    }
    out
}

/// Where the number starting at `at` ends: digits and points, then an exponent (`1.6e17`).
fn number_end(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    let mut end = at;
    while bytes
        .get(end)
        .is_some_and(|b| b.is_ascii_digit() || *b == b'.')
    {
        end += 1;
    }
    while end > at && bytes[end - 1] == b'.' {
        end -= 1;
    }
    super::numbers::exponent(bytes, end)
}

/// The number written as `written` (digits, a point, an exponent), with its last digit's power.
pub fn number(written: &str) -> Token {
    let (mantissa, power) = written
        .split_once(['e', 'E'])
        .map_or((written, 0), |(m, e)| (m, e.parse().unwrap_or(0)));
    let decimals = mantissa.split_once('.').map_or(0, |(_, d)| d.len());
    let decimals = i32::try_from(decimals).unwrap_or(i32::MAX);
    Token::Number(written.parse().unwrap_or(f64::NAN), power - decimals)
}

/// The value of an expression, with `value(k)` giving placeholder `k`'s number; `None` when the
/// tokens do not read as one expression or a placeholder is not a number.
pub fn evaluate(tokens: &[Token], value: &dyn Fn(usize) -> Option<f64>) -> Option<f64> {
    let mut reader = Reader {
        tokens,
        at: 0,
        value,
    };
    let x = reader.sum()?;
    (reader.at == tokens.len()).then_some(x)
}

/// Whether the tokens read as one expression (placeholders taken as 1).
fn parse(tokens: &[Token]) -> Option<f64> {
    evaluate(tokens, &|_| Some(1.0))
}

/// Whether an expression is a single number or placeholder (a chain's printed result).
pub fn bare(tokens: &[Token]) -> bool {
    matches!(tokens, [Token::Number(..) | Token::Value(_)])
        || matches!(
            tokens,
            [Token::Op('-'), Token::Number(..) | Token::Value(_)]
        )
}

/// A recursive-descent reader of one expression.
struct Reader<'t> {
    tokens: &'t [Token],
    at: usize,
    value: &'t dyn Fn(usize) -> Option<f64>,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn sum(&mut self) -> Option<f64> {
        let mut x = self.product()?;
        while let Some(Token::Op(op @ ('+' | '-'))) = self.peek() {
            let op = *op;
            self.at += 1;
            let y = self.product()?;
            x = if op == '+' { x + y } else { x - y };
        }
        Some(x)
    }

    fn product(&mut self) -> Option<f64> {
        let mut x = self.signed()?;
        loop {
            match self.peek() {
                Some(Token::Op(op @ ('×' | '/'))) => {
                    let op = *op;
                    self.at += 1;
                    let y = self.signed()?;
                    x = if op == '×' { x * y } else { x / y };
                }
                // `(a)(b)`: a product written without a sign.
                Some(Token::Open) if self.tokens.get(self.at - 1) == Some(&Token::Close) => {
                    x *= self.power()?;
                }
                _ => return Some(x),
            }
        }
    }

    fn signed(&mut self) -> Option<f64> {
        match self.peek() {
            Some(Token::Op('-')) => {
                self.at += 1;
                Some(-self.signed()?)
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Option<f64> {
        let mut x = self.atom()?;
        loop {
            match self.peek() {
                Some(Token::Power(n)) => {
                    x = x.powi(*n);
                    self.at += 1;
                }
                Some(Token::Op('^')) => {
                    self.at += 1;
                    x = x.powf(self.signed()?);
                }
                _ => return Some(x),
            }
        }
    }

    fn atom(&mut self) -> Option<f64> {
        let token = self.peek()?.clone();
        self.at += 1;
        match token {
            Token::Number(x, _) => Some(x),
            Token::Value(k) => (self.value)(k),
            Token::Sqrt => Some(self.power()?.sqrt()),
            Token::Open => {
                let x = self.sum()?;
                (self.peek() == Some(&Token::Close)).then(|| {
                    self.at += 1;
                    x
                })
            }
            Token::Op(_) | Token::Power(_) | Token::Close => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chains of `text` as the text of their expressions.
    fn written(text: &str) -> Vec<Vec<&str>> {
        chains(text, &[])
            .into_iter()
            .map(|c| c.segments.iter().map(|s| &text[s.range.clone()]).collect())
            .collect()
    }

    #[test]
    fn chains_are_found_between_words() {
        assert_eq!(
            written("t = [[1.5 / 4 = 0.375]] s, and P·L = 1.8 + 0.4 = 2.2."),
            [vec!["1.5 / 4", "0.375"], vec!["1.8 + 0.4", "2.2"]]
        );
        assert_eq!(
            written("it reaches 3.125 - 0.25 = 2.875, at (2 × 0.01 / 4 = 0.005)"),
            [vec!["3.125 - 0.25", "2.875"], vec!["2 × 0.01 / 4", "0.005"]]
        );
    }

    #[test]
    fn names_functions_and_unknowns_are_not_arithmetic() {
        assert!(written("R0 + R1 = 0.2 + 0.2, -3 + 4t = -1.5, A·B = -20").is_empty());
        assert!(written("1 + 0.5 cos 6.2 = 1.498271 and x = 1 + 0.5 cos 2t").is_empty());
        assert!(written("2.5 kg × 9.81 × 20.1 m = 492.95 J").is_empty());
    }

    #[test]
    fn expressions_evaluate_with_precedence_powers_and_roots() {
        let value = |text: &str| {
            let chain = chains(&format!("{text} = 0"), &[]).remove(0);
            evaluate(&chain.segments[0].tokens, &|_| None).unwrap()
        };
        assert_eq!(value("1 + 2 × 3"), 7.0);
        assert_eq!(value("(1 - 3) × 2 + 2 × 3 × 0"), -4.0);
        assert_eq!(value("-0.5 / 0.5"), -1.0);
        assert_eq!(value("2^3 − 1"), 7.0);
        assert_eq!(value("0.5² × 4"), 1.0);
        assert_eq!(value("sqrt(9) + √16"), 7.0);
        assert_eq!(value("(-2)(3)"), -6.0);
    }

    #[test]
    fn numbers_keep_their_last_digit() {
        assert_eq!(number("7.346"), Token::Number(7.346, -3));
        assert_eq!(number("12"), Token::Number(12.0, 0));
        assert_eq!(number("1.4e19"), Token::Number(1.4e19, 18));
    }
}
