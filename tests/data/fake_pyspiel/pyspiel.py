"""A stand-in for OpenSpiel's `pyspiel`, for tests/openspiel_adapter.rs: the little
of its interface examples/engines/openspiel.py uses, with one game, Tic-tac-toe,
whose action strings are OpenSpiel's (x(r,c) and o(r,c), row r from the top), so the
adapter's generic path is tested on a machine without OpenSpiel.  Nothing here is
OpenSpiel's code."""


class SpielError(Exception):
    pass


class GameType:
    class ChanceMode:
        DETERMINISTIC = "deterministic"

    class Dynamics:
        SEQUENTIAL = "sequential"

    class Information:
        PERFECT_INFORMATION = "perfect"

    def __init__(self):
        self.chance_mode = GameType.ChanceMode.DETERMINISTIC
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.information = GameType.Information.PERFECT_INFORMATION


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class State:
    def __init__(self, cells=None, player=0):
        self.cells = cells or ["."] * 9
        self.player = player

    def clone(self):
        return State(list(self.cells), self.player)

    def winner(self):
        for a, b, c in LINES:
            if self.cells[a] != "." and self.cells[a] == self.cells[b] == self.cells[c]:
                return "xo".index(self.cells[a])
        return None

    def is_terminal(self):
        return self.winner() is not None or "." not in self.cells

    def current_player(self):
        return -4 if self.is_terminal() else self.player

    def legal_actions(self):
        return [] if self.is_terminal() else [i for i, c in enumerate(self.cells) if c == "."]

    def action_to_string(self, player, action):
        return f"{'xo'[player]}({action // 3},{action % 3})"

    def apply_action(self, action):
        self.cells[action] = "xo"[self.player]
        self.player = 1 - self.player

    def returns(self):
        w = self.winner()
        return [0.0, 0.0] if w is None else [1.0 if p == w else -1.0 for p in (0, 1)]


class Game:
    def get_type(self):
        return GameType()

    def num_players(self):
        return 2

    def new_initial_state(self):
        return State()


def load_game(name, params=None):
    if name != "tic_tac_toe" or params:
        raise SpielError(f"unknown game {name} {params or ''}".strip())
    return Game()
