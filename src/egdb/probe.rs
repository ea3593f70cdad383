//! Reading a rule set's database files and probing positions.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ahash::AHashMap;

use super::file::{self, Label};
use super::index::Indexer;
use super::slice::{Slice, TableKey};
use super::values::{Codes, Value};
use super::{EgdbError, files_variant, variant_dir};
use crate::rules::{Color, MoveList, Position, Variant};

/// A slice's tables, read when first needed (or why they could not be).
type Loaded = OnceLock<Result<Vec<Codes>, EgdbError>>;

/// The database of a rule set in a directory, up to a number of pieces. A slice's file is
/// read the first time one of its positions is probed, and kept.
#[derive(Debug)]
pub struct Database {
    variant: Variant,
    dir: PathBuf,
    pieces: u8,
    indexer: Indexer,
    slices: AHashMap<Slice, Loaded>,
}

impl Database {
    /// The database of `variant` (or of the rule set whose files serve it) under `root`
    /// (files in `root/<rule set>/`), for positions of up to `pieces` pieces. Nothing is
    /// read yet.
    pub fn open(variant: Variant, root: &Path, pieces: u8) -> Database {
        let variant = files_variant(variant);
        let geometry = &variant.rules().geometry;
        Database {
            variant,
            dir: variant_dir(root, variant),
            pieces,
            indexer: Indexer::new(geometry),
            slices: Slice::all(geometry, pieces).into_iter().map(|slice| (slice, OnceLock::new())).collect(),
        }
    }

    /// The rule set whose files these are.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The directory of the files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The indexer of the board.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// Where `slice`'s file is.
    pub fn path(&self, slice: Slice) -> PathBuf {
        self.dir.join(format!("{slice}.egdb"))
    }

    /// What a file of `slice` must say it is.
    pub fn label(&self, slice: Slice) -> Label<'static> {
        Label { rule_set: self.variant.name(), squares: self.variant.rules().geometry.square_count(), slice }
    }

    /// The value of `position` for the side to move. When a capture is pending, the
    /// captures are played and their values probed (files store no value there).
    ///
    /// # Errors
    /// The position is of a rule set these files do not serve, has more pieces than the
    /// database, or the side not to move has none; a file it needs is missing or bad.
    pub fn value(&self, position: &Position) -> Result<Value, EgdbError> {
        if position.variant() == self.variant {
            return self.value_of(position);
        }
        self.value_of(&self.own(position)?)
    }

    fn value_of(&self, position: &Position) -> Result<Value, EgdbError> {
        if position.pieces(position.side_to_move()).is_empty() {
            return Ok(Value::Loss);
        }
        if !position.has_capture() {
            let (table, index) = self.indexer.locate(position).ok_or_else(|| {
                EgdbError::NotCovered("the side not to move has no pieces: the game is over".into())
            })?;
            return self.stored(table, index);
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut best = Value::Loss;
        for mv in &moves {
            best = best.max(self.value_of(&position.play(mv))?.negate());
            if best == Value::Win {
                break;
            }
        }
        Ok(best)
    }

    /// `position` as a position of the rule set of the files.
    fn own(&self, position: &Position) -> Result<Position, EgdbError> {
        if files_variant(position.variant()) != self.variant {
            return Err(EgdbError::NotCovered(format!(
                "a position of {}, the database is of {}",
                position.variant(),
                self.variant
            )));
        }
        let kings = position.kings(Color::White) | position.kings(Color::Black);
        let (white, black) = (position.pieces(Color::White), position.pieces(Color::Black));
        Ok(Position::new(self.variant, position.side_to_move(), white, black, kings))
    }

    /// The value stored at `index` of `table` (meaningless where a capture is pending).
    ///
    /// # Errors
    /// The table has more pieces than the database, or its file is missing or bad.
    pub fn stored(&self, table: TableKey, index: u64) -> Result<Value, EgdbError> {
        let slice = Slice::of(table);
        let tables = self.slice(slice)?;
        let codes = &tables[usize::from(table != slice.first())];
        if index >= codes.len() {
            return Err(EgdbError::file(&self.path(slice), "fewer positions than the table has"));
        }
        Value::from_code(codes.get(index))
            .ok_or_else(|| EgdbError::file(&self.path(slice), "an unknown value is stored"))
    }

    /// The codes of `slice`'s tables, read from its file the first time.
    ///
    /// # Errors
    /// The slice has more pieces than the database, or its file is missing or bad.
    pub fn slice(&self, slice: Slice) -> Result<&[Codes], EgdbError> {
        let cell = self.slices.get(&slice).ok_or_else(|| {
            EgdbError::NotCovered(format!(
                "{} pieces, more than the {} asked for",
                slice.pieces(),
                self.pieces
            ))
        })?;
        let loaded = cell.get_or_init(|| {
            let path = self.path(slice);
            if !path.exists() {
                return Err(EgdbError::Missing { slice: slice.to_string(), path });
            }
            let codes = file::read(&path, self.label(slice))?;
            let indexer = &self.indexer;
            if codes.iter().zip(slice.tables()).any(|(codes, table)| codes.len() != indexer.table_size(table))
            {
                return Err(EgdbError::file(&path, "a table's size is not its slice's"));
            }
            Ok(codes)
        });
        loaded.as_deref().map_err(Clone::clone)
    }
}
