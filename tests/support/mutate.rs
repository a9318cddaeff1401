//! Corruptions of a scene or lesson file for the mutation test: bytes, tokens, numbers, keys.

use super::rng::Rng;

/// Numbers a numeric literal is replaced by: extreme, malformed and borderline ones.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1e308",
    "-1e308",
    "1e-308",
    "5e-324",
    "2.2250738585072014e-308",
    "nan",
    "-nan",
    "inf",
    "-inf",
    "+inf",
    "1e9",
    "-1e9",
    "1e-9",
    "1.000001e9",
    "9.99e-10",
    "1e10",
    "1e400",
    "999999999999999999999",
    "-9223372036854775808",
    "0x7fffffffffffffff",
    "0b101",
    "0o17",
    "1_000",
    "1__0",
    "1e",
    "1.",
    ".5",
    "-",
    "+1",
    "00",
    "1.5e+3",
    "3.0",
    "\"1\"",
    "true",
    "[]",
    "[1, 2]",
    "[0, 0, 0]",
    "[1e308, 1e308, 1e308]",
    "{}",
    "1979-05-27",
    "1200000",
];

/// Keys a key is replaced by (the scene's and the lessons', misspelt, and foreign).
const KEYS: &[&str] = &[
    "dt",
    "frames",
    "gravity",
    "integrator",
    "tolerance",
    "name",
    "shape",
    "center",
    "half_extents",
    "radius",
    "velocity",
    "angular_velocity",
    "mass",
    "fixed",
    "rotation",
    "normal",
    "offset",
    "points",
    "fit",
    "kind",
    "a",
    "b",
    "stiffness",
    "strength",
    "between",
    "scene",
    "title",
    "step",
    "text",
    "frame",
    "pair",
    "axis",
    "view",
    "expect",
    "quiz",
    "answer",
    "choices",
    "contact_time",
    "tolerance",
    "halfextents",
    "centre",
    "x",
    "\"\"",
    "\"a b\"",
    "a.b",
    "body",
    "world",
    "spring",
    "force",
    "constraint",
];

/// `text` corrupted by one to three mutations the generator picks.
pub fn mutate(text: &str, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let mutations = 1 + rng.next_u64() % 3;
    for _ in 0..mutations {
        bytes = match rng.next_u64() % 4 {
            0 => mutate_bytes(bytes, rng),
            1 => mutate_tokens(&bytes, rng),
            2 => replace_number(&bytes, rng),
            _ => mutate_key(&bytes, rng),
        };
    }
    bytes
}

fn pick(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// Replaces, inserts or deletes bytes (any byte value: control characters, invalid UTF-8).
fn mutate_bytes(mut bytes: Vec<u8>, rng: &mut Rng) -> Vec<u8> {
    let at = pick(rng, bytes.len() + 1);
    let byte = match rng.next_u64() % 4 {
        0 => rng.next_u64() as u8,
        1 => b"\x00\x1b\x7f\r\t\"'[]{}=.,#\\\n"[pick(rng, 16)],
        2 => 0xC0 | (rng.next_u64() as u8 & 0x3F),
        _ => b'0' + (rng.next_u64() % 10) as u8,
    };
    match rng.next_u64() % 3 {
        0 if at < bytes.len() => bytes[at] = byte,
        1 => bytes.insert(at, byte),
        _ => {
            let end = (at + 1 + pick(rng, 40)).min(bytes.len());
            bytes.drain(at.min(end)..end);
        }
    }
    bytes
}

/// The byte ranges of the tokens of `bytes`: runs of word characters, or single others.
fn tokens(bytes: &[u8]) -> Vec<(usize, usize)> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b"_.-+".contains(&b);
    let mut out = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        let start = k;
        k += 1;
        if word(bytes[start]) {
            while k < bytes.len() && word(bytes[k]) {
                k += 1;
            }
        }
        if !bytes[start].is_ascii_whitespace() {
            out.push((start, k));
        }
    }
    out
}

/// Deletes, duplicates or moves a token.
fn mutate_tokens(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let all = tokens(bytes);
    if all.is_empty() {
        return bytes.to_vec();
    }
    let (s, e) = all[pick(rng, all.len())];
    let (s2, _) = all[pick(rng, all.len())];
    let token = bytes[s..e].to_vec();
    let mut out = bytes.to_vec();
    match rng.next_u64() % 3 {
        0 => {
            out.drain(s..e);
        }
        1 => {
            out.splice(s..s, token);
        }
        _ => {
            out.drain(s..e);
            let at = if s2 > s { s2 - (e - s) } else { s2 };
            out.splice(at..at, token);
        }
    }
    out
}

/// Replaces a numeric literal by one of [`NUMBERS`].
fn replace_number(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let numbers: Vec<(usize, usize)> = tokens(bytes)
        .into_iter()
        .filter(|&(s, e)| {
            let t = &bytes[s..e];
            t.first().is_some_and(|b| b.is_ascii_digit() || *b == b'-')
                && t.iter().any(u8::is_ascii_digit)
        })
        .collect();
    if numbers.is_empty() {
        return bytes.to_vec();
    }
    let (s, e) = numbers[pick(rng, numbers.len())];
    let mut out = bytes.to_vec();
    out.splice(s..e, NUMBERS[pick(rng, NUMBERS.len())].bytes());
    out
}

/// Renames, drops or repeats a `key = value` line, or breaks a table header.
fn mutate_key(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let keyed: Vec<usize> = (0..lines.len())
        .filter(|&k| lines[k].contains('=') || lines[k].trim_start().starts_with('['))
        .collect();
    if keyed.is_empty() {
        return bytes.to_vec();
    }
    let k = keyed[pick(rng, keyed.len())];
    match rng.next_u64() % 4 {
        0 => {
            let line = &lines[k];
            lines[k] = match line.split_once('=') {
                Some((_, value)) => format!("{} ={value}", KEYS[pick(rng, KEYS.len())]),
                None => line.replacen(
                    '[',
                    if rng.next_u64().is_multiple_of(2) {
                        "[["
                    } else {
                        ""
                    },
                    1,
                ),
            };
        }
        1 => {
            lines.remove(k);
        }
        2 => {
            let line = lines[k].clone();
            lines.insert(pick(rng, lines.len() + 1), line);
        }
        _ => {
            // A misspelling: one character of the key dropped.
            let line = &lines[k];
            let at = pick(rng, line.find('=').unwrap_or(line.len()).max(1));
            let mut chars: Vec<char> = line.chars().collect();
            if at < chars.len() {
                chars.remove(at);
            }
            lines[k] = chars.into_iter().collect();
        }
    }
    lines.join("\n").into_bytes()
}
