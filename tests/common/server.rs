//! A `ludolog serve` process on a free port of 127.0.0.1, for the API and browser
//! tests, and the JSON requests they send it.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A running server; stopped when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
}

impl Server {
    /// Starts `ludolog serve ARGS --port 0` and waits for the URL it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(super::bin())
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ludolog serve starts");
        let mut line = String::new();
        let out = child.stdout.take().expect("stdout");
        BufReader::new(out)
            .read_line(&mut line)
            .expect("the server says its URL");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        Server { child, url }
    }

    /// `METHOD /path` with a JSON body (or none): the status and the JSON answer;
    /// status 0 and the error's text when the connection itself failed (the server
    /// may answer a huge body before reading it, and close).
    pub fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        self.call_with(method, path, body, &[])
    }

    /// As `call`, with more headers (a `Host` or an `Origin` of the test's choosing).
    pub fn call_with(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        headers: &[(&str, &str)],
    ) -> (u16, Value) {
        let url = format!("{}{}", self.url, path.trim_start_matches('/'));
        let mut req = ureq::request(method, &url).set("content-type", "application/json");
        for (k, v) in headers {
            req = req.set(k, v);
        }
        let res = match body {
            Some(b) => req.send_string(b),
            None => req.call(),
        };
        let res = match res {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => return (0, Value::String(e.to_string())),
        };
        let status = res.status();
        let text = res.into_string().expect("a text answer");
        let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, json)
    }

    /// As `call`, for a request that must succeed.
    pub fn ok(&self, method: &str, path: &str, body: Option<&str>) -> Value {
        let (status, json) = self.call(method, path, body);
        assert_eq!(status, 200, "{method} {path}: {json}");
        json
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
