//! The words KIF and KI2 end a game with (投了, 中断, 千日手, …) and what each means; the one
//! table both readers and both writers use.

use super::record::EndKind;
use crate::rules::Color;

/// KIF end words and what they mean.
pub(crate) const END_WORDS: [(&str, EndKind); 13] = [
    ("投了", EndKind::Resign),
    ("中断", EndKind::Abort),
    ("千日手", EndKind::Repetition),
    ("持将棋", EndKind::Impasse),
    ("詰み", EndKind::Mate),
    ("詰", EndKind::Mate),
    ("反則勝ち", EndKind::IllegalWin),
    ("反則負け", EndKind::IllegalLoss),
    ("切れ負け", EndKind::TimeUp),
    ("時間切れ", EndKind::TimeUp),
    ("入玉勝ち", EndKind::Declaration),
    ("不詰", EndKind::NoMate),
    ("引き分け", EndKind::Draw),
];

/// Other words that end a KIF game and are kept as written (トライ: a game under the try
/// rule, as ShogiHome/tsshogi write it).
pub(crate) const OTHER_END_WORDS: [&str; 5] = ["封じ手", "不戦勝", "不戦敗", "先日手", "トライ"];

/// The KIF word for an end.
pub fn end_word_of(kind: &EndKind) -> String {
    end_word(kind)
}

/// The word a KIF or KI2 writes for an end with `to_move` to move: an illegal action by the
/// other side is the side to move's 反則勝ち, and a CSA word that claims no result (`%MATTA`,
/// `%ERROR`), or any word a summary line gave that no KIF reader takes on a numbered line
/// (`まで1手で1手ち`), is 中断, which claims none either and which every KIF reader knows: the tool
/// never writes a record its own reader refuses.
pub(crate) fn end_word_at(kind: &EndKind, to_move: Color) -> String {
    match kind {
        EndKind::IllegalAction(loser) if *loser != to_move => "反則勝ち".into(),
        EndKind::Other(w) if !OTHER_END_WORDS.contains(&w.as_str()) => "中断".into(),
        k => end_word(k),
    }
}

pub(crate) fn end_word(kind: &EndKind) -> String {
    match kind {
        EndKind::Other(w) => w.trim_start_matches('%').to_string(),
        EndKind::IllegalAction(_) => "反則負け".into(),
        // KIF has no word for the move limit; ShogiHome writes 持将棋, the JSA's rules' name
        // for a game that reaches 500 moves.
        EndKind::MaxMoves => "持将棋".into(),
        k => END_WORDS
            .iter()
            .find(|(_, e)| e == k)
            .map_or("中断".into(), |(w, _)| w.to_string()),
    }
}
