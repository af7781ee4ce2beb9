"""Running the games of a match as Ray tasks, for users who outgrow one machine.

Each of `workers` Ray actors holds a Referee (cli/match/referee.py), so a game on Ray
is played, watched and recorded exactly as a local one: the records are identical
but for timings. Ray is an optional extra (`pip install 'cadenza[ray]'`); with no
`--address` a local Ray is started (and stopped again at the end).
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Optional

from cli.match.errors import BackendError
from cli.match.referee import GameJob, Referee


class RefereeActor:
    """A Ray actor around one Referee (it keeps its worker process between games)."""

    def __init__(self, registry_factory: Callable):
        self.referee = Referee(registry_factory)

    def play(self, job: GameJob) -> Optional[dict]:
        return self.referee.play(job)

    def close(self) -> None:
        self.referee.close()


def _ray():
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs Ray: pip install 'cadenza[ray]'") from None
    return ray


class RayBackend:
    def __init__(self, workers: int, registry_factory: Callable, address: Optional[str] = None):
        self.workers = workers
        self.registry_factory = registry_factory
        self.address = address
        _ray()  # fail before the match starts if Ray is missing

    def run(self, jobs: Iterable[GameJob]) -> Iterator[dict]:
        ray = _ray()
        from ray.util import ActorPool

        started_here = not ray.is_initialized()
        if started_here:
            try:
                ray.init(address=self.address, include_dashboard=False, log_to_driver=False)
            except Exception as exc:  # Ray's own errors vary by version
                raise BackendError(
                    f"cannot start or reach Ray at {self.address or 'a local instance'}: {exc}"
                ) from None
        # An actor takes a CPU; more actors than the cluster has CPUs would wait
        # forever with their share of the games.
        cpus = int(ray.cluster_resources().get("CPU", 0))
        workers = min(self.workers, cpus) if cpus > 0 else self.workers
        actor_class = ray.remote(num_cpus=1)(RefereeActor)
        actors = [actor_class.remote(self.registry_factory) for _ in range(workers)]
        try:
            pool = ActorPool(actors)
            for record in pool.map_unordered(lambda actor, job: actor.play.remote(job), list(jobs)):
                if record is not None:
                    yield record
        finally:
            for actor in actors:
                ray.kill(actor)
            if started_here:
                ray.shutdown()
