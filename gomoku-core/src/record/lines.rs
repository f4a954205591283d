//! Splitting a text into lines that remember where they start.

/// The lines of `text` with the byte offset where each starts. Lines end at `\n`, `\r\n` or a
/// lone `\r`; the breaks are not included.
pub(crate) fn lines_with_offsets(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push((start, &text[start..i]));
                start = i + 1;
            }
            b'\r' => {
                lines.push((start, &text[start..i]));
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < bytes.len() {
        lines.push((start, &text[start..]));
    }
    lines
}

/// The byte offset of `part` inside `whole` (`part` must be a sub-slice of `whole`).
pub(crate) fn offset_in(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

/// `text` without a leading byte-order mark.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// `text` with line breaks and other control characters replaced by spaces, for one-line
/// fields.
pub(crate) fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_break_style() {
        let text = "a\nb\r\nc\rd";
        let lines = lines_with_offsets(text);
        assert_eq!(lines, vec![(0, "a"), (2, "b"), (5, "c"), (7, "d")]);
        assert_eq!(lines_with_offsets("x\n"), vec![(0, "x")]);
        assert_eq!(lines_with_offsets("\n\n"), vec![(0, ""), (1, "")]);
    }
}
