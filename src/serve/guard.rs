//! Who may talk to `serve`: a request must name, in its `Host`, a host the server
//! serves (so that a web page on another site cannot reach it by DNS rebinding),
//! and a request that changes anything must come from the server's own pages (an
//! `Origin` of another site, or a browser's `Sec-Fetch-Site: cross-site`, is
//! refused). A client that is no browser sends no `Origin` and is let through:
//! only browsers carry a page's authority to other sites.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The host names the server answers to.
#[derive(Clone, Debug)]
pub struct Hosts {
    names: Vec<String>,
    port: u16,
}

impl Hosts {
    /// Loopback's names, the address it listens on, and the names given with
    /// `--allow-host`; `port`, the port it listens on.
    pub fn new(addr: std::net::SocketAddr, extra: &[String]) -> Hosts {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .into_iter()
            .map(String::from)
            .collect();
        let listening = match addr.ip() {
            std::net::IpAddr::V4(ip) => ip.to_string(),
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        };
        names.push(listening);
        names.extend(extra.iter().map(|n| n.trim().to_ascii_lowercase()));
        names.sort();
        names.dedup();
        Hosts {
            names,
            port: addr.port(),
        }
    }

    /// Whether `host` (a `Host` header: a name, and a port, 80 when none is
    /// written) is served here.
    fn serves(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let (name, port) = split_port(&host);
        port.unwrap_or(80) == self.port && self.names.iter().any(|n| *n == name)
    }

    /// Whether an `Origin` is one of the server's own pages.
    fn own_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|rest| !rest.contains('/') && self.serves(rest))
    }
}

/// A host and its port: `localhost:7878` → (`localhost`, 7878); `[::1]:80` too.
fn split_port(host: &str) -> (&str, Option<u16>) {
    let (name, port) = match host.rfind(':') {
        // a bare IPv6 address in brackets has colons inside them only
        Some(i) if !host[i..].contains(']') => (&host[..i], Some(&host[i + 1..])),
        _ => (host, None),
    };
    match port.map(str::parse::<u16>) {
        Some(Ok(p)) => (name, Some(p)),
        // a port that is not one names no host served here
        Some(Err(_)) => ("", None),
        None => (name, None),
    }
}

/// Whether a request may be served: the host is served here, and a request that
/// changes anything comes from no other site.
fn allowed(hosts: &Hosts, method: &Method, headers: &HeaderMap) -> Result<(), &'static str> {
    // one of each, or the server and a proxy in front of it may read different ones
    for name in [header::HOST, header::ORIGIN] {
        if headers.get_all(&name).iter().count() > 1 {
            return Err("a request may name one host and one origin");
        }
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or("a request must name the host it is for")?;
    if !hosts.serves(host) {
        return Err("this server does not answer to that host name (start it with --allow-host NAME to add one)");
    }
    if method == Method::GET || method == Method::HEAD {
        return Ok(());
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = origin.to_str().is_ok_and(|o| hosts.own_origin(o));
        if !own {
            return Err("a request from another site may not change anything here");
        }
    }
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if site == Some("cross-site") {
        return Err("a request from another site may not change anything here");
    }
    Ok(())
}

/// The middleware: refuses, with 403, what `allowed` refuses.
pub async fn guard(State(hosts): State<Arc<Hosts>>, req: Request, next: Next) -> Response {
    match allowed(&hosts, req.method(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(why) => (
            StatusCode::FORBIDDEN,
            axum::Json(serde_json::json!({ "error": why })),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn hosts() -> Hosts {
        Hosts::new("127.0.0.1:7878".parse().unwrap(), &["board.lan".into()])
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn answers_only_the_hosts_it_serves() {
        let h = hosts();
        for ok in [
            "127.0.0.1:7878",
            "localhost:7878",
            "LOCALHOST:7878",
            "[::1]:7878",
            "board.lan:7878",
        ] {
            assert_eq!(
                allowed(&h, &Method::GET, &headers(&[("host", ok)])),
                Ok(()),
                "{ok}"
            );
        }
        for bad in [
            "evil.example:7878",
            "localhost.evil.example",
            "127.0.0.1:80",
            "localhost:x",
            "",
            "localhost",
        ] {
            assert!(
                allowed(&h, &Method::GET, &headers(&[("host", bad)])).is_err(),
                "{bad}"
            );
        }
        assert!(allowed(&h, &Method::GET, &HeaderMap::new()).is_err());
    }

    #[test]
    fn changes_come_from_its_own_pages_or_no_browser() {
        let h = hosts();
        let host = ("host", "localhost:7878");
        assert_eq!(allowed(&h, &Method::POST, &headers(&[host])), Ok(()));
        let own = ("origin", "http://localhost:7878");
        assert_eq!(allowed(&h, &Method::POST, &headers(&[host, own])), Ok(()));
        for bad in [
            "http://evil.example",
            "http://localhost:7879",
            "null",
            "https://localhost:7878",
            // another server on this machine, on the default port
            "http://localhost",
            "http://127.0.0.1",
        ] {
            let got = allowed(&h, &Method::POST, &headers(&[host, ("origin", bad)]));
            assert!(got.is_err(), "{bad}");
        }
        let cross = ("sec-fetch-site", "cross-site");
        assert!(allowed(&h, &Method::DELETE, &headers(&[host, cross])).is_err());
        // reading is not changing: a cross-site GET gets nothing it can read (no CORS)
        assert_eq!(allowed(&h, &Method::GET, &headers(&[host, cross])), Ok(()));
    }

    #[test]
    fn a_request_names_one_host_and_one_origin() {
        let h = hosts();
        let mut twice = headers(&[("host", "localhost:7878")]);
        twice.append("host", HeaderValue::from_static("evil.example:7878"));
        assert!(allowed(&h, &Method::GET, &twice).is_err());
        let own = [
            ("host", "localhost:7878"),
            ("origin", "http://localhost:7878"),
        ];
        let mut origins = headers(&own);
        origins.append("origin", HeaderValue::from_static("http://evil.example"));
        assert!(allowed(&h, &Method::POST, &origins).is_err());
    }
}
