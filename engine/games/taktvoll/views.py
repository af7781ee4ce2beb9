"""What a Takt Voll seat knows: its View of a position, and the determinization that
deals the cards it has not seen into a whole Position."""

from __future__ import annotations

from dataclasses import replace

from engine.games.taktvoll.codec import (
    AFTER_DRAW,
    OVER,
    Position,
    View,
    check_position,
    known_bar_lines,
    parse_view,
    table_fields,
    view_dict,
)
from engine.games.taktvoll.tables import BAR_KIND, NUM_KINDS
from engine.validate import require


def observation_dict(pos: Position, seat: int) -> dict:
    """What `seat` knows of `pos`, as the observation's dict."""
    return view_dict(view_of(pos, seat))


def determinize(observation: dict, rng, from_position):
    """A state `observation` could be of, the unseen cards dealt with `rng`."""
    return from_position(from_view_checked(parse_view(observation), rng))


def view_of(pos: Position, seat: int) -> View:
    over = pos.phase == OVER
    table = table_fields(pos)
    # The drawn card is the drawer's secret.
    if not (pos.phase == AFTER_DRAW and pos.turn == seat):
        table["drawn"] = -1
    return View(
        rules=pos.rules,
        players=pos.players,
        seat=seat,
        hand=list(pos.hands[seat]),
        hand_sizes=[sum(h) for h in pos.hands],
        deck_size=sum(pos.deck),
        hands=[list(h) for h in pos.hands] if over else None,
        **table,
    )


def unseen_pool(view: View) -> list[int]:
    """Counts per kind of the cards the seat has not seen: the deck minus its hand,
    the table and the bar lines other seats certainly hold."""
    rules, pool = view.rules, list(view.rules.composition)
    for k, n in enumerate(view.hand):
        pool[k] -= n
    for row in view.rows:
        for code in row:
            pool[code >> 1] -= 1
    for p in range(view.players):
        if p != view.seat:
            pool[BAR_KIND] -= known_bar_lines(rules, view.players, view.bar_lines_played[p])
    require(min(pool) >= 0, "the observation shows more cards than the deck has")
    return pool


def position_from_view(view: View, rng) -> Position:
    """A Position the seat cannot tell from the one it saw: the unseen cards shuffled
    (rng.shuffle) and dealt, in seat order, into the other hands' unknown places,
    the rest making up the deck. A drawer's just-drawn card is the first card it
    gets (any of its unknown cards is equally likely to be it). The compiled
    c_determinize draws exactly the same way."""
    rules, n = view.rules, view.players
    if view.hands is not None:
        hands = [list(h) for h in view.hands]
        deck = list(rules.composition)
        for h in hands:
            for k in range(NUM_KINDS):
                deck[k] -= h[k]
        for row in view.rows:
            for code in row:
                deck[code >> 1] -= 1
        require(min(deck) >= 0, "the shown hands and the table hold more cards than the deck")
    else:
        pool = unseen_pool(view)
        cards = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
        unknown = [0] * n
        for p in range(n):
            if p != view.seat:
                unknown[p] = view.hand_sizes[p] - known_bar_lines(
                    rules, n, view.bar_lines_played[p]
                )
                require(
                    unknown[p] >= 0, f"seat {p} holds fewer cards than the bar lines it must hold"
                )
        require(
            sum(unknown) + view.deck_size == len(cards),
            f"the hand sizes and the deck size ({sum(unknown) + view.deck_size} unknown cards) "
            f"do not match the {len(cards)} cards the seat has not seen",
        )
        require(view.hand_sizes[view.seat] == sum(view.hand), "hand_sizes disagrees with the hand")
        rng.shuffle(cards)
        hands = []
        drawn = view.drawn
        at = 0
        for p in range(n):
            if p == view.seat:
                hands.append(list(view.hand))
                continue
            hand = [0] * NUM_KINDS
            hand[BAR_KIND] = view.hand_sizes[p] - unknown[p]
            if view.phase == AFTER_DRAW and p == view.turn:
                require(unknown[p] > 0, "the drawer holds the card it drew")
                drawn = cards[at]
            for k in cards[at : at + unknown[p]]:
                hand[k] += 1
            at += unknown[p]
            hands.append(hand)
        deck = [0] * NUM_KINDS
        for k in cards[at:]:
            deck[k] += 1
        view = replace(view, drawn=drawn)
    pos = Position(rules=rules, players=n, hands=hands, deck=deck, **table_fields(view))
    check_position(pos)
    return pos


def from_view_checked(view: View, rng) -> Position:
    """`position_from_view`, then a check that the seat would see exactly `view` in
    it (which rules out every field that contradicts the others)."""
    pos = position_from_view(view, rng)
    again = view_of(pos, view.seat)
    require(
        view_dict(again) == view_dict(view),
        "the observation is not one a seat can have: its fields contradict each other",
    )
    return pos
