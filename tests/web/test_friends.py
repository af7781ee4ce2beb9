"""Friends at one table: two people in one room of a hidden-information game, each
in their own browser context with their own seat link. Each page's DOM and every
WebSocket frame it received hold only its own seat's view, checked against the true
state in the store; a seat's token cannot act for the other seat; undo is refused."""

from __future__ import annotations

import json
import re

from helpers import room_of, screenshot
from plugins.manager import default_registry
from wsclient import answer_to

REGISTRY = default_registry()


def framed(page) -> list[str]:
    """Start keeping every WebSocket frame `page` receives (as text)."""
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda p: frames.append(p if isinstance(p, str) else p.decode()),
        ),
    )
    return frames


def open_room(page, server, game, players):
    """The creator's page: seat 0 for the creator, seat 1 a friend, the rest AI."""
    page.goto(server.url)
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.select_option("#seat", "0")
    page.select_option('#ai-seats select[data-seat="1"]', "human")
    for seat in range(2, players):
        page.select_option(f'#ai-seats select[data-seat="{seat}"]', "3")
    page.click("#start")
    page.wait_for_selector("#board svg")
    return page.input_value('#link-list input[data-seat="1"]')


def joined(page, seat) -> str:
    return page.get_attribute(f'#seats li[data-seat="{seat}"]', "data-joined")


def phase(page) -> str:
    return page.eval_on_selector("#play", "el => el.dataset.phase || ''")


def settle(pages) -> None:
    """Until one page is to move (or the game is over on both)."""
    for _ in range(600):
        phases = [phase(p) for p in pages]
        if "mine" in phases or all(ph == "over" for ph in phases):
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"nobody is to move: {phases}")


def act_first(page) -> None:
    version = page.eval_on_selector("#play", "el => el.dataset.version")
    partial = page.eval_on_selector("#play", "el => el.dataset.partial")
    page.click("#legal button >> nth=0")
    page.wait_for_function(
        "([v, p]) => { const d = document.getElementById('play').dataset;"
        " return d.version !== v || d.partial !== p; }",
        arg=[version, partial],
    )


def two_people(browser, server, game, players):
    contexts = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    frames = [framed(p) for p in pages]
    link = open_room(pages[0], server, game, players)
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#room=[\w-]+&token=[\w-]{32}", link)
    room = room_of(pages[0])
    # The friend has not come yet: the creator's page says so.
    assert joined(pages[0], 1) == "false"
    pages[1].goto(link)
    pages[1].wait_for_selector("#board svg")
    pages[0].wait_for_function(
        "() => document.querySelector('#seats li[data-seat=\"1\"]').dataset.joined === 'true'"
    )
    assert pages[1].locator("#links").is_hidden()  # only the creator holds the links
    return contexts, pages, frames, room


def token_of(link: str) -> str:
    return re.search(r"token=([\w-]+)", link).group(1)


def refused_for_other_seat(server, room, token, other) -> None:
    """A socket holding one seat's token cannot act for `other`; nothing changes."""
    before = server.stored_state(room)
    with server.socket() as ws:
        ws.send(json.dumps({"type": "join", "room": room, "token": token}))
        view = answer_to(ws)
        seat = view["seat"]
        version = view["version"]
        ws.send(json.dumps({"type": "move", "actions": [0], "version": version, "seat": other}))
        answer = answer_to(ws)
        assert answer == {
            "type": "error",
            "message": f"your link is for seat {seat}: it cannot act for seat {other}",
        }
        ws.send(json.dumps({"type": "undo", "version": version}))
        answer = answer_to(ws)
        assert answer["type"] == "error" and "several people" in answer["message"]
        if view["to_move"] != seat:
            ws.send(json.dumps({"type": "move", "actions": [0], "version": version}))
            answer = answer_to(ws)
            assert answer["type"] == "error" and "not your turn" in answer["message"]
    assert server.stored_state(room) == before


def test_leduc_two_people_each_see_only_their_own_card(browser, server):
    contexts, pages, frames, room = two_people(browser, server, "leduc", 2)
    try:
        cards = server.stored_state(room)["private"]
        link = pages[0].input_value('#link-list input[data-seat="1"]')
        refused_for_other_seat(server, room, token_of(link), 0)
        doms = [[], []]
        for _ in range(12):
            settle(pages)
            if all(phase(p) == "over" for p in pages):
                break
            for seat, page in enumerate(pages):
                doms[seat].append(page.content())
            mover = [phase(p) for p in pages].index("mine")
            act_first(pages[mover])
        for seat in (0, 1):
            other = re.compile(rf"\b{cards[1 - seat]}\b")
            own = re.compile(rf"\b{cards[seat]}\b")
            views = [f for f in frames[seat] if json.loads(f).get("over") is None]
            assert views, "the page got views while the hand went on"
            for text in views + doms[seat]:
                assert not other.search(text), f"seat {seat} saw the other card"
            assert any(own.search(text) for text in views)  # the check can fail
    finally:
        for context in contexts:
            context.close()


def card_sequence(frame: str) -> list[str]:
    """The tooltips of the cards a view's board draws under its "hand" label."""
    children = json.loads(frame)["board"]["children"]
    start = next(i for i, c in enumerate(children) if c.get("text") == "hand")
    titles = []
    for child in children[start + 1 :]:
        kids = child.get("children") or []
        if child["tag"] != "g" or len(kids) < 2 or kids[1]["attrs"].get("class") != "played":
            break  # past the hand: a label, or a button
        titles.append(kids[0]["text"])
    return titles


def hand_titles(state_json: dict, seat: int) -> str:
    """The seat's hand as its own board draws it: each card's name in words (the card's
    tooltip in engine/games/taktvoll/svg.py), as one JSON string of them in order."""
    from engine.games.taktvoll.svg import _card

    game = REGISTRY.game("taktvoll")
    state = game.from_json(json.dumps(state_json))
    titles = [_card(0, 0, name)["children"][0]["text"] for name in state.observation(seat)["hand"]]
    return json.dumps(titles)[1:-1]  # '"a", "b"' as it stands inside a frame


def test_taktvoll_two_people_and_an_ai_each_see_only_their_own_hand(browser, server):
    contexts, pages, frames, room = two_people(browser, server, "taktvoll", 3)
    try:
        link = pages[0].input_value('#link-list input[data-seat="1"]')
        refused_for_other_seat(server, room, token_of(link), 0)
        checks, decisions = 0, 0
        for _ in range(6):
            settle(pages)
            stored = server.stored_state(room)
            for seat in range(len(pages)):
                other = hand_titles(stored, 1 - seat)
                for text in frames[seat]:
                    assert other.replace(", ", ",") not in text, f"seat {seat} saw the hand"
                    assert f"seat {1 - seat} (you)" not in text
                # The other seat's own board draws those cards: the check can fail.
                last_view = next(f for f in reversed(frames[1 - seat]) if '"type":"view"' in f)
                assert card_sequence(last_view) == json.loads(f"[{other}]")
                checks += 1
            if decisions == 2:
                for seat, page in enumerate(pages):
                    screenshot(page, f"friends-seat{seat}")
            if all(phase(p) == "over" for p in pages):
                break
            mover = [phase(p) for p in pages].index("mine")
            decisions += 1
            act_first(pages[mover])
            while pages[mover].eval_on_selector("#play", "el => el.dataset.partial") != "0":
                act_first(pages[mover])
        assert checks >= 6 and decisions >= 3
    finally:
        for context in contexts:
            context.close()
