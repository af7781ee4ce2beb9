"""`cadenza play` driven in a real terminal: tmux runs the installed console script,
the test types with send-keys and reads the screen with capture-pane.

Every registered game is played to its end by typed commands, with hints, undo,
save, load and bad input on the way; table mode follows a scripted Leduc hand and a
few pig turns. tmux must be installed (CI installs it): without it these tests fail,
they are never skipped.
"""

import random
import re
import shutil

import pytest

from conftest import GAME_NAMES
from plugins.manager import default_registry
from tmux_harness import Terminal, board, hints, legal, tmux_exe

# Small budgets keep each search a few milliseconds.
HINT_ITERATIONS = 40
# The longest game the driver plays before calling it stuck.
MAX_INPUTS = 4000


def hint_spec(game_name: str) -> str:
    hidden = default_registry().game(game_name).hidden_information
    return f"{'ismcts' if hidden else 'mcts'}:iterations={HINT_ITERATIONS}"


# ---- a whole game against the AI ------------------------------------------------------


def check_commands_at_a_decision(term: Terminal, lines: list[str], rng, tmp_path, game_name):
    """Bad input, hint, undo, save and load at the person's decision in `lines`, each
    leaving the position as it was; then the best hint played as one line. Returns
    the output of that line."""
    options = legal(term, lines)
    position = board(lines)
    out = term.type("no-such-move!")
    assert len(out) == 1 and out[0].startswith("! "), out
    out = term.type("hint 0")
    assert out == ["! hint takes an optional count 1..20, e.g. hint 5"]
    found = hints(term.type("hint"))
    assert 1 <= len(found) <= 3 and all(0.0 <= value <= 1.0 for _, value in found)
    assert all(texts[0] in options for texts, _ in found)
    values = [value for _, value in found]
    assert values == sorted(values, reverse=True), "hints are ranked by the chance they show"
    term.type(rng.choice(options))
    out = term.type("undo")
    assert out[0].startswith("Took back: you (seat 0): ")
    assert board(out) == position, "undo goes back to the position before the move"
    assert term.type("save game.json") == ["Saved to game.json."]
    assert (tmp_path / "game.json").exists()
    term.type(rng.choice(options))
    out = term.type("load game.json")
    assert out[0] == f"Loaded game.json: {game_name}, you are seat 0."
    assert board(out) == position, "load restores the saved position"
    out = term.type("load missing.json")
    assert len(out) == 1 and out[0].startswith("! cannot load missing.json"), out
    assert board(term.type("show")) == position, "a bad file changed nothing"
    # The best hint is a whole decision, typed as one line.
    return term.type(" ".join(found[0][0]))


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_whole_game_typed_in_a_terminal(terminal, tmp_path, game_name):
    rng = random.Random(game_name)
    term = terminal(
        "play", game_name, "--opponent", "random", "--hint", hint_spec(game_name), "--seed", "21"
    )
    lines = term.start()
    assert lines[0].startswith(f"Cadenza: {game_name} (")
    lines = check_commands_at_a_decision(term, lines, rng, tmp_path, game_name)
    for _ in range(MAX_INPUTS):
        if any(line.startswith("Game over: ") for line in lines):
            break
        lines = term.type(rng.choice(legal(term, lines)))
    else:
        pytest.fail(f"{game_name} did not end after {MAX_INPUTS} inputs")
    summary = [line for line in lines if line.startswith("Game over: ")]
    assert len(summary) == 1, "one summary"
    assert re.match(r"^Game over: (you win|seat \d wins|a draw|shared win)", summary[0])
    assert "Type new for another game, rematch to swap seats, or quit." in lines
    out = term.type("no-such-move!")
    assert out == ["! the game is over: undo, new, rematch, load, save or quit"]
    assert term.quit()[-2:] == ["Bye.", "[exit 0]"]


def test_completion_and_the_seat_given(terminal):
    term = terminal("play", "pig", "--opponent", "random", "--seat", "1", "--seed", "5")
    lines = term.start()
    assert any(line.startswith("seat 0 (random): ") for line in lines), "the AI moved first"
    assert "Your move (seat 1)." in lines
    term.keys("ro", "Tab")
    term.wait_for(lambda ls: ls[-1].endswith("> roll"), "roll completed from ro")
    term.keys("Enter")
    term.inputs += 1
    lines = term.wait_for(lambda ls: term.prompt_index(ls, 2) >= 0, "the second prompt")
    assert "you (seat 1): roll the die" in lines and any(
        re.match(r"^chance: the die shows [1-6]", line) for line in lines
    )


# ---- table mode -------------------------------------------------------------------------


def test_table_mode_leduc_hand_typed_at_the_table(terminal):
    term = terminal("play", "leduc", "--table", "--hint", "ismcts:iterations=300", "--seed", "1")
    lines = term.start()
    assert "Chance: type what was rolled or drawn." in lines
    assert legal(term, lines) == ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"]
    out = term.type("Ks")
    assert out[:2] == [
        "chance: seat 0 is dealt the king of spades",
        "chance: seat 1 is dealt a card",
    ]
    assert "│ own: Ks" in " ".join(board(out)) and "│ opponent: -" in " ".join(board(out))
    first = hints(term.type("hint"))
    assert {texts[0] for texts, _ in first} == {"call", "raise"}
    out = term.type("raise")
    assert "Seat 1 to move: type what they played." in out
    assert term.type("hint") == ["! hints are for your own seat (0), which is not to move"]
    out = term.type("call")
    assert "Chance: type what was rolled or drawn." in out
    assert legal(term, out) == ["Js", "Jh", "Qs", "Qh", "Kh"], "every card you have not seen"
    out = term.type("Ks")
    assert out == ["! Ks is not a possible outcome here"]
    # The typed public card decides the position: a pair of kings.
    out = term.type("Kh")
    assert any("public: Kh" in line for line in board(out))
    found = hints(term.type("hint"))
    assert found[0][0] == ["raise"] and found[0][1] > 0.5, found
    term.type("raise")
    out = term.type("call")
    assert "seat 1: call 4 chips reveals opponent: type it" in " ".join(out)
    out = term.type("Qs")
    assert "revealed: opponent=Qs" in out
    # In for 7: the ante, a raise of 2 before the flop and one of 4 after it.
    assert "Game over: you win 7 chips." in out
    assert "Final scores: you (seat 0) 7 chips · seat 1 -7 chips" in out
    term.type("save table.json")
    term.quit()


def test_table_mode_pig_dice_typed(terminal, tmp_path):
    term = terminal("play", "pig", "--table", "--hint", "mcts:iterations=100", "--seed", "2")
    lines = term.start()
    assert "Your move (seat 0): type what you play, or ask for a hint." in lines
    out = term.type("roll")
    assert legal(term, out) == ["d1", "d2", "d3", "d4", "d5", "d6"]
    out = term.type("d6")
    assert any("turn total 6" in line for line in board(out))
    out = term.type("roll d1")
    assert any("seat 1 to roll or hold, turn total 0" in line for line in board(out))
    out = term.type("roll d5 hold")
    assert any("seat 0 has 0, seat 1 has 5" in line for line in board(out))
    out = term.type("undo")
    assert out[0] == (
        "Took back: seat 1: roll the die; chance: the die shows 5; seat 1: hold and bank 5 points"
    )
    assert term.type("d7") == ["! a pig action is roll, hold or d1..d6, got 'd7'"]


def test_without_tmux_these_tests_fail_and_say_why(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="tmux is not installed: these tests drive"):
        tmux_exe()
