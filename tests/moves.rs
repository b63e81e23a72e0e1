//! Moves checked against answers from outside the project:
//! - the 30 legal moves of the start position, listed by hand;
//! - a real game, played through USI, compared after every move with the position its public
//!   record gives;
//! - legal move lists compared with an independent move generator, the `haitaka` crate, over
//!   that game and over random playouts.

use shogiprint::formats::notation;
use shogiprint::formats::{sfen, usi};
use shogiprint::rules::{CheckReplies, Color, Move, Position, Square, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn usi_set(p: &Position) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .map(|m| notation::usi::write_move(p.variant(), m))
        .collect()
}

#[test]
fn start_position_has_exactly_the_known_30_moves() {
    let v = standard();
    let p = Position::start(&v).unwrap();
    // Nine pawn pushes; rook 2h sideways (1h, 3h-7h); lances one step; silvers 7i to 6h/7h and
    // 3i to 3h/4h; golds 6i to 5h/6h/7h and 4i to 3h/4h/5h; king 5i to 4h/5h/6h. The bishop and
    // the knights are blocked.
    let expected: BTreeSet<String> = [
        "9g9f", "8g8f", "7g7f", "6g6f", "5g5f", "4g4f", "3g3f", "2g2f", "1g1f", //
        "2h1h", "2h3h", "2h4h", "2h5h", "2h6h", "2h7h", //
        "9i9h", "1i1h", //
        "7i6h", "7i7h", "3i3h", "3i4h", //
        "6i5h", "6i6h", "6i7h", "4i3h", "4i4h", "4i5h", //
        "5i4h", "5i5h", "5i6h",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(expected.len(), 30);
    assert_eq!(usi_set(&p), expected);
    assert_eq!(p.count_legal_moves(), 30);
    // White's reply set after 7g7f mirrors it: 30 moves again.
    let mut q = p.clone();
    q.play(notation::usi::parse_move(&v, "7g7f").unwrap())
        .unwrap();
    assert_eq!(q.legal_moves().len(), 30);
    assert!(usi_set(&q).contains("3c3d"));
    assert!(!usi_set(&q).contains("7g7f"));
}

// A real game: the 2013-01-06 Shōreikai game 上田洋 (Black) vs 里見香奈 (White), won by White by
// resignation after 100 moves. The moves and the SFEN after every move are those of its public
// record in shogidb2 format, as kept in PetrMakhnev/jShogi `js/shogidb2.js` (fields `csa` and
// `sfen`). The CSA moves were converted to USI by hand rules: `+7776FU` is 7g7f, `+0066KA` is
// B*6f, and a move whose Japanese text reads 成(xx) promotes (`+8822UM` 角成 is 8h2b+).
// The record writes hand counts of one as `1B`; the SFENs are kept exactly as recorded.
const GAME: &[(&str, &str)] = &[
    (
        "7g7f",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
    ),
    (
        "3c3d",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    ),
    (
        "2g2f",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4",
    ),
    (
        "8b4b",
        "lnsgkgsnl/5r1b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b - 5",
    ),
    (
        "5i6h",
        "lnsgkgsnl/5r1b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B1K3R1/LNSG1GSNL w - 6",
    ),
    (
        "5a6b",
        "lnsg1gsnl/3k1r1b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B1K3R1/LNSG1GSNL b - 7",
    ),
    (
        "6h7h",
        "lnsg1gsnl/3k1r1b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1BK4R1/LNSG1GSNL w - 8",
    ),
    (
        "6b7b",
        "lnsg1gsnl/2k2r1b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1BK4R1/LNSG1GSNL b - 9",
    ),
    (
        "3i4h",
        "lnsg1gsnl/2k2r1b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1BK2S1R1/LNSG1G1NL w - 10",
    ),
    (
        "3d3e",
        "lnsg1gsnl/2k2r1b1/pppppp1pp/9/6p2/2P4P1/PP1PPPP1P/1BK2S1R1/LNSG1G1NL b - 11",
    ),
    (
        "7i6h",
        "lnsg1gsnl/2k2r1b1/pppppp1pp/9/6p2/2P4P1/PP1PPPP1P/1BKS1S1R1/LN1G1G1NL w - 12",
    ),
    (
        "7b8b",
        "lnsg1gsnl/1k3r1b1/pppppp1pp/9/6p2/2P4P1/PP1PPPP1P/1BKS1S1R1/LN1G1G1NL b - 13",
    ),
    (
        "9g9f",
        "lnsg1gsnl/1k3r1b1/pppppp1pp/9/6p2/P1P4P1/1P1PPPP1P/1BKS1S1R1/LN1G1G1NL w - 14",
    ),
    (
        "9c9d",
        "lnsg1gsnl/1k3r1b1/1ppppp1pp/p8/6p2/P1P4P1/1P1PPPP1P/1BKS1S1R1/LN1G1G1NL b - 15",
    ),
    (
        "8h2b+",
        "lnsg1gsnl/1k3r1+B1/1ppppp1pp/p8/6p2/P1P4P1/1P1PPPP1P/2KS1S1R1/LN1G1G1NL w 1B 16",
    ),
    (
        "3a2b",
        "lnsg1g1nl/1k3r1s1/1ppppp1pp/p8/6p2/P1P4P1/1P1PPPP1P/2KS1S1R1/LN1G1G1NL b 1B1b 17",
    ),
    (
        "6g6f",
        "lnsg1g1nl/1k3r1s1/1ppppp1pp/p8/6p2/P1PP3P1/1P2PPP1P/2KS1S1R1/LN1G1G1NL w 1B1b 18",
    ),
    (
        "7a7b",
        "ln1g1g1nl/1ks2r1s1/1ppppp1pp/p8/6p2/P1PP3P1/1P2PPP1P/2KS1S1R1/LN1G1G1NL b 1B1b 19",
    ),
    (
        "6h6g",
        "ln1g1g1nl/1ks2r1s1/1ppppp1pp/p8/6p2/P1PP3P1/1P1SPPP1P/2K2S1R1/LN1G1G1NL w 1B1b 20",
    ),
    (
        "2b3c",
        "ln1g1g1nl/1ks2r3/1pppppspp/p8/6p2/P1PP3P1/1P1SPPP1P/2K2S1R1/LN1G1G1NL b 1B1b 21",
    ),
    (
        "4i5h",
        "ln1g1g1nl/1ks2r3/1pppppspp/p8/6p2/P1PP3P1/1P1SPPP1P/2K1GS1R1/LN1G3NL w 1B1b 22",
    ),
    (
        "2c2d",
        "ln1g1g1nl/1ks2r3/1ppppps1p/p6p1/6p2/P1PP3P1/1P1SPPP1P/2K1GS1R1/LN1G3NL b 1B1b 23",
    ),
    (
        "4g4f",
        "ln1g1g1nl/1ks2r3/1ppppps1p/p6p1/6p2/P1PP1P1P1/1P1SP1P1P/2K1GS1R1/LN1G3NL w 1B1b 24",
    ),
    (
        "4c4d",
        "ln1g1g1nl/1ks2r3/1pppp1s1p/p4p1p1/6p2/P1PP1P1P1/1P1SP1P1P/2K1GS1R1/LN1G3NL b 1B1b 25",
    ),
    (
        "4h4g",
        "ln1g1g1nl/1ks2r3/1pppp1s1p/p4p1p1/6p2/P1PP1P1P1/1P1SPSP1P/2K1G2R1/LN1G3NL w 1B1b 26",
    ),
    (
        "3c3d",
        "ln1g1g1nl/1ks2r3/1pppp3p/p4psp1/6p2/P1PP1P1P1/1P1SPSP1P/2K1G2R1/LN1G3NL b 1B1b 27",
    ),
    (
        "7f7e",
        "ln1g1g1nl/1ks2r3/1pppp3p/p4psp1/2P3p2/P2P1P1P1/1P1SPSP1P/2K1G2R1/LN1G3NL w 1B1b 28",
    ),
    (
        "4a5b",
        "ln1g3nl/1ks1gr3/1pppp3p/p4psp1/2P3p2/P2P1P1P1/1P1SPSP1P/2K1G2R1/LN1G3NL b 1B1b 29",
    ),
    (
        "4g5f",
        "ln1g3nl/1ks1gr3/1pppp3p/p4psp1/2P3p2/P2PSP1P1/1P1SP1P1P/2K1G2R1/LN1G3NL w 1B1b 30",
    ),
    (
        "2a3c",
        "ln1g4l/1ks1gr3/1pppp1n1p/p4psp1/2P3p2/P2PSP1P1/1P1SP1P1P/2K1G2R1/LN1G3NL b 1B1b 31",
    ),
    (
        "6f6e",
        "ln1g4l/1ks1gr3/1pppp1n1p/p4psp1/2PP2p2/P3SP1P1/1P1SP1P1P/2K1G2R1/LN1G3NL w 1B1b 32",
    ),
    (
        "5c5d",
        "ln1g4l/1ks1gr3/1ppp2n1p/p3ppsp1/2PP2p2/P3SP1P1/1P1SP1P1P/2K1G2R1/LN1G3NL b 1B1b 33",
    ),
    (
        "B*6f",
        "ln1g4l/1ks1gr3/1ppp2n1p/p3ppsp1/2PP2p2/P2BSP1P1/1P1SP1P1P/2K1G2R1/LN1G3NL w 1b 34",
    ),
    (
        "4b4a",
        "ln1g1r2l/1ks1g4/1ppp2n1p/p3ppsp1/2PP2p2/P2BSP1P1/1P1SP1P1P/2K1G2R1/LN1G3NL b 1b 35",
    ),
    (
        "5h6h",
        "ln1g1r2l/1ks1g4/1ppp2n1p/p3ppsp1/2PP2p2/P2BSP1P1/1P1SP1P1P/2KG3R1/LN1G3NL w 1b 36",
    ),
    (
        "5b5c",
        "ln1g1r2l/1ks6/1pppg1n1p/p3ppsp1/2PP2p2/P2BSP1P1/1P1SP1P1P/2KG3R1/LN1G3NL b 1b 37",
    ),
    (
        "8g8f",
        "ln1g1r2l/1ks6/1pppg1n1p/p3ppsp1/2PP2p2/PP1BSP1P1/3SP1P1P/2KG3R1/LN1G3NL w 1b 38",
    ),
    (
        "4a2a",
        "ln1g3rl/1ks6/1pppg1n1p/p3ppsp1/2PP2p2/PP1BSP1P1/3SP1P1P/2KG3R1/LN1G3NL b 1b 39",
    ),
    (
        "8i7g",
        "ln1g3rl/1ks6/1pppg1n1p/p3ppsp1/2PP2p2/PP1BSP1P1/2NSP1P1P/2KG3R1/L2G3NL w 1b 40",
    ),
    (
        "3d4c",
        "ln1g3rl/1ks6/1pppgsn1p/p3pp1p1/2PP2p2/PP1BSP1P1/2NSP1P1P/2KG3R1/L2G3NL b 1b 41",
    ),
    (
        "5f4g",
        "ln1g3rl/1ks6/1pppgsn1p/p3pp1p1/2PP2p2/PP1B1P1P1/2NSPSP1P/2KG3R1/L2G3NL w 1b 42",
    ),
    (
        "2d2e",
        "ln1g3rl/1ks6/1pppgsn1p/p3pp3/2PP2pp1/PP1B1P1P1/2NSPSP1P/2KG3R1/L2G3NL b 1b 43",
    ),
    (
        "2f2e",
        "ln1g3rl/1ks6/1pppgsn1p/p3pp3/2PP2pP1/PP1B1P3/2NSPSP1P/2KG3R1/L2G3NL w 1P1b 44",
    ),
    (
        "2a2e",
        "ln1g4l/1ks6/1pppgsn1p/p3pp3/2PP2pr1/PP1B1P3/2NSPSP1P/2KG3R1/L2G3NL b 1P1b1p 45",
    ),
    (
        "2h2e",
        "ln1g4l/1ks6/1pppgsn1p/p3pp3/2PP2pR1/PP1B1P3/2NSPSP1P/2KG5/L2G3NL w 1R1P1b1p 46",
    ),
    (
        "3c2e",
        "ln1g4l/1ks6/1pppgs2p/p3pp3/2PP2pn1/PP1B1P3/2NSPSP1P/2KG5/L2G3NL b 1R1P1r1b1p 47",
    ),
    (
        "7e7d",
        "ln1g4l/1ks6/1pppgs2p/p1P1pp3/3P2pn1/PP1B1P3/2NSPSP1P/2KG5/L2G3NL w 1R1P1r1b1p 48",
    ),
    (
        "7c7d",
        "ln1g4l/1ks6/1p1pgs2p/p1p1pp3/3P2pn1/PP1B1P3/2NSPSP1P/2KG5/L2G3NL b 1R1P1r1b2p 49",
    ),
    (
        "7g8e",
        "ln1g4l/1ks6/1p1pgs2p/p1p1pp3/1N1P2pn1/PP1B1P3/3SPSP1P/2KG5/L2G3NL w 1R1P1r1b2p 50",
    ),
    (
        "4c5b",
        "ln1g4l/1ks1s4/1p1pg3p/p1p1pp3/1N1P2pn1/PP1B1P3/3SPSP1P/2KG5/L2G3NL b 1R1P1r1b2p 51",
    ),
    (
        "R*2a",
        "ln1g3Rl/1ks1s4/1p1pg3p/p1p1pp3/1N1P2pn1/PP1B1P3/3SPSP1P/2KG5/L2G3NL w 1P1r1b2p 52",
    ),
    (
        "R*2h",
        "ln1g3Rl/1ks1s4/1p1pg3p/p1p1pp3/1N1P2pn1/PP1B1P3/3SPSP1P/2KG3r1/L2G3NL b 1P1b2p 53",
    ),
    (
        "2a1a+",
        "ln1g4+R/1ks1s4/1p1pg3p/p1p1pp3/1N1P2pn1/PP1B1P3/3SPSP1P/2KG3r1/L2G3NL w 1L1P1b2p 54",
    ),
    (
        "2h2i+",
        "ln1g4+R/1ks1s4/1p1pg3p/p1p1pp3/1N1P2pn1/PP1B1P3/3SPSP1P/2KG5/L2G3+rL b 1L1P1b1n2p 55",
    ),
    (
        "L*7g",
        "ln1g4+R/1ks1s4/1p1pg3p/p1p1pp3/1N1P2pn1/PP1B1P3/2LSPSP1P/2KG5/L2G3+rL w 1P1b1n2p 56",
    ),
    (
        "2e3g+",
        "ln1g4+R/1ks1s4/1p1pg3p/p1p1pp3/1N1P2p2/PP1B1P3/2LSPS+n1P/2KG5/L2G3+rL b 1P1b1n3p 57",
    ),
    (
        "P*7c",
        "ln1g4+R/1ks1s4/1pPpg3p/p1p1pp3/1N1P2p2/PP1B1P3/2LSPS+n1P/2KG5/L2G3+rL w 1b1n3p 58",
    ),
    (
        "8a7c",
        "l2g4+R/1ks1s4/1pnpg3p/p1p1pp3/1N1P2p2/PP1B1P3/2LSPS+n1P/2KG5/L2G3+rL b 1b1n4p 59",
    ),
    (
        "7g7d",
        "l2g4+R/1ks1s4/1pnpg3p/p1L1pp3/1N1P2p2/PP1B1P3/3SPS+n1P/2KG5/L2G3+rL w 1P1b1n4p 60",
    ),
    (
        "7c8e",
        "l2g4+R/1ks1s4/1p1pg3p/p1L1pp3/1n1P2p2/PP1B1P3/3SPS+n1P/2KG5/L2G3+rL b 1P1b2n4p 61",
    ),
    (
        "7d7b+",
        "l2g4+R/1k+L1s4/1p1pg3p/p3pp3/1n1P2p2/PP1B1P3/3SPS+n1P/2KG5/L2G3+rL w 1S1P1b2n4p 62",
    ),
    (
        "8b7b",
        "l2g4+R/2k1s4/1p1pg3p/p3pp3/1n1P2p2/PP1B1P3/3SPS+n1P/2KG5/L2G3+rL b 1S1P1b2n1l4p 63",
    ),
    (
        "P*7d",
        "l2g4+R/2k1s4/1p1pg3p/p1P1pp3/1n1P2p2/PP1B1P3/3SPS+n1P/2KG5/L2G3+rL w 1S1b2n1l4p 64",
    ),
    (
        "N*8a",
        "ln1g4+R/2k1s4/1p1pg3p/p1P1pp3/1n1P2p2/PP1B1P3/3SPS+n1P/2KG5/L2G3+rL b 1S1b1n1l4p 65",
    ),
    (
        "8f8e",
        "ln1g4+R/2k1s4/1p1pg3p/p1P1pp3/1P1P2p2/P2B1P3/3SPS+n1P/2KG5/L2G3+rL w 1S1N1b1n1l4p 66",
    ),
    (
        "3g4g",
        "ln1g4+R/2k1s4/1p1pg3p/p1P1pp3/1P1P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 1S1N1b1s1n1l4p 67",
    ),
    (
        "8e8d",
        "ln1g4+R/2k1s4/1p1pg3p/pPP1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 1S1N1b1s1n1l4p 68",
    ),
    (
        "P*2a",
        "ln1g3p+R/2k1s4/1p1pg3p/pPP1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 1S1N1b1s1n1l3p 69",
    ),
    (
        "8d8c+",
        "ln1g3p+R/2k1s4/1+P1pg3p/p1P1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 1S1N1P1b1s1n1l3p 70",
    ),
    (
        "7b8c",
        "ln1g3p+R/4s4/1k1pg3p/p1P1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 1S1N1P1b1s1n1l4p 71",
    ),
    (
        "S*8d",
        "ln1g3p+R/4s4/1k1pg3p/pSP1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 1N1P1b1s1n1l4p 72",
    ),
    (
        "8c7b",
        "ln1g3p+R/2k1s4/3pg3p/pSP1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 1N1P1b1s1n1l4p 73",
    ),
    (
        "7d7c+",
        "ln1g3p+R/2k1s4/2+Ppg3p/pS2pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 1N1P1b1s1n1l4p 74",
    ),
    (
        "8a7c",
        "l2g3p+R/2k1s4/2npg3p/pS2pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 1N1P1b1s1n1l5p 75",
    ),
    (
        "P*7d",
        "l2g3p+R/2k1s4/2npg3p/pSP1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 1N1b1s1n1l5p 76",
    ),
    (
        "N*8a",
        "ln1g3p+R/2k1s4/2npg3p/pSP1pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 1N1b1s1l5p 77",
    ),
    (
        "7d7c+",
        "ln1g3p+R/2k1s4/2+Ppg3p/pS2pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 2N1b1s1l5p 78",
    ),
    (
        "8a7c",
        "l2g3p+R/2k1s4/2npg3p/pS2pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 2N1b1s1l6p 79",
    ),
    (
        "1a1c",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/3P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL w 2N1P1b1s1l6p 80",
    ),
    (
        "L*8e",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1l1P2p2/P2B1P3/3SP+n2P/2KG5/L2G3+rL b 2N1P1b1s6p 81",
    ),
    (
        "P*8f",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1l1P2p2/PP1B1P3/3SP+n2P/2KG5/L2G3+rL w 2N1b1s6p 82",
    ),
    (
        "8e8f",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/3P2p2/Pl1B1P3/3SP+n2P/2KG5/L2G3+rL b 2N1b1s7p 83",
    ),
    (
        "6f7e",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2BP2p2/Pl3P3/3SP+n2P/2KG5/L2G3+rL w 2N1b1s7p 84",
    ),
    (
        "B*8g",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2BP2p2/Pl3P3/1b1SP+n2P/2KG5/L2G3+rL b 2N1s7p 85",
    ),
    (
        "7h7g",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2BP2p2/Pl3P3/1bKSP+n2P/3G5/L2G3+rL w 2N1s7p 86",
    ),
    (
        "8g6e+",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2B+b2p2/Pl3P3/2KSP+n2P/3G5/L2G3+rL b 2N1s8p 87",
    ),
    (
        "6g7f",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2B+b2p2/PlS2P3/2K1P+n2P/3G5/L2G3+rL w 2N1s8p 88",
    ),
    (
        "S*8h",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2B+b2p2/PlS2P3/2K1P+n2P/1s1G5/L2G3+rL b 2N8p 89",
    ),
    (
        "7g8f",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/2B+b2p2/PKS2P3/4P+n2P/1s1G5/L2G3+rL w 2N1L8p 90",
    ),
    (
        "P*8e",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1pB+b2p2/PKS2P3/4P+n2P/1s1G5/L2G3+rL b 2N1L7p 91",
    ),
    (
        "7f8e",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SB+b2p2/PK3P3/4P+n2P/1s1G5/L2G3+rL w 2N1L1P7p 92",
    ),
    (
        "2i6i",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SB+b2p2/PK3P3/4P+n2P/1s1G5/L2+r4L b 2N1L1P1g7p 93",
    ),
    (
        "L*7f",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SB+b2p2/PKL2P3/4P+n2P/1s1G5/L2+r4L w 2N1P1g7p 94",
    ),
    (
        "6e7e",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1S+b3p2/PKL2P3/4P+n2P/1s1G5/L2+r4L b 2N1P1b1g7p 95",
    ),
    (
        "7f7e",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/PK3P3/4P+n2P/1s1G5/L2+r4L w 1B2N1P1b1g7p 96",
    ),
    (
        "B*7g",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/PK3P3/2b1P+n2P/1s1G5/L2+r4L b 1B2N1P1g7p 97",
    ),
    (
        "6h7g",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/PK3P3/2G1P+n2P/1s7/L2+r4L w 2B2N1P1g7p 98",
    ),
    (
        "8h7g",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/PK3P3/2s1P+n2P/9/L2+r4L b 2B2N1P2g7p 99",
    ),
    (
        "8f7g",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/P4P3/2K1P+n2P/9/L2+r4L w 2B1S2N1P2g7p 100",
    ),
    (
        "G*7h",
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/P4P3/2K1P+n2P/2g6/L2+r4L b 2B1S2N1P1g7p 101",
    ),
];

/// The record's SFEN with its hand normalised to this crate's canonical order.
fn canonical(record: &str, v: &Variant) -> String {
    sfen::write(&sfen::parse(record, &v.catalog).unwrap(), &v.catalog)
}

#[test]
fn a_real_game_replays_move_by_move() {
    let v = standard();
    let mut p = Position::start(&v).unwrap();
    for (i, (mv, record)) in GAME.iter().enumerate() {
        let m = notation::usi::parse_move(&v, mv).unwrap();
        assert_eq!(notation::usi::write_move(&v, m), *mv);
        assert!(
            p.is_legal(m),
            "move {} ({mv}) is not legal in {}",
            i + 1,
            p.to_sfen()
        );
        p.play(m).unwrap();
        let ours = p.to_sfen();
        // Board, side to move and move number are written the same way by both.
        let fields = |s: &str| {
            let f: Vec<String> = s.split(' ').map(String::from).collect();
            (f[0].clone(), f[1].clone(), f[3].clone())
        };
        assert_eq!(fields(&ours), fields(record), "after move {} ({mv})", i + 1);
        // Hands agree once the record's `1B` counts are read.
        assert_eq!(ours, canonical(record, &v), "after move {} ({mv})", i + 1);
        assert_eq!(p.to_setup(), sfen::parse(record, &v.catalog).unwrap());
    }
    assert_eq!(p.move_number(), 101);
}

#[test]
fn a_real_game_as_one_usi_position_string() {
    let v = standard();
    let moves: Vec<&str> = GAME.iter().map(|(m, _)| *m).collect();
    let text = format!("position startpos moves {}", moves.join(" "));
    let p = usi::parse_position(&text, &v, Default::default()).unwrap();
    let (_, last) = GAME.last().unwrap();
    assert_eq!(p.to_sfen(), canonical(last, &v));
    assert_eq!(
        p.to_sfen(),
        "l2g3p1/2k1s4/2npg3+R/pS2pp3/1SL3p2/P4P3/2K1P+n2P/2g6/L2+r4L b 2BS2NPg7p 101"
    );
    // The final position piece by piece: Black's king on 7g, checked by the gold just dropped
    // on 7h; White's dragon on 6i, Black's on 1c; White's king on 7b.
    let size = v.size;
    let at = |s: &str| p.piece_at(notation::usi::parse_square(size, s).unwrap());
    let id = |s: &str| at(s).map(|pc| (v.catalog.get(pc.kind).id.clone(), pc.color));
    assert_eq!(id("7g"), Some(("king".into(), Color::Black)));
    assert_eq!(id("7h"), Some(("gold".into(), Color::White)));
    assert_eq!(id("6i"), Some(("dragon".into(), Color::White)));
    assert_eq!(id("1c"), Some(("dragon".into(), Color::Black)));
    assert_eq!(id("7b"), Some(("king".into(), Color::White)));
    assert_eq!(id("4g"), Some(("promoted_knight".into(), Color::White)));
    assert_eq!(at("6g"), None);
    assert!(p.is_check());
    assert_eq!(p.turn(), Color::Black);
    let hand = |c: Color, id: &str| p.in_hand(c, v.catalog.by_id(id).unwrap());
    assert_eq!(hand(Color::Black, "bishop"), 2);
    assert_eq!(hand(Color::Black, "silver"), 1);
    assert_eq!(hand(Color::Black, "knight"), 2);
    assert_eq!(hand(Color::Black, "pawn"), 1);
    assert_eq!(hand(Color::White, "gold"), 1);
    assert_eq!(hand(Color::White, "pawn"), 7);
    assert_eq!(hand(Color::White, "rook"), 0);
    // Every piece of the set is somewhere: 40 pieces on the board and in the hands.
    let on_board = size.squares().filter(|s| p.piece_at(*s).is_some()).count() as u32;
    let in_hands: u32 = Color::ALL
        .iter()
        .flat_map(|c| v.hand_kinds().iter().map(move |k| (*c, *k)))
        .map(|(c, k)| p.in_hand(c, k))
        .sum();
    assert_eq!(on_board + in_hands, 40);
}

// ---------------------------------------------------------------------------------------------
// An independent generator: haitaka (a bitboard shogi move generator on crates.io).

fn haitaka_moves(sfen_text: &str) -> BTreeSet<String> {
    let board = haitaka::Board::from_sfen(sfen_text)
        .unwrap_or_else(|e| panic!("haitaka rejects {sfen_text}: {e:?}"));
    let mut out = BTreeSet::new();
    let mut pawn_drops = Vec::new();
    board.generate_moves(|moves| {
        for m in moves {
            if matches!(
                m,
                haitaka::Move::Drop {
                    piece: haitaka::Piece::Pawn,
                    ..
                }
            ) {
                pawn_drops.push(m);
            }
            out.insert(m.to_string());
        }
        false
    });
    // haitaka 0.3.2 tests only the first target square of the pawn drops for uchifuzume
    // (`add_drops` and `add_all_drops` call `is_illegal_mate_by_pawn_drop(to.next_square())`),
    // so it lets a mating pawn drop through whenever that square is not the first. Apply the
    // rule with haitaka's own pieces: a pawn drop after which the opponent is in check and has
    // no move is illegal.
    for m in pawn_drops {
        let mut after = board.clone();
        after.play_unchecked(m);
        if after.checkers().is_empty() {
            continue;
        }
        let mut escapes = false;
        after.generate_moves(|_| {
            escapes = true;
            true
        });
        if !escapes {
            out.remove(&m.to_string());
        }
    }
    out
}

fn assert_same_moves(p: &Position, context: &str) {
    let ours = usi_set(p);
    let theirs = haitaka_moves(&p.to_sfen());
    if ours != theirs {
        let extra: Vec<_> = ours.difference(&theirs).collect();
        let missing: Vec<_> = theirs.difference(&ours).collect();
        panic!(
            "{context}: {}\n  only ours: {extra:?}\n  only haitaka's: {missing:?}",
            p.to_sfen()
        );
    }
    assert_eq!(p.count_legal_moves(), ours.len() as u64);
    assert_capped_counts(p);
    assert_check_replies(p);
}

/// `check_replies` classifies the legal moves (checked above) by their target: a move onto a
/// square strictly between the king and a single ranging checker is an interposition, worked
/// out here from the board's geometry.
fn assert_check_replies(p: &Position) {
    let size = p.variant().size;
    let checkers: Vec<Square> = p.checkers().iter().collect();
    let king = size.squares().find(|sq| {
        p.piece_at(*sq)
            .is_some_and(|pc| pc.color == p.turn() && p.variant().is_royal(pc.kind))
    });
    let mut between = Vec::new();
    if let ([checker], Some(king)) = (&checkers[..], king) {
        let (kc, kr) = size.col_row(king);
        let (cc, cr) = size.col_row(*checker);
        let (dc, dr) = (cc as i32 - kc as i32, cr as i32 - kr as i32);
        if dc == 0 || dr == 0 || dc.abs() == dr.abs() {
            for i in 1..dc.abs().max(dr.abs()) {
                between.extend(
                    size.from_col_row(kc as i32 + dc.signum() * i, kr as i32 + dr.signum() * i),
                );
            }
        }
    }
    let moves = p.legal_moves();
    let expected = if moves.is_empty() {
        CheckReplies::None
    } else if moves.iter().all(|m| between.contains(&m.to())) {
        CheckReplies::OnlyInterpositions
    } else {
        CheckReplies::Other
    };
    assert_eq!(p.check_replies(), Some(expected), "{}", p.to_sfen());
}

/// `count_legal_moves_up_to(cap)` is the count below the cap and at least the cap (at most
/// the count) otherwise; `has_legal_move` is a count up to 1; `count_answers_up_to` likewise
/// for the answers worked out from the list of moves.
fn assert_capped_counts(p: &Position) {
    let n = p.count_legal_moves();
    let answers = answers(p);
    for cap in 1..=6 {
        for (c, n) in [
            (p.count_legal_moves_up_to(cap), n),
            (p.count_answers_up_to(cap), answers),
        ] {
            if n < cap {
                assert_eq!(c, n, "{} cap {cap}", p.to_sfen());
            } else {
                assert!((cap..=n).contains(&c), "{} cap {cap}: {c}", p.to_sfen());
            }
        }
    }
    assert_eq!(p.count_answers_up_to(u64::MAX), answers, "{}", p.to_sfen());
    assert_eq!(p.has_legal_move(), n > 0);
}

/// The legal moves with the drops onto one square counted once, twice if more than one kind
/// can be dropped there.
fn answers(p: &Position) -> u64 {
    let mut board = 0;
    let mut kinds = std::collections::BTreeMap::<Square, BTreeSet<_>>::new();
    for mv in p.legal_moves() {
        match mv {
            Move::Drop { kind, to } => {
                kinds.entry(to).or_default().insert(kind);
            }
            _ => board += 1,
        }
    }
    board + kinds.values().map(|k| k.len().min(2) as u64).sum::<u64>()
}

/// Capped counts where the generation stops early: after the king's moves (a rook's check
/// answered by four king moves and 41 drops) and after the drops of one kind; and where they
/// are exact below the cap (mate, and a check only two knights' interpositions answer).
#[test]
fn capped_counts_stop_early_and_stay_exact_below_the_cap() {
    let v = standard();
    for (text, all, answers) in [
        // King 5a: 4a 6a 4b 6b; then drops on 5b-5h, the knight on 5b-5g only (as answers: the
        // seven squares, each twice).
        (
            "4k4/9/9/9/9/9/9/9/K3R4 w 2b4g4s4n4l18p 1",
            4 + 7 * 5 + 6,
            4 + 7 * 2,
        ),
        // Mated: the gold on 5b is guarded by the pawn on 5c.
        ("4k4/4G4/4P4/9/9/9/9/9/K8 w 2r2b3g4s4n4l17p 1", 0, 0),
        // The lance on 1i: only 2a1c and 2b1d, the king hemmed in by its own knights.
        ("7nk/7n1/9/9/9/9/9/9/K7L w - 1", 2, 2),
        // As the first, White holding pawns alone: one answer on each of the seven squares.
        ("4k4/9/9/9/9/9/9/9/K3R4 w 18p 1", 4 + 7, 4 + 7),
    ] {
        let p = sfen::position(text, &v, Default::default()).unwrap();
        assert_eq!(p.count_legal_moves(), all, "{text}");
        assert_eq!(p.count_answers_up_to(100), answers, "{text}");
        assert_capped_counts(&p);
        assert_check_replies(&p);
    }
}

/// How a check can be answered, on positions whose answer is plain from the board: king moves;
/// only the knights' interpositions (2a1c, 2b1d); none (mate); a double check, which only the
/// king can answer; the checker taken by a piece other than the king; no check at all.
#[test]
fn check_replies_tell_interpositions_from_other_answers() {
    let v = standard();
    for (text, replies) in [
        (
            "4k4/9/9/9/9/9/9/9/K3R4 w 2b4g4s4n4l18p 1",
            CheckReplies::Other,
        ),
        (
            "7nk/7n1/9/9/9/9/9/9/K7L w - 1",
            CheckReplies::OnlyInterpositions,
        ),
        (
            "4k4/4G4/4P4/9/9/9/9/9/K8 w 2r2b3g4s4n4l17p 1",
            CheckReplies::None,
        ),
        // Lance 1i and bishop 3c both check the king on 1a: mate, though the knight on 2a
        // could take the bishop were it the only checker.
        ("7nk/9/6B2/9/9/9/9/9/K7L w - 1", CheckReplies::None),
        // The gold on 2b can take the rook on 2a that checks the king on 1a.
        ("7Rk/7g1/9/9/9/9/9/9/K8 w - 1", CheckReplies::Other),
        ("4k4/9/9/9/9/9/9/9/K8 w - 1", CheckReplies::Other),
    ] {
        let p = sfen::position(text, &v, Default::default()).unwrap();
        assert_eq!(p.check_replies(), Some(replies), "{text}");
        assert_check_replies(&p);
    }
}

#[test]
fn the_game_agrees_with_haitaka_at_every_move() {
    let v = standard();
    let mut p = Position::start(&v).unwrap();
    assert_same_moves(&p, "start");
    for (i, (mv, _)) in GAME.iter().enumerate() {
        p.play(notation::usi::parse_move(&v, mv).unwrap()).unwrap();
        assert_same_moves(&p, &format!("after move {} ({mv})", i + 1));
    }
}

/// A small deterministic generator, so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_playouts_agree_with_haitaka() {
    let v = standard();
    let mut rng = Rng(0x5eed_0f5e_01a1_1bad);
    let mut positions = 0;
    for game in 0..60 {
        let mut p = Position::start(&v).unwrap();
        for ply in 0..160 {
            assert_same_moves(&p, &format!("game {game} ply {ply}"));
            positions += 1;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures, drops and promotions now and then, so that hands fill up and
            // the positions get sharp.
            let interesting: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| match m {
                    Move::Drop { .. } | Move::Lion { .. } => true,
                    Move::Normal { to, promote, .. } => *promote || p.piece_at(*to).is_some(),
                })
                .collect();
            let pick = if !interesting.is_empty() && rng.below(3) == 0 {
                interesting[rng.below(interesting.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            p.play(pick).unwrap();
        }
    }
    assert!(positions > 3000, "{positions}");
}

#[test]
fn known_positions_agree_with_haitaka() {
    let v = standard();
    for text in [
        // The 'matsuri' perft position and a few from haitaka's own and the perft tests.
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1",
        "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 62",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "ln2k2nl/2g1G2+R1/p1pppp2p/6p2/9/2P6/P1+bPPPP1P/5K3/L1+rS1GSNL w S2Pbgsn2p 34",
        // Positions from tests/drop_mate.rs, where uchifuzume matters.
        "8k/6G2/9/7N1/9/9/9/9/K8 b GP 1",
        "5R1sk/9/6G2/7N1/9/9/9/9/K8 b P 1",
        "7sk/6G2/9/7N1/9/9/9/9/K8 b P 1",
    ] {
        let p = sfen::position(text, &v, Default::default()).unwrap();
        assert_same_moves(&p, text);
    }
}

// ---------------------------------------------------------------------------------------------
// A slow reference generator written from the rules alone (tests/support/reference.rs).

#[path = "support/reference.rs"]
mod reference;

fn assert_matches_reference(p: &Position, context: &str) {
    let v = p.variant();
    let ours = usi_set(p);
    let theirs: BTreeSet<String> = reference::legal_moves(p, true)
        .into_iter()
        .map(|m| notation::usi::write_move(v, m))
        .collect();
    if ours != theirs {
        let extra: Vec<_> = ours.difference(&theirs).collect();
        let missing: Vec<_> = theirs.difference(&ours).collect();
        panic!(
            "{context}: {}\n  only ours: {extra:?}\n  only the reference's: {missing:?}",
            p.to_sfen()
        );
    }
    assert_eq!(p.is_check(), reference::in_check(p, p.turn()), "{context}");
    // The capped counts find the answers to a check by another way than the list of moves
    // (from the squares that answer it): they must agree with the list.
    assert_capped_counts(p);
}

fn reference_playouts(v: &Arc<Variant>, games: usize, plies: usize, seed: u64) {
    let mut rng = Rng(seed);
    for game in 0..games {
        let mut p = Position::start(v).unwrap();
        for ply in 0..plies {
            assert_matches_reference(&p, &format!("{} game {game} ply {ply}", v.id));
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]).unwrap();
        }
    }
}

