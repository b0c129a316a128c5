"""Draft quality without a model: forward passes an ideal apply model would need with each drafter.

If a model wrote exactly the expected file, every pass would accept the draft's longest prefix that
matches the expected tokens, plus one token of its own. Replaying the proposer against the expected
tokens therefore measures the *drafts* alone — independent of the model's quality and of the
hardware — and isolates what the cursor and the merge-candidate reference are worth:

* ``cursor + merge``: our proposer, references = deterministic merge candidate, original, snippet;
* ``cursor``: our proposer without the merge candidate;
* ``leftmost k=64``: stateless leftmost n-gram lookup (the vLLM / HF rule) at the same k;
* ``HF prompt lookup``: leftmost, n-gram ≤ 2, 10 tokens (transformers' defaults).

    fastapply bench drafts --data ../shared/bench/dev.jsonl
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from .dataset import load_cases


@dataclass(frozen=True)
class Drafter:
    name: str
    k: int
    use_cursor: bool = True
    with_merge: bool = True
    max_ngram: int = 24


DRAFTERS = (
    Drafter("cursor + merge", 64),
    Drafter("cursor", 64, with_merge=False),
    Drafter("leftmost k=64", 64, use_cursor=False, with_merge=False),
    Drafter("HF prompt lookup", 10, use_cursor=False, with_merge=False, max_ngram=2),
)


def simulate(target: list[int], refs: list[list[int]], drafter: Drafter) -> int:
    """Passes needed to emit ``target`` when each pass accepts the draft's matching prefix + 1 token."""
    from fastapply.engine.proposer import Cursor, advance, propose

    arrays = [np.asarray(r, dtype=np.int64) for r in refs if r]
    out: list[int] = []
    cursor, passes = Cursor(), 0
    while len(out) < len(target):
        # Without a cursor every pass searches from the top: the leftmost match wins (prompt lookup).
        at = cursor if drafter.use_cursor else Cursor(0, 0, following=False)
        proposal = propose(arrays, out, at, drafter.k, drafter.max_ngram)
        draft, base = proposal.draft, len(out)
        accepted = 0
        while accepted < len(draft) and base + accepted < len(target) and draft[accepted] == target[base + accepted]:
            accepted += 1
        out.extend(target[base : base + accepted + 1])
        cursor = advance(proposal.start, len(draft), accepted, out[-1], arrays)
        passes += 1
    return passes


def run(cases, encode, candidate_of, drafters=DRAFTERS) -> list[dict]:
    rows = []
    for case in cases:
        target = encode(case.expected)
        original, snippet = encode(case.original), encode(case.snippet)
        merged = candidate_of(case)
        candidate = encode(merged) if merged else []
        row = {
            "id": case.id,
            "group": f"{case.source_group}/{case.variant or '-'}",
            "tokens": len(target),
            "ideal": math.ceil(len(target) / 65),
            "candidate_exact": merged == case.expected,
        }
        for d in drafters:
            refs = [candidate, original, snippet] if d.with_merge else [original, snippet]
            row[d.name] = simulate(target, refs, d)
        rows.append(row)
    return rows


def markdown(rows: list[dict], drafters=DRAFTERS) -> str:
    tokens = sum(r["tokens"] for r in rows)
    out = (
        f"{len(rows)} cases, {tokens} expected tokens; a perfect k=64 draft needs {sum(r['ideal'] for r in rows)} "
        "passes.\n\n| drafter | k | passes | tokens/pass | × passes of a perfect draft |\n|---|---|---|---|---|\n"
    )
    for d in drafters:
        passes = sum(r[d.name] for r in rows)
        out += (
            f"| {d.name} | {d.k} | {passes} | {tokens / passes:.1f} | {passes / sum(r['ideal'] for r in rows):.2f} |\n"
        )
    groups = defaultdict(list)
    for r in rows:
        groups[r["group"]].append(r)
    out += "\n| source/variant | cases | " + " | ".join(f"{d.name} tok/pass" for d in drafters) + " |\n"
    out += "|---|---|" + "---|" * len(drafters) + "\n"
    for g, rs in sorted(groups.items()):
        t = sum(r["tokens"] for r in rs)
        out += f"| {g} | {len(rs)} | " + " | ".join(f"{t / sum(r[d.name] for r in rs):.1f}" for d in drafters) + " |\n"
    return out


