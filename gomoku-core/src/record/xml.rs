//! A small XML reader, enough for RenjuNet databases: elements, attributes, text, character
//! and entity references, CDATA; comments, processing instructions and the DOCTYPE are
//! skipped. It checks that tags nest properly.

/// One piece of an XML document.
#[derive(Debug, PartialEq)]
pub(crate) enum Event<'a> {
    /// `<name attr="value">` (or `<name/>`, followed by a matching [`Event::End`]).
    Start {
        name: &'a str,
        attrs: Vec<(&'a str, String)>,
        at: usize,
    },
    /// `</name>`.
    End { name: &'a str },
    /// Character data (entities decoded) and the byte offset where it starts.
    Text { text: String, at: usize },
}

/// A syntax error: byte offset and what was expected there.
pub(crate) type XmlError = (usize, &'static str);

/// Parses a whole document into events.
pub(crate) fn parse(text: &str) -> Result<Vec<Event<'_>>, XmlError> {
    let bytes = text.as_bytes();
    let mut events = Vec::new();
    let mut open: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            let end = text[i..].find('<').map_or(text.len(), |k| i + k);
            let raw = &text[i..end];
            if !raw.trim().is_empty() {
                if open.is_empty() {
                    return Err((i, "\"<\": text outside the root element"));
                }
                events.push(Event::Text {
                    text: decode(raw, i)?,
                    at: i,
                });
            }
            i = end;
            continue;
        }
        let rest = &text[i..];
        if rest.starts_with("<!--") {
            let end = rest
                .find("-->")
                .ok_or((text.len(), "\"-->\" closing a comment"))?;
            i += end + 3;
        } else if rest.starts_with("<![CDATA[") {
            let end = rest
                .find("]]>")
                .ok_or((text.len(), "\"]]>\" closing CDATA"))?;
            if open.is_empty() {
                return Err((i, "\"<\": text outside the root element"));
            }
            events.push(Event::Text {
                text: rest[9..end].to_string(),
                at: i + 9,
            });
            i += end + 3;
        } else if rest.starts_with("<?") {
            let end = rest
                .find("?>")
                .ok_or((text.len(), "\"?>\" closing a processing instruction"))?;
            i += end + 2;
        } else if rest.starts_with("<!") {
            let end = rest
                .find('>')
                .ok_or((text.len(), "\">\" closing a declaration"))?;
            i += end + 1;
        } else if let Some(after) = rest.strip_prefix("</") {
            let name_len = name_length(after);
            if name_len == 0 {
                return Err((i + 2, "an element name after \"</\""));
            }
            let name = &after[..name_len];
            let mut k = i + 2 + name_len;
            while k < bytes.len() && bytes[k].is_ascii_whitespace() {
                k += 1;
            }
            if bytes.get(k) != Some(&b'>') {
                return Err((k, "\">\" closing the end tag"));
            }
            match open.pop() {
                Some(expected) if expected == name => {}
                Some(_) => return Err((i, "the end tag of the innermost open element")),
                None => return Err((i, "a start tag before this end tag")),
            }
            events.push(Event::End { name });
            i = k + 1;
        } else {
            let (event, name, empty, next) = start_tag(text, i)?;
            if open.is_empty() && events.iter().any(|e| matches!(e, Event::Start { .. })) {
                return Err((i, "the end of the document after the root element"));
            }
            events.push(event);
            if empty {
                events.push(Event::End { name });
            } else {
                open.push(name);
            }
            i = next;
        }
    }
    if !open.is_empty() {
        return Err((text.len(), "the end tag of every open element"));
    }
    if events.is_empty() {
        return Err((text.len(), "a root element"));
    }
    Ok(events)
}

/// The length of the XML name at the start of `s`.
fn name_length(s: &str) -> usize {
    s.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')))
        .unwrap_or(s.len())
}

