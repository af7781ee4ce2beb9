"""Levels a person can choose (cli/levels/): the seat spec `level:N`, the protocol's
`go`/`hint level=N`, `play --level`, the mapping of a level to its budget and noise,
and `cadenza levels` reading and writing a calibration file."""

import json
import os

import pytest
from click.testing import CliRunner

from cli.gameloop import build_searcher, check_searchers
from cli.levels import ladder as levels
from cli.levels.calibrate import ladder_rows
from cli.main import main
from cli.match.entrants import Entrant
from cli.match.runner import MatchConfig, decision_limit
from cli.protocol import EngineSession
from cli.specs import DEFAULT_BUDGET, OptionError, parse_seat_spec
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide
from search.noisy import NoisySearcher
from tmux_harness import ROOT

REGISTRY = default_registry()
TICTACTOE = REGISTRY.game("tictactoe")


# ---- seat specs ------------------------------------------------------------------------


def test_a_level_seat_spec_reads_and_writes_level_n():
    spec = parse_seat_spec("level:5", REGISTRY)
    assert spec.level == 5 and spec.budget == DEFAULT_BUDGET and spec.options == {}
    assert str(spec) == "level:5" and parse_seat_spec(str(spec)) == spec
    assert parse_seat_spec("mcts:iterations=5").level is None


@pytest.mark.parametrize(
    "text, message",
    [
        ("level:0", "level must be 1..10, got 0"),
        ("level:11", "level must be 1..10, got 11"),
        ("level:x", "level must be an integer, got 'x'"),
        ("level:", "a level seat is level:N with N 1..10 and no other options"),
        ("level:3,iterations=5", "a level seat is level:N with N 1..10 and no other options"),
        ("mcts:level=3", "write level:N (the game's default searcher at level N)"),
    ],
)
def test_a_bad_level_seat_spec_is_one_clear_error(text, message):
    with pytest.raises(OptionError) as error:
        parse_seat_spec(text, REGISTRY)
    assert message in str(error.value)


def test_a_level_seat_plays_the_default_searcher_at_the_level_budget():
    check_searchers(REGISTRY, TICTACTOE, [parse_seat_spec("level:2")])
    searcher = build_searcher(REGISTRY, TICTACTOE, parse_seat_spec("level:2"))
    assert isinstance(searcher, NoisySearcher)
    assert type(searcher.inner) is type(REGISTRY.searcher("mcts").create_for(TICTACTOE))
    assert searcher.budget == Budget(iterations=10) and searcher.random_share == 0.2
    leduc = build_searcher(REGISTRY, REGISTRY.game("leduc"), parse_seat_spec("level:4"))
    assert type(leduc.inner).__name__ == type(REGISTRY.searcher("oos").create()).__name__


def test_a_match_gives_a_level_below_10_the_iteration_limit_not_a_second():
    config = MatchConfig(game="tictactoe", entrants=[], games=2, decision_timeout_s=77.0)
    assert decision_limit(Entrant("a", parse_seat_spec("level:9")), config) == 77.0
    assert decision_limit(Entrant("b", parse_seat_spec("level:10")), config) == 2.0


# ---- level -> budget ---------------------------------------------------------------------


def test_every_game_starts_from_the_default_ladder(tmp_path):
    missing = tmp_path / "none.json"
    assert levels.ladder("tictactoe", missing) == list(levels.DEFAULT_LADDER)
    iterations = [level.iterations for level in levels.DEFAULT_LADDER[:9]]
    assert iterations == sorted(iterations) and iterations[-1] < 10_000
    shares = [level.random_share for level in levels.DEFAULT_LADDER]
    assert shares == sorted(shares, reverse=True) and shares[0] > 0 and shares[2:] == [0.0] * 8
    top = levels.level_of("tictactoe", 10, missing)
    assert top.budget is None and top.random_share == 0.0
    with pytest.raises(OptionError, match="level must be 1..10, got 0"):
        levels.level_of("tictactoe", 0, missing)


def test_a_calibration_file_sets_the_budgets_of_levels_1_to_9_only(tmp_path):
    path = tmp_path / "levels.json"
    rows = [
        {"level": 1, "iterations": 3, "random_share": 0.7},
        {"level": 9, "iterations": 900},
        {"level": 10, "iterations": 5},
    ]
    path.write_text(json.dumps({"tictactoe": {"command": "x", "levels": rows}}))
    ladder = levels.ladder("tictactoe", path)
    assert ladder[0] == levels.Level(1, 3, 0.7)
    assert ladder[8] == levels.Level(9, 900) and ladder[9] == levels.DEFAULT_LADDER[9]
    assert ladder[1:8] == list(levels.DEFAULT_LADDER[1:8])
    assert levels.ladder("pig", path) == list(levels.DEFAULT_LADDER)


