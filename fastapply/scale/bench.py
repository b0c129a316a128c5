"""1 vs N engine replicas in one run, on a local Ray cluster: aggregate output tok/s and p95 latency.

    python -m fastapply.scale.bench --data ../shared/bench/dev.jsonl --replicas 1,2 --concurrency 1,2,4,8

Every replica count is deployed at once, each as its own application under its own route prefix
(``/r1``, ``/r2``), so all of them are loaded before the first request and every concurrency level
runs on each deployment back to back (the order alternating per level): a machine whose CPU is
shared with other work drifts less between the rows that are compared. Each level is the load
benchmark's (``fastapply bench load``): the same dev cases, ``POST /apply`` in model mode, at most
N in flight. ``--single`` adds the plain single-process server (``fastapply serve``) as a row.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time

import httpx

from fastapply.api.settings import Settings
from fastapply.engine.config import EngineConfig
from fastapply.evals.dataset import load_cases
from fastapply.evals.load import Level, percentile, run_level

from .config import ScaleConfig


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def deploy_all(settings: Settings, counts: list[int], threads: int) -> str:
    """Starts Ray with one logical CPU per replica (only one deployment works at a time) and deploys
    one application per replica count; returns the proxy's base URL."""
    import ray
    from ray import serve

    from .deploy import build_application

    ray.init(num_cpus=sum(counts), include_dashboard=False, log_to_driver=False, logging_level="WARNING")
    port = free_port()
    serve.start(http_options={"host": "127.0.0.1", "port": port})
    for n in counts:
        scale = ScaleConfig(replicas=n, cpus_per_replica=1, torch_threads=threads, app_name=f"fastapply-r{n}")
        serve.run(build_application(settings, scale), name=scale.app_name, route_prefix=f"/r{n}")
        print(f"deployed {n} replica(s)", file=sys.stderr)
    return f"http://127.0.0.1:{port}"


def start_single(settings: Settings, threads: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "fastapply.api.server",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--k",
        str(settings.k),
        "--max-batch",
        str(settings.max_batch),
        "--allow-flagged",
    ]
    for flag, value in (("--model", settings.model), ("--adapter", settings.adapter)):
        if value:
            argv += [flag, value]
    server = subprocess.Popen(argv, env={**os.environ, "OMP_NUM_THREADS": str(threads)})
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 300
    while True:
        try:
            if httpx.get(url + "/health", timeout=2).status_code == 200:
                return server, url
        except httpx.HTTPError:
            pass
        if time.time() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit("the single-process server did not start")
        time.sleep(0.5)


async def measure(targets: dict[str, str], cases, levels: list[int], options: dict) -> dict[str, list[Level]]:
    results: dict[str, list[Level]] = {name: [] for name in targets}
    order = list(targets)
    for name in order:  # untimed: every replica's first passes (allocations, kernels) are slow
        async with httpx.AsyncClient(base_url=targets[name], timeout=600) as client:
            await run_level(client, cases, len(cases), options, None)
    for i, concurrency in enumerate(levels):
        for name in order if i % 2 == 0 else order[::-1]:
            async with httpx.AsyncClient(
                base_url=targets[name], timeout=600, limits=httpx.Limits(max_connections=64)
            ) as client:
                level = await run_level(client, cases, concurrency, options, None)
            results[name].append(level)
            print(f"{name}, concurrency {concurrency}: {level.wall_s:.1f} s", file=sys.stderr)
    return results


def table(results: dict[str, list[Level]], baseline: str) -> str:
    rows = [
        "| concurrency | server | requests | errors | wall s | output tok/s | vs 1 replica | p50 ms | p95 ms "
        "| forward passes | identical to 1 replica, sequential |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|",
    ]
    reference = results[baseline][0].merged
    for i, concurrency in enumerate(lv.concurrency for lv in results[baseline]):
        base = results[baseline][i]
        base_tps = base.output_tokens / base.wall_s if base.wall_s else 0.0
        for name, levels in results.items():
            lv = levels[i]
            tps = lv.output_tokens / lv.wall_s if lv.wall_s else 0.0
            rows.append(
                f"| {concurrency} | {name} | {len(lv.merged)} | {lv.errors} | {lv.wall_s:.2f} | {tps:.1f} | "
                f"{tps / base_tps if base_tps else 0:.2f}x | {percentile(lv.latencies_ms, 50):.0f} | "
                f"{percentile(lv.latencies_ms, 95):.0f} | {lv.passes} | "
                f"{'yes' if lv.merged == reference else 'NO'} |"
            )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fastapply.scale.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", "--dataset", dest="dataset", required=True, help="JSONL cases (the load benchmark's)")
    p.add_argument("--replicas", default="1,2", help="comma-separated replica counts; the first is the baseline")
    p.add_argument("--concurrency", default="1,2,4,8", help="comma-separated levels")
    p.add_argument("--limit", type=int, default=8, help="cases per level [8]")
    p.add_argument("--max-tokens", type=int, default=64, help="options.max_tokens per request [64]")
    p.add_argument("--model", help="model of every replica [the embedded default]")
    p.add_argument("--adapter", help="LoRA adapter, or 'none'")
    p.add_argument("--k", type=int, default=EngineConfig.k)
    p.add_argument("--max-batch", type=int, default=8)
    p.add_argument("--torch-threads", type=int, default=1, help="torch threads per replica [1]")
    p.add_argument("--single", action="store_true", help="also measure the single-process server")
    args = p.parse_args(argv)
    try:
        counts = [int(c) for c in args.replicas.split(",") if c.strip()]
        levels = [int(c) for c in args.concurrency.split(",") if c.strip()]
    except ValueError:
        p.error("--replicas and --concurrency take comma-separated integers")
    if not counts or min(counts) < 1 or not levels or min(levels) < 1:
        p.error("replica counts and concurrency levels must be >= 1")
    cases, _ = load_cases(args.dataset, limit=args.limit)
    if not cases:
        p.error(f"no usable cases in {args.dataset}")
    settings = Settings(
        api_key=None, model=args.model, adapter=args.adapter, k=args.k, max_batch=args.max_batch, allow_flagged=True
    )
    url = deploy_all(settings, counts, args.torch_threads)
    targets = {f"{n} replica{'s' if n > 1 else ''}": f"{url}/r{n}" for n in counts}
    single = None
    if args.single:
        single, targets["1 process"] = start_single(settings, args.torch_threads)
    options = {"max_tokens": args.max_tokens, "mode": "model", "allow_flagged": True}
    try:
        results = asyncio.run(measure(targets, cases, levels, options))
    finally:
        if single is not None:
            single.terminate()
        from ray import serve

        serve.shutdown()
    print(table(results, next(iter(targets))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
