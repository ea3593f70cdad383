//! Who may use the server: only the person who started it. The server listens on the
//! loopback interface; every request must carry the run's random token (in the `token`
//! query parameter of the printed URL, in the cookie the first page load sets, or in
//! the `X-Crownhead-Token` header), name this server in its `Host` header (so that a
//! page of another site whose name resolves to 127.0.0.1, DNS rebinding, is refused),
//! and, when it says where it comes from (`Origin`), come from this server's own page.

use std::fmt::Write;
use std::io;

use axum::http::{HeaderMap, Uri, header};

/// The header a script may send the token in.
pub const TOKEN_HEADER: &str = "x-crownhead-token";

/// The run's token and the port the server listens on.
#[derive(Clone, Debug)]
pub struct Access {
    token: String,
    port: u16,
}

/// Why a request is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No token, or a wrong one.
    Token,
    /// The `Host` header is missing or names another server.
    Host,
    /// The `Origin` header names another origin.
    Origin,
}

impl Refusal {
    /// The reason, as the refusal's body says it.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Token => "forbidden: missing or wrong token (open the URL crownhead gui printed)",
            Refusal::Host => "forbidden: the Host header does not name this server",
            Refusal::Origin => "forbidden: cross-origin request",
        }
    }
}

/// How an admitted request carried the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admitted {
    /// In the URL's query: the reply sets the cookie, so that the page's own requests
    /// (module imports, the event stream) carry it from then on.
    ByQuery,
    /// In the cookie or the header.
    Carried,
}

impl Access {
    /// A new random token of 128 bits from the operating system, for a server on `port`.
    ///
    /// # Errors
    /// When the operating system gives no random bytes.
    pub fn new(port: u16) -> io::Result<Access> {
        Ok(Access::with_token(random_hex(16)?, port))
    }

    /// Access with a given token (tests).
    pub fn with_token(token: String, port: u16) -> Access {
        Access { token, port }
    }

    /// The URL that opens the page, token included.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/?token={}", self.port, self.token)
    }

    /// The cookie's name: with the port in it, so that two servers running at once on
    /// the same host keep their tokens apart (cookies do not tell ports apart).
    pub fn cookie_name(&self) -> String {
        format!("crownhead-{}", self.port)
    }

    /// The `Set-Cookie` value that hands the token to the page.
    pub fn set_cookie(&self) -> String {
        format!("{}={}; HttpOnly; SameSite=Strict; Path=/", self.cookie_name(), self.token)
    }

    /// Whether the request with these headers and URI may be served, and how it carried
    /// the token.
    ///
    /// # Errors
    /// The first check it fails: Host, then Origin, then token.
    pub fn check(&self, headers: &HeaderMap, uri: &Uri) -> Result<Admitted, Refusal> {
        let host = headers.get(header::HOST).and_then(|value| value.to_str().ok());
        let host = host.filter(|host| self.is_own_host(host)).ok_or(Refusal::Host)?;
        if let Some(origin) = headers.get(header::ORIGIN) {
            let own = format!("http://{host}");
            if origin.to_str().ok() != Some(own.as_str()) {
                return Err(Refusal::Origin);
            }
        }
        if self.carried(headers) {
            Ok(Admitted::Carried)
        } else if query_token(uri).is_some_and(|token| self.is_token(token)) {
            Ok(Admitted::ByQuery)
        } else {
            Err(Refusal::Token)
        }
    }

    /// Whether `host` is `127.0.0.1:PORT` or `localhost:PORT`.
    fn is_own_host(&self, host: &str) -> bool {
        let port = self.port.to_string();
        host.split_once(':').is_some_and(|(name, given)| {
            given == port && (name == "127.0.0.1" || name.eq_ignore_ascii_case("localhost"))
        })
    }

    /// Whether the cookie or the header carries the token.
    fn carried(&self, headers: &HeaderMap) -> bool {
        let by_header = headers.get_all(TOKEN_HEADER).iter().any(|value| self.is_token(value.as_bytes()));
        let name = self.cookie_name();
        let by_cookie = (headers.get_all(header::COOKIE).iter())
            .filter_map(|value| value.to_str().ok())
            .flat_map(|cookies| cookies.split(';'))
            .filter_map(|cookie| cookie.trim().split_once('='))
            .any(|(key, value)| key == name && self.is_token(value.as_bytes()));
        by_header || by_cookie
    }

    /// Whether `given` is the token, compared in time independent of where they differ.
    fn is_token(&self, given: &[u8]) -> bool {
        let token = self.token.as_bytes();
        given.len() == token.len() && given.iter().zip(token).fold(0, |differ, (a, b)| differ | (a ^ b)) == 0
    }
}

/// The value of the `token` query parameter, if the URI has one.
fn query_token(uri: &Uri) -> Option<&[u8]> {
    let query = uri.query()?;
    query.split('&').find_map(|pair| pair.strip_prefix("token=")).map(str::as_bytes)
}

/// `count` random bytes from the operating system, in lower-case hexadecimal: tokens
/// and page ids.
///
/// # Errors
/// When the operating system gives no random bytes.
pub fn random_hex(count: usize) -> io::Result<String> {
    let mut bytes = vec![0u8; count];
    getrandom::fill(&mut bytes).map_err(|error| io::Error::other(error.to_string()))?;
    Ok(bytes.iter().fold(String::with_capacity(2 * count), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for &(name, value) in pairs {
            headers.append(name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn tokens_are_random_hex_of_128_bits() {
        let (a, b) = (Access::new(1).unwrap(), Access::new(1).unwrap());
        assert_eq!(a.token.len(), 32);
        assert!(a.token.bytes().all(|byte| byte.is_ascii_hexdigit()));
        assert_ne!(a.token, b.token);
    }

    #[test]
    fn each_check_refuses_what_it_must() {
        let access = Access::with_token("abc".into(), 8000);
        let root: Uri = "/".parse().unwrap();
        let with_token: Uri = "/?token=abc".parse().unwrap();
        let host = ("host", "127.0.0.1:8000");
        assert_eq!(access.check(&headers(&[host]), &with_token), Ok(Admitted::ByQuery));
        assert_eq!(access.check(&headers(&[("host", "localhost:8000")]), &with_token), Ok(Admitted::ByQuery));
        assert_eq!(
            access.check(&headers(&[host, ("cookie", "a=b; crownhead-8000=abc")]), &root),
            Ok(Admitted::Carried)
        );
        assert_eq!(
            access.check(&headers(&[host, ("x-crownhead-token", "abc")]), &root),
            Ok(Admitted::Carried)
        );
        assert_eq!(access.check(&headers(&[host]), &root), Err(Refusal::Token));
        assert_eq!(access.check(&headers(&[host]), &"/?token=abd".parse().unwrap()), Err(Refusal::Token));
        assert_eq!(
            access.check(&headers(&[host, ("cookie", "crownhead-8001=abc")]), &root),
            Err(Refusal::Token)
        );
        assert_eq!(access.check(&headers(&[("host", "evil.example:8000")]), &with_token), Err(Refusal::Host));
        assert_eq!(access.check(&headers(&[("host", "127.0.0.1:8001")]), &with_token), Err(Refusal::Host));
        assert_eq!(access.check(&headers(&[]), &with_token), Err(Refusal::Host));
        let foreign = [host, ("origin", "http://evil.example")];
        assert_eq!(access.check(&headers(&foreign), &with_token), Err(Refusal::Origin));
        let own = [host, ("origin", "http://127.0.0.1:8000")];
        assert_eq!(access.check(&headers(&own), &with_token), Ok(Admitted::ByQuery));
    }
}
