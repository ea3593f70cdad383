//! Capture sequences: every way a piece can capture, and the precedence rules that
//! choose among them.
//!
//! One depth-first walk serves men, short kings and flying kings in every rule set. It
//! follows the laws all rule sets share: a capture must be finished; no piece is jumped
//! twice; a flying king that can go on capturing must land where it can. Captured pieces
//! stay on the board until the move ends, so they block, except in Turkish, where each
//! leaves as it is jumped and a capture may not turn back the way it came instead. The walk hands each finished
//! sequence to a sink, which either collects moves (move generation) or looks for the
//! paths of one move (notation).
//!
//! Functions generic over `const V: usize` are compiled once per rule set (see
//! [`with_variant`](crate::with_variant)); `fixed_rules::<V>()` is then a constant.

use arrayvec::ArrayVec;

use super::{
    Bitboard, Color, Direction, MidCaptureCrowning, Move, MoveList, Position, Precedence, Square, fixed_rules,
};

/// The most pieces one capture can take: all the other squares of a 10x10 board.
const MAX_CAPTURES: usize = 49;

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
    /// The move this sequence makes.
    pub fn to_move(&self) -> Move {
        let to = self.landings.last().copied().unwrap_or(self.from);
        Move::new(self.from, to, self.captured, self.crowns)
    }
}

/// What is known of a sequence while it is being walked.
#[derive(Clone, Copy)]
struct Progress {
    captured: Bitboard,
    king_order: u32,
    crowned: bool,
}

impl Progress {
    const START: Progress = Progress { captured: Bitboard::EMPTY, king_order: 0, crowned: false };

    fn with_victim(self, victim: Square, is_king: bool) -> Progress {
        // Only the first 32 captures are ranked by order; no real position has more.
        let shift = 31u32.checked_sub(self.captured.count());
        let order_bit = match shift {
            Some(shift) if is_king => 1 << shift,
            _ => 0,
        };
        Progress {
            captured: self.captured | Bitboard::from_square(victim),
            king_order: self.king_order | order_bit,
            crowned: self.crowned,
        }
    }
}

/// The walk of one side's captures in one position.
struct Walk<F, const V: usize> {
    us: Color,
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

impl<F: FnMut(&Sequence), const V: usize> Walk<F, V> {
    #[inline(always)]
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

    #[inline(always)]
    fn step(set: Bitboard, direction: Direction) -> Bitboard {
        fixed_rules::<V>().geometry.step(set, direction)
    }

    /// The landing squares of the single jumps a piece on `at` has over `victims`: going
    /// up, going down, and along its rank. Unrolled, with constant shifts: most calls
    /// find nothing, and this is all they cost. Only the directions the rule set
    /// captures in are tried: the diagonals, and ranks and files in Frisian (which has
    /// both) and Turkish (which has only those).
    #[inline(always)]
    fn jumps(&self, at: Bitboard, victims: Bitboard) -> (Bitboard, Bitboard, Bitboard) {
        let rules = fixed_rules::<V>();
        let jump = |direction| Self::step(Self::step(at, direction) & victims, direction) & self.empty;
        let (mut up, mut down, mut sideways) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        if !rules.orthogonal_moves {
            up = jump(Direction::UpLeft) | jump(Direction::UpRight);
            down = jump(Direction::DownLeft) | jump(Direction::DownRight);
        }
        if rules.orthogonal_captures {
            up |= jump(Direction::Up);
            down |= jump(Direction::Down);
            sideways = jump(Direction::Left) | jump(Direction::Right);
        }
        (up, down, sideways)
    }

