//! A diagram file as written: the serde types [`super::spec`] reads YAML into. Values that take
//! more than one form (`position:`, each arrow and highlight) have their own deserializers, so
//! that a value of neither form is refused in the file's terms (`arrows[2]: expected "7g7f" or
//! {from: 7g, to: 7f, color: red}`), at its own line and column, and never with a Rust type name
//! (serde's untagged enums say "data did not match any variant of untagged enum", at the list).
//! The annotation lists are bounded while they are read (see [`crate::formats::limits`]).

use crate::formats::limits;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::marker::PhantomData;

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping of diagram fields (position:, title:, …)"
)]
pub(super) struct RawDiagram {
    pub position: RawPosition,
    pub variant: Option<String>,
    pub title: Option<String>,
    pub caption: Option<String>,
    pub players: Option<RawPlayers>,
    pub style: Option<String>,
    pub orientation: Option<String>,
    #[serde(default)]
    pub tsume: bool,
    pub verify: Option<bool>,
    pub strict: Option<bool>,
    pub allow_leftover: Option<bool>,
    pub prover: Option<RawProver>,
    pub defender_hand: Option<String>,
    pub handicap: Option<bool>,
    pub size: Option<f64>,
    pub squares: Option<String>,
    pub kings: Option<String>,
    pub promoted: Option<String>,
    /// Beginner styles: pieces graded by rank (true) or all one size.
    pub graded: Option<bool>,
    /// Shade the last move's squares (default: beginner styles only).
    pub last_move_shading: Option<bool>,
    #[serde(default)]
    pub highlights: Capped<RawHighlight, { limits::MAX_HIGHLIGHTS }>,
    #[serde(default)]
    pub arrows: Capped<RawArrow, { limits::MAX_ARROWS }>,
    #[serde(default)]
    pub marks: Capped<RawMark, { limits::MAX_MARKS }>,
    pub last_move: Option<String>,
    pub expect_problems: Option<Vec<String>>,
    pub comment: Option<String>,
    pub answer: Option<String>,
}

/// `prover: {max_nodes, time, hash}`: this diagram's limits (see [`crate::diagram::verify`]).
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "{max_nodes: N, time: SECONDS, hash: MIB}"
)]
pub(super) struct RawProver {
    pub max_nodes: Option<u64>,
    /// Seconds.
    pub time: Option<f64>,
    /// MiB.
    pub hash: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, expecting = "{black: NAME, white: NAME}")]
pub(super) struct RawPlayers {
    pub black: Option<String>,
    pub white: Option<String>,
}

/// `position:` is position text (or a file holding it), or a game record at a ply:
/// `{record: game.kif, ply: 24}`.
pub(super) enum RawPosition {
    Text(String),
    Record(serde_yaml::Mapping),
}

const POSITION: &str =
    "position text (SFEN, USI, a handicap name or a file) or {record: FILE, ply: N}";

impl<'de> Deserialize<'de> for RawPosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawPosition;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(POSITION)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RawPosition, E> {
                Ok(RawPosition::Text(s.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawPosition, E> {
                Err(E::custom(format!("empty: expected {POSITION}")))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawPosition, A::Error> {
                serde_yaml::Mapping::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RawPosition::Record)
            }
        }
        d.deserialize_any(V)
    }
}

/// A highlighted square: `7g`, or `{square: 7g, color: …}`.
pub(super) enum RawHighlight {
    Square(String),
    Colored {
        square: String,
        color: Option<String>,
    },
}

const HIGHLIGHT: &str = "a square (7g, 76 or 7六) or {square: 7g, color: \"#6fa8dc\"}";

#[derive(Deserialize)]
#[serde(deny_unknown_fields, expecting = "{square: 7g, color: \"#6fa8dc\"}")]
struct HighlightFields {
    #[serde(deserialize_with = "text")]
    square: String,
    color: Option<String>,
}

impl<'de> Deserialize<'de> for RawHighlight {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(OneOf {
            expecting: HIGHLIGHT,
            text: RawHighlight::Square,
            map: |h: HighlightFields| RawHighlight::Colored {
                square: h.square,
                color: h.color,
            },
        })
    }
}

/// An arrow: a move or drop (`7g7f`, `P*5e`), or `{from, to, color}`.
pub(super) enum RawArrow {
    Move(String),
    Full {
        from: String,
        to: String,
        color: Option<String>,
    },
}

const ARROW: &str = "\"7g7f\", \"P*5e\" or {from: 7g, to: 7f, color: red}";

#[derive(Deserialize)]
#[serde(deny_unknown_fields, expecting = "{from: 7g, to: 7f, color: red}")]
struct ArrowFields {
    #[serde(deserialize_with = "text")]
    from: String,
    #[serde(deserialize_with = "text")]
    to: String,
    color: Option<String>,
}

impl<'de> Deserialize<'de> for RawArrow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(OneOf {
            expecting: ARROW,
            text: RawArrow::Move,
            map: |a: ArrowFields| RawArrow::Full {
                from: a.from,
                to: a.to,
                color: a.color,
            },
        })
    }
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "{square: 2d, mark: circle} (circle, cross, triangle or a label)"
)]
pub(super) struct RawMark {
    #[serde(deserialize_with = "text")]
    pub square: String,
    #[serde(deserialize_with = "text")]
    pub mark: String,
    pub color: Option<String>,
}

/// A value written either as text (a number counts: YAML reads the square `76` as one) or as a
/// mapping of fields `M`.
struct OneOf<T, M> {
    expecting: &'static str,
    text: fn(String) -> T,
    map: fn(M) -> T,
}

impl<'de, T, M: Deserialize<'de>> Visitor<'de> for OneOf<T, M> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        Ok((self.text)(s.to_string()))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<T, E> {
        Ok((self.text)(n.to_string()))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<T, E> {
        Ok((self.text)(n.to_string()))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        M::deserialize(de::value::MapAccessDeserializer::new(map)).map(self.map)
    }
}

/// A field read as text, a number included (`square: 76`, `mark: 1`).
fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    struct V;
    impl Visitor<'_> for V {
        type Value = String;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("text")
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<String, E> {
            Ok(s.to_string())
        }
        fn visit_u64<E: de::Error>(self, n: u64) -> Result<String, E> {
            Ok(n.to_string())
        }
        fn visit_i64<E: de::Error>(self, n: i64) -> Result<String, E> {
            Ok(n.to_string())
        }
    }
    d.deserialize_any(V)
}

/// A list read only up to its bound `N`: the first entry past it is refused (with the list's
/// line and column) before the rest is read or drawn.
pub(super) struct Capped<T, const N: usize>(pub Vec<T>);

impl<T, const N: usize> Default for Capped<T, N> {
    fn default() -> Self {
        Capped(Vec::new())
    }
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Capped<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T, const N: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for V<T, N> {
            type Value = Capped<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "a list, [a, b] or one '- ' line per entry")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = seq.next_element()? {
                    if out.len() == N {
                        return Err(de::Error::custom(limits::too_many_entries(N)));
                    }
                    out.push(x);
                }
                Ok(Capped(out))
            }
        }
        d.deserialize_seq(V(PhantomData))
    }
}
