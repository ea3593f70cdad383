//! DXP (DamExchange), the protocol draughts programs play each other with over TCP:
//! as a follower that listens and accepts games, or as an initiator that connects and
//! proposes them. 10x10 as the protocol defines it; 8x8 by pydraughts' convention
//! (a 32-letter board in its square order, moves in the rule set's numbering).
//!
//! The messages are `message.rs`, their framing on TCP `connection.rs`. A game in
//! progress is a `Table` (`table.rs`); both roles run one `Session` (`session.rs`), the
//! follower from [`listen`] (`follower.rs`), the initiator from [`initiate`]
//! (`initiator.rs`). [`Options`] (`options.rs`) say how the engine plays and the limits
//! a peer is held to, [`DxpError`] (`error.rs`) why a session failed.

mod connection;
mod error;
mod follower;
#[cfg(test)]
mod fuzz;
mod initiator;
mod message;
mod options;
mod session;
mod table;

pub use error::DxpError;
pub use follower::listen;
pub use initiator::initiate;
pub use options::{DEFAULT_GRACE, DEFAULT_MAX_CONNECTIONS, DEFAULT_MESSAGE_TIMEOUT, Options};

/// The DXP port.
pub const DEFAULT_PORT: u16 = 27531;
