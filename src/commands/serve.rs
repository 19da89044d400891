//! `ludolog serve`: the web front end.

use super::args::RunArgs;
use ludolog::game::defaults;
use ludolog::serve::ServeConfig;
use std::io::Write;
use std::process::ExitCode;

/// The web front end: a board you can click, over a JSON API (see the README).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A built-in game or the path of a rule file: the game the page opens first.
    #[arg(default_value = defaults::GAME)]
    game: String,
    #[command(flatten)]
    run: RunArgs,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = defaults::SERVE_PORT)]
    port: u16,
    /// The address to listen on; other machines can reach the server only if
    /// this is not a loopback address.
    #[arg(long, default_value = defaults::SERVE_ADDRESS)]
    host: std::net::IpAddr,
    /// A host name the server answers to besides 127.0.0.1, localhost, [::1] and
    /// the --host address (a name other machines reach it by); may be repeated.
    /// Requests naming any other host are refused.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// Say the address of the rules playground (/playground: a rule file written
    /// in the browser, linted as it is typed, played and checked; its text is never
    /// written to disk) rather than the board's.
    #[arg(long)]
    playground: bool,
}

pub(crate) fn exec(args: Args, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let config = ServeConfig {
        spec: args.run.spec(args.game)?,
        addr: std::net::SocketAddr::new(args.host, args.port),
        allow_hosts: args.allow_hosts,
        playground: args.playground,
    };
    ludolog::serve::run(config, out)?;
    Ok(ExitCode::SUCCESS)
}
