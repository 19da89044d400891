#!/usr/bin/env python3
"""OpenSpiel's games behind ludolog's engine protocol (version 1), for

    ludolog check breakthrough --against "python3 examples/engines/openspiel.py breakthrough"
    ludolog check connect_four --against "python3 examples/engines/openspiel.py connect_four"
    ludolog check tic_tac_toe --against "python3 examples/engines/openspiel.py tic_tac_toe"

It needs OpenSpiel's Python package (`pip install open_spiel`, `import pyspiel`).
The games are OpenSpiel's own; this file only translates names:

| ludolog        | OpenSpiel      | players (OpenSpiel 0, 1) | moves: OpenSpiel -> ludolog      |
|----------------|----------------|--------------------------|----------------------------------|
| breakthrough   | breakthrough   | black, white             | a7b6* -> a7-b6                   |
| connect_four   | connect_four   | x, o                     | x3 -> d (the column's letter)    |
| tic_tac_toe    | tic_tac_toe    | x, o                     | x(0,2) -> c3 (a1 the lower left) |
| clobber        | clobber        | o, x                     | a5b5 -> a5-b5                    |
| othello        | othello        | black, white             | d3 -> d3, pass -> pass           |

Options: breakthrough's and clobber's rows and cols are OpenSpiel's rows and
columns; connect four's rows, cols and line are its rows, columns and x_in_row.  Every answer to
`state` carries the position text in the rule file's format, built from OpenSpiel's
own board, so `check` compares that too.

ludolog names a game to an engine by its name, or a rule file from disk by the
module it declares; the games this engine says it plays are its arguments as given
(a name, or a path such as rules/breakthrough.pl) and the names of the games they
are; without arguments, the five names.  A path's game is its file name without
".pl".

Any other OpenSpiel game (deterministic, sequential, perfect information, any
number of players) plays with --game, e.g.

    ludolog check hex -O size=5 --against "python3 examples/engines/openspiel.py \
        --game hex --option size=board_size --players red,blue"
    ludolog check tic_tac_toe --against "python3 examples/engines/openspiel.py \
        --game tic_tac_toe --moves examples/engines/maps/tic_tac_toe.txt"

  --game NAME          OpenSpiel's game (its name, or NAME(param=value,...))
  --option OURS=THEIRS a ludolog option passed as an OpenSpiel parameter (repeat;
                       the options not named are not passed)
  --players P0,P1,...  the names of OpenSpiel's players 0, 1, ... (default p0, p1, ...)
  --moves FILE         a table from OpenSpiel's action strings to the rule file's
                       move texts: a line "THEIRS OURS" for one string, or
                       "re:PATTERN REPLACEMENT" for every string the regular
                       expression matches whole (Python's re.sub); # comments; a
                       string no line names is the move text as it is

Such an engine answers `state` without a position text (it has none in the rule
file's format), so `check` compares the two by the moves played: the legal moves,
the side to move and the outcome at every position.  The side to move of a
finished game is the player after the one who moved last; the outcome is a win for
the one player with the highest return, a draw when all returns are equal, else
each player's score (its return scaled to 0..100).
"""
import argparse
import json
import os
import re
import sys

import pyspiel


def run_length(cells):
    """A row of cells ('.' empty) as notation.pl writes it: runs of empty cells as
    their length."""
    out, run = "", 0
    for ch in cells:
        if ch == ".":
            run += 1
            continue
        if run:
            out += str(run)
            run = 0
        out += ch
    return out + (str(run) if run else "")


def int_option(options, key, default, low, high):
    value = options.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"option {key} must be a whole number from {low} to {high}")
    return value


class Breakthrough:
    players = ("black", "white")

    def __init__(self, options):
        self.cols = int_option(options, "cols", 8, 2, 15)
        self.rows = int_option(options, "rows", 8, 2, 15)
        self.game = pyspiel.load_game("breakthrough", {"rows": self.rows, "columns": self.cols})

    def move(self, text):
        # "a7b6*": file letter and rank character of each square (OpenSpiel writes rank
        # k as chr(ord('0') + k), so ranks past 9 are ':', ';', ...), "*" for a capture
        return f"{text[0]}{ord(text[1]) - ord('0')}-{text[2]}{ord(text[3]) - ord('0')}"

    def position(self, state, to_move):
        lines = str(state).splitlines()[: self.rows]  # each rank, top first, after its label
        ranks = "/".join(run_length(line[1:]) for line in lines)
        return f"{self.cols}x{self.rows} {ranks} {to_move}"


