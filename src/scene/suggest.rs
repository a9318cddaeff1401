//! "Did you mean": the closest of the valid words to a misspelt one.

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .iter()
        .map(|c| (edit_distance(&word, &c.to_lowercase()), *c))
        .filter(|(d, c)| *d <= (c.chars().count().max(word.chars().count()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance between two strings, counted in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// `head; did you mean `x`? tail` with the closest candidate to `word`, or `head; tail`.
pub fn suggest(head: &str, word: &str, candidates: &[&str], tail: &str) -> String {
    match closest(word, candidates) {
        Some(c) => format!("{head}; did you mean `{c}`? {tail}"),
        None => format!("{head}; {tail}"),
    }
}

/// The most candidates a message lists by name; a longer list is given as its count.
pub const MAX_LISTED: usize = 8;

/// `what: a, b, c` for at most [`MAX_LISTED`] names, else `N what (see_all)`: a message names
/// the candidates a reader can scan, and says where to see a longer list.
pub fn listing<S: AsRef<str>>(what: &str, names: &[S], see_all: &str) -> String {
    if names.len() <= MAX_LISTED {
        let shown: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
        format!("{what}: {}", shown.join(", "))
    } else {
        format!("{} {what} ({see_all})", names.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_its_count_and_where_to_see_it() {
        let few: Vec<String> = ["a", "b"].map(String::from).to_vec();
        assert_eq!(listing("bodies", &few, "see the scene"), "bodies: a, b");
        let many: Vec<String> = (0..9).map(|k| format!("n{k}")).collect();
        assert_eq!(
            listing("shipped scenes", &many, "`sepax scenes` lists them"),
            "9 shipped scenes (`sepax scenes` lists them)"
        );
    }

    #[test]
    fn closest_suggests_typos_only() {
        assert_eq!(
            closest("half_extent", &["center", "half_extents"]),
            Some("half_extents")
        );
        assert_eq!(closest("Box", &["box", "sphere"]), Some("box"));
        assert_eq!(closest("cube", &["box", "sphere"]), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
