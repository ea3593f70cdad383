//! The command line: the `crownhead` subcommands and their arguments (clap), one file a
//! subcommand, each turning its arguments into the options of the front end or tool it
//! runs and calling it. The limits are the engine's own, the same the Hub `param` lines
//! advertise.

mod analyse;
mod analyse_game;
mod args;
mod bench;
mod board;
mod book;
mod dxp;
mod egdb;
#[cfg(feature = "gui")]
mod gui;
mod matches;
mod openings;
mod perft;
mod play;
mod puzzles;
mod selfplay;
mod train;

use clap::{Parser, Subcommand};

pub use analyse::AnalyseArgs;
pub use analyse_game::AnalyseGameArgs;
pub use args::PositionArgs;
pub use bench::BenchArgs;
pub use board::{BoardArgs, moves};
pub use book::BookArgs;
pub use dxp::DxpArgs;
pub use egdb::EgdbArgs;
#[cfg(feature = "gui")]
pub use gui::GuiArgs;
pub use matches::{MatchArgs, MatchSummaryArgs};
pub use openings::OpeningsArgs;
pub use perft::PerftArgs;
pub use play::PlayArgs;
pub use puzzles::PuzzlesArgs;
pub use selfplay::SelfplayArgs;
pub use train::TrainArgs;

/// A fast multi-variant draughts and checkers engine.
#[derive(Parser)]
#[command(name = "crownhead", version, about)]
pub struct Cli {
    /// What to do (default: speak Hub).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Speak the Hub protocol on standard input and output (also the default).
    Hub,
    /// Count the leaves of the legal move tree to a depth (checks and times move generation).
    Perft(PerftArgs),
    /// List the legal moves of a position, one per line, in the rule set's notation.
    Moves(PositionArgs),
    /// Search a position and print the engine's progress and best move.
    Analyse(AnalyseArgs),
    /// Annotate a game of a PDN file: every move scored, the engine's choice, mistakes and
    /// blunders marked, and a chart of the score.
    AnalyseGame(AnalyseGameArgs),
    /// Search a fixed set of positions to a fixed depth: speed, and (one thread) the
    /// bench signature.
    Bench(BenchArgs),
    /// Play over DXP (DamExchange, TCP): listen for games, or connect and propose them.
    Dxp(DxpArgs),
    /// Draw a position: as an SVG picture with --svg, otherwise as text on stdout.
    Board(BoardArgs),
    /// Play the engine in the terminal (type help once it starts).
    Play(PlayArgs),
    /// Play, analyse and edit games on a board in the browser, served by this process on
    /// 127.0.0.1.
    #[cfg(feature = "gui")]
    Gui(GuiArgs),
    /// Play a match between two Hub engines.
    #[command(long_about = matches::MATCH_ABOUT)]
    Match(MatchArgs),
    /// Print the summary of a match played in parts (`match --pairs FIRST-LAST --json`
    /// each): their games counted in game order, as one match would have counted them.
    MatchSummary(MatchSummaryArgs),
    /// Print balanced short openings for matches: every distinct position a few plies
    /// from the start that the engine scores near equal at a fixed depth.
    Openings(OpeningsArgs),
    /// Let the engine play itself and write every quiet position with its search score,
    /// ply and game result to a binary data file (training data).
    Selfplay(SelfplayArgs),
    /// Build puzzle sets from games, check them deeper, and print the built-in ones.
    Puzzles(PuzzlesArgs),
    /// Fit the engine's network to self-play data files and write it to a network file.
    Train(TrainArgs),
    /// Endgame databases: build, list the slices, probe a position, verify.
    Egdb(EgdbArgs),
    /// Opening books: grow one, join shards, describe one, probe a position.
    Book(BookArgs),
}
