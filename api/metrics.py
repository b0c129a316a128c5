"""Prometheus text exposition, hand-written (no client library): counters, gauges and histograms.

Request handlers and the engine thread both record here, so every mutation takes one lock; scrapes
render a consistent snapshot. Gauges that describe the engine (queue depth, running batch, passes)
are read from the engine at scrape time rather than mirrored, so they can never drift.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections import deque

LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
THROUGHPUT_WINDOW_S = 10.0  # tokens/s gauge: output tokens over this trailing window


def _labels(pairs: tuple[tuple[str, str], ...]) -> str:
    if not pairs:
        return ""
    escaped = (
        f'{k}="{str(v).replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34)).replace(chr(10), " ")}"'
        for k, v in pairs
    )
    return "{" + ",".join(escaped) + "}"


class _Histogram:
    def __init__(self, buckets: tuple[float, ...]):
        self.buckets = buckets
        self.counts = [0] * (len(buckets) + 1)  # last: +Inf
        self.total = 0.0
        self.n = 0

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, value)] += 1
        self.total += value
        self.n += 1


class Metrics:
    def __init__(self):
        self._lock = threading.Lock()
        self.counters: dict[str, dict[tuple, float]] = {}
        self.histograms: dict[str, dict[tuple, _Histogram]] = {}
        self.help: dict[str, str] = {}
        self._recent_tokens: deque[tuple[float, int]] = deque()  # (time, tokens) per engine pass
        self.started = time.time()

    # -- recording ------------------------------------------------------------------------------
    def inc(self, name: str, value: float = 1.0, help: str = "", **labels) -> None:
        key = tuple(sorted(labels.items()))
        with self._lock:
            self.help.setdefault(name, help)
            series = self.counters.setdefault(name, {})
            series[key] = series.get(key, 0.0) + value

    def observe(self, name: str, value: float, help: str = "", buckets=LATENCY_BUCKETS, **labels) -> None:
        key = tuple(sorted(labels.items()))
        with self._lock:
            self.help.setdefault(name, help)
            series = self.histograms.setdefault(name, {})
            series.setdefault(key, _Histogram(buckets)).observe(value)

    def record_pass(self, new_tokens: int) -> None:
        """Called by the engine thread after each pass: feeds the tokens/s gauge."""
        now = time.monotonic()
        with self._lock:
            self._recent_tokens.append((now, new_tokens))
            while self._recent_tokens and now - self._recent_tokens[0][0] > THROUGHPUT_WINDOW_S:
                self._recent_tokens.popleft()

    def record_result(self, endpoint: str, stats) -> None:
        """Per-request engine statistics (``fastapply.engine.stats.Stats``) of a finished request."""
        self.inc("fastapply_prompt_tokens_total", stats.prompt_tokens, "prompt tokens processed", endpoint=endpoint)
        self.inc("fastapply_output_tokens_total", stats.output_tokens, "output tokens generated", endpoint=endpoint)
        self.inc("fastapply_draft_tokens_total", stats.drafted_tokens, "draft tokens verified", endpoint=endpoint)
        self.inc(
            "fastapply_accepted_draft_tokens_total", stats.accepted_tokens, "draft tokens accepted", endpoint=endpoint
        )
        self.inc(
            "fastapply_finished_total",
            1,
            "requests finished, by finish reason",
            endpoint=endpoint,
            reason=stats.finish_reason or "unknown",
        )
        self.observe("fastapply_request_latency_seconds", stats.latency_ms / 1000, "request latency", endpoint=endpoint)
        if stats.output_tokens:
            self.observe(
                "fastapply_ttft_seconds", stats.ttft_ms / 1000, "time to first output token", endpoint=endpoint
            )
        self.observe(
            "fastapply_queue_wait_seconds", stats.queue_ms / 1000, "time waiting for a batch slot", endpoint=endpoint
        )
        self.observe(
            "fastapply_generation_seconds",
            stats.generation_ms / 1000,
            "admission to the batch -> finished (latency without the queue wait)",
            endpoint=endpoint,
        )

    # -- exposition -------------------------------------------------------------------------------
    def tokens_per_s(self) -> float:
        with self._lock:
            if not self._recent_tokens:
                return 0.0
            now = time.monotonic()
            tokens = sum(n for t, n in self._recent_tokens if now - t <= THROUGHPUT_WINDOW_S)
        return tokens / THROUGHPUT_WINDOW_S

    def render(self, gauges: dict[str, tuple]) -> str:
        """``gauges``: name -> (value, help[, type]); values read from the engine at scrape time."""
        lines: list[str] = []
        with self._lock:
            for name in sorted(self.counters):
                lines += [f"# HELP {name} {self.help.get(name) or name}", f"# TYPE {name} counter"]
                lines += [f"{name}{_labels(k)} {_num(v)}" for k, v in sorted(self.counters[name].items())]
            for name in sorted(self.histograms):
                lines += [f"# HELP {name} {self.help.get(name) or name}", f"# TYPE {name} histogram"]
                for key, h in sorted(self.histograms[name].items()):
                    cumulative = 0
                    for bound, count in zip((*h.buckets, float("inf")), h.counts):
                        cumulative += count
                        le = "+Inf" if bound == float("inf") else _num(bound)
                        lines.append(f"{name}_bucket{_labels((*key, ('le', le)))} {cumulative}")
                    lines += [f"{name}_sum{_labels(key)} {_num(h.total)}", f"{name}_count{_labels(key)} {h.n}"]
        for name, (value, help_text, *kind) in sorted(gauges.items()):
            # Engine-owned totals (forward passes) are read at scrape time but are counters.
            lines += [
                f"# HELP {name} {help_text}",
                f"# TYPE {name} {kind[0] if kind else 'gauge'}",
                f"{name} {_num(value)}",
            ]
        return "\n".join(lines) + "\n"

    def counter_value(self, name: str, **labels) -> float:
        """Sum of a counter over the series matching ``labels`` (tests and the load benchmark)."""
        with self._lock:
            return sum(
                v for k, v in self.counters.get(name, {}).items() if all(dict(k).get(a) == b for a, b in labels.items())
            )


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(round(float(value), 6))


def peak_rss_bytes() -> tuple[int, int]:
    """(current, peak) resident set size of this process, from /proc (0 where unavailable)."""
    current = peak = 0
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    current = int(line.split()[1]) * 1024
                elif line.startswith("VmHWM:"):
                    peak = int(line.split()[1]) * 1024
    except OSError:
        pass
    return current, peak
