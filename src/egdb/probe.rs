//! Reading a rule set's database files and probing positions.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use ahash::{AHashMap, AHashSet};

use super::blocks::{BLOCK_LOG2, Blocks, Unreadable};
use super::builtin::{self, Bundle};
use super::file::{self, Label};
use super::index::Indexer;
use super::slice::{Slice, TableKey};
use super::values::{Codes, Value};
use super::{EgdbError, files_variant, variant_dir};
use crate::rules::{Color, Geometry, Move, MoveList, Position, Variant};

/// How a database keeps the tables it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Storage {
    /// Decoded, two bits a position: the quickest lookups, for building and verifying,
    /// which read every value.
    Decoded,
    /// As the files store them, a value decoded from its block when read: memory about
    /// the size of the files, and a slice ready as soon as its file is read, for the
    /// search, which reads few values of many slices.
    Compressed,
}

/// A table read from its file.
#[derive(Debug)]
enum Table {
    Decoded(Codes),
    Compressed(Blocks),
}

impl Table {
    fn len(&self) -> u64 {
        match self {
            Table::Decoded(codes) => codes.len(),
            Table::Compressed(blocks) => blocks.len(),
        }
    }

    /// The code at `index`, below the table's length.
    fn code(&self, index: u64) -> Result<u8, Unreadable> {
        match self {
            // Decoding left 0 (unknown) in damaged blocks only: a sound block has none.
            Table::Decoded(codes) => match codes.get(index) {
                0 => Err(Unreadable::Damaged { block: (index >> BLOCK_LOG2) as usize }),
                code => Ok(code),
            },
            Table::Compressed(blocks) => blocks.get(index),
        }
    }
}

/// A slice's tables, read when first needed (or why they could not be).
type Loaded = OnceLock<Result<Vec<Table>, EgdbError>>;

/// The database of a rule set in a directory, or built into the binary, up to a number
/// of pieces. A slice's file is read the first time one of its positions is probed, and
/// kept.
#[derive(Debug)]
pub struct Database {
    variant: Variant,
    /// The directory of the files; for the built-in database, [`BUILT_IN`] then the rule
    /// set, which error messages name.
    dir: PathBuf,
    /// The built-in files, read in place of the directory's.
    bundle: Option<&'static Bundle>,
    pieces: u8,
    storage: Storage,
    indexer: Indexer,
    slices: AHashMap<Slice, Loaded>,
    /// The damaged blocks logged already (slice, table, block), each logged once.
    warned: Mutex<AHashSet<(Slice, usize, usize)>>,
}

impl Database {
    /// The database of `variant` (or of the rule set whose files serve it) under `root`
    /// (files in `root/<rule set>/`), for positions of up to `pieces` pieces, its
    /// tables decoded when read. Nothing is read yet.
    pub fn open(variant: Variant, root: &Path, pieces: u8) -> Database {
        Database::with_storage(variant, root, pieces, Storage::Decoded)
    }

    /// The database the search probes: `variant`'s files under `root` up to the most
    /// pieces for which every slice has a file, kept compressed. `None` when there is
    /// no such file (no directory, or not every slice of two pieces). Only which files
    /// exist is looked at: a bad file is reported (a warning in the log, with its path)
    /// and skipped when the search first needs it.
    pub fn for_search(variant: Variant, root: &Path) -> Option<Database> {
        let variant = files_variant(variant);
        let dir = variant_dir(root, variant);
        let pieces = pieces_held(&variant.rules().geometry, |slice| slice_file(&dir, slice).is_file());
        (pieces >= 2).then(|| Database::with_storage(variant, root, pieces, Storage::Compressed))
    }

    /// The database a search of `variant` probes: the files under `root`
    /// ([`Database::for_search`]), unless they cover fewer pieces than the rule set's
    /// built-in database, which then serves. `None` when neither exists.
    pub fn preferred(variant: Variant, root: Option<&Path>) -> Option<Database> {
        let on_disk = root.and_then(|root| Database::for_search(variant, root));
        match (on_disk, Database::builtin(variant)) {
            (Some(on_disk), Some(builtin)) if on_disk.pieces() < builtin.pieces() => Some(builtin),
            (on_disk, builtin) => on_disk.or(builtin),
        }
    }

