"""Table mode below the terminal: the person types every draw and move, the session
keeps only the seat's observation, hidden draws are skipped, revealed cards are
typed, and hints come from the seat's own view."""

import json
import random

import pytest

from cli.play import savefile
from cli.play.errors import PlayError
from cli.play.reveal import expand_short, text_of
from cli.play.table import TableSession
from cli.specs import SeatSpec
from conftest import GAME_NAMES
from search.base import Budget

CARDS = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
# Inputs typed into a long game at a table (the short ones reach their end).
TABLE_INPUTS = 150


def table(registry, game_name, seat=0, seed=3, hint=None):
    game = registry.game(game_name)
    return TableSession.start(registry, game, None, None, seat, seed, hint or SeatSpec("random"))


def cards_in(data) -> set:
    text = json.dumps(data)
    return {card for card in CARDS if f'"{card}"' in text or f"={card}" in text}


def test_leduc_typed_deal_decides_the_state_and_the_hidden_deal_is_skipped(registry):
    session = table(registry, "leduc")
    assert session.legal_texts() == list(CARDS), "seat 0's own card is typed first"
    session.play(["Qh"])
    assert session.log == [
        "chance: seat 0 is dealt the queen of hearts",
        "chance: seat 1 is dealt a card",
    ]
    assert session.info["own"] == "Qh" and session.info["dealt"] == 2
    assert session.info["opponent"] is None
    assert session.legal_texts() == ["call", "raise"]
    # Nothing in the session's memory names a card the seat has not seen.
    assert cards_in(session.to_save()) == {"Qh"}


def test_leduc_seat_one_types_its_card_after_the_hidden_one(registry):
    session = table(registry, "leduc", seat=1)
    # Seat 0's card comes first and seat 1 cannot see it: skipped at once.
    assert session.log == ["chance: seat 0 is dealt a card"]
    session.play(["Js"])
    assert session.info["own"] == "Js"
    assert "Seat 0 to move" in session.situation()


def test_every_unseen_card_can_be_typed_as_the_public_card(registry):
    """The worlds sampled for the hidden opponent card may hold the typed card; the
    session finds a world where it fits instead of refusing it."""
    for public in ("Js", "Jh", "Qs", "Ks", "Kh"):
        session = table(registry, "leduc", seed=len(public) + ord(public[0]))
        session.play(["Qh", "call", "call"])
        assert session.situation().startswith("Chance")
        assert session.legal_texts() == [c for c in CARDS if c != "Qh"]
        session.play([public])
        assert session.info["public"] == public
    with pytest.raises(PlayError, match="Qh is not a possible outcome here"):
        session = table(registry, "leduc")
        session.play(["Qh", "call", "call", "Qh"])


def test_illegal_moves_and_wrong_turns_change_nothing(registry):
    session = table(registry, "leduc")
    session.play(["Ks"])
    before = (json.dumps(session.info), list(session.log), len(session.undo_stack))
    for line, message in (
        (["fold"], "fold is not legal for you here"),
        (["Kh"], "not legal for you here"),
        (["bet"], "a Leduc action is fold, call, raise or a card"),
        (["call", "raise", "raise", "raise"], "seat 1 cannot play raise in any position"),
    ):
        with pytest.raises(PlayError, match=message):
            session.play(line)
        assert (json.dumps(session.info), list(session.log), len(session.undo_stack)) == before


def test_hints_only_for_the_own_seat_and_only_from_its_view(registry):
    session = table(registry, "leduc", hint=SeatSpec("ismcts", Budget(iterations=200)))
    with pytest.raises(PlayError, match="hints are for your own seat"):
        session.hint()  # a chance event: the deal
    session.play(["Ks", "raise"])
    with pytest.raises(PlayError, match=r"hints are for your own seat \(0\)"):
        session.hint()
    session.play(["call", "Kh"])
    hints = session.hint()
    assert {h.texts[0] for h in hints} == {"call", "raise"}
    # The session never held the opponent's card: its whole memory is seat 0's view.
    assert session.info["opponent"] is None
    assert cards_in(session.to_save()) == {"Ks", "Kh"}


def test_a_showdown_asks_for_the_revealed_card(registry):
    session = table(registry, "leduc")
    session.play(["Qh", "call", "call", "Ks", "raise", "call"])
    assert session.reveal is not None and session.reveal.paths == ["opponent"]
    assert "reveals opponent" in session.situation()
    offered = session.legal_texts()
    assert set(offered) <= {"Js", "Jh", "Qs", "Kh"} and len(offered) >= 3
    with pytest.raises(PlayError, match="first type what was revealed"):
        session.hint()
    with pytest.raises(PlayError, match="first type what was revealed"):
        session.to_save()
    with pytest.raises(PlayError, match="does not fit the game"):
        session.play(["Ks"])  # the public card cannot be the opponent's
    assert session.reveal is not None and session.reveal.values == {}
    session.play(["Kh"])
    assert session.reveal is None and session.is_over()
    assert session.info["opponent"] == "Kh"
    assert session.log[-1] == "revealed: opponent=Kh"
    scores, returns = session.known_result()
    assert scores == [-5, 5] and returns[1] > returns[0]  # ante 1 + a raise of 4


