"""A game against AI seats: the real position, the engine's own dice, and a searcher
for every seat but the person's.

Each AI decision goes through search.base.decide (the searcher sees only its seat's
observation). The dice and the AI's search seeds come from the game's seed
(cli/newgame.py).

Undo is fair: it gives back the position as the person knew it, not as it was.
Whatever the person's seat could not see then (the opponents' cards, the order of
the deck, every chance outcome still to come) is dealt again from what the seat
does see (`state.determinize(seat, dice)`), and the dice move on instead of being
rewound, so taking a move back and playing it again cannot show the person a card
or a roll it was not meant to know. The AI's search seeds are rewound, so the same
position gets the same replies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Optional, Union

from cli.gameloop import build_searcher
from cli.newgame import seed_streams
from cli.notation import check_turn
from cli.play.errors import PlayError
from cli.play.opponents import assign_opponents, default_spec
from cli.play.saveformat import (
    header_fields,
    need,
    rng_field,
    spec_field,
    state_field,
)
from cli.play.session import Session, check_seat
from cli.play.thinking import run_stoppable
from cli.specs import SeatSpec
from engine.errors import StateFormatError
from engine.game import sample_chance
from engine.rng import Rng
from search.base import decide

# More actions than any game takes between two of the person's decisions.
MAX_ACTIONS_BETWEEN_TURNS = 100_000


def redealt(state, seat: int, dice: Rng):
    """The position of a fair undo (the module docstring): `state` as `seat` knew it,
    what it could not see dealt again from `dice` (which move on, never rewound)."""
    return state.determinize(seat, dice)


@dataclass(frozen=True)
class Thinking:
    """Yielded by `advance` before an AI seat searches (the UI shows who thinks)."""

    seat: int
    spec: SeatSpec


@dataclass(frozen=True)
class Note:
    """Yielded by `advance` for the person's eyes only (not logged)."""

    text: str


@dataclass(frozen=True)
class AiSnapshot:
    state: Any
    dice: tuple
    seeds: tuple
    log_len: int

    def to_save(self) -> dict:
        return {
            "state": self.state.to_dict(),
            "dice": list(self.dice),
            "seeds": list(self.seeds),
            "log_len": self.log_len,
        }


def forced_actions(state) -> Optional[list[int]]:
    """The mover's only legal action, as a decision, or None when it has a choice: a
    forced move is played without a search (and without a second to wait)."""
    legal = state.legal_actions()
    return list(legal) if len(legal) == 1 else None


