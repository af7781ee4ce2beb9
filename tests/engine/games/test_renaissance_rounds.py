"""Maestro: da Vinci vs Michelangelo: what the seed and the spec count, counted in
whole games played through (seeded random moves, on both implementations): the
setup's draws, the rounds, the cards dealt and set aside each round, and the order
of the turns. The expected numbers are renaissance_spec.py's, not the engine's."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

import renaissance_spec as spec
from engine.game import random_action
from engine.games.renaissance.reference import RenaissanceReference
from engine.games.renaissance.state import RenaissanceState
from engine.rng import Rng


@dataclass(frozen=True)
class Step:
    round: int  # 1..4
    setup: bool  # part of the setup (it includes round 1's draw)
    first: int | None
    seat: int  # who acted; for a card dealt or shown, the Workshop it went to
    action: str


def receiver(before: dict, after: dict, pile: str) -> int:
    """The Workshop whose `pile` ("hand", "display") a chance card went to."""
    sizes = [[sum(ws[pile].values()) for ws in data["workshops"]] for data in (before, after)]
    return next(s for s in (0, 1) if sizes[1][s] > sizes[0][s])


def play_through(cls, seed: int):
    """A whole seeded random game: its steps, and the hands and set-aside cards just
    before each round's first card is played."""
    state, rng = cls.new_initial(2, "standard"), Rng(seed)
    steps, kept = [], {}
    while not state.is_terminal():
        data = state.to_dict()
        action = random_action(state, rng)
        name, setup = state.action_to_str(action), state.is_setup()
        state.apply(action)
        after = state.to_dict()
        seat = data["to_move"]
        if name.startswith("deal:"):
            seat = receiver(data, after, "hand")
        elif name.startswith("refill:") and setup:
            seat = receiver(data, after, "display")
        if "@" in name and data["round"] not in kept:
            kept[data["round"]] = [
                (sum(ws["hand"].values()), sum(ws["aside"].values())) for ws in data["workshops"]
            ]
        steps.append(Step(data["round"], setup, data["first"], seat, name))
    return steps, kept, state


@pytest.fixture(
    scope="module",
    params=[
        (RenaissanceState, 11),
        (RenaissanceReference, 11),
        (RenaissanceState, 12),
        (RenaissanceReference, 12),
    ],
    ids=["compiled-11", "reference-11", "compiled-12", "reference-12"],
)
def game(request):
    return play_through(*request.param)


def of_kind(steps, prefix: str):
    return [step for step in steps if step.action.startswith(prefix)]


def card_plays(steps):
    return [step for step in steps if "@" in step.action]


def test_the_game_lasts_four_rounds(game):
    # Spec 0 [source: planszeo]: "Most VP after 4 rounds wins"; the seed's
    # "1 / 1 / 2 / 2 in rounds 1 / 2 / 3 / 4"; 9: "4 rounds x 16 card turns = 64 turns".
    steps, _, state = game
    assert state.is_terminal()
    assert len(card_plays(steps)) == spec.ROUNDS * spec.TURNS_PER_ROUND == 64
    assert sorted({step.round for step in card_plays(steps)}) == list(range(1, spec.ROUNDS + 1))


def test_the_setup_lays_out_tiles_patronesses_displays_and_a_first_player(game):
    # 2 [assumed]: Study Bonus tiles on 6 spaces, 2 Patronesses revealed, each
    # Upgrade display filled to 3, a first player chosen at random.
    steps, _, _ = game
    setup = [step for step in steps if step.setup]
    assert len(of_kind(setup, "bonus:")) == spec.BONUS_TILES
    assert len(of_kind(setup, "patroness:")) == spec.PATRONESSES
    assert Counter(step.seat for step in of_kind(setup, "refill:")) == {
        0: spec.DISPLAY,
        1: spec.DISPLAY,
    }
    assert len(of_kind(setup, "first:")) == 1
    # Round 1's draw ends the setup; later draws are not part of it.
    assert {step.round for step in of_kind(setup, "deal:")} == {1}


def test_each_workshop_is_dealt_eight_cards_a_round(game):
    # 3.1 [assumed]: "Each Workshop shuffles its whole 12-card deck (chance) and
    # draws 8."
    steps, _, _ = game
    dealt = Counter((step.round, step.seat) for step in of_kind(steps, "deal:"))
    assert dealt == {(r, s): spec.DRAW for r in range(1, spec.ROUNDS + 1) for s in (0, 1)}


def test_each_workshop_keeps_five_and_sets_three_aside_first_player_first(game):
    # 3.1 [assumed]: "The owner keeps 5 in hand and sets 3 aside"; 8.A: resolved in
    # first-player order.
    steps, kept, _ = game
    assert kept == {
        r: [(spec.HAND, spec.ASIDE), (spec.HAND, spec.ASIDE)] for r in range(1, spec.ROUNDS + 1)
    }
    for r in range(1, spec.ROUNDS + 1):
        asides = [step for step in of_kind(steps, "aside:") if step.round == r]
        first = asides[0].first
        assert [step.seat for step in asides] == [first, 1 - first]
        assert all(len(step.action[len("aside:") :].split("+")) == spec.ASIDE for step in asides)


def test_turns_alternate_from_the_first_player_who_passes_each_round(game):
    # 3.2 [assumed]: "Starting with the first player, Workshops alternate single
    # turns until both have played all 8 cards (16 turns per round)"; 2.6 and 3.3
    # step 5: the first player alternates every round.
    steps, _, _ = game
    firsts = []
    for r in range(1, spec.ROUNDS + 1):
        plays = [step for step in card_plays(steps) if step.round == r]
        first = plays[0].first
        assert len(plays) == spec.TURNS_PER_ROUND
        assert [step.seat for step in plays] == [first, 1 - first] * (spec.TURNS_PER_ROUND // 2)
        firsts.append(first)
    assert firsts == [firsts[0], 1 - firsts[0]] * (spec.ROUNDS // 2)