    /// The database built into the binary for `variant` (or for the rule set whose
    /// files serve it), kept compressed, for the search; `None` where none is built in.
    pub fn builtin(variant: Variant) -> Option<Database> {
        let variant = files_variant(variant);
        let bundle = builtin::bundle(variant)?;
        let pieces = pieces_held(&variant.rules().geometry, |slice| bundle.files.contains_key(&slice));
        if pieces < 2 {
            return None;
        }
        let mut database = Database::with_storage(variant, Path::new(BUILT_IN), pieces, Storage::Compressed);
        database.bundle = Some(bundle);
        Some(database)
    }

    fn with_storage(variant: Variant, root: &Path, pieces: u8, storage: Storage) -> Database {
        let variant = files_variant(variant);
        let geometry = &variant.rules().geometry;
        Database {
            variant,
            dir: variant_dir(root, variant),
            bundle: None,
            pieces,
            storage,
            indexer: Indexer::new(geometry),
            slices: Slice::all(geometry, pieces).into_iter().map(|slice| (slice, OnceLock::new())).collect(),
            warned: Mutex::default(),
        }
    }

    /// The most pieces of a position the database covers.
    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    /// The value of `position`, if the database holds it: it has at most
    /// [`Database::pieces`] pieces and the files it needs are there and sound, as are the
    /// blocks it reads (`None`, unknown, otherwise).
    pub fn probe(&self, position: &Position) -> Option<Value> {
        if position.occupied().count() > u32::from(self.pieces) {
            return None;
        }
        self.value(position).ok()
    }

    /// A move that keeps `position`'s value for the side to move: the first, in move
    /// order, to a successor the database values worst for the opponent. `None` when the
    /// database does not hold the position or it has no move. Without distances to the
    /// end, a winning move found so need not make progress: it is a line's next move to
    /// show and to ponder on, not a move to play.
    pub fn best_move(&self, position: &Position) -> Option<Move> {
        self.probe(position)?;
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let valued = moves.iter().filter_map(|mv| Some((self.probe(&position.play(mv))?, *mv)));
        valued.min_by_key(|&(value, _)| value).map(|(_, mv)| mv)
    }

    /// The slice of a position with pieces on both sides, whatever its piece count.
    pub fn slice_of(&self, position: &Position) -> Option<Slice> {
        self.indexer.locate(position).map(|(table, _)| Slice::of(table))
    }

    /// Whether the database is the one built into the binary.
    pub fn is_builtin(&self) -> bool {
        self.bundle.is_some()
    }

