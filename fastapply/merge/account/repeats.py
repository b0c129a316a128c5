"""A block the snippet wrote at a new place inside a definition, kept at its old place there too.

An agent that moves statements within a function ("check for an empty path first") shows them at
their new place and elides the rest under a marker: the marker covers the old copy, so a merge that
keeps what markers cover keeps both. Copying a guard into another function is an ordinary edit;
the same two or more lines twice in one definition, where the original had them once, is the old
copy left behind (or a deliberate repeat the merge cannot tell from it).

    >>> orig = ["int f(p) {", "    if (a(p)) {", "        return 1;", "    }", "    if (p.empty()) {",
    ...         "        return 0;", "    }", "    go();", "}"]
    >>> out = ["int f(p) {", "    if (p.empty()) {", "        return 0;", "    }", "    if (a(p)) {",
    ...        "        return 1;", "    }", "    if (p.empty()) {", "        return 0;", "    }", "    go();", "}"]
    >>> kept = {0: 0, 1: 4, 2: 5, 3: 6, 4: 7, 5: 8, 6: 9, 7: 10, 8: 11}
    >>> moved_block_kept(orig, out, kept, new_lines={1, 2, 3}, shown=set(), spans=[(0, 11)])
    (2, 3, 4)
    >>> moved_block_kept(orig, out, kept, new_lines={1, 2, 3}, shown={7}, spans=[(0, 11)])  # old copy shown too
    ()
"""

from __future__ import annotations

import re
from collections import Counter

from fastapply.merge.text.normal import is_closer, is_comment_line, is_distinctive, loose, norm

MIN_LINES = 2  # non-blank lines a repeated block must have
NEAR = 6  # original lines between the old copy and an anchor of the chunk that wrote the new one
QUOTED_REACH = 8  # merged lines between a comment written anew and its kept copy
NAMES = re.compile(r"[A-Za-z_$][\w$]*")


def _runs(lines: set[int], out: list[str]) -> list[list[int]]:
    """Runs of consecutive merged lines (blank lines inside a run allowed), blank lines left out."""
    runs: list[list[int]] = []
    for m in sorted(lines):
        if not out[m].strip():
            continue
        if runs and all(not out[t].strip() or t in lines for t in range(runs[-1][-1] + 1, m)):
            runs[-1].append(m)
        else:
            runs.append([m])
    return runs


def moved_block_kept(
    orig: list[str],
    out: list[str],
    kept: dict[int, int],
    new_lines: set[int],
    shown: set[int],
    spans: list[tuple[int, int]],
    anchors_near: dict[int, list[int]] | None = None,
) -> tuple[int, ...]:
    """1-based merged lines of new blocks (``new_lines``, merged indices the snippet placed) that
    repeat, line for line, kept original lines (``kept``: original -> merged index) standing in
    the same definition (``spans``: merged (first, last) of each definition), where the original
    holds that block once and the snippet does not show the old copy (``shown``: merged lines it
    placed on kept lines), and the old copy stands within ``NEAR`` lines of an original line that
    the new copy's chunk anchors on (``anchors_near``: merged line -> those original lines; None,
    where a move is asked for: anywhere in the file, in another definition too where the snippet
    shows none of that one and two of the block's lines tell it from any other code). An agent that
    reorders code shows the new order and elides what follows: the old copy sits at the chunk's
    edge; a table entry copied from further away is a new entry."""
    orig_norm = [norm(line) for line in orig]
    nonblank = [o for o, key in enumerate(orig_norm) if key]
    at: dict[str, list[int]] = {}
    for k, o in enumerate(nonblank):
        at.setdefault(orig_norm[o], []).append(k)
    found: list[int] = []
    for run in _runs(new_lines, out):
        texts = [norm(out[m]) for m in run]
        i = 0
        while i < len(texts):
            length, block = _longest_match(texts, i, at, orig_norm, nonblank)
            telling = sum(_distinctive(t, block, orig_norm) for t in texts[i : i + length])
            wordy = telling > 0
            if length >= MIN_LINES and wordy and block and all(o in kept and kept[o] not in shown for o in block):
                old, new = kept[block[0]], run[i]
                near = anchors_near is None or any(
                    abs(o - a) <= NEAR for o in block for a in anchors_near.get(run[i], ())
                )
                # the innermost definition around the old copy holds the new one too: the same
                # function, not a new function beside it in the same namespace
                inner = innermost_span(spans, old)
                inside = inner is not None and inner[0] <= new <= inner[1]
                # in another definition, one the snippet does not show at all: the marker over it
                # kept the old copy (where it shows that one, it shows what stays there; and an
                # idiom repeats: "if ptr.is_null() {", "return None;")
                unshown = inner is None or not any(inner[0] <= m <= inner[1] for m in shown)
                elsewhere = anchors_near is None and telling >= MIN_LINES and unshown
                if near and (inside or elsewhere):
                    found += [m + 1 for m in run[i : i + length]]
            i += max(length, 1)
    return tuple(found)


