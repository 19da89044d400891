#!/usr/bin/env python3
"""A Hex engine that speaks ludolog's engine protocol (version 1), for
`ludolog check hex --against "python3 examples/engines/hex_engine.py"`.

It is written from shared/rules/hex.md, independently of ludolog: red moves first
and joins top and bottom, blue joins left and right; cells are named by column
letter and row number from the top (a1 is the top left); the six neighbours of
(c, r) are (c+-1, r), (c, r+-1), (c+1, r-1) and (c-1, r+1).  No pie rule.

With HEX_ENGINE_BUG=diagonal in its environment it takes the other diagonal,
(c+1, r+1) and (c-1, r-1), the mistake hex.md warns about: `check` finds it.
"""
import json
import os
import sys

BUG = os.environ.get("HEX_ENGINE_BUG", "")


class Hex:
    def __init__(self, size):
        self.n = size
        self.cells = {}  # (c, r) -> "red" | "blue"
        self.to_move = "red"
        self.winner = None
        self.history = []

    def name(self, c, r):
        return f"{chr(ord('a') + c)}{r + 1}"

    def legal(self):
        if self.winner:
            return []
        return [self.name(c, r) for r in range(self.n) for c in range(self.n)
                if (c, r) not in self.cells]

    def neighbours(self, c, r):
        diagonal = [(1, 1), (-1, -1)] if BUG == "diagonal" else [(1, -1), (-1, 1)]
        for dc, dr in [(1, 0), (-1, 0), (0, 1), (0, -1)] + diagonal:
            if 0 <= c + dc < self.n and 0 <= r + dr < self.n:
                yield c + dc, r + dr

    def joined(self, player):
        n = self.n
        if player == "red":
            start = [(c, 0) for c in range(n)]
            done = lambda c, r: r == n - 1
        else:
            start = [(0, r) for r in range(n)]
            done = lambda c, r: c == n - 1
        seen = set(p for p in start if self.cells.get(p) == player)
        todo = list(seen)
        while todo:
            c, r = todo.pop()
            if done(c, r):
                return True
            for q in self.neighbours(c, r):
                if q not in seen and self.cells.get(q) == player:
                    seen.add(q)
                    todo.append(q)
        return False

    def play(self, move):
        if move not in self.legal():
            raise ValueError(f"{move} is not a legal move")
        c, r = ord(move[0]) - ord("a"), int(move[1:]) - 1
        self.cells[(c, r)] = self.to_move
        self.history.append((c, r))
        if self.joined(self.to_move):
            self.winner = self.to_move
        self.to_move = "blue" if self.to_move == "red" else "red"

    def undo(self):
        c, r = self.history.pop()
        del self.cells[(c, r)]
        self.winner = None
        self.to_move = "blue" if self.to_move == "red" else "red"

    def position(self):
        rows = []
        for r in range(self.n):
            row, run = "", 0
            for c in range(self.n):
                p = self.cells.get((c, r))
                if p is None:
                    run += 1
                    continue
                if run:
                    row += str(run)
                    run = 0
                row += p[0]
            rows.append(row + (str(run) if run else ""))
        return f"{self.n}x{self.n} {'/'.join(rows)} {self.to_move}"


def answer(game, request):
    op = request.get("op")
    if op == "hello":
        return {"protocol": 1, "name": "hex_engine.py", "games": ["hex"], "features": ["undo"]}, game
    if op == "new":
        options = request.get("options", {})
        if request.get("game") != "hex" or options.get("swap") in (True, "true"):
            return {"error": "this engine plays Hex without the pie rule"}, game
        return {"ok": True}, Hex(int(options.get("size", 11)))
    if game is None:
        return {"error": "no game: send new first"}, game
    if op == "play":
        try:
            game.play(request.get("move", ""))
        except ValueError as e:
            return {"error": str(e)}, game
        return {"ok": True}, game
    if op == "undo":
        game.undo()
        return {"ok": True}, game
    if op == "state":
        outcome = {"win": game.winner} if game.winner else None
        return {"to_move": game.to_move, "legal": game.legal(), "outcome": outcome,
                "position": game.position()}, game
    return {"error": f"unknown op {op!r}"}, game


def main():
    game = None
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "quit":
            return
        reply, game = answer(game, request)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
