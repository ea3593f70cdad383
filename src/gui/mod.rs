//! The board in the browser (`crownhead gui`): a local web server whose page plays,
//! analyses and edits games of every rule set, a front end beside [`crate::protocol`].
//! The command line binds a [`Server`] with a [`GuiConfig`] and runs it; the rest is the
//! server's own.
//!
//! Architecture, from the network inwards (the modules are private):
//! - `server` binds 127.0.0.1, routes requests, and runs them on a tokio runtime of one
//!   thread; `limits` serves the connections, within a cap on their number and
//!   deadlines for a request's head and body;
//! - `access` lets through only requests that carry the run's random token (from the
//!   printed URL, then a cookie), name this server in their `Host` header and come from
//!   no other origin;
//! - `api` answers the JSON requests on rules and PDN: it is stateless, as the page keeps
//!   the game (its start, its moves and the move shown) and sends it with each request,
//!   and it reads and writes only through [`crate::rules`]; `move_tree` carries a PDN
//!   game's tree (variations, glyphs, comments) to and from the page in JSON;
//! - `session` gives each page an engine of its own ([`crate::engine::Engine`]), whose
//!   reports it streams to the page as server-sent events (`event`), and drops it when
//!   the page closes that stream; `review` analyses a whole game there, as `analyse-game`
//!   does, and `lessons` replays the person's mistakes of the game analysed;
//! - `collection` holds the games of a PDN file (one named on the command line or
//!   sent by the page), listed by their tags; `position_index` finds which of them reach
//!   a position; `explorer` gives a position's book moves, the collection's moves and
//!   the endgame databases' results; `collection_routes` serves them;
//!   does, and `duel` plays a game of two engines against each other (`timing` reads
//!   how long they think, `openings` lists where their games may start);
//! - `puzzle_desk` gives the person puzzles near their rating, checks their moves and
//!   rates each first try (Glicko-2), keeping their record in a file (`puzzle_record`);
//!   `puzzle_routes` serves it;
//! - `assets` serves the page itself (`src/gui/page/`: HTML, CSS and JavaScript
//!   modules), built into the binary: no build step, no network.
//!
//! The HTTP API is documented in `docs/gui.md`.

mod access;
mod api;
mod assets;
mod collection;
mod collection_routes;
mod duel;
mod event;
mod explorer;
mod json;
mod lessons;
mod limits;
mod move_tree;
mod openings;
mod position_index;
mod puzzle_desk;
mod puzzle_record;
mod puzzle_refutation;
mod puzzle_routes;
mod review;
mod server;
mod session;
mod timing;

pub use openings::OpeningSets;
pub use puzzle_record::default_path as default_puzzle_record;
pub use server::{GuiConfig, Server};
