"""Soak benchmark against a running ``fastapply serve``: a bounded mix of good, bad, large and
cancelled requests at fixed concurrency for a fixed time, over loopback.

    fastapply bench soak --url http://127.0.0.1:8000 --data evals/agent_bench --minutes 30 \\
        --concurrency 8 --server-pid PID

Each worker loops over a fixed mix: good applies (dataset cases, native ``/apply`` and chat
completions), bad inputs (empty snippet, lone surrogate, nested JSON, a string where an object
belongs: 4xx expected), a large body (a few MB: 413 or an answer, never a stall) and a request
whose client gives up after 50 ms (a cancellation). Reports requests sent, answers by status,
p50/p95 latency of the good ones, the server's RSS at start, its peak and its last sample, and
whether RSS kept growing over the second half. A 500 or a dropped connection is a failure; a
request the client stops waiting for (``--timeout``) is counted apart.

``--phases N`` runs the load N times, each followed by a wait until the server has drained its work
and a reading of its RSS: idle readings that stop rising after the first phase are the allocator's
high-water mark, readings that keep rising phase after phase are a leak.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import time
from collections import Counter
from pathlib import Path

from .dataset import load_cases
from .load import percentile


def rss_bytes(pid: int | None) -> int | None:
    if not pid:
        return None
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def request_mix(cases, large_bytes: int):
    """(kind, method path, body bytes or json, client timeout) tuples, cycled by the workers."""
    good = []
    for case in cases:
        good.append(
            (
                "good-apply",
                "/apply",
                {
                    "original": case.original,
                    "snippet": case.snippet,
                    "instruction": case.instruction,
                    "path": case.path,
                    "options": {"mode": "deterministic", "allow_flagged": True},
                },
                None,
            )
        )
        good.append(
            (
                "good-chat",
                "/v1/chat/completions",
                {
                    "model": "auto",
                    "messages": [
                        {
                            "role": "user",
                            "content": f"<instruction>{case.instruction}</instruction>\n<code>{case.original}</code>\n"
                            f"<update>{case.snippet}</update>",
                        }
                    ],
                    "allow_flagged": True,
                },
                None,
            )
        )
    big = "x = 1\n" * int(large_bytes // 6)
    bad = [
        ("bad", "/apply", {"original": "a\n", "snippet": ""}, None),
        ("bad", "/apply", b'{"original": "\\ud800", "snippet": "x"}', None),
        ("bad", "/apply", b'{"original": "a", "snippet": "b", "options": ' + b"[" * 5000 + b"]" * 5000 + b"}", None),
        ("bad", "/apply", {"original": "a", "snippet": "b", "options": "fast"}, None),
        ("large", "/apply", {"original": big, "snippet": "# ... existing code ...\nnever_seen = 2\n"}, None),
        (
            "cancel",
            "/apply",
            {
                "original": cases[0].original,
                "snippet": cases[0].snippet,
                "options": {"mode": "model", "allow_flagged": True},
            },
            0.05,
        ),
    ]
    # Mostly good traffic, with every bad kind in each round.
    return good[:8] + bad[:2] + good[8:16] + bad[2:]


async def worker(client, mix, deadline: float, results: list) -> None:
    for kind, path, body, timeout in itertools.cycle(mix):
        if time.monotonic() >= deadline:
            return
        started = time.perf_counter()
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        try:
            response = await client.post(
                path, content=data, headers={"Content-Type": "application/json"}, timeout=timeout or client.timeout
            )
            status = response.status_code
        except Exception as exc:  # noqa: BLE001 - a timeout we asked for is a cancellation; anything else a drop
            if timeout:
                status = "cancelled"
            elif "Timeout" in type(exc).__name__:
                status = "client-timeout"  # the client gave up waiting (--timeout); the server did not drop it
            else:
                status = f"dropped:{type(exc).__name__}"
        results.append((kind, status, 1000 * (time.perf_counter() - started)))


async def soak(args) -> dict:
    import httpx

    cases, _ = load_cases(args.data, limit=args.cases)
    if not cases:
        raise SystemExit(f"no usable cases in {args.data}")
    mix = request_mix(cases, args.large_mb * 2**20)
    results: list = []
    samples: list[tuple[float, int]] = []
    start = time.monotonic()
    idle: list[int] = []
    settled: list[bool] = []  # per phase: the server drained its work before the idle reading
    wall_s = 0.0
    headers = {"Authorization": f"Bearer {args.api_key}"} if args.api_key else {}
    async with httpx.AsyncClient(
        base_url=args.url,
        headers=headers,
        timeout=args.timeout,
        limits=httpx.Limits(max_connections=args.concurrency + 4),
    ) as client:

        async def sampler(deadline: float):
            while time.monotonic() < deadline:
                rss = rss_bytes(args.server_pid)
                if rss:
                    samples.append((time.monotonic() - start, rss))
                await asyncio.sleep(5)

        # Worker 0 starts with good traffic, the others each at a different bad kind, so that even a
        # short run on a slow machine sends every kind.
        starts = [0] + [j for j, entry in enumerate(mix) if not entry[0].startswith("good")]
        offsets = [starts[i % len(starts)] for i in range(args.concurrency)]
        for _ in range(args.phases):
            phase_start = time.monotonic()
            deadline = phase_start + 60 * args.minutes
            workers = (worker(client, mix[k:] + mix[:k], deadline, results) for k in offsets)
            await asyncio.gather(sampler(deadline), *workers)
            wall_s += time.monotonic() - phase_start
            # Once the server has finished what the clients gave up on, its RSS says what it keeps.
            settled.append(await drained(client, within_s=300))
            await asyncio.sleep(IDLE_SETTLE_S)
            idle.append(rss_bytes(args.server_pid) or 0)
    return {**summarize(results, samples, wall_s, idle), "drained_by_phase": settled}


# The server's default queue timeout is its request timeout (300 s): a client that waits for both
# (and the answer's transfer) always gets the server's own answer rather than giving up first. A
# literal, not read from the server's settings, so the client does not import the server (and torch).
CLIENT_TIMEOUT_S = 630.0

# The server hands freed heap memory back to the OS a couple of seconds after its last request
# (api/memory.py, --idle-trim-s 2): the idle reading waits that long and a little more.
IDLE_SETTLE_S = 5.0


async def drained(client, within_s: float) -> bool:
    """Wait until /health reports nothing queued, running or in flight (True), or ``within_s``
    passes. Requests the clients gave up on count: the server answers them all the same."""
    import httpx

    end = time.monotonic() + within_s
    while time.monotonic() < end:
        try:
            health = (await client.get("/health", timeout=10)).json()
            if not health.get("queued") and not health.get("running") and not health.get("in_flight"):
                return True
        except (httpx.HTTPError, ValueError):
            pass
        await asyncio.sleep(2)
    return False


def summarize(results: list, samples: list[tuple[float, int]], wall_s: float, idle: list[int] | None = None) -> dict:
    statuses = Counter(f"{kind} {status}" for kind, status, _ in results)
    good = [ms for kind, status, ms in results if kind.startswith("good") and status == 200]
    half = [rss for t, rss in samples if t >= wall_s / 2]
    return {
        "requests": len(results),
        "wall_s": wall_s,
        "by_kind_and_status": dict(sorted(statuses.items())),
        "server_errors": sum(1 for _, status, _ in results if status == 500),
        "dropped": sum(1 for _, status, _ in results if str(status).startswith("dropped")),
        "client_timeouts": sum(1 for _, status, _ in results if status == "client-timeout"),
        "good_p50_ms": percentile(good, 50) if good else None,
        "good_p95_ms": percentile(good, 95) if good else None,
        "rss_start_mb": samples[0][1] / 2**20 if samples else None,
        "rss_peak_mb": max(r for _, r in samples) / 2**20 if samples else None,
        "rss_end_mb": samples[-1][1] / 2**20 if samples else None,
        # Growth over the second half: RSS that still climbs once warm is a leak.
        "rss_growth_second_half_mb": (half[-1] - half[0]) / 2**20 if len(half) > 1 else None,
        "rss_idle_mb": idle[-1] / 2**20 if idle and idle[-1] else None,  # after the server drained its work
        "rss_idle_by_phase_mb": [round(r / 2**20) for r in idle or []],  # the same after each phase
        "rss_samples_mb": [[round(t), round(r / 2**20)] for t, r in samples],  # every 5 s, for the trend
    }


def markdown(summary: dict, args) -> str:
    rows = [f"| {k} | {v} |" for k, v in summary["by_kind_and_status"].items()]
    fmt = lambda v: "–" if v is None else f"{v:.0f}"  # noqa: E731
    return "\n".join(
        [
            f"{summary['requests']} requests in {summary['wall_s'] / 60:.1f} min at concurrency {args.concurrency}; "
            f"500s: {summary['server_errors']}, dropped: {summary['dropped']}, client timeouts: "
            f"{summary['client_timeouts']}; good 200s p50 "
            f"{fmt(summary['good_p50_ms'])} ms, p95 {fmt(summary['good_p95_ms'])} ms; server RSS start "
            f"{fmt(summary['rss_start_mb'])} MB, peak {fmt(summary['rss_peak_mb'])} MB, end {fmt(summary['rss_end_mb'])} MB, "
            f"growth over the second half {fmt(summary['rss_growth_second_half_mb'])} MB, "
            f"idle after draining {fmt(summary.get('rss_idle_mb'))} MB"
            + (
                f" (after each phase: {summary['rss_idle_by_phase_mb']} MB)"
                if len(summary["rss_idle_by_phase_mb"]) > 1
                else ""
            ),
            "",
            "| request kind, status | answers |",
            "|---|---:|",
            *rows,
        ]
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="fastapply bench soak", description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:8000")
    p.add_argument("--data", required=True, help="dataset JSONL or the agent benchmark's folder (good requests)")
    p.add_argument("--cases", type=int, default=8, help="dataset cases in the mix [8]")
    p.add_argument("--minutes", type=float, default=1.0, help="of load per phase")
    p.add_argument("--phases", type=int, default=1, help="load phases, each followed by draining and an RSS reading")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--large-mb", type=float, default=5.0, help="size of the large request [5 MB]")
    p.add_argument("--server-pid", type=int, help="sample the server's RSS from /proc every 5 s")
    p.add_argument("--api-key", default=os.environ.get("FASTAPPLY_API_KEY"))
    p.add_argument(
        "--timeout",
        type=float,
        default=CLIENT_TIMEOUT_S,
        help=f"seconds a client waits for an answer [{CLIENT_TIMEOUT_S:g}: longer than the server's default "
        "queue and request timeouts together, so that every request gets the server's own answer]",
    )
    p.add_argument("--json", help="also write the summary as JSON")
    args = p.parse_args(argv)
    if args.minutes <= 0 or args.minutes > 240 or args.concurrency < 1 or not 1 <= args.phases <= 20:
        p.error("--minutes must be in (0, 240], --concurrency >= 1 and --phases in [1, 20]")
    summary = asyncio.run(soak(args))
    print(markdown(summary, args))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=1)
    return 1 if summary["server_errors"] or summary["dropped"] else 0
