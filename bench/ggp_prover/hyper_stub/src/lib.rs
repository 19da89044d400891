//! A stub of hyper 0.5 with only the items ggp-rs 0.1.2's `ggp_rs::run` uses: a one-connection-
//! at-a-time HTTP/1.0 server on std's `TcpListener`, enough for ggp_prover to send its own
//! player GGP messages on a loopback port.
//!
//! Why a stub: ggp-rs asks for `hyper = "*"` and uses the server API of hyper 0.5
//! (`Server::http(handler).listen(addr)`; 0.6 and later take the address first). hyper 0.5
//! needs openssl 0.6 unconditionally, and openssl-sys 0.6 does not build against this
//! machine's OpenSSL 3. Nothing here touches the prover: ggp-rs's game manager and logic
//! prover are used unchanged, from crates.io.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::marker::PhantomData;
use std::net::{TcpListener, TcpStream, ToSocketAddrs};

pub mod error {
    //! The error of `Server::listen`.
    use std::fmt;

    #[derive(Debug)]
    pub enum Error {
        Io(std::io::Error),
    }

    impl fmt::Display for Error {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            match self {
                Error::Io(e) => write!(f, "{e}"),
            }
        }
    }
}

pub mod net {
    //! Markers of a response's state: headers not yet sent, or being streamed.
    pub struct Fresh;
    pub struct Streaming;
}

pub mod version {
    //! The HTTP version of a response.
    use std::fmt;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum HttpVersion {
        Http10,
        Http11,
    }

    impl fmt::Display for HttpVersion {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(match self {
                HttpVersion::Http10 => "HTTP/1.0",
                HttpVersion::Http11 => "HTTP/1.1",
            })
        }
    }
}

pub mod header {
    //! The four response headers ggp-rs sets.
    use std::fmt;

    /// A header: its name and its value as text.
    pub trait Header {
        fn name(&self) -> &'static str;
        fn value(&self) -> String;
    }

    /// The headers of a response, in the order set (a header set twice keeps its last value).
    #[derive(Default)]
    pub struct Headers(pub(crate) Vec<(&'static str, String)>);

    impl Headers {
        pub fn set<H: Header>(&mut self, h: H) {
            self.0.retain(|(n, _)| *n != h.name());
            self.0.push((h.name(), h.value()));
        }
    }

    pub struct ContentLength(pub u64);
    impl Header for ContentLength {
        fn name(&self) -> &'static str {
            "Content-Length"
        }
        fn value(&self) -> String {
            self.0.to_string()
        }
    }

    /// A media type, kept as its text.
    #[derive(Debug, Clone)]
    pub struct Mime(String);
    impl std::str::FromStr for Mime {
        type Err = ();
        fn from_str(s: &str) -> Result<Mime, ()> {
            Ok(Mime(s.to_string()))
        }
    }

    pub struct ContentType(pub Mime);
    impl Header for ContentType {
        fn name(&self) -> &'static str {
            "Content-Type"
        }
        fn value(&self) -> String {
            self.0 .0.clone()
        }
    }

    pub enum AccessControlAllowOrigin {
        Any,
    }
    impl Header for AccessControlAllowOrigin {
        fn name(&self) -> &'static str {
            "Access-Control-Allow-Origin"
        }
        fn value(&self) -> String {
            "*".to_string()
        }
    }

    /// Generic over the name type, so that it takes ggp-rs's `unicase::UniCase<String>`.
    pub struct AccessControlAllowHeaders<T>(pub Vec<T>);
    impl<T: fmt::Display> Header for AccessControlAllowHeaders<T> {
        fn name(&self) -> &'static str {
            "Access-Control-Allow-Headers"
        }
        fn value(&self) -> String {
            self.0
                .iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }
    }
}

pub mod server {
    //! The request, the response and the handler that the server calls for each request.
    pub use crate::{Handler, Request, Response};
}

/// Answers one request; the server calls it for each connection in turn.
pub trait Handler: Sync + Send {
    fn handle(&self, req: Request, res: Response<net::Fresh>);
}

/// A request: its body can be read.
pub struct Request {
    body: io::Cursor<Vec<u8>>,
}

impl Read for Request {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.body.read(buf)
    }
}

/// A response: headers and version until `start`, then a body to write until `end`.
pub struct Response<W> {
    pub version: version::HttpVersion,
    headers: header::Headers,
    stream: TcpStream,
    _state: PhantomData<W>,
}

impl Response<net::Fresh> {
    pub fn headers_mut(&mut self) -> &mut header::Headers {
        &mut self.headers
    }

    /// Sends the status line and the headers.
    pub fn start(mut self) -> io::Result<Response<net::Streaming>> {
        let mut head = format!("{} 200 OK\r\n", self.version);
        for (name, value) in &self.headers.0 {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        self.stream.write_all(head.as_bytes())?;
        Ok(Response {
            version: self.version,
            headers: self.headers,
            stream: self.stream,
            _state: PhantomData,
        })
    }
}

impl Write for Response<net::Streaming> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

impl Response<net::Streaming> {
    /// Ends the response (the connection closes when it is dropped).
    pub fn end(mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

/// Reads one request: the head up to its blank line, then `Content-Length` bytes of body.
/// A connection closed before the end of the head is no request (as in hyper).
fn read_request(stream: &TcpStream) -> io::Result<Request> {
    let mut reader = BufReader::new(stream);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        if line == "\r\n" || line == "\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    Ok(Request {
        body: io::Cursor::new(body),
    })
}

/// A server of one handler.
pub struct Server<H> {
    handler: H,
}

/// Never made: `listen` serves until the process ends (hyper's `Listening` blocks on drop).
pub struct Listening(());

impl<H: Handler> Server<H> {
    pub fn http(handler: H) -> Server<H> {
        Server { handler }
    }

    /// Serves the connections one at a time, for ever; returns only if the address cannot
    /// be bound.
    pub fn listen<T: ToSocketAddrs>(self, addr: T) -> Result<Listening, error::Error> {
        let listener = TcpListener::bind(addr).map_err(error::Error::Io)?;
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let Ok(req) = read_request(&stream) else {
                continue;
            };
            let res = Response {
                version: version::HttpVersion::Http11,
                headers: header::Headers::default(),
                stream,
                _state: PhantomData,
            };
            self.handler.handle(req, res);
        }
        unreachable!("TcpListener::incoming never ends")
    }
}

impl fmt::Debug for Listening {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("Listening")
    }
}
