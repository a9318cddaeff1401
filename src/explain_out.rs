//! `sepax explain`'s report written pair by pair, each pair as soon as it is computed.

use std::io::{self, Write};

use sepax::trace::{self, Explanation, PairRecord};

use crate::output::Stream;

/// Writes the explanation `head` (without pairs) and then `pairs`, as text or as one JSON object
/// identical to the serialised [`Explanation`] with those pairs.
pub fn write(
    out: &mut Stream,
    head: &Explanation,
    pairs: impl Iterator<Item = PairRecord>,
    json: bool,
    title: Option<&str>,
) -> io::Result<()> {
    if json {
        return write_json(out, head, pairs);
    }
    out.write_all(trace::render_head(head, title).as_bytes())?;
    let mut any = false;
    for pair in pairs {
        out.write_all(trace::render_pair(&pair).as_bytes())?;
        out.tick()?;
        any = true;
    }
    if !any {
        out.write_all(trace::NO_PAIRS.as_bytes())?;
    }
    Ok(())
}

/// The JSON object: the head's fields up to its empty `pairs` array, each pair, the closing.
fn write_json(
    out: &mut Stream,
    head: &Explanation,
    pairs: impl Iterator<Item = PairRecord>,
) -> io::Result<()> {
    debug_assert!(head.pairs.is_empty(), "the head carries no pairs");
    let head = serde_json::to_string(head)?;
    // `pairs` is the last field, so the object ends with `[]}`: write it up to the `[`.
    let open = head
        .strip_suffix("]}")
        .ok_or_else(|| io::Error::other("the explanation does not end with its pairs"))?;
    out.write_all(open.as_bytes())?;
    for (k, pair) in pairs.enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &pair)?;
        out.tick()?;
    }
    out.write_all(b"]}\n")
}
