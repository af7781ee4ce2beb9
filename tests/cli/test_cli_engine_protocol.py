"""The installed `cadenza engine` driven as a front-end would drive it, for every
registered game: whole games through legal/play/roll, state round trips, views,
errors that change nothing, hostile input, and go/hint answers."""

import json
import random
import re

import pytest

from conftest import SEARCHER_NAMES
from plugins.manager import default_registry

STATUS_LINE = re.compile(r"^to_move=(\d+|chance|terminal) players=(\d+)(?: scores=(\S+))?$")
INFO_LINE = re.compile(r"^info (?:\S+=\S+ ?)+$")
HINT_LINE = re.compile(r"^hint (\d+) value=(\S+) visits=(\d+) (\S.*)$")


def status_of(engine):
    match = STATUS_LINE.match(engine.one("status", "status"))
    assert match, "status line does not follow protocol.md"
    to_move, players, scores = match.groups()
    return to_move, int(players), scores


def legal_of(engine):
    return engine.one("legal", "legal").split()


def searchers_for(game_name):
    registry = default_registry()
    spec = registry.game(game_name)
    return [
        name
        for name, searcher in sorted(registry.searchers.items())
        if searcher.supports is None or searcher.supports(spec)
    ]


def advance_to_decision(engine, rng, max_steps=500):
    """Play randomly until a seat is to move; False if the game ended first."""
    for _ in range(max_steps):
        to_move, _, _ = status_of(engine)
        if to_move == "terminal":
            return False
        if to_move != "chance":
            return True
        engine.ok("play " + rng.choice(legal_of(engine)))
    pytest.fail("no seat came to move")


def test_random_games_play_to_the_end(game_engine):
    name, engine = game_engine
    rng = random.Random(name)
    for seed in range(3):
        engine.ok(f"new {name} seed={seed}")
        for step in range(5000):
            to_move, players, scores = status_of(engine)
            if step % 7 == 0:  # the whole state survives state/load exactly
                saved = engine.one("state", "state")
                engine.ok(f"load {saved}")
                assert engine.one("state", "state") == saved
            if to_move == "terminal":
                assert legal_of(engine) == []
                assert scores is not None and len(scores.split(",")) == players
                engine.error("roll")
                engine.error("go iterations=5")
                break
            moves = legal_of(engine)
            assert moves, "a non-terminal position has legal actions"
            assert len(set(moves)) == len(moves)
            if to_move == "chance":
                outcomes = engine.one("chance", "chance").split()
                assert [o.rsplit("=", 1)[0] for o in outcomes] == moves
                total = sum(float(o.rsplit("=", 1)[1]) for o in outcomes)
                assert total == pytest.approx(1.0)
                if rng.random() < 0.5:
                    rolled = engine.one("roll", "rolled")
                    assert rolled in moves
                else:
                    engine.ok("play " + rng.choice(moves))
            else:
                assert 0 <= int(to_move) < players
                engine.error("chance")
                engine.error("roll")
                engine.ok("play " + rng.choice(moves))
        else:
            pytest.fail(f"{name} seed={seed} did not end")


def test_same_seed_same_game(game_engine):
    name, engine = game_engine

    def transcript(seed):
        engine.ok(f"new {name} seed={seed}")
        lines = [engine.one("state", "state")]
        for _ in range(300):
            to_move, _, _ = status_of(engine)
            if to_move == "terminal":
                break
            if to_move == "chance":
                lines.append(engine.one("roll", "rolled"))
            else:
                engine.ok("play " + legal_of(engine)[0])
            lines.append(engine.one("state", "state"))
        return lines

    assert transcript(11) == transcript(11)


