"""The searcher interface: budgets, decisions, searcher specs, and the one entry
point (`decide`) through which every search sees only the mover's view.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional

from engine.errors import IllegalActionError
from engine.rng import Rng
from engine.validate import is_int
from search import clock
from search.errors import SearchError
from search.options import OptionsRecord

# The largest budgets: an iteration count the compiled searches hold in a C long, and
# about eleven days of thinking (what `go infinite` searches for until stopped).
MAX_ITERATIONS = 1 << 62
MAX_MOVETIME_MS = 1_000_000_000
BUDGET_LIMITS = {"iterations": MAX_ITERATIONS, "movetime_ms": MAX_MOVETIME_MS}


@dataclass(frozen=True)
class Budget:
    """How long a search may run: `iterations` (reproducible with a seed), a
    `movetime_ms` limit, or both (whichever ends first). None means the searcher's
    own default."""

    iterations: Optional[int] = None
    movetime_ms: Optional[int] = None

    def __post_init__(self):
        for name, most in BUDGET_LIMITS.items():
            value = getattr(self, name)
            if value is not None and not (is_int(value) and 1 <= value <= most):
                raise SearchError(
                    f"{name} must be a positive integer (at most {most}), got {value!r}"
                )

    def deadline(self, start: float) -> Optional[float]:
        """The value of the searches' clock (search/clock.pxd) at which to stop, if timed."""
        return None if self.movetime_ms is None else start + self.movetime_ms / 1000.0


class Alternative:
    """One candidate decision at the root, for hints: the mover's actions, the value
    estimate and the visits (or nodes) behind it.

    A searcher may hand a line that stops short of the end of the mover's turn
    together with `finish`, which completes it the first time `actions` is read: a
    search then pays for finishing only the lines somebody looks at, and a timed
    search keeps to its movetime however many root actions it has.
    """

    __slots__ = ("_line", "_finish", "value", "visits")

    def __init__(
        self,
        actions: list[int],
        value: float,
        visits: int,
        finish: Optional[Callable[[list[int]], list[int]]] = None,
    ):
        self._line = list(actions)
        self._finish = finish
        self.value = value
        self.visits = visits

    @property
    def actions(self) -> list[int]:
        if self._finish is not None:
            self._line, self._finish = self._finish(self._line), None
        return self._line

    def then(self, step: Callable[[list[int]], list[int]]) -> None:
        """Pass the line through `step` too, once it is finished."""
        finish = self._finish
        if finish is None:
            self._line = step(self._line)
        else:
            self._finish = lambda line: step(finish(line))

    def __eq__(self, other) -> bool:
        if not isinstance(other, Alternative):
            return NotImplemented
        return (self.actions, self.value, self.visits) == (other.actions, other.value, other.visits)

    def __repr__(self) -> str:
        line = repr(self._line)[:-1] + (", ...]" if self._finish is not None else "]")
        return f"Alternative(actions={line}, value={self.value!r}, visits={self.visits!r})"


@dataclass
class Decision:
    """A searcher's answer: the mover's actions up to the next chance node or the end
    of its turn, the value estimate for the mover in [0, 1], statistics, and the
    ranked alternatives (best first)."""

    actions: list[int]
    value: float
    stats: dict[str, Any] = field(default_factory=dict)
    alternatives: list[Alternative] = field(default_factory=list)


def pv_from(actions: list[int], pv: list[int]) -> list[int]:
    """The principal variation of an answer `actions`: those actions, then what `pv`
    expects after them if it begins with them (a pv that went another way says
    nothing about this answer's future)."""
    actions, pv = list(actions), list(pv)
    return actions + pv[len(actions) :] if pv[: len(actions)] == actions else actions


class Searcher:
    """Base class of searchers. Subclasses implement `choose`.

    A searcher with options declares them once as OPTIONS (search/options.py); the
    constructor takes them by name, checks them there, and keeps each checked value
    as an attribute of that name (`settings` holds them all)."""

    name = "searcher"
    OPTIONS = OptionsRecord(())

    def __init__(self, **options: Any):
        self.settings = self.OPTIONS.checked(options, f"searcher {self.name}")
        for key, value in self.settings.items():
            setattr(self, key, value)

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        """Search `state` (a determinization built from the seat's observation: never
        the true state) and decide for `seat`, which is to move. A long search may
        tell a listener how it is going (search/progress.py)."""
        raise NotImplementedError


def option_defaults(searcher_class: type) -> dict[str, Any]:
    """A plugin searcher's options and defaults read from its __init__ signature, for
    one that declares no OptionsRecord (SearcherSpec makes one from them)."""
    parameters = list(inspect.signature(searcher_class.__init__).parameters.values())[1:]
    return {p.name: p.default for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD}


