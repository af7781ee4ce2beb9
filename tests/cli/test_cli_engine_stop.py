"""`go infinite`, `stop` and `error busy` (protocol.md, "Extension: searching until
told to stop"), driven over pipes as a front-end drives them. The engine runs from
this source tree (`python -c ... engine`), so the tests see the code under test."""

import re
import sys
import time
from pathlib import Path

import pytest

from conftest import EngineProcess

ROOT = Path(__file__).resolve().parents[2]
ENGINE = [
    sys.executable,
    "-c",
    "import sys; from cli.main import main; sys.argv[0] = 'cadenza'; main()",
    "engine",
]
BUSY = "error busy: a search is running"
# The bound, from writing `stop` to reading `bestmove`. A loaded machine can
# stall any one answer, so a test takes the best of a few tries.
STOP_MS = 50
TRIES = 3


@pytest.fixture
def engine():
    process = EngineProcess(argv=ENGINE, cwd=ROOT)
    yield process
    process.kill()


def next_answer_line(engine):
    """The next line that is not a search's streamed progress."""
    while (line := engine.read_line()).startswith("info "):
        pass
    return line


def without_ms(lines):
    return [re.sub(r" ms=\d+", "", line) for line in lines]


def send(engine, *lines):
    engine.send_bytes("".join(line + "\n" for line in lines).encode())


def stop_and_time(engine):
    """Send `stop`; (ms until the bestmove/hint lines begin, the answer's lines)."""
    send(engine, "stop")
    start = time.perf_counter()
    lines = []
    elapsed = None
    while True:
        line = engine.read_line()
        if elapsed is None and line.startswith(("bestmove", "hint", "error")):
            elapsed = (time.perf_counter() - start) * 1000.0
        if line == "ok" or line.startswith("error "):
            return elapsed, lines + [line]
        if not line.startswith("info "):
            lines.append(line)


def test_go_infinite_answers_isready_and_stops_within_50ms(engine):
    engine.ok("new pig seed=7 variant=target20")
    legal = engine.one("legal", "legal").split()
    latencies = []
    for _attempt in range(TRIES):
        send(engine, "go infinite searcher=mcts seed=1")
        time.sleep(0.3)
        send(engine, "isready")
        assert next_answer_line(engine) == "readyok"  # at once, alone: the search still runs
        elapsed, answer = stop_and_time(engine)
        assert answer[-1] == "ok" and len(answer) == 2, answer
        assert answer[0].startswith("bestmove ") and answer[0].split()[1] in legal
        latencies.append(elapsed)
        if elapsed < STOP_MS:
            break
    assert min(latencies) < STOP_MS, f"stop took {latencies} ms"
    assert engine.ok("isready") == ["readyok"]  # nothing stray after the answer


def test_a_long_infinite_search_streams_info_lines(engine):
    engine.ok("new pig seed=7 variant=target20")
    send(engine, "go infinite searcher=mcts seed=1")
    info = engine.read_line()  # progress comes about once a second, before stop
    assert info.startswith("info iterations=")
    _, answer = stop_and_time(engine)
    assert answer[0].startswith("bestmove ")


@pytest.mark.parametrize("searcher", ["mcts", "pimc", "ismcts", "expectimax", "greedy"])
def test_every_searcher_stops(engine, searcher):
    engine.ok("new pig seed=3")
    send(engine, f"go infinite searcher={searcher} seed=2")
    time.sleep(0.2)
    elapsed, answer = stop_and_time(engine)
    assert answer[0].startswith("bestmove ") and answer[-1] == "ok", answer
    assert elapsed < 1000


def test_other_commands_while_searching_are_busy_and_change_nothing(engine):
    engine.ok("new pig seed=5")
    engine.ok("setoption searcher=mcts")
    before = engine.one("state", "state")
    send(engine, "go infinite seed=1")
    for line in (
        "status",
        "play roll",
        "roll",
        "new tictactoe",
        "setoption c=3",
        "go iterations=5",
        "quit now",
        "isready now",
        "frobnicate",
    ):
        send(engine, line)
        assert next_answer_line(engine) == BUSY, line
    send(engine, "# a comment gets no answer", "")
    _, answer = stop_and_time(engine)
    assert answer[0].startswith("bestmove ")
    assert engine.one("state", "state") == before
    assert without_ms(engine.ok("go iterations=50 seed=1")) == without_ms(
        engine.ok("go iterations=50 seed=1 searcher=mcts")
    )


