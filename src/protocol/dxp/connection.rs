//! A DXP connection: NUL-terminated messages over TCP, split however TCP delivers them,
//! and written at least [`PACE`] apart when nothing came between them.
//!
//! A message that runs past [`MAX_PENDING`] bytes without its NUL is garbage to its
//! NUL: the bytes up to it are dropped unread, so that no tail of a long run of bytes
//! is taken for a message of its own.
//!
//! A read waits for a whole message up to a deadline: the caller's (a game clock), or
//! else the connection's message timeout from the start of the wait; and a message once
//! begun must end within the timeout, so that a peer sending a byte at a time cannot
//! hold the connection for ever. Writes give up after the timeout too.
//!
//! The pacing is for pydraughts: its receiver takes one socket read as one message, so
//! two messages that arrive together (a GAMEACC and the first MOVE, say) would merge and
//! the second be lost. A message from the peer ends the wait: it was sent after the peer
//! read this side's last one, so the next cannot merge with it. In a game, where the
//! sides take turns, no move waits (a wait would run on this side's clock as the peer
//! counts it).

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::message::{Message, MessageError};

/// The least time between two messages sent with none received between them.
pub const PACE: Duration = Duration::from_millis(50);

/// The most bytes of one message kept while waiting for its NUL: a message is at most
/// 127 characters, so more is garbage, whatever follows.
pub const MAX_PENDING: usize = 1024;

/// Whether `error` says the peer closed the connection (a reset or a broken pipe): the
/// connection's end, not a failure.
pub fn closed_by_peer(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionReset | io::ErrorKind::BrokenPipe | io::ErrorKind::ConnectionAborted
    )
}

/// Whether `error` is a read that timed out or was interrupted: no news, wait on.
fn waited(error: &io::Error) -> bool {
    matches!(error.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut | io::ErrorKind::Interrupted)
}

/// What came in.
#[derive(Debug)]
pub enum Received {
    /// No whole message by the deadline.
    TimedOut {
        /// A message had begun, and its rest had not come.
        unfinished: bool,
    },
    /// A message.
    Message(Message),
    /// Something that is not a message: logged and dropped.
    Garbage(MessageError),
    /// The peer closed the connection.
    Closed,
}

/// One side of a DXP connection.
pub struct Connection {
    stream: TcpStream,
    /// Bytes received and not yet read as messages.
    buffer: Vec<u8>,
    /// Dropping bytes up to the next NUL: the message they end was too long.
    skipping: bool,
    /// The least time between two messages sent with none received between ([`PACE`]).
    pace: Duration,
    /// When the last message was sent, if none has been received since.
    last_sent: Option<Instant>,
    /// The longest wait for a message when the caller gives no deadline, and for the
    /// rest of a message once begun.
    timeout: Duration,
}

impl Connection {
    /// Wraps a connected stream; `timeout` is its message timeout.
    ///
    /// # Errors
    /// The stream refuses its write timeout.
    pub fn new(stream: TcpStream, timeout: Duration) -> io::Result<Connection> {
        Connection::paced(stream, PACE, timeout)
    }

    /// Wraps a connected stream that sends its messages `pace` apart: the tests' follower
    /// answers at once, so that thousands of messages take seconds.
    fn paced(stream: TcpStream, pace: Duration, timeout: Duration) -> io::Result<Connection> {
        let _ = stream.set_nodelay(true);
        stream.set_write_timeout(Some(timeout))?;
        Ok(Connection { stream, buffer: Vec::new(), skipping: false, pace, last_sent: None, timeout })
    }

    /// A connection that sends without pacing, with the default message timeout, for
    /// the tests.
    #[cfg(test)]
    pub fn unpaced(stream: TcpStream) -> Connection {
        Connection::paced(stream, Duration::ZERO, super::options::DEFAULT_MESSAGE_TIMEOUT)
            .expect("a write timeout")
    }

