//! The engine: the one API every front end (Hub, DXP) and tool (analyse, analyse-game,
//! play, bench, openings, matches) calls. It owns the search threads and the
//! transposition table, takes options, and searches a game's position either on a
//! thread of its own ([`Engine::go`], for protocols that must keep listening) or on the
//! caller's ([`Engine::think`] and [`Engine::analyse`], for tools). A whole game's
//! analysis, move by move, is [`analysis`].
//!
//! ```
//! use crownhead::engine::{Engine, Limits, Options};
//! use crownhead::rules::{Game, Position, Variant};
//!
//! // English, White to move: 23-18 gives a man to take two (14x23 27x11x...).
//! let position = Position::from_fen(Variant::English, "W:W22,23,27,28,32:B5,14,15")?;
//! let moves: Vec<String> = position.legal_moves().iter().map(|mv| position.move_to_text(mv)).collect();
//! assert!(moves.contains(&"23-18".to_string()));
//!
//! let mut engine = Engine::new(Options { table_mib: 1, ..Options::default() });
//! let result = engine.think(&Game::new(position), &Limits::depth(8));
//! let best = result.best_move.map(|mv| position.move_to_text(&mv));
//! assert_eq!(best.as_deref(), Some("23-18"));
//! assert!(result.score.is_win());
//! # Ok::<(), crownhead::rules::FenError>(())
//! ```

use std::hash::{BuildHasher, RandomState};
use std::io;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::book::Book;
use crate::egdb::Database;
use crate::rules::{Game, Variant, splitmix64};
use crate::search::{Knowledge, Lines, SearchControl, Searcher};
use knowledge::Resolver;
use options::{MULTIPV, THREADS, TT_SIZE};

pub use crate::network::Network;
pub use crate::network::file::NetworkError;
pub use crate::search::{
    Clock, Info, LEVELS, Level, LimitError, Limits, MAX_DEPTH, MAX_SECONDS, MAX_STRENGTH, MIN_STRENGTH,
    Score, SearchResult,
};
pub use option_error::OptionError;
pub use options::Options;
pub use options_builder::OptionsBuilder;

pub mod analysis;
pub mod build;
mod knowledge;
mod option_error;
pub mod options;
mod options_builder;

/// What a search started by [`Engine::go`] reports, in order: each completed iteration,
/// then the result once.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// An iteration completed (one report per line in multi-PV).
    Info(&'a Info),
    /// The search ended.
    Done(&'a SearchResult),
}

/// What a search started by [`Engine::go`] is for, as Hub's `go think`, `go ponder` and
/// `go analyze`: a move to play is searched at the strength level set
/// ([`Options::strength`]), analysis always at full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// Find a move to play now.
    Think,
    /// Find a move to play, on the opponent's time: time limits wait for
    /// [`SearchHandle::ponder_hit`].
    Ponder,
    /// Analyse the position at full strength, whatever the strength level.
    Analyse,
}

/// The engine: options, search threads and their shared transposition table.
pub struct Engine {
    options: Options,
    /// Made by [`Engine::new`] or [`Engine::prepare`], before any search's clock starts
    /// (writing a table of 64 MiB takes tens of milliseconds); an engine that was not
    /// prepared makes it at its first search.
    searcher: Arc<Mutex<Option<Searcher>>>,
    /// The control of the last search started by `go`, stopped before anything else
    /// touches the searcher.
    running: Option<Arc<SearchControl>>,
    /// What the engine knows of the rule set searched (network, database, book), chosen
    /// from the options.
    knowledge: Resolver,
    /// The state of the random numbers the strength levels below full draw: a
    /// different seed in every engine of every process, so that games vary.
    random: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Options::default())
    }
}

impl Engine {
    /// An engine with these options, prepared: its transposition table is made now.
    pub fn new(options: Options) -> Engine {
        let mut engine = Engine::unprepared(options);
        engine.prepare();
        engine
    }