def test_errors_leave_the_state_unchanged(game_engine):
    name, engine = game_engine
    rng = random.Random(7)
    engine.ok(f"new {name} seed=3")
    assert advance_to_decision(engine, rng)
    before = engine.one("state", "state")
    moves = legal_of(engine)
    status_before = status_of(engine)
    players = status_before[1]
    bad = [
        "play",
        "play no-such-action!",
        f"play {moves[0]} no-such-action!",  # all or nothing: the first is not kept
        "load",
        "load {",
        "load []",
        'load {"game": "no-such-game"}',
        f'load {{"game": "{name}"}}',
        "load " + before[:-1],
        "observe",
        "observe 42",
        'observe {"game": 1}',
        f"view {players}",
        "view -1",
        "view x",
        "view",
        "frobnicate",
        "new no-such-game",
        f"new {name} players=99",
        f"new {name} players=x",
        f"new {name} seed=-1",
        f"new {name} colour=red",
        f"new {name} variant=no-such-variant",
        "setoption",
        "setoption searcher=no-such-searcher",
        "setoption no-such-option=1",
        "setoption iterations=0",
        "go searcher=no-such-searcher",
        "go iterations=0",
        "go iterations=abc",
        "go no-such-option=1 iterations=5",
        "go iterations=5 iterations=6",
        "go top=3",
        "hint top=0",
        "hello there",
        "status now",
    ]
    for line in bad:
        status = engine.error(line)
        assert "\n" not in status
        assert engine.one("state", "state") == before, f"{line!r} changed the state"
        assert status_of(engine) == status_before
    assert engine.error("frobnicate") == "error unknown command: frobnicate"


def test_hostile_bytes_get_one_error_each(game_engine):
    name, engine = game_engine
    engine.ok(f"new {name} seed=4")
    before = engine.one("state", "state")
    engine.send_bytes(b"play " + b"x" * (1 << 20) + b"\n")
    assert engine.read_answer() == ([], "error line too long (max 1048576 bytes)")
    engine.send_bytes(b"play \xff\xfe\xc3\n")
    assert engine.read_answer() == ([], "error input is not valid UTF-8")
    engine.send_bytes(b"\n   \n# a comment\n#\n")  # no answer at all
    engine.send_bytes(b"status\r\n")
    data, status = engine.read_answer()
    assert status == "ok" and data[0].startswith("status ")
    engine.send_bytes(b"\x00\x01 \x7f\n")
    assert engine.read_answer()[1].startswith("error unknown command: ")
    assert engine.one("state", "state") == before


def test_view_then_observe_gives_the_same_view(game_engine):
    name, engine = game_engine
    rng = random.Random(3)
    for seed in (1, 2):
        engine.ok(f"new {name} seed={seed}")
        assert advance_to_decision(engine, rng)
        full = engine.one("state", "state")
        to_move, players, _ = status_of(engine)
        for seat in range(players):
            engine.ok(f"load {full}")
            view = engine.one(f"view {seat}", "view")
            assert json.loads(view)  # one line of JSON
            engine.ok(f"observe {view}")
            assert engine.one(f"view {seat}", "view") == view
            assert status_of(engine)[0] == to_move
            assert legal_of(engine)  # the engine can go on from a view
        engine.ok(f"load {full}")
        assert engine.one("state", "state") == full


@pytest.mark.parametrize("searcher", SEARCHER_NAMES)
def test_go_and_hint_are_legal_and_reproducible(game_engine, searcher):
    name, engine = game_engine
    if searcher not in searchers_for(name):
        engine.ok(f"new {name} seed=1")
        assert advance_to_decision(engine, random.Random(1))
        assert "cannot play" in engine.error(f"go searcher={searcher} iterations=5")
        return
    rng = random.Random(searcher)
    for seed in (1, 2):
        engine.ok(f"new {name} seed={seed}")
        assert advance_to_decision(engine, rng)
        full = engine.one("state", "state")
        go = f"go searcher={searcher} iterations=40 seed={seed}"
        first = engine.ok(go)
        assert len(first) >= 2 and all(INFO_LINE.match(line) for line in first[:-1]), first
        assert first[-1].startswith("bestmove ")
        assert engine.ok(go)[-1] == first[-1], "same seed and iterations, same bestmove"
        assert engine.one("state", "state") == full, "go must not apply its move"
        engine.ok("play " + first[-1][len("bestmove ") :])
        engine.ok(f"load {full}")

        hints = engine.ok(f"hint top=3 searcher={searcher} iterations=40 seed={seed}")
        assert 1 <= len(hints) <= 3
        for rank, line in enumerate(hints, start=1):
            match = HINT_LINE.match(line)
            assert match and int(match.group(1)) == rank, line
            assert 0.0 <= float(match.group(2)) <= 1.0
            engine.ok("play " + match.group(4))
            engine.ok(f"load {full}")
        assert engine.ok(f"hint top=3 searcher={searcher} iterations=40 seed={seed}") == hints


