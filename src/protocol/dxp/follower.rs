//! The follower: [`listen`] on an address and serve every connection, answering its
//! game requests.

use std::io::Write;
use std::net::TcpListener;
use std::time::Duration;

use super::connection::{Connection, closed_by_peer};
use super::error::DxpError;
use super::options::Options;
use super::session::{Event, Role, Session};
use crate::engine::Engine;

/// The wait after a failed accept before the next.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// Listens on `address` and serves every connection on a thread of its own, each with
/// its own engine, for as long as the process runs. Prints `listening on ADDRESS`.
///
/// # Errors
/// The address cannot be bound.
pub fn listen(address: &str, options: &Options, out: &mut impl Write) -> Result<(), DxpError> {
    let listener = TcpListener::bind(address)?;
    writeln!(out, "listening on {}", listener.local_addr()?)?;
    out.flush()?;
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => {
                let options = options.clone();
                std::thread::spawn(move || {
                    if let Err(error) = serve(Connection::new(stream), &options) {
                        log::warn!("dxp connection ended: {error}");
                    }
                });
            }
            Err(error) => {
                log::warn!("dxp accept failed: {error}");
                // Out of file descriptors, say: the next accept would fail at once too.
                std::thread::sleep(ACCEPT_RETRY);
            }
        }
    }
    Ok(())
}

/// Serves one connection as a follower until the peer closes it (also while an answer
/// is being sent) or asks to stop. The engine's table is made at the first game
/// accepted: a connection that plays none costs none.
pub fn serve(connection: Connection, options: &Options) -> Result<(), DxpError> {
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
        let follower = std::thread::spawn(move || serve(Connection::unpaced(served), &Options::for_tests()));
        peer.write_all(b"R01tester                          W999001A\0").expect("sent");
        let mut answer = [0u8; 35];
        std::io::Read::read_exact(&mut peer, &mut answer).expect("the GAMEACC");
        assert_eq!(&answer[..1], b"A");
        drop(peer);
        crate::fuzzing::join_within(follower, Duration::from_secs(5), "a peer that hung up", "the follower");
    }
}
