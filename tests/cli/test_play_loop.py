"""The pieces of `cadenza play`'s loop below the terminal: the grouped, numbered legal
list, forced moves, a stoppable search, the sitting's rematch and totals, autosave
files, and the end summary's words."""

import os
import signal
import threading
import time

import pytest

from cli.play import autosave
from cli.play.aisession import AiSession, Thinking
from cli.play.legallist import Group, Single, arrange, number_of, split_notation
from cli.play.render import legal_lines, winner_line
from cli.play.sitting import Settings, Sitting
from cli.play.thinking import run_stoppable
from cli.specs import SeatSpec
from search import stopping
from search.base import Budget

MAESTRO_FIRST = ["pass"] + [f"R{r}.{c}:p0s10" for r in range(1, 11) for c in range(1, 4)]


def test_moves_differing_in_one_part_share_a_line():
    entries = [(text, text) for text in MAESTRO_FIRST]
    shown = arrange(entries)
    assert shown[0] == Single(1, "pass", "pass")
    group = shown[1]
    assert isinstance(group, Group) and group.pattern == "…:p0s10" and len(shown) == 2
    assert group.items[:2] == [(2, "R1.1"), (3, "R1.2")] and len(group.items) == 30
    lines = legal_lines(entries, 80)
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) < 10, "31 moves in a few lines"


def test_few_moves_are_one_a_line_with_their_words():
    lines = legal_lines([("call", "call the bet"), ("raise", "raise by 2")], 80)
    assert lines == ["  1 call — call the bet", "  2 raise — raise by 2"]
    assert split_notation("w1@salon+1") == ("w1", "@", "salon+1")
    assert split_notation("pass") is None


def test_a_lone_number_names_a_listed_move():
    texts = ["a1", "b2", "c3"]
    assert number_of("2", texts) == "b2" and number_of(" 3 ", texts) == "c3"
    assert number_of("b2", texts) is None and number_of("2 3", texts) is None
    with pytest.raises(ValueError, match="there is no move 4: the list goes 1..3"):
        number_of("4", texts)
    assert number_of("1", ["1", "2"]) is None, "a notation of numbers keeps its meaning"


class CountingSearcher:
    """Plays the first legal action and counts its searches."""

    calls = 0

    def choose(self, state, seat, budget, rng):
        from search.base import Decision

        CountingSearcher.calls += 1
        return Decision(actions=[state.legal_actions()[0]], value=0.5)


def test_an_ai_seat_with_one_legal_action_plays_it_without_a_search(registry):
    game = registry.game("taktvoll")
    session = AiSession.start(registry, game, None, None, 0, 2, [SeatSpec("random")])
    counter = CountingSearcher()
    session.searchers = {s: counter for s in session.searchers}
    CountingSearcher.calls = 0
    thinking = unsearched = 0
    for _ in range(60):  # some of the person's turns, the first legal action each
        if session.state.is_terminal():
            break
        searched_last = False
        for event in session.advance():
            if isinstance(event, Thinking):
                assert len(session.state.legal_actions()) > 1, "a lone action was searched"
                thinking += 1
                searched_last = True
            elif isinstance(event, str) and event.startswith("seat "):
                unsearched += not searched_last
                searched_last = False
        if not session.state.is_terminal():
            session.play([session.legal_texts()[0]])
    assert CountingSearcher.calls == thinking > 0
    assert unsearched > 0, "taktvoll's lone draws and keeps were played unsearched"


def test_a_forced_move_of_the_person_is_not_an_undo_point(registry):
    game = registry.game("taktvoll")
    session = AiSession.start(registry, game, None, None, 0, 2, [SeatSpec("random")])
    list(session.advance())
    forced = session.forced_move()
    assert forced is not None, "taktvoll begins with a lone draw"
    session.play([forced], record=False)
    assert session.undo_stack == []


def test_a_stop_request_ends_a_search_with_its_best_so_far():
    def search():
        while not stopping.requested():
            time.sleep(0.001)
        return "best so far"

    def interrupt():
        time.sleep(0.1)
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C

    # A suite started in the background (`nohup ... &`) inherits SIGINT ignored, and
    # Python then raises no KeyboardInterrupt: give the test what a terminal gives.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=interrupt, daemon=True).start()
        assert run_stoppable(search) == ("best so far", True)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert run_stoppable(lambda: 42) == (42, False)


def test_a_rematch_rotates_every_player_one_seat_on(registry):
    a, b = SeatSpec("random"), SeatSpec("greedy", Budget(iterations=5))
    sitting = Sitting(Settings("taktvoll", 3, None, 0, False, [a, b], None), seed=9)
    first = sitting.seed
    rotated = sitting.rotate(3)
    # The AI at seat 1 (a) moves to seat 2, the one at seat 2 (b) to seat 0.
    assert rotated.seat == 1 and rotated.opponents == [b, a]
    assert sitting.next_seed() != first
    assert Sitting(Settings("pig", None, None, 0, False, [], None), seed=9).seed == first


def test_the_sitting_adds_each_players_score_where_they_sat(registry):
    sitting = Sitting(Settings("leduc", None, None, 0, False, [], None), seed=1, hands=2)

    class Finished:
        players, seat = 2, 0
        game = registry.game("leduc")

    sitting.record(Finished, [7, -7], [1.0, 0.0])
    sitting.rotate(2)
    Finished.seat = 1
    sitting.record(Finished, [3, -3], [1.0, 0.0])  # the AI, now at seat 0, won 3
    assert sitting.totals == [4, -4] and sitting.wins == 1 and not sitting.more_hands()
    assert sitting.total_line(Finished, "chips") == (
        "After 2 hands: you +4 chips · AI 1 -4 chips (you won 1)."
    )


def test_autosave_files_live_in_the_chosen_folder(registry, tmp_path, monkeypatch):
    monkeypatch.delenv(autosave.ENV_DIR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert autosave.folder() == tmp_path / "data" / "cadenza" / "autosave"
    monkeypatch.setenv(autosave.ENV_DIR, str(tmp_path / "env"))
    assert autosave.folder() == tmp_path / "env"
    assert autosave.folder(str(tmp_path / "given")) == tmp_path / "given"
    where = tmp_path / "saves"
    with pytest.raises(Exception, match="no autosaved pig game to resume"):
        autosave.latest(where, "pig")
    session = AiSession.start(
        registry, registry.game("pig"), None, None, 0, 1, [SeatSpec("random")]
    )
    first = autosave.new_path(where, "pig")
    autosave.write(session, first)
    second = autosave.new_path(where, "pig")
    assert second != first
    autosave.write(session, second)
    os.utime(first, (time.time() + 5, time.time() + 5))
    assert autosave.latest(where) == first and autosave.latest(where, "pig") == first


def test_a_zero_sum_win_reads_as_what_changed_hands(registry):
    class Ended:
        seat = 0
        game = registry.game("leduc")

        def who(self, seat):
            return "you (seat 0)" if seat == 0 else f"seat {seat}"

    assert winner_line(Ended(), [7, -7], [1.0, 0.0]) == "you win 7 chips."
    assert winner_line(Ended(), [-2, 2], [0.0, 1.0]) == "seat 1 wins 2 chips."
    assert winner_line(Ended(), [0, 0], [0.5, 0.5]) == "a draw."
    assert winner_line(Ended(), None, [None, None]).startswith("the result depends")
