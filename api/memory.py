"""Give the heap memory that requests freed back to the operating system once the service is idle.

A burst of large requests (multi-megabyte bodies, their merges and diffs) leaves glibc's heap with
hundreds of megabytes that Python has freed but the allocator keeps for reuse, so the server's RSS
stays near its peak long after the burst. ``malloc_trim(0)`` returns those pages; run once each time
the last request in flight finishes and nothing new has arrived for ``delay_s`` seconds, it costs
nothing while requests are being served. Measured with ``fastapply bench soak --phases``
(docs/api-contract.md). Where the C library has no ``malloc_trim`` (not glibc) this does nothing.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import sys
from collections.abc import Callable

log = logging.getLogger(__name__)


def libc_malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return getattr(libc, "malloc_trim", None)


class IdleTrim:
    """Counts the HTTP requests in flight (on the event loop's thread) and trims the heap once they
    have all finished and ``delay_s`` has passed without a new one."""

    def __init__(self, trim: Callable[[int], int] | None, delay_s: float = 2.0, metrics=None):
        self._trim = trim
        self.delay_s = delay_s
        self._metrics = metrics  # api.metrics.Metrics: counts the trims
        self.in_flight = 0
        self.trims = 0
        self._pending: asyncio.Task | None = None

    def started(self) -> None:
        self.in_flight += 1

    def finished(self) -> None:
        self.in_flight -= 1
        if self.in_flight == 0 and self._trim is not None and (self._pending is None or self._pending.done()):
            self._pending = asyncio.get_running_loop().create_task(self._trim_when_idle())

    async def _trim_when_idle(self) -> None:
        await asyncio.sleep(self.delay_s)
        if self.in_flight or self._trim is None:
            return  # busy again: the request that arrived will schedule the next trim when it ends
        try:
            await asyncio.to_thread(self._trim, 0)
            self.trims += 1
            if self._metrics is not None:
                self._metrics.inc("fastapply_heap_trims_total", 1, "freed heap memory given back to the OS when idle")
        except Exception:  # noqa: BLE001 - never let housekeeping fail a request or the loop
            log.exception("malloc_trim failed")
