"""Drawing a `cadenza play` session with rich: the position as the person's seat sees
it, the scores, what to type, the AI's moves, hints and the final summary.

Game text (boards, notation) is passed to rich as plain Text, never as markup, so a
game's drawing that contains brackets comes out as written. Every message is one
logical line (wrapped, never cut, at the terminal's width); errors start with `!`.
A drawing wider than the terminal is wrapped line by line, each continuation
indented under its line, so nothing is ever cropped.
"""

from __future__ import annotations

import textwrap
from contextlib import contextmanager
from typing import Iterator, Optional

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from cli.notation import format_number
from cli.play.hints import win_chance
from cli.play.legallist import ELLIPSIS, Group, arrange, numbers_allowed
from cli.play.seatview import position_text, seat_scores
from engine.drawing import fit_line
from engine.rng import Rng

# Lines of the legal list under the position (a 24-line terminal keeps the prompt,
# the list and the end of the drawing in view); `legal` lists everything.
LEGAL_LINES = 10
# Columns of output written to a pipe or file.
PIPE_WIDTH = 1000
# Seeds the worlds that tell which scores the seat can know (any fixed seed does).
SCORE_SEED = 1
# Columns a panel's border and padding take.
PANEL_MARGIN = 4
# What a game's scores count, where "points" would mislead.
SCORE_UNITS = {"leduc": "chips"}

HELP_LINES = [
    ("<action> [<action> ...]", "play actions in notation; several in one line make a whole turn"),
    ("<number>", "play the move of that number in the legal list"),
    (
        "hint [N]",
        "the N best moves for your seat (3 if not given), best first, each with the "
        "searcher's chance to win (a draw counts half) and a reason where the game gives one",
    ),
    ("level N", "search the next hints at level N (1 weakest, 10 full strength)"),
    (
        "undo",
        "back to your previous decision (the replies after it are taken back too); "
        "at a table, take back the last line typed",
    ),
    ("legal", "list everything you can type now"),
    ("save FILE", "write the game (position, history, options) to FILE as JSON"),
    ("load FILE", "continue a game saved with save"),
    ("show", "draw the position again"),
    ("rules", "the game's rules in a few lines and a legend of its notation"),
    ("new", "a new game with the same settings and seat (a new seed)"),
    ("rematch", "the same settings with the seats rotated: you take the next seat (a new seed)"),
    ("help", "this list"),
    ("quit", "leave (end of input does too); Ctrl-C stops the AI's search"),
]
TABLE_HELP = (
    "At a table, type every roll, draw and move as it happens: your own draws, "
    "the dice, public cards and opponents' moves. Draws you cannot see are skipped; "
    "when the game reveals something, you are asked to type it."
)


class Screen:
    """Where a session is drawn: a rich Console (plain text when not a terminal)."""

    def __init__(self, console: Optional[Console] = None):
        if console is None:
            console = Console(highlight=False)
            if not console.is_terminal:
                # A pipe has no width: never cut a game's drawing to rich's default 80.
                console.width = PIPE_WIDTH
        self.console = console

    @property
    def width(self) -> int:
        return self.console.width

    def line(self, text: str, style: str = "") -> None:
        # One logical line whatever the text holds (messages may quote typed input).
        self.console.print(Text(" ".join(str(text).splitlines()), style=style))

    def error(self, text: str) -> None:
        self.line(f"! {text}", style="bold red")

    def header(self, session, seed: Optional[int] = None) -> None:
        game = session.game
        facts = [f"{session.players} players", f"variant {session.variant}"]
        if seed is not None:
            facts.append(f"seed {seed}")
        self.line(f"Cadenza: {game.name} ({', '.join(facts)})", style="bold")
        if session.mode == "table":
            self.line(f"Table mode: you are seat {session.seat}. {TABLE_HELP}")
        else:
            self.line(f"You are seat {session.seat}; {session.opponent_line()}.")
        self.line("Type help for the commands; Tab completes moves.")

    def position(self, session) -> None:
        state = session.view_state()
        title = f"{session.game.name}: seat {session.seat} (you)"
        drawing = position_text(session.game, state, session.seat)
        board = Text(wrap_block(drawing, self.width - PANEL_MARGIN), overflow="fold")
        self.console.print(Panel.fit(board, title=title, title_align="left"))
        if session.log:
            self.line(f"Last: {session.log[-1]}", style="bold yellow")
        scores = visible_scores(session)
        if scores is not None and not state.is_terminal():
            self.line("Scores: " + scores_text(session, scores))
        self.line(session.situation(), style="bold")
        self.legal(session, LEGAL_LINES)

    def legal(self, session, limit: Optional[int] = None) -> None:
        entries = session.legal_entries()
        if not entries:
            return
        lines = legal_lines(entries, self.width)
        shown = lines if limit is None else lines[:limit]
        if len(shown) < len(lines):
            shown.append(f"  ({len(lines) - len(shown)} more lines: type legal)")
        how = "type one or its number" if numbers_allowed([t for t, _ in entries]) else "type one"
        self.line(f"Legal ({len(entries)}; {how}):")
        for text in shown:
            self.line(text)

    def log(self, lines) -> None:
        for text in lines:
            self.line(text, style="cyan")

    def score_change(self, session, before: Optional[list], after: Optional[list]) -> None:
        """A line saying whose score changed, by how much, after the move just shown
        (only scores the person can know)."""
        text = change_text(session, before, after)
        if text:
            self.line(text, style="magenta")

    @contextmanager
    def thinking(self, what: str) -> Iterator[None]:
        if self.console.is_terminal:
            with self.console.status(what + " (Ctrl-C: stop and play the best so far)"):
                yield
        else:
            yield

    def hints(self, hints) -> None:
        for hint in hints:
            words = "; ".join(hint.words)
            plain = "" if words == " ".join(hint.texts) else f" ({words})"
            reason = f": {hint.reason}" if hint.reason else ""
            self.line(
                f"hint {hint.rank}: {' '.join(hint.texts)}{plain}  {win_chance(hint.value)}"
                f"  [{hint.visits} visits]{reason}"
            )
        if getattr(hints, "stopped", False):
            self.line("(the search was stopped early: these are its best so far)")

    def help(self, session) -> None:
        width = max(len(usage) for usage, _ in HELP_LINES)
        for usage, text in HELP_LINES:
            self.line(f"{usage.ljust(width)}  {text}")
        if session.mode == "table":
            self.line(TABLE_HELP)

    def summary(self, session) -> None:
        """The game's end in one place: who won, the final scores, what ended it."""
        scores, returns = final_result(session)
        self.line("Game over: " + winner_line(session, scores, returns), style="bold")
        if scores is not None:
            self.line("Final scores: " + scores_text(session, scores))
        if session.log:
            self.line(f"It ended with {session.log[-1]}.")

    def tally(self, text: str) -> None:
        self.line(text, style="bold")


