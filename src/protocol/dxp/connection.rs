//! A DXP connection: NUL-terminated messages over TCP, split however TCP delivers them,
//! and written at least [`PACE`] apart.
//!
//! The pacing is for pydraughts: its receiver takes one socket read as one message, so
//! two messages that arrive together (a GAMEACC and the first MOVE, say) would merge and
//! the second be lost.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::message::{MAX_LENGTH, Message, MessageError};

/// The least time between two messages sent.
pub const PACE: Duration = Duration::from_millis(50);

/// Bytes kept while waiting for a NUL before the input is judged garbage.
const MAX_BUFFER: usize = 4 * 1024;

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
    buffer: Vec<u8>,
    last_sent: Option<Instant>,
}

impl Connection {
    /// Wraps a connected stream.
    pub fn new(stream: TcpStream) -> Connection {
        let _ = stream.set_nodelay(true);
        Connection { stream, buffer: Vec::new(), last_sent: None }
    }

    /// The next message, waiting for it as long as it takes.
    ///
    /// # Errors
    /// Reading the socket failed (a reset counts as closed, not as an error).
    pub fn receive(&mut self) -> io::Result<Received> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&byte| byte == 0) {
                let bytes: Vec<u8> = self.buffer.drain(..=end).take(end).collect();
                let text = String::from_utf8_lossy(&bytes);
                log::debug!("dxp < {text}");
                return Ok(match Message::parse(&text) {
                    Ok(message) => Received::Message(message),
                    Err(error) => Received::Garbage(error),
                });
            }
            if self.buffer.len() > MAX_BUFFER {
                let length = self.buffer.len();
                self.buffer.clear();
                return Ok(Received::Garbage(MessageError::Length(length.max(MAX_LENGTH + 1))));
            }
            let mut chunk = [0u8; 1024];
            match self.stream.read(&mut chunk) {
                Ok(0) => return Ok(Received::Closed),
                Ok(count) => self.buffer.extend_from_slice(&chunk[..count]),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error)
                    if matches!(error.kind(), io::ErrorKind::ConnectionReset | io::ErrorKind::BrokenPipe) =>
                {
                    return Ok(Received::Closed);
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// Sends `message`, at least [`PACE`] after the previous one.
    ///
    /// # Errors
    /// Writing the socket failed.
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        if let Some(wait) = self.last_sent.and_then(|sent| PACE.checked_sub(sent.elapsed())) {
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
