//! A DXP connection: NUL-terminated messages over TCP, split however TCP delivers them,
//! and written at least [`PACE`] apart.
//!
//! A message that runs past [`MAX_PENDING`] bytes without its NUL is garbage to its
//! NUL: the bytes up to it are dropped unread, so that no tail of a long run of bytes
//! is taken for a message of its own.
//!
//! The pacing is for pydraughts: its receiver takes one socket read as one message, so
//! two messages that arrive together (a GAMEACC and the first MOVE, say) would merge and
//! the second be lost.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::message::{Message, MessageError};

/// The least time between two messages sent.
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

/// What came in.
#[derive(Debug)]
pub enum Received {
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
    /// The least time between two messages sent ([`PACE`]).
    pace: Duration,
    last_sent: Option<Instant>,
}

impl Connection {
    /// Wraps a connected stream.
    pub fn new(stream: TcpStream) -> Connection {
        Connection::paced(stream, PACE)
    }

    /// Wraps a connected stream that sends its messages `pace` apart: the tests' follower
    /// answers at once, so that thousands of messages take seconds.
    fn paced(stream: TcpStream, pace: Duration) -> Connection {
        let _ = stream.set_nodelay(true);
        Connection { stream, buffer: Vec::new(), skipping: false, pace, last_sent: None }
    }

    /// A connection that sends without pacing, for the tests.
    #[cfg(test)]
    pub fn unpaced(stream: TcpStream) -> Connection {
        Connection::paced(stream, Duration::ZERO)
    }

    /// The next message, waiting for it as long as it takes.
    ///
    /// # Errors
    /// Reading the socket failed (a reset counts as closed, not as an error).
    pub fn receive(&mut self) -> io::Result<Received> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&byte| byte == 0) {
                let bytes: Vec<u8> = self.buffer.drain(..=end).take(end).collect();
                if std::mem::take(&mut self.skipping) {
                    continue;
                }
                let text = String::from_utf8_lossy(&bytes);
                log::debug!("dxp < {text}");
                return Ok(match Message::parse(&text) {
                    Ok(message) => Received::Message(message),
                    Err(error) => Received::Garbage(error),
                });
            }
            if self.buffer.len() > MAX_PENDING {
                self.buffer.clear();
                if !std::mem::replace(&mut self.skipping, true) {
                    return Ok(Received::Garbage(MessageError::TooLong));
                }
            }
            let mut chunk = [0u8; 1024];
            match self.stream.read(&mut chunk) {
                Ok(0) => return Ok(Received::Closed),
                Ok(count) => self.buffer.extend_from_slice(&chunk[..count]),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) if closed_by_peer(&error) => return Ok(Received::Closed),
                Err(error) => return Err(error),
            }
        }
    }

    /// Whether the peer has closed the connection, waiting up to `wait` to hear, without
    /// reading a message: what has come stays for [`Connection::receive`].
    ///
    /// # Errors
    /// Reading the socket failed.
    pub fn hung_up(&mut self, wait: Duration) -> io::Result<bool> {
        self.stream.set_read_timeout(Some(wait))?;
        let mut byte = [0u8; 1];
        let peeked = self.stream.peek(&mut byte);
        self.stream.set_read_timeout(None)?;
        match peeked {
            Ok(0) => Ok(true),
            Ok(_) => {
                // Bytes wait to be read: no news of a close before they are.
                std::thread::sleep(wait);
                Ok(false)
            }
            Err(error) if matches!(error.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                Ok(false)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => Ok(false),
            Err(error) if closed_by_peer(&error) => Ok(true),
            Err(error) => Err(error),
        }
    }

    /// Sends `message`, at least the connection's pace after the previous one.
    ///
    /// # Errors
    /// Writing the socket failed.
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        if let Some(wait) = self.last_sent.and_then(|sent| self.pace.checked_sub(sent.elapsed())) {
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
        Connection::new(stream)
    }

    fn next(connection: &mut Connection) -> Received {
        connection.receive().expect("read")
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