# ---- noise ---------------------------------------------------------------------------------


def _first_moves(searcher, seeds):
    state = TICTACTOE.new_state(2, "standard", 1)
    return [tuple(decide(searcher, TICTACTOE, state, DEFAULT_BUDGET, s).actions) for s in seeds]


def test_noise_really_changes_the_moves_of_low_levels_and_is_reproducible():
    seeds = range(60)
    inner = REGISTRY.searcher("mcts").create_for(TICTACTOE)
    plain = _first_moves(NoisySearcher(inner, Budget(iterations=10)), seeds)
    noisy = _first_moves(levels.searcher_for(REGISTRY, TICTACTOE, 1), seeds)
    changed = sum(a != b for a, b in zip(plain, noisy, strict=True))
    # Half the decisions are random at level 1, and 8 of 9 random cells differ from any
    # one move: about 27 of 60 change; far from none and from all.
    assert 12 <= changed <= 45
    assert noisy == _first_moves(levels.searcher_for(REGISTRY, TICTACTOE, 1), seeds)
    assert len(set(noisy)) > len(set(plain))


def test_level_10_plays_exactly_as_the_default_searcher_at_the_given_budget():
    state = TICTACTOE.new_state(2, "standard", 1)
    state.apply(4)
    budget = Budget(iterations=400)
    for seed in range(5):
        default = REGISTRY.searcher("mcts").create_for(TICTACTOE)
        top = levels.searcher_for(REGISTRY, TICTACTOE, 10)
        a = decide(default, TICTACTOE, state.clone(), budget, seed)
        b = decide(top, TICTACTOE, state.clone(), budget, seed)
        assert (a.actions, a.value, a.stats["iterations"]) == (
            b.actions,
            b.value,
            b.stats["iterations"],
        )


def test_a_noisy_searcher_refuses_a_share_outside_0_to_1():
    with pytest.raises(ValueError, match="random_share must be in"):
        NoisySearcher(None, None, 1.5)
    # the coin comes after the search: a share of 0 draws nothing
    rng = Rng(3)
    inner = REGISTRY.searcher("random").create()
    NoisySearcher(inner, None, 0.0).choose(TICTACTOE.new_state(2, "standard", 1), 0, None, rng)
    reference = Rng(3)
    inner.choose(TICTACTOE.new_state(2, "standard", 1), 0, None, reference)
    assert rng.getstate() == reference.getstate()


# ---- the protocol ------------------------------------------------------------------------


def _session():
    session = EngineSession(REGISTRY)
    assert session.handle("new tictactoe seed=1") == ["ok"]
    return session


def test_go_and_hint_at_a_level():
    session = _session()
    answer = session.handle("go level=3 seed=2")
    assert answer[-1] == "ok" and answer[0].startswith("info iterations=20 ")
    assert answer[1].split()[0] == "bestmove"

    def untimed(lines):
        return [" ".join(w for w in line.split() if not w.startswith("ms=")) for line in lines]

    again = session.handle("go level=3 seed=2")
    assert untimed(again) == untimed(answer), "reproducible from its seed"
    hints = session.handle("hint level=5 top=2 seed=1")
    assert [line.split()[:2] for line in hints[:-1]] == [["hint", "1"], ["hint", "2"]]
    assert hints[-1] == "ok"
    assert any("level=1..10" in line for line in session.handle("help"))


@pytest.mark.parametrize(
    "command, message",
    [
        (
            "go level=3 iterations=50",
            "level sets the searcher and its budget: it cannot be given with iterations",
        ),
        ("go level=3 movetime=50", "it cannot be given with movetime"),
        ("hint level=3 searcher=mcts", "it cannot be given with searcher"),
        ("go infinite level=3", "it cannot be given with infinite"),
        (
            "go level=3 c=1.2",
            "level is a calibrated setting of the default searcher: it takes no c",
        ),
        ("go level=0", "level must be 1..10, got 0"),
        ("hint level=ten", "level must be an integer, got 'ten'"),
        ("setoption level=4 iterations=9", "it cannot be given with iterations"),
        ("setoption level=12", "level must be 1..10, got 12"),
    ],
)
def test_a_level_that_clashes_is_an_error_that_changes_nothing(command, message):
    session = _session()
    assert session.handle("setoption iterations=30") == ["ok"]
    before = session.snapshot()
    answer = session.handle(command)
    assert answer == [f"error {message}"] if message.startswith("level") else len(answer) == 1
    assert message in answer[0] and answer[0].startswith("error ")
    assert session.snapshot() == before