def test_setoption_sets_the_defaults_of_go(game_engine):
    name, engine = game_engine
    engine.ok(f"new {name} seed=5")
    assert advance_to_decision(engine, random.Random(5))
    explicit = engine.ok("go searcher=random iterations=10 seed=9")[-1]
    engine.ok("setoption searcher=random seed=9 iterations=10")
    assert engine.ok("go")[-1] == explicit
    engine.ok("setoption searcher=greedy")
    greedy = engine.ok("go searcher=greedy seed=9 iterations=10")[-1]
    assert engine.ok("go")[-1] == greedy


def test_quit_answers_ok_then_exits_zero(engine_process):
    engine = engine_process()
    assert engine.ok("hello")[0].startswith("id cadenza ")
    engine.send_bytes(b"quit\nhello\n")
    assert engine.read_answer() == ([], "ok")
    assert engine.proc.wait(timeout=engine.timeout) == 0
    assert engine.output.get(timeout=engine.timeout) is None  # nothing after quit


def test_end_of_input_exits_zero_even_mid_line(engine_process):
    engine = engine_process()
    engine.ok("new " + sorted(default_registry().games)[0])
    engine.send_bytes(b"play \xff")  # an unfinished, invalid last line
    assert engine.close() == 0


def test_hello_isready_games_searchers(engine_process):
    engine = engine_process()
    hello = engine.one("hello", "id")
    assert re.fullmatch(r"cadenza \S+ protocol 1", hello)
    assert engine.ok("isready") == ["readyok"]
    registry = default_registry()
    games = engine.ok("games")
    assert [line.split()[1] for line in games] == sorted(registry.games)
    for line in games:
        assert re.fullmatch(r"game \S+ players=\d+-\d+( variants=\S+)?", line), line
        spec = registry.game(line.split()[1])
        assert f"players={spec.min_players}-{spec.max_players}" in line
    searchers = engine.ok("searchers")
    assert [line.split()[1] for line in searchers] == sorted(registry.searchers)
    for line in searchers:
        spec = registry.searcher(line.split()[1])
        assert [token.split("=")[0] for token in line.split()[2:]] == list(spec.options)
    assert engine.close() == 0


def test_go_sees_only_the_movers_view(game_engine):
    """Two positions the mover cannot tell apart (the true one, and one the engine
    rebuilt from the mover's view) get the same answer from the same seed."""
    name, engine = game_engine
    rng = random.Random(8)
    for seed in (1, 2, 3):
        engine.ok(f"new {name} seed={seed}")
        assert advance_to_decision(engine, rng)
        true_state = engine.one("state", "state")
        mover = int(status_of(engine)[0])
        engine.ok(f"observe {engine.one(f'view {mover}', 'view')}")
        rebuilt = engine.one("state", "state")

        def answer(state, searcher):
            engine.ok(f"load {state}")
            lines = engine.ok(f"go searcher={searcher} seed=4 iterations=30")
            return [re.sub(r" ms=\d+", "", line) for line in lines]

        for searcher in searchers_for(name):
            assert answer(true_state, searcher) == answer(rebuilt, searcher), searcher