    /// An engine with these options whose transposition table is made only by
    /// [`Engine::prepare`], for a front end whose options may change before it plays: a
    /// Hub GUI starts the engine, sets the table size, then sends `init`. Tables are
    /// then not made, only to be replaced, for each size set on the way.
    pub fn unprepared(options: Options) -> Engine {
        Engine {
            options: options.clamped(),
            searcher: Arc::default(),
            running: None,
            knowledge: Resolver::default(),
            random: RandomState::new().hash_one("crownhead"),
        }
    }

    /// Makes the transposition table and the threads' search state if they are not made
    /// yet, so that no search spends its time on them (stops a search in progress
    /// first). An engine that was never prepared makes them at its first search.
    pub fn prepare(&mut self) {
        let options = self.options.clone();
        made(&mut self.searcher(), &options);
    }

    /// Prepares the engine ([`Engine::prepare`]) and reads now what it knows of `variant`:
    /// its network, its endgame database and, with the book on, its book. A front end
    /// calls it before a game's clock starts, so that the first move does not spend its
    /// time reading them (the built-in English book alone takes about 0.2 s).
    pub fn prepare_for(&mut self, variant: Variant) {
        self.prepare();
        self.knowledge.for_search(&self.options, variant);
        if self.options.book {
            self.book(variant);
        }
    }

    /// Puts `options` in force, changing only what differs from the options in force
    /// (stops a search in progress first). A new database directory or network forgets
    /// what was learnt with the old one, as [`Engine::new_game`]; a new table size
    /// replaces the table.
    pub fn set_options(&mut self, options: Options) {
        let options = options.clamped();
        self.stop();
        if options.egdb != self.options.egdb || options.network != self.options.network {
            self.new_game();
            self.knowledge.forget();
        }
        if options.threads != self.options.threads {
            self.set_threads(options.threads);
        }
        if options.table_mib != self.options.table_mib {
            self.set_table_size(options.table_mib);
        }
        self.options = options;
    }

    /// The endgame database the search probes in positions of `variant`: the files of
    /// the directory set or the built-in one ([`options::Egdb`]); `None` when databases
    /// are off, or the rule set has none.
    pub fn egdb(&mut self, variant: Variant) -> Option<Arc<Database>> {
        self.knowledge.egdb(&self.options, variant)
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets the number of search threads (stops a search in progress first).
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = THREADS.clamp(threads);
        let threads = self.options.threads;
        if let Some(searcher) = self.searcher().as_mut() {
            searcher.set_threads(threads);
        }
    }

    /// Replaces the transposition table with an empty one of `mib` MiB, at once if the
    /// engine is prepared, else when it is (stops a search in progress first). The old
    /// table is freed before the new one is made.
    pub fn set_table_size(&mut self, mib: usize) {
        self.options.table_mib = TT_SIZE.clamp(mib);
        let mib = self.options.table_mib;
        if let Some(searcher) = self.searcher().as_mut() {
            searcher.set_table_size(mib);
        }
    }

