"""The engine session of `cadenza engine`: protocol v1 (shared/protocol.md).

`EngineSession.handle(line)` runs one command and returns its output lines, the
status line (`ok` or `error <message>`) last. Commands are dispatched through one
flat table from command word to a small handler. A handler works on copies and
commits at its end; on top of that, `handle` restores the whole session when a
handler raises, so an `error` never leaves anything half done. The byte-level I/O
(line limits, UTF-8, flushing) lives in cli/engine_loop.py.

A `go`/`hint` that names no budget (neither in the command nor by `setoption`)
searches with the default budget of every command (cli/defaults.py):
protocol.md leaves the default to the engine.

Extension: `go level=N` and `hint level=N` (N 1..10, also a `setoption` default)
search with the game's default searcher at a strength a person can choose
(cli/levels/ladder.py): level 10 is full strength at the default budget, levels
1..9 fixed iteration budgets, the lowest with random moves. A level sets the searcher
and the budget, so `searcher`, `iterations`, `movetime`, `infinite` or a searcher
option beside it in the same command is an error naming the clash.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Callable, Optional

from cli.defaults import DEFAULT_BUDGET_TEXT
from cli.newgame import random_seed, start_game
from cli.notation import check_turn, format_number, format_option, line_text
from cli.ranking import ranked_alternatives
from cli.specs import (
    BUDGET_KEYS,
    DEFAULT_BUDGET,
    LEVEL_SEAT,
    OptionError,
    check_option_names,
    parse_assignments,
    parse_budget,
    parse_budget_value,
    parse_int,
    parse_level,
    parse_seed,
)
from engine.errors import CadenzaError
from engine.game import GameSpec, sample_chance
from engine.rng import Rng
from engine.validate import is_int
from search import progress, stopping
from search.base import Budget, SearchError, decide, pv_from

PROTOCOL_VERSION = 1
DEFAULT_HINTS = 3
# The most hints one `hint` lists (more than any game has decisions).
MAX_HINTS = 1_000_000
# The most players `new` reads (every game allows far fewer, and says so).
MAX_PLAYERS = 1_000
# A long `go` or `hint` prints an `info` line of its progress this often (seconds).
PROGRESS_EVERY = 1.0
# The word that makes `go`/`hint` search until `stop` (protocol.md's extension).
INFINITE = "infinite"
# `go`/`hint` options that are not searcher options.
SEARCH_CONTROL_KEYS = ("searcher", "seed", "top", "level", *BUDGET_KEYS)


def info_line(state, report: dict) -> str:
    """An `info` line: iterations, nodes, value and ms first, then the searcher's
    other one-word figures by name, then the principal variation in notation."""
    first = ("iterations", "nodes", "value", "ms")
    fields = [f"{key}={format_number(report[key])}" for key in first if key in report]
    for key in sorted(report):
        value = report[key]
        if key not in first and key != "pv" and isinstance(value, (int, float, str)):
            text = format_number(value)
            if text and " " not in text:
                fields.append(f"{key}={text}")
    if report.get("pv"):
        fields.append("pv=" + ",".join(line_text(state, report["pv"])))
    return "info " + " ".join(fields)


class ProtocolError(CadenzaError, ValueError):
    """A command the engine cannot carry out as written."""


def parse_top(text: str) -> int:
    return parse_int("top", text, 1, MAX_HINTS)


def cadenza_version() -> str:
    try:
        return version("cadenza")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"


def is_ignored(line: str) -> bool:
    """Blank lines and `#` comments get no answer at all."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def one_line(text: str) -> str:
    """`text` made safe as one protocol line (messages may quote user input)."""
    return " ".join(text.replace("\r", "\n").split("\n"))


