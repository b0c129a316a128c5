"""One generation request and its decoding state (policy data: no tensors; the runner owns the cache)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np

from fastapply.engine.config import k_error
from fastapply.engine.draft_length import DraftLengthByCursorState
from fastapply.engine.policies import ConstraintSpec, StopCriterion, StopSpec, TokenConstraint
from fastapply.engine.proposer import Cursor
from fastapply.engine.stats import Stats

_ids = itertools.count()


@dataclass
class GenerationRequest:
    prompt_ids: list[int]
    references: list[list[int]] = field(default_factory=list)  # draft sources, in priority order
    max_new_tokens: int = 1024
    k: int | None = None  # None: the engine's k
    stop_token_ids: tuple[int, ...] = ()  # added to the engine's EOS ids
    stop_strings: tuple[str, ...] = ()
    constraint: ConstraintSpec | None = None  # None: plain greedy decoding (policies.py)
    stop_criteria: tuple[StopSpec, ...] = ()  # besides EOS, max_new_tokens and stop_strings

    def __post_init__(self):
        if not self.prompt_ids:
            raise ValueError("prompt_ids is empty")
        if self.max_new_tokens < 1:
            raise ValueError(f"max_new_tokens must be >= 1, got {self.max_new_tokens}")
        if self.k is not None and (error := k_error(self.k)):
            raise ValueError(error)


class Status(Enum):
    WAITING = "waiting"
    PREFILL = "prefill"
    DECODE = "decode"
    FINISHED = "finished"


class Sequence:
    def __init__(self, request: GenerationRequest, k: int, draft_policy: DraftLengthByCursorState | None):
        self.id = next(_ids)
        self.request = request
        self.k = k
        self.draft_policy = draft_policy  # None: fixed draft length k
        self.references = [np.asarray(r, dtype=np.int64) for r in request.references if len(r)]
        self.status = Status.WAITING
        self.cache: Any = None  # the runner's cache while running
        self.pending = list(request.prompt_ids[:-1])  # prompt tokens still to prefill
        self.last_token = request.prompt_ids[-1]  # known token whose K/V is not in the cache yet
        self.output: list[int] = []
        self.cursor = Cursor()
        self.draft: list[int] = []
        self.draft_start = Cursor()
        self.cancelled = False
        self.constraint: TokenConstraint | None = None  # built by the engine from the request's spec
        self.stops: list[StopCriterion] = []  # built by the engine from the request's specs
        self.stop_ids: frozenset[int] = frozenset()  # set by the engine: its EOS ids + the request's
        self.stats = Stats(prompt_tokens=len(request.prompt_ids), k_max=k)
        self.arrived = time.perf_counter()
        self.admitted = 0.0

    def draft_sources(self) -> list[np.ndarray]:
        """The references, then the output itself (last: it only wins with a strictly longer match),
        so that code the output repeats — or a model stuck in a loop — is drafted too."""
        return [*self.references, np.asarray(self.output, dtype=np.int64)]

    @property
    def capacity(self) -> int:
        """KV positions this sequence may ever need: prompt, output and one over-long draft."""
        return len(self.request.prompt_ids) + self.request.max_new_tokens + self.k + 1

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def remaining(self) -> int:
        return self.request.max_new_tokens - len(self.output)

    def finish(self, reason: str) -> None:
        self.status = Status.FINISHED
        self.stats.finish_reason = reason
        self.stats.output_tokens = len(self.output)
        self.stats.latency_ms = 1000 * (time.perf_counter() - self.arrived)
