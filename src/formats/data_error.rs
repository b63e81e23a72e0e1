//! Errors in data files (piece, variant, diagram and booklet YAML), located by file, line,
//! column and field, and said in the file's terms rather than the reader's Rust types.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file the data came from, e.g. `templates/pieces.yaml` or a user's path.
    pub source_name: String,
    /// 1-based line and column, where known.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The field at fault, e.g. `pieces[3].betza` or `handicaps[2].sfen`.
    pub field: Option<String>,
    pub message: String,
}

impl DataError {
    pub fn new(source_name: &str, message: impl Into<String>) -> DataError {
        DataError {
            source_name: source_name.to_string(),
            line: None,
            column: None,
            field: None,
            message: message.into(),
        }
    }

    /// The same error for `field`, located in `text` after the line that holds `anchor`
    /// (for example `id: gold`), when the field can be found there.
    pub fn at_field(self, text: &str, anchor: Option<&str>, field: &str) -> DataError {
        self.at_field_nth(text, anchor, 0, field)
    }

    /// Like [`DataError::at_field`], after the `nth` (0-based) line holding `anchor`: for an
    /// anchor that repeats, such as a duplicate id.
    pub fn at_field_nth(
        mut self,
        text: &str,
        anchor: Option<&str>,
        nth: usize,
        field: &str,
    ) -> DataError {
        let key = field.rsplit('.').next().unwrap_or(field);
        let key = key.split('[').next().unwrap_or(key);
        if let Some((line, column)) = locate(text, anchor, nth, key) {
            self.line = Some(line);
            self.column = Some(column);
        }
        self.field = Some(field.to_string());
        self
    }
}

impl DataError {
    /// Where it is: `FILE`, `FILE:LINE` or `FILE:LINE:COLUMN`, as the message starts.
    pub fn place(&self) -> String {
        match (self.line, self.column) {
            (Some(line), Some(column)) => format!("{}:{line}:{column}", self.source_name),
            (Some(line), None) => format!("{}:{line}", self.source_name),
            (None, _) => self.source_name.clone(),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.place())?;
        if let Some(field) = &self.field {
            write!(f, ": {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for DataError {}

/// Finds the first line `key:` at or after the `nth` line holding `anchor` (a line that is the
/// anchor, possibly as a list item and with a comment, or else the first line containing it).
/// Returns 1-based line and the column of the value (or of the key when the value is on later
/// lines).
fn locate(text: &str, anchor: Option<&str>, nth: usize, key: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let start = match anchor {
        Some(a) => {
            let is_anchor = |l: &str| {
                let t = l.trim_start().trim_start_matches("- ").trim_start();
                t.strip_prefix(a).is_some_and(|rest| {
                    let rest = rest.trim_start();
                    rest.is_empty() || rest.starts_with('#')
                })
            };
            let hits: Vec<usize> = (0..lines.len()).filter(|&i| is_anchor(lines[i])).collect();
            match hits.get(nth).or(hits.last()) {
                Some(&i) => i,
                None => lines.iter().position(|l| l.contains(a))?,
            }
        }
        None => 0,
    };
    let needle = format!("{key}:");
    let indent = |l: &str| l.len() - l.trim_start().len();
    for (i, line) in lines.iter().enumerate().skip(start) {
        // The anchor's list entry ends where the next entry at its level begins: a field the entry
        // leaves out is then reported on the entry's own first line, not on a later entry.
        if anchor.is_some()
            && i > start
            && line.trim_start().starts_with("- ")
            && indent(line) <= indent(lines[start])
        {
            let col = indent(lines[start]) + 1;
            return Some((start + 1, col));
        }
        let trimmed = line.trim_start().trim_start_matches("- ");
        if trimmed.starts_with(&needle) {
            let key_col = line.find(&needle).unwrap_or(0);
            let after = &line[key_col + needle.len()..];
            let value_col = key_col + needle.len() + (after.len() - after.trim_start().len());
            let col = if after.trim().is_empty() {
                key_col
            } else {
                value_col
            };
            return Some((i + 1, line[..col].chars().count() + 1));
        }
    }
    // The entry ends with the file without the field: report the entry's first line.
    anchor.map(|_| (start + 1, indent(lines[start]) + 1))
}

/// Parses YAML into `T`, turning syntax and type errors into located [`DataError`]s.
pub fn from_yaml<T: serde::de::DeserializeOwned>(
    text: &str,
    source_name: &str,
) -> Result<T, DataError> {
    super::limits::check_yaml_text(text).map_err(|e| DataError::over_limit(source_name, e))?;
    serde_yaml::from_str(text).map_err(|e| {
        // serde reports a key given twice at the mapping that holds it; a second reading
        // finds the key itself.
        let e = match duplicate_key(&e.to_string()) {
            true => find_duplicate_key(text).unwrap_or(e),
            false => e,
        };
        // serde_yaml says so of a second document with no place: the place is its start.
        if e.to_string().contains("more than one document") {
            if let Some((line, marker)) = second_document(text) {
                return DataError {
                    source_name: source_name.to_string(),
                    line: Some(line),
                    column: Some(1),
                    field: None,
                    message: format!(
                        "a second YAML document starts here{}: the file holds one",
                        if marker { " ('---')" } else { " (after '...')" }
                    ),
                };
            }
        }
        let location = e.location();
        DataError {
            source_name: source_name.to_string(),
            line: location.as_ref().map(|l| l.line()),
            column: location.as_ref().map(|l| l.column()),
            field: None,
            message: plain_words(&strip_location(&e.to_string())),
        }
    })
}

/// The 1-based line where a YAML text's second document starts, and whether it starts with a
/// `---` marker (else it is the first content after a `...` end marker). A `---` before any
/// content opens the first document.
fn second_document(text: &str) -> Option<(usize, bool)> {
    let mut content = false;
    let mut ended = false;
    let mut markers = 0;
    for (i, line) in text.lines().enumerate() {
        let marker = |m: &str| {
            line.strip_prefix(m)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r']))
        };
        if marker("---") {
            if content || markers > 0 {
                return Some((i + 1, true));
            }
            markers += 1;
            continue;
        }
        if marker("...") {
            ended = true;
            continue;
        }
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || (!content && t.starts_with('%')) {
            continue;
        }
        if ended {
            return Some((i + 1, false));
        }
        content = true;
    }
    None
}

/// Reads a mapping into a `BTreeMap`, refusing a key given twice (a plain `BTreeMap` keeps the
/// last value and says nothing). For `#[serde(deserialize_with = "unique_keys")]`; the error
/// reads as serde's own for a mapping, so that [`from_yaml`] locates it where the key repeats.
pub fn unique_keys<'de, D, V>(d: D) -> Result<std::collections::BTreeMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: serde::Deserialize<'de>,
{
    use serde::de::{Error, MapAccess, Visitor};
    struct Unique<V>(std::marker::PhantomData<V>);
    impl<'de, V: serde::Deserialize<'de>> Visitor<'de> for Unique<V> {
        type Value = std::collections::BTreeMap<String, V>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a map")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = std::collections::BTreeMap::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(A::Error::custom(format!(
                        "duplicate entry with key `{key}`"
                    )));
                }
                let value = map.next_value()?;
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique(std::marker::PhantomData))
}

