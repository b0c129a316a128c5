"""Engine configuration (dataclasses; errors raise ValueError)."""

from __future__ import annotations

from dataclasses import dataclass

# Relative cost of one more draft token in a verification pass (see draft_length.py), by device.
# CPU: measured for SmolLM2-135M fp32 on 2 threads at ~1.5k context (1 token 57 ms, 65 tokens 281 ms).
# CUDA: small models are launch-bound, so a 65-token pass costs about what a 1-token pass does.
DEFAULT_COST_PER_TOKEN = {"cpu": 0.06, "cuda": 0.004}


MAX_K = 1024  # the largest draft length a pass may verify


def k_error(k: int) -> str | None:
    """Why ``k`` is not a valid draft length, or None: the one check for the engine, requests and
    the HTTP schema."""
    return None if 0 <= k <= MAX_K else f"k must be in [0, {MAX_K}], got {k}"


@dataclass(frozen=True)
class EngineConfig:
    k: int = 64  # maximum draft tokens verified per pass; 0 = plain greedy decoding
    adaptive: bool = True  # choose the draft length per pass from recent acceptance and cost
    cost_per_token: float | None = None  # None: DEFAULT_COST_PER_TOKEN for the device
    max_ngram: int = 24  # longest generated suffix used to re-anchor the cursor
    max_batch: int = 8  # sequences verified together in one forward
    max_kv_tokens: int = 131072  # KV-cache budget over all running sequences (≈6 GB, default model fp32)
    prefill_chunk: int = 2048  # prompt tokens per prefill forward
    # "varlen": per-row caches, exact shapes (best on CPU); "static": [max_batch, k+1] passes over a
    # KV slab, replayed from a CUDA graph on CUDA (runners/graph.py); "auto": static on CUDA.
    runner: str = "auto"
    cuda_graphs: bool = True  # capture the static pass on CUDA (off: eager, for debugging)
    # static runner: positions per slot; None = the KV budget per request (slot_positions)
    slot_len: int | None = None
    # most verification passes between two host syncs (bursts, engine/burst.py; runners that offer
    # them: static); 1 = one sync per pass
    passes_per_sync: int = 8

    def __post_init__(self):
        if error := k_error(self.k):
            raise ValueError(error)
        if self.cost_per_token is not None and self.cost_per_token < 0:
            raise ValueError(f"cost_per_token must be >= 0, got {self.cost_per_token}")
        if self.max_ngram < 1:
            raise ValueError(f"max_ngram must be >= 1, got {self.max_ngram}")
        if self.max_batch < 1:
            raise ValueError(f"max_batch must be >= 1, got {self.max_batch}")
        if self.max_kv_tokens < 64:
            raise ValueError(f"max_kv_tokens must be >= 64, got {self.max_kv_tokens}")
        if self.runner not in ("auto", "varlen", "static"):
            raise ValueError(f"runner must be auto, varlen or static, got {self.runner!r}")
        if self.slot_len is not None and self.slot_len < self.k + 2:
            raise ValueError(f"slot_len must be >= k + 2, got {self.slot_len}")
        if self.prefill_chunk < 16:
            raise ValueError(f"prefill_chunk must be >= 16, got {self.prefill_chunk}")
        if self.passes_per_sync < 1:
            raise ValueError(f"passes_per_sync must be >= 1, got {self.passes_per_sync}")

    def slot_positions(self, context: int) -> int:
        """Positions per static slot: ``slot_len`` when set, else the KV budget per request
        (``max_kv_tokens // max_batch``, so that ``max_batch`` slots fit the budget), at most a whole
        context plus one draft. The server and the benchmarks size slots with this one rule.

        >>> EngineConfig().slot_positions(8192), EngineConfig().slot_positions(32768)
        (8257, 16384)
        >>> EngineConfig(max_batch=32).slot_positions(32768), EngineConfig(slot_len=1321).slot_positions(32768)
        (4096, 1321)
        """
        if self.slot_len is not None:
            return self.slot_len
        return max(self.k + 2, min(context + self.k + 1, self.max_kv_tokens // self.max_batch))

    def runner_for(self, device) -> str:
        if self.runner != "auto":
            return self.runner
        return "static" if str(device).startswith("cuda") else "varlen"

    def token_cost(self, device: str) -> float:
        if self.cost_per_token is not None:
            return self.cost_per_token
        return DEFAULT_COST_PER_TOKEN["cuda" if str(device).startswith("cuda") else "cpu"]
