//! The fast path against `serde_json`: on usual lines written every way JSON allows, and on
//! those lines damaged at random, a line the fast path reads is one `serde_json` reads the same.

use super::parse_usual;
use crate::batch::json::parse_with_serde;
use crate::batch::{PairId, PairInput};

/// A small xorshift generator, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1_u64 << 53) as f64
    }
}

/// White space as JSON allows it, usually none.
fn space(rng: &mut Rng) -> &'static str {
    [" ", "", "", "  ", "\t", " \r "][rng.below(6)]
}

/// A number written one of the ways JSON allows.
fn number(rng: &mut Rng, positive: bool) -> String {
    let x = rng.unit() * 4.0 + 0.01;
    let x = if positive || rng.below(2) == 0 { x } else { -x };
    match rng.below(6) {
        0 => format!("{x:?}"),
        1 => format!("{x:e}"),
        2 => format!("{:E}", x * 1e-5),
        3 => format!("{}", (x * 10.0).round().max(1.0)),
        4 => format!("{x:.3}"),
        _ => format!("{:.2e}", x * 1e7),
    }
}

fn array(rng: &mut Rng, n: usize, positive: bool) -> String {
    let items: Vec<String> = (0..n)
        .map(|_| format!("{}{}{}", space(rng), number(rng, positive), space(rng)))
        .collect();
    format!("[{}]", items.join(","))
}

fn object(rng: &mut Rng, mut members: Vec<String>) -> String {
    // Any order of keys.
    for k in (1..members.len()).rev() {
        members.swap(k, rng.below(k + 1));
    }
    let joined: Vec<String> = members
        .iter()
        .map(|m| format!("{}{m}{}", space(rng), space(rng)))
        .collect();
    format!("{{{}}}", joined.join(","))
}

fn box_object(rng: &mut Rng) -> String {
    let mut members = vec![
        format!(r#""center":{}{}"#, space(rng), array(rng, 3, false)),
        format!(r#""half_extents":{}"#, array(rng, 3, true)),
    ];
    // A box without `rotation` is unturned.
    if rng.below(4) != 0 {
        members.push(format!(
            r#""rotation"{}:{}"#,
            space(rng),
            array(rng, 4, false)
        ));
    }
    match rng.below(3) {
        0 => members.push(format!(r#""velocity":{}"#, array(rng, 3, false))),
        1 => members.push(r#""velocity":null"#.to_string()),
        _ => {}
    }
    object(rng, members)
}

/// A usual pair line.
fn usual_line(rng: &mut Rng) -> String {
    let mut members = vec![
        format!(r#""a":{}"#, box_object(rng)),
        format!(r#""b":{}"#, box_object(rng)),
    ];
    let ids = [
        "7",
        "-12",
        "3.5e2",
        r#""pair 9""#,
        r#""""#,
        "true",
        "false",
        "null",
    ];
    match rng.below(ids.len() + 1) {
        0 => {}
        k => members.push(format!(r#""id":{}{}"#, space(rng), ids[k - 1])),
    }
    match rng.below(3) {
        0 => members.push(format!(r#""horizon":{}"#, number(rng, true))),
        1 => members.push(r#""horizon":null"#.to_string()),
        _ => {}
    }
    format!("{}{}{}", space(rng), object(rng, members), space(rng))
}

/// The line with one byte deleted, replaced or inserted, from characters that matter to JSON.
fn damaged(rng: &mut Rng, line: &str) -> String {
    let mut bytes = line.as_bytes().to_vec();
    let at = rng.below(bytes.len());
    let pick = b"{}[],:\" -+.eE0123456789nultrfasx\\\x01";
    let byte = pick[rng.below(pick.len())];
    match rng.below(3) {
        0 => {
            bytes.remove(at);
        }
        1 => bytes[at] = byte,
        _ => bytes.insert(at, byte),
    }
    String::from_utf8(bytes).expect("ASCII")
}

fn same(fast: &PairInput<'_>, slow: &PairInput<'_>) -> bool {
    let id = |p: &PairInput<'_>| match p.id {
        PairId::Given(raw) => raw.get().to_string(),
        PairId::Line(n) => format!("line {n}"),
    };
    id(fast) == id(slow)
        && fast.a.obb == slow.a.obb
        && fast.b.obb == slow.b.obb
        && fast.a.velocity == slow.a.velocity
        && fast.b.velocity == slow.b.velocity
        && fast.horizon.map(f64::to_bits) == slow.horizon.map(f64::to_bits)
}

#[test]
fn usual_lines_read_as_serde_json_reads_them() {
    let mut rng = Rng(0x5EED_0019);
    for index in 0..20_000 {
        let line = usual_line(&mut rng);
        let fast =
            parse_usual(line.as_bytes(), 3).unwrap_or_else(|| panic!("fast path refused {line}"));
        let slow = parse_with_serde(&line, 3).unwrap_or_else(|e| panic!("{e:?}: {line}"));
        assert!(same(&fast, &slow), "case {index}: {line}");
    }
}

#[test]
fn damaged_lines_are_read_as_serde_json_reads_them_or_left_to_it() {
    let mut rng = Rng(0x5EED_0020);
    let (mut read, mut left) = (0, 0);
    for index in 0..100_000 {
        let usual = usual_line(&mut rng);
        let line = damaged(&mut rng, &usual);
        match parse_usual(line.as_bytes(), 3) {
            Some(fast) => {
                let slow = parse_with_serde(&line, 3).unwrap_or_else(|e| {
                    panic!("case {index}: fast path read a bad line ({e:?}): {line}")
                });
                assert!(same(&fast, &slow), "case {index}: {line}");
                read += 1;
            }
            None => left += 1,
        }
    }
    // Many damages keep the line valid (a digit changed, a space added), many do not.
    assert!(read > 10_000 && left > 10_000, "read {read}, left {left}");
}
