"""Time management for timed tree searches: stop once the answer is settled.

A search under a movetime (and no iteration limit) runs in slices; after each, it
stops if no amount of the time left could change its choice. With the most visited
child as the choice, a child can gain at most one visit an iteration, so the choice
at a node is settled when the leader's lead in visits exceeds the iterations the
time left allows; the whole decision is settled when that holds at every node of
the mover's line (the rest of its turn). This is the early stop that strong MCTS
programs use (Fuego, Leela Zero's "smart pruning"): the same move, sooner.

The iterations still to come are estimated from the rate so far, with a margin,
since a tree's iterations slow down as it grows deeper.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from search import clock, progress, stopping

# A timed search checks whether it is settled this many times over its movetime.
SLICES = 20
# ... the first of them after this many seconds.
FIRST_SLICE = 0.002
# Iterations that no lead survives: `settled(FORCED)` holds only for a forced line.
FORCED = 1 << 62
# The estimate of the iterations still to come is the rate so far times this.
RATE_MARGIN = 1.5


def run_until_settled(
    run_until: Callable[[float], int],
    deadline: float,
    settled: Callable[[int], bool],
    status: Optional[Callable[[], dict]] = None,
) -> int:
    """Call `run_until(t)` (run the search until the clock (search/clock.pxd) reaches `t`,
    returning the iterations it ran) slice by slice until `deadline`, or until
    `settled(n)`: whether `n` more iterations could no longer change the answer.
    Between slices, `status()` (the search so far) goes to a progress listener when
    one is due (search/progress.py), and a stop request ends the search
    (search/stopping.py). Returns the iterations run."""
    start = clock.now()
    step = max(0.0, deadline - start) / SLICES
    first = min(deadline, start + min(step, FIRST_SLICE))
    if stopping.may_come():
        step = min(step, stopping.SLICE)
        if stopping.requested():  # already told to stop: as little as run_until does
            first = start
    # A first short slice, after which only a forced line (settled whatever comes)
    # stops: the rate of a few milliseconds says little about the rest.
    done = run_until(first)
    if done and settled(FORCED):
        return done
    while True:
        now = clock.now()
        if now >= deadline or stopping.requested():
            return done
        done += run_until(min(deadline, now + step))
        if status is not None and progress.due():
            progress.report(**status())
        now = clock.now()
        if now >= deadline or done == 0:
            continue
        rate = done / max(now - start, 1e-9)
        if settled(int(RATE_MARGIN * rate * (deadline - now)) + 1):
            return done


def run_sliced(
    run_for: Callable[[int, Optional[float]], int],
    iterations: int,
    deadline: Optional[float],
    status: Optional[Callable[[], dict]] = None,
) -> int:
    """`run_for(n, t)` (run up to `n` iterations, stopping once the clock
    reaches `t` if not None; returns the iterations run) for `iterations` iterations
    or until `deadline`. One call when no stop can come; while one may, slices of at
    most stopping.SLICE seconds until it does (after at least one iteration where
    `run_for` runs one, so the tree has something to answer with). With `status`,
    slices also while a progress listener is set, and `status()` goes to it when
    due. Returns the iterations run."""
    reporting = status is not None and progress.has_listener()
    if not stopping.may_come() and not reporting:
        return run_for(iterations, deadline)
    done = 0
    while done < iterations:
        now = clock.now()
        stopped = stopping.requested()
        if done and (stopped or (deadline is not None and now >= deadline)):
            break
        # Told to stop before anything ran: as little as `run_for` can do.
        until = now if stopped else now + stopping.SLICE
        ran = run_for(iterations - done, until if deadline is None else min(deadline, until))
        if ran == 0:  # the deadline (or the stop) came before one more iteration
            break
        done += ran
        if reporting and progress.due():
            progress.report(**status())
    return done


def leader_is_safe(visits: Iterable[int], more: int, choices: int) -> bool:
    """Whether the most visited of `choices` options, whose children have these
    visit counts (options without a child have none), stays first after `more`
    iterations: its lead over the runner-up must exceed `more`."""
    counts = sorted(visits, reverse=True)
    if choices <= 1:
        return True
    if not counts:
        return False
    runner_up = counts[1] if len(counts) > 1 else 0
    return counts[0] - runner_up > more
