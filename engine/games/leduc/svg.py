"""Leduc poker on the web page (engine/svgtree.py): the seat's card, the opponent's
face down until a showdown shows it, the public card, the pot, the bets of each round
and the fold, call and raise buttons. Drawn from the seat's observation only."""

from engine.games.leduc.actions import BET_NAMES
from engine.svgtree import button, el

WIDTH = 460


def draw(observation: dict, legal: dict, context: dict) -> dict:
    seat = observation["seat"]
    other = 1 - seat
    contributions = observation["contributions"]
    parts = [
        card(20, 140, observation["own"], f"your card (seat {seat})"),
        card(20, 10, observation["opponent"], f"seat {other}'s card"),
        card(190, 75, observation["public"], "public card"),
        el("text", x=100, y=195, class_="label", text="you"),
        el("text", x=100, y=65, class_="label", text=f"seat {other}"),
        el("text", x=225, y=195, text_anchor="middle", class_="label", text="public"),
        el("text", x=300, y=100, class_="value", text=f"pot {sum(contributions)}"),
        el("text", x=300, y=124, class_="value", text=f"you are in for {contributions[seat]}"),
        el(
            "text", x=300, y=148, class_="value", text=f"seat {other} in for {contributions[other]}"
        ),
    ]
    for rnd, bets in enumerate(observation["history"]):
        words = " ".join(str(b) for b in bets) or "-"
        parts.append(
            el("text", x=300, y=20 + 22 * rnd, class_="label", text=f"round {rnd + 1}: {words}")
        )
    for i, name in enumerate(BET_NAMES):
        if i in legal:
            parts.append(button(110 + 115 * i, 250, 105, 40, i, name.capitalize(), legal[i]))
    return el("svg", *parts, viewBox=f"0 0 {WIDTH} 300", class_="board leduc")


def card(x: float, y: float, name, title: str) -> dict:
    """A card face up (its rank and suit), or face down when `name` is unseen (None)."""
    face = name is not None
    parts = [
        el("title", text=f"{title}: {name}" if face else f"{title}: not seen"),
        el("rect", x=x, y=y, width=70, height=100, rx=8, class_="card" if face else "card back"),
    ]
    if face:
        suit = "\u2660" if str(name).endswith("s") else "\u2665"
        parts.append(
            el("text", x=x + 35, y=y + 50, text_anchor="middle", class_="rank", text=str(name)[0])
        )
        parts.append(el("text", x=x + 35, y=y + 80, text_anchor="middle", class_="suit", text=suit))
    return el("g", *parts)
