//! The `ludolog` command line as clap parses it: the commands, their arguments and
//! help texts (main.rs hands each parsed command to the library).

use clap::{Args, Parser, Subcommand};
use ludolog::cli;
use ludolog::cli::values::{
    bench_positions, bench_seconds, check_strategy, games_count, inference_limit, max_plies,
    mcts_playouts, parse_threads, perft_depth, search_depth, search_time, seed_value, solve_nodes,
    solve_time, sweep_positions, table_mb,
};
use ludolog::game::{defaults, Tier};
use ludolog::parallel::{thread_count, Shard};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "ludolog",
    version,
    about = "Board game rules in Prolog, native engines in Rust, and proof that they agree"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    /// Stop when the process holds more memory than this, in MB, 0 for none (default
    /// 2048): a rule file or query that allocates without end stops, named.
    #[arg(long, global = true, value_name = "MB", value_parser = cli::limits::memory_limit)]
    pub(crate) memory_limit: Option<u64>,
    /// Stop a rule-file request or REPL answer that runs longer than this, in seconds,
    /// 0 for none (default 10). Perft on a rule file from disk is bounded step by
    /// step (each position's legal moves), never as a whole; given, the limit also
    /// bounds playouts, search, and perft on built-in rules, as a whole.
    #[arg(long, global = true, value_name = "SECONDS", value_parser = cli::limits::time_limit)]
    pub(crate) time_limit: Option<f64>,
}

/// Which game, with which options, rules and tier.
#[derive(Args, Clone)]
pub(crate) struct GameArgs {
    /// A built-in game (see `ludolog games`) or the path of a rule file.
    pub(crate) game: String,
    #[command(flatten)]
    pub(crate) run: RunArgs,
}

/// How to run a game: its options, tier, rule files and query limit.
#[derive(Args, Clone)]
pub(crate) struct RunArgs {
    /// A game option, key=value (repeatable), e.g. -O size=5.
    #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
    pub(crate) options: Vec<String>,
    /// Run on this tier: spec, accelerated or native (default: native where it exists).
    #[arg(long)]
    pub(crate) tier: Option<Tier>,
    /// Load the rules from this file or directory instead of the built-in copy.
    #[arg(long, value_name = "PATH")]
    pub(crate) rules: Option<PathBuf>,
    /// Stop each rule-file query after this many inferences, 1000 to 10^12 (default:
    /// 30 million for a query on one position, about two seconds). Perft, playouts and
    /// search, whose size the user chose, have none by default; perft on a rule file
    /// from disk is still bounded step by step (each position's legal moves) by
    /// --time-limit, never as a whole.
    #[arg(long, value_name = "N", value_parser = inference_limit)]
    pub(crate) inference_limit: Option<u64>,
    /// Run rule files and REPL queries without the sandbox: they may then reach
    /// files, programs, the network and foreign libraries.
    #[arg(long)]
    pub(crate) trust: bool,
}

/// How many threads to run.
#[derive(Args, Clone)]
pub(crate) struct ThreadArgs {
    /// Threads to run on (default: every core), each with engines of its own.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,
}

/// Threads, and the part of a run split between machines.
#[derive(Args, Clone)]
pub(crate) struct SplitArgs {
    #[command(flatten)]
    pub(crate) threads: ThreadArgs,
    /// Do shard K of N of the run (e.g. 2/8), for `ludolog merge` to add up.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<Shard>,
}

impl SplitArgs {
    pub(crate) fn split(&self) -> cli::Split {
        cli::Split {
            threads: thread_count(self.threads.threads),
            shard: self.shard.unwrap_or(Shard::WHOLE),
        }
    }
}

#[derive(Args, Clone)]
pub(crate) struct PositionArgs {
    /// A position text, or - to read it from standard input (default: the start).
    pub(crate) position: Option<String>,
    #[command(flatten)]
    pub(crate) from: FromArgs,
}

