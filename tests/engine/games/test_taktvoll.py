"""Takt Voll: one test per rule, each citing the section of shared/rules/takt-voll.md
it checks (§n, Tn for the spec's readings of open questions), on concrete positions
through both implementations (the compiled state and the pure-Python reference).

What each seat sees is tested in test_taktvoll_views.py, invariants over random games
in test_taktvoll_properties.py, and seeded random games through both implementations
in test_differential.py. `make` and `cards` below build positions for all three."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalActionError, StateFormatError
from engine.games import taktvoll
from engine.games.taktvoll.actions import play_action
from engine.games.taktvoll.reference import TaktVollReference
from engine.games.taktvoll.state import TaktVollState
from engine.games.taktvoll.tables import KIND_BY_NAME, KINDS, rules_for
from taktvoll_spec import deck_of, plain

GAME = taktvoll.GAME
IMPLEMENTATIONS = pytest.mark.parametrize(
    "cls", [TaktVollState, TaktVollReference], ids=["compiled", "reference"]
)
BARS8 = "bar*8"  # what each of three seats is dealt


def cards(text: str) -> list[str]:
    """Card names from a short text: "Q*2 H bar*8" is two crotchets, a minim and
    eight bar lines."""
    names = []
    for word in text.split():
        name, _, times = word.partition("*")
        names += [name] * int(times or 1)
    return names


def cards_left(variant: str, texts) -> list[str]:
    """The variant's deck (§2, as taktvoll_spec states it) less the cards named in
    `texts`."""
    left = deck_of(variant)
    left.subtract(plain(name) for text in texts for name in cards(text))
    assert min(left.values()) >= 0, "the hands and rows use more cards than the deck has"
    return sorted(left.elements())


def make(
    cls,
    hands,
    rows=(),
    variant="standard",
    phase="turn",
    turn=0,
    played=None,
    points=None,
    drawn=None,
    bonus_row=None,
    passes=0,
    deck=None,
):
    """A position of implementation `cls` from the cards in each hand (texts for
    `cards`) and on each row; the deck holds the rest of the variant's cards unless
    given. By default the bar lines on the table were played by seat 0; `points`
    must be given when there are any."""
    players = len(hands)
    hand_lists = [cards(h) for h in hands]
    row_lists = [cards(r) for r in rows]
    deck = cards_left(variant, list(hands) + list(rows)) if deck is None else cards(deck)
    on_table = sum(r.count("bar") for r in row_lists)
    if played is None:
        played = [on_table] + [0] * (players - 1)
    if points is None:
        # What closed bars scored is an expected value: the test writes it (§6).
        assert on_table == 0, "a table with bar lines needs its points given"
        points = [0] * players
    data = {
        "game": "taktvoll",
        "variant": variant,
        "players": players,
        "phase": phase,
        "turn": turn,
        "hands": hand_lists,
        "deck": deck,
        "rows": row_lists,
        "points": points,
        "bar_lines_played": played,
        "drawn": drawn,
        "bonus_row": bonus_row,
        "passes": passes,
    }
    return cls.from_dict(data)


def everything_dealt(cls, hands, rows, variant="standard"):
    """A position with an empty deck: seat 0 holds whatever the other hands and the
    rows leave over."""
    left = cards_left(variant, list(hands) + list(rows))
    hands = [hands[0] + " " + " ".join(left)] + list(hands[1:])
    return make(cls, hands, rows=rows, deck="", variant=variant)


def names(state, actions=None):
    """The notation of `actions` (the legal ones by default)."""
    return [state.action_to_str(a) for a in (state.legal_actions() if actions is None else actions)]


def play(state, *moves):
    """Apply moves given in notation, through the checked apply."""
    for move in moves:
        state.apply(state.str_to_action(move))
    return state


def hand_of(state, seat):
    return state.to_dict()["hands"][seat]


# ---- the game record and the notation -------------------------------------------------------


def test_registered_with_its_facts(registry):
    spec = registry.game("taktvoll")
    assert spec is GAME
    assert (spec.min_players, spec.max_players) == (3, 8)  # §1: 3-8 players
    assert spec.chance and spec.hidden_information  # §1: hidden hands, shuffle
    assert spec.reference_class() is TaktVollReference
    assert spec.default_variant == "standard"
    assert {"variant1", "variant2", "variant2+no-14", "variant1+variant2"} <= set(spec.variants)


def test_notation_reads_at_the_table():
    state = TaktVollState.new_initial(3, "variant1")
    texts = [
        "draw",
        "pass",
        "keep",
        "nobar",
        "clef",
        "Q@2",
        "3/4@1",
        "bar@4",
        "QG4@3",
        "QG4~@2",
        "rE@1",
        "+Q",
        "+bar",
        "+QG4",
        "start2",
    ]
    actions = [state.str_to_action(t) for t in texts]
    assert len(set(actions)) == len(actions)
    assert [state.action_to_str(a) for a in actions] == texts
    assert all(0 <= a < state.num_actions for a in actions)
    for bad in (
        "Q@0",
        "Q@5",
        "clef@1",
        "EG4~@1",
        "QB4~@1",
        "Q~@1",
        "+nothing",
        "start8",
        "start01",
        "draw ",
        "",
        "bar",
        "q@0",
        None,
        3,
    ):
        with pytest.raises(IllegalActionError):
            state.str_to_action(bad)
    for bad in (-1, state.num_actions, True, "draw", play_action(0, 1)):
        with pytest.raises(IllegalActionError):
            state.action_to_str(bad)


# ---- §2 components ----------------------------------------------------------------------------


def test_the_deck_has_91_cards_in_five_groups():
    # §2: 4 clefs, 4 time signatures (1/4 2/4 3/4 4/4), 24 bar lines, 11 notes of each
    # of 5 values, 4 rests (one whole, half, quarter and eighth rest [assumed T2]).
    deck = rules_for("standard").composition
    count = {k.name: deck[k.index] for k in KINDS if deck[k.index]}
    assert sum(deck) == 91
    assert count == {
        "clef": 4,
        "1/4": 1,
        "2/4": 1,
        "3/4": 1,
        "4/4": 1,
        "bar": 24,
        "W": 11,
        "H": 11,
        "Q": 11,
        "E": 11,
        "S": 11,
        "rW": 1,
        "rH": 1,
        "rQ": 1,
        "rE": 1,
    }


def test_durations_and_capacities_in_sixteenths():
    # §2 [derived]: semibreve 16 ... semiquaver 1; 1/4 holds 4 ... 4/4 holds 16.
    assert [KIND_BY_NAME[v].duration for v in "WHQES"] == [16, 8, 4, 2, 1]
    assert [KIND_BY_NAME["r" + v].duration for v in "WHQE"] == [16, 8, 4, 2]
    assert [KIND_BY_NAME[f"{b}/4"].capacity for b in (1, 2, 3, 4)] == [4, 8, 12, 16]


def test_pitched_decks_hold_each_value_at_every_staff_position():
    # §2.1 [assumed T3]: in the pitch variants each value has one card at each staff
    # position -1..9; the basic game ignores pitch.
    deck = rules_for("variant1").composition
    for value in "WHQES":
        pitched = [
            k for k in KINDS if k.value == value and k.category == "note" and k.pitch is not None
        ]
        assert sorted(k.pitch for k in pitched if deck[k.index]) == list(range(-1, 10))
        assert all(deck[k.index] == 1 for k in pitched)
        assert deck[KIND_BY_NAME[value].index] == 0
    assert sum(deck) == 91
    assert KIND_BY_NAME["QG4"].pitch == 2 and KIND_BY_NAME["WD4"].pitch == -1


def test_tip1_and_variant2_option_remove_cards():
    # §9 Tip 1: no rests, 87 cards. Variant 2 may drop the 1/4 signature, and one
    # clef with it [assumed T16], leaving 89.
    assert sum(rules_for("no-rests").composition) == 87
    deck = rules_for("variant2+no-14").composition
    assert sum(deck) == 89
    assert deck[KIND_BY_NAME["1/4"].index] == 0 and deck[KIND_BY_NAME["clef"].index] == 3
    for bad in ("variant3", "standard+variant1", "variant1+variant1", "", "variant1+"):
        with pytest.raises(ValueError):
            rules_for(bad)


# ---- §3 setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, each, left, hand, deck",
    [
        (3, 8, 0, 13, 52),
        (4, 6, 0, 11, 47),
        (5, 4, 4, 9, 46),
        (6, 4, 0, 9, 37),
        (7, 3, 3, 8, 35),
        (8, 3, 0, 8, 27),
    ],
)
def test_setup_per_player_count(players, each, left, hand, deck):
    # §3: bar lines dealt equally, leftovers shuffled into the deck, then 5 cards each.
    before = TaktVollState.new_initial(players, "standard").to_dict()
    assert all(h == ["bar"] * each for h in before["hands"])
    assert before["deck"].count("bar") == left
    state = GAME.new_state(players, seed=players)
    data = state.to_dict()
    assert [len(h) for h in data["hands"]] == [hand] * players
    assert len(data["deck"]) == deck
    assert all(h.count("bar") >= each for h in data["hands"])
    assert sum(h.count("bar") for h in data["hands"]) + data["deck"].count("bar") == 24
    assert not state.is_setup() and state.current_player() in range(players)


@IMPLEMENTATIONS
def test_the_deal_is_the_setup_card_by_card_round_the_table(cls):
    # §3 [seed, T12]: five cards each from the shuffled deck on top of the bar lines;
    # every card off the deck is a chance outcome weighted by its count.
    state = cls.new_initial(3, "standard")
    assert state.is_setup() and state.current_player() == -1
    outcomes = dict(state.chance_outcomes())
    assert outcomes[state.str_to_action("+Q")] == pytest.approx(11 / 67)
    assert outcomes[state.str_to_action("+rW")] == pytest.approx(1 / 67)
    assert state.str_to_action("+bar") not in outcomes  # no leftover bar lines with 3
    for i, card in enumerate(["W", "H", "Q", "clef"]):
        play(state, "+" + card)
        assert hand_of(state, i % 3).count(card) >= 1
    assert [len(h) for h in state.to_dict()["hands"]] == [10, 9, 9]
    for _ in range(11):
        play(state, "+E")
    # The whole deal is out: a random seat takes the first turn (§3, engine reading).
    assert state.is_setup() and state.current_player() == -1
    assert state.chance_outcomes() == [
        (state.str_to_action(f"start{s}"), pytest.approx(1 / 3)) for s in range(3)
    ]
    play(state, "start2")
    assert not state.is_setup() and state.current_player() == 2


@IMPLEMENTATIONS
def test_seat0_starts_variant_skips_the_draw_for_the_first_seat(cls):
    # §3: "the youngest player begins"; the seat0-starts variant makes that seat 0.
    state = cls.new_initial(3, "seat0-starts")
    for card in ["E", "S", "Q"] * 5:
        play(state, "+" + card)
    assert not state.is_setup() and state.current_player() == 0


def test_new_state_resolves_the_deal_from_the_seed():
    a, b = GAME.new_state(4, seed=7), GAME.new_state(4, seed=7)
    assert a.to_json() == b.to_json()
    starts = {GAME.new_state(3, seed=s).current_player() for s in range(30)}
    assert starts == {0, 1, 2}
    deals = {json.dumps(GAME.new_state(3, seed=s).to_dict()["hands"]) for s in range(30)}
    assert len(deals) == 30


@IMPLEMENTATIONS
def test_first_turn_offers_only_a_clef_or_a_draw(cls):
    # §5.2, T13: with no row yet only a clef can be played; without one the seat draws.
    state = make(cls, ["clef Q H 4/4 rW " + BARS8, "W*5 " + BARS8, "E*5 " + BARS8])
    assert names(state) == ["draw", "clef"]
    state = make(cls, ["Q H 4/4 rW S " + BARS8, "W*5 " + BARS8, "E*5 " + BARS8])
    assert names(state) == ["draw"]


# ---- §5.1 where a card may go --------------------------------------------------------------------


@IMPLEMENTATIONS
def test_a_clef_opens_a_new_row_up_to_four(cls):
    # §5.1 [seed]: a clef starts a row; there are 4 clefs, so at most 4 rows.
    rows = ["clef", "clef 2/4", "clef 4/4 W"]
    state = make(cls, ["clef Q " + BARS8, "W " + BARS8, "E " + BARS8], rows=rows)
    assert "clef" in names(state)
    play(state, "clef")
    data = state.to_dict()
    assert data["rows"][3] == ["clef"] and len(data["rows"]) == 4
    assert state.current_player() == 1


@IMPLEMENTATIONS
def test_a_time_signature_goes_on_any_row_with_a_clef_and_none_yet(cls):
    # §5.1 [seed] "followed, as the second card, by a type of bar card"; T6: any such row.
    state = make(
        cls, ["3/4 Q " + BARS8, BARS8 + " W", BARS8 + " E"], rows=["clef", "clef 2/4 Q", "clef"]
    )
    assert names(state) == ["draw", "3/4@1", "3/4@3", "Q@2"]
    play(state, "3/4@3")
    assert state.to_dict()["rows"][2] == ["clef", "3/4"]


@IMPLEMENTATIONS
def test_a_bar_never_exceeds_its_time_signature(cls):
    # §5.1 [seed] "can in no way be higher"; §2: a semibreve fits only a 4/4 row, a
    # minim not a 1/4 row, the shorter notes any row.
    rows = ["clef 1/4", "clef 2/4", "clef 3/4 H", "clef 4/4"]
    state = make(cls, ["W H Q E S " + BARS8, BARS8 + " W", BARS8 + " E"], rows=rows)
    assert names(state) == [
        "draw",
        "W@4",
        "H@2",
        "H@4",
        "Q@1",
        "Q@2",
        "Q@3",
        "Q@4",
        "E@1",
        "E@2",
        "E@3",
        "E@4",
        "S@1",
        "S@2",
        "S@3",
        "S@4",
    ]
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(state.str_to_action("W@3"))  # 8 + 16 > 12
    with pytest.raises(IllegalActionError):
        state.apply(state.str_to_action("H@1"))  # 8 > 4
    assert state.to_json() == before


@IMPLEMENTATIONS
def test_a_rest_is_a_joker_of_its_length(cls):
    # §5.1 [seed] rests stand in for the note of the same length.
    rows = ["clef 2/4 Q", "clef 4/4"]
    state = make(cls, ["rH rQ " + BARS8, BARS8 + " W", BARS8 + " E"], rows=rows)
    assert names(state) == ["draw", "rH@2", "rQ@1", "rQ@2"]
    play(state, "rQ@1")
    assert state.to_dict()["rows"][0] == ["clef", "2/4", "Q", "rQ"]


@IMPLEMENTATIONS
def test_a_bar_line_closes_only_an_exactly_full_bar(cls):
    # §5.1 [seed] "a bar line can only be played at the end of a full bar"; a full bar
    # blocks its row until then [derived].
    rows = ["clef 2/4 Q Q", "clef 3/4 Q", "clef 1/4", "clef"]
    state = make(cls, ["S E " + BARS8, BARS8 + " W", BARS8 + " E"], rows=rows)
    assert names(state) == ["draw", "bar@1", "E@2", "E@3", "S@2", "S@3"]
    play(state, "bar@1")
    data = state.to_dict()
    assert data["rows"][0] == ["clef", "2/4", "Q", "Q", "bar"]
    assert data["points"][0] == 2 and data["bar_lines_played"][0] == 1


@IMPLEMENTATIONS
def test_after_a_bar_line_a_new_bar_begins_in_the_same_signature(cls):
    # §5.1 [assumed]: rows never end; the next bar has the same time signature.
    state = make(
        cls,
        ["H Q bar*7", BARS8 + " W", BARS8 + " E"],
        rows=["clef 2/4 Q Q bar"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    )
    assert names(state) == ["draw", "H@1", "Q@1"]


# ---- §5.2 a turn ---------------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_draw_then_only_the_drawn_card_may_be_played(cls):
    # §5.2 [seed]: draw even when a play is possible, then optionally play that card only.
    state = make(cls, ["Q " + BARS8, BARS8 + " W", BARS8 + " E"], rows=["clef 2/4"])
    assert names(state) == ["draw", "Q@1"]
    play(state, "draw")
    assert state.current_player() == -1 and not state.is_setup()
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    play(state, "+E")
    assert state.current_player() == 0
    assert names(state) == ["keep", "E@1"]  # not Q@1: only the drawn card
    play(state, "E@1")
    assert state.to_dict()["rows"][0] == ["clef", "2/4", "E"]
    assert hand_of(state, 0) == ["bar"] * 8 + ["Q"]
    assert state.current_player() == 1


@IMPLEMENTATIONS
def test_keeping_the_drawn_card_ends_the_turn(cls):
    state = make(cls, ["Q " + BARS8, BARS8 + " W", BARS8 + " E"], rows=["clef 2/4"])
    play(state, "draw", "+W")
    assert names(state) == ["keep"]  # a semibreve fits no 2/4 row
    play(state, "keep")
    assert hand_of(state, 0) == ["bar"] * 8 + ["W", "Q"]
    assert state.current_player() == 1


@IMPLEMENTATIONS
def test_pass_only_once_the_deck_is_empty(cls):
    # §5.2, T10: with cards in the deck a seat that does not play must draw.
    hands = ["Q " + BARS8, BARS8 + " W", BARS8 + " E"]
    state = make(cls, hands, rows=["clef 2/4"])
    assert "pass" not in names(state)
    state = everything_dealt(cls, hands, ["clef 2/4"])
    assert names(state)[0] == "pass" and "draw" not in names(state)
    play(state, "pass")
    assert state.to_dict()["passes"] == 1 and state.current_player() == 1


@IMPLEMENTATIONS
def test_a_note_that_fills_its_bar_lets_its_player_add_a_bar_line(cls):
    # §5.2 [seed] the one exception to one card a turn: fill a bar exactly, then
    # close it at once from hand and score it. T8: only that bar.
    rows = ["clef 2/4 Q", "clef 1/4 Q"]  # row 2 is full too
    state = make(cls, ["Q E " + BARS8, BARS8 + " W", BARS8 + " E"], rows=rows)
    play(state, "Q@1")
    assert state.current_player() == 0
    assert names(state) == ["nobar", "bar@1"]
    play(state, "bar@1")
    data = state.to_dict()
    assert data["rows"][0] == ["clef", "2/4", "Q", "Q", "bar"]
    assert data["points"] == [2, 0, 0]
    assert state.current_player() == 1


@IMPLEMENTATIONS
def test_the_bonus_may_be_declined_and_follows_only_a_filling_note(cls):
    state = make(cls, ["Q E " + BARS8, BARS8 + " W", BARS8 + " E"], rows=["clef 2/4 Q"])
    play(state, "E@1")  # 6 of 8: not full, the turn ends
    assert state.current_player() == 1
    state = make(cls, ["Q E " + BARS8, BARS8 + " W", BARS8 + " E"], rows=["clef 2/4 Q"])
    play(state, "Q@1", "nobar")
    assert state.current_player() == 1
    assert state.to_dict()["rows"][0] == ["clef", "2/4", "Q", "Q"]
    # The full bar is now anyone's to close as an ordinary play (T7).
    assert "bar@1" in names(state)


@IMPLEMENTATIONS
def test_the_bonus_follows_a_rest_and_a_drawn_card_too(cls):
    # T9: the drawn card may fill a bar and earn the bonus; rests are notes' jokers.
    state = make(cls, ["W " + BARS8, BARS8 + " W", BARS8 + " E"], rows=["clef 1/4 E"])
    play(state, "draw", "+rE", "rE@1")
    assert names(state) == ["nobar", "bar@1"]
    play(state, "bar@1")
    assert state.to_dict()["points"][0] == 2


@IMPLEMENTATIONS
def test_the_bonus_decision_comes_even_without_a_bar_line_in_hand(cls):
    # Whether a seat holds a bar line can be hidden (§8), so filling a bar always
    # gives its player the bonus decision; without a bar line it is only "nobar".
    rows = ["clef 1/4 " + " ".join(["Q bar"] * 8)]  # 8 bars of 1 card: 8 points (§6)
    state = make(cls, ["Q W", "W " + BARS8, "E " + BARS8], rows=rows, points=[8, 0, 0])
    play(state, "Q@1")
    assert state.current_player() == 0 and names(state) == ["nobar"]


# ---- §6 scoring ----------------------------------------------------------------------------------


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "row, bar, points",
    [
        ("clef 4/4", "W", 1),  # §6: one semibreve = 1 point
        ("clef 3/4", "Q E E E E", 5),  # §6: crotchet + 4 quavers = 5 points
        ("clef 4/4", "S*10 rQ E", 12),  # rests count as cards [assumed T2]
        ("clef 1/4", "S S S S", 4),
    ],
)
def test_a_bar_scores_its_note_and_rest_cards(cls, row, bar, points):
    # §6, T1: the bar line's player scores the number of note and rest cards.
    state = make(cls, ["Q " + BARS8, BARS8 + " W", BARS8 + " E"], rows=[f"{row} {bar}"])
    play(state, "bar@1")
    assert state.scores()[0] == points


@IMPLEMENTATIONS
def test_bars_are_shared_and_score_for_whoever_closes_them(cls):
    # §6 [seed, editor's note]: the bar line's player scores notes others put there.
    state = make(cls, ["Q " + BARS8, "Q H " + BARS8, "E Q " + BARS8], rows=["clef 4/4 H"])
    play(state, "Q@1")  # seat 0: 12 of 16
    play(state, "draw", "+S", "keep")
    play(state, "Q@1")  # seat 2 fills the bar: its bonus
    play(state, "nobar")
    play(state, "draw", "+S", "keep")  # seat 0
    play(state, "bar@1")  # seat 1 closes the bar the others filled
    assert state.scores() == [0, 3, 0]


@IMPLEMENTATIONS
@pytest.mark.parametrize("variant, points", [("score-beats", 3), ("score-units16", 12)])
def test_other_bar_scores_as_named_variants(cls, variant, points):
    # T1 alternatives: beats (crotchets) or sixteenths instead of cards.
    state = make(
        cls,
        ["Q " + BARS8, BARS8 + " W", BARS8 + " E"],
        rows=["clef 3/4 Q E E E E"],
        variant=variant,
    )
    play(state, "bar@1")
    assert state.scores()[0] == points


@IMPLEMENTATIONS
def test_end_penalties_count_bar_lines_double(cls):
    # §6 [seed]: -1 a card left in hand, -2 a bar line. Seat 0 plays its last card,
    # which ends the game (§7). The 8 closed bars of row 2 scored 14 points.
    closed = "clef 1/4 " + "Q bar " * 5 + "E E bar S S S S bar S S E bar"
    state = make(
        cls,
        ["bar", "Q bar*7 S", "W E bar*8"],
        rows=["clef 2/4 Q Q", closed],
        played=[7, 1, 0],
        points=[12, 2, 0],
    )
    play(state, "bar@1")
    assert state.is_terminal()
    # seat 0: 12 + 2 = 14; seat 1: 2 - 9 cards - 7 bar lines; seat 2: 0 - 10 - 8
    assert state.scores() == [14, -14, -18]
    assert state.returns() == [1.0, 0.0, 0.0]


@IMPLEMENTATIONS
def test_a_tie_shares_the_win(cls):
    # [assumed T18] ties are shared. Variant 2 lets seats hold points without having
    # closed a bar (interval bonuses); score-units16 makes each 4/4 bar worth 16.
    closed = "clef 4/4 " + " ".join(f"W{p} bar" for p in ("D4", "E4", "F4", "G4", "A4", "B4", "C5"))
    state = make(
        cls,
        ["bar", BARS8, BARS8],
        rows=[closed, "clef 2/4 HD4"],
        variant="variant2+score-units16",
        played=[7, 0, 0],
        points=[40, 64, 8],
    )
    play(state, "bar@2")
    assert state.is_terminal()
    assert state.scores() == [48, 48, -8]
    assert state.returns() == [0.5, 0.5, 0.0]


# ---- §7 the end ----------------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_the_game_ends_at_once_when_a_hand_empties_after_the_whole_turn(cls):
    # §7 [seed], T14: checked after the turn, bonus bar line included.
    rows = ["clef 1/4 " + " ".join(["Q bar"] * 7)]  # 7 bars of 1 card: 7 points (§6)
    state = make(cls, ["Q bar", BARS8 + " W", BARS8 + " E"], rows=rows, points=[7, 0, 0])
    play(state, "Q@1")
    assert not state.is_terminal() and names(state) == ["nobar", "bar@1"]
    play(state, "bar@1")
    assert state.is_terminal()
    # Filling with the very last card leaves nothing to decide: the game ends.
    rows = ["clef 1/4 " + " ".join(["Q bar"] * 8)]
    state = make(cls, ["Q", BARS8 + " W", BARS8 + " E"], rows=rows, points=[8, 0, 0])
    play(state, "Q@1")
    assert state.is_terminal() and state.legal_actions() == []


@IMPLEMENTATIONS
def test_the_game_ends_when_every_seat_passes_in_a_row(cls):
    # §7, T10: with the deck empty, n consecutive passes end the game; a play in
    # between starts the count again.
    state = everything_dealt(cls, ["Q " + BARS8, "W " + BARS8, "W " + BARS8], ["clef 2/4"])
    play(state, "pass", "pass")
    assert state.to_dict()["passes"] == 2 and not state.is_terminal()
    assert state.current_player() == 2
    state = everything_dealt(cls, ["Q " + BARS8, "W " + BARS8, "E " + BARS8], ["clef 2/4"])
    play(state, "pass", "pass", "E@1")
    assert state.to_dict()["passes"] == 0
    play(state, "pass", "pass")
    assert not state.is_terminal()
    play(state, "pass")
    assert state.is_terminal()


# ---- §9 the official variants --------------------------------------------------------------------


@IMPLEMENTATIONS
def test_variant1_keeps_consecutive_notes_within_a_third(cls):
    # §9 Variant 1 [seed]: at most a third (2 staff steps) between consecutive notes of
    # a row; rests are skipped, bar lines do not reset it [assumed T15].
    rows = ["clef 2/4 QG4 rQ bar", "clef 1/4"]
    hand = "EA4 EB4 EC5 ED4 EE4 EF4 bar*7"
    state = make(
        cls, [hand, BARS8 + " WD4", BARS8 + " WE4"], rows=rows, variant="variant1", points=[2, 0, 0]
    )  # the closed bar's 2 cards (§6)
    # Row 1 continues from G4 (y=2): E4..B4 (y 0..4) fit; D4 (y=-1) and C5 (y=5) are
    # 3 steps away. Row 2 has no note yet: every note is free (first note of a row).
    legal = names(state)
    assert [a for a in legal if a.endswith("@1")] == ["EE4@1", "EF4@1", "EA4@1", "EB4@1"]
    assert len([a for a in legal if a.endswith("@2")]) == 6


@IMPLEMENTATIONS
def test_turning_a_card_round_mirrors_its_pitch(cls):
    # §2.1 [seed, assumed T4]: semibreves, minims and crotchets may be turned (y -> 8-y),
    # quavers and semiquavers not; a card on the middle line reads the same.
    rows = ["clef 4/4"]
    hand = "QG4 QB4 EG4 " + BARS8
    state = make(cls, [hand, BARS8 + " WD4", BARS8 + " WE4"], rows=rows, variant="variant2")
    assert names(state) == ["draw", "QG4@1", "QG4~@1", "QB4@1", "EG4@1"]
    play(state, "QG4~@1")
    assert state.to_dict()["rows"][0] == ["clef", "4/4", "QG4~"]
    basic = make(cls, ["Q E " + BARS8, BARS8 + " W", BARS8 + " E"], rows=rows)
    assert names(basic) == ["draw", "Q@1", "E@1"]  # no pitch, nothing to turn
    fixed = make(
        cls, [hand, BARS8 + " WD4", BARS8 + " WE4"], rows=rows, variant="variant2+no-turning"
    )
    assert "QG4~@1" not in names(fixed)


@IMPLEMENTATIONS
def test_variant1_may_be_met_by_turning_a_card(cls):
    # §9 [assumed]: a rotatable card may pick whichever orientation keeps the step rule.
    # G4 (y=2) turned reads D5 (y=6); after a D5 only the turned card fits.
    state = make(
        cls,
        ["QG4 " + BARS8, BARS8 + " WD4", BARS8 + " WE4"],
        rows=["clef 4/4 ED5"],
        variant="variant1",
    )
    assert names(state) == ["draw", "QG4~@1"]


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "note, bonus",
    [
        ("EG4", 1),
        ("EC5", 1),
        ("ED5", 1),
        ("EG5", 1),
        ("ED4", 1),
        ("EA4", 0),
        ("EB4", 0),
        ("EF4", 0),
    ],
)
def test_variant2_scores_primes_fourths_fifths_and_octaves(cls, note, bonus):
    # §9 Variant 2 [seed]: +1 at once for a prime (0 steps), fourth (3), fifth (4) or
    # octave (7) with the previous pitched note of the row, rests skipped. From G4
    # (y=2): G4 prime, C5 fourth, D5 fifth, G5 octave, D4 a fourth down; A4, B4, F4
    # are seconds and thirds.
    state = make(
        cls,
        [f"{note} " + BARS8, BARS8 + " WD4", BARS8 + " WE4"],
        rows=["clef 4/4 QG4 rE"],
        variant="variant2",
    )
    play(state, f"{note}@1")
    assert state.scores()[0] == bonus


@IMPLEMENTATIONS
def test_variant1_plus_2_leaves_only_primes_to_score(cls):
    # §9 [assumed]: combined, a third at most, so only a prime earns the bonus.
    state = make(
        cls,
        ["EG4 EA4 EC5 " + BARS8, BARS8 + " WD4", BARS8 + " WE4"],
        rows=["clef 4/4 QG4"],
        variant="variant1+variant2",
    )
    assert names(state) == ["draw", "EG4@1", "EA4@1"]
    play(state, "EG4@1")
    assert state.scores()[0] == 1


# ---- loading positions ---------------------------------------------------------------------------


def base_state_dict():
    return make(
        TaktVollState,
        ["Q H bar*7", "E " + BARS8, "W " + BARS8],
        rows=["clef 2/4 Q Q bar Q", "clef"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    ).to_dict()


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["hands"][0].append("Q"), "there are"),  # a card too many
        (lambda d: d["deck"].remove("W"), "there are"),  # a card lost
        (lambda d: d["rows"][0].insert(2, "W"), "exceeds"),  # 16 in a 2/4 bar
        (lambda d: d["rows"][1].append("Q"), "time signature follows"),
        (lambda d: d["rows"].append(["3/4"]), "start with a clef"),
        (lambda d: d["rows"][0].insert(3, "bar"), "not exactly full"),
        (lambda d: d.update(points=[3, 0, 0]), "points add up"),
        (lambda d: d.update(points=[0, 2, 0]), "without having played"),
        (lambda d: (d["hands"][1].remove("bar"), d["hands"][0].append("bar")), "dealt 8 bar lines"),
        (lambda d: d.update(phase="after-draw", drawn="W"), "drawn card is in"),
        (lambda d: d.update(drawn="Q"), "drawn is set only"),
        (lambda d: d.update(phase="bonus", bonus_row=0), "full bar"),
        (lambda d: d.update(passes=1), "deck is empty"),
        (lambda d: d.update(phase="deal", turn=None), "during the deal"),
        (lambda d: d.update(phase="over"), "game is over only"),
        (lambda d: d.update(variant="variant9"), "variant"),
        (lambda d: d.update(players=4), "must have 4 items"),
        (lambda d: d["hands"][1].append("QG4"), "no card of the standard deck"),
        (lambda d: d["rows"][0].append("Q~"), "cannot be turned"),
        (lambda d: d.pop("deck"), "deck"),
    ],
)
def test_from_json_rejects_impossible_states(change, message):
    data = base_state_dict()
    assert TaktVollState.from_dict(data).to_dict() == data
    change(data)
    for cls in (TaktVollState, TaktVollReference):
        with pytest.raises(StateFormatError, match=message):
            cls.from_json(json.dumps(data))


def test_render_draws_rows_as_bars_and_every_hand():
    state = make(
        TaktVollState,
        ["Q H bar*7", "E " + BARS8, "W " + BARS8],
        rows=["clef 2/4 Q Q bar Q", "clef"],
        played=[1, 0, 0],
        points=[2, 0, 0],
    )
    text = state.render()
    assert "row 1: clef 2/4 Q Q | Q [4/8]" in text
    assert "row 2: clef" in text
    assert "seat 0: 2 pts, 9 cards: barx7 H Q" in text
    assert "seat 0 to move" in text