def window_savings(cases, encode, prompt_tokens, context: int) -> str:
    """Whole-file vs windowed apply, in tokens an ideal model reads (prompt) and writes (output).

    Windowed output = the expected file minus the original lines outside the windows (copied byte
    for byte, never generated). Cases are split by what fits the model's context."""
    from fastapply.merge import find_windows, window_snippet, window_text

    fit_both = {"n": 0, "out_whole": 0, "out_win": 0, "prompt_whole": 0, "prompt_win": 0}
    only_windowed = neither = 0
    for case in cases:
        windows = find_windows(case.original, case.snippet, case.language)
        whole_prompt = prompt_tokens(case.original, case.snippet)
        whole_out = len(encode(case.expected))
        whole_fits = whole_prompt + len(encode(case.original)) + len(encode(case.snippet)) + 64 <= context
        if windows is None:
            neither += not whole_fits
            continue
        lines = case.original.splitlines(keepends=True)
        outside, pos = [], 0
        for start, end in windows:
            outside.append("".join(lines[pos:start]))
            pos = end
        outside.append("".join(lines[pos:]))
        win_out = max(whole_out - sum(len(encode(t)) for t in outside if t), 0)
        win_prompt = sum(
            prompt_tokens(window_text(case.original, w), window_snippet(case.snippet, case.original, w, case.language))
            for w in windows
        )
        if whole_fits:
            for key, value in (
                ("n", 1),
                ("out_whole", whole_out),
                ("out_win", win_out),
                ("prompt_whole", whole_prompt),
                ("prompt_win", win_prompt),
            ):
                fit_both[key] += value
        else:
            only_windowed += 1
    f = fit_both
    return (
        f"| cases | whole-file output tokens | windowed output tokens | whole-file prompt tokens | windowed prompt tokens |\n"
        f"|---|---|---|---|---|\n| {f['n']} (both fit) | {f['out_whole']} | {f['out_win']} "
        f"({f['out_win'] / max(f['out_whole'], 1):.0%}) | {f['prompt_whole']} | {f['prompt_win']} "
        f"({f['prompt_win'] / max(f['prompt_whole'], 1):.0%}) |\n\n"
        f"{only_windowed} more cases fit only windowed; {neither} fit neither way (413).\n"
    )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="fastapply bench drafts", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--data", required=True, help="dev set JSONL")
    p.add_argument("--limit", type=int)
    p.add_argument("--tokenizer", help="tokenizer folder (default: the embedded model's)")
    p.add_argument("--windows", action="store_true", help="also compare whole-file and windowed apply in tokens")
    p.add_argument("--context", type=int, default=8192, help="model context for --windows")
    args = p.parse_args(argv)
    from transformers import AutoTokenizer

    from fastapply.merge import lazy_merge
    from fastapply.models.loader import default_model_dir

    tokenizer = AutoTokenizer.from_pretrained(args.tokenizer or default_model_dir())
    cases, _ = load_cases(args.data, limit=args.limit)

    def candidate_of(case):
        result = lazy_merge(case.original, case.snippet, case.language)
        return result.merged  # any candidate, confident or not: the model decides every token anyway

    def encode(text):
        return tokenizer.encode(text, add_special_tokens=False)

    if args.windows:
        from fastapply.models.prompt import get_format, prompt_ids

        fmt = get_format("morph")

        def prompt_tokens(original, snippet):
            return len(prompt_ids(tokenizer, fmt, original, snippet))

        print(window_savings(cases, encode, prompt_tokens, args.context))
        return 0
    print(markdown(run(cases, encode, candidate_of)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
