"""``fastapply serve``: parse flags, build the app, run uvicorn (one process: the model is loaded once)."""

from __future__ import annotations

import argparse
import logging
import sys

from fastapply import env
from fastapply.engine.config import EngineConfig

from .settings import Settings


def build_parser() -> argparse.ArgumentParser:
    from fastapply.apply.request import DEFAULT_FALLBACK, DEFAULT_MODE, FALLBACK_HELP, FALLBACKS, MODES
    from fastapply.cli import add_model_args

    p = argparse.ArgumentParser(
        prog="fastapply serve",
        description="HTTP service: POST /apply, /v1/chat/completions (OpenAI), /v1/code/apply (Relace)",
    )
    p.add_argument("--host", default="127.0.0.1", help="bind address [127.0.0.1]")
    p.add_argument("--port", type=int, default=8000)
    add_model_args(p)
    p.add_argument("--served-model-name", help="model id in /v1/models [derived from --model]")
    p.add_argument(
        "--mode",
        default=DEFAULT_MODE,
        choices=MODES,
        help=f"mode of requests that name none (Morph/Relace clients never do) [{DEFAULT_MODE}]",
    )
    p.add_argument(
        "--fallback", default=DEFAULT_FALLBACK, choices=FALLBACKS, help=f"{FALLBACK_HELP}; for requests that name none"
    )
    p.add_argument("--k", type=int, default=EngineConfig.k, help="max draft tokens verified per pass; 0 = plain greedy")
    p.add_argument(
        "--max-batch", type=int, default=EngineConfig.max_batch, help="sequences verified together in one forward"
    )
    p.add_argument(
        "--max-queue", type=int, default=Settings.max_queue, help="requests waiting for a batch slot before 503"
    )
    p.add_argument(
        "--max-kv-tokens", type=int, default=EngineConfig.max_kv_tokens, help="KV-cache budget over the running batch"
    )
    p.add_argument("--max-body-bytes", type=int, default=Settings.max_body_bytes, help="request body limit (413 above)")
    p.add_argument(
        "--max-large-waiting",
        type=int,
        default=Settings.max_large_waiting,
        help=f"large applies (over 256 KiB) waiting for their worker before 503 [{Settings.max_large_waiting}]",
    )
    p.add_argument(
        "--request-timeout",
        type=float,
        default=Settings.request_timeout,
        help=f"seconds of generation before a request is answered 504 timeout [{Settings.request_timeout:g}]",
    )
    p.add_argument(
        "--queue-timeout", type=float, help="seconds a request may wait for a batch slot before 503 [--request-timeout]"
    )
    p.add_argument(
        "--allow-flagged",
        action="store_true",
        help="answer incomplete or flagged results with 200 for every request (benchmarks) "
        "instead of 422/504 unless the request sends allow_flagged",
    )
    p.add_argument(
        "--idle-trim-s",
        type=float,
        default=Settings.idle_trim_s,
        help=f"seconds after the last request before freed heap memory goes back to the OS [{Settings.idle_trim_s:g}]",
    )
    p.add_argument("--no-idle-trim", dest="idle_trim_s", action="store_const", const=None, help="never do that")
    p.add_argument("--api-key", help="require 'Authorization: Bearer KEY' [env FASTAPPLY_API_KEY]")
    p.add_argument("--log-level", default="info")
    from fastapply.scale.cli import add_scale_args

    add_scale_args(p)
    return p


def settings_from_args(args: argparse.Namespace) -> Settings:
    return Settings(
        host=args.host,
        port=args.port,
        model=args.model,
        device=args.device,
        dtype=args.dtype,
        adapter=args.adapter,
        prompt_format=args.prompt_format,
        served_model_name=args.served_model_name,
        k=args.k,
        default_mode=args.mode,
        default_fallback=args.fallback,
        max_batch=args.max_batch,
        max_queue=args.max_queue,
        max_kv_tokens=args.max_kv_tokens,
        max_body_bytes=args.max_body_bytes,
        max_large_waiting=args.max_large_waiting,
        request_timeout=args.request_timeout,
        queue_timeout=args.queue_timeout,
        allow_flagged=args.allow_flagged,
        idle_trim_s=args.idle_trim_s,
        prewarm_large_lane=True,
        **({"api_key": args.api_key} if args.api_key else {}),
    )


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = settings_from_args(args)  # validates the engine settings too: fail fast
        from fastapply.scale.cli import scale_from_args

        scale = scale_from_args(args)
    except ValueError as e:
        print(f"fastapply serve: error: {e}", file=sys.stderr)
        return 2
    env.set_process_defaults()
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if scale is not None:  # N engine replicas on Ray Serve behind one HTTP front (fastapply/scale/)
        try:
            from fastapply.scale.deploy import serve_until_stopped
        except ImportError:
            from fastapply.scale.cli import INSTALL_HINT

            print(f"fastapply serve: error: {INSTALL_HINT}", file=sys.stderr)
            return 2
        return serve_until_stopped(settings, scale, args.log_level)
    import uvicorn

    from .app import create_app

    uvicorn.run(
        create_app(settings=settings),
        host=settings.host,
        port=settings.port,
        log_level=args.log_level.lower(),
        timeout_graceful_shutdown=5,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
