"""`cadenza play` on an 80x24 terminal (tmux): nothing cropped, the prompt and the
legal list in view, whole games typed by number and by notation, Ctrl-C during a
search, type-ahead thrown away, autosave with --resume and --load, the question
before quitting an unsaved game, rematch and a session of Leduc hands."""

import json
import random
import re

import pytest

from conftest import GAME_NAMES
from tmux_harness import PROMPT, board, legal_list, parse_legal

WIDTH, HEIGHT = 80, 24
SMALL_GAMES = [g for g in ("leduc", "pig", "taktvoll", "tictactoe") if g in GAME_NAMES]
BIG_GAMES = [g for g in GAME_NAMES if g not in SMALL_GAMES]
# Turns of a big game played at the default test run (whole games are `slow`).
BIG_TURNS = 6
MAX_INPUTS = 3000
TINY_HINT = "iterations=30"


def hint_for(game_name: str) -> str:
    from plugins.manager import default_registry

    hidden = default_registry().game(game_name).hidden_information
    return f"{'ismcts' if hidden else 'mcts'}:{TINY_HINT}"


def small_terminal(terminal, *args):
    return terminal(*args, width=WIDTH, height=HEIGHT)


def assert_fits(term) -> None:
    """No line wider than the terminal (the terminal wrapping one would show as a
    joined line wider than WIDTH), and the rows in view end with the prompt, with the
    legal list or the game's end above it."""
    for line in term.screen():
        assert len(line) <= WIDTH, f"a line wider than {WIDTH}: {line!r}"
    rows = [row for row in term.visible() if row]
    assert PROMPT.match(rows[-1]), rows
    assert any(row.startswith(("Legal (", "Type new for another game")) for row in rows), "\n".join(
        rows
    )


def ended(lines) -> bool:
    """Whether the output ends at a game's end (not at the next hand's first move)."""
    ends = [i for i, line in enumerate(lines) if line.startswith("Game over: ")]
    lists = [i for i, line in enumerate(lines) if line.startswith("Legal (")]
    return bool(ends) and (not lists or lists[-1] < ends[-1])


def play_moves(term, lines, rng, limit):
    """Play up to `limit` of the person's moves, typing a listed move's number or its
    notation by turns, each checked against the list; the output of the last one."""
    for turn in range(limit):
        if ended(lines):
            return lines
        assert_fits(term)
        count, body, cut = legal_list(lines)
        moves = parse_legal(body)
        number = rng.choice(sorted(moves))
        words = {  # a long line wraps: its first screen line starts the words
            int(m.group(1)): m.group(2)
            for m in (re.match(r"^  (\d+) \S+ — (.*)$", line) for line in body)
            if m
        }
        typed = str(number) if turn % 2 == 0 else moves[number]
        lines = term.type(typed)
        assert not lines[0].startswith("! "), (typed, lines)
        mine = [line for line in lines if re.match(r"^you \(seat \d\): ", line)]
        assert mine, lines
        if number in words:  # the log says the move in the words the list gave
            said = mine[0].split(": ", 1)[1]  # the log's first screen line of the move
            shown = words[number]
            assert said.startswith(shown) or shown.startswith(said), (mine, shown)
    return lines


def check_a_game(terminal, game_name, turns):
    rng = random.Random(game_name)
    term = small_terminal(
        terminal,
        "play",
        game_name,
        "--opponent",
        "random",
        "--hint",
        hint_for(game_name),
        "--seed",
        "7",
    )
    lines = term.start()
    assert_fits(term)
    lines = play_moves(term, lines, rng, turns)
    assert_fits(term)
    return term, lines


@pytest.mark.parametrize("game_name", SMALL_GAMES)
def test_a_small_game_fits_80x24_from_start_to_end(terminal, game_name):
    term, lines = check_a_game(terminal, game_name, MAX_INPUTS)
    assert ended(lines), f"{game_name} did not end"
    summary = [line for line in lines if line.startswith("Game over: ")]
    assert len(summary) == 1 and "It ended with" in " ".join(lines)
    assert term.quit()[-2:] == ["Bye.", "[exit 0]"]


@pytest.mark.parametrize("game_name", BIG_GAMES)
def test_a_big_game_fits_80x24_for_several_turns(terminal, game_name):
    term, lines = check_a_game(terminal, game_name, BIG_TURNS)
    out = term.type("legal")
    count, body, cut = legal_list(out)
    assert not cut and len(parse_legal(body)) == count, "legal lists everything"
    assert_fits(term)


@pytest.mark.slow
@pytest.mark.parametrize("game_name", BIG_GAMES)
def test_a_big_game_fits_80x24_from_start_to_end(terminal, game_name):
    term, lines = check_a_game(terminal, game_name, MAX_INPUTS)
    assert ended(lines)


def test_forced_moves_are_played_for_the_person_unless_told_not_to(terminal):
    term = small_terminal(terminal, "play", "taktvoll", "--opponent", "random", "--seed", "2")
    lines = term.start()
    assert any(line.endswith("(your only move)") for line in lines), lines
    term = small_terminal(
        terminal, "play", "taktvoll", "--opponent", "random", "--seed", "2", "--no-auto-forced"
    )
    lines = term.start()
    assert not any(line.endswith("(your only move)") for line in lines)
    count, body, _ = legal_list(lines)
    assert count == 1
    only = parse_legal(body)[1]
    out = term.type(only)
    assert out[0].startswith("you (seat 0): "), out


