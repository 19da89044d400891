//! `ludolog gtp`: transcripts of GTP sessions (each command, then the exact answer),
//! HexGui's swap sequence, malformed input, every game, and a whole game between two
//! `ludolog gtp` processes driven by a small controller.

use crate::common;

use ludolog::game::GameOptions;
use ludolog::gtp::{GtpConfig, GtpSession};
use ludolog::registry::EngineSpec;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Runs `script` through a session: each line after `> `, then the answer as sent.
fn transcript(game: &str, options: &str, player: &str, script: &str) -> String {
    let opts: Vec<&str> = options.split_whitespace().collect();
    let config = GtpConfig {
        spec: EngineSpec::new(game, GameOptions::parse(&opts).unwrap()),
        player: Some(player.parse().unwrap()),
        seed: 7,
        resign: true,
        resign_below: 5,
    };
    let mut session = GtpSession::new(config).unwrap();
    let mut out = String::new();
    for line in script.lines() {
        out.push_str(&format!("> {line}\n"));
        if let Some(answer) = session.handle(line) {
            out.push_str(&answer.replace(env!("CARGO_PKG_VERSION"), "VERSION"));
        }
        if session.quit() {
            break;
        }
    }
    out
}

#[test]
fn hexgui_sets_up_a_swap_by_clearing_and_replaying() {
    // HexGui (see its htpSetUpCurrentBoard) sends no swap: after White's swap-pieces
    // it clears the board and plays the stones again, White's out of turn; going back
    // over the swap replays the position before it.
    let script = "\
name
version
hexgui-analyze_commands
boardsize 5 5
play black b3
showboard
clear_board
play white c2
showboard
genmove black
showboard
undo
clear_board
play black b3
play white swap-pieces
ludolog-position
play black c3
play white SWAP-PIECES
quit";
    insta::assert_snapshot!(transcript("hex", "swap=true", "alphabeta:2", script));
}

#[test]
fn every_required_gtp_v2_command_answers_as_the_specification_says() {
    // komi is required by GTP v2 and means nothing in Hex; final_score of an
    // unfinished game cannot score; genmove after the end: the loser resigns, the
    // winner passes; stones set up out of turn make a position marked `setup`,
    // which reads back
    let script = "\
komi 6.5
komi -0.5
komi lots
boardsize 3
final_score
play white a2
play white b2
ludolog-position
play black a1
play black b1
play white c2
final_score
genmove black
genmove white
ludolog-position
quit";
    insta::assert_snapshot!(transcript("hex", "", "random", script));
}

#[test]
fn mcts_resigns_a_lost_game() {
    // blue to move on 3x3: red's b1-b2 reaches row 3 by a3 or b3, and blue can block
    // one; MCTS's random playouts still give blue some wins, so the threshold is 20%
    let script = "\
boardsize 3
play black b1
play white a1
play black b2
play white a2
genmove white
quit";
    let mut session = GtpSession::new(GtpConfig {
        spec: EngineSpec::new("hex", GameOptions::default()),
        player: Some("mcts:2000".parse().unwrap()),
        seed: 7,
        resign: true,
        resign_below: 20,
    })
    .unwrap();
    let mut out = String::new();
    for line in script.lines() {
        out.push_str(&format!("> {line}\n"));
        out.push_str(&session.handle(line).unwrap());
    }
    assert!(
        out.ends_with("> genmove white\n= resign\n\n> quit\n= \n\n"),
        "{out}"
    );
}

#[test]
fn malformed_commands_get_gtp_errors() {
    let script = [
        "",
        "   # a comment alone",
        "\t",
        "foo",
        "play",
        "play black",
        "play black a1 extra",
        "play purple a1",
        "play black zz",
        "play black a9",
        "play black a1",
        "play white a1",
        "genmove",
        "genmove purple",
        "boardsize",
        "boardsize x",
        "boardsize 0",
        "boardsize 3 27",
        "known_command",
        "known_command play",
        "known_command fly",
        "3 name extra",
        "42",
        "final_score",
        "undo",
        "undo",
        "undo",
        "play white swap-sides",
        "11 quit",
    ]
    .join("\n");
    insta::assert_snapshot!(transcript("hex", "size=3", "random", &script));
}

#[test]
fn a_time_control_is_taken_and_each_move_thinks_within_its_share() {
    // the player would think for a hundred million playouts; the clock (a second of
    // main time, then a second a move) makes each move take a fraction of a second
    let script = [
        "time_settings 1 1 1",
        "genmove black",
        "time_left white 0 1",
        "genmove white",
        "time_left black 0.5 0",
        "genmove black",
        "clear_board",
        "time_settings 0 1 0",
        "time_settings 1 1",
        "time_settings 1 -1 1",
        "time_left black",
        "time_left purple 1 0",
        "time_left white soon 0",
    ]
    .join("\n");
    let t = transcript("hex", "size=5", "mcts:100000000", &script);
    let answers: Vec<&str> = t.lines().filter(|l| l.starts_with(['=', '?'])).collect();
    assert_eq!(answers.len(), 13, "{t}");
    for (i, a) in answers.iter().enumerate() {
        // the three moves are cells of the 5x5 board, the rest is accepted or refused
        match i {
            1 | 3 | 5 => assert!(a.len() == 4 && a.as_bytes()[2].is_ascii_lowercase(), "{t}"),
            0 | 2 | 4 | 6 | 7 => assert_eq!(*a, "= ", "{t}"),
            _ => assert!(a.starts_with("? "), "{t}"),
        }
    }
    assert!(
        t.contains("? syntax error: time_settings takes main time, byo-yomi time and stones"),
        "{t}"
    );
    assert!(
        t.contains("? syntax error: time_left takes a color, seconds and stones"),
        "{t}"
    );
}

