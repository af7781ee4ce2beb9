"""Takt Voll: what not peeking costs (a script, not in CI). One seat is played by a
searcher, the others by an opponent searcher (greedy by default). Run from the
checkout:

    python bench/taktvoll_match.py --hero mcts-peek --games 402 --movetime 1000 \
        --workers 2 --jsonl bench/results/taktvoll-mcts-peek.jsonl

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
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

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


_WORKER: dict = {}


def play_task(task):
    """One game in a worker process: (deal seed, hero seat) -> the record."""
    args, deal_seed, hero_seat = task
    if not _WORKER:
        registry = default_registry()
        _WORKER["game"] = registry.game("taktvoll")
        _WORKER["hero"] = args.hero if args.hero == PEEK else registry.searcher(args.hero).create()
        _WORKER["opponent"] = registry.searcher(args.opponent).create()
    budget = Budget(iterations=args.iterations, movetime_ms=args.movetime)
    returns = play_game(_WORKER["game"], args.players, args.variant, deal_seed, hero_seat,
                        _WORKER["hero"], _WORKER["opponent"], budget, deal_seed * 16 + hero_seat)
    return {"deal": deal_seed, "hero_seat": hero_seat, "returns": returns}


def finished_games(path) -> dict:
    """(deal, hero seat) -> record, from a --jsonl file of an earlier run (a torn
    last line is ignored: that game is played again)."""
    done = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                done[(record["deal"], record["hero_seat"])] = record
    return done


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
    parser.add_argument("--jsonl", default=None,
                        help="one line a game; games already in it are kept, not replayed")
    parser.add_argument("--workers", type=int, default=1, help="games played at once")
    args = parser.parse_args(argv)
    deals = [args.seed * 1_000_003 + d for d in range(-(-args.games // args.players))]
    done = finished_games(args.jsonl)
    tasks = [(args, deal, seat) for deal in deals for seat in range(args.players)
             if (deal, seat) not in done]
    out = open(args.jsonl, "a", encoding="utf-8") if args.jsonl else None
    start = time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        for record in pool.map(play_task, tasks):
            done[(record["deal"], record["hero_seat"])] = record
            if out:
                out.write(json.dumps(record) + "\n")
                out.flush()
            print(f"{len(done)} games ({time.time() - start:.0f}s)", file=sys.stderr, flush=True)
    per_deal = [sum(done[(deal, seat)]["returns"][seat] for seat in range(args.players)) / args.players
                for deal in deals]
    mean, half = mean_interval(per_deal)
    budget = Budget(iterations=args.iterations, movetime_ms=args.movetime)
    print(f"{args.hero} vs {args.players - 1}x {args.opponent}, {len(deals) * args.players} games, "
          f"budget {budget}: score {mean:.3f} +- {half:.3f} (95%), fair share {1 / args.players:.3f}")


if __name__ == "__main__":
    main()