def wrap_block(text: str, width: int) -> str:
    """`text` with every line longer than `width` wrapped at spaces, continuation
    lines indented two columns under the line's own indentation."""
    width = max(width, 20)
    out = []
    for line in text.splitlines() or [""]:
        line = line.rstrip()
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())] + "  "
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=indent[: width // 2],
                break_on_hyphens=False,
                replace_whitespace=False,
            )
        )
    return "\n".join(out)


def flow(items: list[str], width: int, indent: str) -> list[str]:
    """Items side by side, two spaces apart, in lines of at most `width` columns."""
    lines, current = [], indent
    for item in items:
        if current.strip() and len(current) + 2 + len(item) > width:
            lines.append(current)
            current = indent
        current += ("  " if current.strip() else "") + item
    if current.strip():
        lines.append(current)
    return lines


def legal_lines(entries: list[tuple[str, str]], width: int) -> list[str]:
    """The legal list: one move a line with its plain words when they are few, else
    the moves grouped (cli/play/legallist.py), each with the number to type."""
    numbered = numbers_allowed([t for t, _ in entries])

    def label(number: int, text: str) -> str:
        return f"{number} {text}" if numbered else text

    shown = arrange(entries)
    if not any(isinstance(item, Group) for item in shown):
        lines = []
        for item in shown:
            words = f" — {item.words}" if item.words != item.text else ""
            # Long words wrap under themselves, so each move's lines stay together.
            lines.extend(fit_line(f"  {label(item.number, item.text)}{words}", width, indent=6))
        return (
            lines
            if any(item.words != item.text for item in shown)
            else flow([label(item.number, item.text) for item in shown], width, "  ")
        )
    lines, singles = [], []
    for item in shown:
        if isinstance(item, Group):
            words = f"  ({item.words} …)" if item.words else ""
            head = f"  {item.pattern}{words}, where {ELLIPSIS} is:"
            lines.extend(fit_line(head, width, indent=6))
            lines.extend(flow([label(n, part) for n, part in item.items], width, "     "))
        else:
            singles.append(label(item.number, item.text))
    return flow(singles, width, "  ") + lines


def unit_of(session) -> str:
    return SCORE_UNITS.get(session.game.name, "points")


def visible_scores(session) -> Optional[list]:
    """Each seat's score as the person can know it (None entries where it depends on
    what they cannot see), or None for a game without scores."""
    return seat_scores(session.game, session.view_state(), session.seat, Rng(SCORE_SEED))


def scores_text(session, scores: list) -> str:
    unit = unit_of(session)
    return " · ".join(
        f"{session.who(i)} {'?' if s is None else format_number(s)}"
        + ("" if s is None else f" {unit}")
        for i, s in enumerate(scores)
    )


def change_text(session, before: Optional[list], after: Optional[list]) -> str:
    """'Score: seat 1 +3 (12 → 15)' for every seat whose known score changed."""
    if before is None or after is None:
        return ""
    changes = []
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        if old is None or new is None or old == new:
            continue
        delta = new - old
        sign = "+" if delta > 0 else "-"
        changes.append(
            f"{session.who(seat)} {sign}{format_number(abs(delta))} "
            f"({format_number(old)} → {format_number(new)})"
        )
    return ("Score: " + ", ".join(changes) + f" {unit_of(session)}") if changes else ""


def final_result(session) -> tuple[Optional[list], list]:
    """(scores, returns) at the end of the game, as far as the person can know them."""
    if session.mode == "table":
        return session.known_result()
    state = session.view_state()
    try:
        scores = list(state.scores())
    except NotImplementedError:
        scores = None
    return scores, list(state.returns())


def winner_line(session, scores: Optional[list], returns: list) -> str:
    """'you win 7 chips.', 'seat 1 wins.', 'a draw.' ... (what the person can know)."""
    if any(r is None for r in returns):
        return "the result depends on what you did not see."
    best = max(returns)
    winners = [seat for seat, r in enumerate(returns) if r == best]
    if len(winners) == len(returns):
        return "a draw."
    if len(winners) > 1:
        return f"shared win: {', '.join(session.who(seat) for seat in winners)}."
    winner = winners[0]
    name = "you win" if winner == session.seat else f"{session.who(winner)} wins"
    known = scores is not None and all(s is not None for s in scores)
    if known and abs(sum(scores)) < 1e-9 and scores[winner] > 0:
        # Zero-sum scores are what changed hands: say what the winner took.
        return f"{name} {format_number(scores[winner])} {unit_of(session)}."
    return f"{name}."
