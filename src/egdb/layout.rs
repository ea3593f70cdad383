//! Where the databases are: the default directory, each rule set's directory below it,
//! and which rule sets share files.

use std::path::{Path, PathBuf};

use crate::rules::{Goal, Rules, Variant};

/// Whether two rule sets have the same moves, captures, goal and draws of material from
/// every position (they may differ in draw rules of move counts, notation or who moves
/// first): their databases are the same.
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
        && a.draws.one_piece_each == b.draws.one_piece_each
}

/// The rule set whose files serve `variant`: the first of [`Variant::ALL`] with the
/// same moves and captures (English for English-25, Spanish for Portuguese).
pub fn files_variant(variant: Variant) -> Variant {
    Variant::ALL.into_iter().find(|other| same_moves(other.rules(), variant.rules())).unwrap_or(variant)
}

/// Why databases of `variant` cannot be built, if they cannot: their solver scores a side
/// without moves as lost, which antidraughts (where it wins) and breakthrough (won by
/// crowning) do not; and their index holds the pieces alone, not Frisian's counts of king
/// moves.
pub fn unbuildable_reason(variant: Variant) -> Option<&'static str> {
    let rules = variant.rules();
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

    #[test]
    fn rule_sets_the_solver_cannot_score_are_refused() {
        for variant in [Variant::Antidraughts, Variant::Breakthrough, Variant::Frisian] {
            assert!(unbuildable_reason(variant).is_some(), "{variant}");
        }
        for variant in [Variant::English, Variant::International, Variant::Turkish] {
            assert_eq!(unbuildable_reason(variant), None, "{variant}");
        }
    }
}
