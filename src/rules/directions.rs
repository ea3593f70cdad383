//! Which ways pieces move under a rule set: along the diagonals everywhere but Turkish,
//! along ranks and files there, where men also step sideways.

use super::{Color, Direction, Rules};

impl Rules {
    /// Calls `visit` with each direction pieces make quiet moves in: the four diagonals,
    /// or the four ways along ranks and files (Turkish). Unrolled, as
    /// [`Direction::for_each_diagonal`] is.
    #[inline(always)]
    pub fn for_each_move_direction(&self, visit: impl FnMut(Direction)) {
        if self.orthogonal_moves {
            Direction::for_each_orthogonal(visit);
        } else {
            Direction::for_each_diagonal(visit);
        }
    }

    /// Whether a man of `color` makes quiet moves in `direction`: forward, and in
    /// Turkish sideways too.
    #[inline(always)]
    pub const fn man_moves_toward(&self, direction: Direction, color: Color) -> bool {
        direction.is_forward(color) || (self.orthogonal_moves && !direction.is_backward(color))
    }
}
