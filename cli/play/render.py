"""Drawing a `cadenza play` session with rich: the position as the person's seat sees
it, the scores, what to type, the AI's moves, hints and the final summary.

Game text (boards, notation) is passed to rich as plain Text, never as markup, so a
game's drawing that contains brackets comes out as written. Every message is one
line; errors start with `!`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Optional

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from cli.notation import format_number
from cli.play.seatview import position_text, seat_scores
from engine.rng import Rng

# Legal actions listed under the position; `legal` lists them all.
LEGAL_SHOWN = 60
# Columns of output written to a pipe or file.
PIPE_WIDTH = 1000
# Seeds the worlds that tell which scores the seat can know (any fixed seed does).
SCORE_SEED = 1

HELP_LINES = [
    ("<action> [<action> ...]", "play actions in notation; several in one line make a whole turn"),
    ("hint [N]", "the N best moves for your seat (3 if not given), with values and reasons"),
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
    ("help", "this list"),
    ("quit", "leave (end of input does too)"),
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
            console = Console(highlight=False, soft_wrap=True)
            if not console.is_terminal:
                # A pipe has no width: never cut a game's drawing to rich's default 80.
                console.width = PIPE_WIDTH
        self.console = console

    def line(self, text: str, style: str = "") -> None:
        # One line whatever the text holds (messages may quote typed input).
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
        board = Text(position_text(session.game, state, session.seat))
        self.console.print(Panel.fit(board, title=title, title_align="left"))
        scores = seat_scores(session.game, state, session.seat, Rng(SCORE_SEED))
        if scores is not None and not state.is_terminal():
            self.line(
                "Scores: "
                + " · ".join(
                    f"{session.who(i)} {'?' if s is None else format_number(s)}"
                    for i, s in enumerate(scores)
                )
            )
        self.line(session.situation(), style="bold")
        self.legal(session, LEGAL_SHOWN)

    def legal(self, session, limit: Optional[int] = None) -> None:
        texts = session.legal_texts()
        if not texts:
            return
        shown = texts if limit is None else texts[:limit]
        more = len(texts) - len(shown)
        tail = f" ({more} more: type legal)" if more else ""
        self.line(f"Legal: {' '.join(shown)}{tail}")

    def log(self, lines) -> None:
        for text in lines:
            self.line(text, style="cyan")

    @contextmanager
    def thinking(self, what: str) -> Iterator[None]:
        if self.console.is_terminal:
            with self.console.status(what):
                yield
        else:
            yield

    def hints(self, hints) -> None:
        for hint in hints:
            reason = f"  ({hint.reason})" if hint.reason else ""
            self.line(
                f"hint {hint.rank}: {' '.join(hint.texts)}  value {format_number(hint.value, 3)}"
                f"  visits {hint.visits}{reason}"
            )

    def help(self, session) -> None:
        width = max(len(usage) for usage, _ in HELP_LINES)
        for usage, text in HELP_LINES:
            self.line(f"{usage.ljust(width)}  {text}")
        if session.mode == "table":
            self.line(TABLE_HELP)

    def summary(self, session) -> None:
        scores, returns = final_result(session)
        self.line("Game over.", style="bold")
        for seat in range(session.players):
            score = "?" if scores is None or scores[seat] is None else format_number(scores[seat])
            share = "?" if returns[seat] is None else format_number(returns[seat], 3)
            self.line(f"  {session.who(seat)}: score {score}, share of the win {share}")
        self.line(winner_line(session, returns), style="bold")


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


def winner_line(session, returns: list) -> str:
    if any(r is None for r in returns):
        return "The result depends on what you did not see."
    best = max(returns)
    winners = [seat for seat, r in enumerate(returns) if r == best]
    if len(winners) == len(returns):
        return "A draw."
    names = ", ".join(session.who(seat) for seat in winners)
    if len(winners) > 1:
        return f"Shared win: {names}."
    if winners == [session.seat]:
        return "You win!"
    return f"Winner: {names}."