class AiSession(Session):
    mode = "ai"

    def __init__(
        self,
        registry,
        game,
        state,
        seat: int,
        opponents: dict[int, SeatSpec],
        hint_spec: SeatSpec,
        dice: Rng,
        seeds: Rng,
        hint_seeds: Rng,
    ):
        super().__init__(registry, game, state, seat, hint_spec, hint_seeds)
        self.state = state
        self.opponents = opponents
        self.searchers = {s: build_searcher(registry, game, spec) for s, spec in opponents.items()}
        self.dice = dice
        self.seeds = seeds

    @classmethod
    def start(
        cls,
        registry,
        game,
        players,
        variant,
        seat: int,
        seed: int,
        opponent_specs: list[SeatSpec],
        hint_spec: SeatSpec | None = None,
    ) -> "AiSession":
        """A new game, its setup dealt with `seed`; the AI seats have not moved yet
        (run `advance`)."""
        state = game.new_state(players, variant, seed)
        dice, seeds = seed_streams(seed)
        hint_seeds = seeds.spawn()
        n = state.num_players
        check_seat(seat, n)
        default = default_spec(registry, game)
        opponents = assign_opponents([s for s in range(n) if s != seat], opponent_specs, default)
        return cls(
            registry, game, state, seat, opponents, hint_spec or default, dice, seeds, hint_seeds
        )

    # ---- the AI seats and the dice -----------------------------------------------------

    def advance(self) -> Iterator[Union[Thinking, Note, str]]:
        """Play chance and the AI seats until the person is to move or the game ends,
        yielding a Thinking before each search (a forced move is played unsearched),
        a Note when a Ctrl-C stopped one, and a log line after each move."""
        steps = 0
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            if steps >= MAX_ACTIONS_BETWEEN_TURNS:
                raise PlayError(f"the game did not come back to you within {steps} actions")
            player = self.state.current_player()
            if player < 0:
                outcome = sample_chance(self.state, self.dice)
                line = f"chance: {self.state.describe(outcome, self.seat)}"
                self.state.apply(outcome)
                steps += 1
            else:
                spec = self.opponents[player]
                actions = forced_actions(self.state)
                if actions is None:
                    yield Thinking(player, spec)
                    actions, stopped = self._search(player, spec)
                    if stopped:
                        yield Note(f"Stopped seat {player}'s search: it plays its best so far.")
                check_turn(self.state, actions, f"searcher {spec.searcher}")
                words = []
                for action in actions:
                    words.append(self.state.describe(action, self.seat))
                    self.state.apply(action)
                steps += len(actions)
                line = f"seat {player} ({spec.searcher}): {'; '.join(words)}"
            self.log.append(line)
            yield line

    def _search(self, player: int, spec: SeatSpec) -> tuple[list[int], bool]:
        """The AI seat's decision and whether a Ctrl-C cut its search short. The seed is
        drawn first, so a stopped search leaves the streams as a full one would."""
        seed = self.seeds.next_u64()
        searcher, position = self.searchers[player], self.state.clone()
        decision, stopped = run_stoppable(
            lambda: decide(searcher, self.game, position, spec.budget, seed)
        )
        return list(decision.actions), stopped

    # ---- Session -------------------------------------------------------------------------

    def view_state(self):
        return self.state

    def _capture(self) -> AiSnapshot:
        return AiSnapshot(
            self.state.clone(), self.dice.getstate(), self.seeds.getstate(), len(self.log)
        )

    def _restore(self, snapshot: AiSnapshot) -> None:
        self.state = snapshot.state.clone()
        self.dice.setstate(snapshot.dice)
        self.seeds.setstate(snapshot.seeds)
        del self.log[snapshot.log_len :]

    def _take_back(self, snapshot: AiSnapshot) -> None:
        # The fair undo of the module docstring: the unseen is redealt and the dice
        # are not rewound (a perfect-information state determinizes to itself).
        self.state = redealt(snapshot.state, self.seat, self.dice)
        self.seeds.setstate(snapshot.seeds)
        del self.log[snapshot.log_len :]

    def _step(self, token: str) -> None:
        state = self.state
        if state.is_terminal():
            raise PlayError("the game is over: undo, new, rematch, load, save or quit")
        player = state.current_player()
        if player != self.seat:
            waiting = "a chance event comes" if player < 0 else f"seat {player} moves"
            raise PlayError(
                f"{token}: your turn ends before it ({waiting} first); "
                f"type the rest of the line after that"
            )
        action = state.str_to_action(token)
        after = state.clone()
        after.apply(action)
        self.log.append(f"you (seat {self.seat}): {state.describe(action, self.seat)}")
        self.state = after

    def situation(self) -> str:
        player = self.state.current_player()
        if player == self.seat:
            return f"Your move (seat {self.seat})."
        if self.state.is_terminal():
            return "The game is over: undo, new, rematch, save, load or quit."
        return f"{self.who(player)} to move."

    def legal_texts(self) -> list[str]:
        if self.state.current_player() != self.seat:
            return []
        return [self.state.action_to_str(a) for a in self.state.legal_actions()]

    def opponent_line(self) -> str:
        return ", ".join(f"seat {s}: {spec}" for s, spec in sorted(self.opponents.items()))

    # ---- save files ----------------------------------------------------------------------

    def _own_save(self) -> dict:
        return {
            "state": self.state.to_dict(),
            "dice": list(self.dice.getstate()),
            "seeds": list(self.seeds.getstate()),
            "opponents": {str(s): str(spec) for s, spec in sorted(self.opponents.items())},
        }

    @classmethod
    def from_save(cls, registry, data: dict) -> "AiSession":
        game, players, variant, seat = header_fields(data, registry)
        state = state_field(game, data.get("state"), "state", players, variant)
        table = need(data, "opponents", dict)
        expected = {str(s) for s in range(players) if s != seat}
        if set(table) != expected:
            raise StateFormatError(
                f"opponents must name seats {', '.join(sorted(expected)) or 'none'}, "
                f"got {', '.join(sorted(table)) or 'none'}"
            )
        opponents = {
            int(s): spec_field(text, f"opponents[{s}]", registry) for s, text in table.items()
        }
        session = cls(
            registry,
            game,
            state,
            seat,
            opponents,
            spec_field(data.get("hint"), "hint", registry),
            rng_field(data, "dice"),
            rng_field(data, "seeds"),
            rng_field(data, "hint_seeds"),
        )

        def snapshot_of(entry: dict, key: str, log_len: int) -> AiSnapshot:
            return AiSnapshot(
                state_field(game, entry.get("state"), f"{key}.state", players, variant),
                rng_field(entry, "dice").getstate(),
                rng_field(entry, "seeds").getstate(),
                log_len,
            )

        session.load_history(data, snapshot_of)
        return session
