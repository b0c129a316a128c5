"""Mechanism: the engine's runner on CUDA — static-shape verification replayed from CUDA graphs.

A small model on a GPU is launch-bound: one eager pass of SmolLM2-135M is ~500 kernel launches
whatever k is. This runner follows the same protocol as the varlen runner (``runners/base.py``)
but runs decode passes through ``StaticRunner``: every pass verifies ``[slots, K+1]`` tokens over
one preallocated KV slab ``[layers, slots, kv_heads, T, d]``. The shapes never change, so a pass
is captured as a CUDA graph and replayed: the host writes tokens and cache lengths into static
buffers, replays, and reads the greedy targets of every slot in one ``tolist`` (the pass's only
host sync).

Attention reads the first ``keys`` positions of each slot, ``keys`` the smallest bucket (a power of
two from ``KEY_BLOCK``, or the whole slot) that holds every row's positions in the pass; one graph
is captured per bucket, when first needed (``prepare_graphs`` captures them ahead). A pass therefore
costs what the longest row in it needs, not what the slot could hold, and slots can be sized from
the KV budget (``EngineConfig.slot_positions``) without slowing short requests down.

``burst`` runs several passes between two host syncs (``runners/device_loop.py``): drafts are
gathered from each row's reference window on the device, acceptance runs there
(``fastapply.kernels.greedy_accept``: the Triton kernel on CUDA) and the host reads every pass's
results once. The loop's pass is captured per bucket too, so no Python touches tensors between
replays.

Each sequence owns one slot for its whole life, so it takes a whole slot (``max_len`` positions)
from the engine's KV budget; its ``SlotCache`` is a length and nothing else (rollback = length
reset, as in gpt-fast). Prefill chunks of every row in a step go through one eager forward
(``StaticRunner.prefill_rows``), except a lone fresh prompt (the latency case, one request at a
time), replayed from a graph captured per padded width (``prefill_graphs.py``). Off CUDA (or with ``cuda_graphs=False``) the same passes run
eagerly: that is how the tests check them on CPU.
"""

from __future__ import annotations

import numpy as np
import torch

from fastapply.runners.base import Burst, BurstRow, Row, Verified, split_outputs
from fastapply.runners.device_loop import DeviceLoop
from fastapply.runners.prefill_graphs import PrefillGraphs
from fastapply.runners.profile import PassProfile
from fastapply.runners.static import StaticRunner

KEY_BLOCK = 256  # the smallest key length a pass attends over


def key_bucket(needed: int, slot: int, smallest: int = KEY_BLOCK) -> int:
    """Key positions a pass attends over when its rows need ``needed``: the smallest power of two
    from ``smallest`` that holds them, at most the whole slot. A handful of sizes, one graph each.

    >>> key_bucket(1321, 8257), key_bucket(9000, 8257), key_bucket(10, 8257), key_bucket(10, 100)
    (2048, 8257, 256, 100)
    """
    size = smallest
    while size < needed:
        size *= 2
    return min(size, slot)


class SlotCache:
    """One slot of the slab: the engine only reads ``length`` and calls ``truncate``."""

    def __init__(self, slot: int, capacity: int):
        self.slot, self.capacity, self.length = slot, capacity, 0

    def truncate(self, length: int) -> None:
        if not 0 <= length <= self.capacity:
            raise ValueError(f"cache length {length} outside [0, {self.capacity}]")
        self.length = length


