"""`cadenza play` against AI seats is fair to the person: its log says only what the
person's seat can see, and an undo gives the position back as the person knew it,
dealing the unseen again (cli/play/aisession.py)."""

from __future__ import annotations

import json

import pytest

import cli.play.aisession as aisession
from cli.play.aisession import AiSession
from cli.specs import SeatSpec
from engine.rng import Rng
from plugins.manager import default_registry

REGISTRY = default_registry()
HIDDEN = sorted(name for name, spec in REGISTRY.games.items() if spec.hidden_information)
RANDOM = SeatSpec("random")
REPLAYS = 20
SEEDS = 6
MAX_LINES = 40  # of the person's, per game: enough to pass deals, draws and reveals
# The session's own chance and search, which the log test wraps.
REAL_SAMPLE, REAL_DECIDE = aisession.sample_chance, aisession.decide


def started(game_name: str, seed: int, seat: int = 0) -> AiSession:
    session = AiSession.start(
        REGISTRY, REGISTRY.game(game_name), None, None, seat, seed, [RANDOM], RANDOM
    )
    list(session.advance())
    return session


def observed(session: AiSession):
    return session.state.observation(session.seat)


# ---- undo ---------------------------------------------------------------------------------


def replay_after_undo(session: AiSession, line: list[str], seen) -> list:
    """Play `line` and the AI's answer, note `seen(session)`, undo; REPLAYS times.
    Each undo must give the person back exactly the position it knew."""
    before = observed(session)
    results = []
    for _ in range(REPLAYS):
        session.play(line)
        list(session.advance())
        results.append(json.dumps(seen(session), sort_keys=True))
        session.undo()
        assert observed(session) == before, "the undo changed what the person sees"
    return results


def test_takt_voll_an_undone_draw_is_drawn_again_from_the_unseen_deck():
    session = started("taktvoll", seed=0)
    assert session.legal_texts() == ["draw"]
    drawn = replay_after_undo(session, ["draw"], lambda s: observed(s)["drawn"])
    assert len(set(drawn)) > 1, f"the same card came every time: {drawn[0]}"
    # What the person cannot see was dealt again too: the opponents' hands.
    hands = set()
    for _ in range(REPLAYS):
        session.play(["draw"])
        session.undo()
        hands.add(json.dumps(session.state.to_dict()["hands"]))
    assert len(hands) > 1


def test_leduc_an_undone_round_deals_a_new_public_card_and_opponent_card():
    session = started("leduc", seed=3, seat=1)  # seat 0 has bet; calling ends the round
    assert "call" in session.legal_texts()
    public = replay_after_undo(session, ["call"], lambda s: observed(s)["public"])
    assert len(set(public)) > 1, f"the same public card came every time: {public[0]}"
    opponent = set()
    for _ in range(REPLAYS):
        session.play(["call"])
        session.undo()
        opponent.add(session.state.to_dict()["private"][0])
    assert len(opponent) > 1, "seat 0's unseen card is dealt again"


def test_undo_of_a_perfect_information_game_gives_back_the_very_state():
    session = started("tictactoe", seed=2)
    before = session.state.to_json()
    session.play(["b2"])
    list(session.advance())
    session.undo()
    assert session.state.to_json() == before


# ---- the log --------------------------------------------------------------------------------


class Diverged(Exception):
    """The other world has shown the person something the recorded one did not (a
    card revealed at a showdown): from here on the person can tell them apart."""


class Replay:
    """The same public play in another world: every AI move and chance outcome is
    answered, in the world played, by one that leaves the person's observation as the
    recorded step did (a different action where one fits)."""

    def __init__(self, steps: list, seat: int):
        self.steps = list(steps)
        self.seat = seat

    def answer(self, state) -> int:
        if not self.steps:
            raise Diverged
        recorded_state, recorded = self.steps.pop(0)
        target = observation_after(recorded_state, recorded, self.seat)
        legal = state.legal_actions()
        fits = [a for a in legal if observation_after(state, a, self.seat) == target]
        if not fits:
            raise Diverged
        others = [a for a in fits if a != recorded]
        return (others or fits)[0]


def observation_after(state, action, seat):
    after = state.clone()
    after.apply(action)
    return after.observation(seat)


class Decision:
    def __init__(self, actions):
        self.actions = actions


def play_recorded(game_name: str, seed: int, monkeypatch):
    """A game with random AI seats and random moves of the person: its log and every
    step (state before, action) that chance or the AI took."""
    session = started_unadvanced(game_name, seed)
    steps = []

    def sample(state, rng):
        outcome = REAL_SAMPLE(state, rng)
        steps.append((state.clone(), outcome))
        return outcome

    def decide(searcher, game, state, budget, seed_):
        decision = REAL_DECIDE(searcher, game, state, budget, seed_)
        steps.append((state.clone(), decision.actions[0]))
        return Decision(decision.actions[:1])

    monkeypatch.setattr(aisession, "sample_chance", sample)
    monkeypatch.setattr(aisession, "decide", decide)
    # Every AI move goes through the recorded search, forced ones too, so that a move
    # forced in one world and free in the other is replayed (and seen to diverge).
    monkeypatch.setattr(aisession, "forced_actions", lambda state: None)
    start = session.state.clone()
    typed = []
    rng = Rng(seed)
    list(session.advance())
    while not session.is_over() and len(typed) < MAX_LINES:
        token = rng.choice(session.legal_texts())
        typed.append(token)
        session.play([token])
        list(session.advance())
    return start, typed, steps, list(session.log)


def started_unadvanced(game_name: str, seed: int) -> AiSession:
    return AiSession.start(
        REGISTRY, REGISTRY.game(game_name), None, None, 0, seed, [RANDOM], RANDOM
    )


def play_in_world(game_name, seed, world, typed, steps, monkeypatch) -> list[str]:
    """The log of the same public play as `steps`/`typed`, from `world`, up to where
    the worlds can be told apart."""
    session = started_unadvanced(game_name, seed)
    session.state = world
    replay = Replay(steps, session.seat)
    monkeypatch.setattr(aisession, "sample_chance", lambda state, rng: replay.answer(state))
    monkeypatch.setattr(aisession, "decide", lambda *args: Decision([replay.answer(args[2])]))
    try:
        list(session.advance())
        for token in typed:
            session.play([token])
            list(session.advance())
    except Diverged:
        pass
    return list(session.log)


@pytest.mark.parametrize("game_name", HIDDEN)
def test_the_log_is_the_same_in_every_world_the_person_cannot_tell_apart(game_name, monkeypatch):
    """Replace what the person cannot see (a determinization of the start, then other
    unseen outcomes along the way) and play the same public play: up to where the
    person could tell the worlds apart, its log must not change by a letter."""
    compared = 0
    for seed in range(SEEDS):
        start, typed, steps, log = play_recorded(game_name, seed, monkeypatch)
        world = start.determinize(0, Rng(1000 + seed))
        other = play_in_world(game_name, seed, world, typed, steps, monkeypatch)
        assert other == log[: len(other)]
        if world.to_json() != start.to_json():
            compared += len(other)
    assert compared >= SEEDS, f"only {compared} lines compared in worlds that differ"
