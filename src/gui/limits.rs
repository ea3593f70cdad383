//! What the server grants a client, so that a client that is slow, broken or hostile
//! holds neither the server nor its memory: a cap on open connections, a deadline for a
//! request's head and one for its body. The cap on a request body's size is axum's
//! `DefaultBodyLimit`, set with the routes.

use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use futures_util::StreamExt;
use futures_util::stream;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::time::{Instant, timeout_at};

/// The most connections served at once: more than a few pages need (a browser opens at
/// most six to a server, one of them each page's event stream), and more than the load
/// test's 200 clients. One more is closed as soon as it is accepted.
pub const MAX_CONNECTIONS: usize = 256;

/// How long a client has to send a request's head (its request line and headers), from
/// the moment the server waits for it: a new connection, or one kept alive after a
/// reply. Past it, the connection is closed.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a client has to send a request's whole body once its head is read, however
/// slowly it trickles: 64 MiB (the largest collection) takes well under a second over
/// loopback. Past it, the request is refused and its connection closed.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The slots of [`MAX_CONNECTIONS`].
#[derive(Clone)]
pub struct Connections {
    slots: Arc<Semaphore>,
}

impl Default for Connections {
    /// Every slot free.
    fn default() -> Connections {
        Connections { slots: Arc::new(Semaphore::new(MAX_CONNECTIONS)) }
    }
}

impl Connections {
    /// The connections open now.
    pub fn open(&self) -> usize {
        MAX_CONNECTIONS - self.slots.available_permits()
    }

    /// Serves `router` on each connection `listener` accepts while a slot is free,
    /// closing the others at once, until the process ends.
    pub async fn serve(&self, listener: TcpListener, router: Router) {
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(error) => {
                    log::warn!("gui: cannot accept a connection: {error}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned() else {
                continue;
            };
            let service = TowerToHyperService::new(router.clone());
            tokio::spawn(async move {
                let served = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEAD_TIMEOUT)
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
                if let Err(error) = served {
                    log::debug!("gui: a connection ended: {error}");
                }
                drop(slot);
            });
        }
    }
}

/// Passes the request on with a body that fails once [`BODY_TIMEOUT`] has passed, so
/// that the handler reading it refuses the request (its connection is then closed).
pub async fn body_deadline(request: Request, next: Next) -> Response {
    let deadline = Instant::now() + BODY_TIMEOUT;
    let (parts, body) = request.into_parts();
    let timed = stream::unfold(Some(body.into_data_stream()), move |chunks| async move {
        let mut chunks = chunks?;
        match timeout_at(deadline, chunks.next()).await {
            Ok(chunk) => chunk.map(|chunk| (chunk, Some(chunks))),
            Err(_) => {
                let late = format!("the body did not arrive within {} s", BODY_TIMEOUT.as_secs());
                Some((Err(axum::Error::new(io::Error::new(io::ErrorKind::TimedOut, late))), None))
            }
        }
    });
    next.run(Request::from_parts(parts, Body::from_stream(timed))).await
}
