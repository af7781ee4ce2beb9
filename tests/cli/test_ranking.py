"""One ranked list behind both kinds of hint: the protocol's `hint` and `cadenza
play`'s hints rank and count the same decisions the same way."""

import pytest

from cli.notation import format_number
from cli.play.hints import find_hints
from cli.protocol import EngineSession
from cli.ranking import UNCOUNTED_VISITS, ranked_alternatives
from plugins.manager import default_registry
from search.base import Alternative, Budget, Decision


def test_alternatives_are_kept_in_the_searchers_order():
    alternatives = [Alternative([1], 0.9, 30), Alternative([2], 0.4, 10)]
    assert ranked_alternatives(Decision([1], 0.9, {"iterations": 40}, alternatives)) == alternatives


@pytest.mark.parametrize("stats, visits", [({"iterations": 40}, 40), ({}, UNCOUNTED_VISITS)])
def test_a_lone_decision_counts_its_iterations_or_one(stats, visits):
    assert ranked_alternatives(Decision([3], 0.5, stats)) == [Alternative([3], 0.5, visits)]


@pytest.mark.parametrize("searcher", ["random", "greedy", "mcts"])
def test_the_protocol_and_play_give_the_same_hints(searcher):
    registry = default_registry()
    session = EngineSession(registry)
    session.handle("new tictactoe seed=5")
    lines = session.handle(f"hint top=3 searcher={searcher} iterations=50 seed=9")[:-1]
    game = registry.game("tictactoe")
    hints = find_hints(
        game, session.state, registry.searcher(searcher).create_for(game), Budget(iterations=50), 9
    )
    assert [line.split()[1:4] for line in lines] == [
        [str(h.rank), f"value={format_number(h.value)}", f"visits={h.visits}"] for h in hints
    ]
