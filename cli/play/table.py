"""Table mode: the person plays a real game on a real table and Cadenza only follows
it and gives hints. It never rolls or draws.

The session's whole knowledge is the person's observation (`info`, what
observation(seat) gives): never a full state. Every step rebuilds a full state from
it with `from_observation` (a "world": the unseen parts sampled; more worlds come
from `determinize`, which resamples them from the seat's view), applies what the
person typed, and keeps only the new observation. So:

- a chance event whose outcome changes what the seat sees (its own draw, a die, a
  public card) is typed by the person; one it cannot see (a card an opponent draws)
  is applied in a sampled world and forgotten, since only the observation is kept;
- an opponent's move that needs hidden cards is applied in a world where they hold
  them (worlds are sampled until one fits);
- when a move reveals what was hidden (a showdown), the worlds disagree about the
  new observation and the person types the revealed values (reveal.py);
- hints search from the seat's observation only (search.base.decide);
- what is typed may be a short form of what is offered, in any case: `violin` for
  `tile:violin`, `kh` for `Kh` (reveal.expand_short).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, Optional

from cli.play.errors import PlayError
from cli.play.opponents import default_spec
from cli.play.reveal import Reveal, expand_short, text_of
from cli.play.saveformat import header_fields, rng_field, spec_field
from cli.play.seatview import WORLD_SAMPLES, agreed, game_scores, sample_worlds
from cli.play.session import Session, check_seat
from cli.specs import SeatSpec
from engine.errors import IllegalActionError, StateFormatError
from engine.game import sample_chance
from engine.rng import Rng

# Worlds tried when looking for one in which a typed action fits: enough to find an
# opponent holding one given card among dozens unseen (a few per cent of worlds).
FIT_TRIES = 1000
# Worlds whose possible actions are offered at an opponent's turn or a chance event.
OFFER_SAMPLES = 64
# Worlds compared after an action to see whether it revealed something: a revealed
# card differs between two of them unless all guessed the same (1 in 4**11 for Leduc).
REVEAL_SAMPLES = 12
# More hidden chance events than any game has in a row.
MAX_HIDDEN_IN_A_ROW = 100_000
# The world rebuilt from the observation is a function of the observation alone (so
# caching it changes nothing): its unseen parts are drawn from this fixed seed.
BASE_WORLD_SEED = 1


@dataclass(frozen=True)
class TableSnapshot:
    info: dict
    reveal: Optional[dict]
    rng: tuple
    log_len: int

    def to_save(self) -> dict:
        return {**asdict(self), "rng": list(self.rng)}


class TableSession(Session):
    mode = "table"

    def __init__(
        self,
        registry,
        game,
        info: dict,
        seat: int,
        hint_spec: SeatSpec,
        rng: Rng,
        hint_seeds: Rng,
    ):
        # The player count and variant are those of the world `info` rebuilds.
        world = game.from_observation(info, Rng(BASE_WORLD_SEED))
        super().__init__(registry, game, world, seat, hint_spec, hint_seeds)
        self.info = info
        self.rng = rng
        self.reveal: Optional[Reveal] = None
        # (info as JSON, the world built from it): see world().
        self._base: tuple[str, Any] = (json.dumps(info, sort_keys=True), world)

    @classmethod
    def start(
        cls,
        registry,
        game,
        players,
        variant,
        seat: int,
        seed: int,
        hint_spec: SeatSpec | None = None,
    ) -> "TableSession":
        """A new table: nothing dealt yet (the setup is typed like any chance event)."""
        initial = game.new_state(players, variant, resolve_setup=False)
        check_seat(seat, initial.num_players)
        rng = Rng(seed)
        session = cls(
            registry,
            game,
            initial.observation(seat),
            seat,
            hint_spec or default_spec(registry, game),
            rng,
            rng.spawn(),
        )
        session.skip_hidden()
        return session

    # ---- worlds ----------------------------------------------------------------------

    def world(self):
        """A full state consistent with the person's observation (a fresh copy)."""
        key = json.dumps(self.info, sort_keys=True)
        if self._base[0] != key:
            self._base = (key, self.game.from_observation(self.info, Rng(BASE_WORLD_SEED)))
        return self._base[1].clone()

    def worlds(self, count: int) -> list:
        """`count` worlds consistent with the person's observation (one for perfect
        information)."""
        return sample_worlds(self.game, self.world(), self.seat, self.rng, count)

    def view_state(self):
        return self.world()

    def _observe(self, state) -> dict:
        return state.observation(self.seat)

    def _fitting_world(self, action: int, first):
        """A world in which `action` is legal (`first` if it is), or None."""
        if action in first.legal_actions():
            return first
        if not self.game.hidden_information:
            return None
        for world in self.worlds(FIT_TRIES):
            if action in world.legal_actions():
                return world
        return None

    def chance_visible(self, world) -> bool:
        """Whether the outcome of this chance event changes what the seat sees."""
        seen = set()
        for action, _ in world.chance_outcomes():
            after = world.clone()
            after.apply(action)
            seen.add(json.dumps(self._observe(after), sort_keys=True))
            if len(seen) > 1:
                return True
        return False

    # ---- steps ---------------------------------------------------------------------------

    def _step(self, token: str) -> None:
        if self.reveal is not None:
            self.reveal.assign(token)
            if not self.reveal.missing():
                self._finish_reveal()
            return
        world = self.world()
        if world.is_terminal():
            raise PlayError("the game is over: undo, new, rematch, load, save or quit")
        player = world.current_player()
        try:
            action = world.str_to_action(token)
        except IllegalActionError:
            # A short form of what can be typed here ("violin" for tile:violin).
            action = world.str_to_action(expand_short(token, self.legal_texts()))
        fitting = self._fitting_world(action, world)
        if fitting is None:
            if player < 0:
                raise PlayError(f"{token} is not a possible outcome here")
            if player == self.seat:
                raise PlayError(f"{token} is not legal for you here")
            raise PlayError(
                f"seat {player} cannot play {token} in any position that fits what you have seen"
            )
        text = fitting.describe(action, self.seat)
        after = fitting.clone()
        after.apply(action)
        self.log.append(f"{self.who(player)}: {text}")
        self._settle(self._observe(after), action, f"{self.who(player)}: {text}")
        self.skip_hidden()

    def _settle(self, observation: dict, action: int, cause: str) -> None:
        """Keep `observation` as the new knowledge, unless the action revealed what the
        seat had not seen: then the person is asked to type it."""
        if self.game.hidden_information:
            seen = [observation]
            for world in self.worlds(REVEAL_SAMPLES):
                if action in world.legal_actions():
                    world.apply(action)
                    seen.append(self._observe(world))
            if any(obs != observation for obs in seen):
                self.reveal = Reveal.between(cause, seen)
                return
        self.info = observation

    def _finish_reveal(self) -> None:
        candidate = self.reveal.observation()
        try:
            world = self.game.from_observation(candidate, self.rng)
        except StateFormatError as exc:
            raise PlayError(f"that does not fit the game: {exc}") from None
        if self._observe(world) != candidate:
            raise PlayError("that does not fit the game: it would not keep those values")
        typed = " ".join(f"{path}={text_of(value)}" for path, value in self.reveal.values.items())
        self.log.append(f"revealed: {typed}")
        self.info = candidate
        self.reveal = None
        self.skip_hidden()

    def skip_hidden(self) -> None:
        """Pass the chance events the seat cannot see (an opponent's draw): applied in
        a sampled world and forgotten, since only the observation is kept."""
        for _ in range(MAX_HIDDEN_IN_A_ROW):
            if self.reveal is not None:
                return
            world = self.world()
            if not world.is_chance_node() or self.chance_visible(world):
                return
            outcome = sample_chance(world, self.rng)
            self.log.append(f"chance: {self.unseen_outcome_text(world)}")
            world.apply(outcome)
            self.info = self._observe(world)
        raise PlayError(f"more than {MAX_HIDDEN_IN_A_ROW} hidden chance events in a row")

    def unseen_outcome_text(self, world) -> str:
        """The words for a chance event the seat cannot see: what describe says of
        every outcome (a fair game says the same, "seat 2 draws a card"), or a plain
        placeholder where a game's words would tell the sampled outcomes apart."""
        texts = {world.describe(a, self.seat) for a, _ in world.chance_outcomes()}
        return texts.pop() if len(texts) == 1 else "an outcome you cannot see"

    # ---- Session -------------------------------------------------------------------------

    def _capture(self) -> TableSnapshot:
        return TableSnapshot(
            json.loads(json.dumps(self.info)),
            None if self.reveal is None else json.loads(json.dumps(self.reveal.to_dict())),
            self.rng.getstate(),
            len(self.log),
        )

    def _restore(self, snapshot: TableSnapshot) -> None:
        self.info = json.loads(json.dumps(snapshot.info))
        self.reveal = (
            None if snapshot.reveal is None else Reveal(**json.loads(json.dumps(snapshot.reveal)))
        )
        self.rng.setstate(snapshot.rng)
        del self.log[snapshot.log_len :]

    def _check_hint_possible(self, state) -> None:
        if self.reveal is not None:
            raise PlayError(f"first type what was revealed: {self.reveal.prompt()}")
        super()._check_hint_possible(state)

    def my_turn(self) -> bool:
        return self.reveal is None and super().my_turn()

    def situation(self) -> str:
        if self.reveal is not None:
            return self.reveal.prompt()
        world = self.world()
        player = world.current_player()
        if world.is_terminal():
            return "The game is over: undo, new, rematch, save, load or quit."
        if player == self.seat:
            return f"Your move (seat {self.seat}): type what you play, or ask for a hint."
        if player < 0:
            return "Chance: type what was rolled or drawn."
        return f"Seat {player} to move: type what they played."

    def legal_texts(self) -> list[str]:
        """The person's legal actions; at an opponent's turn or a chance event, what is
        possible in any sampled world; during a reveal, the values seen."""
        if self.reveal is not None:
            return self.reveal.completions()
        world = self.world()
        # The seat knows its own options; others' depend on what it cannot see.
        worlds = [world] if world.current_player() == self.seat else self.worlds(OFFER_SAMPLES)
        actions = sorted({a for w in worlds for a in w.legal_actions()})
        return [worlds[0].action_to_str(a) for a in actions]

    def known_result(self) -> tuple[Optional[list], Optional[list]]:
        """(scores, returns) at the end, each seat's value None where the worlds
        consistent with the person's observation disagree."""
        worlds = self.worlds(WORLD_SAMPLES)
        n = self.players
        returns = [agreed([w.returns()[i] for w in worlds]) for i in range(n)]
        per_world = [game_scores(w) for w in worlds]
        scores = (
            None if per_world[0] is None else [agreed([s[i] for s in per_world]) for i in range(n)]
        )
        return scores, returns

    # ---- save files ----------------------------------------------------------------------

    def to_save(self) -> dict:
        if self.reveal is not None:
            raise PlayError(f"first type what was revealed: {self.reveal.prompt()}")
        return super().to_save()

    def _own_save(self) -> dict:
        return {"info": self.info, "rng": list(self.rng.getstate())}

    @classmethod
    def from_save(cls, registry, data: dict) -> "TableSession":
        game, players, variant, seat = header_fields(data, registry)
        rng = rng_field(data, "rng")
        info = checked_info(game, data.get("info"), "info", seat, players, variant, rng)
        session = cls(
            registry,
            game,
            info,
            seat,
            spec_field(data.get("hint"), "hint", registry),
            rng,
            rng_field(data, "hint_seeds"),
        )

        def snapshot_of(entry: dict, key: str, log_len: int) -> TableSnapshot:
            reveal = entry.get("reveal")
            return TableSnapshot(
                checked_info(game, entry.get("info"), f"{key}.info", seat, players, variant, rng),
                None if reveal is None else checked_reveal(reveal, f"{key}.reveal"),
                rng_field(entry, "rng").getstate(),
                log_len,
            )

        session.load_history(data, snapshot_of)
        return session


