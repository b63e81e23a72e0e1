//! The data files built into the binary: the piece catalog and the variants.

pub const PIECES_NAME: &str = "templates/pieces.yaml";
pub const PIECES: &str = include_str!("../templates/pieces.yaml");

/// Built-in variants, by name, with their YAML text.
pub const VARIANTS: &[(&str, &str)] = &[
    (
        "standard",
        include_str!("../templates/variants/standard.yaml"),
    ),
    (
        "minishogi",
        include_str!("../templates/variants/minishogi.yaml"),
    ),
    (
        "gorogoro",
        include_str!("../templates/variants/gorogoro.yaml"),
    ),
    ("sho", include_str!("../templates/variants/sho.yaml")),
    ("chu", include_str!("../templates/variants/chu.yaml")),
];
