//! Chu shogi: data, SFEN, lion moves, promotion and lion trading, checked against lishogi's
//! rules library. Every number and position below is from WandererXII/shogiops:
//! - `CHU_TEST`: test/variant/chushogi.test.ts at commit 13033c7f2ef968b1ac121dd5fde99bc00a20232c
//!   (tests "valid promotions", "lion moves", "wiki lion moves" and the table `chushogiPerfts`);
//! - `CHU_FIXTURES`: test/fixtures/perftChushogi.ts at commit
//!   39f77b603d9d8d07cccadf23713b74e8d32fbe72 (random positions with their depth-1 counts);
//! - the start SFEN and the counter-strike field: src/sfen.ts and the "chushogi sfen" test of
//!   test/sfen.test.ts.
//!
//! shogiops' positions without kings are its own (parsed without validation): here they are
//! built with `Position::from_setup_unchecked`, and move generation does not ask who has won.

use shogiprint::formats::notation::usi;
use shogiprint::formats::sfen;
use shogiprint::rules::{Move, Position, Variant};
use std::sync::Arc;

const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

fn chu() -> Arc<Variant> {
    Variant::builtin("chu").unwrap()
}

/// A position as shogiops builds it: any SFEN of the board, no validation.
fn unchecked(text: &str) -> Position {
    let v = chu();
    let setup = sfen::parse(text, &v.catalog).unwrap();
    Position::from_setup_unchecked(&v, &setup).unwrap()
}

fn legal(pos: &Position, mv: &str) -> bool {
    let m = usi::parse_move(pos.variant(), mv).unwrap();
    pos.is_legal(m)
}

/// Asserts each `(usi, legal?)` pair, naming the first that differs.
fn check(pos: &Position, cases: &[(&str, bool)]) {
    for (mv, want) in cases {
        assert_eq!(legal(pos, mv), *want, "{mv} in {}", pos.to_sfen());
    }
}

#[test]
fn the_variant_loads_by_name_and_alias_with_its_own_pieces() {
    let v = chu();
    assert_eq!(v.size.files, 12);
    assert_eq!(Variant::builtin("chushogi").unwrap().id, "chu");
    assert_eq!(Variant::builtin_name("ChuShogi"), Some("chu"));
    // 21 unpromoted kinds and 18 promoted ones; 29 names of kinds (Wikipedia "Chu shogi": 21
    // and 8 that exist only as promotions), and と金, the promoted pawn, that moves as a gold.
    assert_eq!(v.kinds().len(), 39);
    let mut names: Vec<&str> = v
        .kinds()
        .iter()
        .map(|k| v.catalog.get(*k).kanji.as_str())
        .filter(|n| *n != "と金")
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 29, "{names:?}");
    for id in [
        "white_horse",
        "whale",
        "flying_stag",
        "flying_ox",
        "free_boar",
        "horned_falcon",
        "soaring_eagle",
        "crown_prince",
    ] {
        assert!(v.catalog.by_id(id).is_some(), "{id}");
    }
    // Standard shogi keeps its own letters: N is a knight there, the Lion here.
    let standard = Variant::builtin("standard").unwrap();
    let n = |v: &Variant| {
        v.catalog
            .get(v.catalog.by_letter('N', false).unwrap())
            .english
            .clone()
    };
    assert_eq!(n(&standard), "Knight");
    assert_eq!(n(&v), "Lion");
    // 46 pieces a side (Wikipedia "Chu shogi", Setup).
    let start = Position::start(&v).unwrap();
    assert_eq!(
        v.size
            .squares()
            .filter(|s| start.piece_at(*s).is_some())
            .count(),
        92
    );
}

#[test]
fn start_sfen_round_trips_with_its_counter_strike_field() {
    let v = chu();
    let pos = sfen::position(START, &v, Default::default()).unwrap();
    assert_eq!(pos.to_sfen(), START);
    // shogiops test/sfen.test.ts "chushogi sfen": the third field 5e is the counter-strike square.
    let with = START.replace(" b - 1", " b 5e 1");
    let setup = sfen::parse(&with, &v.catalog).unwrap();
    assert_eq!(
        setup.lion_capture.map(|s| v.size.usi(s).to_string()),
        Some("5e".into())
    );
    assert_eq!(sfen::write(&setup, &v.catalog), with);
}