def checked_info(
    game, value: Any, key: str, seat: int, players: int, variant: str, rng: Rng
) -> dict:
    """An observation of `seat` in this game, that the game accepts and keeps as is."""
    if not isinstance(value, dict):
        raise StateFormatError(f"{key} must be an observation (a JSON object)")
    probe = Rng(0)
    probe.setstate(rng.getstate())  # checking must not move the session's generator
    world = game.from_observation(value, probe)
    if world.num_players != players or world.variant != variant:
        raise StateFormatError(
            f"{key} is a {world.num_players}-player {world.variant} game, "
            f"not {players}-player {variant}"
        )
    if world.observation(seat) != value:
        raise StateFormatError(f"{key} is not what seat {seat} observes")
    return value


def checked_reveal(value: Any, key: str) -> dict:
    """A pending reveal as Reveal.to_dict wrote it (its values are checked when the
    person completes it, like any typed reveal)."""
    fields = {"cause": str, "base": dict, "paths": list, "samples": list, "values": dict}
    if not isinstance(value, dict) or set(value) != set(fields):
        raise StateFormatError(f"{key} must be an object with {', '.join(fields)}")
    for name, kind in fields.items():
        if not isinstance(value[name], kind):
            raise StateFormatError(f"{key}.{name} must be a {kind.__name__}")
    if not all(isinstance(p, str) for p in value["paths"]):
        raise StateFormatError(f"{key}.paths must be strings")
    width = len(value["paths"])
    if not all(isinstance(row, list) and len(row) == width for row in value["samples"]):
        raise StateFormatError(f"{key}.samples must be lists of {width} values")
    if not set(value["values"]) <= set(value["paths"]):
        raise StateFormatError(f"{key}.values must be keyed by its paths")
    return value