/// serde's messages for a key given twice: a struct's field, or a mapping's entry.
fn duplicate_key(message: &str) -> bool {
    message.contains("duplicate field `") || message.contains("duplicate entry with key")
}

/// Reads `text` once more, only to find a key given twice in one mapping: the error is raised
/// while the repeated key itself is read, so the YAML parser gives its line and column.
fn find_duplicate_key(text: &str) -> Option<serde_yaml::Error> {
    use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
    use std::collections::HashSet;

    /// Any value, walked: every mapping's keys are checked.
    struct Walk;
    impl<'de> de::Deserialize<'de> for Walk {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Walk, D::Error> {
            d.deserialize_any(WalkVisitor)
        }
    }
    struct WalkVisitor;
    impl<'de> Visitor<'de> for WalkVisitor {
        type Value = Walk;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("any value")
        }
        fn visit_bool<E>(self, _: bool) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_str<E>(self, _: &str) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_unit<E>(self) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_none<E>(self) -> Result<Walk, E> {
            Ok(Walk)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Walk, D::Error> {
            d.deserialize_any(WalkVisitor)
        }
        fn visit_enum<A: de::EnumAccess<'de>>(self, e: A) -> Result<Walk, A::Error> {
            let (Walk, variant) = e.variant::<Walk>()?;
            de::VariantAccess::newtype_variant::<Walk>(variant)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Walk, A::Error> {
            while seq.next_element::<Walk>()?.is_some() {}
            Ok(Walk)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Walk, A::Error> {
            let mut seen = HashSet::new();
            while map.next_key_seed(Key(&mut seen))?.is_some() {
                map.next_value::<Walk>()?;
            }
            Ok(Walk)
        }
    }
    /// A mapping's key, refused if the mapping has had it before.
    struct Key<'a>(&'a mut HashSet<String>);
    impl<'de> DeserializeSeed<'de> for Key<'_> {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_any(self)
        }
    }
    impl<'de> Visitor<'de> for Key<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a key")
        }
        fn visit_str<E: de::Error>(self, k: &str) -> Result<(), E> {
            match self.0.insert(k.to_string()) {
                true => Ok(()),
                false => Err(E::custom(format!("`{k}` is given twice"))),
            }
        }
        fn visit_i64<E: de::Error>(self, n: i64) -> Result<(), E> {
            self.visit_str(&n.to_string())
        }
        fn visit_u64<E: de::Error>(self, n: u64) -> Result<(), E> {
            self.visit_str(&n.to_string())
        }
        fn visit_bool<E: de::Error>(self, b: bool) -> Result<(), E> {
            self.visit_str(&b.to_string())
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E: de::Error>(self) -> Result<(), E> {
            self.visit_str("~")
        }
        // A key that is itself a list or a mapping is only walked.
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
            WalkVisitor.visit_seq(seq).map(|_| ())
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
            WalkVisitor.visit_map(map).map(|_| ())
        }
    }
    serde_yaml::from_str::<Walk>(text).err()
}

