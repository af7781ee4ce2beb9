"""The person's win-chance graph in a room: when the person to move has no point at
the present length of the log and a page of the room is open, a short search from
the person's own view gives one (cli/serve/thinking.py, seat_position), stored with
the room and sent to that seat's pages."""

from __future__ import annotations

import asyncio
import logging

from cli.serve.ai import value_job
from cli.serve.commits import MovedOn
from cli.serve.thinking import chart_seed, seat_position

log = logging.getLogger("cadenza.serve")
# The short search from the person's own view that gives the graph a point.
CHART_BUDGET = "iterations=100"


class Charts:
    def __init__(self, hub):
        self.hub = hub  # hub.py: the rooms, their searches, commits and pages
        self.tasks: dict = {}  # room id -> the running search of a point

    def kick(self, room) -> None:
        """A point of the win-chance graph for the person to move, if it has none."""
        player = room.state.current_player()
        if (
            room.over()
            or not room.is_human(player)
            or room.chart_point(player) is not None
            or room.id in self.tasks
            or not self.hub.connections.any(room)
        ):
            return
        # The position is taken now, not when the task first runs: by then the person
        # may have moved, and the search would value a chance node or another's turn.
        seed = chart_seed(room)
        position = (len(room.log), room.log[-1] if room.log else None)
        position += (seat_position(room, player, seed),)
        task = self._chart(room, player, position, seed)
        self.tasks[room.id] = asyncio.get_running_loop().create_task(task)

    def cancel(self, room) -> None:
        task = self.tasks.pop(room.id, None)
        if task is not None:
            task.cancel()

    async def _chart(self, room, seat: int, position: tuple, seed: int) -> None:
        me = asyncio.current_task()
        hub = self.hub
        n, anchor, state_json = position  # anchor: gone if an undo takes it back
        spec = f"{hub.registry.default_searcher(room.game)}:{CHART_BUDGET}"
        try:
            value = await hub.searches.run(
                f"chart:{room.id}", value_job, room.game.name, state_json, spec, seed
            )

            def change(draft) -> None:
                if len(draft.log) < n or (n and draft.log[n - 1] is not anchor):
                    raise MovedOn()  # undone meanwhile: a position no longer played
                draft.add_chart_point(seat, n, value)

            await hub.commits.land_in_time(room, change, hub.writer(room))
            message = {"type": "chart", "chart": room.chart_for(seat)}
            await hub.connections.send_to_seat(room, seat, message)
        except MovedOn:
            pass
        except Exception:
            log.exception("room %s: the win-chance search failed", room.id)
        finally:
            if self.tasks.get(room.id) is me:
                self.tasks.pop(room.id)
                self.kick(room)  # the person may be to move again by now
