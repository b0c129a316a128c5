"""How far the deterministic merge's confidence can be trusted: on a dataset, the merge alone (no
model), with the validator run on its answer as ``auto`` mode does before it answers.

    fastapply eval calibrate --data evals/agent_bench      # or ../shared/bench/dev.jsonl
    fastapply eval calibrate --data DATA --by style --out calib.json

Per group: cases, exact (the merge's file is the expected one, whether confident or not),
answered (confident and no warning: what ``auto`` returns without the model), right and served,
served wrong (answered, but not the expected file), wrong answers flagged (not confident, or a
warning) among all wrong merges, and false flags (the validator flags the expected file itself).
Torch-free and model-free: it runs in seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from .dataset import EvalCase, load_cases
from .runner import gold_warning_codes


def judge(case: EvalCase) -> dict:
    """The merge's answer to one case, checked as ``auto`` checks it: confident?, warnings, exact?"""
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest
    from fastapply.merge import flags

    request = ApplyRequest(
        case.original,
        case.snippet,
        case.instruction,
        path=case.path,
        language=None if case.language == "unknown" else case.language,
    )
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    result = prepared.candidate
    return {
        "id": case.id,
        "language": case.language,
        "style": case.variant or "none",
        "styles": list(case.styles),
        "confident": result.confident,
        "reason": result.reason,
        "warnings": sorted({w.code for w in flags(warnings)}),
        "notes": sorted({w.code for w in warnings if w not in flags(warnings)}),
        "exact": merged == case.expected,
        "false_flags": gold_warning_codes(case),
    }


def summarize(judged: list[dict]) -> dict:
    n = len(judged)
    answered = [j for j in judged if j["confident"] and not j["warnings"]]
    wrong = [j for j in judged if not j["exact"]]
    served_wrong = [j for j in answered if not j["exact"]]
    return {
        "cases": n,
        "exact": sum(j["exact"] for j in judged),
        "answered": len(answered),
        "answered_right": len(answered) - len(served_wrong),
        "precision": (len(answered) - len(served_wrong)) / len(answered) if answered else None,
        "wrong": len(wrong),
        "wrong_flagged": (len(wrong) - len(served_wrong)) / len(wrong) if wrong else None,
        "wrong_unflagged": len(served_wrong),
        "false_flags": sum(1 for j in judged if j.get("false_flags")),
    }


def grouped(judged: list[dict], by: str) -> dict[str, dict]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for j in judged:
        keys = (j["styles"] or [j["style"]]) if by == "style" else [j[by]]
        for key in keys:
            groups[key].append(j)
    return {key: summarize(groups[key]) for key in sorted(groups)}


def table(groups: dict[str, dict], first: str) -> str:
    def pct(x):
        return "–" if x is None else f"{100 * x:.1f} %"

    lines = [
        f"| {first} | cases | exact | answered | right and served | served wrong | wrong flagged | false flags |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, s in groups.items():
        n = s["cases"]
        lines.append(
            f"| {key} | {n} | {s['exact']} ({pct(s['exact'] / n)}) | {s['answered']} | "
            f"{s['answered_right']} ({pct(s['answered_right'] / n)}) | {s['wrong_unflagged']} "
            f"({pct(s['wrong_unflagged'] / n)}) | {pct(s['wrong_flagged'])} | {s['false_flags']} "
            f"({pct(s['false_flags'] / n)}) |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="fastapply eval calibrate", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", required=True, help="dataset JSONL or the agent benchmark's folder")
    p.add_argument("--by", choices=("style", "language"), default="style")
    p.add_argument("--out", help="write every case's verdict as JSON")
    args = p.parse_args(argv)
    cases, skipped = load_cases(args.data)
    judged = [judge(case) for case in cases]
    print(table({"all": summarize(judged)}, "set"))
    print()
    print(table(grouped(judged, args.by), args.by))
    if skipped:
        print(f"\n{len(skipped)} malformed rows skipped", file=sys.stderr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(judged, fh, indent=1)
    return 0