/// Parses a start tag at byte `i`; returns the event, the name, whether it is empty (`/>`)
/// and the offset after it.
fn start_tag(text: &str, i: usize) -> Result<(Event<'_>, &str, bool, usize), XmlError> {
    let bytes = text.as_bytes();
    let name_len = name_length(&text[i + 1..]);
    if name_len == 0 {
        return Err((i + 1, "an element name after \"<\""));
    }
    let name = &text[i + 1..i + 1 + name_len];
    let mut k = i + 1 + name_len;
    let mut attrs = Vec::new();
    loop {
        let before_ws = k;
        while k < bytes.len() && bytes[k].is_ascii_whitespace() {
            k += 1;
        }
        match bytes.get(k) {
            None => return Err((k, "\">\" closing the start tag")),
            Some(b'>') => {
                let event = Event::Start { name, attrs, at: i };
                return Ok((event, name, false, k + 1));
            }
            Some(b'/') => {
                if bytes.get(k + 1) != Some(&b'>') {
                    return Err((k + 1, "\">\" after \"/\""));
                }
                let event = Event::Start { name, attrs, at: i };
                return Ok((event, name, true, k + 2));
            }
            Some(_) => {
                if k == before_ws {
                    return Err((k, "a space before the attribute"));
                }
                let attr_len = name_length(&text[k..]);
                if attr_len == 0 {
                    return Err((k, "an attribute name, \">\" or \"/>\""));
                }
                let attr = &text[k..k + attr_len];
                k += attr_len;
                while k < bytes.len() && bytes[k].is_ascii_whitespace() {
                    k += 1;
                }
                if bytes.get(k) != Some(&b'=') {
                    return Err((k, "\"=\" after the attribute name"));
                }
                k += 1;
                while k < bytes.len() && bytes[k].is_ascii_whitespace() {
                    k += 1;
                }
                let quote = match bytes.get(k) {
                    Some(&q @ (b'"' | b'\'')) => q as char,
                    _ => return Err((k, "a quoted attribute value")),
                };
                let value_start = k + 1;
                let end = text[value_start..]
                    .find(quote)
                    .ok_or((text.len(), "the closing quote of the attribute value"))?;
                let raw = &text[value_start..value_start + end];
                if raw.contains('<') {
                    return Err((value_start, "an attribute value without \"<\""));
                }
                attrs.push((attr, decode(raw, value_start)?));
                k = value_start + end + 1;
            }
        }
    }
}

/// Decodes entity and character references in `raw` (which starts at byte `at`).
fn decode(raw: &str, at: usize) -> Result<String, XmlError> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let here = at + (raw.len() - rest.len()) + amp;
        let semi = after
            .find(';')
            .filter(|&s| s <= 10)
            .ok_or((here, "an entity such as &amp; ending in \";\""))?;
        let entity = &after[..semi];
        let c = match entity {
            "lt" => '<',
            "gt" => '>',
            "amp" => '&',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = entity.strip_prefix('#') {
                    dec.parse().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32).ok_or((
                    here,
                    "a known entity: &lt; &gt; &amp; &quot; &apos; or &#N;",
                ))?
            }
        };
        out.push(c);
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Escapes text for an attribute value or character data.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_attributes_and_entities() {
        let doc =
            "<?xml version=\"1.0\"?><!-- c --><a x='1 &amp; 2'><b/>t&lt;&#65;<![CDATA[<raw>]]></a>";
        let events = parse(doc).unwrap();
        assert_eq!(events.len(), 6, "{events:?}");
        assert!(
            matches!(&events[0], Event::Start { name: "a", attrs, .. } if attrs == &vec![("x", "1 & 2".to_string())])
        );
        assert!(matches!(&events[1], Event::Start { name: "b", .. }));
        assert_eq!(events[2], Event::End { name: "b" });
        assert!(matches!(&events[3], Event::Text { text, .. } if text == "t<A"));
        assert!(matches!(&events[4], Event::Text { text, .. } if text == "<raw>"));
        assert_eq!(events[5], Event::End { name: "a" });
    }

    #[test]
    fn malformed_documents_are_errors() {
        for bad in [
            "<a>",
            "<a></b>",
            "</a>",
            "<a x=1/>",
            "<a>&bogus;</a>",
            "<a/><b/>",
            "",
            "text",
            "<a x='1'y='2'/>",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
