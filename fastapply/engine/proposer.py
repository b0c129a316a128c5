"""Policy: draft tokens by following a cursor through reference token sequences.

The references are what the output is expected to copy: the deterministic merge candidate (when
there is one), the original file, the snippet. The proposer is a pure function of the references,
the generated tokens and a cursor; it never sees model tensors.

While the model copies, the cursor simply walks the reference and each draft is the next k tokens.
After a mismatch (the model is writing an edit), the proposer re-anchors on the longest suffix of the
generated tokens that occurs in a reference. Among equally long matches it prefers the first one at or
after the cursor: HF and vLLM prompt lookup take the leftmost match, which for a repeated line such as
``}`` or ``return None`` jumps back to the top of the file.

Worked example (one reference; tokens are letters for readability)::

    ref    = a } b } c } d          positions 0..6
    output = a } b } c X }          the model inserted X before the } at position 5
    cursor = Cursor(ref=0, pos=5, following=False)   # the draft "} d" was rejected at X

    Longest suffix of the output found in ref: "}" (X } is nowhere). "}" occurs at 1, 3 and 5, so
    continuations start at 2, 4 and 6. Leftmost lookup would draft "b } c } d" (from 2) and be
    rejected; the cursor prefers the first continuation >= 5, i.e. 6, and drafts "d".

>>> import numpy as np
>>> ref = np.array([1, 9, 2, 9, 3, 9, 4])          # a } b } c } d  with } = 9
>>> p = propose([ref], [1, 9, 2, 9, 3, 7, 9], Cursor(0, 5, False), k=4)
>>> p.draft, p.start
([4], Cursor(ref=0, pos=6, following=False))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Cursor:
    ref: int = 0  # which reference the cursor is in
    pos: int = 0  # index in that reference of the next token expected in the output
    following: bool = True  # the output matched the reference up to pos: no search needed


@dataclass(frozen=True)
class Proposal:
    draft: list[int]
    start: Cursor  # where in which reference the draft was taken from


def propose(
    refs: Sequence[np.ndarray],
    output: Sequence[int],
    cursor: Cursor,
    k: int,
    max_ngram: int = 24,
) -> Proposal:
    """Up to ``k`` draft tokens for the next verification pass.

    refs: reference token arrays, in priority order; output: tokens generated so far;
    cursor: from ``advance`` after the previous pass (``Cursor()`` before the first). Passing
    ``Cursor(0, 0, following=False)`` every time gives the stateless leftmost-match lookup of
    HF/vLLM prompt lookup: every pass searches, and the earliest occurrence wins.
    """
    if k <= 0 or not refs:
        return Proposal([], cursor)
    if cursor.following and cursor.ref < len(refs):
        return Proposal(refs[cursor.ref][cursor.pos : cursor.pos + k].tolist(), cursor)
    if len(output) == 0:
        return Proposal([], cursor)
    tail = np.asarray(output[-max_ngram:], dtype=np.int64)
    best: tuple | None = None  # (length, preference key, ref index, continuation)
    for index, ref in enumerate(refs):
        length, continuations = longest_suffix_match(ref, tail)
        if length == 0:
            continue
        pos = cursor.pos if index == cursor.ref else 0
        ahead = continuations[continuations >= pos]  # a cursor at 0: the leftmost wins
        # rank: longer match, then a match ahead of the cursor, then the cursor's own reference, then
        # the nearest one (ahead: first; behind: last), then reference priority order.
        if len(ahead):
            pick, key = int(ahead[0]), (1, index == cursor.ref)
        else:
            pick, key = int(continuations[-1]), (0, index == cursor.ref)
        candidate = (length, key, -index, pick)
        if best is None or candidate[:3] > best[:3]:
            best = candidate + (index,)
    if best is None:
        return Proposal([], Cursor(cursor.ref, cursor.pos, following=False))
    pick, index = best[3], best[4]
    start = Cursor(index, pick, following=False)
    return Proposal(refs[index][pick : pick + k].tolist(), start)


def longest_suffix_match(ref: np.ndarray, tail: np.ndarray) -> tuple[int, np.ndarray]:
    """Length n of the longest suffix of ``tail`` that occurs in ``ref`` with at least one token
    after it, and the ascending positions right after each occurrence.

    >>> longest_suffix_match(np.array([5, 6, 7, 5, 6, 8]), np.array([1, 5, 6]))
    (2, array([2, 5]))
    """
    if len(tail) == 0 or len(ref) < 2:
        return 0, np.empty(0, dtype=np.int64)
    continuations = np.flatnonzero(ref[:-1] == tail[-1]) + 1
    length = 1 if len(continuations) else 0
    while length and length < len(tail):
        back = continuations - length - 1  # where the next-older tail token must sit
        viable = back >= 0
        keep = np.zeros(len(continuations), dtype=bool)
        keep[viable] = ref[back[viable]] == tail[-length - 1]
        if not keep.any():
            break
        continuations, length = continuations[keep], length + 1
    return length, continuations


def advance(start: Cursor, drafted: int, accepted: int, bonus: int, refs: Sequence[np.ndarray]) -> Cursor:
    """The cursor after a pass that accepted ``accepted`` of ``drafted`` tokens taken at ``start`` and
    produced the model's own next token ``bonus``: still following if the bonus is the reference's
    next token too, otherwise parked at the point of divergence for the next re-anchoring search.
    """
    pos = start.pos + accepted
    ref = refs[start.ref] if start.ref < len(refs) else np.empty(0, dtype=np.int64)
    if pos < len(ref) and int(ref[pos]) == bonus:
        return Cursor(start.ref, pos + 1, following=True)
    return Cursor(start.ref, pos, following=False)
