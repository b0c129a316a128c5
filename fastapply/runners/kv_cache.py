"""A preallocated key/value cache for one sequence, where rollback is a length reset.

``DynamicCache`` concatenates the whole cache on every step (≈16 ms of a 57 ms step for the default
model on 2 CPU threads) and ``StaticCache`` attends over its full capacity. Here the buffers are
allocated once per request, new keys are written in place, and attention reads only ``[:length]``.
Rejected draft positions are dropped by moving ``length`` back; their stale values are overwritten
by the next pass.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class CacheShape:
    layers: int
    kv_heads: int
    head_dim: int


class KVCache:
    def __init__(self, shape: CacheShape, capacity: int, dtype: torch.dtype, device: torch.device | str):
        if capacity <= 0:
            raise ValueError(f"cache capacity must be positive, got {capacity}")
        self.shape = shape
        self.capacity = capacity
        # keys, values: [layers, kv_heads, capacity, head_dim]
        self.keys = torch.empty(shape.layers, shape.kv_heads, capacity, shape.head_dim, dtype=dtype, device=device)
        self.values = torch.empty_like(self.keys)
        self.length = 0  # valid prefix; positions >= length are garbage

    def write(self, layer: int, start: int, k: torch.Tensor, v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Store k, v ([kv_heads, n, head_dim]) at positions [start, start+n) and return the valid
        keys and values up to start+n, each [kv_heads, start+n, head_dim]."""
        end = start + k.shape[1]
        if end > self.capacity:
            raise RuntimeError(f"KV cache overflow: {end} > capacity {self.capacity}")
        self.keys[layer, :, start:end] = k
        self.values[layer, :, start:end] = v
        return self.keys[layer, :, :end], self.values[layer, :, :end]

    def truncate(self, length: int) -> None:
        """Roll back to ``length`` valid positions (only ever shrinks or extends over written data)."""
        if not 0 <= length <= self.capacity:
            raise ValueError(f"cache length {length} outside [0, {self.capacity}]")
        self.length = length

    @property
    def nbytes(self) -> int:
        return self.keys.nbytes + self.values.nbytes