def test_setoption_level_is_the_default_until_a_budget_replaces_it():
    session = _session()
    assert session.handle("setoption level=1") == ["ok"]
    assert session.handle("go seed=5")[0].startswith("info iterations=10 ")
    # a budget named in the command wins over the stored level
    assert session.handle("go seed=5 iterations=7")[0].startswith("info iterations=7 ")
    assert session.handle("setoption iterations=40") == ["ok"]
    assert "level" not in session.options
    assert session.handle("go seed=5")[0].startswith("info iterations=40 ")
    assert session.handle("setoption level=4") == ["ok"]
    assert "iterations" not in session.options
    assert session.handle("go seed=5")[0].startswith("info iterations=50 ")


# ---- the command line --------------------------------------------------------------------


def _cli(*args):
    return CliRunner().invoke(main, list(args), terminal_width=200)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--level", "3", "--opponent", "mcts"], "--level and --opponent both say who plays"),
        (["--level", "3", "--table"], "--level cannot be used with --table"),
        (["--level", "11"], "11 is not in the range 1<=x<=10"),
    ],
)
def test_play_level_errors(args, message):
    run = _cli("play", "tictactoe", "--no-autosave", *args)
    assert run.exit_code == 2 and message in run.output


def test_play_level_seats_the_ai_at_that_level(tmp_path):
    from test_play_cli import cadenza_play

    run = cadenza_play("tictactoe", "--level", "2", "--seed", "4", input_text="b2\nquit\n")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "You are seat 0; seat 1: level:2." in lines
    assert any(line.startswith("seat 1 (level): put an O on ") for line in lines), lines


FIXTURE = {
    "tictactoe": {
        "command": "cadenza levels tictactoe --calibrate --games 8 --workers 1 --seed 1",
        "games_per_gap": 8,
        "levels": [
            {"level": 1, "iterations": 10, "random_share": 0.5, "elo": 0.0, "elo_low": 0.0,
             "elo_high": 0.0, "games": 0},
            {"level": 2, "iterations": 10, "random_share": 0.2, "elo": 95.4, "elo_low": 20.0,
             "elo_high": 170.2, "games": 8, "gap": 95.4, "gap_low": 20.0, "gap_high": 170.2},
            {"level": 3, "iterations": 25, "elo": 180.0, "elo_low": None, "elo_high": 300.0,
             "games": 8, "gap": 84.6, "gap_low": None, "gap_high": 129.8},
            {"level": 4, "iterations": 50},
        ],
    }
}  # fmt: skip


def test_levels_prints_the_table_with_intervals_and_not_calibrated(tmp_path):
    path = tmp_path / "levels.json"
    path.write_text(json.dumps(FIXTURE))
    run = _cli("levels", "tictactoe", "--data", str(path))
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert lines[0].split() == ["level", "budget", "Elo", "over", "level", "1", "95%",
                                "interval", "over", "level", "below,", "95%", "games", "vs",
                                "level", "below"]  # fmt: skip
    assert lines[2].split() == ["2", "iterations=10,", "20%", "random", "moves", "+95", "[+20,",
                                "+170]", "+95", "[+20,", "+170]", "8"]  # fmt: skip
    assert lines[3].split() == ["3", "iterations=25", "+180", "[unbounded,", "+300]", "+85",
                                "[unbounded,", "+130]", "8"]  # fmt: skip
    assert lines[4].split() == ["4", "iterations=50", "not", "calibrated"]
    assert lines[10].split() == ["10", "default", "budget", "not", "calibrated"]
    assert lines[11] == "measured by: " + FIXTURE["tictactoe"]["command"]
    other = _cli("levels", "pig", "--data", str(path))
    assert other.output.count("not calibrated") == 11
    assert other.output.splitlines()[-1].startswith("pig is not calibrated")
    bad = _cli("levels", "chess", "--data", str(path))
    assert bad.exit_code == 2 and "unknown game: chess" in bad.output


