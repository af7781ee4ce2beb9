"""OpenSpiel's Python MCTSBot and ISMCTSBot as the Cadenza searchers `openspiel-mcts`
and `openspiel-ismcts`, searching the bridged game (game.py) with OpenSpiel's own
random-rollout evaluator, so `cadenza match` pits them against ours.

Options:
  uct_c             UCT exploration constant. The bridged game's returns are
                    Cadenza's, in [0, 1], so it is on the scale of ismcts's and mcts's
                    `c` (same default, sqrt 2); OpenSpiel's own games with chip or
                    +-1 returns need it times their range (Leduc: 26).
  seed              -1 (default): the bot's random numbers come from the search's
                    seed (`cadenza match --seed`, `go seed=`); N >= 0: from N at every
                    decision.
  rollouts          "compiled" (default): each leaf is scored by one of Cadenza's
                    compiled random playouts of the same position; "openspiel":
                    by OpenSpiel's RandomRolloutEvaluator, in Python through the
                    bridge. Both play uniformly random moves and chance by its
                    odds, so the bot plays alike at equal iterations; the compiled
                    one is tens of times faster (a Takt Voll playout: about 0.3 ms
                    against 15 ms), which is what makes 1,000-iteration matches
                    and equal-time matches against a fast opponent feasible.
  max_world_samples openspiel-ismcts: -1 a new determinization every iteration
                    (OpenSpiel's default), N > 0 N worlds drawn once and reused.

Budgets: `iterations` (1000 when neither limit is named) and/or `movetime_ms`,
checked before every simulation. OpenSpiel's bots answer one action; a Decision is
the mover's whole turn, so later steps of the turn follow the bot's tree (its most
visited child) while it reaches them, then small searches of their own
(COMPLETION_ITERATIONS, and no later than the decision's deadline), as Cadenza's
searchers finish theirs. Steps with one legal action at the start of the turn are
taken before the search, which begins at the first real choice.
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from engine.playout import random_playouts
from engine.rng import Rng
from plugins.openspiel import game as bridge
from search import clock
from search.base import (
    Alternative,
    Budget,
    Decision,
    Searcher,
    SearchError,
    SearcherSpec,
    extend_turn,
)
from search.common import MAX_CONSTANT, MAX_WORLDS, forced_steps, iteration_limit
from search.options import Option, OptionsRecord
from search.treesummary import COMPLETION_ITERATIONS

ROLLOUTS = ("compiled", "openspiel")

# The options of openspiel-mcts; openspiel-ismcts has max_world_samples too.
MCTS_OPTIONS = OptionsRecord(
    (
        Option(
            "uct_c",
            math.sqrt(2.0),
            "UCT exploration constant on returns in [0, 1] (as ismcts's c)",
            0,
            MAX_CONSTANT,
        ),
        Option(
            "seed",
            -1,
            "-1: the bot's randomness follows the search's seed; N: seeded N each decision",
            -1,
            2**32 - 1,
        ),
        Option(
            "rollouts",
            "compiled",
            "compiled: Cadenza's compiled random playouts; openspiel: OpenSpiel's, in Python",
            choices=ROLLOUTS,
        ),
    )
)


def check_world_samples(options: dict) -> None:
    if options["max_world_samples"] == 0:
        raise SearchError("max_world_samples must be -1 or a positive integer, got 0")


ISMCTS_OPTIONS = OptionsRecord(
    MCTS_OPTIONS.options
    + (
        Option(
            "max_world_samples",
            -1,
            "-1: a new determinization every iteration; N: N worlds reused",
            -1,
            MAX_WORLDS,
        ),
    ),
    check_world_samples,
)


class CompiledRollouts(mcts.Evaluator):
    """OpenSpiel's random-rollout evaluation (one playout, uniform prior) run by
    Cadenza's compiled playout on the bridged state's Cadenza position."""

    def __init__(self, rng: Rng):
        self.rng = rng

    def evaluate(self, state):
        return np.array(random_playouts(state.cadenza, self.rng, 1))

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def evaluator(kind: str, random_state, rng: Rng):
    if kind == "compiled":
        return CompiledRollouts(rng.spawn())
    return mcts.RandomRolloutEvaluator(1, random_state)


class OutOfTime(Exception):
    """Raised by a bot at the start of a simulation past its deadline."""


def bridged_game(state):
    """The OpenSpiel game of `state`'s game, players and variant (loaded once)."""
    from plugins.manager import default_registry  # the registry knows every game

    spec = default_registry().game(state.game_name)
    return bridge.openspiel_game(spec, state.num_players, state.variant)


