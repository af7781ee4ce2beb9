"""`cadenza play` against AI seats, below the terminal: whole turns all or nothing,
undo, hints from the seat's own view, opponents, and save files (tests of the
terminal itself are in test_play_tmux.py)."""

import json

import pytest

from cli.defaults import DEFAULT_MOVETIME_MS
from cli.play import savefile
from cli.play.aisession import AiSession
from cli.play.errors import PlayError
from cli.play.opponents import assign_opponents, default_spec
from cli.specs import OptionError, SeatSpec
from conftest import GAME_NAMES
from engine.rng import Rng
from search.base import Budget

RANDOM = SeatSpec("random")


def ai_session(registry, game_name, state=None, seat=0, hint=None, seed=11):
    """A session on `state` (default: a new game from `seed`), random AI seats."""
    game = registry.game(game_name)
    if state is None:
        return AiSession.start(registry, game, None, None, seat, seed, [RANDOM], hint)
    hint = hint or SeatSpec("random")
    opponents = {s: RANDOM for s in range(state.num_players) if s != seat}
    return AiSession(registry, game, state, seat, opponents, hint, Rng(1), Rng(2), Rng(3))


def run_ai(session):
    return [event for event in session.advance() if isinstance(event, str)]


def snapshot(session):
    return (
        session.state.to_json(),
        session.dice.getstate(),
        session.seeds.getstate(),
        list(session.log),
        len(session.undo_stack),
    )


# ---- opponents ----------------------------------------------------------------------


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_default_opponent_is_a_strong_searcher_at_about_a_second(registry, game_name):
    game = registry.game(game_name)
    spec = default_spec(registry, game)
    # Leduc keeps its history, so outcome sampling from the hand's start plays it.
    expected = "oos" if game_name == "leduc" else "ismcts" if game.hidden_information else "mcts"
    assert spec.searcher == expected
    assert spec.budget == Budget(movetime_ms=DEFAULT_MOVETIME_MS) and DEFAULT_MOVETIME_MS == 1000


def test_opponents_one_for_all_or_one_per_ai_seat():
    a, b = SeatSpec("random"), SeatSpec("greedy")
    default = SeatSpec("mcts")
    assert assign_opponents([1, 2], [], default) == {1: default, 2: default}
    assert assign_opponents([0, 2], [a], default) == {0: a, 2: a}
    assert assign_opponents([0, 2], [a, b], default) == {0: a, 2: b}
    with pytest.raises(OptionError, match="give one --opponent for all seats or exactly 2, got 3"):
        assign_opponents([0, 2], [a, b, a], default)


def test_the_person_can_take_any_seat_and_the_ai_moves_first(registry):
    session = ai_session(registry, "tictactoe", seat=1)
    assert session.state.current_player() == 0
    lines = run_ai(session)
    assert len(lines) == 1 and lines[0].startswith("seat 0 (random): ")
    assert session.state.current_player() == 1
    with pytest.raises(PlayError, match="your seat must be 0..1"):
        ai_session(registry, "tictactoe", seat=2)


# ---- lines, undo --------------------------------------------------------------------


def test_a_line_of_several_actions_is_one_turn_all_or_nothing(registry):
    session = ai_session(registry, "tictactoe")
    before = snapshot(session)
    with pytest.raises(PlayError, match="your turn ends before it"):
        session.play(["a1", "b1"])  # b1 would be seat 1's move
    assert snapshot(session) == before
    with pytest.raises(PlayError, match="a1..c3"):
        session.play(["nonsense"])
    assert snapshot(session) == before
    session.play(["a1"])
    assert session.log == ["you (seat 0): put an X on a1"] and len(session.undo_stack) == 1


def test_an_illegal_action_changes_nothing(registry):
    session = ai_session(registry, "tictactoe")
    session.play(["b2"])
    run_ai(session)
    before = snapshot(session)
    with pytest.raises(PlayError, match="illegal action b2"):
        session.play(["b2"])
    assert snapshot(session) == before