def without_gap_intervals(entry: dict) -> dict:
    """A ladder as it was stored before rows kept their gap's own interval."""
    for row in entry["levels"]:
        row.pop("gap_low", None)
        row.pop("gap_high", None)
    return entry


def test_a_ladder_stored_before_gap_intervals_shows_its_gaps_without_one(tmp_path):
    old = without_gap_intervals(json.loads(json.dumps(FIXTURE["tictactoe"])))
    path = tmp_path / "levels.json"
    path.write_text(json.dumps({"tictactoe": old}))
    lines = _cli("levels", "tictactoe", "--data", str(path)).output.splitlines()
    assert lines[2].split()[-2:] == ["+95", "8"]
    assert lines[3].split()[-3:] == ["+300]", "+85", "8"]


def test_every_shipped_ladder_keeps_each_measured_gaps_interval_around_it():
    # The table's gap column reads these; a gap's interval holds its own figure.
    for game_name, entry in json.loads(levels.CALIBRATION_FILE.read_text()).items():
        for row in entry["levels"][1:]:
            if "elo" not in row:
                continue
            low, high = row["gap_low"], row["gap_high"]
            assert low is None or low <= row["gap"] + 0.05, (game_name, row)
            assert high is None or row["gap"] <= high + 0.05, (game_name, row)


def test_the_rows_sum_the_gaps_and_their_intervals_in_quadrature():
    gaps = {
        1: {"elo": 100.0, "elo_low": 70.0, "elo_high": 140.0, "games": 10},
        2: {"elo": 50.0, "elo_low": 10.0, "elo_high": None, "games": 12},
        3: {"elo": float("inf"), "elo_low": None, "elo_high": None, "games": 12},
    }
    rows = ladder_rows("tictactoe", gaps, ROOT / "no-such-file.json")
    assert rows[1]["elo"] == 100.0 and rows[1]["elo_low"] == 70.0
    assert rows[2]["elo"] == 150.0 and rows[2]["elo_low"] == 100.0  # hypot(30, 40)
    assert rows[2]["elo_high"] is None and rows[2]["games"] == 12
    assert rows[3]["elo"] is None and "elo" not in rows[4]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seed", str(2**64)], "is not in the range 0<=x<=18446744073709551615"),
        (["--games", "1"], "1 is not in the range x>=2"),
        (["--workers", "0"], "0 is not in the range x>=1"),
    ],
)
def test_levels_refuses_the_shared_options_out_of_range_like_match(args, message, tmp_path):
    """--seed, --games, --workers and --out come from cli/options.py, as match's do:
    the same ranges, refused before anything is played or written."""
    out = tmp_path / "ladder"
    run = _cli("levels", "tictactoe", "--calibrate", "--out", str(out), *args)
    assert run.exit_code == 2 and message in run.output
    assert not out.exists()
    if args[0] != "--games":  # a match may play a single game; a ladder's match needs two
        entrants = ["--entrant", "a=random", "--entrant", "b=random"]
        run = _cli("match", "tictactoe", *entrants, "--out", str(out), *args)
        assert run.exit_code == 2 and message in run.output


def test_calibrate_plays_the_ladder_end_to_end_and_stores_it(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the match workers import this tree's code
    path = tmp_path / "levels.json"
    path.write_text(json.dumps({"pig": {"command": "kept", "levels": []}}))
    args = ["levels", "tictactoe", "--calibrate", "--games", "2", "--workers", "1"]
    args += ["--up-to", "3", "--data", str(path), "--out", str(tmp_path / "ladder")]
    run = _cli(*args)
    assert run.exit_code == 0, run.output
    stored = json.loads(path.read_text())
    assert stored["pig"] == {"command": "kept", "levels": []}, "other games are kept"
    entry = stored["tictactoe"]
    assert entry["command"] == (
        "cadenza levels tictactoe --calibrate --games 2 --workers 1 --seed 1 --up-to 3"
    )
    rows = entry["levels"]
    assert [row["level"] for row in rows] == list(range(1, 11))
    assert [row.get("games") for row in rows[:4]] == [0, 2, 2, None]
    assert all("elo" in row for row in rows[:3]) and "elo" not in rows[3]
    for lower in (1, 2):
        folder = tmp_path / "ladder" / f"level{lower + 1}-vs-level{lower}"
        games = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]
        assert sorted(g["seats"][0] for g in games) == sorted(
            [f"level{lower}", f"level{lower + 1}"]
        )
        assert all(g["error"] is None and g["returns"] for g in games)
    assert "measured by: " + entry["command"] in run.output.splitlines()
    assert entry["searcher"] == "mcts", "what the levels searched with is stored"


