//! The follower: [`listen`] on an address and serve every connection, answering its
//! game requests, up to a cap on connections served at once.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::connection::{Connection, closed_by_peer};
use super::error::DxpError;
use super::options::Options;
use super::session::{Event, Role, Session};
use crate::engine::Engine;

/// The wait after a failed accept before the next.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// Listens on `address` and serves every connection on a thread of its own, each with
/// its own engine, for as long as the process runs, up to `options.max_connections` at
/// once: one more is closed as it comes. Prints `listening on ADDRESS`.
///
/// # Errors
/// The address cannot be bound.
pub fn listen(address: &str, options: &Options, out: &mut impl Write) -> Result<(), DxpError> {
    let listener = TcpListener::bind(address)?;
    writeln!(out, "listening on {}", listener.local_addr()?)?;
    out.flush()?;
    let served = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => admit(stream, options, &served),
            Err(error) => {
                log::warn!("dxp accept failed: {error}");
                // Out of file descriptors, say: the next accept would fail at once too.
                std::thread::sleep(ACCEPT_RETRY);
            }
        }
    }
    Ok(())
}

/// Serves `stream` on a thread of its own if a slot is free, else closes it at once.
fn admit(stream: TcpStream, options: &Options, served: &Arc<AtomicUsize>) {
    let peer = stream.peer_addr().map_or_else(|_| "a peer".to_string(), |address| address.to_string());
    let Some(slot) = Slot::take(served, options.max_connections) else {
        log::warn!("dxp: {peer}: closed at once: {} connections served already", options.max_connections);
        return;
    };
    let (options, name) = (options.clone(), peer.clone());
    let spawned = std::thread::Builder::new().spawn(move || serve_in(slot, stream, &options, &name));
    if let Err(error) = spawned {
        log::warn!("dxp: {peer}: closed at once: no thread to serve it: {error}");
    }
}

/// Serves `stream`, the connection of `peer`, in its `slot`, and logs how it ended.
fn serve_in(slot: Slot, stream: TcpStream, options: &Options, peer: &str) {
    let mut connection = match Connection::new(stream, options.message_timeout) {
        Ok(connection) => connection,
        Err(error) => return log::warn!("dxp: {peer}: closed at once: {error}"),
    };
    match serve(&mut connection, options) {
        Ok(()) => log::info!("dxp: {peer}: connection closed"),
        Err(error) => log::warn!("dxp: {peer}: connection closed: {error}"),
    }
    // The slot is given back, and the end logged, before the peer learns of the close.
    drop(slot);
}

/// A connection's place among those the follower serves at once: taken while their
/// count is under the cap, given back when dropped (however its thread ends).
struct Slot(Arc<AtomicUsize>);

impl Slot {
    fn take(served: &Arc<AtomicUsize>, cap: u16) -> Option<Slot> {
        served
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |count| {
                (count < usize::from(cap)).then_some(count + 1)
            })
            .ok()
            .map(|_| Slot(Arc::clone(served)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves one connection as a follower until the peer closes it (also while an answer
/// is being sent), asks to stop, falls silent past a deadline or loses on time. The
/// engine's table is made at the first game accepted: a connection that plays none costs
/// none.
pub fn serve(connection: &mut Connection, options: &Options) -> Result<(), DxpError> {
    let mut session = Session::new(connection, options, Role::Follower);
    let mut engine = Engine::unprepared(options.engine.clone());
    loop {
        match session.next_event(&mut engine) {
            Ok(Event::Closed | Event::Ended { stop: true, .. }) => return Ok(()),
            Ok(Event::Ended { .. } | Event::Answer { .. }) => {}
            Err(DxpError::Io(error)) if closed_by_peer(&error) => return Ok(()),
            Err(error) => return Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpStream;

    #[test]
    fn a_peer_that_hangs_up_stops_the_search_on_a_long_clock() {
        // 999 minutes for 1 move, the follower White and so to move: it would think for
        // hours (half its clock), for a peer that is gone.
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let mut peer = TcpStream::connect(listener.local_addr().expect("an address")).expect("connects");
        let (served, _) = listener.accept().expect("accepts");
        let follower =
            std::thread::spawn(move || serve(&mut Connection::unpaced(served), &Options::for_tests()));
        peer.write_all(b"R01tester                          W999001A\0").expect("sent");
        let mut answer = [0u8; 35];
        std::io::Read::read_exact(&mut peer, &mut answer).expect("the GAMEACC");
        assert_eq!(&answer[..1], b"A");
        drop(peer);
        crate::fuzzing::join_within(follower, Duration::from_secs(5), "a peer that hung up", "the follower");
    }
}
