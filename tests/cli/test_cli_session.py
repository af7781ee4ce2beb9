"""EngineSession in-process: exact protocol lines, option defaults, the searcher
cache, observe mode, and what happens when a searcher misbehaves."""

import json
import re

import pytest

from cli.protocol import EngineSession, is_ignored
from cli.specs import DEFAULT_BUDGET, parse_seat_spec
from plugins.hookspecs import hookimpl
from plugins.manager import PREFERRED_SEARCHERS, load_registry
from search.base import Alternative, Budget, Decision, Searcher, SearcherSpec


class ScriptedSearcher(Searcher):
    """Plays the lowest legal action; `mode` makes it misbehave in chosen ways."""

    name = "scripted"
    created: list = []

    def __init__(self, mode="first", depth=1, scale=1.0):
        self.mode, self.depth, self.scale = mode, depth, scale
        self.calls = 0
        ScriptedSearcher.created.append(self)

    def choose(self, state, seat, budget, rng):
        self.calls += 1
        ScriptedSearcher.last_budget = budget
        first = state.legal_actions()[0]
        if self.mode == "illegal":
            return Decision(actions=[10**6], value=0.5)
        if self.mode == "empty":
            return Decision(actions=[], value=0.5)
        stats = {"iterations": budget.iterations or 0, "nodes": 3, "depth": self.depth}
        if self.mode == "otherpv":  # a pv that went another way than the answer
            stats["pv"] = state.legal_actions()[1:3]
        if self.mode == "pv":
            scratch = state.clone()
            pv = []
            for _ in range(3):
                if scratch.is_terminal():
                    break
                pv.append(scratch.legal_actions()[0])
                scratch.apply(pv[-1])
            stats["pv"] = pv
        alternatives = []
        if self.mode == "ranked":
            alternatives = [
                Alternative([a], 1.0 / (i + 1), 10 - i) for i, a in enumerate(state.legal_actions())
            ]
        return Decision(
            actions=[first], value=0.25 * self.scale, stats=stats, alternatives=alternatives
        )


class ScriptedPlugin:
    @hookimpl
    def cadenza_register_searchers(self, register):
        register(
            SearcherSpec(
                "scripted",
                ScriptedSearcher,
                {"mode": "first", "depth": 1, "scale": 1.0},
                "for tests",
            )
        )


@pytest.fixture
def session():
    registry = load_registry(
        include_entry_points=False, extra_plugins=[("scripted-test-plugin", ScriptedPlugin())]
    )
    ScriptedSearcher.created.clear()
    return EngineSession(registry)


def test_blank_and_comment_lines_get_no_answer(session):
    for line in ["", "   ", "\t", "#", "# new tictactoe", "   # indented comment"]:
        assert is_ignored(line)
        assert session.handle(line) == []


def test_exact_lines_for_tictactoe(session):
    assert session.handle("frobnicate now") == ["error unknown command: frobnicate"]
    assert session.handle("status")[-1].startswith("error no game")
    assert session.handle("new tictactoe seed=1") == ["ok"]
    assert session.handle("status") == ["status to_move=0 players=2 scores=0,0", "ok"]
    assert session.handle("legal") == ["legal a1 b1 c1 a2 b2 c2 a3 b3 c3", "ok"]
    assert session.handle("play b2 a1") == ["ok"]
    assert session.handle("state") == [
        'state {"board":[1,-1,-1,-1,0,-1,-1,-1,-1],"game":"tictactoe","to_move":0}',
        "ok",
    ]
    assert session.handle("chance") == [
        "error not a chance node: chance lists outcomes only where chance moves"
    ]
    assert session.handle("play b1 a2 b3") == ["ok"]  # X: b2 b1 b3, a column
    assert session.handle("status") == ["status to_move=terminal players=2 scores=1,0", "ok"]
    assert session.handle("legal") == ["legal", "ok"]
    assert session.handle("go")[0] == "error the game is over: there is nothing to search"


def test_play_is_all_or_nothing(session):
    session.handle("new tictactoe")
    before = session.snapshot()
    out = session.handle("play a1 b2 a1")
    assert len(out) == 1 and out[0].startswith("error illegal action a1")
    assert session.snapshot() == before
    assert session.handle("play b2 a1 c1 a3 a2 c2 b1 b3 c3") == ["ok"]  # a draw
    assert session.handle("status")[0] == "status to_move=terminal players=2 scores=0,0"
    assert session.handle("play a1")[0] == "error the game is over: cannot play a1"


