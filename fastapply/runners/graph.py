"""Mechanism: the engine's runner on CUDA — static-shape verification replayed from a CUDA graph.

A small model on a GPU is launch-bound: one eager pass of SmolLM2-135M is ~500 kernel launches
whatever k is. This runner follows the same protocol as the varlen runner (``runners/base.py``)
but runs decode passes through ``StaticRunner``: every pass verifies ``[slots, K+1]`` tokens over
one preallocated KV slab ``[layers, slots, kv_heads, T, d]``. The shapes never change, so the pass
is captured once as a CUDA graph and replayed: the host writes tokens and cache lengths into static
buffers, replays, and reads the greedy targets of every slot in one ``tolist`` (the pass's only
host sync).

Each sequence owns one slot for its whole life, so it takes a whole slot (``max_len`` positions)
from the engine's KV budget; its ``SlotCache`` is a length and nothing else (rollback = length
reset, as in gpt-fast). Prefill chunks run eagerly into the slot. Off CUDA (or with
``cuda_graphs=False``) the same pass runs eagerly: that is how the tests check it on CPU.
"""

from __future__ import annotations

import torch

from fastapply.runners.base import Row, Verified, split_outputs
from fastapply.runners.static import StaticRunner


class SlotCache:
    """One slot of the slab: the engine only reads ``length`` and calls ``truncate``."""

    def __init__(self, slot: int, capacity: int):
        self.slot, self.capacity, self.length = slot, capacity, 0

    def truncate(self, length: int) -> None:
        if not 0 <= length <= self.capacity:
            raise ValueError(f"cache length {length} outside [0, {self.capacity}]")
        self.length = length


class GraphRunner:
    def __init__(self, model, slots: int, k: int, max_len: int | None = None, cuda_graphs: bool = True):
        self.max_positions = getattr(model.config, "max_position_embeddings", 2048)
        max_len = max_len or self.max_positions + k + 1  # default: a full context plus one draft
        self.static = StaticRunner(model, batch=slots, k=k, max_len=max_len)
        self.device, self.k, self.max_len, self.slots = self.static.device, k, max_len, slots
        self.dtype = self.static.weights.dtype
        self.free_slots = list(range(slots))
        self.tokens = torch.zeros(slots, k + 1, dtype=torch.long, device=self.device)  # static input
        self.target = torch.zeros(slots, k + 1, dtype=torch.long, device=self.device)  # static output
        self.graph = None
        if cuda_graphs and self.device.type == "cuda":
            self.graph = self._capture()

    # -- caches ---------------------------------------------------------------------------------
    def check(self, k: int, capacity: int) -> None:
        if k > self.k or capacity > self.max_len:
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
        return SlotCache(self.free_slots.pop(), capacity)

    def free(self, cache: SlotCache) -> None:
        if cache.slot in self.free_slots:
            raise RuntimeError(f"slot {cache.slot} freed twice")
        self.free_slots.append(cache.slot)

    # -- one pass -------------------------------------------------------------------------------
    @torch.inference_mode()
    def verify(self, rows: list[Row], candidates: int = 1) -> Verified:
        """Greedy targets per row as the varlen runner; ranked candidates come from an eager pass
        (only the plain pass is captured)."""
        decode = [r for r in rows if r.num_logits]
        for row in rows:
            if not row.num_logits:  # prefill chunk, eager, straight into the slot
                self.static.prefill(row.cache.slot, row.tokens, start=row.cache.length)
        if not decode:
            return split_outputs([], rows, candidates)
        tokens = torch.zeros(self.slots, self.k + 1, dtype=torch.long)
        lengths = torch.zeros(self.slots, dtype=torch.long)
        for row in rows:  # idle and prefilling slots verify padding past their valid prefix: harmless
            # (a prefilling slot's prefix includes the chunk written just above)
            lengths[row.cache.slot] = row.cache.length + (0 if row.num_logits else len(row.tokens))
        for row in decode:
            if len(row.tokens) > self.k + 1:
                raise ValueError(f"row feeds {len(row.tokens)} tokens, the graph takes {self.k + 1}")
            tokens[row.cache.slot, : len(row.tokens)] = torch.tensor(row.tokens)
        self.tokens.copy_(tokens, non_blocking=True)
        self.static.lengths.copy_(lengths, non_blocking=True)
        if candidates > 1:
            out = self.static.candidates(self.tokens, candidates)
        elif self.graph is not None:
            self.graph.replay()
            out = self.target
        else:
            out = self.static.targets(self.tokens)
        per_slot = out.tolist()  # the pass's one host sync
        # a prefill row asks for nothing: its slice is empty
        flat = [p for row in rows for p in per_slot[row.cache.slot][len(row.tokens) - row.num_logits : len(row.tokens)]]
        return split_outputs(flat, rows, candidates)

    def _pass(self) -> None:
        self.target.copy_(self.static.targets(self.tokens))

    def _capture(self):
        """Warm up on a side stream (allocator settles), then capture one pass."""
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream), torch.inference_mode():
            for _ in range(2):
                self._pass()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph), torch.inference_mode():
            self._pass()
        return graph
