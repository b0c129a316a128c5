"""Command line: ``fastapply apply | demo | serve | mcp | eval | train | bench``."""

from __future__ import annotations

import argparse
import json
import sys

from fastapply import env
from fastapply.apply.deterministic import prepare, settle
from fastapply.apply.request import DEFAULT_FALLBACK, DEFAULT_MODE, FALLBACK_HELP, FALLBACKS, MODES
from fastapply.apply.unsure import sole_reading
from fastapply.engine.config import EngineConfig
from fastapply.files import read_text_file, write_result
from fastapply.merge import flags

EXIT_BAD_INPUT = 2
# A warning says the file may be wrong: it went to stdout, to a new --out file, or beside an existing
# --out file (never over it, unless --allow-flagged).
EXIT_FLAGGED = 3


def add_model_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--model",
        help="'default' (embedded SmolLM2-135M-Instruct + the shipped apply adapter "
        "if any), a HF folder, or a .gguf file "
        "[env FASTAPPLY_MODEL]",
    )
    parser.add_argument("--device", help="cpu, cuda, cuda:N [env FASTAPPLY_DEVICE; default: cuda if available]")
    parser.add_argument(
        "--dtype", help="float32 | bfloat16 | float16 [env FASTAPPLY_DTYPE; default fp32 on cpu, bf16 on cuda]"
    )
    parser.add_argument(
        "--adapter",
        help="LoRA adapter folder to merge, or 'none' [default: the shipped apply adapter for the default model]",
    )
    parser.add_argument("--prompt-format", default="morph", help="morph | fastapply-oss")


def _apply_parser(sub) -> None:
    p = sub.add_parser("apply", help="merge an edit snippet into a file")
    p.add_argument("original", help="the file to edit")
    p.add_argument("snippet", help="the edit snippet (lazy markers for unchanged code)")
    p.add_argument("--instruction", default="", help="what the edit does (optional)")
    p.add_argument("--k", type=int, default=EngineConfig.k, help="max draft tokens per pass; 0 = plain greedy decoding")
    p.add_argument("--fixed-k", action="store_true", help="always draft k tokens (no adaptive draft length)")
    p.add_argument(
        "--mode",
        default=DEFAULT_MODE,
        choices=MODES,
        help=f"model: speculative edits; deterministic: tree-sitter merge, no model; auto: deterministic "
        f"when confident and valid, else the model [{DEFAULT_MODE}]",
    )
    p.add_argument("--windowing", default="auto", choices=["auto", "always", "never"])
    p.add_argument("--max-tokens", type=int, help="max output tokens per generation")
    p.add_argument(
        "--constrain-lines",
        action="store_true",
        help="the model may only write lines of the original and the snippet (fixes copy slips; "
        "lossless against constrained greedy decoding)",
    )
    p.add_argument(
        "--no-loop-stop",
        dest="stop_loops",
        action="store_false",
        help="let a looping model output run to --max-tokens instead of ending it (finish 'loop')",
    )
    p.add_argument("--fallback", default=DEFAULT_FALLBACK, choices=FALLBACKS, help=FALLBACK_HELP)
    p.add_argument(
        "--allow-flagged",
        action="store_true",
        help=f"exit 0 for a file the validator flagged, and let it replace an existing --out file "
        f"(default: exit {EXIT_FLAGGED}; an existing --out file is kept and the result written beside it, "
        "as <out>.flagged)",
    )
    p.add_argument("--language", help="language hint (default: from the file extension or content)")
    p.add_argument("--out", help="write the merged file here instead of stdout")
    p.add_argument("--json", action="store_true", help="print one JSON object {merged, stats, warnings, diff, ...}")
    add_model_args(p)


def cmd_apply(args) -> int:
    from fastapply.apply.request import ApplyRequest

    try:
        original = read_text_file(args.original)
        snippet = read_text_file(args.snippet)
        config = EngineConfig(k=args.k, adaptive=not args.fixed_k)
    except ValueError as e:
        print(f"fastapply: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    request = ApplyRequest(
        original,
        snippet,
        args.instruction,
        args.language,
        args.original,
        None,
        args.max_tokens,
        args.mode,
        args.windowing,
        args.constrain_lines,
        args.stop_loops,
        args.fallback,
    )
    try:
        request.check()  # fail on bad input before spending seconds on loading the model
        result = _answer(args, request, config)
    except (FileNotFoundError, ValueError) as e:  # bad input (ApplyError), model or config problems
        print(f"fastapply: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    flagged = bool(flags(result.warnings))
    if args.json:
        print(json.dumps(result.to_dict(), indent=1))
    elif not args.out:
        sys.stdout.write(result.merged)
    if args.out:
        try:
            written = write_result(args.out, result.merged, flagged, args.allow_flagged)
        except OSError as e:
            print(f"fastapply: error: cannot write {args.out}: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if str(written) != args.out:
            print(f"fastapply: flagged result written to {written}; {args.out} left unchanged", file=sys.stderr)
    print(f"[{result.mode_used}{', windowed' if result.windowed else ''}] {result.stats.summary()}", file=sys.stderr)
    for w in result.warnings:
        print(f"{'warning' if w.severity == 'flag' else 'note'}: {w.code}: {w.message}", file=sys.stderr)
    return EXIT_FLAGGED if flagged and not args.allow_flagged else 0


def _answer(args, request, config):
    """The merge's answer when the mode takes it, or the unsure merge's only reading (loading no
    model), else the model's."""
    if args.mode != "model":
        prepared = prepare(request)
        settled = settle(request, prepared) or sole_reading(request, prepared)  # deterministic: NotConfident
        if settled is not None:
            return settled
    return _load_applier(args, config).apply(request)


def _load_applier(args, config):
    from fastapply.apply.applier import Applier  # imports torch and transformers: seconds, so only when a model runs

    return Applier.load(args.model, args.device, args.dtype, config, args.prompt_format, args.adapter)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    env.set_process_defaults()
    # Subcommands owned by other packages take their own arguments.
    delegated = {
        "eval": "fastapply.evals.cli",
        "train": "fastapply.training.train",
        "serve": "fastapply.api.server",
        "mcp": "fastapply.mcp.cli",
        "bench": "fastapply.evals.bench",
        "demo": "fastapply.demo",
    }
    if argv and argv[0] in delegated:
        import importlib
        import importlib.util

        if argv[0] == "train" and importlib.util.find_spec("peft") is None:
            print("fastapply train needs the training extra: pip install 'fastapply[train]'", file=sys.stderr)
            return 2
        return importlib.import_module(delegated[argv[0]]).main(argv[1:]) or 0
    parser = argparse.ArgumentParser(prog="fastapply", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    _apply_parser(sub)
    for name, text in (
        ("demo", "apply an example edit with the embedded model and print stats"),
        ("serve", "HTTP service (POST /apply, /v1/chat/completions, /v1/code/apply)"),
        ("mcp", "MCP server with an edit_file tool for coding agents (stdio, or --http)"),
        ("eval", "offline evaluation against an edit benchmark"),
        ("train", "fine-tune the embedded model into an apply model"),
        ("bench", "speed / load / gpu benchmarks"),
    ):
        sub.add_parser(name, help=text, add_help=False)
    args = parser.parse_args(argv)
    return cmd_apply(args)


if __name__ == "__main__":
    sys.exit(main())
