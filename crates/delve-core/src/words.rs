//! Figures in a designer's words: the one place a count meets its noun.

/// `text` with its first letter in capitals.
pub fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// `n` with its noun, singular for one: "1 room", "16 rooms", "1 starred seed" (nouns whose
/// plural adds an s).
pub fn count(n: impl Into<u64>, one: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular() {
        assert_eq!(super::count(1u32, "room"), "1 room");
        assert_eq!(super::count(0u32, "room"), "0 rooms");
        assert_eq!(super::count(16u64, "starred seed"), "16 starred seeds");
    }
}