#[test]
fn usi_squares_of_files_ten_to_twelve() {
    let v = chu();
    let sq = usi::parse_square(v.size, "12a").unwrap();
    assert_eq!(usi::square(v.size, sq), "12a");
    assert_eq!(v.size.col_row(sq), (0, 0));
    assert!(usi::parse_square(v.size, "13a").is_none());
    assert!(usi::parse_square(v.size, "1m").is_none());
    let m = usi::parse_move(&v, "6f5e6d").unwrap();
    assert!(matches!(m, Move::Lion { .. }));
    assert_eq!(usi::write_move(&v, m), "6f5e6d");
    let m = usi::parse_move(&v, "11c11f+").unwrap();
    assert_eq!(usi::write_move(&v, m), "11c11f+");
}

/// CHU_TEST `chushogiPerfts`: the start position.
#[test]
fn start_position_perft() {
    let pos = Position::start(&chu()).unwrap();
    assert_eq!(pos.perft(1), 36);
    assert_eq!(pos.perft(2), 1296);
}

/// CHU_TEST `chushogiPerfts`: lone lions, falcon and eagle, and the counter-strike pair.
#[test]
fn lion_falcon_eagle_and_counter_strike_perft() {
    let cases: &[(&str, u64)] = &[
        ("12/12/12/12/12/12/5N6/12/12/12/12/12 b", 24 + 8 * 8),
        ("12/12/12/12/12/12/5+O6/12/12/12/12/12 b", 24 + 8 * 8),
        ("12/12/12/12/12/12/5+H6/12/12/12/12/12 b", 41),
        ("12/12/12/12/12/12/5+D6/12/12/12/12/12 b", 40),
        ("12/12/12/12/7g4/6n5/5N6/12/12/12/12/12 b - 1", 24 + 8 * 8),
        ("12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 b - 1", 98),
        ("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j", 7),
        ("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b -", 8),
    ];
    for (text, n) in cases {
        assert_eq!(unchecked(text).perft(1), *n, "{text}");
    }
}

/// CHU_TEST "valid promotions": entering the zone, capturing in it or leaving it, the pawn's
/// second chance on the last rank; never forced.
#[test]
fn promotion_on_entering_or_capturing() {
    let pos = unchecked("10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b - 1");
    check(
        &pos,
        &[
            ("7c8b+", true),
            ("7c8b", true),
            ("7c6b+", false),
            ("7c6b", true),
            ("7b7a+", true),
            ("7b7a", true),
            ("5e5c+", true),
            ("5e5c", true),
            ("11c11f+", true),
            ("11c11f", true),
        ],
    );
}

/// CHU_TEST "lion moves".
#[test]
fn lion_moves() {
    let pos = unchecked("12/12/12/12/12/6+O5/12/12/12/12/12/12 b");
    check(
        &pos,
        &[
            ("6f5e", true),
            ("6f7g", true),
            ("6f7d", true),
            ("6f4h", true),
            ("6f6g6f", true),
            ("6f5e6d", true),
            ("6f7g8h", true),
        ],
    );
    assert!(usi::parse_move(pos.variant(), "6f6f").is_ok_and(|m| !pos.is_legal(m)));
    let pos2 = unchecked("3l8/11p/10p1/3n5+D2/2i1f7/3N5G2/9+H2/2t2P1i4/2p3+D5/2+H9/12/12 b");
    check(
        &pos2,
        &[
            ("3g3e", true),
            ("3g3f", false),
            ("6i4g", true),
            ("6i8g", true),
            ("6i7h", false),
            ("6i5h", true),
            ("6i5h6i", true),
            ("6i5h4g", true),
            ("3d2c", true),
            ("3d1b", true),
            ("3d2c1b", true),
            ("3d1b2c", false),
            ("10j10i", true),
            ("10j10h", true),
            ("10j10i10h", true),
            ("10j10h10i", false),
            ("9f10e", true),
            ("9f8e", true),
            ("9f9d", false),
            ("9f10e9d", false),
            ("9f8e9d", true),
            ("9f9e9d", false),
        ],
    );
    let pos3 = unchecked("11l/6l5/5Nn5/11n/9N2/12/1N10/9n2/1n7N2/4r7/4nN6/4r7 b");
    check(
        &pos3,
        &[
            ("7c6c", true),
            ("7c6b6c", true),
            ("3e1d", false),
            ("3e2e1d", false),
            ("3i3h", true),
            ("3i3h3g", true),
            ("3i2h3h", true),
            ("7k8k", true),
            ("7k8j8k", true),
            ("7k8l8k", true),
            ("7k8k8j", true),
            ("7k8k8l", true),
            ("7k7j8k", true),
            ("11g11i", true),
            ("11g11h11i", true),
        ],
    );
    let mut pos4 = unchecked("11k/12/12/10bm/9N2/12/5n6/6N5/5r6/12/9K2/12 b");
    pos4.play(usi::parse_move(pos4.variant(), "6h7g").unwrap())
        .unwrap();
    check(&pos4, &[("2d3e", true)]);
}

