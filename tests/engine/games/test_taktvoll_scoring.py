"""Takt Voll's scoring, stated a second time: a score sheet kept from the actions
alone (what the seed's scorer writes on the pad), checked against both
implementations' scores and returns over random games. The sheet knows nothing of
the engine but the notation of its actions; its rules are taktvoll_spec.py's."""

from __future__ import annotations

from hypothesis import given, settings

from engine.rng import Rng
from taktvoll_spec import (
    BAR_LINES_DEALT,
    PURE_INTERVALS,
    bar_points,
    final_score,
    parts,
    plain,
    staff_position,
    win_shares,
)
from test_taktvoll import IMPLEMENTATIONS
from test_taktvoll_properties import configs, random_step


class ScoreSheet:
    """The table as the actions build it: rows of card names, every hand, the points."""

    def __init__(self, players: int, variant: str):
        self.players, self.variant = players, variant
        self.hands = [["bar"] * BAR_LINES_DEALT[players] for _ in range(players)]
        self.rows: list[list[str]] = []
        self.points = [0] * players
        self.dealt = 0
        self.mover = -1

    def record(self, seat: int, action: str, setup: bool) -> None:
        """Note one action in notation; `seat` chose it (-1: chance did)."""
        if seat >= 0:
            self.mover = seat
        if action.startswith("+"):
            self.take(action[1:], setup)
        elif "@" in action or action == "clef":
            self.play(action.partition("@"))

    def take(self, card: str, setup: bool) -> None:
        # The deal goes one card at a time round the table from seat 0 (reference.py's
        # setup; §3 deals 5 each); a later card off the deck is the drawer's.
        if setup:
            self.hands[self.dealt % self.players].append(card)
            self.dealt += 1
        else:
            self.hands[self.mover].append(card)

    def play(self, placed: tuple[str, str, str]) -> None:
        card, _, row_number = placed
        self.hands[self.mover].remove(plain(card))
        if card == "clef":
            self.rows.append(["clef"])
            return
        row = self.rows[int(row_number) - 1]
        if card == "bar":
            self.points[self.mover] += bar_points(self.variant, row)  # §6
        elif "variant2" in parts(self.variant) and self.pure_interval(row, card):
            self.points[self.mover] += 1  # §9 Variant 2
        row.append(card)

    @staticmethod
    def pure_interval(row: list[str], card: str) -> bool:
        """The note makes a prime, fourth, fifth or octave with the row's last
        pitched note, rests skipped, across bar lines (§9, T15)."""
        y = staff_position(card)
        before = [p for p in map(staff_position, row[2:]) if p is not None]
        return y is not None and bool(before) and abs(y - before[-1]) in PURE_INTERVALS


@IMPLEMENTATIONS
@settings(max_examples=40)
@given(config=configs)
def test_scores_and_returns_follow_the_score_sheet(cls, config):
    players, variant, seed = config
    state = cls.new_initial(players, variant)
    sheet = ScoreSheet(players, variant)
    rng = Rng(seed)
    while not state.is_terminal():
        setup, seat = state.is_setup(), state.current_player()
        action = state.action_to_str(random_step(state, rng))
        sheet.record(seat, action, setup)
        if not state.is_terminal():
            assert state.scores() == sheet.points, action
    end = state.to_dict()
    assert end["rows"] == sheet.rows
    assert [sorted(h) for h in end["hands"]] == [sorted(h) for h in sheet.hands]
    final = [final_score(p, hand) for p, hand in zip(sheet.points, sheet.hands, strict=True)]
    assert state.scores() == final
    assert state.returns() == win_shares(final)
