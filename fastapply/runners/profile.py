"""Mechanism: what a runner's passes cost, counted where they happen (the benchmark reads it).

Host wall time in four segments: ``prepare`` (building a pass's inputs on the host and handing them
to the device), ``launch`` (issuing the forward: a graph replay, or the eager kernels), ``sync``
(waiting for the device and reading the results back: the pass's one host sync) and ``prefill``
(issuing prefill forwards). On a GPU the device's own time shows up in ``sync``: the host only
issues work until it reads a result.

>>> p = PassProfile()
>>> with p.clock("sync"):
...     p.syncs += 1
>>> p.syncs, p.sync_s > 0
(1, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass


@dataclass
class PassProfile:
    passes: int = 0  # verification forwards over the batch (a burst counts each of its passes)
    syncs: int = 0  # host syncs: reads of a pass's results (at most one per pass; one per burst)
    prefill_forwards: int = 0  # forwards that carried prefill chunks only
    prefill_rows: int = 0  # prefill chunks those forwards carried
    prepare_s: float = 0.0
    launch_s: float = 0.0
    sync_s: float = 0.0
    prefill_s: float = 0.0

    @contextmanager
    def clock(self, segment: str) -> Iterator[None]:
        """Add the wall time of the block to ``<segment>_s``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            name = f"{segment}_s"
            setattr(self, name, getattr(self, name) + time.perf_counter() - start)

    def to_dict(self) -> dict:
        return {k: round(v, 6) if isinstance(v, float) else v for k, v in asdict(self).items()}
