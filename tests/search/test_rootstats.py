"""Root summaries (search/rootstats.py): lines the tree left short of the turn's
end are finished for the best action at once and for the others only when read,
whatever order they are read in."""

from __future__ import annotations

import pytest

from search.base import Alternative, Budget, SearchError, decide
from search.rootstats import ChildStats, RootStats, line_finisher, merge, to_decision


def counting_finisher(calls):
    def finish(line):
        calls.append(line[0])
        return line + [99]

    return finish


def test_only_the_best_line_is_finished_before_anyone_reads_the_others():
    stats = RootStats(
        children={
            1: ChildStats(10, 6.0, [1], 10, finished=False),
            2: ChildStats(5, 2.0, [2], 5, finished=False),
            3: ChildStats(3, 1.0, [3, 7], 3, finished=True),
        }
    )
    calls = []
    decision = to_decision(stats, "visits", counting_finisher(calls))
    assert decision.actions == [1, 99] and calls == [1]
    assert [alt.visits for alt in decision.alternatives] == [10, 5, 3]
    assert decision.alternatives[2].actions == [3, 7] and calls == [1]
    assert decision.alternatives[1].actions == [2, 99] and calls == [1, 2]
    assert decision.alternatives[1].actions == [2, 99] and calls == [1, 2]  # finished once


def test_an_unfinished_line_with_nothing_to_finish_it_is_refused():
    stats = RootStats(
        children={1: ChildStats(1, 1.0, [1], 1), 2: ChildStats(0, 0.0, [2], 0, finished=False)}
    )
    with pytest.raises(SearchError, match="nothing finishes it"):
        to_decision(stats, "visits")


def test_an_alternative_shows_an_unfinished_line_without_finishing_it():
    calls = []
    alt = Alternative([4], 0.5, 2, counting_finisher(calls))
    assert repr(alt) == "Alternative(actions=[4, ...], value=0.5, visits=2)" and calls == []
    assert alt == Alternative([4, 99], 0.5, 2) and calls == [4]


def test_a_line_reads_the_same_whichever_lines_were_finished_before_it(registry):
    # Maestro turns are several actions (placements, then the draw count): the
    # finisher's small searches are seeded per line, not from a shared stream.
    game = registry.game("maestro")
    state = game.new_state(2, seed=3)
    seat = state.current_player()
    pick_calls = []

    def pick(position, rng):
        pick_calls.append(1)
        legal = position.legal_actions()
        return legal[rng.randint(len(legal))]

    first = line_finisher(state, seat, 12345, pick)
    second = line_finisher(state, seat, 12345, pick)
    starts = state.legal_actions()[:6]
    forward = [first([a]) for a in starts]
    backward = [second([a]) for a in reversed(starts)][::-1]
    assert forward == backward and pick_calls
    for line in forward:
        scratch = state.clone()
        for action in line:
            scratch.apply(action)  # legal, or apply raises
        assert scratch.current_player() != seat or scratch.is_terminal()


@pytest.mark.parametrize("searcher", ["mcts", "pimc", "ismcts"])
def test_small_searches_finish_the_chosen_turn_and_every_hint_they_are_asked_for(
    registry, searcher
):
    game = registry.game("maestro")
    state = game.new_state(2, seed=5)
    seat = state.current_player()
    decision = decide(
        registry.searcher(searcher).create(), game, state, Budget(iterations=30), seed=1
    )
    for alt in [decision] + decision.alternatives[:5]:
        scratch = state.clone()
        for action in alt.actions:
            scratch.apply(action)
        assert scratch.is_chance_node() or scratch.current_player() != seat
    assert decision.actions == decision.alternatives[0].actions


def test_the_decisions_pv_is_the_chosen_actions_line_then_its_future():
    # Action 2 leads on visits; the pv of the search that knew it best (part two) is
    # kept, and a line finished past the tree drops a pv that went another way.
    parts = [
        RootStats(
            children={
                1: ChildStats(6, 3.0, [1], 6, pv=[1, 5]),
                2: ChildStats(2, 1.0, [2], 2, pv=[2, 8]),
            }
        ),
        RootStats(children={2: ChildStats(7, 4.0, [2, 3], 7, pv=[2, 3, 9, 4])}),
    ]
    decision = to_decision(merge(parts), "visits")
    assert decision.actions == [2, 3] and decision.stats["pv"] == [2, 3, 9, 4]
    short = RootStats(children={2: ChildStats(7, 4.0, [2], 7, finished=False, pv=[2])})
    decision = to_decision(short, "visits", counting_finisher([]))
    assert decision.actions == [2, 99] and decision.stats["pv"] == [2, 99]
