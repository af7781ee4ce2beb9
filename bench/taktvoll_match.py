"""Takt Voll: what not peeking costs (a script, not in CI). One seat is played by a
searcher, the others by an opponent searcher (greedy by default). Run from the
checkout:

    python bench/taktvoll_match.py --hero mcts-peek --games 402 --movetime 1000
    python bench/taktvoll_match.py --hero ismcts --games 402 --movetime 1000

A searcher that plays by the rules is measured with `cadenza match` (resumable,
with workers); this script exists for `mcts-peek`, which no match entrant can be.
Seats are rotated over the same deal: deal d is played `players` times, the hero in
each seat once, so the luck of the cards cancels within a deal, and the deals are
the independent samples of the 95% interval. The hero's score is its mean return
(its share of the win, ties split; a fair share is 1/players).

`mcts-peek` is the compiled UCT search handed the true state, every hidden card
included: it bypasses search.base.decide, which gives any searcher only the mover's
view. Set against ismcts at the same budget it measures what not peeking costs.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from cli.match.elo import mean_interval
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide
from search.mcts_searcher import MctsSearcher

PEEK = "mcts-peek"


def play_game(game, players, variant, deal_seed, hero_seat, hero, opponent, budget, search_seed):
    """The returns of one game; the cards come from Rng(deal_seed) whoever sits where."""
    state = game.new_state(players, variant, seed=deal_seed)
    dice = Rng(deal_seed).spawn()
    seeds = Rng(search_seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state, dice))
            continue
        seat = state.current_player()
        if seat == hero_seat and hero == PEEK:
            decision = MctsSearcher().choose(state.clone(), seat, budget, Rng(seeds.next_u64()))
        else:
            searcher = hero if seat == hero_seat else opponent
            decision = decide(searcher, game, state, budget if seat == hero_seat else Budget(),
                              seeds.next_u64())
        for action in decision.actions:
            state.apply(action)
    return state.returns()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hero", default="ismcts", help=f"a registered searcher, or {PEEK}")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--games", type=int, default=30, help="rounded up to whole deals")
    parser.add_argument("--movetime", type=int, default=None, help="ms a hero decision")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jsonl", default=None, help="write one line a game here")
    args = parser.parse_args(argv)
    registry = default_registry()
    game = registry.game("taktvoll")
    budget = Budget(iterations=args.iterations, movetime_ms=args.movetime)
    hero = args.hero if args.hero == PEEK else registry.searcher(args.hero).create()
    opponent = registry.searcher(args.opponent).create()
    deals = -(-args.games // args.players)
    out = open(args.jsonl, "w") if args.jsonl else None
    per_deal, start = [], time.time()
    for d in range(deals):
        deal_seed = args.seed * 1_000_003 + d
        scores = []
        for hero_seat in range(args.players):
            returns = play_game(game, args.players, args.variant, deal_seed, hero_seat, hero,
                                opponent, budget, deal_seed * 16 + hero_seat)
            scores.append(returns[hero_seat])
            if out:
                out.write(json.dumps({"deal": deal_seed, "hero_seat": hero_seat,
                                      "returns": returns}) + "\n")
        per_deal.append(sum(scores) / len(scores))
        mean, half = mean_interval(per_deal)
        print(f"deal {d + 1}/{deals}: {args.hero} {mean:.3f} +- {half:.3f} "
              f"({time.time() - start:.0f}s)", file=sys.stderr, flush=True)
    mean, half = mean_interval(per_deal)
    print(f"{args.hero} vs {args.players - 1}x {args.opponent}, {deals * args.players} games, "
          f"budget {budget}: score {mean:.3f} +- {half:.3f} (95%), fair share {1 / args.players:.3f}")


if __name__ == "__main__":
    main()
