"""Takt Voll drawn as text: the whole table, or only what one seat sees."""

from __future__ import annotations

from engine.games.taktvoll.codec import (
    DEAL,
    OVER,
    PHASES,
    START,
    Position,
    View,
    code_name,
    known_bar_lines,
    summarize_row,
)
from engine.games.taktvoll.tables import BAR_KIND, KINDS, Rules


def _grouped(counts) -> str:
    parts = [f"{KINDS[k].name}x{n}" if n > 1 else KINDS[k].name for k, n in enumerate(counts) if n]
    return " ".join(parts) or "-"


def row_text(rules: Rules, codes: list[int]) -> str:
    """A row as bars: "clef 3/4 | Q Q Q | E E [4/12]" (the open bar's fill last)."""
    words = [code_name(c) for c in codes[:2]]
    summary = summarize_row(rules, codes, "row")
    bar: list[str] = []
    for code in codes[2:]:
        if code >> 1 == BAR_KIND:
            words.append(" ".join(bar) + " |")
            bar = []
        else:
            bar.append(code_name(code))
    if summary.capacity:
        words.append(" ".join(bar + [f"[{summary.fill}/{summary.capacity}]"]))
    return " ".join(w for w in words if w)


def render(pos: Position) -> str:
    """The whole position (every hand shown) in a few lines."""
    return _draw(pos, [sum(h) for h in pos.hands], sum(pos.deck), pos.hands, viewer=None)


def render_view(view: View) -> str:
    """What one seat sees, drawn like `render`: its own hand; the others' only as
    counts until the game is over."""
    hands = view.hands or [view.hand if p == view.seat else None for p in range(view.players)]
    return _draw(view, view.hand_sizes, view.deck_size, hands, viewer=view.seat)


def _unseen_hand(view: View, seat: int) -> str:
    bars = known_bar_lines(view.rules, view.players, view.bar_lines_played[seat])
    return f"unseen ({bars} of them bar lines)" if bars else "unseen"


def _draw(pos, sizes: list, deck_size: int, hands: list, viewer) -> str:
    """`pos` is a Position or a View (the fields they share); a hand of None is unseen."""
    n = pos.players
    mover = {DEAL: "dealing", START: "drawing the first seat", OVER: "game over"}.get(
        pos.phase, f"seat {pos.turn} to move ({PHASES[pos.phase]})"
    )
    lines = [f"Takt Voll  {pos.rules.variant}  {n} players  deck {deck_size}  {mover}"]
    for r, row in enumerate(pos.rows):
        lines.append(f"  row {r + 1}: {row_text(pos.rules, row)}")
    if not pos.rows:
        lines.append("  no rows yet")
    for p in range(n):
        notes = []
        if pos.drawn >= 0 and p == pos.turn:
            notes.append(f"drew {KINDS[pos.drawn].name}")
        if pos.bonus_row >= 0 and p == pos.turn:
            notes.append(f"may close row {pos.bonus_row + 1}")
        note = f"  ({', '.join(notes)})" if notes else ""
        you = " (you)" if p == viewer else ""
        cards = _grouped(hands[p]) if hands[p] is not None else _unseen_hand(pos, p)
        lines.append(f"  seat {p}{you}: {pos.points[p]} pts, {sizes[p]} cards: {cards}{note}")
    if pos.passes:
        lines.append(f"  {pos.passes} pass(es) in a row")
    return "\n".join(lines)
