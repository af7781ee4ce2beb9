"""Maestro: da Vinci vs Michelangelo: a second, plain statement of the scoring rules,
checked against both implementations over random games.

The model follows a game only through what the record shows (each step's action
name and the state dicts before and after it) and scores it from the seed and the
spec as written in renaissance_spec.py, never from the engine's tables:
card upgrades ([seed] "From your hand: score the old card's Effort in VP. From the
board: score the old card's Publicity in VP. Multiply by 1 / 1 / 2 / 2"), Study
Bonus tiles (1.7), projects (1.8), Publicity and Exhibition at each round end
(3.3), and Patronesses, leftover Resources and the tie-breaks at the end (6).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import renaissance_spec as spec
from engine.game import random_action
from engine.rng import Rng
from test_renaissance import IMPLEMENTATIONS

VARIANTS = ("standard", "check-both", "centerpiece-apart", "random-gray")
# Where no Study reward is still to come in the turn: the model and the engine
# must agree on every score there.
SETTLED_PHASES = {"turn", "projects", "pay", "draw", "aside", "over"}


def centerpieces_of(data: dict, seat: int) -> int:
    return sum(1 for owner in data["centerpieces"].values() if owner == seat)


class ScoreModel:
    """The VP each Workshop should have, followed step by step."""

    def __init__(self):
        self.vp = [0, 0]
        self.publicity = [[], []]  # each board slot's Publicity this round, Gossip x2
        # (seat, slot) of the last card played: an upgrade in a Study always
        # follows its own turn's card.
        self.played = None

    def step(self, before: dict, action: str, after: dict) -> None:
        seat = before["mover"]
        multiplier = spec.UPGRADE_MULTIPLIER[before["round"] - 1]
        if "@" in action:
            self.play_card(seat, *action.split("@"))
        elif action.startswith("up:"):
            self.upgrade_card(seat, before, action, multiplier)
        elif action.startswith("build:"):
            self.vp[seat] += project_vp(action[len("build:") :])
        if seat is not None:
            self.study_tiles(seat, before, after)
        if after["phase"] == "over" or after["round"] != before["round"]:
            self.round_end(before["round"], after)
        if after["phase"] == "over":
            self.final_scoring(after)

    def play_card(self, seat: int, card: str, destination: str) -> None:
        # 5.3 [assumed]: a Gossip card counts twice for Publicity.
        times = spec.GOSSIP_TIMES if destination == "gossip" else 1
        self.publicity[seat].append(spec.card_publicity(card) * times)
        self.played = (seat, len(self.publicity[seat]) - 1)

    def upgrade_card(self, seat: int, before: dict, action: str, multiplier: int) -> None:
        old, new = action[len("up:") :].split(">")
        ws = before["workshops"][seat]
        if not old.startswith("slot"):
            self.vp[seat] += spec.card_effort(old, ws["study"]) * multiplier
            return
        k = int(old[len("slot") :]) - 1
        old_card, destination, _ = ws["board"][k]
        self.vp[seat] += spec.card_publicity(old_card) * multiplier
        # [seed] "Replacing a card on the board changes only this round's Publicity.
        # Upgrading the card you just played changes neither its Publicity nor your
        # Action Points this turn."
        if destination == "gossip":
            self.publicity[seat][k] = spec.card_publicity(new) * spec.GOSSIP_TIMES
        elif self.played != (seat, k):
            self.publicity[seat][k] = spec.card_publicity(new)

    def study_tiles(self, seat: int, before: dict, after: dict) -> None:
        """1.7: every space the marker enters pays its Bonus tile (taken later in the
        turn if the space's own reward is a decision; checked at settled phases)."""
        tiles = after["study_tiles"]
        for space in range(
            before["workshops"][seat]["study"] + 1, after["workshops"][seat]["study"] + 1
        ):
            if space not in spec.BONUS_SPACES:
                continue
            tile = tiles[spec.BONUS_SPACES.index(space)]
            if tile == "vp2":
                self.vp[seat] += spec.BONUS_VP
            elif tile == "vp-cp":
                self.vp[seat] += spec.BONUS_VP_PER_CENTERPIECE * centerpieces_of(after, seat)

    def round_end(self, round_number: int, after: dict) -> None:
        """3.3: Publicity to the higher total, a tie to the Workshop farther on the
        Study track [seed], else nobody; then each Centerpiece scores the Collectors
        (standing or lying) in its Gallery colour's Lodge area."""
        totals = [sum(slots) for slots in self.publicity]
        study = [ws["study"] for ws in after["workshops"]]
        keys = [(totals[s], study[s]) for s in (0, 1)]
        if keys[0] != keys[1]:
            self.vp[0 if keys[0] > keys[1] else 1] += spec.PUBLICITY_VP[round_number - 1]
        lodge = after["lodge"]  # round end stands Collectors up, in the same areas
        for region, owner in after["centerpieces"].items():
            colour = spec.GALLERY_COLOUR[region]
            self.vp[owner] += lodge["standing"].get(colour, 0) + lodge["lying"].get(colour, 0)
        self.publicity = [[], []]
        self.played = None

    def final_scoring(self, after: dict) -> None:
        """6: both revealed Patronesses for each Workshop, then 1 VP per 2 leftover
        Resources."""
        for seat, ws in enumerate(after["workshops"]):
            for patroness in after["patronesses"]:
                self.vp[seat] += spec.PATRONESS_VP[patroness] * patroness_count(
                    patroness, after, seat
                )
            leftover = sum(sum(section.values()) for section in ws["resources"].values())
            self.vp[seat] += leftover // spec.RESOURCES_PER_VP


def project_vp(name: str) -> int:
    """1.8: a Blueprint's VP, or a Sistine tile's (named r<row>c<column>) by its row."""
    return (
        spec.BLUEPRINT_VP[name]
        if name in spec.BLUEPRINT_VP
        else spec.SISTINE_ROW_VP[int(name[1]) - 1]
    )


def patroness_count(patroness: str, data: dict, seat: int) -> int:
    """1.9: what a Patroness counts for a Workshop at the end."""
    ws = data["workshops"][seat]
    if patroness == "scholar":
        return spec.tier(ws["study"])
    if patroness == "curator":
        return centerpieces_of(data, seat)
    if patroness == "florentine":
        return min(ws["artworks"].get("FLO", 0), spec.FLORENTINE_CAP)
    if patroness == "traveller":
        return sum(1 for region in spec.GALLERY_COLOUR if ws["artworks"].get(region, 0))
    if patroness == "builder":
        if seat == 0:
            return sum(1 for blueprint in data["blueprints"].values() if blueprint["done"])
        return len(data["sistine"]["done"])
    return sum(count for card, count in ws["deck"].items() if card in spec.UPGRADE_CARDS)


def expected_returns(data: dict) -> list[float]:
    """6: most VP wins; ties: farther on the Study track, then more Centerpieces,
    else a shared win."""
    keys = [
        (ws["vp"], ws["study"], centerpieces_of(data, s)) for s, ws in enumerate(data["workshops"])
    ]
    if keys[0] == keys[1]:
        return [0.5, 0.5]
    return [1.0, 0.0] if keys[0] > keys[1] else [0.0, 1.0]


@IMPLEMENTATIONS
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_scores_follow_the_scoring_rules(cls, seed, variant):
    state = cls.new_initial(2, variant)
    model, rng = ScoreModel(), Rng(seed)
    after = state.to_dict()
    while not state.is_terminal():
        before = after
        action = random_action(state, rng)
        name = state.action_to_str(action)
        state.apply(action)
        after = state.to_dict()
        model.step(before, name, after)
        if after["phase"] in SETTLED_PHASES:
            assert state.scores() == model.vp, (
                f"round {after['round']}, {after['phase']} after {name}"
            )
    assert state.returns() == expected_returns(after)


@IMPLEMENTATIONS
def test_a_later_replacement_of_a_card_upgraded_in_its_own_turn_changes_publicity(cls):
    """[seed] "Replacing a card on the board changes only this round's Publicity.
    Upgrading the card you just played changes neither its Publicity ...". In this
    seeded game da Vinci plays a 0-Publicity card to his second slot and upgrades it
    in the same turn (it keeps Publicity 0); on a later turn he replaces it by A4/2,
    whose Publicity 2 must then count. (The engine once kept the 0.)"""
    state, rng = cls.new_initial(2, "random-gray"), Rng(2108816)
    while True:
        action = random_action(state, rng)
        name = state.action_to_str(action)
        before = state.to_dict()
        state.apply(action)
        if name == "up:slot2>A4/2" and before["round"] == 2:
            break
    assert before["workshops"][0]["board"][1][2] == 0  # kept from its own turn
    slot = state.to_dict()["workshops"][0]["board"][1]
    assert slot[0] == "A4/2" and slot[2] is None  # the new card's Publicity counts