/// CHU_TEST "wiki lion moves": the lion-trading rules on Wikipedia's examples.
#[test]
fn lion_trading_lishogi() {
    check(
        &unchecked("12/12/12/12/7g4/6n5/5N6/12/12/12/12/12 b"),
        &[("7g6f", true), ("7g6f5e", true), ("7g6f6e", true)],
    );
    let p = "12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12";
    check(
        &unchecked(&format!("{p} b")),
        &[("7g5h", false), ("7g5e", true), ("8e5h", true)],
    );
    check(
        &unchecked(&format!("{p} w")),
        &[("5h7g", false), ("5h5j", true)],
    );
    let p = "12/12/12/12/3n8/12/5N6/5P6/7b4/12/12/12";
    check(
        &unchecked(&format!("{p} b")),
        &[("7g9e", false), ("7g5i", true)],
    );
    check(
        &unchecked(&format!("{p} w")),
        &[("9e7g", false), ("9e10e", true), ("5i7g", true)],
    );
    check(
        &unchecked("12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/12 b"),
        &[("7g9e", true), ("7g8f9e", false)],
    );
    check(
        &unchecked("12/12/12/12/12/4N7/4p7/4n7/12/12/12/12 b"),
        &[("8f8g", true), ("8f8h", false), ("8f8g8h", false)],
    );
    check(
        &unchecked("12/12/12/12/6+o1r3/4gi6/6N5/7s4/8n3/12/12/12 b"),
        &[
            ("6g4i", false),
            ("6g5h4i", true),
            ("6g6e", false),
            ("6g7f6e", false),
            ("6g6f6e", false),
            ("6g7f", true),
            ("6g7f8f", true),
        ],
    );
    // Counter-strike: after a non-lion takes a lion, a lion may be taken back only there.
    let base = unchecked("12/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/6B5 w - 1");
    let after = |mv: &str| {
        let mut p = base.clone();
        p.play(usi::parse_move(p.variant(), mv).unwrap()).unwrap();
        p
    };
    check(&after("8f8j"), &[("6l8j", true), ("6l3i", false)]);
    let promoted = after("7i8j+");
    assert_eq!(
        promoted
            .lion_capture()
            .map(|s| promoted.variant().size.usi(s).to_string()),
        Some("8j".into())
    );
    check(&promoted, &[("6l8j", true), ("6l3i", false)]);
    check(&after("7i8j"), &[("6l8j", true), ("6l3i", false)]);
    check(&after("3i4i3i"), &[("6l3i", true), ("1j1i", true)]);
    check(
        &unchecked("12/12/3l8/12/3b4+o3/6n5/4N7/6R5/7K4/12/12/12 b - 1"),
        &[("8g6f", false)],
    );
}

