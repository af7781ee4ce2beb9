"""The words typed at the `cadenza play` prompt: a flat table from command word to a
small handler; any other line is moves (or, at a table, outcomes and reveals) in the
game's notation, played all or nothing.

A handler draws what it has to say on the Screen and returns an Outcome: the session
to go on with (a new one after `load`), whether the position changed, and what the
loop is asked to do (quit, save, start the next game). A lone number is the move of
that number in the legal list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cli.levels.ladder import level_named
from cli.play import savefile
from cli.play.errors import PlayError
from cli.play.hints import DEFAULT_TOP
from cli.play.legallist import number_of
from cli.play.render import Screen
from cli.play.session import Session
from cli.specs import MAX_LEVEL, MIN_LEVEL, level_spec

MAX_HINTS = 20


@dataclass
class Outcome:
    session: Session
    changed: bool = False  # draw the position again (and let the AI seats move)
    quit: bool = False
    saved: bool = False  # the game as it is now is in a file the person named
    next_game: str = ""  # "new" or "rematch": the loop starts it (cli/play/sitting.py)


def execute(line: str, session: Session, screen: Screen, registry) -> Outcome:
    """Carry out one typed line; PlayError (nothing changed) for anything wrong."""
    words = line.split()
    if not words:
        return Outcome(session)
    handler = COMMANDS.get(words[0])
    if handler is None:
        try:
            named = number_of(line, session.legal_texts())
        except ValueError as exc:
            raise PlayError(str(exc)) from None
        session.play([named] if named else words)
        return Outcome(session, changed=True)
    rest = line.strip()[len(words[0]) :].strip()
    return handler(session, words[1:], rest, screen, registry)


def candidates(session: Session, words: list[str]) -> list[str]:
    """What may be typed after `words`, for completion."""
    if not words:
        return session.legal_texts() + list(COMMANDS)
    if words[0] in COMMANDS:
        return []
    return session.completions(words)


def _no_args(word: str, args: list[str]) -> None:
    if args:
        raise PlayError(f"{word} takes nothing after it, got {' '.join(args)}")


def cmd_hint(session, args, rest, screen, registry) -> Outcome:
    if len(args) > 1 or (args and not (args[0].isdigit() and 1 <= int(args[0]) <= MAX_HINTS)):
        raise PlayError(f"hint takes an optional count 1..{MAX_HINTS}, e.g. hint 5")
    top = int(args[0]) if args else DEFAULT_TOP
    with screen.thinking(f"searching for hints ({session.hint_spec})"):
        hints = session.hint(top)
    screen.hints(hints)
    return Outcome(session)


def cmd_level(session, args, rest, screen, registry) -> Outcome:
    if len(args) != 1 or level_named(args[0]) is None:
        raise PlayError(f"level takes one level {MIN_LEVEL}..{MAX_LEVEL}, e.g. level 8")
    level = level_named(args[0])
    session.use_hint_spec(level_spec(level))
    screen.line(f"Hints now search at level {level} ({session.hint_spec}).")
    return Outcome(session)


def cmd_undo(session, args, rest, screen, registry) -> Outcome:
    _no_args("undo", args)
    taken = session.undo()
    screen.line("Took back: " + ("; ".join(taken) if taken else "nothing that was logged"))
    return Outcome(session, changed=True)


def cmd_legal(session, args, rest, screen, registry) -> Outcome:
    _no_args("legal", args)
    if not session.legal_texts():
        raise PlayError("nothing to type now: the game is over")
    screen.legal(session)
    return Outcome(session)


def cmd_save(session, args, rest, screen, registry) -> Outcome:
    if not rest:
        raise PlayError("save needs a file name: save FILE")
    savefile.save(session, rest)
    screen.line(f"Saved to {rest}.")
    return Outcome(session, saved=True)


def cmd_load(session, args, rest, screen, registry) -> Outcome:
    if not rest:
        raise PlayError("load needs a file name: load FILE")
    loaded = savefile.load(registry, rest)
    screen.line(f"Loaded {rest}: {loaded.game.name}, you are seat {loaded.seat}.")
    return Outcome(loaded, changed=True, saved=True)


def cmd_show(session, args, rest, screen, registry) -> Outcome:
    _no_args("show", args)
    return Outcome(session, changed=True)


def cmd_rules(session, args, rest, screen, registry) -> Outcome:
    _no_args("rules", args)
    game = session.game
    screen.line(f"Rules of {game.name}:", style="bold")
    for line in (game.rules or f"{game.name} gives no rules summary.").splitlines():
        screen.line(f"  {line}")
    screen.line("Notation:", style="bold")
    fallback = "no legend for this game: type legal to list what you can type now."
    for line in (game.notation or fallback).splitlines():
        screen.line(f"  {line}")
    return Outcome(session)


def cmd_help(session, args, rest, screen, registry) -> Outcome:
    screen.help(session)
    return Outcome(session)


def cmd_quit(session, args, rest, screen, registry) -> Outcome:
    return Outcome(session, quit=True)


def cmd_new(session, args, rest, screen, registry) -> Outcome:
    _no_args("new", args)
    return Outcome(session, next_game="new")


def cmd_rematch(session, args, rest, screen, registry) -> Outcome:
    _no_args("rematch", args)
    return Outcome(session, next_game="rematch")


COMMANDS: dict[str, Callable[..., Outcome]] = {
    "hint": cmd_hint,
    "level": cmd_level,
    "undo": cmd_undo,
    "legal": cmd_legal,
    "save": cmd_save,
    "load": cmd_load,
    "show": cmd_show,
    "rules": cmd_rules,
    "new": cmd_new,
    "rematch": cmd_rematch,
    "help": cmd_help,
    "quit": cmd_quit,
    "exit": cmd_quit,
}
