//! Capture sequences: every way a piece can capture, and the precedence rules that
//! choose among them.
//!
//! One depth-first walk serves men, short kings and flying kings in every rule set. It
//! follows the laws all rule sets share: a capture must be finished; captured pieces stay
//! on the board until the move ends, so they block and cannot be jumped twice; a flying
//! king that can go on capturing must land where it can. The walk hands each finished
//! sequence to a sink, which either collects moves (move generation) or looks for the
//! paths of one move (notation).

use arrayvec::ArrayVec;

use super::{Bitboard, Color, Direction, Geometry, MidCaptureCrowning, Move, MoveList, Position, Precedence, Square};

/// The most pieces one capture can take: every piece of a full side on 10x10.
const MAX_CAPTURES: usize = 20;

/// A finished capture sequence, as the walk hands it to its sink.
pub struct Sequence<'a> {
    /// Where the capturing piece started.
    pub from: Square,
    /// The squares it landed on, in order; the last is where it ends.
    pub landings: &'a [Square],
    /// The pieces it captured.
    pub captured: Bitboard,
    /// Whether it is a man crowned by the move.
    pub crowns: bool,
    /// Whether the capturing piece is a king.
    pub by_king: bool,
    /// Bit `31 - i` is set when the `i`-th captured piece is a king, so that a larger
    /// value means kings met earlier (the Italian fourth priority).
    pub king_order: u32,
}

impl Sequence<'_> {
    /// Where the capturing piece ends.
    pub fn to(&self) -> Square {
        *self.landings.last().expect("a sequence captures at least once")
    }

    /// The move this sequence makes.
    pub fn to_move(&self) -> Move {
        Move::new(self.from, self.to(), self.captured, self.crowns)
    }
}

/// The state of the walk for one capturing piece.
struct Walk<'p, F> {
    geometry: &'p Geometry,
    crowning: MidCaptureCrowning,
    flying_kings: bool,
    man_directions: &'p [Direction],
    promotion: Bitboard,
    /// Opponent pieces a king may capture.
    king_victims: Bitboard,
    /// Opponent pieces a man may capture.
    man_victims: Bitboard,
    opponent_kings: Bitboard,
    /// Empty squares, counting the capturing piece's own start square.
    empty: Bitboard,
    from: Square,
    by_king: bool,
    landings: ArrayVec<Square, MAX_CAPTURES>,
    sink: F,
}

/// What is known of a sequence while it is being walked.
#[derive(Clone, Copy)]
struct Progress {
    captured: Bitboard,
    king_order: u32,
    crowned: bool,
}

impl Progress {
    fn with_victim(self, victim: Square, is_king: bool) -> Progress {
        let order_bit = if is_king { 1 << (31 - self.captured.count()) } else { 0 };
        Progress {
            captured: self.captured | Bitboard::from_square(victim),
            king_order: self.king_order | order_bit,
            crowned: self.crowned,
        }
    }
}

impl<F: FnMut(&Sequence)> Walk<'_, F> {
    fn finish(&mut self, progress: Progress) {
        let sequence = Sequence {
            from: self.from,
            landings: &self.landings,
            captured: progress.captured,
            crowns: progress.crowned,
            by_king: self.by_king,
            king_order: progress.king_order,
        };
        (self.sink)(&sequence);
    }

    /// The square beyond `victim` in `direction` if `victim` can be captured from there
    /// by jumping in that direction.
    fn jump(&self, victim: Option<Square>, direction: Direction, victims: Bitboard, progress: Progress) -> Option<(Square, Square)> {
        let victim = victim.filter(|&square| victims.contains(square) && !progress.captured.contains(square))?;
        let landing = self.geometry.neighbour(victim, direction)?;
        self.empty.contains(landing).then_some((victim, landing))
    }

    /// Walks every capture a man on `at` can continue with; returns whether there was one.
    fn man(&mut self, at: Square, progress: Progress) -> bool {
        let mut found = false;
        for index in 0..self.man_directions.len() {
            let direction = self.man_directions[index];
            let neighbour = self.geometry.neighbour(at, direction);
            let Some((victim, landing)) = self.jump(neighbour, direction, self.man_victims, progress) else {
                continue;
            };
            found = true;
            let next = progress.with_victim(victim, self.opponent_kings.contains(victim));
            self.landings.push(landing);
            if self.promotion.contains(landing) {
                let crowned = Progress { crowned: true, ..next };
                match self.crowning {
                    MidCaptureCrowning::EndsMove => self.finish(crowned),
                    MidCaptureCrowning::ContinuesAsKing => {
                        if !self.king(landing, crowned) {
                            self.finish(crowned);
                        }
                    }
                    MidCaptureCrowning::ContinuesAsMan => {
                        if !self.man(landing, next) {
                            self.finish(crowned);
                        }
                    }
                }
            } else if !self.man(landing, next) {
                self.finish(next);
            }
            self.landings.pop();
        }
        found
    }

    /// Walks every capture a king on `at` can continue with; returns whether there was one.
    fn king(&mut self, at: Square, progress: Progress) -> bool {
        let mut found = false;
        for direction in Direction::ALL {
            let mut neighbour = self.geometry.neighbour(at, direction);
            if self.flying_kings {
                while let Some(square) = neighbour.filter(|&square| self.empty.contains(square)) {
                    neighbour = self.geometry.neighbour(square, direction);
                }
            }
            let Some((victim, first_landing)) = self.jump(neighbour, direction, self.king_victims, progress) else {
                continue;
            };
            found = true;
            let next = progress.with_victim(victim, self.opponent_kings.contains(victim));
            if !self.flying_kings {
                self.landings.push(first_landing);
                if !self.king(first_landing, next) {
                    self.finish(next);
                }
                self.landings.pop();
                continue;
            }
            let mut landings = ArrayVec::<Square, 9>::new();
            let mut landing = Some(first_landing);
            while let Some(square) = landing.filter(|&square| self.empty.contains(square)) {
                landings.push(square);
                landing = self.geometry.neighbour(square, direction);
            }
            let mut continued = false;
            for &square in &landings {
                self.landings.push(square);
                continued |= self.king(square, next);
                self.landings.pop();
            }
            if !continued {
                for &square in &landings {
                    self.landings.push(square);
                    self.finish(next);
                    self.landings.pop();
                }
            }
        }
        found
    }
}

