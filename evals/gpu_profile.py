"""Where a pass's time goes, at 1, 8 and 32 rows: the agenda's per-pass profile.

For each number of rows the copy case runs twice through the static runner (a CUDA graph on CUDA),
in one process: with one host sync per pass, and with bursts (several passes per sync, the
default). Each run reports the runner's own counters (``fastapply/runners/profile.py``): passes,
host syncs, and host wall time preparing inputs, launching passes, waiting at syncs and issuing
prefill. On a GPU the device's time shows up as sync time. Prefill is also timed on its own, each
side synchronised: the prompts of all rows in one forward against one row at a time.
"""

from __future__ import annotations

import time

PATHS = (("one sync per pass", 1), ("bursts", None))  # None: the engine's passes_per_sync


def pass_profile(model, tokenizer, config, prompt, own, n, levels, k: int = 64) -> list[dict]:
    from .gpu import timed_batch

    rows = []
    for count in levels:
        for path, passes in PATHS:
            requests = [(prompt, [own], n)] * count
            seqs, seconds, engine = timed_batch(model, tokenizer, config, requests, k, "static", passes_per_sync=passes)
            profile = engine.runner.profile
            tokens = sum(len(s.output) for s in seqs)
            rows.append(
                {
                    "rows": count,
                    "path": path,
                    "passes": profile.passes,
                    "syncs": profile.syncs,
                    "prepare_ms": round(1000 * profile.prepare_s, 2),
                    "launch_ms": round(1000 * profile.launch_s, 2),
                    "sync_ms": round(1000 * profile.sync_s, 2),
                    "prefill_ms": round(1000 * profile.prefill_s, 2),
                    "prefill_forwards": profile.prefill_forwards,
                    "seconds": round(seconds, 4),
                    "tok_s": round(tokens / seconds, 1),
                }
            )
    return rows


def prefill_times(model, prompt: list[int], levels, k: int = 64) -> list[dict]:
    """Milliseconds to prefill ``count`` copies of ``prompt`` (minus its last token, as the engine
    does) one row at a time and all in one forward, synchronised before and after each."""
    from fastapply.runners.static import StaticRunner

    from .gpu import _sync

    chunk = prompt[:-1]
    out = []
    for count in levels:
        runner = StaticRunner(model, batch=count, k=k, max_len=len(prompt) + k + 2)
        runner.prefill_rows([0], [chunk], [0])  # warm-up: kernels, allocator
        _sync(runner.device)
        started = time.perf_counter()
        for row in range(count):
            runner.prefill(row, chunk)
        _sync(runner.device)
        one = time.perf_counter() - started
        started = time.perf_counter()
        runner.prefill_rows(list(range(count)), [chunk] * count, [0] * count)
        _sync(runner.device)
        together = time.perf_counter() - started
        out.append(
            {
                "rows": count,
                "prompt_tokens": len(chunk),
                "one_at_a_time_ms": round(1000 * one, 2),
                "batched_ms": round(1000 * together, 2),
            }
        )
        del runner
    return out
