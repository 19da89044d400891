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
are; without arguments, the three names.  A path's game is its file name without
".pl".
"""
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


GAMES = {"breakthrough": Breakthrough, "connect_four": ConnectFour, "tic_tac_toe": TicTacToe,
         "clobber": Clobber, "othello": Othello}


def game_of(name):
    """The game a name or a rule file's path names, or None."""
    base = os.path.basename(name)
    if base.endswith(".pl"):
        base = base[:-3]
    return base if base in GAMES else None


class Session:
    """One game: OpenSpiel's state, the states before each move (for undo), and the
    adapter that translates."""

    def __init__(self, adapter):
        self.adapter = adapter
        self.state = adapter.game.new_initial_state()
        self.before = []

    def to_move(self):
        # OpenSpiel has no player to move once the game is over; ludolog names the
        # one whose turn it would be.  Both games alternate from player 0.
        return self.adapter.players[len(self.before) % 2]

    def legal(self):
        player = self.state.current_player()
        return {self.adapter.move(self.state.action_to_string(player, a)): a
                for a in self.state.legal_actions()}

    def play(self, text):
        action = self.legal().get(text)
        if action is None:
            raise ValueError(f"{text} is not a legal move")
        self.before.append(self.state.clone())
        self.state.apply_action(action)

    def undo(self):
        if not self.before:
            raise ValueError("no move to undo")
        self.state = self.before.pop()

    def outcome(self):
        if not self.state.is_terminal():
            return None
        returns = self.state.returns()
        for player, value in enumerate(returns):
            if value > 0:
                return {"win": self.adapter.players[player]}
        return "draw"

    def describe(self):
        to_move = self.to_move()
        return {"to_move": to_move, "legal": list(self.legal()), "outcome": self.outcome(),
                "position": self.adapter.position(self.state, to_move)}


def answer(names, session, request):
    op = request.get("op")
    if op == "hello":
        return {"protocol": 1, "name": "openspiel.py", "games": names, "features": ["undo"]}, session
    if op == "new":
        game = game_of(str(request.get("game", "")))
        if game is None:
            return {"error": f"no such game here (games: {', '.join(GAMES)})"}, session
        try:
            return {"ok": True}, Session(GAMES[game](request.get("options") or {}))
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
    names = []
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
        reply, session = answer(names, session, request)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