    /// Walks every capture a man on `at` can continue with; returns whether there was one.
    fn man(&mut self, at: Square, progress: Progress) -> bool {
        let rules = fixed_rules::<V>();
        let us = self.us;
        let victims = self.man_victims & !progress.captured;
        let (up, down, sideways) = self.jumps(Bitboard::from_square(at), victims);
        let landings = sideways
            | match (rules.men_capture_backward, us) {
                (true, _) => up | down,
                (false, Color::White) => up,
                (false, Color::Black) => down,
            };
        for landing in landings {
            let victim = Square::jumped(at, landing);
            let next = progress.with_victim(victim, self.opponent_kings.contains(victim));
            self.landings.push(landing);
            if rules.geometry.promotion_rank(us).contains(landing) {
                let crowned = Progress { crowned: true, ..next };
                match rules.crowning {
                    MidCaptureCrowning::EndsMove => self.finish(crowned),
                    MidCaptureCrowning::ContinuesAsKing => {
                        // No way to turn back is barred: no rule set with this crowning
                        // removes pieces as they are jumped (variant.rs checks).
                        if !self.king(landing, crowned, None) {
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
        landings.any()
    }

    /// Walks every capture a king on `at` can continue with, having come the way `came`
    /// by its last jump, if any; returns whether there was one.
    fn king(&mut self, at: Square, progress: Progress, came: Option<Direction>) -> bool {
        let rules = fixed_rules::<V>();
        let victims = self.king_victims & !progress.captured;
        if !rules.flying_kings {
            let (up, down, sideways) = self.jumps(Bitboard::from_square(at), victims);
            let landings = up | down | sideways;
            for landing in landings {
                let victim = Square::jumped(at, landing);
                let next = progress.with_victim(victim, self.opponent_kings.contains(victim));
                self.land(landing, next);
            }
            return landings.any();
        }
        let directions: &[Direction] = match (rules.orthogonal_moves, rules.orthogonal_captures) {
            (true, _) => &Direction::ORTHOGONALS,
            (false, true) => &Direction::ALL,
            (false, false) => &Direction::DIAGONALS,
        };
        // Turkish: the pieces taken are gone, and the king may not turn back.
        let empty = if rules.removed_as_jumped { self.empty | progress.captured } else { self.empty };
        let mut found = false;
        for &direction in directions {
            if rules.removed_as_jumped && came == Some(direction.opposite()) {
                continue;
            }
            let mut next_square = Self::step(Bitboard::from_square(at), direction);
            while (next_square & empty).any() {
                next_square = Self::step(next_square, direction);
            }
            let victim = next_square & victims;
            let behind = Self::step(victim, direction) & empty;
            let Some(victim) = victim.first().filter(|_| behind.any()) else {
                continue;
            };
            found = true;
            let takes_king = self.opponent_kings.contains(victim);
            let next = progress.with_victim(victim, takes_king);
            let mut landings = Bitboard::EMPTY;
            let mut landing = behind;
            while landing.any() {
                landings |= landing;
                landing = Self::step(landing, direction) & empty;
            }
            let mut continued = false;
            for square in landings {
                self.landings.push(square);
                continued |= self.king(square, next, Some(direction));
                self.landings.pop();
            }
            if !continued {
                // Killer: a capture that ends on a king ends right behind it.
                let ends = if rules.king_halts_behind_king && takes_king { behind } else { landings };
                for square in ends {
                    self.landings.push(square);
                    self.finish(next);
                    self.landings.pop();
                }
            }
        }
        found
    }

    /// A short king lands on `landing`: it goes on capturing if it can, else the move ends.
    fn land(&mut self, landing: Square, progress: Progress) {
        self.landings.push(landing);
        if !self.king(landing, progress, None) {
            self.finish(progress);
        }
        self.landings.pop();
    }
}

/// The opponent pieces a man of the side to move may capture (not kings in Italian).
#[inline(always)]
fn man_victims<const V: usize>(position: &Position) -> Bitboard {
    let them = !position.side_to_move();
    if fixed_rules::<V>().men_capture_kings { position.pieces(them) } else { position.men(them) }
}

/// The men of the side to move that have a capture. Kings are not considered.
#[inline(always)]
fn men_with_captures<const V: usize>(position: &Position) -> Bitboard {
    let rules = fixed_rules::<V>();
    let geometry = &rules.geometry;
    let us = position.side_to_move();
    let victims = man_victims::<V>(position);
    let men = position.men(us);
    let empty = position.empty();
    let mut capturers = Bitboard::EMPTY;
    let mut add = |direction: Direction| {
        let back = direction.opposite();
        let jumpable = geometry.step(empty, back) & victims;
        capturers |= geometry.step(jumpable, back) & men;
    };
    if !rules.orthogonal_moves {
        Direction::for_each_diagonal(|direction| {
            if rules.men_capture_backward || direction.is_forward(us) {
                add(direction);
            }
        });
    }
    if rules.orthogonal_captures {
        Direction::for_each_orthogonal(|direction| {
            if rules.men_capture_backward || !direction.is_backward(us) {
                add(direction);
            }
        });
    }
    capturers
}

/// The kings of the side to move that can capture.
#[inline(always)]
fn kings_with_captures<const V: usize>(position: &Position) -> Bitboard {
    let rules = fixed_rules::<V>();
    let geometry = &rules.geometry;
    let us = position.side_to_move();
    let kings = position.kings(us);
    if kings.is_empty() {
        return kings;
    }
    let victims = position.pieces(!us);
    let empty = position.empty();
    let mut capturers = Bitboard::EMPTY;
    let mut add = |direction: Direction| {
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
    };
    if !rules.orthogonal_moves {
        Direction::for_each_diagonal(&mut add);
    }
    if rules.orthogonal_captures {
        Direction::for_each_orthogonal(&mut add);
    }
    capturers
}

/// The pieces of the side to move that can capture, found with whole-board shifts
/// before any sequence is walked.
#[derive(Clone, Copy)]
pub struct Capturers {
    men: Bitboard,
    kings: Bitboard,
}

impl Capturers {
    /// Whether there is a capture (and so the side to move must capture).
    #[inline(always)]
    pub fn any(self) -> bool {
        (self.men | self.kings).any()
    }

    fn only(self, pieces: Bitboard) -> Capturers {
        Capturers { men: self.men & pieces, kings: self.kings & pieces }
    }
}

/// The pieces of the side to move that can capture.
#[inline(always)]
pub fn capturers<const V: usize>(position: &Position) -> Capturers {
    Capturers { men: men_with_captures::<V>(position), kings: kings_with_captures::<V>(position) }
}

/// Walks every finished capture sequence of `capturers`, handing each to `sink`. No
/// precedence rule is applied.
#[inline(always)]
fn walk_captures<const V: usize>(position: &Position, capturers: Capturers, sink: impl FnMut(&Sequence)) {
    if !capturers.any() {
        return;
    }
    let us = position.side_to_move();
    let them = !us;
    let empty = position.empty();
    let mut walk = Walk::<_, V> {
        us,
        king_victims: position.pieces(them),
        man_victims: man_victims::<V>(position),
        opponent_kings: position.kings(them),
        empty,
        from: Square::from_index(0),
        by_king: false,
        landings: ArrayVec::new(),
        sink,
    };
    for (pieces, by_king) in [(capturers.men, false), (capturers.kings, true)] {
        walk.by_king = by_king;
        for from in pieces {
            walk.from = from;
            walk.empty = empty | Bitboard::from_square(from);
            if by_king {
                walk.king(from, Progress::START, None);
            } else {
                walk.man(from, Progress::START);
            }
        }
    }
}

/// Adds the legal captures of the side to move to `list`: every finished sequence the
/// precedence rule allows, each (from, to, captured set, crowning) once.
#[inline(always)]
pub fn generate_captures<const V: usize>(position: &Position, capturers: Capturers, list: &mut MoveList) {
    let rules = fixed_rules::<V>();
    let precedence = rules.precedence;
    let mut best = 0u64;
    walk_captures::<V>(position, capturers, |sequence| {
        let rank = precedence_rank(precedence, sequence);
        if rank < best {
            return;
        }
        if rank > best {
            list.clear();
            best = rank;
        }
        let mv = sequence.to_move();
        // A man that captures forward only has one path per captured set: each jump
        // climbs two ranks. Kings, and men capturing backward or sideways, can loop.
        let may_repeat = sequence.by_king || rules.men_capture_backward || rules.orthogonal_moves;
        if !may_repeat || !list.contains(&mv) {
            // A full list can only come from a contrived position; the moves kept are
            // still legal.
            let _ = list.try_push(mv);
        }
    });
}

/// The number of legal captures of `capturers`. Where every sequence is allowed (free
/// choice) and no two can be the same move (men capturing forward only, no king
/// capturing), the sequences are counted as they are found, without a list.
#[inline(always)]
pub fn count_captures<const V: usize>(position: &Position, capturers: Capturers) -> usize {
    let rules = fixed_rules::<V>();
    let one_path_each = !rules.men_capture_backward && !rules.orthogonal_moves && capturers.kings.is_empty();
    if rules.precedence == Precedence::Free && one_path_each {
        let mut count = 0;
        walk_captures::<V>(position, capturers, |_| count += 1);
        return count;
    }
    let mut list = MoveList::new();
    generate_captures::<V>(position, capturers, &mut list);
    list.len()
}

/// Every landing-square path by which `mv` can be played in `position`, in walk order
/// (on each straight run, the nearest landing square first).
pub fn capture_paths(position: &Position, mv: &Move) -> Vec<Vec<Square>> {
    fn paths<const V: usize>(position: &Position, mv: &Move) -> Vec<Vec<Square>> {
        let mut paths = Vec::new();
        let capturers = capturers::<V>(position).only(Bitboard::from_square(mv.from()));
        walk_captures::<V>(position, capturers, |sequence| {
            if sequence.to_move() == *mv {
                paths.push(sequence.landings.to_vec());
            }
        });
        paths
    }
    crate::with_variant!(position.variant(), paths(position, mv))
}

/// How good a sequence is by the precedence rule: only the best may be played.
#[inline(always)]
fn precedence_rank(precedence: Precedence, sequence: &Sequence) -> u64 {
    let pieces = u64::from(sequence.captured.count());
    let kings = u64::from(sequence.king_order.count_ones());
    let by_king = u64::from(sequence.by_king);
    match precedence {
        Precedence::Frisian => ((pieces - kings) * 100 + kings * 199) << 1 | by_king,
        Precedence::Free => 0,
        Precedence::MostPieces => pieces,
        Precedence::MostPiecesThenKings => pieces << 8 | kings,
        Precedence::Italian => pieces << 48 | by_king << 40 | kings << 32 | u64::from(sequence.king_order),
        Precedence::KingFirst => by_king,
    }
}