def test_stop_ends_a_timed_go_early(engine):
    engine.ok("new pig seed=7 variant=target20")
    send(engine, "go searcher=ismcts movetime=60000 seed=1")
    time.sleep(0.2)
    elapsed, answer = stop_and_time(engine)
    assert answer[0].startswith("bestmove ") and answer[-1] == "ok"
    assert elapsed < 1000


@pytest.mark.parametrize("searcher", ["mcts", "pimc", "ismcts", "expectimax"])
def test_a_stop_right_behind_the_go_still_gets_a_legal_answer(engine, searcher):
    """The stop may reach the search before its first iteration."""
    engine.ok("new pig seed=3")
    legal = engine.one("legal", "legal").split()
    for budget in ("movetime=60000", "infinite", "iterations=100000000"):
        send(engine, f"go {budget} searcher={searcher} seed=2", "stop")
        data, status = engine.read_answer()
        assert status == "ok" and data[-1].split()[1] in legal, (budget, data, status)


def test_a_timed_go_keeps_the_commands_behind_it_in_order(engine):
    """v1: a counted go is one command; what was sent behind it is answered after it."""
    engine.ok("new pig seed=7 variant=target20")
    send(engine, "go searcher=mcts iterations=20000 seed=1", "status", "isready")
    data, status = engine.read_answer()
    assert status == "ok" and data[-1].startswith("bestmove ")
    assert engine.read_answer() == (["status to_move=0 players=2 scores=0,0"], "ok")
    assert engine.read_answer() == (["readyok"], "ok")


def test_hint_infinite_answers_its_ranked_lines_after_stop(engine):
    engine.ok("new tictactoe seed=1")
    send(engine, "hint infinite top=3 searcher=mcts seed=4")
    time.sleep(0.2)
    _, answer = stop_and_time(engine)
    assert answer[-1] == "ok"
    assert [line.split()[:2] for line in answer[:-1]] == [
        ["hint", "1"],
        ["hint", "2"],
        ["hint", "3"],
    ]


def test_end_of_input_during_a_search_stops_it_and_exits_zero(engine):
    engine.ok("new pig seed=7")
    send(engine, "go infinite searcher=mcts seed=1")
    time.sleep(0.2)
    start = time.perf_counter()
    assert engine.close() == 0
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("budget", ["infinite", "movetime=60000"])
def test_quit_during_a_search_stops_it_answers_and_exits_zero(engine, budget):
    """As UCI engines do: the search's answer and status line come as after `stop`,
    then quit's own `ok`, and the engine exits 0 at once."""
    engine.ok("new pig seed=7 variant=target20")
    legal = engine.one("legal", "legal").split()
    send(engine, f"go {budget} searcher=mcts seed=1")
    time.sleep(0.3)
    send(engine, "quit")
    start = time.perf_counter()
    answer = [next_answer_line(engine), engine.read_line(), engine.read_line()]
    assert answer[0].startswith("bestmove ") and answer[0].split()[1] in legal, answer
    assert answer[1:] == ["ok", "ok"]
    assert engine.proc.wait(timeout=5) == 0
    assert time.perf_counter() - start < 5


def test_idle_stop_and_bad_infinite_options_are_plain_commands(engine):
    engine.ok("new pig seed=7")
    assert engine.ok("stop") == []  # nothing to stop
    assert engine.error("go infinite iterations=100").startswith(
        "error infinite searches until stop"
    )
    engine.error("go infinite searcher=nosuch")
    assert engine.ok("isready") == ["readyok"]  # a refused go infinite leaves the engine idle


def test_a_session_without_the_loop_refuses_go_infinite():
    from cli.protocol import EngineSession

    session = EngineSession()
    session.handle("new pig seed=1")
    assert session.handle("go infinite")[-1].startswith("error infinite searches until stop")
