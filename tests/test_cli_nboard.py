"""`python -m flipside othello nboard` driven over pipes as NBoard drives an engine: the
commands of the protocol's description (NTest's Protocol.htm) in the order it prescribes,
each answer read as it comes (so every line is flushed at once) and checked against the
protocol's forms and the rules; a ping that stops a deep search; bad input that leaves the
engine running."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from flipside.othello.ai.engine import solve
from flipside.othello.board import Board
from flipside.othello.nboard import EXACT_BEYOND_DEPTH
from flipside.othello.notation import Move
from nboard_lines import MYNAME, STATUS, check_go, check_hint, searches

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = "f5d6c3d3c4f4f6f3e6e7d7c6b5g5"
NEAR_END = (
    "f5d6c3d3c4f4f6f3e6e7d7c6b5g5g7c5b6c8f7g6e2h8e3g8c7b8g3f2e1f1d8e8f8h4a8c2g4d1d2h5c1a5"
    "b4b7h2h3g1h1g2b1"
)
WAIT = 60.0
"""Seconds to wait for one line before the test fails (a missing flush never answers)."""


def nboard_ggf(transcript: str) -> str:
    """A game as NBoard writes it: its own tags, moves upper case with eval and time."""
    board = Board.from_transcript(transcript)
    moves = "".join(
        f"{'B' if i % 2 == 0 else 'W'}[{str(m).upper()}/0.00/0.5]"
        for i, m in enumerate(board.move_stack)
    )
    return (
        "(;GM[Othello]PC[NBoard]DT[2026-11-27 10:00:00 GMT]PB[Human]PW[Flipside]RE[?]TI[0]"
        f"TY[8]BO[8 {'-' * 27}O*------*O{'-' * 27} *]{moves};)"
    )


class Engine:
    """The engine as a child process; its stdout read line by line by a thread."""

    def __init__(self, argv: Sequence[str], env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self) -> str:
        line = self.lines.get(timeout=WAIT)
        assert line is not None, "the engine closed its output"
        return line

    def search(self, command: str) -> list[str]:
        """Send a ``go`` or ``hint`` and read its answer: from its first status line to its
        last (each sends one status line as it starts and one as it ends)."""
        self.send(command)
        lines = [self.read()]
        while len([line for line in lines if STATUS.match(line)]) < 2:
            lines.append(self.read())
        return lines

    def quit(self) -> tuple[int, str]:
        """Send ``quit``; the exit status and what went to stderr."""
        self.send("quit")
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        status = self.proc.wait(timeout=WAIT)
        assert self.lines.get(timeout=WAIT) is None  # nothing more on stdout
        return status, self.proc.stderr.read()


def start() -> Engine:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}  # this checkout, not an installed one
    return Engine([sys.executable, "-m", "flipside", "othello", "nboard"], env)


def test_the_protocols_session() -> None:
    engine = start()
    engine.send("nboard 1")
    engine.send("set depth 4")
    assert MYNAME.match(engine.read())
    engine.send("set contempt 0")
    board = Board.from_transcript(MIDGAME)
    engine.send(f"set game {nboard_ggf(MIDGAME)}")
    engine.send("ping 1")
    assert engine.read() == "pong 1"  # set game and set contempt answer nothing

    check_hint(board, engine.search("hint 3"), 3)
    answer = check_go(board, engine.search("go"))
    engine.send(f"move {answer['move']}/{answer['eval']}/{answer['time']}")
    board.push(Move.parse(answer["move"]))
    reply = board.legal_moves()[0]
    engine.send(str(reply).upper())  # NBoard 1.1's bare move
    board.push(reply)
    engine.send("ping 2")
    assert engine.read() == "pong 2"
    check_go(board, engine.search("go"))  # the engine follows the moves sent

    near_end = Board.from_transcript(NEAR_END)
    engine.send(f"set depth {10 - EXACT_BEYOND_DEPTH}")
    assert MYNAME.match(engine.read())
    engine.send(f"set game {nboard_ggf(NEAR_END)}")
    score, best = solve(near_end)
    answer = check_go(near_end, engine.search("go"))  # 10 empties: exact at this depth
    assert answer["move"].lower() in [str(m) for m in best] and float(answer["eval"]) == score
    last = check_hint(near_end, engine.search("hint 2"), 2)[-1]
    assert float(last[0]["eval"]) == score and last[0]["note"] == "exact"

    engine.send("learn")
    assert engine.read() == "learned"
    engine.send("bogus command")
    engine.send("move z9")
    engine.send("ping 3")
    assert engine.read() == "pong 3"  # nothing on stdout for the bad lines
    status, err = engine.quit()
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 2 and "'bogus'" in lines[0] and "'z9'" in lines[1], err


def test_a_ping_stops_a_deep_search_and_is_answered_after_it() -> None:
    engine = start()
    board = Board.from_transcript(MIDGAME)
    engine.send("nboard 1")
    engine.send("set depth 40")  # minutes a move: only the ping ends these searches
    assert engine.read() == "set myname Flipside40"
    engine.send(f"set game {nboard_ggf(MIDGAME)}")
    for n, command in enumerate(("hint 3", "go"), 1):
        engine.send(command)
        engine.send(f"ping {n}")
        lines = []
        while (line := engine.read()) != f"pong {n}":
            lines.append(line)
        depths = [int(found["depth"]) for found in searches(lines)]
        assert depths and max(depths) < 40
        if command == "go":
            check_go(board, lines)
        else:
            check_hint(board, lines, 3)
    status, err = engine.quit()
    assert status == 0 and err == ""


def test_bytes_that_are_not_text_are_a_bad_command_not_a_crash() -> None:
    engine = start()
    assert engine.proc.stdin is not None
    engine.proc.stdin.buffer.write(b"\xff\xfe\x00 junk\n")
    engine.proc.stdin.buffer.flush()
    engine.send("ping 4")
    assert engine.read() == "pong 4"
    status, err = engine.quit()
    assert status == 0 and len(err.splitlines()) == 1 and "ignored" in err
    assert "Traceback" not in err
