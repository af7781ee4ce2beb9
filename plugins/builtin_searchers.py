"""Built-in searchers, registered through the same hook as any third-party plugin."""

from plugins.hookspecs import hookimpl
from search.base import SearcherSpec
from search.baselines import GreedySearcher, RandomSearcher
from search.expectimax_searcher import EXPECTIMAX_OPTIONS, ExpectimaxSearcher
from search.ismcts_searcher import ISMCTS_OPTIONS, ISMCTSSearcher
from search.mcts_searcher import MCTS_OPTIONS, MctsSearcher
from search.oos_searcher import OOS_OPTIONS, OosSearcher, plays
from search.pimc import PIMC_OPTIONS, PimcSearcher


@hookimpl
def cadenza_register_searchers(register):
    register(SearcherSpec("random", RandomSearcher, {}, "uniformly random legal actions"))
    register(
        SearcherSpec(
            "greedy",
            GreedySearcher,
            {},
            "one ply on the game's heuristic, chance averaged; sees an immediate loss",
        )
    )
    register(
        SearcherSpec(
            "ismcts",
            ISMCTSSearcher,
            ISMCTS_OPTIONS,
            "single-observer information-set MCTS (Cowling et al. 2012)",
        )
    )
    # mcts searches the one state it is given, so on a hidden-information game it
    # would treat a single guess at the hidden cards as the truth: pimc is for those.
    register(
        SearcherSpec(
            "mcts",
            MctsSearcher,
            MCTS_OPTIONS,
            "UCT with explicit chance nodes and max^n backup, compiled",
            supports=lambda game: not game.hidden_information,
        )
    )
    register(
        SearcherSpec(
            "pimc",
            PimcSearcher,
            PIMC_OPTIONS,
            "determinized MCTS: k sampled worlds, root visits summed",
        )
    )
    register(
        SearcherSpec(
            "expectimax",
            ExpectimaxSearcher,
            EXPECTIMAX_OPTIONS,
            "expectiminimax, alpha-beta and Star1/Star2, iterative deepening",
        )
    )
    register(
        SearcherSpec(
            "oos",
            OosSearcher,
            OOS_OPTIONS,
            "online outcome sampling: regret minimisation from the game's start (Lisy et al. 2015)",
            supports=plays,
        )
    )