    /// Which database this is, for people: `built in, up to 4 pieces`, or `files in DIR,
    /// up to 6 pieces`.
    pub fn describe(&self) -> String {
        match self.bundle {
            Some(_) => format!("built in, up to {} pieces", self.pieces),
            None => format!("files in {}, up to {} pieces", self.dir.display(), self.pieces),
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
        slice_file(&self.dir, slice)
    }

    /// The command that builds `slice`'s file again, once the file is deleted.
    pub fn rebuild_command(&self, slice: Slice) -> String {
        let root = self.dir.parent().unwrap_or(&self.dir);
        format!(
            "crownhead egdb build --variant {} --pieces {} --slice {slice} --dir {}",
            self.variant.name(),
            slice.pieces(),
            root.display()
        )
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
        if position.is_one_piece_each() {
            return Ok(Value::Draw);
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
        let kings = position.all_kings();
        let (white, black) = (position.pieces(Color::White), position.pieces(Color::Black));
        Ok(Position::new(self.variant, position.side_to_move(), white, black, kings))
    }

    /// The value stored at `index` of `table` (meaningless where a capture is pending).
    ///
    /// # Errors
    /// The table has more pieces than the database, its file is missing or bad, or the
    /// value's block is damaged ([`EgdbError::Damaged`], logged the first time).
    pub fn stored(&self, table: TableKey, index: u64) -> Result<Value, EgdbError> {
        let slice = Slice::of(table);
        let tables = self.slice(slice)?;
        let number = usize::from(table != slice.first());
        let codes = &tables[number];
        if index >= codes.len() {
            return Err(EgdbError::file(&self.path(slice), "fewer positions than the table has"));
        }
        match codes.code(index) {
            Ok(code) => Value::from_code(code)
                .ok_or_else(|| EgdbError::file(&self.path(slice), "an unknown value is stored")),
            Err(Unreadable::Damaged { block }) => Err(self.damaged(slice, number, block)),
            Err(Unreadable::Garbled(message)) => Err(EgdbError::file(&self.path(slice), message)),
        }
    }

    /// The error of a damaged block, logged the first time it is found.
    fn damaged(&self, slice: Slice, table: usize, block: usize) -> EgdbError {
        let error = EgdbError::Damaged { path: self.path(slice), slice: slice.to_string(), table, block };
        // A poisoned lock only means another thread panicked while logging: log again.
        let first = self.warned.lock().map_or(true, |mut warned| warned.insert((slice, table, block)));
        if first {
            log::warn!("{error}; delete the file and rebuild it: {}", self.rebuild_command(slice));
        }
        error
    }

    /// The tables of `slice`, read from its file the first time.
    ///
    /// # Errors
    /// The slice has more pieces than the database, or its file is missing or bad.
    fn slice(&self, slice: Slice) -> Result<&[Table], EgdbError> {
        let cell = self.slices.get(&slice).ok_or_else(|| {
            EgdbError::NotCovered(format!(
                "{} pieces, more than the {} asked for",
                slice.pieces(),
                self.pieces
            ))
        })?;
        let loaded = cell.get_or_init(|| match self.read(slice) {
            Err(missing @ EgdbError::Missing { .. }) => Err(missing),
            read => read.inspect_err(|error| log::warn!("{error}: skipped")),
        });
        loaded.as_deref().map_err(Clone::clone)
    }

    /// The tables of `slice` from its file (on disk, or built in), checked to be the
    /// slice's size. A file of format 1, without block checksums, is read with a warning.
    fn read(&self, slice: Slice) -> Result<Vec<Table>, EgdbError> {
        let path = &self.path(slice);
        let missing = || EgdbError::Missing { slice: slice.to_string(), path: path.clone() };
        let tables = match self.bundle {
            Some(bundle) => {
                let bytes = bundle.files.get(&slice).ok_or_else(missing)?;
                file::parse(bytes, self.label(slice)).map_err(|message| EgdbError::file(path, message))?
            }
            None if !path.exists() => return Err(missing()),
            None => file::read_blocks(path, self.label(slice))?,
        };
        if tables
            .iter()
            .zip(slice.tables())
            .any(|(blocks, table)| blocks.len() != self.indexer.table_size(table))
        {
            return Err(EgdbError::file(path, "a table's size is not its slice's"));
        }
        if tables.iter().any(|blocks| !blocks.has_checksums()) {
            log::warn!(
                "{}: an old file (format version {}) without block checksums: a damaged block makes the whole \
                 file unreadable and `crownhead egdb verify` cannot name it; to rebuild it in the current format, \
                 delete it and run `{}`",
                path.display(),
                file::VERSION_1,
                self.rebuild_command(slice)
            );
        }
        match self.storage {
            Storage::Decoded => tables
                .iter()
                .map(|blocks| {
                    blocks.decode().map(Table::Decoded).map_err(|message| EgdbError::file(path, message))
                })
                .collect(),
            Storage::Compressed => Ok(tables.into_iter().map(Table::Compressed).collect()),
        }
    }
}

/// What stands for the directory of the built-in databases in their paths, which only
/// error messages show.
const BUILT_IN: &str = "(built in)";

/// The most pieces up to which every slice of `geometry` is `held`; 1 when not every
/// slice of two pieces is.
fn pieces_held(geometry: &Geometry, held: impl Fn(Slice) -> bool) -> u8 {
    let max_pieces = u8::try_from(geometry.square_count()).unwrap_or(u8::MAX);
    let mut pieces = 1;
    while pieces < max_pieces {
        let mut next =
            Slice::all(geometry, pieces + 1).into_iter().filter(|slice| slice.pieces() == pieces + 1);
        if !next.all(&held) {
            break;
        }
        pieces += 1;
    }
    pieces
}

/// Where `slice`'s file is in the rule set's directory `dir`.
fn slice_file(dir: &Path, slice: Slice) -> PathBuf {
    dir.join(format!("{slice}.egdb"))
}
