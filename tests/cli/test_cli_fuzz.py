"""Fuzzing the engine: random command lines into EngineSession.handle, random bytes
into the I/O loop. Nothing may raise; every answer ends with exactly one status line;
an `error` leaves the session exactly as it was."""

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cli.engine_loop import run
from cli.protocol import EngineSession, is_ignored
from conftest import GAME_NAMES, SEARCHER_NAMES

# Hypothesis favours the first entry; the commands that take options come twice.
COMMAND_WORDS = (
    ["status"]
    + sorted(EngineSession.COMMANDS)
    + ["frobnicate", "GO", "new2"]
    + ["go", "hint", "setoption", "new", "view", "play"]
)
# Budget values stay small so that a fuzzed `go` stays quick.
SMALL = st.integers(-2, 12).map(str)
OPTION_VALUES = {
    "iterations": SMALL,
    "movetime": SMALL,
    "top": SMALL,
    "seed": st.one_of(SMALL, st.just(str(2**64)), st.just("-5"), st.just("1e3")),
    "players": st.one_of(SMALL, st.just("100000000000000000000")),
    "variant": st.sampled_from(["standard", "target10", "target0", "nope", ""]),
    "searcher": st.sampled_from(SEARCHER_NAMES + ["nope", ""]),
    "c": st.sampled_from(["0.5", "1.4", "x", "-1", "nan"]),
    "rollout_depth": SMALL,
    "final": st.sampled_from(["visits", "value", "other"]),
}
WORDLIKE = st.text(st.characters(blacklist_categories=("Zs", "Cc")), min_size=1, max_size=8)
TOKENS = st.one_of(
    st.builds(lambda k, v: f"{k}={v}", st.sampled_from(sorted(OPTION_VALUES)), st.text(max_size=5)),
    st.sampled_from(sorted(OPTION_VALUES)).flatmap(
        lambda k: OPTION_VALUES[k].map(lambda v: f"{k}={v}")
    ),
    st.sampled_from(
        GAME_NAMES
        + [
            "0",
            "1",
            "-1",
            "99",
            "a1",
            "roll",
            "hold",
            "d3",
            "call",
            "raise",
            "fold",
            "Js",
            "=",
            "==",
            "x=",
        ]
    ),
    WORDLIKE,
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)


def mutated(data: dict, draw) -> dict:
    """A real state or view with one field replaced, removed or added."""
    data = dict(data)
    keys = sorted(data)
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if action == "add" or not keys:
        data[draw(st.text(max_size=6))] = draw(JSON)
    else:
        key = draw(st.sampled_from(keys))
        if action == "remove":
            del data[key]
        else:
            data[key] = draw(JSON)
    return data


def command_line(session: EngineSession, draw) -> str:
    kind = draw(st.sampled_from(["tokens", "tokens", "legal", "json", "mutated", "text"]))
    state = session.state
    if kind == "legal" and state is not None and not state.is_terminal():
        moves = [state.action_to_str(a) for a in state.legal_actions()]
        return "play " + draw(st.sampled_from(moves))
    if kind == "json":
        word = draw(st.sampled_from(["load", "observe"]))
        return f"{word} {json.dumps(draw(JSON))}"
    if kind == "mutated" and state is not None:
        if draw(st.booleans()):
            return "load " + json.dumps(mutated(state.to_dict(), draw))
        seat = draw(st.integers(0, state.num_players - 1))
        return "observe " + json.dumps(mutated(state.observation(seat), draw))
    if kind == "text":
        return draw(st.text(max_size=40))
    words = [draw(st.sampled_from(COMMAND_WORDS))] + draw(st.lists(TOKENS, max_size=5))
    return " ".join(words)


def check_answer(line: str, out: list[str]) -> None:
    assert all(isinstance(text, str) and "\n" not in text and "\r" not in text for text in out)
    if is_ignored(line):
        assert out == []
        return
    assert out, f"no answer to {line!r}"
    assert out[-1] == "ok" or (out[-1].startswith("error ") and len(out[-1]) > 6), out
    for text in out[:-1]:
        assert text != "ok" and not text.startswith("error "), f"two status lines for {line!r}"
    if out[-1] != "ok":
        assert len(out) == 1, f"data before an error for {line!r}: {out}"


@settings(max_examples=300)
@given(st.data())
def test_random_commands_never_break_the_session(data):
    session = EngineSession()
    game = data.draw(st.sampled_from(GAME_NAMES))
    assert session.handle(f"new {game} seed={data.draw(st.integers(0, 30))}") == ["ok"]
    assert session.handle("setoption iterations=5") == ["ok"]
    for _ in range(data.draw(st.integers(1, 10))):
        line = command_line(session, data.draw)
        before = session.snapshot()
        out = session.handle(line)
        check_answer(line, out)
        if out[-1:] != ["ok"] and out:
            assert session.snapshot() == before, f"{line!r} -> {out} changed the session"
        if session.finished:
            break


def expected_answers(stream: bytes, max_bytes: int) -> list[str]:
    """The answer the loop owes each input line, as "too long", "not UTF-8" or
    "command"; blank and comment lines are owed nothing, and nothing after `quit`."""
    pieces = stream.split(b"\n")
    if pieces[-1] == b"":
        pieces.pop()
    owed = []
    for piece in pieces:
        if len(piece) > max_bytes:
            owed.append("too long")
            continue
        try:
            text = piece.rstrip(b"\r").decode("utf-8")
        except UnicodeDecodeError:
            owed.append("not UTF-8")
            continue
        if is_ignored(text):
            continue
        owed.append("command")
        if text.split() == ["quit"]:
            break
    return owed


CHUNKS = st.one_of(
    st.binary(max_size=40),
    st.sampled_from(
        [
            b"hello\n",
            b"new tictactoe seed=1\n",
            b"legal\n",
            b"play b2\n",
            b"roll\n",
            b"state\n",
            b"status\r\n",
            b"#comment\n",
            b"\n",
            b"  \n",
            b"\xff\xfe\n",
            b"quit\n",
            b"quit",
            b"x" * 70,
            b"play " + b"y" * 80 + b"\n",
            "new pig\n".encode(),
            "\u00e9t\u00e9\n".encode(),
            b"\xc3",
            b'load {"game": "\\ud800"}\n',
        ]
    ),
)


@settings(max_examples=200)
@given(st.lists(CHUNKS, max_size=12).map(b"".join))
def test_random_bytes_never_break_the_loop(stream):
    max_bytes = 64
    out = io.BytesIO()
    assert run(io.BytesIO(stream), out, EngineSession(), max_bytes=max_bytes) == 0
    lines = out.getvalue().decode("utf-8").split("\n")
    assert lines.pop() == ""  # every line written ends with a newline
    statuses = [line for line in lines if line == "ok" or line.startswith("error ")]
    owed = expected_answers(stream, max_bytes)
    assert len(statuses) == len(owed)
    if lines:
        assert lines[-1] in ("ok",) or lines[-1].startswith("error "), "a status line ends it"
    messages = {
        "too long": f"error line too long (max {max_bytes} bytes)",
        "not UTF-8": "error input is not valid UTF-8",
    }
    for kind, status in zip(owed, statuses, strict=False):
        if kind in messages:
            assert status == messages[kind]
