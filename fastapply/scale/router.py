"""The Ray Serve request router of the engine replicas: a file's home replica while it has room,
otherwise the least-loaded replica.

Ray calls ``choose_replicas`` for every request and takes the ranks in order: within a rank it
probes (or reads from its cache) each replica's ongoing requests and picks the lowest one that is
below the replica's ``max_ongoing_requests``. So ranking ``[[home], others]`` sends a file to its
home unless the home is full, and one rank of all replicas is plain least-loaded routing.

"Room" is stricter than Ray's own cap: a home replica with ``room`` or more requests in flight (its
batch is full, new work would queue) sends the file elsewhere, because waiting behind a full batch
costs more than the prefix a prompt cache would save.
"""
from __future__ import annotations

from ray.serve.request_router import PendingRequest, RequestRouter, RunningReplica

from .affinity import rendezvous

ROUTE_KEY = "route_key"  # the keyword argument of an engine call that carries the file's key


class FileAffinityRouter(RequestRouter):
    room: int = 8

    def initialize_state(self, room: int = 8, **_):
        self.room = room

    async def choose_replicas(self, candidate_replicas: list[RunningReplica],
                              pending_request: PendingRequest | None = None) -> list[list[RunningReplica]]:
        if not candidate_replicas:
            return []
        if pending_request is not None:
            # Without this flag Ray retries the ranks at once, in a busy loop, while every replica is full.
            pending_request.routing_context.should_backoff = True
        key = pending_request.kwargs.get(ROUTE_KEY) if pending_request is not None else None
        if key is None or len(candidate_replicas) == 1:
            return [candidate_replicas]
        by_id = {r.replica_id.unique_id: r for r in candidate_replicas}
        home = by_id[rendezvous(key, by_id)]
        in_flight = self.replica_queue_len_cache.get(home.replica_id)
        if in_flight is not None and in_flight >= self.room:
            return [candidate_replicas]
        return [[home], [r for r in candidate_replicas if r is not home]]
