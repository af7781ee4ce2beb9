"""Pig on the web page (engine/svgtree.py): both totals against the target, the turn
total, the last die and the roll and hold buttons."""

from engine.games.pig.actions import FACE_BASE, FACES, HOLD, ROLL
from engine.svgtree import button, el

WIDTH = 420
# Pip positions on a 60-unit die face, by face value.
PIPS = {
    1: [(30, 30)],
    2: [(15, 15), (45, 45)],
    3: [(15, 15), (30, 30), (45, 45)],
    4: [(15, 15), (45, 15), (15, 45), (45, 45)],
    5: [(15, 15), (45, 15), (30, 30), (15, 45), (45, 45)],
    6: [(15, 15), (45, 15), (15, 30), (45, 30), (15, 45), (45, 45)],
}


def draw(observation: dict, legal: dict, context: dict) -> dict:
    target = int(str(observation["variant"]).removeprefix("target") or 100)
    parts = []
    for seat, score in enumerate(observation["scores"]):
        y = 10 + seat * 40
        mover = " mover" if seat == observation["to_move"] else ""
        parts.append(el("text", x=0, y=y + 18, class_="label" + mover, text=f"seat {seat}"))
        parts.append(el("rect", x=70, y=y, width=300, height=24, rx=4, class_="track"))
        share = min(score / target, 1.0) if target else 0.0
        parts.append(el("rect", x=70, y=y, width=300 * share, height=24, rx=4, class_="fill"))
        parts.append(el("text", x=380, y=y + 18, class_="value", text=f"{score}/{target}"))
    parts.append(
        el("text", x=0, y=120, class_="value", text=f"turn total {observation['turn_total']}")
    )
    faces = [a - FACE_BASE + 1 for a in context.get("last_actions", ()) if a >= FACE_BASE]
    if faces and 1 <= faces[-1] <= FACES:
        parts.append(die(200, 96, faces[-1]))
    for action, label, x in ((ROLL, "Roll", 0), (HOLD, "Hold", 110)):
        if action in legal:
            parts.append(button(x, 170, 100, 40, action, label, legal[action]))
    return el("svg", *parts, viewBox=f"0 0 {WIDTH} 220", class_="board pig")


def die(x: float, y: float, face: int) -> dict:
    pips = [el("circle", cx=x + px, cy=y + py, r=5, class_="pip") for px, py in PIPS[face]]
    return el(
        "g",
        el("title", text=f"the die shows {face}"),
        el("rect", x=x, y=y, width=60, height=60, rx=10, class_="die"),
        *pips,
        class_="die-face",
        data_face=face,
    )
