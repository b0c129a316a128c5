"""Window-shaped training examples: what the engine actually asks the model.

The applier rewrites only the windows a snippet touches (the merge's spans ± 8 lines, see
``fastapply.merge.windows``): the model sees a window of the original, the part of the snippet that
lands there, and must write that window merged. Whole-file examples teach a different task (start
at the top of a file, copy everything); this turns each whole-file example into the engine's own
windows, with the same functions the applier uses, so train and serve prompts cannot drift apart.

    python -m fastapply.training.windowed --data runs/data/train.jsonl --out runs/data/train-win.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..merge import is_whole_file, lazy_merge, window_snippet, window_text, windows_of


def expected_windows(original: str, expected: str, windows: list[tuple[int, int]]) -> list[str] | None:
    """The text each window must become, if the original lines outside the windows appear in
    ``expected`` unchanged, in order and unambiguously; else None (the edit reaches outside the
    windows, or a gap between windows occurs twice where it could be matched).

    >>> expected_windows("a\\nb\\nc\\n", "a\\nB\\nB2\\nc\\n", [(1, 2)])
    ['B\\nB2\\n']
    """
    lines, target = original.splitlines(keepends=True), expected.splitlines(keepends=True)
    bounds = [0] + [x for w in windows for x in w] + [len(lines)]
    gaps = [lines[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2)]
    head, tail = gaps[0], gaps[-1]
    if target[: len(head)] != head or len(head) + len(tail) > len(target):
        return None
    if tail and target[len(target) - len(tail) :] != tail:
        return None
    end = len(target) - len(tail)
    pos, texts = len(head), []
    for gap in gaps[1:-1]:
        hits = [i for i in range(pos, end - len(gap) + 1) if target[i : i + len(gap)] == gap]
        if len(hits) != 1:
            return None
        texts.append("".join(target[pos : hits[0]]))
        pos = hits[0] + len(gap)
    texts.append("".join(target[pos:end]))
    return texts


def window_rows(row: dict) -> list[dict]:
    """The engine-shaped examples for one whole-file example: one per window, or the row itself
    when the engine would rewrite the whole file (the snippet does not anchor, or its window is
    the file). Empty when the expected file cannot be cut at the windows."""
    original, snippet, language = row["original"], row["snippet"], row.get("language")
    windows = windows_of(lazy_merge(original, snippet, language), original)
    if windows is None or is_whole_file(windows, original):
        return [row]
    texts = expected_windows(original, row["expected"], windows)
    if texts is None:
        return []
    rows = []
    for i, (window, text) in enumerate(zip(windows, texts)):
        part = window_text(original, window)
        rows.append(
            {
                **row,
                "id": f"{row.get('id', 'row')}-w{i}",
                "original": part,
                "expected": text,
                "snippet": window_snippet(snippet, original, window, language),
                "window": list(window),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m fastapply.training.windowed",
        description="turn whole-file training examples into the engine's windows",
    )
    ap.add_argument("--data", required=True, help="JSONL from fastapply.training.synth")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    from .data import load_jsonl

    counts = {"rows": 0, "whole_file": 0, "windowed": 0, "windows": 0, "dropped": 0}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as out:
        for row in load_jsonl(args.data):
            counts["rows"] += 1
            rows = window_rows(row)
            if not rows:
                counts["dropped"] += 1
            elif rows[0] is row:
                counts["whole_file"] += 1
            else:
                counts["windowed"] += 1
                counts["windows"] += len(rows)
            for r in rows:
                out.write(json.dumps(r) + "\n")
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
