//! The bench command: a fixed set of positions from every rule set, searched to a fixed
//! depth. With one thread the total node count is deterministic: it is the bench
//! signature, a checksum of search and evaluation behaviour (README gives the current
//! one, and a test checks it).

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use crate::engine::{Engine, Limits, Options};
use crate::network::Network;
use crate::rules::{Game, Position, Variant};

/// The default search depth of `crownhead bench`.
pub const DEFAULT_DEPTH: u32 = 9;

/// Transposition table size for bench runs: fixed, since node counts depend on it.
pub(crate) const TABLE_MIB: usize = 16;

/// Middlegame and endgame positions reached by engine self-play from random openings,
/// English-heavy, every rule set represented.
pub(crate) const POSITIONS: [(Variant, &str); 34] = [
    (Variant::English, "B:W19,21,22,23,27,28,29,30,31:B2,3,4,5,9,10,12,15,16"),
    (Variant::English, "W:W20,21,22,26,28,29,30,32:B1,2,3,4,7,8,12,14,23"),
    (Variant::English, "B:W19,21,23,24,25:B7,10,11,14,17"),
    (Variant::English, "W:W14,25,26,28,29,30,31,32:B1,2,4,6,8,12,15,16"),
    (Variant::English, "B:W18,22,23,24,28,29,30,31,32:B2,3,4,5,7,10,11,12,16"),
    (Variant::English, "B:W18,19,21,25,28,29,30:B3,4,5,6,7,11,12"),
    (Variant::English, "W:W17,18,22,23,28,29,30,31:B2,4,8,9,10,11,12,15"),
    (Variant::English, "B:W8,14,22,26,28,29,30,31,32:B1,2,4,7,12,13,16,17"),
    (Variant::English, "W:W21,22,24,26,28,29,30,32:B1,2,3,4,5,9,11,12,23"),
    (Variant::English, "W:W14,20,22,23,29:B1,4,11,12,13,15,K26"),
    (Variant::English, "W:W17,22,28,29,30,31,32:B1,3,4,7,8,9,12,27"),
    (Variant::English, "B:W13,17,19,21,24,25,26,28,30,32:B1,2,4,5,6,9,10,11,12,15"),
    (Variant::English, "B:W10,13,20,21,22,23,24,27,29,31,32:B1,3,6,7,8,9,11,12,14,16"),
    (Variant::English, "B:W17,18,21,22,23,24,28,29,30,31:B1,2,3,4,5,10,11,13,15,16"),
    (Variant::Italian, "B:W12,18,20,22:B1,9,11,28"),
    (Variant::Italian, "B:W17,20,21,22,24,31,32:B1,3,4,9,10,13,15"),
    (Variant::Spanish, "B:W4,9,13,14,18,20:B8,19,23,25,27,32"),
    (Variant::Spanish, "B:W1,3,4,6,15,27:B9,12,13,14,16,24,32"),
    (Variant::Portuguese, "B:W1,2,4,6,7,9,10,12,15,16,17:B18,19,21,22,24,26,27,28,29,30,32"),
    (Variant::SpanishShort, "W:W4,7,8,9,10,11,14:B16,18,21,22,25,28,29,32"),
    (Variant::Russian, "B:Wc1,b2,a3,c3,g3:Bd4,a5,c7,g7,h8"),
    (Variant::Russian, "B:Wa1,c1,a3,c3,h4,a5,Ka7:Be5,g7,f8"),
    (Variant::Russian, "B:Wa1,e1,g1,b2,h2,a3,c3,g3,d4,h4:Bb6,d6,f6,h6,a7,b8,d8,f8,h8"),
    (Variant::Brazilian, "B:Wa1,c1,e1,g1,b2,a3,e3,g3,d4,f4,h4:Bc5,b6,d6,f6,h6,c7,g7,b8,d8,f8,h8"),
    (Variant::Brazilian, "B:Wc1,e1,b2,d2,f2,h2,a3,c3,e3,f4,a5:Bh4,e5,b6,d6,a7,c7,e7,b8,d8,f8,h8"),
    (Variant::Pool, "W:W17,18,21,22,24,25,28,30:B1,2,4,6,8,10,11,15"),
    (Variant::Pool, "B:W13,18,20,24,29:B3,4,6,7,21"),
    (Variant::Czech, "B:We1,b2,h2,a3,h4,c7,Kf8:Be3,f4,f6,a7,h8"),
    (Variant::Czech, "B:Wa1,c1,g1,b2,f2,e3,b4,h4,h6:Ba3,c5,b6,d6,f6,a7,d8,f8,h8"),
    (Variant::PlayOk, "B:Wa1,c1,e1,g1,b2,f2,c3,e3,b4:Be5,g5,b6,a7,e7,b8,d8,f8,h8"),
    (
        Variant::International,
        "W:W25,27,29,31,33,34,35,36,37,38,41,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,9,11,12,13,15,16,17,18,19,20,24",
    ),
    (
        Variant::International,
        "B:W28,29,32,33,34,36,38,39,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,11,12,13,16,17,18,19,20,25",
    ),
    (
        Variant::International,
        "W:W27,28,32,34,35,36,37,38,41,42,45,46,47,48,49,50:B1,2,3,5,7,8,10,11,12,13,14,16,17,18,19,21",
    ),
    (
        Variant::International,
        "B:W27,28,32,33,34,35,36,37,40,44,45,46,47,48,49,50:B1,2,3,4,5,8,9,10,12,13,14,16,17,18,19,20",
    ),
];

/// Searches every bench position within `limits` (a depth for the signature) on
/// `threads` threads, printing one line per position and finally `nodes=N nps=R`.
/// `network` replaces the built-in evaluation in the rule sets it serves.
///
/// # Errors
/// Only from writing to `out`.
pub fn run(
    limits: &Limits,
    threads: usize,
    network: Option<Arc<Network>>,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut engine = Engine::new(Options { threads, table_mib: TABLE_MIB, network, ..Options::default() });
    let start = Instant::now();
    let mut total = 0;
    for (index, (variant, fen)) in POSITIONS.iter().enumerate() {
        let Ok(position) = Position::from_fen(*variant, fen) else {
            unreachable!("bench position {index} is a valid FEN");
        };
        engine.new_game();
        let game = Game::new(position);
        let result = engine.think(&game, limits);
        total += result.nodes;
        let best = result.best_move.map_or_else(|| "none".to_string(), |mv| position.move_to_text(&mv));
        writeln!(
            out,
            "position {}/{} {variant} depth={} nodes={} time={:.3} bestmove={best}",
            index + 1,
            POSITIONS.len(),
            result.depth,
            result.nodes,
            result.time.as_secs_f64()
        )?;
    }
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "nodes={total} nps={}", (total as f64 / seconds.max(1e-6)) as u64)
}