#[test]
fn builtin_variants_match_the_reference_generator() {
    for (name, games) in [
        ("standard", 6),
        ("minishogi", 30),
        ("gorogoro", 30),
        ("sho", 6),
    ] {
        reference_playouts(
            &Variant::builtin(name).unwrap(),
            games,
            120,
            0x1234_5678_9abc_def1,
        );
    }
}

/// Fairy pieces the crate has never seen: a phoenix (`FfW2`, a limited slide), a knightrider
/// (`NN`, a sliding leaper) and a short lance promoting to a gold-and-knight.
const FAIRY_PIECES: &str = "pieces:
  - id: phoenix
    sfen: \"H\"
    kanji: 鳳凰
    abbr: 鳳
    reading: hōō
    english: Phoenix
    betza: \"FfW2\"
    promotes_to: ~
    value: 7
    rules: []
  - id: knightrider
    sfen: \"Y\"
    kanji: 騎士
    abbr: 騎
    reading: kishi
    english: Knightrider
    betza: \"NN\"
    promotes_to: ~
    value: 8
    rules: []
  - id: short_lance
    sfen: \"Q\"
    kanji: 短香
    abbr: 短
    reading: tankyō
    english: Short lance
    betza: \"fR3\"
    promotes_to: golden_knight
    value: 3
    rules: [one-per-file, no-drop-mate]
  - id: golden_knight
    sfen: \"+Q\"
    kanji: 金桂
    abbr: 桂
    reading: kinkei
    english: Golden knight
    betza: \"WfFffN\"
    promotes_to: ~
    value: 9
    rules: []