/// serde's messages name the Rust types a value was read into (`expected struct RawBook`,
/// `untagged enum RawArrow`) and call an empty value a "unit value"; a user knows neither.
/// Readers give their types messages of their own (`#[serde(expecting)]`); this is the
/// fallback for any type that does not.
fn plain_words(message: &str) -> String {
    let mut out = message.replace("unit value", "an empty value (null)");
    for (rust, plain) in [
        (
            "expected struct ",
            "expected a mapping of fields (key: value)",
        ),
        (
            "data did not match any variant of untagged enum ",
            "a value of none of the forms this field takes",
        ),
    ] {
        while let Some(at) = out.find(rust) {
            let name_len = out[at + rust.len()..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .unwrap_or(out.len() - at - rust.len());
            out.replace_range(at..at + rust.len() + name_len, plain);
        }
    }
    // The number types a field is read into: said with their range, which is what a user
    // needs to know (`promotion_zone: -1`, `value: 2.5`, `size_mm: ["20", 30]`).
    for (rust, plain) in [
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number from 0"),
        ("usize", "a whole number from 0"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
    ] {
        if let Some(head) = out.strip_suffix(&format!("expected {rust}")) {
            out = format!("{head}expected {plain}");
            break;
        }
    }
    // A number too large for any float (`1e400`) reaches serde as a string: say what it is.
    const STRING: &str = "invalid type: string \"";
    if let Some(at) = out.find(STRING) {
        let rest = &out[at + STRING.len()..];
        if let Some((text, expected)) = rest.split_once("\", expected ") {
            let digits = text.bytes().any(|b| b.is_ascii_digit());
            if digits && text.parse::<f64>().is_ok_and(f64::is_infinite) {
                let said = format!("{text} is too large a number: expected {expected}");
                out.replace_range(at.., &said);
            }
        }
    }
    out
}

impl DataError {
    /// A text refused by [`super::limits`] before parsing, located where the bound was passed.
    pub fn over_limit(source_name: &str, e: super::limits::LimitError) -> DataError {
        DataError {
            line: e.location.map(|(line, _)| line),
            column: e.location.map(|(_, column)| column),
            ..DataError::new(source_name, e.message)
        }
    }
}

/// serde_yaml appends " at line L column C" to its messages; we print the location ourselves.
fn strip_location(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_a_field_after_its_anchor() {
        let text = "pieces:\n  - id: pawn\n    betza: fW\n  - id: gold\n    betza: WfX\n";
        let e = DataError::new("p.yaml", "bad").at_field(text, Some("id: gold"), "pieces[1].betza");
        assert_eq!((e.line, e.column), (Some(5), Some(12)));
        assert_eq!(e.to_string(), "p.yaml:5:12: pieces[1].betza: bad");
    }

    #[test]
    fn syntax_errors_carry_their_location() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct T {
            a: u32,
        }
        let e = from_yaml::<T>("a: [1,\n", "x.yaml").unwrap_err();
        assert!(e.line.is_some(), "{e}");
        let e = from_yaml::<T>("a: seven\n", "x.yaml").unwrap_err();
        assert_eq!(e.line, Some(1), "{e}");
    }

    #[test]
    fn a_key_given_twice_is_located_where_it_repeats() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct T {
            a: u32,
            b: Vec<serde_yaml::Mapping>,
        }
        let e = from_yaml::<T>("a: 1\nb: []\na: 2\n", "x.yaml").unwrap_err();
        assert_eq!(e.to_string(), "x.yaml:3:1: `a` is given twice");
        let e =
            from_yaml::<T>("a: 1\nb:\n  - {x: 1}\n  - {x: 1, y: 2, x: 3}\n", "x.yaml").unwrap_err();
        assert_eq!(e.to_string(), "x.yaml:4:18: b[1]: `x` is given twice");
    }

    #[test]
    fn rust_type_names_give_way_to_plain_words() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct RawInner {
            x: u32,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct RawOuter {
            inner: RawInner,
        }
        let e = from_yaml::<RawOuter>("- 1\n", "x.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.yaml:1:1: invalid type: sequence, expected a mapping of fields (key: value)"
        );
        let e = from_yaml::<RawOuter>("inner: ~\n", "x.yaml").unwrap_err();
        assert!(!e.to_string().contains("Raw"), "{e}");
        assert!(!e.to_string().contains("unit value"), "{e}");
    }

    #[test]
    fn a_number_too_large_for_a_float_is_said_to_be_one() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct RawSize {
            size: f64,
        }
        let e = from_yaml::<RawSize>("size: 1e400\n", "d.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "d.yaml:1:7: size: 1e400 is too large a number: expected a number"
        );
        // A word stays a word, even one Rust would read as infinity.
        for word in ["big", "inf"] {
            let e = from_yaml::<RawSize>(&format!("size: {word}\n"), "d.yaml").unwrap_err();
            assert!(e.to_string().contains(&format!("string \"{word}\"")), "{e}");
        }
    }
}