def test_roll_uses_the_engines_seeded_dice():
    def rolls(seed):
        session = EngineSession()
        assert session.handle(f"new pig seed={seed}") == ["ok"]
        out = []
        for _ in range(12):
            session.handle("play roll")
            out.append(session.handle("roll")[0])
            if session.state.current_player() != 0:
                break
        return out

    assert rolls(5) == rolls(5)
    assert any(rolls(5) != rolls(s) for s in range(6, 10))
    assert all(line.startswith("rolled d") for line in rolls(5))


def test_observe_remembers_the_seat_and_load_forgets_it():
    session = EngineSession()
    session.handle("new leduc seed=3")
    full = session.handle("state")[0][len("state ") :]
    view = session.handle("view 1")[0][len("view ") :]
    assert session.handle(f"observe {view}") == ["ok"]
    assert session.observed_seat == 1
    assert session.handle("view 1") == [f"view {view}", "ok"]
    # The engine knows only seat 1's view now: seat 0's would be made up.
    assert session.handle("view 0")[0].startswith("error the engine knows only seat 1")
    assert session.handle(f"load {full}") == ["ok"]
    assert session.observed_seat is None
    assert session.handle("view 0")[-1] == "ok"


def test_observe_without_a_seat_field_finds_the_seat():
    session = EngineSession()
    session.handle("new tictactoe")
    session.handle("play b2")
    view = json.loads(session.handle("view 1")[0][len("view ") :])
    del view["seat"]
    assert session.handle(f"observe {json.dumps(view)}") == ["ok"]
    assert session.observed_seat in (0, 1)


def test_go_prints_info_then_bestmove_with_pv_in_notation(session):
    session.handle("new tictactoe")
    out = session.handle("go searcher=scripted mode=pv iterations=7 depth=4")
    assert re.fullmatch(r"info iterations=7 nodes=3 value=0\.25 ms=\d+ depth=4 pv=a1,b1,c1", out[0])
    assert out[1:] == ["bestmove a1", "ok"]


def test_a_pv_that_went_another_way_is_cut_to_the_bestmove(session):
    session.handle("new tictactoe")
    out = session.handle("go searcher=scripted mode=otherpv iterations=7")
    assert out[0].endswith(" pv=a1") and out[1:] == ["bestmove a1", "ok"]


@pytest.mark.parametrize(
    "searcher, budget",
    [("mcts", "iterations=1000"), ("ismcts", "iterations=1000"), ("pimc", "iterations=1000")]
    + [("expectimax", "iterations=5000"), ("mcts", "iterations=400 workers=2")],
)
def test_the_info_pv_begins_with_the_bestmove(session, searcher, budget):
    # Maestro seed=3: the first seat's turn is placements, a pass and a draw count; the
    # most visited root child and the best ranked one once differed on a visit tie.
    for seed in (1, 2, 3):
        session.handle("new maestro seed=3")
        info, best, status = session.handle(f"go searcher={searcher} {budget} seed={seed}")
        assert status == "ok" and info.startswith("info ")
        pv = dict(field.split("=", 1) for field in info.split()[1:])["pv"].split(",")
        moves = best.split()[1:]
        assert pv[: len(moves)] == moves, (info, best)


def test_go_and_hint_without_a_budget_search_the_one_default_budget(session):
    session.handle("new tictactoe")
    for command in ("go searcher=scripted", "hint searcher=scripted mode=ranked"):
        assert session.handle(command)[-1] == "ok"
        assert ScriptedSearcher.last_budget == Budget(movetime_ms=1000) == DEFAULT_BUDGET
    assert session.handle("setoption iterations=7") == ["ok"]
    session.handle("go searcher=scripted")
    assert ScriptedSearcher.last_budget == Budget(iterations=7)
    # the same default as a seat spec's and `cadenza play`'s, stated in the help
    assert parse_seat_spec("mcts").budget == DEFAULT_BUDGET
    assert any("(no budget: movetime=1000) -- " in line for line in session.handle("help"))


def test_go_refuses_a_searchers_illegal_answer(session):
    session.handle("new tictactoe")
    before = session.snapshot()
    assert session.handle("go searcher=scripted mode=illegal") == [
        "error searcher scripted proposed an illegal action 1000000"
    ]
    assert session.handle("go searcher=scripted mode=empty") == [
        "error searcher scripted proposed no action"
    ]
    assert session.snapshot() == before