class ConnectFour:
    players = ("x", "o")

    def __init__(self, options):
        self.cols = int_option(options, "cols", 7, 1, 15)
        self.rows = int_option(options, "rows", 6, 1, 15)
        self.line = int_option(options, "line", 4, 1, 15)
        self.game = pyspiel.load_game(
            "connect_four", {"rows": self.rows, "columns": self.cols, "x_in_row": self.line})

    def move(self, text):
        # "x3": the player's letter and the column from 0
        return chr(ord("a") + int(text[1:]))

    def position(self, state, to_move):
        lines = str(state).splitlines()[: self.rows]  # the rows, top first
        line = "" if self.line == 4 else f" line={self.line}"
        return f"{self.cols}x{self.rows} {'/'.join(run_length(l) for l in lines)} {to_move}{line}"


class TicTacToe:
    players = ("x", "o")

    def __init__(self, options):
        if options:
            raise ValueError(f"tic_tac_toe takes no options (given: {', '.join(options)})")
        self.game = pyspiel.load_game("tic_tac_toe")

    def move(self, text):
        # "x(r,c)": row r from the top, column c from the left, both from 0
        r, c = (int(k) for k in text[text.index("(") + 1 : text.index(")")].split(","))
        return f"{chr(ord('a') + c)}{3 - r}"

    def position(self, state, to_move):
        lines = str(state).splitlines()[:3]
        return f"{'/'.join(run_length(l) for l in lines)} {to_move}"


class Clobber:
    players = ("o", "x")

    def __init__(self, options):
        self.cols = int_option(options, "cols", 6, 1, 15)
        self.rows = int_option(options, "rows", 5, 1, 15)
        self.game = pyspiel.load_game("clobber", {"rows": self.rows, "columns": self.cols})

    def move(self, text):
        # "a5b5": each square's file letter and rank number
        m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)", text)
        return f"{m[1]}{m[2]}-{m[3]}{m[4]}"

    def position(self, state, to_move):
        # each rank, top first, after its number; "." for an empty cell
        lines = str(state).splitlines()[: self.rows]
        ranks = "/".join(run_length(line.lstrip("0123456789")) for line in lines)
        return f"{self.cols}x{self.rows} {ranks} {to_move}"


class Othello:
    players = ("black", "white")

    def __init__(self, options):
        if int_option(options, "size", 8, 8, 8) != 8:
            raise ValueError("OpenSpiel plays Othello on 8 x 8 only")
        self.game = pyspiel.load_game("othello")

    def move(self, text):
        # "d3": the column letter and the row number from the top; "pass"
        return text

    def position(self, state, to_move):
        # after a line saying who plays and the column letters, each row from the
        # top: its number, its cells ("-" empty), its number again
        lines = str(state).splitlines()[2:10]
        rows = ["".join("." if c == "-" else c for c in line.split()[1:9]) for line in lines]
        return f"8 {'/'.join(run_length(r) for r in rows)} {to_move}"


class Generic:
    """Any OpenSpiel game of the right kind, its moves translated by a table."""

    def __init__(self, spec, options):
        params = dict(spec.params)
        # ludolog sends every option of its game; those --option names are passed on,
        # and OpenSpiel plays its own defaults for the rest
        for ours, value in options.items():
            theirs = spec.option_names.get(ours)
            if theirs is not None:
                params[theirs] = value
        self.game = pyspiel.load_game(spec.name, params)
        kind = self.game.get_type()
        if (kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
                or kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL
                or kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION):
            raise ValueError(f"{spec.name} is not deterministic, sequential and of perfect "
                             "information: ludolog's protocol has no chance or hidden moves")
        n = self.game.num_players()
        self.players = tuple(spec.players or [f"p{i}" for i in range(n)])
        if len(self.players) != n:
            raise ValueError(f"{spec.name} has {n} players, --players names {len(self.players)}")
        self.table = spec.table

    def move(self, text):
        return self.table.translate(text)

    position = None


class MoveTable:
    """OpenSpiel's action strings to the rule file's move texts."""

    def __init__(self, path=None):
        self.exact, self.patterns = {}, []
        if path is None:
            return
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                parts = line.split(None, 1)
                if len(parts) != 2:
                    sys.exit(f"openspiel.py: {path}:{number}: a line is THEIRS OURS")
                theirs, ours = parts[0], parts[1].strip()
                if theirs.startswith("re:"):
                    try:
                        self.patterns.append((re.compile(theirs[3:]), ours))
                    except re.error as e:
                        sys.exit(f"openspiel.py: {path}:{number}: {e}")
                else:
                    self.exact[theirs] = ours
        if not self.exact and not self.patterns:
            sys.exit(f"openspiel.py: {path}: no moves in the table")

    def translate(self, text):
        if text in self.exact:
            return self.exact[text]
        for pattern, replacement in self.patterns:
            if pattern.fullmatch(text):
                return pattern.sub(replacement, text)
        return text


