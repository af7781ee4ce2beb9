"""Load on `cadenza serve`: many games against the AI at once on loopback, each
person a WebSocket client in asyncio that plays a random legal move as soon as it
is to move. Prints the time from a person's move to its acknowledgement (the view
that answers it) while the AI searches run in the pool: the goal is a p95 under
100 ms. Run from the checkout (a script, not in CI):

    python bench/web_load.py --games 50 --level 3 --workers 2 --runs 3

The server is this tree's code in a subprocess (tests/web/webserver.py) with its own
data folder, so its event loop shares nothing with the clients'. On a shared machine
the figure moves with the load, so a change is shown by runs of the code before it
and after it taking turns in the same minutes: `--tree DIR` serves the code of
another checkout (say an export of the commit before the change).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("tictactoe", "pig")


@dataclass
class Figures:
    acks: list[float] = field(default_factory=list)  # seconds, move to acknowledgement
    games: int = 0
    progress: int = 0  # progress reports the clients heard (searches running)
    queued: int = 0  # queue places they heard


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_one(url: str, game: str, level: str, rng: random.Random, figures: Figures):
    origin = url.rstrip("/")  # as the server's own page: it refuses other origins
    async with httpx.AsyncClient(timeout=30, headers={"origin": origin}) as http:
        answer = await http.post(
            url + "api/rooms", json={"game": game, "seat": 0, "strengths": {"1": level}}
        )
        room = answer.json()
    async with connect(url.replace("http", "ws") + "ws", max_size=2**20, origin=origin) as ws:
        await ws.send(json.dumps({"type": "join", "room": room["room"], "token": room["token"]}))
        view = None
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "progress":
                if message.get("queued") is None:
                    figures.progress += 1
                else:
                    figures.queued += 1
            if message["type"] != "view":
                continue
            view = message
            if view["over"] is not None:
                figures.games += 1
                return
            if view["to_move"] != 0 or view["thinking"] is not None or not view["legal"]:
                continue
            turn = [p["id"] for p in view["partial"]] + [rng.choice(view["legal"])["id"]]
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "actions": turn, "version": view["version"]}))
            while True:
                answer = json.loads(await ws.recv())
                if answer["type"] == "error":
                    raise RuntimeError(answer["message"])
                if answer["type"] == "view":
                    figures.acks.append(time.perf_counter() - sent)
                    break
            view = answer
            if view["over"] is not None:
                figures.games += 1
                return


async def run_load(url: str, games: int, level: str, seed: int) -> Figures:
    figures = Figures()
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            play_one(url, GAMES[n % len(GAMES)], level, random.Random(rng.random()), figures)
            for n in range(games)
        )
    )
    return figures


def server_class(tree: Path):
    """tests/web/webserver.py's Server of the checkout `tree`: it serves that tree's code."""
    spec = importlib.util.spec_from_file_location(
        f"webserver_{abs(hash(str(tree)))}", tree / "tests" / "web" / "webserver.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Server


def measure(
    games: int, level: str = "3", workers: int = 2, seed: int = 1, tree: Path = ROOT
) -> dict:
    """Serve (the code of checkout `tree`) in a subprocess, play `games` games at
    once, and the figures."""
    Server = server_class(Path(tree))

    with tempfile.TemporaryDirectory() as data:
        server = Server(Path(data), ("--workers", str(workers)))
        server.start()
        try:
            start = time.perf_counter()
            # On a thread of its own: the caller may have an event loop running
            # (a test process in which Playwright's sync API already ran).
            with ThreadPoolExecutor(1) as thread:
                load = thread.submit(asyncio.run, run_load(server.url, games, level, seed))
                figures = load.result()
            wall = time.perf_counter() - start
        finally:
            server.stop()
    return summary(figures, wall)


def summary(figures: Figures, wall: float) -> dict:
    acks = figures.acks
    return {
        "games": figures.games,
        "moves": len(acks),
        "progress_reports": figures.progress,
        "queue_reports": figures.queued,
        "wall_s": round(wall, 2),
        "ack_p50_ms": round(1000 * percentile(acks, 0.50), 1),
        "ack_p95_ms": round(1000 * percentile(acks, 0.95), 1),
        "ack_p99_ms": round(1000 * percentile(acks, 0.99), 1),
        "ack_max_ms": round(1000 * max(acks), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--level", default="3", help="the AI seats' level (1..10)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1, help="measure this many times")
    parser.add_argument(
        "--tree", type=Path, default=ROOT, help="the checkout whose server code is measured"
    )
    args = parser.parse_args()
    for run in range(args.runs):
        figures = measure(args.games, args.level, args.workers, args.seed + run, args.tree)
        figures["load_1min"] = round(os.getloadavg()[0], 2)  # what else the machine ran
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
