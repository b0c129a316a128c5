"""``fastapply demo``: apply an example edit with the embedded default model and print the stats."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fastapply.engine.config import EngineConfig

from .cli import add_model_args

EXAMPLES = Path(__file__).parent / "examples"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="fastapply demo", description=__doc__)
    p.add_argument("--k", type=int, default=EngineConfig.k)
    p.add_argument("--compare", action="store_true", help="also run plain greedy decoding (k=0) and print the ratio")
    add_model_args(p)
    args = p.parse_args(argv)
    from fastapply.apply.applier import Applier
    from fastapply.apply.request import ApplyRequest

    original = (EXAMPLES / "inventory.py.txt").read_text()
    snippet = (EXAMPLES / "inventory_edit.py.txt").read_text()
    print(f"== loading model ({args.model or 'embedded default'}) ...", file=sys.stderr)
    applier = Applier.load(
        args.model, args.device, args.dtype, EngineConfig(k=args.k), args.prompt_format, args.adapter
    )
    request = ApplyRequest(
        original, snippet, "Raise KeyError when removing an unknown item.", path="inventory.py", mode="model"
    )
    result = applier.apply(request)
    print("== edit snippet\n" + snippet)
    print("== diff (original -> merged, written by the model with speculative edits)\n" + result.diff.text)
    print(f"== stats: {result.stats.summary()}")
    for w in result.warnings:
        print(f"== warning: {w.code}: {w.message}")
    if not result.warnings:
        print("== validation: no warnings (no leftover markers, dropped code, truncation or new syntax errors)")
    auto = applier.apply(ApplyRequest(original, snippet, request.instruction, path="inventory.py", mode="auto"))
    agrees = "the same file as" if auto.merged == result.merged else "a different file from"
    print(
        f"== default mode (auto) answered with the {auto.mode_used} path in {auto.stats.latency_ms:.0f} ms: "
        f"{agrees} the model's; its diff:\n{auto.diff.text}"
    )
    for w in auto.warnings:
        print(f"== warning (auto): {w.code}: {w.message}")
    if args.compare:
        plain = Applier(
            type(applier.engine)(applier.engine.model, applier.tokenizer, EngineConfig(k=0)), applier.format
        )
        base = plain.apply(request)
        same = "identical" if base.merged == result.merged else "DIFFERENT (bug!)"
        print(
            f"== plain greedy: {base.stats.summary()}\n== output {same}; speculative/plain decode speed: "
            f"{result.stats.tokens_per_s / max(base.stats.tokens_per_s, 1e-9):.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