def test_undo_goes_back_to_the_previous_decision_and_rolls_new_dice(registry):
    session = ai_session(registry, "pig", seed=4)
    start = snapshot(session)
    session.play(["hold"])
    first = run_ai(session)
    assert first and all(line.startswith(("seat 1", "chance")) for line in first)
    taken = session.undo()
    assert taken == ["you (seat 0): hold with nothing to bank"] + first
    # The position, the log and the AI's seeds come back; the dice do not rewind,
    # since the rolls still to come were never the person's to know.
    assert snapshot(session)[0] == start[0] and snapshot(session)[2:] == start[2:]
    replays = set()
    for _ in range(20):
        session.play(["hold"])
        replays.add(tuple(run_ai(session)))
        session.undo()
    assert len(replays) > 1, "an undo must not replay the same rolls every time"
    with pytest.raises(PlayError, match="nothing to undo"):
        ai_session(registry, "pig").undo()


def test_the_game_over_keeps_undo_and_refuses_moves(registry):
    # X to play c1 and win at once.
    state = registry.game("tictactoe").from_dict(
        {"game": "tictactoe", "board": [0, 0, -1, 1, 1, -1, -1, -1, -1], "to_move": 0}
    )
    session = ai_session(registry, "tictactoe", state=state)
    session.play(["c1"])
    assert session.is_over()
    with pytest.raises(PlayError, match="the game is over"):
        session.play(["c2"])
    with pytest.raises(PlayError, match="nothing to hint"):
        session.hint()
    session.undo()
    assert not session.is_over() and session.legal_texts() == ["c1", "c2", "a3", "b3", "c3"]


# ---- hints --------------------------------------------------------------------------


def test_hints_rank_decisions_and_give_a_reason_for_a_winning_move(registry):
    state = registry.game("tictactoe").from_dict(
        {"game": "tictactoe", "board": [0, 0, -1, 1, 1, -1, -1, -1, -1], "to_move": 0}
    )
    session = ai_session(
        registry, "tictactoe", state=state, hint=SeatSpec("mcts", Budget(iterations=400))
    )
    hints = session.hint()
    assert [h.rank for h in hints] == [1, 2, 3]
    assert hints[0].texts == ["c1"] and hints[0].reason == "wins the game"
    assert hints[0].value > hints[1].value and all(0.0 <= h.value <= 1.0 for h in hints)
    assert hints[0].visits > 0
    assert len(session.hint(1)) == 1


def test_hints_come_only_from_the_seats_view(registry):
    """Two deals that differ only in the opponent's card give seat 0 the same hints."""
    game = registry.game("leduc")
    answers = []
    for other in ("Qs", "Kh", "Jh"):
        state = game.from_dict(
            {
                "game": "leduc",
                "private": ["Ks", other],
                "public": None,
                "history": [[], []],
                "contributions": [1, 1],
                "to_move": 0,
            }
        )
        session = ai_session(
            registry, "leduc", state=state, hint=SeatSpec("ismcts", Budget(iterations=300))
        )
        answers.append([(h.texts, h.value, h.visits, h.reason) for h in session.hint()])
    assert answers[0] == answers[1] == answers[2]
    assert {tuple(texts) for texts, *_ in answers[0]} == {("call",), ("raise",)}


# ---- save files ---------------------------------------------------------------------


def played_session(registry, tmp_path):
    session = ai_session(registry, "pig", seed=9)
    for _ in range(3):
        session.play(["roll"] if session.legal_texts() == ["roll", "hold"] else ["hold"])
        run_ai(session)
    path = tmp_path / "game.json"
    savefile.save(session, str(path))
    return session, path


def test_save_and_load_keep_the_position_the_history_and_the_options(registry, tmp_path):
    session, path = played_session(registry, tmp_path)
    loaded = savefile.load(registry, str(path))
    assert isinstance(loaded, AiSession)
    assert loaded.to_save() == session.to_save()
    assert loaded.opponents == session.opponents and loaded.hint_spec == session.hint_spec
    # The undo history came along, and the game goes on the same way.
    assert loaded.undo() == session.undo()
    assert loaded.to_save() == session.to_save()
    session.play(["hold"])
    loaded.play(["hold"])
    assert run_ai(loaded) == run_ai(session)


