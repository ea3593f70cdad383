//! Which games of a collection reach a position: every position of every game, kept as
//! a 64-bit key, so that a search reads a flat array instead of replaying the games.

use crate::rules::{Bitboard, Color, KingRun, PdnGame, Position};

/// The positions of a collection's games, in game order.
#[derive(Debug, Default)]
pub struct PositionIndex {
    /// Each game's keys, one a ply from its start (moves + 1 of them), end to end.
    keys: Vec<u64>,
    /// Where each game's keys start in `keys`, and one past the last game's end.
    starts: Vec<usize>,
}

/// A game reaching a position: the game's number (from 0) and the moves played before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The game, by its place in the collection.
    pub game: usize,
    /// The moves played to reach the position.
    pub ply: usize,
}

impl PositionIndex {
    /// The index of `games`: each replayed once from its start.
    pub fn build(games: &[PdnGame]) -> PositionIndex {
        let mut index = PositionIndex { keys: Vec::new(), starts: Vec::with_capacity(games.len() + 1) };
        for game in games {
            index.starts.push(index.keys.len());
            let mut position = game.start;
            index.keys.push(key(&position));
            for pdn_move in &game.moves {
                position = position.play(&pdn_move.mv);
                index.keys.push(key(&position));
            }
        }
        index.starts.push(index.keys.len());
        index
    }

    /// Every game of `games` (the games the index was built from) that reaches
    /// `position`, with its rule set and side to move, each at the first ply it does.
    pub fn find(&self, games: &[PdnGame], position: &Position) -> Vec<Reached> {
        let wanted = key(position);
        let variant = position.variant();
        self.starts
            .windows(2)
            .enumerate()
            .filter(|&(game, _)| games.get(game).is_some_and(|pdn| pdn.start.variant() == variant))
            .filter_map(|(game, span)| {
                let ply = self.keys[span[0]..span[1]].iter().position(|&key| key == wanted)?;
                Some(Reached { game, ply })
            })
            .collect()
    }
}

/// A position's key: its pieces and side to move (a Frisian run of king moves, which
/// the hash holds too, does not make another position here).
pub fn key(position: &Position) -> u64 {
    position.with_king_run(Color::White, KingRun::NONE).with_king_run(Color::Black, KingRun::NONE).hash()
}

/// `position` with the colours reversed: the board turned round, each piece of the
/// other colour, and the other side to move (CheckerBoard's search "with colours
/// reversed" finds the games reaching it).
pub fn reversed(position: &Position) -> Position {
    let geometry = position.geometry();
    let last = geometry.size() - 1;
    let turn = |set: Bitboard| -> Bitboard {
        set.into_iter()
            .filter_map(|square| {
                let (file, rank) = geometry.coordinates(square);
                geometry.square_at(last - file, last - rank)
            })
            .collect()
    };
    Position::new(
        position.variant(),
        !position.side_to_move(),
        turn(position.pieces(Color::Black)),
        turn(position.pieces(Color::White)),
        turn(position.all_kings()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Variant, read_pdn};

    fn games(text: &str) -> Vec<PdnGame> {
        read_pdn(text, Variant::English).into_iter().map(|game| game.expect("the game reads")).collect()
    }

    #[test]
    fn a_position_is_found_in_every_game_reaching_it_by_any_order_of_moves() {
        // Games 1 and 3 reach the position after 11-15 23-19 8-11 22-17 by two orders of
        // moves; game 2 never does.
        let games = games(
            "1. 11-15 23-19 2. 8-11 22-17 3. 4-8 *\n\n\
             1. 11-15 22-17 2. 15-19 24x15 *\n\n\
             1. 11-15 22-17 2. 8-11 23-19 *\n",
        );
        let index = PositionIndex::build(&games);
        let mut game = games[0].game();
        game.undo();
        let found = index.find(&games, game.position());
        assert_eq!(found, [Reached { game: 0, ply: 4 }, Reached { game: 2, ply: 4 }]);
        let start = Position::start(Variant::English);
        assert_eq!(index.find(&games, &start).len(), 3);
    }

    #[test]
    fn the_same_pieces_of_another_rule_set_are_not_the_same_position() {
        let games = games("[GameType \"22\"]\n1. 22-18 *\n");
        let index = PositionIndex::build(&games);
        assert!(index.find(&games, &Position::start(Variant::English)).is_empty());
    }

    #[test]
    fn reversing_the_colours_turns_the_board_round() {
        // English, White's man on 32 (its corner) and Black's king on 5, Black to move:
        // reversed, Black's man stands on 1 and White's king on 28, White to move.
        let position = Position::from_fen(Variant::English, "B:W32:BK5").expect("a FEN");
        assert_eq!(reversed(&position).to_fen(), "W:WK28:B1");
        assert_eq!(reversed(&reversed(&position)), position);
        let start = Position::start(Variant::International);
        assert_eq!(reversed(&start).pieces(Color::White), start.pieces(Color::White));
        assert_eq!(reversed(&start).side_to_move(), Color::Black);
    }
}