def test_hint_ranks_alternatives_and_falls_back_to_the_decision(session):
    session.handle("new tictactoe")
    assert session.handle("hint top=2 searcher=scripted mode=ranked") == [
        "hint 1 value=1 visits=10 a1",
        "hint 2 value=0.5 visits=9 b1",
        "ok",
    ]
    assert session.handle("hint searcher=scripted iterations=4") == [
        "hint 1 value=0.25 visits=4 a1",
        "ok",
    ]
    session.handle("setoption top=1")
    assert len(session.handle("hint searcher=scripted mode=ranked")) == 2


def test_setoption_defaults_apply_only_where_the_searcher_has_them(session):
    session.handle("new tictactoe")
    assert session.handle("setoption searcher=scripted scale=2 depth=3") == ["ok"]
    assert session.handle("go")[0].split()[3] == "value=0.5"  # 0.25 * scale
    # random has no option scale: the default is skipped, not an error ...
    assert session.handle("go searcher=random")[-1] == "ok"
    # ... but naming it for random is one.
    assert session.handle("go searcher=random scale=2") == [
        "error searcher random has no option scale "
        "(options: searcher, seed, level, iterations, movetime)"
    ]
    assert session.handle("setoption scale=abc")[0].startswith("error option scale=abc")
    assert session.snapshot()["options"] == {"searcher": "scripted", "scale": "2", "depth": "3"}


def test_searchers_are_kept_between_moves_by_their_options(session):
    session.handle("new tictactoe")
    session.handle("go searcher=scripted depth=2")
    session.handle("play a1")
    session.handle("go searcher=scripted depth=2")
    assert len(ScriptedSearcher.created) == 1 and ScriptedSearcher.created[0].calls == 2
    session.handle("go searcher=scripted depth=5")
    assert len(ScriptedSearcher.created) == 2
    session.handle("new tictactoe")  # a new game starts with fresh searchers
    session.handle("go searcher=scripted depth=2")
    assert len(ScriptedSearcher.created) == 3


def test_default_searcher_is_the_first_preferred_one_that_can_play(session):
    for game in ("tictactoe", "leduc"):
        session.handle(f"new {game}")
        spec = session.registry.game(game)
        playable = [
            name
            for name in PREFERRED_SEARCHERS
            if name in session.registry.searchers
            and (
                session.registry.searcher(name).supports is None
                or session.registry.searcher(name).supports(spec)
            )
        ]
        assert session._default_searcher() == playable[0]
        assert session.handle("go iterations=20 seed=1")[-1] == "ok"
    # Leduc keeps its history, so oos (outcome sampling from the start) plays it.
    assert session._default_searcher() == "oos"


def test_quit_ends_the_session(session):
    assert session.handle("quit now")[0] == "error quit takes no arguments, got now"
    assert not session.finished
    assert session.handle("quit") == ["ok"]
    assert session.finished


def test_help_lists_every_command(session):
    out = session.handle("help")
    assert out[-1] == "ok"
    words = [line.split()[1] for line in out[:-1]]
    assert words == list(EngineSession.COMMANDS)
    assert all(" -- " in line for line in out[:-1])


def test_an_unknown_go_option_lists_every_accepted_one(session):
    session.handle("new tictactoe")
    before = session.snapshot()
    assert session.handle("go searcher=random frob=1") == [
        "error searcher random has no option frob "
        "(options: searcher, seed, level, iterations, movetime)"
    ]
    out = session.handle("hint searcher=scripted frob=1")[0]
    assert out.startswith(
        "error searcher scripted has no option frob (options: searcher, seed, top,"
    )
    assert (
        out.endswith("iterations, movetime, depth, mode, scale)") and session.snapshot() == before
    )


@pytest.mark.parametrize(
    "line, key",
    [
        ("go iterations=" + "9" * 40, "iterations"),
        ("go movetime=" + "9" * 40, "movetime"),
        ("setoption iterations=" + "9" * 40, "iterations"),
        ("setoption movetime=" + "9" * 40, "movetime"),
    ],
)
def test_a_budget_too_large_is_one_error_naming_its_option(session, line, key):
    assert session.handle("new tictactoe seed=1") == ["ok"]
    (answer,) = session.handle(line)
    assert answer.startswith(f"error {key} must be 1..") and "Overflow" not in answer
    assert session.handle("status")[-1] == "ok"
