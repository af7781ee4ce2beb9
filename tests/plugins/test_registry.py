"""Registry.default_searcher: the searcher used when none is named (the protocol's
`go`, `cadenza play`'s opponents)."""

from types import SimpleNamespace

import pytest

from plugins.manager import Registry
from search.base import SearchError, SearcherSpec

PERFECT = SimpleNamespace(name="perfect", hidden_information=False)
HIDDEN = SimpleNamespace(name="hidden", hidden_information=True)


def spec(name, supports=None):
    return SearcherSpec(name, object, {}, supports=supports)


def registry(*specs):
    return Registry(searchers={s.name: s for s in specs})


def perfect_only(game):
    return not game.hidden_information


def test_the_first_preferred_searcher_that_can_play_is_chosen():
    reg = registry(spec("greedy"), spec("ismcts"), spec("mcts", perfect_only), spec("aaa"))
    assert reg.default_searcher(PERFECT) == "mcts"
    assert reg.default_searcher(HIDDEN) == "ismcts"


def test_without_a_preferred_one_any_that_can_play_is_chosen_by_name():
    reg = registry(spec("zeta"), spec("beta"), spec("mcts", lambda game: False))
    assert reg.default_searcher(PERFECT) == "beta"


def test_no_searcher_that_can_play_is_a_search_error():
    with pytest.raises(SearchError, match="no installed searcher can play hidden"):
        registry(spec("mcts", lambda game: False)).default_searcher(HIDDEN)
