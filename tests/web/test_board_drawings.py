"""The board drawings of the four seed games (engine/games/<g>/svg.py), without a
browser: at many positions of seeded games every legal action of the seat to move has
a clickable element on the board, and a seat's drawing holds nothing it cannot see
(it is the same in every world the seat cannot tell apart)."""

from __future__ import annotations

import json

import pytest

from cli.serve.svg import drawer_for
from cli.serve.views import seat_words
from engine.game import sample_chance
from engine.rng import Rng

GAMES = ["maestro", "taktvoll", "luthier", "renaissance"]
POSITIONS = 40  # positions looked at a game


def board_of(game, state, seat: int) -> dict:
    legal = {}
    if state.current_player() == seat:
        legal = {a: seat_words(game, state, a, seat) for a in state.legal_actions()}
    return drawer_for(game)(state.observation(seat), legal, {"seat": seat})


def clickable(node: dict) -> list[int]:
    found = []
    if "data-action" in node["attrs"]:
        found.append(int(node["attrs"]["data-action"]))
    for child in node["children"]:
        found += clickable(child)
    return found


def positions(game, seed: int, count: int):
    """Decision points of a seeded random game, several games if one ends early."""
    rng = Rng(seed)
    seen = 0
    while True:
        state = game.new_state(None, None, rng.next_u64())
        while not state.is_terminal():
            if state.current_player() < 0:
                state.apply(sample_chance(state, rng))
                continue
            if rng.next_u64() % 3 == 0:
                yield state
                seen += 1
                if seen == count:
                    return
            legal = state.legal_actions()
            state.apply(legal[rng.next_u64() % len(legal)])


@pytest.mark.parametrize("name", GAMES)
def test_each_game_draws_its_own_board(registry, name):
    game = registry.game(name)
    assert game.board_svg == f"engine.games.{name}.svg:draw"
    assert drawer_for(game).__module__ == f"engine.games.{name}.svg"


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_has_a_clickable_element(registry, name):
    game = registry.game(name)
    kinds = set()
    for state in positions(game, 7, POSITIONS):
        seat = state.current_player()
        legal = set(state.legal_actions())
        on_board = clickable(board_of(game, state, seat))
        assert legal <= set(on_board), f"not on the board: {sorted(legal - set(on_board))}"
        assert len(on_board) == len(set(on_board)), "one element an action"
        assert set(on_board) <= legal, "only legal actions are clickable"
        kinds.update(state.describe(a, seat).split()[0] for a in legal)
    assert len(kinds) >= 3  # the positions cover several kinds of move


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_the_same_drawing_in_every_world_it_cannot_tell_apart(registry, name):
    game = registry.game(name)
    rng = Rng(11)
    for state in positions(game, 3, POSITIONS // 2):
        for seat in range(state.num_players):
            drawing = json.dumps(board_of(game, state, seat), sort_keys=True)
            for _ in range(3):
                world = state.determinize(seat, rng)
                assert json.dumps(board_of(game, world, seat), sort_keys=True) == drawing


# ---- the drawn boards of Luthier and da Vinci vs Michelangelo ----------------------------

BOARDS = ["luthier", "renaissance"]
PHONE_WIDTH = 760  # at most this wide, a board keeps 14px text above 6.5px on a 390px phone


def elements(node: dict):
    yield node
    for child in node["children"]:
        yield from elements(child)


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_fits_its_view_box_and_a_phone(registry, name):
    game = registry.game(name)
    for state in positions(game, 5, POSITIONS // 2):
        seat = state.current_player()
        board = board_of(game, state, seat)
        _, _, width, height = (float(v) for v in board["attrs"]["viewBox"].split())
        assert width <= PHONE_WIDTH
        for node in elements(board):
            a = node["attrs"]
            for key, limit in (("x", width), ("cx", width), ("y", height), ("cy", height)):
                if key in a:
                    assert 0 <= float(a[key]) <= limit, (node["tag"], a)
            if node["tag"] == "rect":
                assert float(a["x"]) + float(a["width"]) <= width + 0.5, a
                assert float(a["y"]) + float(a["height"]) <= height + 0.5, a


def card_backs(board: dict) -> int:
    return sum(1 for n in elements(board) if "back" in n["attrs"].get("class", "").split())


@pytest.mark.parametrize("name", BOARDS)
def test_the_other_seats_hands_are_card_backs_as_many_as_they_hold(registry, name):
    game = registry.game(name)
    seen_backs = 0
    for state in positions(game, 13, POSITIONS // 2):
        seat = state.current_player()
        obs = state.observation(seat)
        if name == "renaissance":
            rival = obs["workshops"][1 - seat]
            hidden = rival["hand_size"] + rival["aside_size"]
            hidden += sum(1 for ws in obs["workshops"] for card, _, _ in ws["board"] if card == "?")
        else:
            hidden = sum(min(p["hand_n"], 12) for s, p in enumerate(obs["players"]) if s != seat)
        assert card_backs(board_of(game, state, seat)) == hidden
        seen_backs += hidden
    assert seen_backs > 0  # the positions include hidden cards


def action_boxes(node: dict, found: list) -> list:
    """(action, x, y, w, h) of every action element drawn as a box (its first rect)."""
    if "data-action" in node["attrs"]:
        rects = [c for c in node["children"] if c["tag"] == "rect"]
        if rects:
            a = rects[0]["attrs"]
            box = tuple(float(a[k]) for k in ("x", "y", "width", "height"))
            found.append((int(node["attrs"]["data-action"]), *box))
    for child in node["children"]:
        action_boxes(child, found)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_no_two_clickable_boxes_overlap(registry, name):
    # A box drawn over another one takes its clicks: the page could not play that move.
    game = registry.game(name)
    for state in positions(game, 11, POSITIONS):
        seat = state.current_player()
        boxes = action_boxes(board_of(game, state, seat), [])
        for i, (a, x, y, w, h) in enumerate(boxes):
            for b, x2, y2, w2, h2 in boxes[i + 1 :]:
                overlap = min(x + w, x2 + w2) - max(x, x2), min(y + h, y2 + h2) - max(y, y2)
                assert a == b or min(overlap) <= 0, (name, a, b, state.to_json()[:200])
