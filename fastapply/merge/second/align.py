"""The alignment itself: one best path through the snippet and the original together (the values
of each move come from costs.py; this module decides nothing about them).

States, per (snippet items consumed, original lines consumed):

- ``W0`` wild: under a marker (or before the first chunk), nothing new written since it;
- ``W1`` wild, after new lines: an original line here is still kept, but a short common line
  ("}", "/**") may no longer be taken as context, it would close or open the new code instead;
- ``C`` in a chunk, after a match, an edit or a new line;
- ``D`` in a chunk, inside a run of deleted original lines.

Moving along the original: ``W0``/``W1`` keep a line for free, ``C``/``D`` delete it (``C`` → ``D``
opens a run). Consuming a snippet item: a marker goes to ``W0``; a line either matches the next
original line (→ ``C``), is its edited form (→ ``C``, the original line replaced), or is new (``W0``
→ ``W1``, ``W1`` → ``W1``, ``C``/``D`` → ``C``). Every row is a few numpy operations over the
original's length, so a 1,000-line snippet against a 5,000-line file takes well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fastapply.merge.second.costs import BLANK_MATCH, OPEN, Costs
from fastapply.merge.second.items import Item

NEG = -1e18
MAX_CELLS = 4_000_000  # snippet items × original lines the aligner takes on (about 60 MB of pointers)
# Where an entry of state C came from: a new line from C or D, a match from each state, an edit from each.
INS_C, INS_D, M_W0, M_W1, M_C, M_D, E_W0, E_W1, E_C, E_D = range(10)
_MATCH_FROM = {M_W0: "W0", M_W1: "W1", M_C: "C", M_D: "D"}
_EDIT_FROM = {E_W0: "W0", E_W1: "W1", E_C: "C", E_D: "D"}


@dataclass(frozen=True)
class Op:
    """One step of the path, in file order: keep / delete an original line, match or edit (a
    snippet item standing for an original line), insert a new line, or a marker."""

    kind: str  # keep | del | match | edit | ins | marker
    item: int | None = None
    line: int | None = None


class Aligner:
    def __init__(self, items: list[Item], original: list[str], costs: Costs):
        self.items, self.orig, self.costs = items, original, costs

    def best_path(self, start_wild: bool, end_wild: bool, banned=frozenset()) -> list[Op] | None:
        """The best path, with the snippet's start (end) read as under a marker when `start_wild`
        (`end_wild`), else as the file's own start (end); None when no path exists."""
        n1 = len(self.orig) + 1
        W0, W1, C = np.full(n1, NEG), np.full(n1, NEG), np.full(n1, NEG)
        (W0 if start_wild else C)[0] = 0.0
        state = self._along(W0, W1, C)
        rows = [(None, state[4:])]
        for i in range(len(self.items)):
            entry = self._consume(i, state, banned)
            state = self._along(*entry[:3])
            rows.append((entry[3:], state[4:]))
        W0, W1, C, D = state[:4]
        if end_wild:
            best = np.maximum(np.maximum(W0, W1), np.maximum(C, D))
            j = int(np.argmax(best))
            values = {"C": C[j], "D": D[j], "W1": W1[j], "W0": W0[j]}
            name = max(values, key=lambda s: values[s])
        else:
            j = n1 - 1
            best, name = np.maximum(C, D), "C" if C[j] >= D[j] else "D"
        if best[j] < NEG / 2:
            return None
        return self._trace(rows, name, j, end_wild)

    def _along(self, W0e, W1e, Ce):
        """Moves along the original inside one row. Returns (W0, W1, C, D, w0k, w1k, dk): the
        states, and for each, where its run of kept or deleted lines began."""
        n1 = len(W0e)
        idx = np.arange(n1, dtype=np.int32)
        W0 = np.maximum.accumulate(W0e)
        w0k = np.maximum.accumulate(np.where(W0e >= W0, idx, 0)).astype(np.int32)
        W1 = np.maximum.accumulate(W1e)
        w1k = np.maximum.accumulate(np.where(W1e >= W1, idx, 0)).astype(np.int32)
        prefix = self.costs.deleted
        opened = Ce - OPEN + prefix
        best = np.maximum.accumulate(opened)
        began = np.maximum.accumulate(np.where(opened >= best, idx, 0))
        D = np.full(n1, NEG)
        D[1:] = best[:-1] - prefix[1:]
        D[D < NEG / 2] = NEG
        dk = np.zeros(n1, dtype=np.int32)
        dk[1:] = began[:-1]
        return W0, W1, Ce, D, w0k, w1k, dk

    def _consume(self, i: int, state, banned):
        """The next row's entry values when item i is consumed, and where each came from."""
        W0, W1, C, D = state[:4]
        n1 = len(W0)
        CD = np.maximum(C, D)
        cd_src = np.where(D > C, INS_D, INS_C).astype(np.int8)
        W0e, W1e = np.full(n1, NEG), np.full(n1, NEG)
        c_src = np.full(n1, -1, dtype=np.int8)
        w0_src = np.full(n1, -1, dtype=np.int8)  # marker: 0 W0, 1 W1, 2 C, 3 D; blank line: 0
        w1_src = np.full(n1, -1, dtype=np.int8)  # 0 from W0, 1 from W1
        item = self.items[i]
        if item.kind == "marker":
            stack = np.vstack([W0, W1, C, D])
            return stack.max(axis=0), W1e, np.full(n1, NEG), c_src, np.argmax(stack, axis=0).astype(np.int8), w1_src
        cost = self.costs.insert_cost(i)
        Ce, c_src = CD - cost, cd_src.copy()
        if item.kind == "blank":  # a blank line is no new code: wild stays wild as it was
            W0e, w0_src[:] = W0, 0
            W1e, w1_src[:] = W1, 1
            blanks = self.costs.blanks
            if len(blanks):
                value = CD[blanks] + BLANK_MATCH
                better = value > Ce[blanks + 1]
                Ce[blanks + 1] = np.where(better, value, Ce[blanks + 1])
                c_src[blanks + 1] = np.where(better, np.where(D[blanks] > C[blanks], M_D, M_C), c_src[blanks + 1])
            return W0e, W1e, Ce, c_src, w0_src, w1_src
        from_w1 = W1 >= W0
        W1e = np.where(from_w1, W1, W0) - cost
        w1_src = from_w1.astype(np.int8)
        if item.kind == "add":
            return W0e, W1e, Ce, c_src, w0_src, w1_src
        for j, gain in self.costs.edit_gains(i):
            self._enter(Ce, c_src, j, gain, ((C, E_C), (D, E_D), (W0, E_W0), (W1, E_W1)))
        for j, gain, opens in self.costs.matches(i, banned):
            sources = ((C, M_C), (D, M_D), (W0, M_W0)) + (((W1, M_W1),) if opens else ())
            self._enter(Ce, c_src, j, gain, sources)
        return W0e, W1e, Ce, c_src, w0_src, w1_src

    @staticmethod
    def _enter(Ce, c_src, j: int, gain: float, sources) -> None:
        value, src = max((float(arr[j]) + gain, code) for arr, code in sources)
        if value > Ce[j + 1]:
            Ce[j + 1], c_src[j + 1] = value, src

    def _trace(self, rows, name: str, j: int, end_wild: bool) -> list[Op]:
        ops: list[Op] = []
        if end_wild:
            ops.extend(Op("keep", line=t) for t in range(len(self.orig) - 1, j - 1, -1))
        r = len(self.items)
        while True:
            src, (w0k, w1k, dk) = rows[r]
            if name in ("W0", "W1"):
                k = int((w0k if name == "W0" else w1k)[j])
                ops.extend(Op("keep", line=t) for t in range(j - 1, k - 1, -1))
                j = k
            elif name == "D":
                k = int(dk[j])
                ops.extend(Op("del", line=t) for t in range(j - 1, k - 1, -1))
                j, name = k, "C"
            if r == 0:
                break
            c_src, w0_src, w1_src = src
            item = self.items[r - 1]
            if name == "W0":
                ops.append(Op("marker" if item.kind == "marker" else "ins", r - 1))
                name = ("W0", "W1", "C", "D")[int(w0_src[j])] if item.kind == "marker" else "W0"
            elif name == "W1":
                ops.append(Op("ins", r - 1))
                name = ("W0", "W1")[int(w1_src[j])]
            else:
                code = int(c_src[j])
                if code in (INS_C, INS_D):
                    ops.append(Op("ins", r - 1))
                    name = "C" if code == INS_C else "D"
                else:
                    ops.append(Op("edit" if code in _EDIT_FROM else "match", r - 1, j - 1))
                    j -= 1
                    name = _EDIT_FROM.get(code) or _MATCH_FROM[code]
            r -= 1
        ops.reverse()
        return ops
