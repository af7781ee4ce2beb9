"""Which of two searchers is stronger, from their matches against the same opponent
on the same deals: the difference of their mean returns, paired game by game, with
its 95% interval.

Two `cadenza match` runs with the same --seed, --games and opponent deal the same
game to both heroes at every index, with the seats in the same order, so the
difference can be taken game by game: the luck of the deal then cancels, and the
interval is narrower than that of two separate scores. Where the two runs did not
deal alike, the difference of the two means is given with an unpaired interval.

    python bench/analysis/compare_matches.py bench/results/maestro-mcts-2-workers-vs-1-100ms \\
        bench/results/maestro-mcts-2-workers-tree-vs-1-100ms

Further pairs of folders (the same two heroes on other seeds' deals) pool their
paired differences with the first pair's, into one interval over all their games.

With --deals (two runs of one hero, e.g. before and after a change, on the same
seed), also: each deal the first run lost, how that game ended (replayed from its
record: the state's `end` and the seat whose turn ended it) and what the second run
made of the same deal, and the paired change in the hero's final point margin.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli.match.elo import mean_interval  # noqa: E402
from cli.match.entrants import parse_entrant  # noqa: E402
from cli.match.store import GamesFile, match_identity  # noqa: E402
from engine.errors import CadenzaError  # noqa: E402
from plugins.manager import default_registry  # noqa: E402


def hero_returns(directory: Path) -> tuple[str, dict[int, tuple[int, float]]]:
    """The first entrant's name, and by game index: (the game's seed, that entrant's
    return in it)."""
    match = match_identity(directory)
    hero = parse_entrant(match["entrants"][0]).name
    games = {}
    for index, record in GamesFile(directory).load(repair=False).items():
        if record.get("returns") is None:  # a game that failed: no result
            continue
        games[index] = (record["seed"], record["returns"][record["seats"].index(hero)])
    return hero, games


def paired_differences(games_a: dict, games_b: dict) -> list[float] | None:
    """The first hero's return minus the second's, game by game (hero_returns' games
    of two runs), or None where the two runs did not deal alike."""
    common = sorted(set(games_a) & set(games_b))
    if not common or any(games_a[i][0] != games_b[i][0] for i in common):
        return None
    return [games_a[i][1] - games_b[i][1] for i in common]


def compare(first: Path, second: Path, more: tuple[tuple[Path, Path], ...] = ()) -> str:
    """The first hero's mean return minus the second's; `more` holds further pairs of
    runs of the two heroes, each on its own deals, pooled with this pair game by game."""
    pairs = ((first, second), *more)
    runs = [(hero_returns(one), hero_returns(other)) for one, other in pairs]
    (name_a, games_a), (name_b, games_b) = runs[0]
    pooled = [paired_differences(a, b) for (_, a), (_, b) in runs]
    unlike = [pair for pair, these in zip(pairs, pooled, strict=True) if these is None]
    if more and unlike:
        one, other = unlike[0]
        raise CadenzaError(f"{one} and {other} did not deal alike: they cannot be pooled")
    if not unlike:
        differences = [d for these in pooled for d in these]
        mean, half = mean_interval(differences)
        how = f"paired over the {len(differences)} games both played on the same deals"
        if more:
            how += f", {len(more) + 1} pairs of runs pooled"
    else:
        mean_a, half_a = mean_interval(r for _, r in games_a.values())
        mean_b, half_b = mean_interval(r for _, r in games_b.values())
        mean, half = mean_a - mean_b, math.hypot(half_a, half_b)
        how = f"unpaired ({len(games_a)} and {len(games_b)} games; the deals differ)"
    low, high = mean - half, mean + half
    verdict = (
        f"{name_a} is stronger"
        if low > 0
        else f"{name_b} is stronger"
        if high < 0
        else "no difference shown at 95%"
    )
    return (
        f"{name_a} minus {name_b}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] in mean return, "
        f"{how}: {verdict}"
    )


def hero_records(directory: Path) -> tuple[str, dict[int, dict]]:
    """The first entrant's name and the match's finished records by game index."""
    hero = parse_entrant(match_identity(directory)["entrants"][0]).name
    records = GamesFile(directory).load(repair=False)
    return hero, {i: r for i, r in records.items() if r.get("returns") is not None}


def add_maestro_records_arguments(parser, every: int) -> None:
    """The arguments of a tool that learns from finished two-seat Maestro games: the
    match folders and how sparsely their positions are sampled."""
    parser.add_argument(
        "folders", nargs="+", type=Path, help="match folders of 2-seat Maestro games"
    )
    parser.add_argument(
        "--every", type=int, default=every, help="sample one position in this many (at least 1)"
    )


def maestro_records(parser, folders: list[Path]) -> list[dict]:
    """The finished games of `folders`, folder by folder in game order; the parser
    refuses, in one line, folders that hold anything but two-seat Maestro games."""
    records = []
    for folder in folders:
        _, finished = hero_records(folder)
        records += [finished[i] for i in sorted(finished)]
    if not records or any(r["game"] != "maestro" for r in records):
        parser.error("the folders must hold finished Maestro games")
    if any(r["players"] != 2 for r in records):
        parser.error("the folders must hold two-seat games: they hold games of more")
    return records


def replay_start(record: dict):
    """The record's (last) game, and a state at its start with its setup applied: the
    moves that follow replay it from its notation."""
    game = default_registry().game(record["game"])
    played = record["games"][-1]
    state = game.new_state(record["players"], record["variant"], resolve_setup=False)
    for text in played["setup"]:
        state.apply(state.str_to_action(text))
    return played, state


def ending(record: dict, hero: str) -> str:
    """How the record's (last) game ended, replayed from its notation: the final
    state's `end` (if its game names one), and whether the hero's turn ended it."""
    played, state = replay_start(record)
    for text in [t for move in played["moves"] for t in move["actions"]]:
        state.apply(state.str_to_action(text))
    final = state.to_dict()
    end = final.get("end") or "end"
    mover = final.get("to_move")
    if mover is None:
        return end
    return f"{end} ({'hero' if record['seats'][mover] == hero else 'opponent'}'s turn)"


def margin(record: dict, hero: str) -> float:
    """The hero's final points minus the best of the other seats'."""
    scores = record["scores"]
    mine = record["seats"].index(hero)
    return scores[mine] - max(s for seat, s in enumerate(scores) if seat != mine)


def deal_by_deal(first: Path, second: Path) -> str:
    """The first run's losses (return 0) deal by deal, how each ended and what the
    second run did on the same deal; then the paired change in point margin."""
    hero_a, games_a = hero_records(first)
    hero_b, games_b = hero_records(second)
    common = sorted(
        i for i in set(games_a) & set(games_b) if games_a[i]["seed"] == games_b[i]["seed"]
    )
    if not common:
        raise CadenzaError("the two runs share no deal (same --seed, --games and opponent?)")

    def share(records, hero, i):
        return records[i]["returns"][records[i]["seats"].index(hero)]

    lines = [f"deal  {hero_a} (first): ending, return  |  {hero_b} (second): ending, return"]
    lost_a = [i for i in common if share(games_a, hero_a, i) == 0.0]
    lost_b = [i for i in common if share(games_b, hero_b, i) == 0.0]
    endings_a = {i: ending(games_a[i], hero_a) for i in lost_a}
    endings_b = {i: ending(games_b[i], hero_b) for i in set(lost_a) | set(lost_b)}
    for i in sorted(set(lost_a) | set(lost_b)):
        left = f"{endings_a[i]}, {share(games_a, hero_a, i):g}" if i in lost_a else "not lost"
        right = (
            f"{endings_b[i]}, {share(games_b, hero_b, i):g}"
            if i in lost_b
            else (f"not lost, {share(games_b, hero_b, i):g}")
        )
        lines.append(f"{i:4}  {left}  |  {right}")
    by_end = {}
    for i in lost_a:
        by_end.setdefault(endings_a[i], []).append(i)
    for end, deals in sorted(by_end.items()):
        gone = sum(i not in lost_b for i in deals)
        lines.append(
            f"first run's losses ending {end}: {len(deals)}; not lost in the second run: {gone}"
        )
    fresh = [i for i in lost_b if i not in lost_a]
    fresh_ends = {}
    for i in fresh:
        fresh_ends[endings_b[i]] = fresh_ends.get(endings_b[i], 0) + 1
    lines.append(
        f"losses over {len(common)} paired deals: {len(lost_a)} -> {len(lost_b)} "
        f"({len(fresh)} new: {dict(sorted(fresh_ends.items()))})"
    )
    mean, half = mean_interval(
        margin(games_b[i], hero_b) - margin(games_a[i], hero_a) for i in common
    )
    lines.append(
        f"point margin, second minus first: {mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}]"
        " (paired, 95%)"
    )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path, help="a match folder (its first entrant is the hero)")
    parser.add_argument("second", type=Path, help="the other hero's match folder")
    parser.add_argument(
        "more",
        nargs="*",
        type=Path,
        metavar="FIRST SECOND",
        help="further pairs of the two heroes' folders, on other deals, pooled with the first",
    )
    parser.add_argument(
        "--deals", action="store_true", help="also each lost deal, how it ended, and the margin"
    )
    args = parser.parse_args(argv)
    if len(args.more) % 2:
        parser.error("further folders come in pairs: FIRST SECOND")
    if args.deals and args.more:
        parser.error("--deals compares one pair of runs")
    more = tuple(zip(args.more[::2], args.more[1::2], strict=True))
    try:
        print(compare(args.first, args.second, more))
        if args.deals:
            print(deal_by_deal(args.first, args.second))
    except CadenzaError as exc:  # not a match folder, a malformed entrant, unlike deals
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