/// The men of the side to move that have a capture in at least one direction they may
/// capture in. Kings are not considered.
pub fn men_with_captures(position: &Position) -> Bitboard {
    let rules = position.rules();
    let geometry = &rules.geometry;
    let us = position.side_to_move();
    let them = !us;
    let victims = if rules.men_capture_kings { position.pieces(them) } else { position.men(them) };
    let men = position.men(us);
    let empty = position.empty();
    let mut capturers = Bitboard::EMPTY;
    for &direction in man_capture_directions(rules.men_capture_backward, us) {
        let back = direction.opposite();
        let jumpable = geometry.step(empty, back) & victims;
        capturers |= geometry.step(jumpable, back) & men;
    }
    capturers
}

/// The kings of the side to move that can capture.
pub fn kings_with_captures(position: &Position) -> Bitboard {
    let rules = position.rules();
    let geometry = &rules.geometry;
    let us = position.side_to_move();
    let victims = position.pieces(!us);
    let empty = position.empty();
    let kings = position.kings(us);
    let mut capturers = Bitboard::EMPTY;
    for direction in Direction::ALL {
        let back = direction.opposite();
        let jumpable = geometry.step(empty, back) & victims;
        let mut reach = geometry.step(jumpable, back);
        if rules.flying_kings {
            let mut ray = reach & empty;
            while ray.any() {
                ray = geometry.step(ray, back);
                reach |= ray;
                ray &= empty;
            }
        }
        capturers |= reach & kings;
    }
    capturers
}

/// Whether the side to move has a capture (and so must capture).
pub fn has_capture(position: &Position) -> bool {
    men_with_captures(position).any() || kings_with_captures(position).any()
}

/// Walks every finished capture sequence of the side to move by the pieces in `pieces`,
/// handing each to `sink`. No precedence rule is applied.
pub fn walk_captures(position: &Position, pieces: Bitboard, sink: impl FnMut(&Sequence)) {
    let rules = position.rules();
    let us = position.side_to_move();
    let them = !us;
    let capturers = pieces & (men_with_captures(position) | kings_with_captures(position));
    let mut walk = Walk {
        geometry: &rules.geometry,
        crowning: rules.crowning,
        flying_kings: rules.flying_kings,
        man_directions: man_capture_directions(rules.men_capture_backward, us),
        promotion: rules.geometry.promotion_rank(us),
        king_victims: position.pieces(them),
        man_victims: if rules.men_capture_kings { position.pieces(them) } else { position.men(them) },
        opponent_kings: position.kings(them),
        empty: position.empty(),
        from: Square::from_index(0),
        by_king: false,
        landings: ArrayVec::new(),
        sink,
    };
    let start = Progress {
        captured: Bitboard::EMPTY,
        king_order: 0,
        crowned: false,
    };
    let empty = walk.empty;
    for from in capturers {
        walk.from = from;
        walk.empty = empty | Bitboard::from_square(from);
        walk.by_king = position.kings(us).contains(from);
        if walk.by_king {
            walk.king(from, start);
        } else {
            walk.man(from, start);
        }
    }
}

/// Adds the legal captures of the side to move to `list`: every finished sequence the
/// precedence rule allows, each (from, to, captured set, crowning) once.
pub fn generate_captures(position: &Position, list: &mut MoveList) {
    let precedence = position.rules().precedence;
    let mut best = 0u64;
    walk_captures(position, position.pieces(position.side_to_move()), |sequence| {
        let rank = precedence_rank(precedence, sequence);
        if rank < best {
            return;
        }
        if rank > best {
            list.clear();
            best = rank;
        }
        let mv = sequence.to_move();
        if !list.contains(&mv) {
            // A full list can only come from a contrived position; the moves kept are
            // still legal.
            let _ = list.try_push(mv);
        }
    });
}

/// Every landing-square path by which `mv` can be played, in walk order (the nearest
/// landing square first on each straight run).
pub fn capture_paths(position: &Position, mv: &Move) -> Vec<Vec<Square>> {
    let mut paths = Vec::new();
    walk_captures(position, Bitboard::from_square(mv.from()), |sequence| {
        if sequence.to_move() == *mv {
            paths.push(sequence.landings.to_vec());
        }
    });
    paths
}

/// How good a sequence is by the precedence rule: only the best may be played.
fn precedence_rank(precedence: Precedence, sequence: &Sequence) -> u64 {
    let pieces = u64::from(sequence.captured.count());
    let kings = u64::from(sequence.king_order.count_ones());
    let by_king = u64::from(sequence.by_king);
    match precedence {
        Precedence::Free => 0,
        Precedence::MostPieces => pieces,
        Precedence::MostPiecesThenKings => pieces << 8 | kings,
        Precedence::Italian => pieces << 48 | by_king << 40 | kings << 32 | u64::from(sequence.king_order),
        Precedence::KingFirst => by_king,
    }
}

fn man_capture_directions(backward: bool, color: Color) -> &'static [Direction] {
    if backward { &Direction::ALL } else { Direction::forward(color) }
}