def innermost_span(spans: list[tuple[int, int]], row: int) -> tuple[int, int] | None:
    """The narrowest (first, last) of ``spans`` that holds ``row``; None when none does."""
    holding = [(a, b) for a, b in spans if a <= row <= b]
    return min(holding, key=lambda span: span[1] - span[0]) if holding else None


def _longest_match(texts, i, at, orig_norm, nonblank) -> tuple[int, list[int]]:
    """The longest run of ``texts`` from ``i`` that the original's non-blank lines hold exactly
    once, and those original lines; (0, []) when none does."""
    best: tuple[int, list[int]] = (0, [])
    for k in at.get(texts[i], ()):
        n = 0
        while i + n < len(texts) and k + n < len(nonblank) and orig_norm[nonblank[k + n]] == texts[i + n]:
            n += 1
        if n > best[0]:
            best = (n, [nonblank[k + j] for j in range(n)])
        elif n == best[0]:
            best = (n, [])  # held twice: not one old copy
    return best if best[1] else (best[0], [])


def _distinctive(text: str, block: list[int], orig_norm: list[str]) -> bool:
    """A line that tells one block from another: code (not a comment), at least two names, once in
    the original ("break;", "end", "* @default false" are in many places)."""
    stripped = text.strip()
    return (
        not is_comment_line(stripped)
        and not is_closer(stripped)
        and len(NAMES.findall(stripped)) >= 2
        and orig_norm.count(text) == 1
    )


def comment_written_twice(
    out: list[str], kept: dict[int, int], new_lines: set[int], shown: set[int], snip: list[str], anchors: set[int]
) -> tuple[int, ...]:
    """1-based merged lines the snippet wrote anew that are a comment line (a distinctive one, which
    the snippet says once) standing within ``QUOTED_REACH`` lines of a kept original line with the
    same text that the snippet does not show, no anchor (``anchors``: merged lines) between them:
    the snippet quoted that comment as context above the lines it changes, and the merge, finding
    no anchor for it, wrote it again beside the old copy, in the same gap.

    >>> out = ["f() {", "  // see issue 224 upstream", "  if (x) return;", "  // see issue 224 upstream", "  go();", "}"]
    >>> kept = {0: 0, 1: 1, 2: 2, 3: 4, 4: 5}
    >>> comment_written_twice(out, kept, {3}, {0, 4}, ["  // see issue 224 upstream", "  go();"], {0, 4})
    (4,)
    >>> comment_written_twice(out, kept, {3}, {0, 2, 4}, ["  // see issue 224 upstream", "  go();"], {0, 2, 4})  # an anchor between
    ()
    """
    said = Counter(norm(line) for line in snip)
    kept_rows = set(kept.values())
    found = []
    for m in sorted(new_lines):
        text = norm(out[m])
        if not is_comment_line(text) or not is_distinctive(text) or said[text] != 1:
            continue
        around = range(max(0, m - QUOTED_REACH), min(len(out), m + QUOTED_REACH + 1))
        copies = [k for k in around if k in kept_rows and k not in shown and k != m and norm(out[k]) == text]
        if any(not any(min(k, m) < a < max(k, m) for a in anchors) for k in copies):
            found.append(m + 1)
    return tuple(found)


def retyped_written_twice(
    out: list[str], kept: dict[int, int], new_lines: set[int], shown: set[int]
) -> tuple[int, ...]:
    """1-based merged lines the snippet wrote anew that are a kept original line retyped (other
    quotes, other spacing around marks) standing within ``QUOTED_REACH`` lines of it, where the
    snippet does not show the old line: context an agent retyped, which no anchor matched, written
    beside the line it stood for. Code only (at least two names): a retyped comment is prose.

    >>> out = ["log() {", "  print('Request', req)", '  print("Request", req)', "}"]
    >>> retyped_written_twice(out, {0: 0, 1: 1, 2: 3}, {2}, {0, 3})
    (3,)
    >>> retyped_written_twice(out, {0: 0, 1: 1, 2: 3}, {2}, {0, 1, 3})  # the old line shown too
    ()
    """
    kept_rows = set(kept.values())
    found = []
    for m in sorted(new_lines):
        text = out[m].strip()
        if is_comment_line(text) or len(NAMES.findall(text)) < 2:
            continue
        around = range(max(0, m - QUOTED_REACH), min(len(out), m + QUOTED_REACH + 1))
        if any(
            k in kept_rows and k not in shown and norm(out[k]) != norm(text) and loose(out[k]) == loose(text)
            for k in around
        ):
            found.append(m + 1)
    return tuple(found)