";

const FAIRY_VARIANT: &str = "id: fairy
english: Fairy
japanese: 妖精
board: { files: 7, ranks: 7 }
promotion_zone: 2
drops: true
royal: [king]
set:
  king: 2
  rook: 2
  gold: 2
  silver: 2
  pawn: 4
  phoenix: 2
  knightrider: 2
  short_lance: 4
start: \"qyhkgsr/1q3p1/2p4/7/4P2/1P3Q1/RSGKHYQ b - 1\"
";

#[test]
fn fairy_pieces_match_the_reference_generator() {
    let catalog =
        shogiprint::rules::PieceCatalog::builtin_with(FAIRY_PIECES, "fairy.yaml").unwrap();
    let v = Variant::from_yaml(FAIRY_VARIANT, "fairy_variant.yaml", Arc::new(catalog)).unwrap();
    reference_playouts(&v, 40, 120, 0xfeed_beef_1234_5678);
}

/// A piece in hand passed from one side to the other: the board stays, the hands change, and a
/// side without the piece passes nothing (the tsume prover compares such positions).
#[test]
fn a_piece_in_hand_passes_to_the_other_side() {
    let v = standard();
    let setup = sfen::parse("8k/6G2/9/7N1/9/9/9/9/9 b B2rb3g4s3n4l18p 1", &v.catalog).unwrap();
    let mut p = Position::from_setup_unchecked(&v, &setup).unwrap();
    let bishop = v.catalog.by_letter('B', false).unwrap();
    assert!(p.pass_in_hand(Color::Black, bishop));
    assert_eq!(
        sfen::write(&p.to_setup(), &v.catalog),
        "8k/6G2/9/7N1/9/9/9/9/9 b 2r2b3g4s3n4l18p 1"
    );
    assert!(!p.pass_in_hand(Color::Black, bishop));
    assert!(p.pass_in_hand(Color::White, bishop));
    assert_eq!(p.in_hand(Color::Black, bishop), 1);
    assert_eq!(p.in_hand(Color::White, bishop), 1);
}