/// The JCSA reading (`lion_trading: jcsa`): after the counter-strike condition a piece other
/// than a lion may take an unprotected lion anywhere (the Okazaki rule as described by H. G.
/// Muller, chessvariants.org comment 30350, 2013), but not a protected one, even on the square.
#[test]
fn lion_trading_jcsa_option() {
    let yaml = chu_yaml().replace("lion_trading: lishogi", "lion_trading: jcsa");
    let v = Variant::from_yaml(&yaml, "chu-jcsa.yaml", chu().catalog.clone()).unwrap();
    let after = |v: &Arc<Variant>, text: &str, mv: &str| {
        let setup = sfen::parse(text, &v.catalog).unwrap();
        let mut p = Position::from_setup_unchecked(v, &setup).unwrap();
        p.play(usi::parse_move(v, mv).unwrap()).unwrap();
        p
    };
    let jcsa = v;
    // White's kirin takes Black's lion on 8j; White's lion on 3i stands unprotected: JCSA lets
    // the bishop take it, lishogi only on 8j.
    let lone = "12/12/12/12/12/12/12/12/5o3n2/4N6P/12/6B5 w - 1";
    check(
        &after(&jcsa, lone, "7i8j"),
        &[("6l3i", true), ("6l8j", true)],
    );
    check(
        &after(&chu(), lone, "7i8j"),
        &[("6l3i", false), ("6l8j", true)],
    );
    // The kirin promotes to a lion as it takes, and White's rook on 8f protects 8j: lishogi lets
    // the bishop take that lion on the counter-strike square, JCSA does not.
    let guarded = "12/12/12/12/12/4r7/12/12/5o3n2/4N6P/12/6B5 w - 1";
    check(&after(&jcsa, guarded, "7i8j+"), &[("6l8j", false)]);
    check(&after(&chu(), guarded, "7i8j+"), &[("6l8j", true)]);
}

fn chu_yaml() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/variants/chu.yaml"
    ))
    .unwrap()
}

