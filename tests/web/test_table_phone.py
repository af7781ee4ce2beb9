"""Table mode on a phone (390x844, touch): a few turns of a real Takt Voll table
entered by tapping (the cards dealt to the seat, the other seats' moves, the seat's
own), a hint for the seat, and a screenshot whose layout is checked: nothing wider
than the screen or off it sideways but inside the board's own sideways scroll, the
board's text readable, every button and chooser a thumb's size."""

from __future__ import annotations

from helpers import BOARD_TEXT_PX, MIN_TEXT_PX, PHONE_LAYOUT, table_data, tap
from webserver import SCREENSHOTS

OWN_TURNS = 3


def test_taktvoll_table_by_touch_with_a_hint_fits_a_phone(server, phone):
    page = phone
    page.goto(server.url)
    page.select_option("#mode", "table")
    page.select_option("#game", "taktvoll")
    page.select_option("#players", "3")
    page.select_option("#seat", "0")
    assert page.locator("#ai-seats").is_hidden()
    page.tap("#start")
    page.wait_for_selector("#table[data-phase]")

    own_turns, dealt, others, hinted = 0, 0, 0, False
    for _ in range(60):
        phase = table_data(page)["phase"]
        if own_turns >= OWN_TURNS or phase == "over":
            break
        choices = page.locator("#choices button.choice")
        assert choices.count() >= 1, f"nothing to tap at phase {phase}"
        if phase == "mine" and not hinted:
            page.tap("#table-hint")
            page.wait_for_selector("#table-hints li:has-text('win chance')")
            assert page.locator("#choices button.hinted").count() >= 1
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "table-phone.png"), full_page=True)
            assert page.evaluate(PHONE_LAYOUT) == []
            # The board is drawn at a size its text can be read at (it scrolls
            # sideways in its own box rather than shrink to the screen's width).
            assert page.evaluate(BOARD_TEXT_PX, "#table-board") >= MIN_TEXT_PX
            hinted = True
            tap(page, "#choices button.hint1")
            own_turns += 1
            continue
        if phase == "chance":
            dealt += 1
        elif phase == "other":
            others += 1
        elif phase == "mine":
            own_turns += 1
        tap(page, "#choices button.choice >> nth=0")
    assert hinted and own_turns >= OWN_TURNS
    # The seat's own 5 dealt cards are typed one by one (shared/rules/takt-voll.md,
    # §3 setup 2: 5 cards on top of the bar lines), then who starts (§3.3).
    assert dealt >= 6
    assert others >= 2
    log = page.locator("#table-log li").all_inner_texts()
    assert sum(line.startswith("you (seat 0):") for line in log) >= OWN_TURNS
    assert any(line.startswith("seat 1:") for line in log)
    # The others' draws pass by themselves, never naming the card.
    assert any(line == "chance: seat 1 draws a card" for line in log) or any(
        "seat 1 is dealt a card" in line for line in log
    )
    assert page.evaluate(PHONE_LAYOUT) == []
    assert page.errors == []
