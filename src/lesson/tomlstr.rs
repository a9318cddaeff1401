//! Where each character of a TOML string value was written, so that something found inside a
//! string (a placeholder, a number) is reported at its own line and column.

/// The decoded string of a TOML string `token` (quotes included) and, for each of its bytes, the
/// byte offset in `token` of the character or escape it came from; `None` for a token this decoder
/// does not read (the caller then points at the whole string).
///
/// # Algorithm
/// Basic strings (`"…"`, `"""…"""`) decode the escapes `\b \t \n \f \r \e \" \\ \xHH \uHHHH
/// \UHHHHHHHH`; a backslash ending a line of a multi-line basic string drops the whitespace and
/// line breaks after it. Literal strings (`'…'`, `'''…'''`) are taken as written. A multi-line
/// string drops the line break right after its opening delimiter.
pub(crate) fn decode(token: &str) -> Option<(String, Vec<usize>)> {
    let quote = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|q| token.starts_with(q))?;
    let end = token.len().checked_sub(quote.len())?;
    if end < quote.len() || !token[end..].starts_with(quote) {
        return None;
    }
    let literal = quote.starts_with('\'');
    let multiline = quote.len() == 3;
    let mut at = quote.len();
    if multiline {
        if token[at..].starts_with("\r\n") {
            at += 2;
        } else if token[at..].starts_with('\n') {
            at += 1;
        }
    }
    let mut out = String::new();
    let mut from = Vec::new();
    let mut push = |c: char, offset: usize| {
        out.push(c);
        from.extend(std::iter::repeat_n(offset, c.len_utf8()));
    };
    while at < end {
        let c = token[at..end].chars().next()?;
        if literal || c != '\\' {
            push(c, at);
            at += c.len_utf8();
            continue;
        }
        let rest = &token[at + 1..end];
        let escaped = rest.chars().next()?;
        let simple = match escaped {
            'b' => Some('\u{8}'),
            't' => Some('\t'),
            'n' => Some('\n'),
            'f' => Some('\u{c}'),
            'r' => Some('\r'),
            'e' => Some('\u{1b}'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(decoded) = simple {
            push(decoded, at);
            at += 2;
            continue;
        }
        let digits = match escaped {
            'x' => 2,
            'u' => 4,
            'U' => 8,
            ' ' | '\t' | '\r' | '\n' if multiline => {
                let kept = rest.trim_start_matches([' ', '\t', '\r', '\n']);
                at = end - kept.len();
                continue;
            }
            _ => return None,
        };
        let hex = rest.get(1..=digits)?;
        let decoded = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
        push(decoded, at);
        at += 2 + digits;
    }
    Some((out, from))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets_of(token: &str, needle: char) -> Vec<usize> {
        let (text, from) = decode(token).unwrap();
        text.char_indices()
            .filter(|(_, c)| *c == needle)
            .map(|(k, _)| from[k])
            .collect()
    }

    #[test]
    fn basic_strings_decode_escapes_and_keep_where_each_character_was() {
        let token = r#""a\tb\u00e9 X""#;
        let (text, _) = decode(token).unwrap();
        assert_eq!(text, "a\tbé X");
        assert_eq!(offsets_of(token, 'X'), [token.find('X').unwrap()]);
        assert_eq!(offsets_of(token, 'é'), [token.find("\\u").unwrap()]);
    }

    #[test]
    fn multiline_strings_drop_the_first_line_break_and_continued_lines() {
        let token = "\"\"\"\nfirst \\\n    second\nX\"\"\"";
        let (text, _) = decode(token).unwrap();
        assert_eq!(text, "first second\nX");
        assert_eq!(offsets_of(token, 'X'), [token.find('X').unwrap()]);
        let literal = "'''\nraw \\n X'''";
        assert_eq!(decode(literal).unwrap().0, "raw \\n X");
        assert_eq!(offsets_of(literal, 'X'), [literal.find('X').unwrap()]);
    }

    #[test]
    fn what_is_not_a_string_token_is_refused() {
        assert!(decode("42").is_none());
        assert!(decode("\"open").is_none());
        assert!(decode(r#""bad \q escape""#).is_none());
    }
}