def test_a_ladder_played_with_other_options_says_its_figures_are_out_of_date(tmp_path):
    # Takt Voll's levels search with the game's suggested options; a ladder stored
    # with plain ismcts no longer measures them, and the table says so.
    now = levels.level_searcher(REGISTRY, REGISTRY.game("taktvoll"))
    path = tmp_path / "levels.json"
    for stored, warned in ((now, False), ("ismcts:c=9", True)):
        entry = {**FIXTURE["tictactoe"], "searcher": stored}
        path.write_text(json.dumps({"taktvoll": entry}))
        run = _cli("levels", "taktvoll", "--data", str(path))
        assert run.exit_code == 0, run.output
        last = run.output.splitlines()[-1]
        assert last.startswith("measured with ismcts:c=9; the levels now search with ") == warned
        assert (now in last) == warned


def test_a_ladder_played_with_another_evaluation_says_its_figures_are_out_of_date(tmp_path):
    # Maestro's two seats play with learned weights (GameSpec.evaluation): a ladder
    # stored without them, as every one before the value was, no longer measures them.
    game = REGISTRY.game("maestro")
    now = levels.level_searcher(REGISTRY, game)
    assert now == f"mcts:rollout_depth=4 with the {game.evaluation}"
    assert "learned value" in game.evaluation
    path = tmp_path / "levels.json"
    for stored, warned in ((now, False), ("mcts:rollout_depth=4", True)):
        path.write_text(json.dumps({"maestro": {**FIXTURE["tictactoe"], "searcher": stored}}))
        run = _cli("levels", "maestro", "--data", str(path))
        assert run.exit_code == 0, run.output
        last = run.output.splitlines()[-1]
        assert last.startswith("measured with mcts:rollout_depth=4; the levels now") == warned
        assert last.endswith("out of date until the ladder is played again") == warned


def test_calibrate_refuses_a_data_file_whose_budgets_its_seats_would_not_play(tmp_path):
    # The ladder's level:N seats play the shipped budgets: a file that lists others
    # would store figures under budgets nobody played.
    path, out = tmp_path / "levels.json", tmp_path / "ladder"
    entry = json.loads(json.dumps(FIXTURE["tictactoe"]))
    entry["levels"][1]["iterations"] = 7
    path.write_text(json.dumps({"tictactoe": entry}))
    before = path.read_text()
    args = ["levels", "tictactoe", "--calibrate", "--games", "2", "--up-to", "3"]
    run = _cli(*args, "--data", str(path), "--out", str(out))
    assert run.exit_code == 1
    assert "other budgets than the ones its level seats play" in run.output
    assert len(run.output.strip().splitlines()) == 1
    assert path.read_text() == before and not out.exists()


