//! Figures in a designer's words: the one place a count meets its noun.

/// `text` with its first letter in capitals.
pub fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// `text` as it reads inside a sentence: its first letter in lower case, unless the first word
/// is an abbreviation ("Rooms and tunnels" → "rooms and tunnels", "BSP rooms" stays).
pub(crate) fn lower_first(text: &str) -> String {
    let mut c = text.chars();
    match (c.next(), c.next()) {
        (Some(a), Some(b)) if !b.is_uppercase() => a.to_lowercase().chain([b]).chain(c).collect(),
        _ => text.to_string(),
    }
}

/// `n` with its noun, singular for one: "1 room", "16 rooms", "1 starred seed" (nouns whose
/// plural adds an s).
pub fn count(n: impl Into<u64>, one: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

/// A share (0 to 1) as a percentage, in the one format every figure uses: one decimal, no
/// space ("0.0%", "41.3%", "100.0%").
pub fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular() {
        assert_eq!(super::count(1u32, "room"), "1 room");
        assert_eq!(super::count(0u32, "room"), "0 rooms");
        assert_eq!(super::count(16u64, "starred seed"), "16 starred seeds");
    }

    #[test]
    fn percentages_have_one_decimal() {
        assert_eq!(super::percent(0.0), "0.0%");
        assert_eq!(super::percent(0.4134), "41.3%");
        assert_eq!(super::percent(1.0), "100.0%");
    }
}
