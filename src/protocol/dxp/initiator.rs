//! The initiator: [`initiate`] connects to a follower and plays a series of games,
//! requesting each.

use std::io::{self, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use super::connection::Connection;
use super::error::DxpError;
use super::message::Message;
use super::options::Options;
use super::session::{Role, Session, encoding, own_name};
use super::table::{Finished, Table};
use crate::engine::Engine;
use crate::rules::{Color, Outcome, Position, Variant};
use crate::wire::position::{Letters, write_squares};

/// Connects to a follower at `address` and plays `options.games` games, colours
/// alternating, printing one line per game (with the time left on crownhead's clock
/// under a game clock); it stops early after a game the follower
/// lost on time. The follower is held to the message timeout and its game clock as a
/// follower holds an initiator, and the connection must be made within the timeout.
///
/// # Errors
/// The connection fails, closes mid-game, falls silent, or a game is refused.
pub fn initiate(address: &str, options: &Options, out: &mut impl Write) -> Result<(), DxpError> {
    let stream = connect(address, options.message_timeout)?;
    let mut connection = Connection::new(stream, options.message_timeout)?;
    let mut session = Session::new(&mut connection, options, Role::Initiator);
    let variant = options.variant;
    let mut engine = Engine::unprepared(options.engine.clone());
    engine.prepare_for(variant);
    for index in 0..options.games {
        let follower = if index % 2 == 0 { Color::White } else { Color::Black };
        let start = Position::start(variant);
        let position = (variant != Variant::International)
            .then(|| (start.side_to_move(), write_squares(&start, encoding(variant), Letters::DXP)));
        session.connection.send(&Message::GameRequest {
            version: 1,
            name: own_name(),
            follower,
            minutes: options.minutes,
            moves: options.moves,
            position,
        })?;
        let peer = session.answer(&mut engine)?;
        let last = index + 1 == options.games;
        // The clocks run from here, the new game's preparations on crownhead's.
        session.table = Some(Table::new(start, !follower, options, options.minutes, options.moves, last));
        engine.new_game();
        let Finished { table, outcome, why } = session.play_out(&mut engine)?;
        let left = table.clocks_left().map_or_else(String::new, |(ours, _)| format!(", {ours:.3} s left"));
        writeln!(
            out,
            "game {}: crownhead ({}) against {peer}: {} ({}, {} plies{left})",
            index + 1,
            table.ours,
            match outcome {
                Some(Outcome::Win(winner)) if winner == table.ours => "crownhead won",
                Some(Outcome::Win(_)) => "crownhead lost",
                Some(Outcome::Draw) => "draw",
                None => "no result",
            },
            why,
            table.game.moves().len()
        )?;
        out.flush()?;
        if table.stop {
            break;
        }
    }
    Ok(())
}

/// A connection to the first of `address`'s addresses that answers within `timeout`.
fn connect(address: &str, timeout: Duration) -> io::Result<TcpStream> {
    let mut failure = io::Error::new(io::ErrorKind::InvalidInput, format!("{address}: no address"));
    for candidate in address.to_socket_addrs()? {
        match TcpStream::connect_timeout(&candidate, timeout) {
            Ok(stream) => return Ok(stream),
            Err(error) => failure = error,
        }
    }
    Err(failure)
}
