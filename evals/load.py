"""Load benchmark against a running ``fastapply serve``: concurrency 1, 2, 4, 8 over dataset cases.

    python -m fastapply.evals.load --url http://127.0.0.1:8000 --dataset /work/shared/bench/dev.jsonl --limit 16

Each level sends the same requests (``POST /apply``) with at most N in flight; level 1 is the
sequential baseline. Per level: output tokens/s (sum of output tokens / wall time), p50/p95
latency, the engine's forward passes (from /metrics), whether every merged file is byte-identical
to the sequential run, and the server's peak RSS (VmHWM of ``--server-pid`` when given, else the
server's own ``fastapply_peak_resident_memory_bytes``). Prints one Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from dataclasses import dataclass

from .dataset import load_cases


@dataclass
class Level:
    concurrency: int
    wall_s: float
    latencies_ms: list[float]
    output_tokens: int
    passes: int
    merged: list[str]
    errors: int
    peak_rss: int


def metric(text: str, name: str) -> float:
    """Sum of a metric's samples in Prometheus text (all label sets)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", "{"):
            total += float(line.rsplit(" ", 1)[1])
    return total


def peak_rss(pid: int | None, metrics_text: str) -> int:
    if pid:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            pass
    return int(metric(metrics_text, "fastapply_peak_resident_memory_bytes"))


async def run_level(client, cases, concurrency: int, options: dict, pid: int | None) -> Level:
    gate = asyncio.Semaphore(concurrency)
    latencies, merged, tokens, errors = [0.0] * len(cases), [""] * len(cases), [0] * len(cases), 0

    async def one(i, case):
        nonlocal errors
        body = {
            "original": case.original,
            "snippet": case.snippet,
            "instruction": case.instruction,
            "language": case.language or None,
            "options": options,
        }
        async with gate:
            start = time.perf_counter()
            response = await client.post("/apply", json=body)
            latencies[i] = 1000 * (time.perf_counter() - start)
        if response.status_code != 200:
            errors += 1
            print(f"case {case.id}: HTTP {response.status_code} {response.text[:200]}", file=sys.stderr)
            return
        result = response.json()
        merged[i], tokens[i] = result["merged"], result["stats"]["output_tokens"]

    before = metric((await client.get("/metrics")).text, "fastapply_forward_passes_total")
    start = time.perf_counter()
    await asyncio.gather(*(one(i, c) for i, c in enumerate(cases)))
    wall = time.perf_counter() - start
    text = (await client.get("/metrics")).text
    passes = int(metric(text, "fastapply_forward_passes_total") - before)
    return Level(concurrency, wall, latencies, sum(tokens), passes, merged, errors, peak_rss(pid, text))


def percentile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def table(levels: list[Level]) -> str:
    base = levels[0]
    rows = [
        "| concurrency | requests | errors | wall s | output tok/s | speedup | p50 ms | p95 ms | forward passes "
        "| passes vs sequential | identical to sequential | server peak RSS MiB |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|---:|",
    ]
    for lv in levels:
        tps = lv.output_tokens / lv.wall_s if lv.wall_s else 0.0
        base_tps = base.output_tokens / base.wall_s if base.wall_s else 0.0
        rows.append(
            f"| {lv.concurrency} | {len(lv.merged)} | {lv.errors} | {lv.wall_s:.2f} | {tps:.1f} | "
            f"{tps / base_tps if base_tps else 0:.2f}x | {percentile(lv.latencies_ms, 50):.0f} | "
            f"{percentile(lv.latencies_ms, 95):.0f} | {lv.passes} | "
            f"{lv.passes / base.passes if base.passes else 0:.2f} | "
            f"{'yes' if lv.merged == base.merged else 'NO'} | {lv.peak_rss / 2**20:.0f} |"
        )
    return "\n".join(rows)


async def bench(args) -> list[Level]:
    import httpx

    cases, bad = load_cases(args.dataset, limit=args.limit)
    for row in bad:
        print(f"skipped {row}", file=sys.stderr)
    if not cases:
        raise SystemExit(f"no usable cases in {args.dataset}")
    options = {k: v for k, v in (("max_tokens", args.max_tokens), ("k", args.k), ("mode", args.mode)) if v is not None}
    # A load test measures throughput: flagged or truncated answers count as served (the server
    # refuses them by default, which would turn the model's quality into the table's errors).
    options["allow_flagged"] = True
    headers = {"Authorization": f"Bearer {args.api_key}"} if args.api_key else {}
    levels = []
    async with httpx.AsyncClient(
        base_url=args.url, headers=headers, timeout=args.timeout, limits=httpx.Limits(max_connections=64)
    ) as client:
        for concurrency in args.concurrency:
            levels.append(await run_level(client, cases, concurrency, options, args.server_pid))
            print(f"concurrency {concurrency}: {levels[-1].wall_s:.1f} s", file=sys.stderr)
    return levels


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="fastapply bench load", description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument(
        "--data", "--dataset", dest="dataset", required=True, help="JSONL cases (e.g. /work/shared/bench/dev.jsonl)"
    )
    p.add_argument("--limit", type=int, default=16, help="cases to send per level [16]")
    p.add_argument("--concurrency", default="1,2,4,8", help="comma-separated levels; the first is the baseline")
    p.add_argument("--max-tokens", type=int, help="options.max_tokens per request")
    p.add_argument("--k", type=int, help="options.k per request")
    p.add_argument(
        "--mode",
        default="model",
        help="options.mode per request [model: measure the model, not the deterministic fast path]",
    )
    p.add_argument("--server-pid", type=int, help="read the server's VmHWM from /proc (else from /metrics)")
    p.add_argument("--api-key", default=os.environ.get("FASTAPPLY_API_KEY"))
    p.add_argument("--timeout", type=float, default=600.0)
    args = p.parse_args(argv)
    try:
        args.concurrency = [int(c) for c in args.concurrency.split(",") if c.strip()]
    except ValueError:
        p.error("--concurrency must be comma-separated integers")
    if not args.concurrency or min(args.concurrency) < 1:
        p.error("--concurrency levels must be >= 1")
    print(table(asyncio.run(bench(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