class Timed:
    """What a bot mixes in to stop at a deadline: `tick()` before each simulation
    raises OutOfTime once the deadline has passed, after the first two (the root's
    evaluation, then its first visited child) so that there is an answer."""

    deadline: Optional[float] = None
    simulations = 0

    def tick(self) -> None:
        if self.simulations >= 2 and self.deadline is not None and clock.now() >= self.deadline:
            raise OutOfTime
        self.simulations += 1


class TimedMCTSBot(Timed, mcts.MCTSBot):
    def _apply_tree_policy(self, root, state):
        self.root = root  # kept: a search stopped by the clock answers from it
        self.tick()
        return super()._apply_tree_policy(root, state)


class TimedISMCTSBot(Timed, ismcts.ISMCTSBot):
    def sample_root_state(self, state):
        self.tick()
        return super().sample_root_state(state)


class OpenSpielSearcher(Searcher):
    """A search by one of OpenSpiel's bots on the bridged game; subclasses build the
    bot, run it and read its root."""

    OPTIONS = MCTS_OPTIONS

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        if state.current_player() != seat:
            raise SearchError(f"{self.name}: seat {seat} is not to move in this state")
        start = clock.now()
        game = bridged_game(state)
        if self.seed >= 0:  # every random number of the bot from its own seed
            rng = Rng(self.seed)
        seed = rng.next_u64() % 2**32
        random_state = np.random.RandomState(seed)
        deadline = budget.deadline(start)
        # Steps with one legal action are taken as they come, so that the search,
        # and all its budget, goes to the first real choice: a Maestro turn that
        # must pass still chooses its draw count.
        forced, searched = forced_steps(state, seat)
        if searched.current_player() != seat:  # the whole turn is forced
            value = state.heuristic()[seat]
            return Decision(
                actions=forced,
                value=value,
                stats={"iterations": 0, "ms": int((clock.now() - start) * 1000)},
                alternatives=[Alternative(forced, value, 0)],
            )
        root = bridge.wrap(game, searched)
        bot = self.search(game, root, iteration_limit(budget), deadline, random_state, rng)
        children = self.root_children(bot)  # (action, value, visits)
        if not children:
            raise SearchError(f"{self.name}: the search visited no root action")

        def finish(line: list[int]) -> list[int]:
            rest = line[len(forced) :]
            return forced + self.finish_turn(
                game, bot, root, searched, seat, rest, random_state, rng, deadline
            )

        best = max(visits for _, _, visits in children)
        tied = [action for action, _, visits in children if visits == best]
        first = tied[random_state.randint(len(tied))] if len(tied) > 1 else tied[0]
        children.sort(key=lambda child: (child[0] != first, -child[2], child[0]))
        alternatives = [
            Alternative(forced + [a], value, visits, finish) for a, value, visits in children
        ]
        return Decision(
            actions=alternatives[0].actions,
            value=children[0][1],
            stats={
                "iterations": bot.simulations,
                **self.extra_stats(bot),
                "ms": int((clock.now() - start) * 1000),
            },
            alternatives=alternatives,
        )

    def finish_turn(
        self, game, bot, root, state, seat, line, random_state, rng, deadline
    ) -> list[int]:
        """`line` completed to the end of the seat's turn: the bot's tree while it
        reaches the position, then small searches of the bot's kind, which stop at
        the decision's deadline too (after their first two simulations), so that a
        timed turn of many steps keeps to its time."""
        position = root.clone()
        for action in line:
            position.apply_action(action)
        tree_position = None if bot is None else self.tree_node(bot, root, line)

        def pick(scratch) -> int:
            nonlocal tree_position, position
            action = None
            if tree_position is not None:
                action, tree_position = self.follow(bot, tree_position, position)
            if action is None:
                small = self.search(
                    game, bridge.wrap(game, scratch.clone()), COMPLETION_ITERATIONS, deadline,
                    random_state, rng,
                )  # fmt: skip
                children = self.root_children(small)
                action = max(children, key=lambda child: (child[2], -child[0]))[0]
                tree_position = None
            position.apply_action(action)
            return action

        return extend_turn(state, seat, line, pick)

    # ---- what each bot does its own way ------------------------------------------

    def search(self, game, root, iterations, deadline, random_state, rng):
        raise NotImplementedError

    def root_children(self, bot) -> list[tuple[int, float, int]]:
        raise NotImplementedError

    def extra_stats(self, bot) -> dict:
        return {}

    def tree_node(self, bot, root, line):
        """The bot's node after `line` from the root, or None."""
        raise NotImplementedError

    def follow(self, bot, node, position):
        """(the most visited action of `node` legal at `position`, the node after it),
        or (None, None) when the tree has nothing there."""
        raise NotImplementedError