    /// Sets how many best moves each iteration reports.
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = MULTIPV.clamp(lines);
    }

    /// Forgets everything learnt: the next search is unrelated to the last (stops a
    /// search in progress first). Quick: the transposition table is not written,
    /// only the move-ordering tables (2 MiB a thread).
    pub fn new_game(&mut self) {
        if let Some(searcher) = self.searcher().as_mut() {
            searcher.new_game();
        }
    }

    /// Seeds the random choices of the strength levels below full, so that the same
    /// searches choose the same moves (tests, reproducible games). Each engine starts
    /// with a seed of its own.
    pub fn seed(&mut self, seed: u64) {
        self.random = seed;
    }

    /// Searches the position `game` has reached within `limits` on the caller's thread,
    /// for a move to play: at the strength level set, or from the opening book, at once,
    /// where the options say to.
    pub fn think(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        match self.book_move(game, Go::Think) {
            Some(result) => result,
            None => self.search(game, limits, Go::Think, |_| {}),
        }
    }

    /// The opening book the engine plays `variant` from when [`Options::book`] is on:
    /// the book file set if it is of the rule set, else the rule set's built-in book, if
    /// any.
    pub fn book(&self, variant: Variant) -> Option<Arc<Book>> {
        Resolver::book(&self.options, variant)
    }

    /// A move from the opening book for the position `game` has reached, as a search's
    /// result, when the options say to play from a book ([`Options::book`]), the search
    /// is for a move to play now, and the book has a move there within
    /// [`Options::book_ply`] plies of the start.
    fn book_move(&mut self, game: &Game, purpose: Go) -> Option<SearchResult> {
        if !self.options.book || purpose != Go::Think {
            return None;
        }
        let position = game.position();
        let book = self.book(position.variant())?;
        if book.ply(position)? >= self.options.book_ply {
            return None;
        }
        let (next, random) = splitmix64(self.random);
        self.random = next;
        let chosen = book.choose(position, self.options.book_margin as i32, random)?;
        let reply = book.moves(&position.play(&chosen.mv)).first().map(|reply| reply.mv);
        Some(SearchResult {
            best_move: Some(chosen.mv),
            ponder_move: reply,
            pv: std::iter::once(chosen.mv).chain(reply).collect(),
            score: Score::from_stored(chosen.centi_men),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        })
    }

    /// Analyses the position `game` has reached within `limits` on the caller's thread,
    /// at full strength whatever the level set, reporting each completed iteration to
    /// `report` as it comes.
    pub fn analyse(&mut self, game: &Game, limits: &Limits, report: impl FnMut(&Info)) -> SearchResult {
        self.search(game, limits, Go::Analyse, report)
    }

    /// Searches on the caller's thread for `purpose`.
    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        purpose: Go,
        report: impl FnMut(&Info),
    ) -> SearchResult {
        let options = self.options.clone();
        let weakening = self.weakening(purpose);
        let known = self.knowledge.for_search(&options, game.position().variant());
        let control = SearchControl::new(false);
        let mut searcher = self.searcher();
        let knowledge = known.borrowed();
        let search = Search { game, limits, options: &options, knowledge, control: &control, weakening };
        search.run(made(&mut searcher, &options), report)
    }

    /// The level a search for `purpose` is weakened to, with the random number it
    /// draws: `None` at full strength and for analysis.
    fn weakening(&mut self, purpose: Go) -> Option<(Level, u64)> {
        let level = Level::of(self.options.strength).filter(|_| purpose != Go::Analyse)?;
        let (next, random) = splitmix64(self.random);
        self.random = next;
        Some((level, random))
    }

    /// Starts searching the position `game` has reached within `limits` for `purpose`
    /// on a thread of its own, and returns at once (a move to play from the opening
    /// book, where the options say to, is reported at once). `report` hears of every
    /// completed iteration and then of the result, on the search thread. A search
    /// already running is stopped first.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn go(
        &mut self,
        game: &Game,
        limits: &Limits,
        purpose: Go,
        mut report: impl FnMut(Report) + Send + 'static,
    ) -> io::Result<SearchHandle> {
        self.stop();
        let book_move = self.book_move(game, purpose);
        let weakening = self.weakening(purpose);
        let control = Arc::new(SearchControl::new(purpose == Go::Ponder));
        let searcher = Arc::clone(&self.searcher);
        let (game, limits, options) = (game.clone(), *limits, self.options.clone());
        let known = self.knowledge.for_search(&options, game.position().variant());
        let search_control = Arc::clone(&control);
        let thread = std::thread::Builder::new().name("search".into()).spawn(move || {
            if let Some(result) = book_move {
                report(Report::Done(&result));
                return result;
            }
            let mut searcher = searcher.lock().unwrap_or_else(PoisonError::into_inner);
            let search = Search {
                game: &game,
                limits: &limits,
                options: &options,
                knowledge: known.borrowed(),
                control: &search_control,
                weakening,
            };
            let result = search.run(made(&mut searcher, &options), |info| report(Report::Info(info)));
            report(Report::Done(&result));
            result
        })?;
        self.running = Some(Arc::clone(&control));
        Ok(SearchHandle { control, thread })
    }

    /// Stops the search started by `go`, if one runs; it still reports its result.
    pub fn stop(&mut self) {
        if let Some(control) = self.running.take() {
            control.stop();
        }
    }

    /// The searcher, once any search started by `go` has stopped and let go of it.
    fn searcher(&mut self) -> MutexGuard<'_, Option<Searcher>> {
        self.stop();
        self.searcher.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Engine {
    /// A search started by `go` does not outlive its engine: it is stopped (and still
    /// reports its result).
    fn drop(&mut self) {
        self.stop();
    }
}

