"""The Ray Serve request router of the engine replicas: a file's home replica while it has room,
otherwise the least-loaded replica.

Ray calls ``choose_replicas`` for every request and takes the ranks in order: within a rank it
probes (or reads from its cache) each replica's ongoing requests and picks the lowest one that is
below the replica's ``max_ongoing_requests``. So ranking ``[[home], others]`` sends a file to its
home unless the home is full, and one rank of all replicas is plain least-loaded routing.

"Room" is stricter than Ray's own cap. The home has room while it holds fewer than ``room``
requests (its batch is not full; new work would queue behind it otherwise) and no more than
``imbalance`` above the least-loaded replica: on an idle or evenly loaded deployment every file
goes home, and under uneven load balance wins, because a batch row waiting behind others costs
more than the shared prefix a prompt cache would save (on CPU a batched pass costs nearly what its
rows cost one by one).
"""

from __future__ import annotations

import time
from collections import deque

from ray.serve.request_router import PendingRequest, RequestRouter, RunningReplica

from .affinity import rendezvous

ROUTE_KEY = "route_key"  # the keyword argument of an engine call that carries the file's key
# Ray counts a request against its replica only once it is sent, a few milliseconds after it was
# routed; requests that arrive together would all see the same counts and all go home. Homes
# chosen this recently count as one more request in flight.
JUST_ROUTED_S = 0.05


class FileAffinityRouter(RequestRouter):
    room: int = 8
    imbalance: int = 2

    def initialize_state(self, room: int = 8, imbalance: int = 2, **_):
        self.room, self.imbalance = room, imbalance
        self._just_routed: deque = deque()  # (time, replica id) of recent home choices

    async def choose_replicas(
        self, candidate_replicas: list[RunningReplica], pending_request: PendingRequest | None = None
    ) -> list[list[RunningReplica]]:
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
        if not self.has_room(home, candidate_replicas):
            return [candidate_replicas]
        self._just_routed.append((time.monotonic(), home.replica_id))
        return [[home], [r for r in candidate_replicas if r is not home]]

    def has_room(self, home: RunningReplica, replicas: list[RunningReplica]) -> bool:
        """From the in-flight counts Ray keeps per replica (unknown counts as idle: Ray probes it)."""
        now = time.monotonic()
        while self._just_routed and now - self._just_routed[0][0] > JUST_ROUTED_S:
            self._just_routed.popleft()
        loads = {r.replica_id: self.replica_queue_len_cache.get(r.replica_id) or 0 for r in replicas}
        for _, replica_id in self._just_routed:
            if replica_id in loads:
                loads[replica_id] += 1
        return loads[home.replica_id] < self.room and loads[home.replica_id] - min(loads.values()) <= self.imbalance
