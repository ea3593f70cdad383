//! Where the databases are: the default directory, each rule set's directory below it,
//! and which rule sets share files.

use std::path::{Path, PathBuf};

use crate::rules::{Goal, Rules, Variant};

/// Whether two rule sets have the same moves, captures and goal from every position (they
/// may differ in draw rules, notation or who moves first): their databases are the same.
fn same_moves(a: &Rules, b: &Rules) -> bool {
    a.geometry == b.geometry
        && a.goal == b.goal
        && a.king_halts_behind_king == b.king_halts_behind_king
        && a.orthogonal_captures == b.orthogonal_captures
        && a.orthogonal_moves == b.orthogonal_moves
        && a.removed_as_jumped == b.removed_as_jumped
        && a.king_quiet_moves == b.king_quiet_moves
        && a.men_capture_backward == b.men_capture_backward
        && a.flying_kings == b.flying_kings
        && a.men_capture_kings == b.men_capture_kings
        && a.precedence == b.precedence
        && a.crowning == b.crowning
}

/// The rule set whose files serve `variant`: the first of [`Variant::ALL`] with the
/// same moves and captures (English for English-25, Spanish for Portuguese).
pub fn files_variant(variant: Variant) -> Variant {
    Variant::ALL.into_iter().find(|other| same_moves(other.rules(), variant.rules())).unwrap_or(variant)
}

/// Why databases of `variant` cannot be built, if they cannot: their solver scores a side
/// without moves as lost, which antidraughts (where it wins) and breakthrough (won by
/// crowning) do not; their index holds the pieces alone, not Frisian's counts of king
/// moves; and their index and solver know the dark-square boards only, not Turkish's.
pub fn unbuildable_reason(variant: Variant) -> Option<&'static str> {
    let rules = variant.rules();
    if rules.geometry.all_squares() {
        return Some("their index and solver know the dark-square boards only, not a board of 64 squares");
    }
    if rules.goal != Goal::TakeOrBlock {
        return Some("their solver scores a side without moves as lost, which is not how it is won");
    }
    if rules.king_quiet_moves.is_some() {
        return Some("their index holds the pieces alone, not the counts of king moves its rules need");
    }
    None
}

/// The default directory of the databases of every rule set: the platform's data
/// directory (`$XDG_DATA_HOME`, or `~/.local/share`, on Linux) then `crownhead/egdb`.
/// Each rule set's files are in a directory of its own below it, named by
/// [`files_variant`].
pub fn default_root() -> Option<PathBuf> {
    dirs::data_dir().map(|data| data.join("crownhead").join("egdb"))
}

/// The directory holding `variant`'s files under `root`.
pub fn variant_dir(root: &Path, variant: Variant) -> PathBuf {
    root.join(files_variant(variant).name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_sets_that_play_alike_share_files() {
        assert_eq!(files_variant(Variant::English25), Variant::English);
        assert_eq!(files_variant(Variant::Portuguese), Variant::Spanish);
        for variant in
            [Variant::English, Variant::Italian, Variant::SpanishShort, Variant::Russian, Variant::PlayOk]
        {
            assert_eq!(files_variant(variant), variant);
        }
    }

    /// A Turkish build was refused only by an invariant of the solver's, deep in it ("a
    /// quiet move left a side without pieces"); it is refused before it starts.
    #[test]
    fn turkish_databases_are_refused_with_their_reason() {
        assert!(unbuildable_reason(Variant::Turkish).is_some_and(|reason| reason.contains("64 squares")));
        assert_eq!(unbuildable_reason(Variant::English), None);
    }
}