def test_a_fold_reveals_nothing(registry):
    session = table(registry, "leduc")
    session.play(["Qh", "raise", "fold"])
    assert session.reveal is None and session.is_over()
    assert session.known_result() == (
        [1, -1],
        [pytest.approx(0.5 + 1 / 26), pytest.approx(0.5 - 1 / 26)],
    )


def test_pig_dice_typed_at_the_table_decide_the_turns(registry):
    session = table(registry, "pig")
    session.play(["roll"])
    assert session.situation().startswith("Chance")
    assert session.legal_texts() == ["d1", "d2", "d3", "d4", "d5", "d6"]
    session.play(["d5", "roll", "d6"])
    assert session.info["turn_total"] == 11 and session.info["to_move"] == 0
    session.play(["roll", "d1"])
    assert session.info["turn_total"] == 0 and session.info["to_move"] == 1
    session.play(["roll", "d6", "hold"])
    assert session.info["scores"] == [0, 6] and session.info["to_move"] == 0
    session.undo()
    assert session.info["scores"] == [0, 0] and session.info["to_move"] == 1


def test_table_save_and_load(registry, tmp_path):
    session = table(registry, "leduc", seed=8)
    session.play(["Js", "raise"])
    session.play(["call"])
    path = tmp_path / "table.json"
    savefile.save(session, str(path))
    loaded = savefile.load(registry, str(path))
    assert isinstance(loaded, TableSession)
    assert loaded.to_save() == session.to_save()
    assert loaded.undo() == session.undo() == ["seat 1: call 2 chips"]
    assert loaded.info == session.info
    data = json.loads(path.read_text())
    data["info"]["own"] = "Kh"  # an own card that does not match the undo history is fine,
    data["info"]["dealt"] = 7  # but a view the game refuses is not
    path.write_text(json.dumps(data))
    with pytest.raises(PlayError, match="cannot load .*dealt"):
        savefile.load(registry, str(path))


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_every_game_can_be_followed_at_a_table(registry, game_name):
    """Random typed outcomes, moves and reveals, for every registered game, to the
    end or for TABLE_INPUTS inputs (long games): the session always offers something
    to type and accepts it."""
    rng = random.Random(game_name)
    session = table(registry, game_name, seed=5)
    for _ in range(TABLE_INPUTS):
        if session.is_over() and session.reveal is None:
            break
        if session.reveal is not None:
            # What one possible world shows: a reveal that fits together.
            session.play([text_of(v) for v in rng.choice(session.reveal.samples)])
            continue
        offered = session.legal_texts()
        assert offered, session.situation()
        session.play([rng.choice(offered)])
    if session.is_over():
        scores, returns = session.known_result()
        assert len(returns) == session.players
    else:
        assert len(session.undo_stack) == TABLE_INPUTS, "every input was taken"


def test_short_forms_are_accepted_in_any_case(registry):
    # Maestro's bag draws are offered as tile:<name>; the name alone will do.
    session = table(registry, "maestro", seed=1)
    session.play(["PASS", "draw1"])
    assert "tile:violin" in session.legal_texts()
    session.play(["Violin"])
    assert session.log[-1].startswith("chance: ") and "violin" in session.log[-1]
    assert session.situation().startswith("Your move")
    session.undo()
    session.play(["tile:VIOLIN"])
    assert "violin" in session.log[-1]
    with pytest.raises(PlayError):
        session.play(["viol"])  # not a whole name: refused, nothing changed
    # Leduc's cards and bets, and a revealed card, in lower or upper case.
    leduc = table(registry, "leduc")
    leduc.play(["qh", "CALL", "call", "ks", "Raise", "call"])
    assert leduc.reveal is not None and "kh" not in leduc.reveal.seen("opponent")
    leduc.play([leduc.reveal.seen("opponent")[0].lower()])
    assert leduc.reveal is None and leduc.info["opponent"] in CARDS


def test_expand_short_picks_the_one_offered_text_a_token_stands_for():
    offered = ["tile:violin", "tile:viola", "Kh", "pass"]
    assert expand_short("violin", offered) == "tile:violin"
    assert expand_short("KH", offered) == "Kh"
    assert expand_short("Pass", offered) == "pass"
    assert expand_short("viol", offered) == "viol"  # no whole match: left for the game to refuse
    assert expand_short("x", ["a:x", "b:x"]) == "x"  # two fit: ambiguous, unchanged