    /// The next message, if it has come whole by `deadline` (by the message timeout from
    /// now if `None`) and, once begun, within the message timeout.
    ///
    /// # Errors
    /// Reading the socket failed (a reset counts as closed, not as an error).
    pub fn receive(&mut self, deadline: Option<Instant>) -> io::Result<Received> {
        let deadline = deadline.unwrap_or_else(|| Instant::now() + self.timeout);
        // Bytes of a message left from an earlier read: it begins now, after whatever
        // this side did meanwhile (a search, say).
        let mut begun = (!self.buffer.is_empty() || self.skipping).then(Instant::now);
        loop {
            if let Some(received) = self.buffered() {
                return Ok(received);
            }
            let due = begun.map_or(deadline, |begun| deadline.min(begun + self.timeout));
            let left = due.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(Received::TimedOut { unfinished: begun.is_some() });
            }
            self.stream.set_read_timeout(Some(left))?;
            let mut chunk = [0u8; 1024];
            match self.stream.read(&mut chunk) {
                Ok(0) => return Ok(Received::Closed),
                Ok(count) => {
                    begun.get_or_insert_with(Instant::now);
                    self.buffer.extend_from_slice(&chunk[..count]);
                }
                Err(error) if waited(&error) => {}
                Err(error) if closed_by_peer(&error) => return Ok(Received::Closed),
                Err(error) => return Err(error),
            }
        }
    }

    /// The next message or garbage in the bytes received, if they hold one.
    fn buffered(&mut self) -> Option<Received> {
        while let Some(end) = self.buffer.iter().position(|&byte| byte == 0) {
            let bytes: Vec<u8> = self.buffer.drain(..=end).take(end).collect();
            if std::mem::take(&mut self.skipping) {
                continue;
            }
            let text = String::from_utf8_lossy(&bytes);
            log::debug!("dxp < {text}");
            return Some(match Message::parse(&text) {
                Ok(message) => {
                    self.last_sent = None;
                    Received::Message(message)
                }
                Err(error) => Received::Garbage(error),
            });
        }
        if self.buffer.len() > MAX_PENDING {
            self.buffer.clear();
            if !std::mem::replace(&mut self.skipping, true) {
                return Some(Received::Garbage(MessageError::TooLong));
            }
        }
        None
    }

    /// Whether the peer has closed the connection, waiting up to `wait` to hear, without
    /// reading a message: what has come stays for [`Connection::receive`].
    ///
    /// # Errors
    /// Reading the socket failed.
    pub fn hung_up(&mut self, wait: Duration) -> io::Result<bool> {
        self.stream.set_read_timeout(Some(wait))?;
        let mut byte = [0u8; 1];
        match self.stream.peek(&mut byte) {
            Ok(0) => Ok(true),
            Ok(_) => {
                // Bytes wait to be read: no news of a close before they are.
                std::thread::sleep(wait);
                Ok(false)
            }
            Err(error) if waited(&error) => Ok(false),
            Err(error) if closed_by_peer(&error) => Ok(true),
            Err(error) => Err(error),
        }
    }

    /// How long the next message must wait for the pace, if at all.
    fn pace_left(&self) -> Option<Duration> {
        self.last_sent.and_then(|sent| self.pace.checked_sub(sent.elapsed())).filter(|wait| !wait.is_zero())
    }

    /// Sends `message`, at least the connection's pace after the previous one if no
    /// message has been received since.
    ///
    /// # Errors
    /// Writing the socket failed.
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        if let Some(wait) = self.pace_left() {
            std::thread::sleep(wait);
        }
        let text = message.to_text();
        log::debug!("dxp > {text}");
        self.stream.write_all(text.as_bytes())?;
        self.stream.write_all(&[0])?;
        self.stream.flush()?;
        self.last_sent = Some(Instant::now());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// A connection to a peer that has sent `bytes` and closed its side.
    fn receiving(bytes: &[u8]) -> Connection {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let mut peer = TcpStream::connect(listener.local_addr().expect("an address")).expect("connects");
        let (stream, _) = listener.accept().expect("accepts");
        peer.write_all(bytes).expect("sent");
        Connection::unpaced(stream)
    }

    fn next(connection: &mut Connection) -> Received {
        connection.receive(None).expect("read")
    }

    #[test]
    fn an_overlong_message_is_garbage_up_to_its_nul() {
        // 5120 bytes without a NUL, then a GAMEEND with stop 1: the GAMEEND is the end
        // of the overlong message, not a message (a 4 KiB buffer emptied at its limit
        // read it as one, and the follower closed the connection).
        let mut bytes = b"C".to_vec();
        bytes.extend([b'x'; 5119]);
        bytes.extend(b"E01\0B001W\0");
        let mut connection = receiving(&bytes);
        assert!(matches!(next(&mut connection), Received::Garbage(MessageError::TooLong)));
        let backreq = next(&mut connection);
        assert!(matches!(backreq, Received::Message(Message::BackRequest { number: 1, .. })), "{backreq:?}");
        // 1 KiB is the limit: a message of that many bytes reads (as too long for DXP).
        let mut bytes = vec![b'C'; MAX_PENDING];
        bytes.extend(b"\0K0\0");
        let mut connection = receiving(&bytes);
        assert!(matches!(next(&mut connection), Received::Garbage(MessageError::Length(MAX_PENDING))));
        assert!(matches!(next(&mut connection), Received::Message(Message::BackAccept { .. })));
    }

    #[test]
    fn only_messages_sent_with_none_received_between_are_paced() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let mut peer = TcpStream::connect(listener.local_addr().expect("an address")).expect("connects");
        let (stream, _) = listener.accept().expect("accepts");
        let hour = Duration::from_secs(3600);
        let mut connection = Connection::paced(stream, hour, hour).expect("a connection");
        assert_eq!(connection.pace_left(), None, "nothing sent yet");
        connection.send(&Message::Chat("first".to_string())).expect("sent");
        assert!(connection.pace_left().is_some_and(|wait| wait > hour / 2), "a second message waits");
        peer.write_all(b"M0001322800\0").expect("the peer's move");
        assert!(matches!(next(&mut connection), Received::Message(Message::Move { from: 32, to: 28, .. })));
        assert_eq!(connection.pace_left(), None, "the answer to the peer's move goes at once");
    }

    #[test]
    fn bytes_that_are_not_ascii_are_said_to_be_so() {
        let mut connection = receiving(b"C\xff\xfehello\0Ch\xc3\xa9\0");
        for _ in 0..2 {
            let garbage = next(&mut connection);
            let Received::Garbage(error) = garbage else { panic!("{garbage:?}") };
            assert_eq!(error.to_string(), "the message holds bytes that are not ASCII characters");
        }
        // A disconnect mid-message: the peer closed, nothing more to read.
        let mut connection = receiving(b"R01tes");
        assert!(matches!(next(&mut connection), Received::Closed));
    }
}