@dataclass(frozen=True)
class SearcherSpec:
    """A searcher as registered by a plugin: a name, its options and a factory called
    with them.

    `options` is the searcher's OptionsRecord (search/options.py); a plugin may give
    a plain dict of defaults instead (and `option_help`), which becomes a record
    whose types are its defaults'. Either way `options` then maps each name to its
    default, and `option_help` each name to its line for `cadenza searchers`."""

    name: str
    factory: Callable[..., Searcher]
    options: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""
    # Games the searcher can play; None means every game.
    supports: Optional[Callable[[Any], bool]] = field(default=None, compare=False)
    option_help: dict[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self):
        record = self.options
        if not isinstance(record, OptionsRecord):
            record = OptionsRecord.inferred(record, self.option_help)
        object.__setattr__(self, "options", record)
        object.__setattr__(self, "option_help", record.help)

    def checked_options(self, **options: Any) -> dict[str, Any]:
        """These options over the defaults, converted and checked without building
        the searcher (which may start process pools): SearchError for an unknown
        name or a value its record (or the factory's `check_options`, a static
        method a plugin's searcher class may declare) refuses."""
        merged = self.options.parsed(options, f"searcher {self.name}")
        check = getattr(self.factory, "check_options", None)
        if check is not None:
            check(**merged)
        return merged

    def create(self, **options: Any) -> Searcher:
        """A searcher with these options over the defaults; unknown names or bad
        values raise SearchError."""
        return self.factory(**self.checked_options(**options))

    def can_play(self, game) -> bool:
        return self.supports is None or self.supports(game)

    def create_for(self, game, **options: Any) -> Searcher:
        """A searcher to play `game`: these options over the ones the game suggests for
        this searcher (GameSpec.searcher_options) over the defaults; SearchError if
        the searcher cannot play the game or an option is bad."""
        if not self.can_play(game):
            raise SearchError(f"searcher {self.name} cannot play {game.name}")
        suggested = getattr(game, "searcher_options", {}).get(self.name, {})
        return self.create(**{**suggested, **options})


# The worlds an answer is checked in before it leaves decide (see there), and the
# seed of their draw, apart from the search's own.
CUT_WORLDS = 8
CUT_SEED = 0x5EED_C07


def decide(searcher: Searcher, game, state, budget: Budget, seed: Optional[int] = None) -> Decision:
    """The mover's decision in `state`, searched from its observation only.

    This is the single place where a searcher meets a position: it gets a state
    rebuilt from `observation(seat)`, so it cannot read what the seat cannot see.
    """
    seat = state.current_player()
    if seat < 0:
        raise SearchError("no seat is to move here (a chance node or the end of the game)")
    rng = Rng(seed)
    view = game.from_observation(state.observation(seat), rng)
    start = clock.now()
    decision = searcher.choose(view, seat, budget, rng)
    decision.stats.setdefault("ms", int((clock.now() - start) * 1000))
    # Where a turn ends can hang on what the seat cannot see (Luthier's face-down
    # chips): a turn that goes on in the searched worlds may end in this one. Cut each
    # answer where it leaves the turn in some world the seat cannot tell from this one
    # (sampled from its view, so the cut shows nothing hidden), or else in this one.
    worlds = [state.clone()]
    if getattr(game, "hidden_information", False):  # a test double may not say
        draw = Rng(None if seed is None else seed ^ CUT_SEED)
        worlds += [state.determinize(seat, draw) for _ in range(CUT_WORLDS)]

    def cut(actions: list[int]) -> list[int]:
        return within_turn(worlds, seat, actions)

    decision.actions = cut(decision.actions)
    for alternative in decision.alternatives:
        alternative.then(cut)
    return decision


def within_turn(worlds: list, seat: int, actions: list[int]) -> list[int]:
    """The longest start of `actions` that is the seat's to play in every one of
    `worlds` (left unchanged). The first action is kept whatever it is: an illegal
    one is the searcher's error to report (cli/notation.check_turn)."""
    scratches = [world.clone() for world in worlds]
    kept: list[int] = []
    for action in actions:
        if kept and not all(
            s.current_player() == seat and action in s.legal_actions() for s in scratches
        ):
            break
        kept.append(action)
        try:
            for scratch in scratches:
                scratch.apply(action)
        except IllegalActionError:
            break
    return kept


def extend_turn(state, seat: int, actions: list[int], pick: Callable[[Any], int]) -> list[int]:
    """`actions` (the seat's first steps from `state`) extended to the next chance node
    or the end of the seat's turn, choosing each later action with `pick(position)`
    on a copy of the position reached."""
    actions = list(actions)
    scratch = state.clone()
    for action in actions:
        scratch.apply(action)
    while scratch.current_player() == seat:
        action = pick(scratch)
        actions.append(action)
        scratch.apply(action)
    return actions


def turn_of(state, seat: int, first_action: int, pick: Callable[[Any], int]) -> list[int]:
    """The seat's whole turn from `first_action`, later steps chosen by `pick`."""
    return extend_turn(state, seat, [first_action], pick)