/// Where a position starts besides its text: moves played first, or a game record.
#[derive(Args, Clone)]
pub(crate) struct FromArgs {
    /// Moves to play first, from the position (or the start), e.g. --after "a1 b2".
    #[arg(long, value_name = "MOVES")]
    pub(crate) after: Option<String>,
    /// Start from a game record (text, or SGF for Hex), played to its end or to --ply.
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,
    /// Play only the record's first N moves.
    #[arg(long, value_name = "N", requires = "record")]
    pub(crate) ply: Option<usize>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// A Prolog top level on a game's rules (the default: ludolog alone = repl hex).
    Repl {
        /// A built-in game or the path of a rule file.
        #[arg(default_value = defaults::GAME)]
        game: String,
        #[command(flatten)]
        run: RunArgs,
        /// Reload the rule files when they change on disk, replaying the game so far.
        #[arg(long)]
        watch: bool,
    },
    /// The REPL's engine process, started by the REPL itself (a line protocol on stdin/stdout).
    #[command(hide = true)]
    ReplWorker,
    /// A worker process that runs untrusted rules for its parent (a line protocol on
    /// stdin/stdout; everything about it comes in its first message).
    #[command(hide = true)]
    Worker,
    /// An external engine started by ludolog: dies with its parent, then runs the
    /// program (`ludolog engine-process -- PROGRAM ARGS…`).
    #[command(hide = true, name = "engine-process")]
    EngineProcess {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        words: Vec<String>,
    },
    /// The legal moves of a position.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Print {"position", "to_move", "outcome", "legal"} as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the game tree to a depth.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Count to this many plies, 0 to 20.
        #[arg(long, short, value_parser = perft_depth)]
        depth: u32,
        #[command(flatten)]
        split: SplitArgs,
        /// Print the count and what it is as JSON (the input of `ludolog merge`).
        #[arg(long)]
        json: bool,
        /// Count through an external engine (examples/engines/README.md) from the
        /// start, for a perft table of someone else's engine.
        #[arg(long, value_name = "COMMAND", conflicts_with = "json")]
        against: Option<String>,
        /// With --against: the seconds the engine may take to answer one request,
        /// 0.01 to 86400; an engine silent longer is stopped, and that is a finding.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = cli::limits::answer_timeout, requires = "against")]
        answer_timeout: f64,
        /// Print the count at every depth from 1 to --depth, on one line: a row of a
        /// perft table.
        #[arg(long, conflicts_with_all = ["json", "shard", "against"])]
        every_depth: bool,
    },
    /// Play seeded random games through two or more tiers in lockstep and compare every position.
    Check {
        #[command(flatten)]
        game: GameArgs,
        /// The tiers to compare, each with the next (default: spec,native where a native engine exists).
        #[arg(long, value_delimiter = ',')]
        tiers: Vec<Tier>,
        /// Random games to play, 1 to 10^7.
        #[arg(long, default_value_t = defaults::CHECK_GAMES, value_parser = games_count)]
        games: usize,
        /// Cut each game off after this many plies, 1 to 10^6.
        #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = max_plies)]
        max_plies: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        /// Also compare perft counts to this depth, 0 to 20.
        #[arg(long, value_parser = perft_depth)]
        perft: Option<u32>,
        /// How the random games choose moves: uniform, edges (extreme coordinates),
        /// seek (moves that end the game, capture, change the number of moves), avoid
        /// (long games), mixed (the four by turns), probe (mixed, and the moves looked
        /// at compared in both engines too).
        #[arg(long, default_value = "probe", value_parser = check_strategy)]
        strategy: ludolog::check::Strategy,
        /// Before the random games, compare every line from the start breadth-first,
        /// whole depths while they fit in this many positions, 0 to 10^7 (0: none).
        #[arg(long, value_name = "POSITIONS", default_value_t = defaults::CHECK_SWEEP, value_parser = sweep_positions)]
        sweep: usize,
        #[command(flatten)]
        split: SplitArgs,
        /// Print the report as JSON (the input of `ludolog merge`).
        #[arg(long)]
        json: bool,
        /// Check an external engine against the game (in its default tier, or
        /// --tier): COMMAND speaks the engine protocol, examples/engines/README.md.
        #[arg(long, value_name = "COMMAND")]
        against: Option<String>,
        /// With --against: the seconds the engine may take to answer one request,
        /// 0.01 to 86400; an engine silent longer is stopped, and that is a finding.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = cli::limits::answer_timeout, requires = "against")]
        answer_timeout: f64,
    },
    /// Add up the JSON results of the shards of one check, perft or analyse run.
    Merge {
        /// The shards' result files (`check --json`, `perft --json` or `analyse --json`).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Print the merged result as JSON (as one run's `--json`).
        #[arg(long)]
        json: bool,
    },
    /// The best move of a position by alpha-beta (or MCTS), its score and principal variation.
    Best {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Search this many plies deep, 1 to 40 (default 4 without --time).
        #[arg(long, short, value_parser = search_depth)]
        depth: Option<u32>,
        /// Search for this long, e.g. 2s or 500ms, 1ms to 3600s.
        #[arg(long, value_parser = search_time)]
        time: Option<std::time::Duration>,
        /// Use MCTS with this many playouts instead of alpha-beta, 1 to 10^8 (every tier; far slower on rule files).
        #[arg(long, value_parser = mcts_playouts)]
        mcts: Option<u64>,
        // with --mcts: one tree per thread (root-parallel), the playouts shared out
        #[command(flatten)]
        threads: ThreadArgs,
        #[arg(long)]
        json: bool,
    },
    /// Is a variant a good game?  Plays games between players and reports balance,
    /// length, branching, decisiveness and each first move, game by game side by side.
    Analyse {
        /// Built-in games or rule files, compared side by side (the same -O for all).
        #[arg(required = true, value_name = "GAME")]
        games: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
        /// Games per pairing of players.
        #[arg(long = "games", value_name = "N", default_value_t = 100, value_parser = games_count)]
        games_count: usize,
        /// A pairing FIRST,SECOND of players (repeatable; default random,random and
        /// mcts:1000,mcts:1000).
        #[arg(long = "players", value_name = "FIRST,SECOND", value_parser = cli::parse_pairing)]
        players: Vec<ludolog::analyse::Pairing>,
        /// The player whose wins against random play measure decisiveness, or none.
        #[arg(long, value_name = "PLAYER", default_value = cli::DEFAULT_STRONGER)]
        stronger: String,
        /// Cut each game off after this many plies, 1 to 10^6.
        #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = max_plies)]
        max_plies: usize,
        /// Seed of the games (each game has its own seed from it).
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        #[command(flatten)]
        split: SplitArgs,
        /// Draw the charts as SVG files into this directory.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// The value of a position under perfect play (win, loss or draw for the side to
    /// move) by proof-number search, with the moves that keep it.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// The transposition table's size in MB, 1 to 65536 (default 256).
        #[arg(long, value_name = "MB", value_parser = table_mb)]
        memory: Option<u64>,
        /// Stop after this long, e.g. 30s or 500ms (default: no limit; Ctrl-C stops too).
        #[arg(long, value_parser = solve_time)]
        time: Option<std::time::Duration>,
        /// Stop after expanding this many positions.
        #[arg(long, value_name = "N", value_parser = solve_nodes)]
        nodes: Option<u64>,
        /// Give the value of every move (from the start: every opening), not only one
        /// that keeps the position's value.
        #[arg(long)]
        openings: bool,
        /// Search without the game's own knowledge (Hex: virtual connections,
        /// must-play regions, dead cells): plain proof-number search.
        #[arg(long)]
        plain: bool,
        /// Draw the moves' values on the board as SVG: green wins, grey draws, red loses.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal: ludolog play hex --red human --blue alphabeta:4
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Seed of the random players.
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        /// Save the game record here on exit (SGF when FILE ends in .sgf: Hex and Con-Tac-Tix).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Resume a saved game record (text, or SGF from HexGui or Little Golem).
        #[arg(long, value_name = "FILE")]
        load: Option<PathBuf>,
        /// Players by name: --red human --blue alphabeta:4 (human, random, greedy,
        /// alphabeta:N, alphabeta:Ns, mcts:N); a side not named is played by a human.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "--PLAYER KIND"
        )]
        players: Vec<String>,
    },
    /// The web front end: a board you can click, over a JSON API (see the README).
    Serve {
        /// A built-in game or the path of a rule file: the game the page opens first.
        #[arg(default_value = defaults::GAME)]
        game: String,
        #[command(flatten)]
        run: RunArgs,
        /// The port to listen on (0: any free port).
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// The address to listen on; other machines can reach the server only if
        /// this is not a loopback address.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// A host name the server answers to besides 127.0.0.1, localhost, [::1] and
        /// the --host address (a name other machines reach it by); may be repeated.
        /// Requests naming any other host are refused.
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_hosts: Vec<String>,
    },
    /// Speak the engine protocol (examples/engines/README.md) on standard input and
    /// output, in any tier: for `check --against` and other tools.
    Engine {
        #[command(flatten)]
        game: GameArgs,
        /// Say this game's name, moves and players as another game's rules say them,
        /// by a table of lines `THEIRS OURS` (a GDL sheet checked against a rule file:
        /// `connect3 connect_four`, `(drop 1) a`); no position text is given then, and
        /// `new` keeps this engine's own options.
        #[arg(long, value_name = "FILE")]
        moves: Option<std::path::PathBuf>,
    },
    /// A GTP engine on standard input and output (for HexGui and other controllers).
    Gtp {
        #[command(flatten)]
        game: GameArgs,
        /// Who chooses the moves: random, greedy, alphabeta:N, alphabeta:Ns or mcts:N
        /// (default: mcts:250000 on a native engine, else alphabeta:2).
        #[arg(long, value_name = "KIND")]
        player: Option<String>,
        /// Seed of the random choices.
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        /// Play on when the search proves the game lost, instead of answering `resign`.
        #[arg(long)]
        never_resign: bool,
        /// With an MCTS player, answer `resign` when the best move wins fewer
        /// playouts than this percent (0: never).
        #[arg(long, value_name = "PERCENT", default_value_t = defaults::MCTS_RESIGN_PERCENT,
              value_parser = clap::value_parser!(u32).range(0..=100))]
        resign_below: u32,
    },
    /// Draw a position from the rule file's view/2: --svg FILE (or -) or --ascii.
    Render {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Write SVG to this file (- for standard output).
        #[arg(long, value_name = "FILE", conflicts_with = "ascii")]
        svg: Option<PathBuf>,
        /// Draw the board as text (the default).
        #[arg(long)]
        ascii: bool,
    },
    /// The UGent assignment's command: ludolog contactix [best] [test] [svg] [FILE|-]
    Contactix {
        /// `best` (the default): the board after the best move; `test`: every next
        /// board, separated by lines holding only `~`; `svg`: SVG instead of text;
        /// FILE or - (the default): the position file.
        words: Vec<String>,
    },
    /// List the built-in games and their options.
    Games,
    /// Print the ludolog rule file a GDL rule sheet (KIF) is played as: its
    /// relations as Prolog clauses under their own names, then the protocol.
    Gdl {
        /// A GDL rule sheet (`.kif`).
        file: PathBuf,
    },
    /// Write a starter rule file NAME.pl (K in a row on a square board, or Hex on a
    /// rhombus with --board hex) that passes lint and plays, to change into a new game.
    New {
        /// The game's name: a lowercase letter, then letters, digits or _.
        name: String,
        /// The board of the starter: square (K in a row) or hex (Hex-style connection).
        #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(cli::BOARDS))]
        board: String,
        /// The directory to write it in.
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Does a rule file keep the protocol?  Static checks of its text, then checks
    /// on seeded random games; a directory is every rule file in it.
    Lint {
        /// A rule file, or a directory of rule files.
        path: PathBuf,
        /// A game option, key=value (repeatable), e.g. -O size=5.
        #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Random games to play (0: the static checks only).
        #[arg(long, default_value_t = defaults::LINT_GAMES)]
        games: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = defaults::SEED)]
        seed: u64,
        /// A game still going after this many plies is a finding.
        #[arg(long, default_value_t = defaults::MAX_PLIES)]
        max_plies: usize,
        /// Stop the random games (and the shrinking of their findings) after this
        /// many seconds in all, 0 for no bound, with a note saying so; each game
        /// also stops at its first finding, and each query at --time-limit.
        #[arg(long, value_name = "SECONDS", default_value_t = defaults::LINT_BUDGET_SECONDS, value_parser = cli::limits::budget)]
        budget: f64,
        /// Stop a rule-file query after this many inferences.
        #[arg(long, value_name = "N")]
        inference_limit: Option<u64>,
        /// The rule tier to play the games in: spec, or accelerated (where the
        /// native helpers answer, so that legal_count/2 and nth_legal/3 written for
        /// them are held to legal/2 too).
        #[arg(long, default_value = "spec")]
        tier: Tier,
        #[arg(long)]
        json: bool,
    },
    /// Why a move is illegal (or, when it is legal, what it does): why GAME [POSITION] MOVE
    Why {
        #[command(flatten)]
        game: GameArgs,
        /// [POSITION] MOVE: a position text (or - for standard input; default: the
        /// start, after --after) and the move.
        #[arg(num_args = 1..=2, required = true, value_name = "[POSITION] MOVE")]
        words: Vec<String>,
        #[command(flatten)]
        from: FromArgs,
    },
    /// Measure the tiers side by side: random playouts/s and perft nodes/s.
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// Seconds to spend on each measurement, 0.01 to 600.
        #[arg(long, default_value_t = 2.0, value_parser = bench_seconds)]
        seconds: f64,
        /// Tiers to measure, comma-separated (default: all that exist).
        #[arg(long, value_delimiter = ',')]
        tiers: Vec<Tier>,
        /// Depth of the native search timed on sampled positions, 1 to 40.
        #[arg(long, default_value_t = defaults::SEARCH_DEPTH, value_parser = search_depth)]
        search_depth: u32,
        /// How many positions from random games to time that search on, 0 (skip) to 1000.
        #[arg(long, default_value_t = 12, value_parser = bench_positions)]
        positions: usize,
        // playouts and perft on this many threads too, for the speed-up
        #[command(flatten)]
        threads: ThreadArgs,
        #[arg(long)]
        json: bool,
    },
}
