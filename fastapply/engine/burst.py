"""Policy: when a step runs several verification passes between two host syncs (a burst), and how many.

On a GPU a host sync costs milliseconds, a pass of a small model less than one: reading every pass's
results back dominates. A runner with ``burst`` (``runners/base.py``) can run passes back to back on
the device, drafting from a window of each row's reference. That suits rows the host has nothing to
decide for between passes:

* no token constraint (a constraint chooses among ranked candidates every pass: per-pass path);
* the row follows its reference (the device drafts from the window), or drafts nothing anyway (k = 0).
  A row whose draft came from a re-anchoring search takes a per-pass step: after a mismatch the
  host's search finds the next anchor, which the device cannot.

Stop criteria, stop strings, EOS and ``max_new_tokens`` need no per-pass host: the device stops a row
at a stop token or its limit, and the host replays the passes and cuts the output at the exact token
(``stopping.extend``). A burst's later passes draft the row's whole ``k`` while it follows: a
static-shape pass costs the same for any draft length, and a row that stops following drafts nothing
until the burst ends (the draft-length policy still learns from every pass when the host replays
them). Passes after every row stopped are wasted, so a burst runs as many passes as
the row needing most would take at full acceptance, at most ``most``:

>>> burst_passes([(1000, 355, 64, 64)], most=8)      # 356 tokens to copy at 65 a pass
6
>>> burst_passes([(1000, 355, 8, 64)], most=8)       # a first draft of 8, then 64 a pass
7
>>> burst_passes([(1000, 355, 64, 64), (40, 0, 0, 0)], most=8)   # a plain-decoding row: up to the cap
8
>>> burst_passes([(3, 355, 2, 64)], most=8)          # 3 tokens left: one pass does it
1
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapply.engine.sequence import Sequence


def burst_eligible(seq: Sequence) -> bool:
    """True when the host has nothing to decide for ``seq`` between passes (see the module doc)."""
    return seq.constraint is None and (seq.k == 0 or seq.draft_start.following)


def burst_passes(rows: Iterable[tuple[int, int, int, int]], most: int) -> int:
    """Passes for a burst over rows given as (tokens the row may still emit, reference tokens ahead
    of its draft's start, its first draft's length, the draft length of later passes): the most any
    row needs if every draft token is accepted (copying past the reference's end is not expected),
    capped at ``most``."""
    need = 1
    for remaining, ahead, first, draft in rows:
        tokens = min(remaining, ahead + 1) if draft else remaining
        need = max(need, 1 + -(-max(tokens - first - 1, 0) // (draft + 1)))
    return min(need, most)
