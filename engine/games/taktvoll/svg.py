"""Takt Voll on the web page (engine/svgtree.py): every row of the score as the cards
played on it, the seat's own hand face up, the others' hands as counts, the deck, the
points. At the end of a row sits one chip for each card the seat may play there (a
clef opens a new row below the last); draw, keep, pass and no bonus bar line are
drawn buttons. Drawn from the seat's observation only."""

from __future__ import annotations

from engine.games.taktvoll.actions import (
    DEAL_BASE,
    DRAW,
    KEEP,
    NOBAR,
    PASS,
    PLAY_BASE,
    TURNED_MARK,
    decode_play,
)
from engine.games.taktvoll.tables import CLEF_KIND, KIND_BY_NAME, KINDS
from engine.games.taktvoll.words import card_name
from engine.svgtree import button_rows, el

WIDTH = 900
CARD_W, CARD_H, GAP = 34, 44, 3
ROW_X = 76  # the row titles left of the cards
CARDS_A_LINE = (WIDTH - ROW_X) // (CARD_W + GAP)
LABELS = {DRAW: "Draw a card", KEEP: "Keep it", PASS: "Pass", NOBAR: "No bonus bar line"}


def draw(observation: dict, legal: dict, context: dict) -> dict:
    seat = observation["seat"]
    plays: dict[int, list[int]] = {}  # row (-1: a new row) -> the plays onto it
    for action in legal:
        if PLAY_BASE <= action < DEAL_BASE:
            kind, row, _ = decode_play(action)
            plays.setdefault(-1 if kind == CLEF_KIND else row, []).append(action)
    others = ", ".join(
        f"seat {s}: {n} cards, {observation['points'][s]} points"
        for s, n in enumerate(observation["hand_sizes"])
        if s != seat
    )
    parts = [
        el(
            "text", x=0, y=18, class_="label",
            text=f"you: {observation['points'][seat]} points   deck {observation['deck_size']}"
            f" cards   {_status(observation)}",
        ),
        el("text", x=0, y=38, class_="value", text=others),
    ]  # fmt: skip
    y = 52
    for r, cards in enumerate(observation["rows"]):
        y = _row(parts, f"row {r + 1}", cards, plays.get(r, []), legal, y, r == _bonus(observation))
    if -1 in plays:
        y = _row(parts, "new row", [], plays[-1], legal, y, False)
    y += 8
    parts.append(el("text", x=0, y=y + 14, class_="label", text="hand"))
    for i, name in enumerate(observation["hand"]):
        line, column = divmod(i, CARDS_A_LINE)
        parts.append(_card(ROW_X + column * (CARD_W + GAP), y + line * (CARD_H + GAP), name))
    lines = max(1, -(-len(observation["hand"]) // CARDS_A_LINE))
    y += lines * (CARD_H + GAP) + 6
    if observation["drawn"] is not None:
        parts.append(el("text", x=0, y=y + 14, class_="label", text="just drawn"))
        parts.append(_card(ROW_X + 30, y, observation["drawn"]))
        y += CARD_H + 8
    claimed = {a for row in plays.values() for a in row}
    rest = [(a, LABELS.get(a, legal[a]), legal[a]) for a in sorted(legal) if a not in claimed]
    buttons, y = button_rows(rest, 0, y + 4, WIDTH)
    parts += buttons
    return el("svg", *parts, viewBox=f"0 0 {WIDTH} {y + 4:.0f}", class_="board taktvoll")


def _status(observation: dict) -> str:
    if observation["phase"] == "over":
        return "the game is over"
    mover = observation["turn"]
    return "your turn" if mover == observation["seat"] else f"seat {mover} to move"


def _bonus(observation: dict):
    return observation["bonus_row"]


def _row(parts, title, cards, plays, legal, y, marked) -> float:
    """One row of the score from y, its playable chips after its cards; the y below."""
    parts.append(
        el("text", x=0, y=y + 26, class_="label" + (" mover" if marked else ""), text=title)
    )
    slots = [("card", name) for name in cards] + [("play", a) for a in sorted(plays)]
    for i, (what, item) in enumerate(slots):
        line, column = divmod(i, CARDS_A_LINE)
        x, cy = ROW_X + column * (CARD_W + GAP), y + line * (CARD_H + GAP)
        if what == "card":
            parts.append(_card(x, cy, item))
        else:
            kind, _, turned = decode_play(item)
            label = KINDS[kind].name + (TURNED_MARK if turned else "")
            parts.append(
                el(
                    "g",
                    el("title", text=legal[item]),
                    el("rect", x=x, y=cy, width=CARD_W, height=CARD_H, rx=4, class_="btn chip"),
                    el("text", x=x + CARD_W / 2, y=cy + 18, text_anchor="middle", class_="tiny",
                       text="play"),
                    el("text", x=x + CARD_W / 2, y=cy + 34, text_anchor="middle", class_="small",
                       text=label),
                    class_="action",
                    data_action=item,
                )
            )  # fmt: skip
    lines = max(1, -(-len(slots) // CARDS_A_LINE))
    return y + lines * (CARD_H + GAP) + 4


def _card(x: float, y: float, name: str) -> dict:
    """A card face up, its notation on it and its name in words as the tooltip."""
    turned = name.endswith(TURNED_MARK)
    kind = KIND_BY_NAME.get(name[:-1] if turned else name)
    words = card_name(kind.index) if kind is not None else name
    return el(
        "g",
        el("title", text=words + (" (turned round)" if turned else "")),
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, class_="played"),
        el("text", x=x + CARD_W / 2, y=y + 27, text_anchor="middle", class_="small",
           text="|" if name == "bar" else name),
    )  # fmt: skip
