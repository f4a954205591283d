#![doc = include_str!("../../docs/gui.md")]
//!
//! # Code
//!
//! [`settings`] checks what a request asks for, [`table`] is one game and its players as a
//! state machine, [`runner`] shares a table between the handlers and the engine's searches,
//! [`store`] keeps the games by id, [`view`] is the JSON the API answers, [`api`] the routes,
//! [`assets`] the embedded page. Rules, records and players all come from gomoku-rules and
//! gomoku-ai.

pub mod api;
pub mod assets;
pub mod error;
pub mod runner;
pub mod settings;
pub mod store;
pub mod table;
pub mod view;

use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::sync::Arc;

use crate::gui::api::{AppState, router};
use crate::gui::store::DEFAULT_MAX_GAMES;

/// The port `gomoku gui` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8150;

/// The settings of `gomoku gui`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiOptions {
    /// The address to listen on (127.0.0.1: only this machine).
    pub host: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// Open the page in the default browser.
    pub open: bool,
}

impl Default for GuiOptions {
    fn default() -> GuiOptions {
        GuiOptions {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            open: false,
        }
    }
}

/// The page's address for a server listening on `addr` (an unspecified address is reached
/// through the loopback one).
pub fn page_url(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}/", SocketAddr::new(ip, addr.port()))
}

/// Opens `url` in the desktop's browser, without waiting for it.
fn open_browser(url: &str) -> io::Result<()> {
    let mut command = if cfg!(target_os = "windows") {
        let mut c = Command::new("cmd");
        c.args(["/C", "start", "", url]);
        c
    } else if cfg!(target_os = "macos") {
        let mut c = Command::new("open");
        c.arg(url);
        c
    } else {
        let mut c = Command::new("xdg-open");
        c.arg(url);
        c
    };
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map(drop)
}

/// Runs `gomoku gui`: listens, prints the page's address on stdout (`gomoku gui: serving the
/// board at http://127.0.0.1:8150/`), and serves until the process is stopped.
///
/// # Errors
/// When the address cannot be bound (e.g. the port is taken) or the runtime cannot start.
pub fn run(options: &GuiOptions) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let address = SocketAddr::new(options.host, options.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| io::Error::new(e.kind(), format!("cannot listen on {address}: {e}")))?;
        let url = page_url(listener.local_addr()?);
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "gomoku gui: serving the board at {url} (Ctrl-C to stop)"
        )?;
        out.flush()?;
        drop(out);
        if options.open {
            if let Err(e) = open_browser(&url) {
                eprintln!("gomoku gui: cannot open a browser ({e}); open {url} yourself");
            }
        }
        let state = Arc::new(AppState::new(DEFAULT_MAX_GAMES, options.host.is_loopback()));
        axum::serve(listener, router(state)).await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_urls_name_a_reachable_address() {
        let url = |s: &str| page_url(s.parse().unwrap());
        assert_eq!(url("127.0.0.1:8150"), "http://127.0.0.1:8150/");
        assert_eq!(url("0.0.0.0:80"), "http://127.0.0.1:80/");
        assert_eq!(url("[::]:9000"), "http://[::1]:9000/");
        assert_eq!(url("192.168.1.5:8150"), "http://192.168.1.5:8150/");
    }
}