def first_line_searching(terminal, text, spinner, *options):
    """A tictactoe game whose first line `text` starts a search (the `spinner` shown)."""
    term = small_terminal(terminal, "play", "tictactoe", *options, "--seed", "1")
    term.start()
    term.inputs += 1
    term.send(text)
    term.wait_for(lambda ls: any(spinner in line for line in ls[-3:]), f"{spinner!r} shown")
    return term


def test_ctrl_c_stops_the_ai_and_the_game_goes_on(terminal):
    term = first_line_searching(terminal, "b2", "is thinking", "--opponent", "mcts:movetime=60000")
    term.keys("C-c")
    out = term.answer(1, "b2")
    assert "Stopped seat 1's search: it plays its best so far." in out
    assert any(line.startswith("seat 1 (mcts): ") for line in out), out
    assert not any("Aborted" in line for line in term.screen())
    assert_fits(term)
    assert term.type("show")  # still playing


def test_ctrl_c_stops_a_hint(terminal):
    term = first_line_searching(
        terminal,
        "hint",
        "searching for hints",
        "--opponent",
        "random",
        "--hint",
        "mcts:movetime=60000",
    )
    term.keys("C-c")
    out = term.answer(1, "hint")
    assert out[-1] == "(the search was stopped early: these are its best so far)", out
    assert out[0].startswith("hint 1: "), out


def test_what_is_typed_while_the_ai_thinks_is_thrown_away(terminal):
    term = first_line_searching(terminal, "b2", "is thinking", "--opponent", "mcts:movetime=1500")
    term.send("a1")  # meant for a position that is not there yet
    out = term.answer(1, "b2")
    assert "(what you typed while the AI thought was thrown away)" in out, out
    rows = [row for row in term.visible() if row]
    assert rows[-1] == "[2] tictactoe>", rows
    out = term.type("show")
    assert board(out)[2].startswith("│ 2 . X"), "a1 was not played"


def test_autosave_resume_and_load(terminal, tmp_path):
    term = small_terminal(terminal, "play", "pig", "--opponent", "random", "--seed", "3")
    term.start()
    term.type("roll")
    position = board(term.type("show"))
    assert term.type("save mine.json") == ["Saved to mine.json."]
    term.type("roll")
    out = term.quit()
    saves = sorted((tmp_path / "autosave").glob("pig-*.json"))
    # A long message wraps at the terminal's width (a long path anywhere in it).
    said = re.sub(r"\s", "", "".join(out))
    note = f"The game is autosaved in {saves[0]}: cadenza play --resume continues it."
    assert re.sub(r"\s", "", note) in said
    assert len(saves) == 1 and json.loads(saves[0].read_text())["game"] == "pig"
    resumed = small_terminal(terminal, "play", "--resume")
    lines = resumed.start()
    assert lines[0] == f"Loaded {saves[0]}: pig, you are seat 0."
    assert board(lines) != position, "the autosave has the roll after the save"
    resumed.quit()
    loaded = small_terminal(terminal, "play", "--load", "mine.json")
    lines = loaded.start()
    assert lines[0] == "Loaded mine.json: pig, you are seat 0." and board(lines) == position
    assert_fits(loaded)


def test_quitting_an_unsaved_game_asks_first(terminal):
    term = small_terminal(
        terminal, "play", "pig", "--opponent", "random", "--seed", "3", "--no-autosave"
    )
    term.start()
    term.type("roll")
    term.inputs += 1
    term.send("quit")
    term.wait_for(lambda ls: ls[-1].endswith("Quit anyway? [y/N]"), "the question")
    term.send("n")
    term.wait_for(lambda ls: "Not quitting: save FILE keeps the game." in ls, "not quitting")
    out = term.quit(confirm="y")
    assert out[-2:] == ["Bye.", "[exit 0]"]


def test_rematch_rotates_the_seats_and_new_keeps_them(terminal):
    term = small_terminal(terminal, "play", "tictactoe", "--opponent", "random", "--seed", "5")
    lines = term.start()
    rng = random.Random(5)
    lines = play_moves(term, lines, rng, MAX_INPUTS)
    assert ended(lines)
    out = term.type("rematch")
    assert out[0].startswith("Cadenza: tictactoe (2 players, variant standard, seed ")
    assert out[1] == "You are seat 1; seat 0: random."
    assert any(line.startswith("seat 0 (random): ") for line in out), "the AI moves first now"
    out = term.type("new")
    assert out[1] == "You are seat 1; seat 0: random."
    assert_fits(term)


def test_a_session_of_leduc_hands_keeps_a_running_chip_total(terminal):
    term = small_terminal(
        terminal, "play", "leduc", "--opponent", "random", "--seed", "4", "--hands", "3"
    )
    lines = term.start()
    rng = random.Random(4)
    totals = []
    for _ in range(MAX_INPUTS):
        totals += [line for line in lines if line.startswith("After ")]
        if ended(lines):
            break
        lines = play_moves(term, lines, rng, 1)
    assert [t.split(":")[0] for t in totals] == ["After 1 hand", "After 2 hands", "After 3 hands"]
    last = re.match(r"^After 3 hands: you ([+-]?\d+) chips · AI 1 ([+-]?\d+) chips", totals[-1])
    assert last and int(last.group(1)) == -int(last.group(2)), totals[-1]
    results = [line for line in term.screen() if line.startswith("Game over: ")]
    assert len(results) == 3
    assert all(
        re.match(r"^Game over: ((you win|seat \d wins) \d+ chips|a draw)\.$", r) for r in results
    )
    assert not any("share of the win" in line for line in term.screen())