/// CHU_FIXTURES: the first twenty random positions and their depth-1 counts.
#[test]
fn random_positions_depth_one() {
    let cases: &[(&str, u64)] = &[
        ("lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142", 113),
        ("lt5s1v1l/a1v1q3s2a/f2gge2kcf+A/2bc+H+Pt2+Po1/mpS1P3bOV1/1VD9/5E6/4+iB1PP1M+L/1+p6R3/A1C1K2R3S/L2XGBG2F2/2F2TT1HD2 b - 369", 171),
        ("l2e1tsg1hbl/avbs1dxtn1ca/f1g2k1d2rm/1r1h1q2ov1f/m3c1p5/P1Pp2OP1P2/RVD2p5p/3P1P4pM/B5PG1B1V/1M2SNQE1R2/AC3TDTHF1A/LF1G1K1H1SCL w - 230", 126),
        ("lbc1dxkg1c1l/a2rg1otsbfv/1v1se1d1hrma/mf1tq2pp+B+P1/3hppp2P1n/1p9p/1P3P1PG2P/p1ppP1G1I3/3P1DP1P2R/MVDHON2H1VM/AF1CSEXCT2A/L1R1KT2SFBL b - 159", 106),
        ("lf1s1kqg1sfl/a3t3tbcv/vbcdgxe2r1a/2rpo4ndm/m+PPh4p3/P2Ip1pNIp1P/6Pp4/3P3TPP2/M3PHDPGR+pM/AFRV2XT1D1V/L1B1G2SCBFA/2CSK1E4L w - 178", 118),
        ("l1t2qe1tx2/1h1f2s4b/ar3k4f1/2s4dd1+Bl/2+A3g5/b5Xh1C2/1cR1p1g2V2/L2iG4HM1/7R1F1+a/VFD1T6L/3S3D2GS/M4K+p2T2 b - 359", 132),
        ("l1f1gxg2ft1/a1b1teks1r1l/v1s5r1ma/2h3p2vob/2cnd2Pp1p1/mPPpP3q1Ph/1C1P2P1P3/9MB1/+p2HDQ2D1C1/A1VRK2H3R/L1F1G1X1GS1A/O1S1TNE1T1FL b - 243", 129),
        ("1v1q2khbv1l/l1sg2exgf1a/1trfd3t3/a1m1o4d2/pp1p1P1Hprcm/P1ph3s4/2cP3P1Pp1/RP6P3/AMVF1K2M3/1C2HG1R2V1/L1B1XO1E1SCA/3T1S1G1DFL b - 247", 113),
        ("lf2ho1gs2l/avcrg1kec1fa/m4b1h1dtm/1+Psd3bn1v1/4t4r2/2p3PN1p1p/3p3PiB2/3Pp2DH2A/2P1SK1CPM1L/R2H4D1F1/A1C1BOXG1R2/LVFGTE1TS1V1 w - 210", 134),
        ("l3gtn1s1fl/1cbso1xktgca/af1hdr4vm/1m1r1e1b4/2pp1p4Pq/1v4p5/p2iPP2PP1p/1pP2N1D2V1/A2PX1K2CHP/LMHBO2EBR1M/1V1D1TGT3A/1FCS2QGS1FL b - 185", 126),
        ("l2b1dgt2bl/af1sex1kshf1/1mrc2d1cnv1/1v1pq+Pgpo1m1/ptP5pr2/1P1i1BPPi1Ra/H2P5p2/P3p2CI3/3MXOD1PHM1/AR4Q1B2A/LVFG1KTTGVFL/2CSN1E1S3 w - 178", 109),
        ("l1t1gxe1t1bl/avfcs1okg1ca/mb1hdq1dsf1m/2rp1p2p1r1/1pP1H2p2vp/p2I1P2i3/3P2PPIp2/P3P4h1P/MP2D1Q1P1M1/1VRCON1HDRC1/AF1S1KXGTB1A/LB1TG1E1S1FL b - 107", 102),
        ("1f1g1e1xt1fl/1cb2dsgc1m1/1r1vts1krvb1/3mpdo2hpa/l+P1p3Pp3/4P3i3/P1Hi1P4P1/6q1IH1P/1O+pD1STBP1CM/1BMFG1G2RV1/A2C3T+pFSA/LV3K1E3L w - 224", 102),
        ("2f4h1o1l/lt4k1ns1a/2hb+B1gqt1f1/acs1g1d5/8mc1+P/5m6/1v1O4E3/p6DS2G/1MR1+p1P2CV1/6+p1R2M/T1F2C4FA/L3DSNKBT1L w - 338", 152),
        ("lvt3k1s1fl/a1bf1g2o1cb/r2e1q2grv1/1d1s1+P1t3+P/m1x1c1D5/P2pB3ph2/AP1i3p2p1/2pPQN2K3/2H1TX+d4M/1M1F2E2SVA/L1V1RGT1R1F1/1BCS3GOC1L b - 225", 200),
        ("lfcstegtb1fl/a1bgox1s3a/1mv2qkdhcv1/2rpdp1pnr1m/pp2php4p/3i2P1Ip2/4PP3PpP/1PpIQ1NPP3/P2PX2DH3/MVRHD4RVM/ACBTG1GSCB1A/LF1SOKE2TFL w - 104", 103),
        ("v1f2dk3bl/lg2t5mf/5o1n4/a4h1t+P3/cmr1X5sc/3x4e3/6pP1R1v/A1RM2S1T3/3q3E3L/3KD3C1HF/LCSD1G3M2/1BO6H2 b - 399", 124),
        ("lb1sgekgthbl/af1c1x2s1fa/mvrh1tn1r3/1p1pdpd1c1vm/p1pipo2p3/6PpqpP1/1P3N6/1HPI1P1PC3/PVTPP1Q2PR+p/MB1DGD2BH1M/A2C1OXST1FA/LFRSKE1G3L w - 104", 104),
        ("lcds2t1s1fl/a1fxegk1o2a/m1v1tq3v2/b1r3ghp1c1/pphpP5pm/1Ppi4irP1/1C1In1H5/M1PP5HXM/2V5PR2/A1R1ODQK1TBA/1FBS1N2CSV1/L2TG1EG2FL w - 194", 162),
        ("l2s2rt2fl/avch3bsrca/q6k3v/1+X1f2e1p1h1/3g4i2P/x4g1p2P1/9C1A/3Md1S1dF1V/1+pG+o2H2M1L/RB3HO5/AFCTK3G3/L3DERS2T1 w - 348", 218),
    ];
    for (text, n) in cases {
        assert_eq!(unchecked(text).perft(1), *n, "{text}");
    }
}

