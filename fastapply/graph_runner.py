"""Mechanism: the engine's runner on CUDA — static-shape verification replayed from a CUDA graph.

A small model on a GPU is launch-bound: one eager pass of SmolLM2-135M is ~500 kernel launches
whatever k is. This runner keeps the ``ModelRunner`` contract (``new_cache``, ``forward(rows) ->
greedy tokens per row``) so the engine does not change, but runs decode passes through
``StaticRunner``: every pass verifies ``[slots, K+1]`` tokens over one preallocated KV slab
``[layers, slots, kv_heads, T, d]``. The shapes never change, so the pass is captured once as a
CUDA graph and replayed: the host writes tokens, draft lengths and cache lengths into static
buffers, replays, and reads ``[accepted, *greedy targets]`` per slot in one ``tolist`` (the pass's
only host sync). Argmax and acceptance run on the device through ``fastapply.kernels`` (Triton on
CUDA, the torch reference elsewhere).

Each sequence owns one slot; its ``SlotCache`` is a length and nothing else (rollback = length
reset, as in gpt-fast). Prefill chunks run eagerly into the slot. Off CUDA (or with
``cuda_graphs=False``) the same pass runs eagerly: that is how the tests check it on CPU.
"""
from __future__ import annotations

import weakref

import torch

from .model_runner import Row
from .static_runner import StaticRunner


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
        self.dtype = next(model.parameters()).dtype
        self.free = list(range(slots))
        self.tokens = torch.zeros(slots, k + 1, dtype=torch.long, device=self.device)  # static inputs
        self.draft_len = torch.zeros(slots, dtype=torch.long, device=self.device)
        self.packed = torch.zeros(slots, k + 2, dtype=torch.long, device=self.device)  # static output
        self.graph = None
        if cuda_graphs and self.device.type == "cuda":
            self.graph = self._capture()

    # -- caches ---------------------------------------------------------------------------------
    def new_cache(self, capacity: int) -> SlotCache:
        if capacity > self.max_len:
            raise ValueError(f"sequence needs {capacity} positions, a slot holds {self.max_len}")
        if not self.free:
            raise RuntimeError("no free KV slot (the engine admits at most `slots` sequences)")
        cache = SlotCache(self.free.pop(), capacity)
        weakref.finalize(cache, self.free.append, cache.slot)  # the slot returns when the sequence drops it
        return cache

    # -- one pass -------------------------------------------------------------------------------
    @torch.inference_mode()
    def forward(self, rows: list[Row], candidates: int = 1) -> list[list]:
        """Greedy tokens per row as ``ModelRunner.forward``; with ``candidates > 1`` ranked candidate
        ids per position instead, from an eager pass (the captured graph accepts on the device)."""
        decode = [r for r in rows if r.num_logits]
        for row in rows:
            if not row.num_logits:  # prefill chunk, eager, straight into the slot
                self.static.prefill(row.cache.slot, row.tokens, start=row.cache.length)
        if not decode:
            return [[] for _ in rows]
        tokens = torch.zeros(self.slots, self.k + 1, dtype=torch.long)
        draft_len = torch.zeros(self.slots, dtype=torch.long)
        lengths = torch.zeros(self.slots, dtype=torch.long)
        for row in rows:  # idle and prefilling slots verify padding past their valid prefix: harmless
            # (a prefilling slot's prefix includes the chunk written just above)
            lengths[row.cache.slot] = row.cache.length + (0 if row.num_logits else len(row.tokens))
        for row in decode:
            if len(row.tokens) > self.k + 1:
                raise ValueError(f"row feeds {len(row.tokens)} tokens, the graph takes {self.k + 1}")
            tokens[row.cache.slot, :len(row.tokens)] = torch.tensor(row.tokens)
            draft_len[row.cache.slot] = len(row.tokens) - 1
        self.tokens.copy_(tokens, non_blocking=True)
        self.draft_len.copy_(draft_len, non_blocking=True)
        self.static.lengths.copy_(lengths, non_blocking=True)
        if candidates > 1:
            ranked = self.static.candidates(self.tokens, candidates).tolist()  # the pass's one host sync
            return [ranked[r.cache.slot][:r.num_logits] if r.num_logits else [] for r in rows]
        if self.graph is not None:
            self.graph.replay()
        else:
            self._pass()
        packed = self.packed.tolist()  # the pass's one host sync
        out = []
        for row in rows:
            if not row.num_logits:
                out.append([])
                continue
            accepted, target = packed[row.cache.slot][0], packed[row.cache.slot][1:]
            out.append(target[:accepted + 1])  # the accepted draft tokens and the model's own next one
        return out

    def _pass(self) -> None:
        accepted, target = self.static.targets(self.tokens, self.draft_len)
        self.packed[:, 0] = accepted
        self.packed[:, 1:] = target

    def _capture(self):
        """Warm up on a side stream (Triton compiles, allocator settles), then capture one pass."""
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
