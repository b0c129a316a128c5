"""Patience anchoring: a chunk's lines matched to the original on lines unique to both first.

Pure functions over normalised lines; anchor.py proposes these blocks beside difflib's.
"""

from __future__ import annotations

import difflib
from collections import Counter


def _lis(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest run of (chunk, original) pairs increasing in both, pairs given in chunk order."""
    tails: list[int] = []  # tails[k]: index into pairs of the smallest end of a run of length k+1
    parent: list[int | None] = []
    for i, (_, o) in enumerate(pairs):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if pairs[tails[mid]][1] < o:
                lo = mid + 1
            else:
                hi = mid
        parent.append(tails[lo - 1] if lo else None)
        if lo == len(tails):
            tails.append(i)
        else:
            tails[lo] = i
    run, i = [], tails[-1] if tails else None
    while i is not None:
        run.append(pairs[i])
        i = parent[i]
    return run[::-1]


def patience_blocks(orig_norm: list[str], chunk_norm: list[str], is_distinctive, reach: int = 3) -> list[difflib.Match]:
    """Matching blocks (as difflib's) anchored on lines unique to both sides first.

    difflib's longest-match search lets new code that resembles a later part of the file ("{",
    "return NULL;", "}") outweigh the one line of context that really anchors the chunk. Lines that
    occur once in the chunk and once in the original, in increasing order, are paired first
    (patience diff); difflib then fills each gap between two such anchors on its own, and matches
    the chunk's lines before the first (after the last) anchor only against the original right
    above (below) it, as wide as those lines plus `reach`.
    """
    in_orig, in_chunk = Counter(orig_norm), Counter(chunk_norm)
    where = {line: i for i, line in enumerate(orig_norm) if in_orig[line] == 1}
    unique = [
        (j, where[line])
        for j, line in enumerate(chunk_norm)
        if in_chunk[line] == 1 and line in where and is_distinctive(line)
    ]
    anchors = _lis(unique)
    blocks: list[tuple[int, int]] = []  # (original index, chunk index) of each matched line
    prev_a = prev_b = 0
    for n, (b, a) in enumerate(anchors + [(len(chunk_norm), len(orig_norm))]):
        if anchors and n == 0:  # lines before the first anchor: the context right above it
            prev_a = max(0, a - b - reach)
        if anchors and n == len(anchors):  # lines after the last anchor: the context right below it
            a = min(a, prev_a + (b - prev_b) + reach)
        if anchors and n == 0:  # matched backwards from the anchor: the nearest copy of a line wins
            rev_a, rev_b = orig_norm[prev_a:a][::-1], chunk_norm[prev_b:b][::-1]
            matcher = difflib.SequenceMatcher(None, rev_a, rev_b, autojunk=False)
            for m in matcher.get_matching_blocks():
                blocks.extend((a - 1 - (m.a + k), b - 1 - (m.b + k)) for k in range(m.size))
            blocks.sort()
        else:
            matcher = difflib.SequenceMatcher(None, orig_norm[prev_a:a], chunk_norm[prev_b:b], autojunk=False)
            for m in matcher.get_matching_blocks():
                blocks.extend((prev_a + m.a + k, prev_b + m.b + k) for k in range(m.size))
        if b < len(chunk_norm):
            blocks.append((a, b))
        prev_a, prev_b = a + 1, b + 1
    merged: list[difflib.Match] = []
    for a, b in blocks:
        last = merged[-1] if merged else None
        if last and last.a + last.size == a and last.b + last.size == b:
            merged[-1] = difflib.Match(last.a, last.b, last.size + 1)
        else:
            merged.append(difflib.Match(a, b, 1))
    return merged
