//! The board's server under clients that are slow, vanish or ask too much (raw HTTP
//! over loopback, the figures of docs/gui.md's Limits): a request trickled a byte a
//! second is dropped at the 10 s deadline, head or body; a page's connection cut
//! without a close frees its engine; connections over the cap of 256 are closed at once;
//! a body over 2 MiB gets 413 (a collection's up to 64 MiB does not), and the server
//! serves on after each.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{Gui, start};

/// docs/gui.md's deadline for a request's head, and for its body once the head is read.
const DEADLINE: Duration = Duration::from_secs(10);

/// docs/gui.md's cap on open connections.
const MAX_CONNECTIONS: usize = 256;

/// docs/gui.md's cap on a request body, but for a collection opened.
const MAX_BODY: usize = 2 << 20;

impl Gui {
    /// A connection to the server.
    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("the server listens");
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
        stream
    }

    /// The head of a request to `route` as the page sends it, with the length of its body
    /// to come.
    fn head(&self, method: &str, route: &str, length: usize) -> String {
        format!(
            "{method} {route} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Crownhead-Token: {}\r\n\
             Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n",
            self.port, self.token
        )
    }

    /// `GET /api/status`'s reply.
    fn status(&self) -> Value {
        self.try_status().expect("the status")
    }

    /// `GET /api/status`'s reply, or `None` if the connection fails (closed as over
    /// the cap while the server has not yet seen others close).
    fn try_status(&self) -> Option<Value> {
        let mut stream = self.connect();
        let mut request = self.head("GET", "/api/status", 0);
        request.insert_str(request.len() - 2, "Connection: close\r\n");
        stream.write_all(request.as_bytes()).ok()?;
        let mut reply = String::new();
        stream.read_to_string(&mut reply).ok()?;
        assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
        serde_json::from_str(reply.split("\r\n\r\n").nth(1)?).ok()
    }

    /// Asks for `field` of the status until it is `wanted`, for up to 5 s; its last value.
    fn status_settles(&self, field: &str, wanted: u64) -> Option<u64> {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let value = self.try_status().and_then(|status| status[field].as_u64());
            if value == Some(wanted) || Instant::now() > deadline {
                return value;
            }
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// The server still answers a page's request.
    fn serves(&self) {
        let (status, reply) = self.post("/api/position", r#"{"variant":"english","moves":["11-15"]}"#);
        assert_eq!(status, 200, "{reply}");
        assert!(reply.contains(r#""played":["11-15"]"#), "{reply}");
    }
}

/// Sends `start`, then `trickle` a byte a second, until the server replies or closes
/// the connection (for up to 30 s): when that came, and what it sent.
fn trickle(mut stream: TcpStream, start: &[u8], trickle: &[u8]) -> (Duration, String) {
    let began = Instant::now();
    stream.set_read_timeout(Some(Duration::from_secs(1))).expect("a timeout");
    let _ = stream.write_all(start);
    let mut reply = Vec::new();
    for byte in trickle.iter().cycle().take(30) {
        let mut buffer = [0; 4096];
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => reply.extend_from_slice(&buffer[..read]),
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
        if !reply.is_empty() {
            let _ = stream.read_to_end(&mut reply);
            break;
        }
        if stream.write_all(&[*byte]).is_err() {
            break;
        }
    }
    (began.elapsed(), String::from_utf8_lossy(&reply).into_owned())
}

#[test]
fn a_request_trickled_a_byte_a_second_is_dropped_at_the_deadline() {
    let gui = start();
    let head = gui.connect();
    let head_part = format!("GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n", gui.port);
    let slow_head = thread::spawn(move || trickle(head, head_part.as_bytes(), b"X-Slow: a\r\n"));
    let body = gui.connect();
    let body_head = gui.head("POST", "/api/position", 1000);
    let slow_body = thread::spawn(move || trickle(body, body_head.as_bytes(), b" "));
    let (head_time, head_reply) = slow_head.join().expect("the head's trickle");
    let (body_time, body_reply) = slow_body.join().expect("the body's trickle");
    let within = DEADLINE - Duration::from_secs(1)..DEADLINE + Duration::from_secs(5);
    assert!(within.contains(&head_time), "the head's connection ended after {head_time:?}");
    assert!(head_reply.is_empty(), "{head_reply}");
    assert!(within.contains(&body_time), "the body's connection ended after {body_time:?}");
    assert!(body_reply.starts_with("HTTP/1.1 400"), "{body_reply}");
    assert!(body_reply.contains("the body did not arrive within 10 s"), "{body_reply}");
    assert_eq!(gui.status_settles("connections", 1), Some(1), "the slow connections' slots are free");
    gui.serves();
}

#[test]
fn a_page_whose_connection_is_cut_frees_its_engine() {
    let gui = start();
    assert_eq!(gui.status()["sessions"], 0);
    let (status, reply) = gui.post("/api/session", "");
    assert_eq!(status, 200, "{reply}");
    let body: Value = serde_json::from_str(reply.split("\r\n\r\n").nth(1).expect("a body")).expect("JSON");
    let id = body["session"].as_str().expect("a session id").to_string();
    let mut events = gui.connect();
    events.write_all(gui.head("GET", &format!("/api/session/{id}/events"), 0).as_bytes()).expect("sent");
    let mut ready = Vec::new();
    while !String::from_utf8_lossy(&ready).contains("event: ready") {
        let mut buffer = [0; 1024];
        let read = events.read(&mut buffer).expect("the stream's first event");
        assert!(read > 0, "the stream ended: {}", String::from_utf8_lossy(&ready));
        ready.extend_from_slice(&buffer[..read]);
    }
    let analyse = r#"{"variant":"english","moves":[],"search":1,"mode":"analyse"}"#;
    let (status, reply) = gui.post(&format!("/api/session/{id}/go"), analyse);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(gui.status()["sessions"], 1);
    drop(events);
    assert_eq!(gui.status_settles("sessions", 0), Some(0), "the engine of the page cut off is dropped");
    let (status, _) = gui.post(&format!("/api/session/{id}/go"), analyse);
    assert_eq!(status, 404, "the session is gone");
}

#[test]
fn connections_over_the_cap_are_closed_at_once() {
    let gui = start();
    let held: Vec<TcpStream> = (0..MAX_CONNECTIONS).map(|_| gui.connect()).collect();
    let mut over = gui.connect();
    let began = Instant::now();
    let mut buffer = [0; 64];
    assert!(matches!(over.read(&mut buffer), Ok(0) | Err(_)), "the connection over the cap is served");
    assert!(began.elapsed() < Duration::from_secs(5), "closed after {:?}", began.elapsed());
    let mut first = held.into_iter();
    let mut kept = first.next().expect("a connection held");
    kept.write_all(gui.head("GET", "/api/status", 0).as_bytes()).expect("sent");
    let read = kept.read(&mut buffer).expect("a reply on a connection within the cap");
    assert!(String::from_utf8_lossy(&buffer[..read]).starts_with("HTTP/1.1 200"));
    drop(first);
    drop(kept);
    assert_eq!(gui.status_settles("connections", 1), Some(1), "the slots are given back");
    gui.serves();
}

#[test]
fn a_body_over_the_cap_gets_413_and_the_server_serves_on() {
    let gui = start();
    let (start, end) = (r#"{"variant":"english","moves":[]"#, "}");
    let too_long = format!("{start}{}{end}", " ".repeat(MAX_BODY + 1 - start.len() - end.len()));
    let (status, reply) = gui.post("/api/position", &too_long);
    assert_eq!(status, 413, "{reply}");
    gui.serves();
    let text = " ".repeat(3 << 20);
    let collection = format!(r#"{{"variant":"english","name":"spaces.pdn","text":"{text}"}}"#);
    let (status, reply) = gui.post("/api/collection/open", &collection);
    assert_eq!(status, 400, "a collection has a larger cap: {reply}");
    assert!(reply.contains("spaces.pdn"), "{reply}");
    gui.serves();
}