def test_calibrate_resume_plays_only_the_gaps_not_yet_stored(tmp_path, monkeypatch):
    """Raising a ladder's top with --resume reads the stored gaps back and plays only
    the new one; without it the stored ladder is refused and nothing is written."""
    monkeypatch.chdir(ROOT)  # the match workers import this tree's code
    path, out = tmp_path / "levels.json", tmp_path / "ladder"
    base = ["levels", "tictactoe", "--calibrate", "--games", "2", "--workers", "1"]
    base += ["--data", str(path), "--out", str(out)]
    assert _cli(*base, "--up-to", "3").exit_code == 0
    played = {f: (out / f / "games.jsonl").read_bytes() for f in os.listdir(out)}
    stored = path.read_text()

    refused = _cli(*base, "--up-to", "4")
    assert refused.exit_code == 2 and "already holds a match" in refused.output
    assert path.read_text() == stored and sorted(os.listdir(out)) == sorted(played)

    resumed = _cli(*base, "--up-to", "4", "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert {f: (out / f / "games.jsonl").read_bytes() for f in played} == played
    new = [json.loads(line) for line in (out / "level4-vs-level3" / "games.jsonl").open()]
    assert len(new) == 2 and all(g["error"] is None for g in new)
    rows = json.loads(path.read_text())["tictactoe"]["levels"]
    assert [row.get("games") for row in rows[:5]] == [0, 2, 2, 2, None]


def test_resume_without_calibrate_is_a_usage_error(tmp_path):
    run = _cli("levels", "tictactoe", "--resume", "--data", str(tmp_path / "x.json"))
    assert run.exit_code == 2 and "give it with --calibrate" in run.output


def test_calibrate_gap_plays_one_gap_again_and_chains_the_ladder_afresh(tmp_path, monkeypatch):
    """--gap N plays the match of level N against N-1 again, on the ladder's own deals
    first (seed + N - 1) and then more; the other gaps keep their stored figures and
    the levels above are chained afresh; the row says what played it again."""
    monkeypatch.chdir(ROOT)  # the match workers import this tree's code
    path = tmp_path / "levels.json"
    base = ["levels", "tictactoe", "--calibrate", "--workers", "1", "--data", str(path)]
    assert _cli(*base, "--games", "2", "--up-to", "4", "--out", str(tmp_path / "a")).exit_code == 0
    before = json.loads(path.read_text())["tictactoe"]
    run = _cli(*base, "--gap", "3", "--games", "4", "--out", str(tmp_path / "b"))
    assert run.exit_code == 0, run.output
    entry = json.loads(path.read_text())["tictactoe"]
    assert entry["command"] == before["command"], "the ladder's own command is kept"
    rows, old = entry["levels"], before["levels"]
    assert rows[1] == old[1] and rows[3]["gap"] == old[3]["gap"], "the other gaps are kept"
    assert rows[2]["games"] == 4 and old[2]["games"] == 2
    assert rows[2]["command"] == (
        "cadenza levels tictactoe --calibrate --gap 3 --games 4 --workers 1 --seed 1"
    )
    for row in rows[1:4]:  # a clean sweep has no finite gap, and none above it
        gaps = [below["gap"] for below in rows[1 : row["level"]]]
        if None in gaps:
            assert row["elo"] is None
        else:
            assert row["elo"] == pytest.approx(sum(gaps), abs=0.2)
        gap, low, high = row["gap"], row["gap_low"], row["gap_high"]
        assert gap is None or (low is None or low <= gap) and (high is None or gap <= high)
    assert os.listdir(tmp_path / "b") == ["level3-vs-level2"]
    replayed, stored = (
        [json.loads(line) for line in (tmp_path / d / "level3-vs-level2" / "games.jsonl").open()]
        for d in ("b", "a")
    )
    assert len(replayed) == 4
    assert [g["seed"] for g in replayed[:2]] == [g["seed"] for g in stored]
    assert "level 3 against 2 again by: " + rows[2]["command"] in run.output.splitlines()

    # A gap the stored ladder does not reach yet is for --up-to; nothing is played.
    stored_text = path.read_text()
    beyond = _cli(*base, "--gap", "6", "--games", "2", "--out", str(tmp_path / "c"))
    assert beyond.exit_code == 1 and "does not reach level 5" in beyond.output
    assert path.read_text() == stored_text and not (tmp_path / "c").exists()


@pytest.mark.parametrize(
    "change, message",
    [
        (without_gap_intervals, "keeps no interval for the gap of level 2 over 1"),
        (lambda entry: {**entry, "searcher": "mcts:c=9"}, "was played with mcts:c=9"),
        (lambda entry: None, "tictactoe has no stored ladder"),
    ],
)
def test_calibrate_gap_refuses_a_ladder_it_cannot_chain_and_changes_nothing(
    change, message, tmp_path
):
    shipped = json.loads(levels.CALIBRATION_FILE.read_text())["tictactoe"]
    entry = change(json.loads(json.dumps(shipped)))
    path, out = tmp_path / "levels.json", tmp_path / "ladder"
    path.write_text(json.dumps({} if entry is None else {"tictactoe": entry}))
    before = path.read_text()
    run = _cli("levels", "tictactoe", "--calibrate", "--gap", "3", "--games", "2",
               "--data", str(path), "--out", str(out))  # fmt: skip
    assert run.exit_code == 1 and message in run.output
    assert len(run.output.strip().splitlines()) == 1
    assert path.read_text() == before and not out.exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--gap", "3"], "--gap is part of a calibration: give it with --calibrate"),
        (["--calibrate", "--gap", "3", "--up-to", "5"], "--up-to has no use with it"),
        (["--calibrate", "--gap", "1"], "1 is not in the range 2<=x<=10"),
    ],
)
def test_gap_usage_errors(args, message, tmp_path):
    run = _cli("levels", "tictactoe", *args, "--data", str(tmp_path / "x.json"))
    assert run.exit_code == 2 and message in run.output
    assert not (tmp_path / "x.json").exists()