def error_message(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "input nested too deeply"
    if isinstance(exc, (CadenzaError, ValueError)) and str(exc):
        return str(exc)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def parse_json(text: str, what: str) -> Any:
    if not text.strip():
        raise ProtocolError(f"{what} needs JSON after the command word")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ProtocolError(f"not valid JSON: {exc}") from None


def dump_json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


@dataclass
class Saved:
    """Everything a command may change, so that an error can put it back."""

    game: Optional[GameSpec]
    state: Any
    rng: Rng
    options: dict
    observed_seat: Optional[int]
    searchers: dict


@dataclass(frozen=True)
class Command:
    handler: Callable[..., list[str]]
    usage: str


class EngineSession:
    """One front-end's conversation with the engine: the game, the position, the
    engine's own dice, the `setoption` defaults and the seat last `observe`d."""

    def __init__(self, registry=None, emit: Optional[Callable[[str], None]] = None):
        if registry is None:
            from plugins.manager import default_registry

            registry = default_registry()
        self.registry = registry
        self.game: Optional[GameSpec] = None
        self.state = None
        self.rng = Rng(random_seed())
        self.options: dict[str, str] = {}
        # Set by `observe`: the engine then knows only what this seat knows.
        self.observed_seat: Optional[int] = None
        # Searcher instances by (game, searcher, options): a searcher that keeps its
        # tree between moves (`reuse`) needs to be the same object at the next `go`.
        self.searchers: dict[tuple, Any] = {}
        self.finished = False
        # Writes a line at once, ahead of the command's answer: the `info` progress of
        # a long search. None (as in tests that read answers whole) prints none.
        self.emit = emit
        # Set by the engine loop around a go/hint it runs on a worker thread: a stop
        # sent meanwhile ends the search (cli/background.py). None: nothing can stop
        # a search, so `go infinite` is refused.
        self.search_control = None

    # ---- dispatch --------------------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The output lines of one command line, its status line last ([] for a blank
        or comment line)."""
        if is_ignored(line):
            return []
        parts = line.strip().split(None, 1)
        word, rest = parts[0], (parts[1] if len(parts) > 1 else "")
        command = self.COMMANDS.get(word)
        if command is None:
            return [one_line(f"error unknown command: {word}")]
        saved = self.save()
        try:
            data = command.handler(self, rest.split(), rest.strip())
        except Exception as exc:  # any failure is an `error` line, never a crash
            self.restore(saved)
            return [one_line(f"error {error_message(exc)}")]
        return [one_line(text) for text in data] + ["ok"]

    def save(self) -> Saved:
        return Saved(
            self.game,
            None if self.state is None else self.state.clone(),
            self._rng_copy(),
            dict(self.options),
            self.observed_seat,
            dict(self.searchers),
        )

    def restore(self, saved: Saved) -> None:
        self.game = saved.game
        self.state = saved.state
        self.rng = saved.rng
        self.options = saved.options
        self.observed_seat = saved.observed_seat
        self.searchers = saved.searchers
        self.finished = False

    def snapshot(self) -> dict:
        """What the session holds, as comparable values (for tests and debugging)."""
        return {
            "game": None if self.game is None else self.game.name,
            "state": None if self.state is None else self.state.to_json(),
            "rng": self.rng.getstate(),
            "options": dict(self.options),
            "observed_seat": self.observed_seat,
        }

    # ---- helpers -----------------------------------------------------------------------

    def _position(self):
        if self.state is None:
            raise ProtocolError("no game yet: start one with new <game>")
        return self.state

    def _rng_copy(self) -> Rng:
        rng = Rng(0)
        rng.setstate(self.rng.getstate())
        return rng

    @staticmethod
    def _no_args(args: list[str], word: str) -> None:
        if args:
            raise ProtocolError(f"{word} takes no arguments, got {' '.join(args)}")

    def _seat(self, text: str, state) -> int:
        return parse_int("seat", text, 0, state.num_players - 1)

    @staticmethod
    def _after(state, texts: list[str]):
        """A copy of `state` with the actions `texts` name applied in order; `state`
        itself is untouched, so a bad action anywhere changes nothing."""
        after = state.clone()
        for text in texts:
            if after.is_terminal():
                raise ProtocolError(f"the game is over: cannot play {text}")
            after.apply(after.str_to_action(text))
        return after

    def _commit_position(self, game, state, observed_seat: Optional[int]) -> None:
        self.game, self.state, self.observed_seat = game, state, observed_seat

    # ---- commands ----------------------------------------------------------------------

    def cmd_hello(self, args, rest):
        """the engine's name, version and protocol version"""
        self._no_args(args, "hello")
        return [f"id cadenza {cadenza_version()} protocol {PROTOCOL_VERSION}"]

    def cmd_isready(self, args, rest):
        """answers readyok (the engine is idle between commands)"""
        self._no_args(args, "isready")
        return ["readyok"]

    def cmd_help(self, args, rest):
        """lists the commands (an extension to protocol 1)"""
        self._no_args(args, "help")
        return [
            f"help {c.usage} -- {(c.handler.__doc__ or '').strip()}" for c in self.COMMANDS.values()
        ]

    def cmd_games(self, args, rest):
        """the installed games"""
        self._no_args(args, "games")
        lines = []
        for name in sorted(self.registry.games):
            spec = self.registry.games[name]
            line = f"game {name} players={spec.min_players}-{spec.max_players}"
            if len(spec.variants) > 1 or spec.variant_parser is not None:
                line += f" variants={','.join(spec.variants)}"
            lines.append(line)
        return lines

    def cmd_searchers(self, args, rest):
        """the installed searchers and their option defaults"""
        self._no_args(args, "searchers")
        lines = []
        for name in sorted(self.registry.searchers):
            spec = self.registry.searchers[name]
            opts = "".join(f" {key}={format_option(value)}" for key, value in spec.options.items())
            lines.append(f"searcher {name}{opts}")
        return lines

    def cmd_new(self, args, rest):
        """starts a game; seed fixes the setup and the engine's dice"""
        if not args:
            raise ProtocolError("new needs a game: new <game> [players=N] [seed=S] [variant=V]")
        game = self.registry.game(args[0])
        options = parse_assignments(args[1:])
        unknown = sorted(set(options) - {"players", "seed", "variant"})
        if unknown:
            raise ProtocolError(f"new has no option {unknown[0]} (options: players, seed, variant)")
        players = (
            parse_int("players", options["players"], 1, MAX_PLAYERS)
            if "players" in options
            else None
        )
        seed = parse_seed(options["seed"]) if "seed" in options else random_seed()
        state, dice = start_game(game, players, options.get("variant"), seed)
        self._commit_position(game, state, None)
        self.rng = dice
        self.searchers = {}
        return []

    def cmd_status(self, args, rest):
        """who is to move, the player count and the scores"""
        self._no_args(args, "status")
        state = self._position()
        player = state.current_player()
        to_move = {-1: "chance", -2: "terminal"}.get(player, str(player))
        line = f"status to_move={to_move} players={state.num_players}"
        try:
            scores = state.scores()
        except NotImplementedError:  # scores are optional in the protocol
            scores = None
        if scores is not None:
            line += " scores=" + ",".join(format_number(s) for s in scores)
        return [line]

    def cmd_legal(self, args, rest):
        """the legal actions (the possible outcomes at a chance node)"""
        self._no_args(args, "legal")
        state = self._position()
        return [" ".join(["legal"] + [state.action_to_str(a) for a in state.legal_actions()])]

    def cmd_play(self, args, rest):
        """applies the actions in order, all or nothing"""
        state = self._position()
        if not args:
            raise ProtocolError("play needs at least one action")
        self.state = self._after(state, args)  # all or nothing: commit the finished copy
        return []

    def cmd_chance(self, args, rest):
        """the outcomes of the chance node and their probabilities"""
        self._no_args(args, "chance")
        state = self._position()
        if not state.is_chance_node():
            raise ProtocolError("not a chance node: chance lists outcomes only where chance moves")
        return [
            " ".join(
                ["chance"]
                + [f"{state.action_to_str(a)}={float(p)!r}" for a, p in state.chance_outcomes()]
            )
        ]

    def cmd_roll(self, args, rest):
        """the engine samples the chance outcome with its own dice and applies it"""
        self._no_args(args, "roll")
        state = self._position()
        if not state.is_chance_node():
            raise ProtocolError("not a chance node: nothing to roll")
        rng = self._rng_copy()
        outcome = sample_chance(state, rng)
        text = state.action_to_str(outcome)
        scratch = state.clone()
        scratch.apply(outcome)
        self.state = scratch
        self.rng = rng
        return [f"rolled {text}"]

    def cmd_state(self, args, rest):
        """the whole state as one line of JSON"""
        self._no_args(args, "state")
        return [f"state {self._position().to_json()}"]

    def cmd_load(self, args, rest):
        """replaces the state with one that state printed"""
        data = parse_json(rest, "load")
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise ProtocolError('load needs a JSON object with a "game" field, as state prints it')
        game = self.registry.game(data["game"])
        state = game.from_dict(data)
        self._commit_position(game, state, None)
        return []

    def cmd_view(self, args, rest):
        """what that seat knows, as one line of JSON"""
        state = self._position()
        if len(args) != 1:
            raise ProtocolError("view needs one seat: view <seat>")
        seat = self._seat(args[0], state)
        if (
            self.observed_seat is not None
            and seat != self.observed_seat
            and self.game.hidden_information
        ):
            raise ProtocolError(
                f"the engine knows only seat {self.observed_seat}'s view (from observe); "
                f"load a whole state to view other seats"
            )
        return [f"view {dump_json(state.observation(seat))}"]

    def cmd_observe(self, args, rest):
        """sets the position from a view: the engine knows only that"""
        data = parse_json(rest, "observe")
        if not isinstance(data, dict):
            raise ProtocolError("observe needs a JSON object, as view prints it")
        name = data.get("game", self.game.name if self.game else None)
        if not isinstance(name, str):
            raise ProtocolError('observe needs a view with a "game" field, as view prints it')
        game = self.registry.game(name)
        rng = self._rng_copy()
        state = game.from_observation(data, rng)
        seat = self._observer(state, data)
        self._commit_position(game, state, seat)
        self.rng = rng
        return []

    def _observer(self, state, view: dict) -> int:
        """The seat whose view `view` is: its "seat" field, or else the one seat of
        `state` (built from it) that sees exactly that."""
        if "seat" in view:
            seat = view["seat"]
            if not is_int(seat) or not 0 <= seat < state.num_players:
                raise ProtocolError(f"seat must be 0..{state.num_players - 1}, got {seat!r}")
            return seat
        for seat in range(state.num_players):
            seen = state.observation(seat)
            seen.pop("seat", None)
            if seen == view:
                return seat
        raise ProtocolError('cannot tell whose view this is: it has no "seat" field')

    def cmd_setoption(self, args, rest):
        """defaults for later go and hint"""
        options = parse_assignments(args)
        if not options:
            raise ProtocolError("setoption needs key=value options")
        for key, value in options.items():
            self._check_default(key, value)
        self._check_level_defaults(options)
        self.options.update(options)
        return []

    def _check_level_defaults(self, options: dict) -> None:
        """A level and a searcher or budget are two ways to say who searches: in one
        setoption they clash; across setoptions the later replaces the earlier."""
        others = [key for key in ("searcher", *BUDGET_KEYS) if key in options]
        if "level" in options and others:
            raise ProtocolError(
                f"level sets the searcher and its budget: it cannot be given with {others[0]}"
            )
        replaced = ["searcher", *BUDGET_KEYS] if "level" in options else ["level"] if others else []
        for key in replaced:
            self.options.pop(key, None)

    def _check_default(self, key: str, value: str) -> None:
        if key == "searcher":
            self.registry.searcher(value)
        elif key in BUDGET_KEYS:
            parse_budget_value(key, value)
        elif key == "top":
            parse_top(value)
        elif key == "level":
            parse_level(value)
        elif key == "seed":
            parse_seed(value)
        else:
            owners = [spec for spec in self.registry.searchers.values() if key in spec.options]
            if not owners:
                raise OptionError(f"no installed searcher has an option {key}")
            problems = []
            for spec in owners:
                try:
                    spec.options.option(key).parse(value)
                    return
                except SearchError as exc:
                    problems.append(str(exc))
            raise OptionError(problems[0])

    def cmd_go(self, args, rest):
        """searches for the seat to move and answers bestmove (not applied)"""
        state, decision, name = self._search(args, allow_top=False)
        report = {key: value for key, value in decision.stats.items() if key != "value"}
        report.setdefault("iterations", 0)
        report.setdefault("nodes", 0)
        report["value"] = float(decision.value)
        bestmove = check_turn(state, decision.actions, f"searcher {name}")
        if report.get("pv"):  # whatever the searcher kept, the pv printed starts with bestmove
            report["pv"] = pv_from(decision.actions, report["pv"])
        return [info_line(state, report), "bestmove " + " ".join(bestmove)]

    def cmd_hint(self, args, rest):
        """the K best decisions for the seat to move, ranked"""
        options = parse_assignments([arg for arg in args if arg != INFINITE])
        top = parse_top(options.get("top", self.options.get("top", str(DEFAULT_HINTS))))
        state, decision, name = self._search(args, allow_top=True)
        lines = []
        for rank, alt in enumerate(ranked_alternatives(decision)[:top], start=1):
            texts = check_turn(state, alt.actions, f"searcher {name}")
            lines.append(
                f"hint {rank} value={format_number(float(alt.value))} "
                f"visits={format_number(alt.visits)} {' '.join(texts)}"
            )
        return lines

    def _search(self, args: list[str], allow_top: bool):
        """(position, decision, searcher name) for `go`/`hint` with these options over
        the `setoption` defaults."""
        state = self._position()
        if state.is_chance_node():
            raise ProtocolError("a chance node: roll or play an outcome before searching")
        if state.is_terminal():
            raise ProtocolError("the game is over: there is nothing to search")
        infinite = INFINITE in args
        given = parse_assignments([arg for arg in args if arg != INFINITE])
        if not allow_top and "top" in given:
            raise ProtocolError("top is an option of hint, not go")
        level = self._level(given, infinite)
        merged_control = {k: v for k, v in self.options.items() if k in SEARCH_CONTROL_KEYS}
        merged_control.update({k: v for k, v in given.items() if k in SEARCH_CONTROL_KEYS})
        if level is not None:
            return self._search_level(state, level, given, merged_control)
        name = merged_control.get("searcher") or self._default_searcher()
        spec = self.registry.searcher(name)
        if not spec.can_play(self.game):
            raise SearchError(f"searcher {name} cannot play {self.game.name}")
        # setoption defaults apply where the chosen searcher has the option; options
        # given to this command must all be its own (create() rejects the others).
        searcher_options = {
            k: v
            for k, v in self.options.items()
            if k not in SEARCH_CONTROL_KEYS and k in spec.options
        }
        control = [k for k in SEARCH_CONTROL_KEYS if allow_top or k != "top"]
        check_option_names(spec, given, control)
        searcher_options.update({k: v for k, v in given.items() if k not in SEARCH_CONTROL_KEYS})
        if infinite:
            budget = self._until_stopped(given)
        else:
            budget = parse_budget(merged_control)
        seed = parse_seed(merged_control["seed"]) if "seed" in merged_control else None
        key = (self.game.name, name, tuple(sorted(searcher_options.items())))
        searcher = self.searchers.get(key)
        if searcher is None:
            searcher = spec.create_for(self.game, **searcher_options)
        decision = self._run_search(state, searcher, budget, seed)
        self.searchers[key] = searcher
        return state, decision, name

    def _run_search(self, state, searcher, budget: Budget, seed: Optional[int]):
        """The decision of `searcher`, reporting progress and stoppable by `stop`."""
        listener = (
            nullcontext()
            if self.emit is None
            else progress.listening(
                lambda report: self.emit(one_line(info_line(state, report))), PROGRESS_EVERY
            )
        )
        control = self.search_control
        with listener, nullcontext() if control is None else stopping.stoppable(control.stop):
            if control is not None:
                control.began()
            return decide(searcher, self.game, state.clone(), budget, seed)

    def _level(self, given: dict, infinite: bool) -> Optional[int]:
        """The level this go/hint plays at (an extension: `level=N`, cli/levels/), or
        None. A level sets the searcher and the budget, so naming either beside it in
        the same command is an error; one set by setoption gives way to a searcher or
        budget this command names."""
        if "level" not in given:
            named = any(key in given for key in ("searcher", *BUDGET_KEYS)) or infinite
            stored = self.options.get("level")
            return None if named or stored is None else parse_level(stored)
        clash = [key for key in ("searcher", *BUDGET_KEYS) if key in given]
        if infinite:
            clash.insert(0, INFINITE)
        if clash:
            raise ProtocolError(
                f"level sets the searcher and its budget: it cannot be given with {clash[0]}"
            )
        return parse_level(given["level"])

    def _search_level(self, state, level: int, given: dict, control: dict):
        """(position, decision, name) of a go/hint at `level`: the game's default
        searcher at that level's budget and noise (cli/levels/ladder.py)."""
        from cli.levels.ladder import searcher_for

        own = sorted(set(given) - set(SEARCH_CONTROL_KEYS))
        if own:
            raise ProtocolError(
                f"level is a calibrated setting of the default searcher: it takes no {own[0]}"
            )
        seed = parse_seed(control["seed"]) if "seed" in control else None
        key = (self.game.name, LEVEL_SEAT, level)
        searcher = self.searchers.get(key) or searcher_for(self.registry, self.game, level)
        # Levels 1..9 keep their own iteration budget; level 10 searches the default one.
        decision = self._run_search(state, searcher, DEFAULT_BUDGET, seed)
        self.searchers[key] = searcher
        return state, decision, f"level {level}"

    def _until_stopped(self, given: dict) -> Budget:
        """The budget of `go infinite`: no limit but `stop` (setoption's budget
        defaults do not apply; a budget given with it is a contradiction)."""
        for key in BUDGET_KEYS:
            if key in given:
                raise ProtocolError(f"infinite searches until stop: it takes no {key}")
        if self.search_control is None:
            raise ProtocolError(
                "infinite searches until stop, and only the engine loop can send one"
            )
        return Budget(movetime_ms=stopping.UNTIL_STOPPED_MS)

    def _default_searcher(self) -> str:
        return self.registry.default_searcher(self.game)

    def cmd_stop(self, args, rest):
        """ends a running go/hint at once with its best so far (idle: nothing to stop)"""
        self._no_args(args, "stop")
        return []

    def cmd_quit(self, args, rest):
        """answers ok, then the engine exits"""
        self._no_args(args, "quit")
        self.finished = True
        return []

    COMMANDS = {
        "hello": Command(cmd_hello, "hello"),
        "isready": Command(cmd_isready, "isready"),
        "games": Command(cmd_games, "games"),
        "searchers": Command(cmd_searchers, "searchers"),
        "new": Command(cmd_new, "new <game> [players=N] [seed=S] [variant=V]"),
        "status": Command(cmd_status, "status"),
        "legal": Command(cmd_legal, "legal"),
        "play": Command(cmd_play, "play <action> [<action> ...]"),
        "chance": Command(cmd_chance, "chance"),
        "roll": Command(cmd_roll, "roll"),
        "state": Command(cmd_state, "state"),
        "load": Command(cmd_load, "load <json>"),
        "view": Command(cmd_view, "view <seat>"),
        "observe": Command(cmd_observe, "observe <json>"),
        "go": Command(
            cmd_go,
            "go [infinite] [searcher=S] [iterations=N] [movetime=MS] [seed=S] [k=v ...]"
            " [or level=1..10: the default searcher at a strength to choose, 10 full]"
            f" (no budget: {DEFAULT_BUDGET_TEXT})",
        ),
        "hint": Command(
            cmd_hint,
            "hint [infinite] [top=K] [searcher=S] [iterations=N] [movetime=MS] [seed=S] [k=v ...]"
            f" [or level=1..10] (no budget: {DEFAULT_BUDGET_TEXT})",
        ),
        "stop": Command(cmd_stop, "stop"),
        "setoption": Command(cmd_setoption, "setoption <k>=<v> [...]"),
        "help": Command(cmd_help, "help"),
        "quit": Command(cmd_quit, "quit"),
    }