/// One search as the engine runs it, on whichever thread.
struct Search<'a> {
    game: &'a Game,
    limits: &'a Limits,
    options: &'a Options,
    knowledge: Knowledge<'a>,
    control: &'a SearchControl,
    /// The level the search is weakened to and its random number; `None` at full
    /// strength.
    weakening: Option<(Level, u64)>,
}

impl Search<'_> {
    /// Runs the search on `searcher`, reporting each completed iteration to `report`.
    fn run(self, searcher: &mut Searcher, mut report: impl FnMut(&Info)) -> SearchResult {
        let Search { game, limits, options, knowledge, control, weakening } = self;
        let settings = options.settings();
        let Some((level, random)) = weakening else {
            return searcher.search(game, limits, settings, knowledge, control, report);
        };
        let mut lines = Lines::default();
        let result = searcher.search(
            game,
            &level.limits(limits),
            level.settings(settings),
            knowledge,
            control,
            |info| {
                lines.record(info, settings.multipv, &mut report);
            },
        );
        level.play(game.position(), result, &lines, random)
    }
}

/// The searcher in `slot`, made with `options` if there is none yet.
fn made<'a>(slot: &'a mut Option<Searcher>, options: &Options) -> &'a mut Searcher {
    slot.get_or_insert_with(|| Searcher::new(options.table_mib, options.threads))
}

/// A search running on its own thread, started by [`Engine::go`].
#[derive(Debug)]
pub struct SearchHandle {
    control: Arc<SearchControl>,
    thread: JoinHandle<SearchResult>,
}

impl SearchHandle {
    /// Asks the search to stop as soon as it can (within a millisecond or so); it then
    /// reports its result.
    pub fn stop(&self) {
        self.control.stop();
    }

    /// The pondered move was played: time limits start counting now.
    pub fn ponder_hit(&self) {
        self.control.ponder_hit();
    }

    /// Whether the search has ended.
    pub fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }

    /// Waits for the search to end and returns its result.
    pub fn wait(self) -> SearchResult {
        match self.thread.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_table(engine: &Engine) -> bool {
        engine.searcher.lock().is_ok_and(|searcher| searcher.is_some())
    }

    #[test]
    fn the_table_is_made_before_the_first_search() {
        let engine = Engine::new(Options { table_mib: 1, ..Options::default() });
        assert!(has_table(&engine));

        // Unprepared, options change freely; the table is made once, by prepare.
        let mut engine = Engine::unprepared(Options { table_mib: 1, ..Options::default() });
        engine.set_table_size(2);
        engine.set_threads(2);
        engine.new_game();
        assert!(!has_table(&engine));
        engine.prepare();
        assert!(has_table(&engine));
        engine.set_table_size(1);
        assert!(has_table(&engine));
    }

    #[test]
    fn the_database_is_opened_before_the_first_search() {
        let options = Options { table_mib: 1, egdb: options::Egdb::On(None), ..Options::default() };
        let mut engine = Engine::unprepared(options);
        assert_eq!(engine.knowledge.opened(), None);
        engine.prepare_for(Variant::English);
        assert!(has_table(&engine));
        assert_eq!(engine.knowledge.opened(), Some((Variant::English, true)));
    }
}