class Spec:
    """What --game, --option, --players and --moves say."""

    def __init__(self, args):
        m = re.fullmatch(r"([A-Za-z0-9_]+)(?:\((.*)\))?", args.game)
        if m is None:
            sys.exit(f"openspiel.py: --game {args.game!r} is not NAME or NAME(param=value,...)")
        self.name, self.params = m[1], {}
        for item in filter(None, (m[2] or "").split(",")):
            key, _, value = item.partition("=")
            self.params[key.strip()] = parse_value(value.strip())
        self.option_names = {}
        for item in args.option:
            ours, _, theirs = item.partition("=")
            if not ours or not theirs:
                sys.exit(f"openspiel.py: --option {item!r} is not OURS=THEIRS")
            self.option_names[ours] = theirs
        self.players = args.players.split(",") if args.players else None
        self.table = MoveTable(args.moves)


def parse_value(text):
    """An OpenSpiel parameter's value: a whole number, true or false, else text."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


GAMES = {"breakthrough": Breakthrough, "connect_four": ConnectFour, "tic_tac_toe": TicTacToe,
         "clobber": Clobber, "othello": Othello}


def game_of(name):
    """The game a name or a rule file's path names, or None."""
    base = os.path.basename(name)
    if base.endswith(".pl"):
        base = base[:-3]
    return base if base in GAMES else None


class Session:
    """One game: OpenSpiel's state, the states before each move with who made it
    (for undo), and the adapter that translates."""

    def __init__(self, adapter):
        self.adapter = adapter
        self.state = adapter.game.new_initial_state()
        self.before = []

    def to_move(self):
        # OpenSpiel has no player to move once the game is over; ludolog names the
        # one whose turn it would be: the player after the one who moved last
        players = self.adapter.players
        if not self.state.is_terminal():
            return players[self.state.current_player()]
        last = self.before[-1][1] if self.before else len(players) - 1
        return players[(last + 1) % len(players)]

    def legal(self):
        player = self.state.current_player()
        return {self.adapter.move(self.state.action_to_string(player, a)): a
                for a in self.state.legal_actions()}

    def play(self, text):
        action = self.legal().get(text)
        if action is None:
            raise ValueError(f"{text} is not a legal move")
        self.before.append((self.state.clone(), self.state.current_player()))
        self.state.apply_action(action)

    def undo(self):
        if not self.before:
            raise ValueError("no move to undo")
        self.state = self.before.pop()[0]

    def outcome(self):
        if not self.state.is_terminal():
            return None
        returns = self.state.returns()
        players = self.adapter.players
        low, high = min(returns), max(returns)
        if low == high:
            return "draw"
        best = [p for p, r in enumerate(returns) if r == high]
        if len(best) == 1:
            return {"win": players[best[0]]}
        return {"scores": [[players[p], round(100 * (r - low) / (high - low))]
                           for p, r in enumerate(returns)]}

    def describe(self):
        to_move = self.to_move()
        said = {"to_move": to_move, "legal": list(self.legal()), "outcome": self.outcome()}
        if self.adapter.position is not None:
            said["position"] = self.adapter.position(self.state, to_move)
        return said


def answer(names, session, request, spec=None):
    op = request.get("op")
    if op == "hello":
        return {"protocol": 1, "name": "openspiel.py", "games": names, "features": ["undo"]}, session
    if op == "new":
        options = request.get("options") or {}
        if spec is not None:
            # with --game, whatever the rule file's game is called
            try:
                return {"ok": True}, Session(Generic(spec, options))
            except (ValueError, pyspiel.SpielError) as e:
                return {"error": str(e)}, session
        game = game_of(str(request.get("game", "")))
        if game is None:
            return {"error": f"no such game here (games: {', '.join(GAMES)})"}, session
        try:
            return {"ok": True}, Session(GAMES[game](options))
        except (ValueError, pyspiel.SpielError) as e:
            return {"error": str(e)}, session
    if session is None:
        return {"error": "no game: send new first"}, session
    try:
        if op == "play":
            session.play(request.get("move", ""))
        elif op == "undo":
            session.undo()
        elif op == "state":
            return session.describe(), session
        else:
            return {"error": f"unknown op {op!r}"}, session
    except ValueError as e:
        return {"error": str(e)}, session
    return {"ok": True}, session


def main():
    names, spec = [], None
    if any(a.startswith("--") for a in sys.argv[1:]):
        parser = argparse.ArgumentParser(prog="openspiel.py")
        parser.add_argument("--game", required=True)
        parser.add_argument("--option", action="append", default=[])
        parser.add_argument("--players")
        parser.add_argument("--moves")
        spec = Spec(parser.parse_args())
        names = [spec.name]
        Generic(spec, {})  # a game OpenSpiel lacks, or of the wrong kind, says so now
    else:
        for arg in sys.argv[1:] or list(GAMES):
            game = game_of(arg)
            if game is None:
                sys.exit(f"openspiel.py: no game {arg!r} here (games: {', '.join(GAMES)})")
            names += [n for n in (arg, game) if n not in names]
    session = None
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "quit":
            return
        reply, session = answer(names, session, request, spec)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