def corrupt(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


CORRUPTIONS = {
    "not a save": (lambda d: d.update(format="something-else"), "not a cadenza play save file"),
    "future version": (lambda d: d.update(version=2), "save format version 2"),
    "unknown mode": (lambda d: d.update(mode="vr"), "mode must be one of"),
    "unknown game": (lambda d: d.update(game="chess"), "unknown game: chess"),
    "players": (lambda d: d.update(players=5), "pig takes 2-2 players"),
    "seat": (lambda d: d.update(seat=2), "seat must be in 0..1"),
    "state of another game": (lambda d: d.update(state={"game": "tictactoe"}), "a pig state needs"),
    "bad state": (lambda d: d["state"].update(turn_total=-5), "turn_total"),
    "opponent seats": (lambda d: d.update(opponents={}), "opponents must name seats 1"),
    "opponent searcher": (
        lambda d: d["opponents"].update({"1": "nobody"}),
        "unknown searcher: nobody",
    ),
    "hint option": (lambda d: d.update(hint="mcts:zz=1"), "has no option zz"),
    "dice": (lambda d: d.update(dice=[0, 0, 0, 0]), "dice: an Rng state is four integers"),
    "seeds": (lambda d: d.update(seeds=[1, 2, 3]), "seeds must be a list of four 64-bit integers"),
    "log": (lambda d: d.update(log=[1]), "log must be a list of strings"),
    "undo state": (lambda d: d["undo"][0].update(state=[]), "a state is a JSON object"),
    "undo log": (lambda d: d["undo"][0].update(log_len=10**6), "log_len must be in"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_bad_save_file_is_refused_with_one_line(registry, tmp_path, name):
    session, path = played_session(registry, tmp_path)
    change, message = CORRUPTIONS[name]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(corrupt(json.loads(path.read_text()), change)))
    with pytest.raises(PlayError) as info:
        savefile.load(registry, str(bad))
    text = str(info.value)
    assert message in text and "\n" not in text and text.startswith(f"cannot load {bad}: ")


def test_unreadable_files(registry, tmp_path):
    for content, message in (
        ("{", "not JSON"),
        ("[" * 100_000, "not JSON"),
        ("[]", "not a cadenza"),
    ):
        path = tmp_path / "x.json"
        path.write_text(content)
        with pytest.raises(PlayError, match=message):
            savefile.load(registry, str(path))
    with pytest.raises(PlayError, match="No such file"):
        savefile.load(registry, str(tmp_path / "missing.json"))
    session = ai_session(registry, "tictactoe")
    with pytest.raises(PlayError, match="cannot save to"):
        savefile.save(session, str(tmp_path / "no-such-dir" / "x.json"))


def test_a_game_gives_its_own_reasons_through_its_hook(registry):
    """Pig's State.hint_reason says what holding banks and what rolling risks."""
    state = registry.game("pig").from_dict(
        {
            "game": "pig",
            "variant": "target100",
            "scores": [40, 70],
            "turn_total": 12,
            "to_move": 0,
            "rolling": False,
        }
    )
    session = ai_session(
        registry, "pig", state=state, hint=SeatSpec("mcts", Budget(iterations=300))
    )
    reasons = {tuple(h.texts): h.reason for h in session.hint()}
    assert reasons == {
        ("roll",): "plays on: a 1 (one roll in 6) loses the 12 at stake",
        ("hold",): "banks 12: 40 -> 52, 48 to go",
    }
    near = registry.game("pig").from_dict(
        {
            "game": "pig",
            "variant": "target100",
            "scores": [95, 70],
            "turn_total": 5,
            "to_move": 0,
            "rolling": False,
        }
    )
    session = ai_session(registry, "pig", state=near, hint=SeatSpec("mcts", Budget(iterations=50)))
    assert [(h.texts, h.reason) for h in session.hint()] == [
        (["hold"], "banks 5 to reach 100: the win")
    ]