class OpenSpielMctsSearcher(OpenSpielSearcher):
    """OpenSpiel's MCTSBot (UCT with random rollouts, MCTS-Solver backups)."""

    name = "openspiel-mcts"

    def search(self, game, root, iterations, deadline, random_state, rng):
        leaves = evaluator(self.rollouts, random_state, rng)
        bot = TimedMCTSBot(game, self.uct_c, iterations, leaves, random_state=random_state)
        bot.deadline = deadline
        try:
            bot.root = bot.mcts_search(root)
        except OutOfTime:
            pass
        return bot

    def root_children(self, bot):
        return [
            (c.action, c.total_reward / c.explore_count, c.explore_count)
            for c in bot.root.children
            if c.explore_count
        ]

    def extra_stats(self, bot) -> dict:
        # MCTS-Solver stops as soon as it has proven the root's value.
        return {"solved": bot.root.outcome is not None}

    def tree_node(self, bot, root, line):
        node = bot.root
        for action in line:
            node = next((c for c in node.children if c.action == action), None)
            if node is None:
                return None
        return node

    def follow(self, bot, node, position):
        legal = set(position.legal_actions())
        visited = [c for c in node.children if c.explore_count and c.action in legal]
        if not visited:
            return None, None
        child = max(visited, key=lambda c: (c.explore_count, -c.action))
        return child.action, child


class OpenSpielIsmctsSearcher(OpenSpielSearcher):
    """OpenSpiel's ISMCTSBot (a node per information state of the seat to move)."""

    name = "openspiel-ismcts"

    OPTIONS = ISMCTS_OPTIONS

    def search(self, game, root, iterations, deadline, random_state, rng):
        leaves = evaluator(self.rollouts, random_state, rng)
        bot = TimedISMCTSBot(
            game, leaves, self.uct_c, iterations, self.max_world_samples, random_state
        )
        worlds = rng.spawn()
        bot.set_resampler(lambda state, player: state.resample(player, worlds))
        bot.deadline = deadline
        try:
            bot.run_search(root)
        except OutOfTime:
            pass
        return bot

    def root_children(self, bot):
        node = getattr(bot, "_root_node", None)
        if node is None:
            return []
        return [
            (action, child.value(), int(child.visits))
            for action, child in node.child_info.items()
            if child.visits
        ]

    def tree_node(self, bot, root, line):
        return True  # nodes are found by information state, below

    def follow(self, bot, node, position):
        found = bot.lookup_node(position)
        if found is None:
            return None, None
        legal = set(position.legal_actions())
        visited = [
            (c.visits, -a, a) for a, c in found.child_info.items() if c.visits and a in legal
        ]
        if not visited:
            return None, None
        return max(visited)[2], True


def searcher_specs() -> list[SearcherSpec]:
    """The two searchers, as the plugin registers them."""
    return [
        SearcherSpec(
            "openspiel-mcts",
            OpenSpielMctsSearcher,
            MCTS_OPTIONS,
            "OpenSpiel's MCTSBot (Python) on the bridged game: UCT, random rollouts",
            # Like mcts, it would take one guess at hidden cards for the truth.
            supports=lambda game: not game.hidden_information,
        ),
        SearcherSpec(
            "openspiel-ismcts",
            OpenSpielIsmctsSearcher,
            ISMCTS_OPTIONS,
            "OpenSpiel's ISMCTSBot (Python) on the bridged game: a node per information state",
            # OpenSpiel's ISMCTS refuses perfect-information games.
            supports=lambda game: game.hidden_information,
        ),
    ]
