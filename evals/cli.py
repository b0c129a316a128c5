"""``fastapply eval``: run the harness, re-render or compare saved runs, mine cases from git.

    fastapply eval [--data FILE.jsonl] [--model M] [--mode model|deterministic|auto] [--k 8,16,64]
                   [--limit N] [--every N] [--adapter DIR|none]
                   [--baselines N] [--out DIR]
    fastapply eval report DIR
    fastapply eval compare A B [--out FILE.md]
    fastapply eval mine GIT_REPO --out FILE.jsonl [--max N]
    fastapply eval calibrate --data DATA [--by style|language]   (the merge's confidence, no model)

Also ``python -m fastapply.evals ...``. ``main`` returns an exit code instead of exiting so that the
top-level CLI can delegate to it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fastapply.apply.request import DEFAULT_FALLBACK, FALLBACK_HELP, FALLBACKS

SUBCOMMANDS = ("run", "report", "compare", "mine", "calibrate")


def _run_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fastapply eval", description="Evaluate fast apply on a JSONL dataset.")
    p.add_argument(
        "--data",
        help="dataset JSONL (id, language, original, snippet, expected[, instruction]); "
        "default: the built-in smoke set",
    )
    p.add_argument("--model", help="model path or name (default: the embedded model)")
    p.add_argument("--device")
    p.add_argument("--dtype")
    p.add_argument(
        "--mode",
        default="model",
        choices=("model", "deterministic", "auto"),
        help="model (default here: an eval measures the model), deterministic, or auto",
    )
    p.add_argument("--k", default="64", help="draft tokens per pass; a comma list sweeps k (k=0 is added)")
    p.add_argument("--limit", type=int, help="first N usable cases only")
    p.add_argument(
        "--every",
        type=int,
        default=1,
        help="every N-th usable case (a sample spread over all sources); --limit applies after",
    )
    p.add_argument("--adapter", help="LoRA adapter folder for the model, or 'none' (default: the shipped one)")
    p.add_argument("--max-tokens", type=int)
    p.add_argument(
        "--windowing",
        default="auto",
        choices=("auto", "always", "never"),
        help="rewrite only the windows the snippet touches: whenever it anchors (auto), "
        "always (error if it does not anchor), or never",
    )
    p.add_argument(
        "--constrain-lines",
        action="store_true",
        help="restrict the model's output to lines of the original and the snippet",
    )
    p.add_argument(
        "--no-loop-stop",
        dest="stop_loops",
        action="store_false",
        help="let looping model outputs run to max_tokens (the loop stop is on by default)",
    )
    p.add_argument("--fallback", default=DEFAULT_FALLBACK, choices=FALLBACKS, help=FALLBACK_HELP)
    p.add_argument(
        "--baselines",
        type=int,
        default=5,
        help="time the first N cases against plain greedy (k=0) and HF prompt lookup (0 = off)",
    )
    p.add_argument("--prompt-lookup", type=int, default=10, help="n-gram size for the HF prompt-lookup baseline")
    p.add_argument("--out", help="run directory (default: runs/eval-<timestamp>)")
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue a run cut short in --out (its finished cases are kept, not rerun)",
    )
    p.add_argument("--no-plots", action="store_true")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def _cmd_run(argv: list[str]) -> int:
    from .pipeline import evaluate, parse_ks
    from .runner import RunConfig

    args = _run_parser().parse_args(argv)
    if args.limit is not None and args.limit < 1:
        raise ValueError("--limit must be >= 1")
    if args.every < 1:
        raise ValueError("--every must be >= 1")
    if args.resume and not args.out:
        raise ValueError("--resume needs --out (the run directory to continue)")
    config = RunConfig(
        ks=parse_ks(args.k),
        mode=args.mode,
        max_tokens=args.max_tokens,
        baselines=args.baselines,
        prompt_lookup=args.prompt_lookup or None,
        windowing=args.windowing,
        constrain_lines=args.constrain_lines,
        stop_loops=args.stop_loops,
        fallback=args.fallback,
    )
    outcome = evaluate(
        args.data,
        model=args.model,
        device=args.device,
        dtype=args.dtype,
        config=config,
        limit=args.limit,
        every=args.every,
        adapter=args.adapter,
        out_dir=args.out,
        progress=not args.quiet,
        plots=not args.no_plots,
        resume=args.resume,
    )
    overall = outcome.summary["overall"]
    base = outcome.summary.get("baselines") or {}
    print(
        f"{overall['cases']} cases: exact {_pct(overall['exact'])}, ws-exact {_pct(overall['ws_exact'])}, "
        f"tokens/pass {_num(overall['tokens_per_pass'])}, errors {overall['errors']}"
    )
    if base.get("speedup_vs_greedy") is not None:
        print(
            f"speedup vs greedy {_num(base['speedup_vs_greedy'])}x, vs HF prompt lookup "
            f"{_num(base.get('speedup_vs_hf_lookup'))}x on {base['cases']} cases"
        )
    for skipped in outcome.summary.get("skipped_rows", []):
        print(f"skipped malformed row: {skipped}", file=sys.stderr)
    print(f"report: {outcome.report_path}")
    return 0


def _pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _num(value) -> str:
    return "–" if value is None else f"{value:.2f}"


def _cmd_report(argv: list[str]) -> int:
    from .report import render_report

    p = argparse.ArgumentParser(prog="fastapply eval report", description="Re-render a saved run's report.")
    p.add_argument("dir")
    p.add_argument("--no-plots", action="store_true")
    args = p.parse_args(argv)
    print(f"report: {render_report(args.dir, with_plots=not args.no_plots)}")
    return 0


def _cmd_compare(argv: list[str]) -> int:
    from .compare import compare_runs

    p = argparse.ArgumentParser(prog="fastapply eval compare", description="Two saved runs side by side.")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--out", help="also write the markdown here")
    args = p.parse_args(argv)
    text = compare_runs(args.a, args.b)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


def _cmd_mine(argv: list[str]) -> int:
    from .miner import MineConfig, mine_to_file

    p = argparse.ArgumentParser(prog="fastapply eval mine", description="Mine single-file commits into eval cases.")
    p.add_argument("repo")
    p.add_argument("--out", required=True)
    p.add_argument("--max", type=int, default=100, help="rows to write (one per commit and variant)")
    p.add_argument("--window", type=int, default=4000, help="newest first-parent commits considered")
    p.add_argument("--min-lines", type=int, default=20, help="smallest original file, in lines")
    p.add_argument("--max-lines", type=int, default=2000)
    p.add_argument("--max-changed", type=int, default=80, help="most changed lines (added + removed)")
    p.add_argument("--variants", default="context3,function")
    args = p.parse_args(argv)
    config = MineConfig(
        max_cases=args.max,
        window=args.window,
        min_file_lines=args.min_lines,
        max_file_lines=args.max_lines,
        max_changed_lines=args.max_changed,
        variants=tuple(v.strip() for v in args.variants.split(",") if v.strip()),
    )
    n = mine_to_file(args.repo, args.out, config)
    print(f"wrote {n} cases to {args.out}")
    return 0


def _cmd_calibrate(argv: list[str]) -> int:
    from .calibration import main as calibrate

    return calibrate(argv)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else "run"
    rest = argv[1:] if argv and argv[0] in SUBCOMMANDS else argv
    handler = {
        "run": _cmd_run,
        "report": _cmd_report,
        "compare": _cmd_compare,
        "mine": _cmd_mine,
        "calibrate": _cmd_calibrate,
    }[command]
    try:
        return handler(rest)
    except ValueError as exc:  # bad config or input: one line, not a traceback
        print(f"fastapply eval {command}: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # argparse --help / usage errors
        return int(exc.code or 0)