/// Sho shogi's drunk elephant promotes into a crown prince, a royal piece, and the check rule
/// binds a side's single royal piece after the move (both king and prince must be captured to
/// win, by the rules sheet). Found by fuzzing: without a king (a tsume), the generator listed a
/// promotion onto a square White's king attacks, which `play` refused; with a king in check,
/// it left out the promotions that make a second royal piece and so lift the check.
#[test]
fn a_promotion_into_a_royal_piece_is_judged_after_the_move() {
    let v = Variant::builtin("sho").unwrap();
    for (text, tsume, expected) in [
        (
            "8k/6E2/9/7N1/9/9/9/9/S8 b - 1",
            true,
            "2d1b+ 3b2a 3b2b 3b2c 3b2c+ 3b3a 3b3a+ 3b4a 3b4a+ 3b4b 3b4b+ 3b4c 3b4c+ 9i8h 9i9h",
        ),
        (
            "4r3k/9/9/6E2/9/9/9/9/4K4 b - 1",
            false,
            "3d2c+ 3d3c+ 3d4c+ 5i4h 5i4i 5i6h 5i6i",
        ),
    ] {
        let options = shogiprint::rules::validate::Options { tsume };
        let p = sfen::position(text, &v, options).unwrap();
        let listed = usi_set(&p);
        let want: BTreeSet<String> = expected.split(' ').map(str::to_string).collect();
        assert_eq!(listed, want, "{text}");
        assert_eq!(p.count_legal_moves(), want.len() as u64, "{text}");
        // `play` agrees on every listed move and on the promotions left out.
        for m in p.legal_moves() {
            assert!(p.is_legal(m), "{text}: {m:?}");
        }
        for refused in ["3b2a+", "3b2b+", "3d3c"] {
            if let Ok(m) = notation::usi::parse_move(&v, refused) {
                assert!(
                    !p.is_legal(m) || listed.contains(refused),
                    "{text}: {refused}"
                );
            }
        }
    }
}
