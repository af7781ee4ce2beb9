"""Built-in searchers, registered through the same hook as any third-party plugin."""
from plugins.hookspecs import hookimpl
from search.base import SearcherSpec
from search.baselines import GreedySearcher, RandomSearcher


@hookimpl
def cadenza_register_searchers(register):
    register(SearcherSpec("random", RandomSearcher, {},
                          "uniformly random legal actions"))
    register(SearcherSpec("greedy", GreedySearcher, {},
                          "one ply on the game's heuristic, chance averaged"))