class GraphRunner:
    def __init__(
        self,
        model,
        slots: int,
        k: int,
        max_len: int | None = None,
        cuda_graphs: bool = True,
        burst_passes: int = 8,
    ):
        context = getattr(model.config, "max_position_embeddings", 2048)
        max_len = max_len or context + k + 1  # default: a full context plus one draft
        self.static = StaticRunner(model, batch=slots, k=k, max_len=max_len)
        self.device, self.k, self.max_len, self.slots = self.static.device, k, max_len, slots
        self.max_positions = min(context, max_len - k - 1)  # what a slot holds besides one draft
        self.dtype = self.static.weights.dtype
        self.free_slots = list(range(slots))
        self.caches: dict[int, SlotCache] = {}  # occupied slots
        self.tokens = torch.zeros(slots, k + 1, dtype=torch.long, device=self.device)  # static input
        self.target = torch.zeros(slots, k + 1, dtype=torch.long, device=self.device)  # static output
        self.profile = PassProfile()
        self.loop = DeviceLoop(self.static, max(burst_passes, 1))
        self.burst_passes = self.loop.passes
        self.capturing = cuda_graphs and self.device.type == "cuda"
        self.graphs: dict[int, torch.cuda.CUDAGraph] = {}  # key bucket -> captured verification pass
        self.loop_graphs: dict[int, torch.cuda.CUDAGraph] = {}  # key bucket -> captured device-loop pass
        self.pool = torch.cuda.graph_pool_handle() if self.capturing else None  # one pool for every graph
        self.prefill = PrefillGraphs(self.static, lambda run: self._capture(run), lambda n: key_bucket(n, self.max_len))

    # -- caches ---------------------------------------------------------------------------------
    def check(self, k: int, capacity: int) -> None:
        # every pass writes K+1 positions whatever the row's own k: the slot must hold those too
        if k > self.k or capacity - k + self.k > self.max_len:
            raise ValueError(
                f"request needs k={k} and {capacity} positions; the static runner was "
                f"built for k <= {self.k} and {self.max_len} positions per slot"
            )

    def reserve(self, capacity: int) -> int:
        return self.max_len  # a slot is held whole, whatever the sequence uses of it

    def allocate(self, capacity: int) -> SlotCache:
        self.check(0, capacity)
        if not self.free_slots:
            raise RuntimeError("no free KV slot (the engine admits at most `slots` sequences)")
        cache = SlotCache(self.free_slots.pop(), capacity)
        self.caches[cache.slot] = cache
        return cache

    def free(self, cache: SlotCache) -> None:
        if cache.slot in self.free_slots:
            raise RuntimeError(f"slot {cache.slot} freed twice")
        self.free_slots.append(cache.slot)
        del self.caches[cache.slot]

    def _lengths(self) -> np.ndarray:
        """[slots] every occupied slot's valid length, 0 for a free one: a pass writes keys from
        there on, past what any slot holds (a slot not in the pass keeps its prefix)."""
        lengths = np.zeros(self.slots, dtype=np.int64)
        for slot, cache in self.caches.items():
            lengths[slot] = cache.length
        return lengths

    # -- one pass -------------------------------------------------------------------------------
    @torch.inference_mode()
    def verify(self, rows: list[Row], candidates: int = 1) -> Verified:
        """Greedy targets per row as the varlen runner; ranked candidates come from an eager pass
        (only the plain pass is captured). Prefill chunks go first, all in one forward."""
        decode = [r for r in rows if r.num_logits]
        prefill = [r for r in rows if not r.num_logits]
        if prefill:
            self._prefill(prefill)
        if not decode:
            return split_outputs([], rows, candidates)
        with self.profile.clock("prepare"):
            tokens = np.zeros((self.slots, self.k + 1), dtype=np.int64)
            lengths = self._lengths()
            for row in prefill:  # idle and prefilling slots verify padding past their valid prefix:
                # harmless (a prefilling slot's prefix includes the chunk written just above)
                lengths[row.cache.slot] += len(row.tokens)
            for row in decode:
                if len(row.tokens) > self.k + 1:
                    raise ValueError(f"row feeds {len(row.tokens)} tokens, the graph takes {self.k + 1}")
                tokens[row.cache.slot, : len(row.tokens)] = row.tokens
            self.tokens.copy_(torch.from_numpy(tokens), non_blocking=True)
            self.static.lengths.copy_(torch.from_numpy(lengths), non_blocking=True)
            keys = key_bucket(int(lengths.max()) + self.k + 1, self.max_len)
        if candidates > 1:
            with self.profile.clock("launch"):
                out = self.static.candidates(self.tokens, candidates, keys)
        else:
            graph = self._graph(keys)
            with self.profile.clock("launch"):
                if graph is not None:
                    graph.replay()
                    out = self.target
                else:
                    out = self.static.targets(self.tokens, keys)
        with self.profile.clock("sync"):
            per_slot = out.tolist()  # the pass's one host sync
        self.profile.passes += 1
        self.profile.syncs += 1
        # a prefill row asks for nothing: its slice is empty
        flat = [p for row in rows for p in per_slot[row.cache.slot][len(row.tokens) - row.num_logits : len(row.tokens)]]
        return split_outputs(flat, rows, candidates)

    @torch.inference_mode()
    def burst(self, rows: list[BurstRow], passes: int) -> Burst:
        """``passes`` passes over every slot on the device (rows as ``BurstRow`` describes), then one
        host sync. Each row's cache length is left where the engine will set it (it replays the
        passes); the device's lengths are its own."""
        if not 1 <= passes <= self.loop.passes:
            raise ValueError(f"a burst runs 1..{self.loop.passes} passes, got {passes}")
        with self.profile.clock("prepare"):
            lengths = self._lengths()
            self.loop.load(rows, lengths)
            # every row advances at most K+1 positions a pass; a pass writes K+1 positions
            keys = key_bucket(int(lengths.max()) + passes * (self.k + 1), self.max_len)
        graph = self._loop_graph(keys)
        with self.profile.clock("launch"):
            for _ in range(passes):
                if graph is not None:
                    graph.replay()
                else:
                    self.loop.step(keys)
        with self.profile.clock("sync"):
            tokens, drafted, accepted = self.loop.read(rows, passes)
        self.profile.passes += passes
        self.profile.syncs += 1
        return Burst(tokens, drafted, accepted)

    def _prefill(self, rows: list[Row]) -> None:
        chunks, starts = [r.tokens for r in rows], [r.cache.length for r in rows]
        with self.profile.clock("prefill"):
            replayed = (
                self.capturing
                and self.prefill.takes(chunks, starts)
                and self.prefill.run(rows[0].cache.slot, chunks[0])
            )
            if not replayed:
                self.static.prefill_rows([r.cache.slot for r in rows], chunks, starts)
        self.profile.prefill_forwards += 1
        self.profile.prefill_rows += len(rows)

    # -- graphs ---------------------------------------------------------------------------------
    def prepare_graphs(self, positions: int) -> None:
        """Capture now every graph a row of up to ``positions`` positions will replay (otherwise each
        is captured the first time it is needed). Call while no sequence runs."""
        if not self.capturing:
            return
        self.static.lengths.zero_()
        self.loop.load([], np.zeros(self.slots, dtype=np.int64))
        reach = positions + self.loop.passes * (self.k + 1)  # what a burst's bound may ask for
        self.prefill.prepare(positions)
        size = 0
        while size < self.max_len:
            size = key_bucket(size + 1, self.max_len)
            self._graph(size)
            self._loop_graph(size)
            if size >= reach:
                break

    def _graph(self, keys: int):
        if self.capturing and keys not in self.graphs:
            self.graphs[keys] = self._capture(lambda: self.target.copy_(self.static.targets(self.tokens, keys)))
        return self.graphs.get(keys)

    def _loop_graph(self, keys: int):
        if self.capturing and keys not in self.loop_graphs:
            # the warm-up passes run for real: with every slot idle they only write keys past the
            # valid prefixes, and the loop's counters are reset after the capture
            active = self.loop.active.clone()
            self.loop.active.zero_()
            self.loop_graphs[keys] = self._capture(lambda: self.loop.step(keys))
            self.loop.active.copy_(active)
            self.loop.pass_index.zero_()
        return self.loop_graphs.get(keys)

    def _capture(self, run):
        """Warm up on a side stream (allocator settles), then capture one pass."""
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream), torch.inference_mode():
            for _ in range(2):
                run()
                self.loop.pass_index.zero_()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, pool=self.pool), torch.inference_mode():
            run()
        return graph
