//! Truer labels where they are known: a position an endgame database holds is labelled
//! with its value, in place of the game's result and the search's score, which at a fixed
//! node count misjudge many endings.

use crate::egdb::{Database, Value};

use super::dataset::Example;

/// The score a database win is labelled with, in centi-men for the side to move: 50 men,
/// as the search scores a database win before its evaluation is added, so that the
/// target is the result's whatever the lambda.
const WIN_SCORE: i16 = 5_000;

/// Labels every example `database` holds with its value: result and score alike (a win
/// 1 and [`WIN_SCORE`], a draw 0 and 0, a loss -1 and minus it). Returns how many.
pub fn relabel(examples: &mut [Example], database: &Database) -> usize {
    let mut relabelled = 0;
    for example in examples.iter_mut() {
        let Some(value) = database.probe(&example.position) else { continue };
        (example.result, example.score) = match value {
            Value::Win => (1, WIN_SCORE),
            Value::Draw => (0, 0),
            Value::Loss => (-1, -WIN_SCORE),
        };
        relabelled += 1;
    }
    relabelled
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};
    use crate::tools::commands::egdb::{BuildOptions, build};

    /// Two kings against one win for the side with two, whoever moves (English, 3
    /// pieces); a king each is a draw; positions of more pieces than the database's keep
    /// their labels.
    #[test]
    fn positions_the_database_holds_take_its_value() {
        let root = std::env::temp_dir().join(format!("crownhead-relabel-{}", std::process::id()));
        let options = BuildOptions {
            variant: Variant::English,
            pieces: 3,
            root: root.clone(),
            threads: 1,
            slice: None,
            progress: false,
        };
        build(&options, &mut Vec::new()).expect("the database builds");
        let database = Database::for_search(Variant::English, &root).expect("it opens");
        let example = |fen: &str| Example {
            position: Position::from_fen(Variant::English, fen).expect("a FEN"),
            score: 37,
            result: 0,
        };
        let mut examples = [
            example("W:WK14,K23:BK1"),
            example("B:WK14,K23:BK1"),
            example("W:WK14:BK1"),
            example("W:WK14,K23,K32:BK1"),
        ];
        assert_eq!(relabel(&mut examples, &database), 3);
        let labels: Vec<(i8, i16)> = examples.iter().map(|example| (example.result, example.score)).collect();
        assert_eq!(labels, [(1, WIN_SCORE), (-1, -WIN_SCORE), (0, 0), (0, 37)]);
        let _ = std::fs::remove_dir_all(root);
    }
}