/// Bad chu SFENs are errors, never panics: one case per kind of mistake.
#[test]
fn bad_chu_sfens_are_errors() {
    let v = chu();
    let bad = [
        "",                                                         // empty
        "13/12/12/12/12/12/12/12/12/12/12/12 b - 1",                // a rank too wide
        "17/12/12/12/12/12/12/12/12/12/12/12 b - 1",                // a run over 16
        "12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/12 b - 1", // too many ranks
        "12/12/12/12/12/12/12/12/12/12/12/11 b - 1",                // ranks of unequal width
        "12/12/12/12/12/12/12/12/12/12/12/11z b - 1",               // unknown letter
        "12/12/12/12/12/12/12/12/12/12/12/11+k b - 1",              // a king does not promote
        "12/12/12/12/12/12/12/12/12/12/12/12 x - 1",                // side to move
        "12/12/12/12/12/12/12/12/12/12/12/12 b 13a 1",              // counter-strike off the board
        "12/12/12/12/12/12/12/12/12/12/12/12 b P 1",                // hands on a large board
        "12/12/12/12/12/12/12/12/12/12/12/12 b - 0",                // move number
        "12/12/12/12/12/12/12/12/12/12/12/12 b - 1 x",              // a fifth field
        "9/9/9/9/9/9/9/9/9 b - 1",                                  // another board size
        "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b - 1",    // 16×16 reads, but is not chu
        "12/12/12/12/12/12/12/12/12/12/12/12 b - 1",                // no kings
        "kk10/12/12/12/12/12/12/12/12/12/12/KK10 b - 1",            // too many kings
    ];
    for text in bad {
        let r = std::panic::catch_unwind(|| sfen::position(text, &v, Default::default()));
        assert!(matches!(r, Ok(Err(_))), "{text:?} should be an error");
    }
    // A 16×16 board reads as a setup (the largest size), with squares up to 16p.
    let setup = sfen::parse(
        "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/P15 b - 1",
        &v.catalog,
    )
    .unwrap();
    assert_eq!(setup.size.len(), 256);
    assert_eq!(
        setup
            .pieces()
            .map(|(s, _)| setup.size.usi(s).to_string())
            .collect::<Vec<_>>(),
        ["16p"]
    );
}

/// CHU_TEST "bare king": a lone royal against more loses; two lone royals draw.
#[test]
fn bare_king_and_draw() {
    use shogiprint::rules::{Color, Outcome};
    let play = |p: &mut Position, mv: &str| {
        let m = usi::parse_move(p.variant(), mv).unwrap();
        p.play(m).unwrap();
    };
    let mut pos = unchecked("12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "8g8f");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::BareKing {
            winner: Color::Black
        })
    );

    let mut pos2 = unchecked("12/12/12/12/3I2k5/12/12/5+pK5/12/12/12/12 b - 1");
    for mv in ["6h7h", "6e7d"] {
        play(&mut pos2, mv);
        assert_eq!(pos2.outcome(), None, "after {mv}");
    }
    play(&mut pos2, "9e9d+");
    assert_eq!(
        pos2.outcome(),
        Some(Outcome::BareKing {
            winner: Color::Black
        })
    );

    let pos3 = unchecked("1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1");
    assert_eq!(pos3.outcome(), Some(Outcome::Draw));

    let mut pos4 = unchecked("12/12/12/12/6k5/5g6/4G7/6K5/12/12/12/12 b - 1");
    assert_eq!(pos4.outcome(), None);
    play(&mut pos4, "8g7f");
    assert_eq!(pos4.outcome(), None);
    let mut alt = pos4.clone();
    play(&mut pos4, "6e7f");
    assert_eq!(pos4.outcome(), Some(Outcome::Draw));
    play(&mut alt, "6e6d");
    assert_eq!(
        alt.outcome(),
        Some(Outcome::BareKing {
            winner: Color::Black
        })
    );

    let pos5 = unchecked("12/12/12/12/6k5/5K6/12/4G7/12/12/12/12 w - 1");
    assert_eq!(pos5.outcome(), None);
}