#[test]
fn a_non_square_board_is_played_as_con_tac_tix() {
    let script = "\
boardsize 3 2
play black a1
play red B1
play blue c2
genmove white
showboard
boardsize 3
play white swap-sides
play black b2
play white swap-sides
ludolog-position";
    insta::assert_snapshot!(transcript("hex", "swap=true", "alphabeta:3", script));
}

#[test]
fn every_game_speaks_gtp_in_its_own_notation() {
    let replica = "\
boardsize 8
boardsize 9 9
genmove white
play black e8-e7
play black e7-e6
play black f7-f6
undo
showboard
final_score";
    let mitsudomoe = "\
boardsize 5 5
play white +b2/a1-b2
genmove black
ludolog-position";
    let tactigon = "\
boardsize 11 7
play black 24-25
play red 13-14
genmove white
ludolog-position";
    let all = [
        transcript("replica", "", "greedy", replica),
        transcript("mitsudomoe", "", "random", mitsudomoe),
        transcript("tactigon", "", "random", tactigon),
    ];
    insta::assert_snapshot!(all.join("\n"));
}

/// A `ludolog gtp` process and the lines it answers with.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(common::bin())
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ludolog gtp runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            input,
            output,
        }
    }

    /// Sends a command; its answer, `Ok` for `=`, `Err` for `?`.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").expect("the engine reads");
        self.input.flush().expect("flush");
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .expect("the engine answers");
            assert!(n > 0, "the engine stopped while answering `{command}`");
            if line == "\n" {
                break;
            }
            answer.push_str(&line);
        }
        let text = answer[1..].trim().to_string();
        if answer.starts_with('=') {
            Ok(text)
        } else {
            assert!(answer.starts_with('?'), "not a GTP answer: {answer:?}");
            Err(text)
        }
    }
}

#[test]
fn two_engines_play_a_game_through_a_controller() {
    let mut black = Engine::start(&["hex", "-O", "swap=true", "--player", "alphabeta:3"]);
    let mut white = Engine::start(&[
        "hex",
        "-O",
        "swap=true",
        "--player",
        "mcts:300",
        "--never-resign",
        "--seed",
        "5",
    ]);
    for e in [&mut black, &mut white] {
        assert_eq!(e.send("protocol_version"), Ok("2".into()));
        assert_eq!(e.send("boardsize 5 5"), Ok(String::new()));
        assert_eq!(e.send("clear_board"), Ok(String::new()));
    }
    let mut moves = Vec::new();
    let mut resigned = None;
    for ply in 0..60 {
        let (colour, (mover, other)) = if ply % 2 == 0 {
            ("black", (&mut black, &mut white))
        } else {
            ("white", (&mut white, &mut black))
        };
        let mv = mover.send(&format!("genmove {colour}")).expect("a move");
        if mv == "resign" {
            resigned = Some(colour);
            break;
        }
        other
            .send(&format!("play {colour} {mv}"))
            .unwrap_or_else(|e| panic!("{colour} {mv} refused: {e}"));
        moves.push(mv);
        if black.send("final_score").is_ok() {
            break;
        }
    }
    let position = black.send("ludolog-position").unwrap();
    assert_eq!(white.send("ludolog-position").unwrap(), position);
    let score = black.send("final_score");
    assert_eq!(white.send("final_score"), score);
    match resigned {
        Some(colour) => assert!(score.is_err(), "{colour} resigned a finished game"),
        None => assert!(matches!(score.as_deref(), Ok("B+" | "W+")), "{score:?}"),
    }
    // the game replays as the same position outside GTP
    let after = moves.join(" ").replace("swap-pieces", "swap");
    let (code, out, err) = common::run(
        &[
            "moves",
            "hex",
            "-O",
            "size=5",
            "-O",
            "swap=true",
            "--after",
            &after,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&format!("position: {position}\n")), "{out}");
    for mut e in [black, white] {
        assert_eq!(e.send("quit"), Ok(String::new()));
        assert!(e.child.wait().expect("the engine ends").success());
    }
}

#[test]
fn the_binary_answers_any_bytes_and_stops_at_the_end_of_its_input() {
    let mut child = Command::new(common::bin())
        .args(["gtp", "hex", "-O", "size=3", "--player", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludolog gtp runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(b"play black \xff\xfe\r\n\x00\x01\nplay black b2\n2 genmove white")
        .unwrap();
    drop(input);
    let out = child.wait_with_output().expect("the engine ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), 3, "{text}");
    assert!(answers[0].starts_with("? syntax error: "), "{text}");
    assert_eq!(answers[1], "= ");
    assert!(answers[2].starts_with("=2 "), "{text}");
}

#[test]
fn without_a_player_an_engine_that_plays_out_in_the_host_searches_with_rave() {
    // a native engine, and a rule file whose turns are data in the accelerated tier,
    // play whole playouts in the host: RAVE; the spec tier of the same file does not
    use ludolog::game::Tier;
    let chooser = |tier: Option<Tier>| {
        let mut spec = EngineSpec::new("hex", GameOptions::parse(&["size=5"]).unwrap());
        if let Some(t) = tier {
            spec = spec.in_tier(t);
        }
        let session = GtpSession::new(GtpConfig {
            spec,
            player: None,
            seed: 7,
            resign: true,
            resign_below: 5,
        })
        .unwrap();
        session.chooser().to_string()
    };
    assert_eq!(chooser(None), "rave:70000");
    assert_eq!(chooser(Some(Tier::Accelerated)), "rave:15000");
    assert_eq!(chooser(Some(Tier::Spec)), "alphabeta:2");
}
