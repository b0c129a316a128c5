"""What each move of the alignment is worth: the second opinion's whole policy, in one place.

The aligner (align.py) maximises the sum of these values over one path through the snippet and the
original together. Gains: a snippet line that stands for an original line (a *match*), more for a
line that occurs once in the file and means something than for ``}`` or ``return x``; a snippet line
that is the edited form of an original line (an *edit*). Costs: a deleted original line inside a
chunk (an affine gap: opening a run costs most, so one deleted block is as dear as a few matched
lines, and a lone common line never pays for a long deletion); a new line (next to nothing, unless
the original has that very line, in which case the snippet probably meant it as context).

Keeping original lines under a marker is free: a marker stands for unchanged code.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter

import numpy as np

from fastapply.merge.second.items import (
    Item,
    block_closers,
    bracket_balance,
    chunk_edges,
    elided_headers,
    neighbour,
)
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.normal import definition_key, is_closer, is_comment_line, norm

WORD = re.compile(r"[A-Za-z0-9_]")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+")

OPEN = 0.8  # opening a run of deleted original lines inside a chunk
EXTEND = 0.3  # each further line deleted
EXTEND_CHEAP = 0.02  # ... a blank line, or one the snippet shows elsewhere (it moved)
INSERT = 0.02  # a new line
# A "new" line the original already has is probably context: inserting it costs about what matching
# it would gain (a unique, distinctive line), little for common or short lines.
INSERT_KNOWN = {"unique": 3.0, "short": 1.0, "common": 0.3, "trivial": INSERT}
INSERT_EDGE = 1.5  # ... at a chunk's edge (next to a marker), where context is what snippets show
INSERT_HEADER = 4.0  # a new line opening a block whose body a marker elides: that body is old code
# ... one the original holds once: the body elided is that line's own, which only a match keeps
INSERT_OWN_HEADER = 50.0
MISSING_CONTEXT = 50.0  # a diff's context or removed line with no original line to stand for
BLANK_MATCH = 0.001
CLOSER = 2.0  # extra gain: the line closing a block whose opening line matched
SIMILAR = 0.7  # an edit: at least this similar to the original line it replaces
SIMILAR_HEADER = 0.5  # ... when it heads a block whose body a marker elides
NEAR, CROWD = 0.08, 2  # an edit's original is one of at most CROWD lines within NEAR of the best
EARLIER = 1e-7  # per original line: of two equal places, the earlier wins


def line_kind(normal: str, count: int) -> str:
    """trivial ("}", "end": fewer than 3 word characters, or only closing), short (fewer than 6 word
    characters), common (occurs more than once) or unique."""
    chars = len(WORD.findall(normal))
    if chars < 3 or is_closer(normal):
        return "trivial"
    if count > 1:
        return "common"
    return "unique" if chars >= 6 else "short"


def match_gain(normal: str, count: int) -> float:
    kind = line_kind(normal, count)
    if kind == "trivial":
        return 0.2
    if kind == "common":
        return 0.5 + 1.0 / count
    return 3.0 if kind == "unique" else 1.5


class Costs:
    """The values of every move for one (snippet, original) pair, precomputed."""

    def __init__(self, items: list[Item], original: list[str], fresh: frozenset[int] = frozenset()):
        self.items, self.orig = items, original
        self.fresh = fresh  # items that are new code whatever the original holds (stand for no line)
        self.onorm = [norm(line) for line in original]
        counts = Counter(x for x in self.onorm if x)
        self.where: dict[str, list[int]] = {}
        for j, x in enumerate(self.onorm):
            if x:
                self.where.setdefault(x, []).append(j)
        kinds = {x: line_kind(x, n) for x, n in counts.items()}
        gains = {x: match_gain(x, n) for x, n in counts.items()}
        n = len(original)
        # gain of matching original line j; whether it is more than a short common line
        self.gain = np.array([gains.get(x, 0.0) for x in self.onorm]) - EARLIER * np.arange(n)
        self.distinct = np.array([bool(x) and kinds[x] != "trivial" for x in self.onorm], dtype=bool)
        shown = {norm(it.text) for it in items if it.kind in ("code", "add", "ctx")}
        step = np.array([EXTEND_CHEAP if not x or x in shown else EXTEND for x in self.onorm])
        self.deleted = np.concatenate(
            [[0.0], np.cumsum(step)]
        )  # deleting original[a:b] costs OPEN + deleted[b] - deleted[a]
        self.width = [width(line) for line in original]
        self.blanks = np.array([j for j, x in enumerate(self.onorm) if not x], dtype=np.int64)
        self.headers = elided_headers(items)
        self.edges = chunk_edges(items)
        self.edits, self.crowded = self._edit_candidates()
        self.closing = self._closing_pairs()

    def insert_cost(self, i: int) -> float:
        item = self.items[i]
        if item.kind == "blank":
            return 0.0
        if item.kind in ("ctx", "del"):
            return MISSING_CONTEXT
        if i in self.headers:
            own = item.kind == "code" and len(self.where.get(norm(item.text), ())) == 1
            return INSERT_OWN_HEADER if own and i not in self.fresh else INSERT_HEADER
        hits = self.where.get(norm(item.text)) if item.kind == "code" and i not in self.fresh else None
        if not hits:
            return INSERT
        kind = line_kind(norm(item.text), len(hits))
        return max(INSERT_KNOWN[kind], INSERT_EDGE) if i in self.edges and kind != "trivial" else INSERT_KNOWN[kind]

    def matches(self, i: int, banned: frozenset | set = frozenset()) -> list[tuple[int, float, bool]]:
        """(original line, gain, may follow new lines in wild mode) for every match of item i."""
        item = self.items[i]
        bonus = self.closing.get(i, {})
        out = []
        for j in self.where.get(norm(item.text), []) if i not in self.fresh else ():
            if (i, j) in banned:
                continue
            # A short common line stands for an original one only beside lines that also do (or a
            # marker, or the snippet's edge), or as the closer of a block whose opener matched.
            if item.kind == "code" and not self.distinct[j] and j not in bonus and not self.connected(i, j):
                continue  # (a diff's context and removed lines stand for original lines by its own say)
            opens = bool(self.distinct[j]) or item.kind != "code" or j in bonus
            out.append((j, float(self.gain[j]) + bonus.get(j, 0.0), opens))
        return out

    def edit_gains(self, i: int) -> list[tuple[int, float]]:
        """(original line, gain) for each original line item i may be the edited form of."""
        out = []
        candidates = self.edits.get(i) or self._beside_anchor(i)
        for j, ratio in candidates if i not in self.fresh else ():
            # An edited line stands where its neighbours do (or heads a body a marker elides).
            if i in self.headers or self.connected(i, j, strong=True):
                out.append((j, 0.3 + ratio - EARLIER * j))
        return out

    def _beside_anchor(self, i: int) -> list[tuple[int, float]]:
        """Of look-alike lines too many to choose from (two ``if (!node) return NULL;``, two
        ``if (!self->len)``), the few that stand right beside what item i's own neighbours stand for:
        lines of code the snippet shows (not a marker or its edge), on every side where it shows one.
        A line the snippet shows unchanged beside the new one is not the line it edits."""
        sides = [step for step in (-1, 1) if self._code_beside(i, step)]
        found = [
            (j, ratio)
            for j, ratio in self.crowded.get(i, ())
            if sides and all(self._same_neighbour(i, j, step, True) for step in sides)
        ]
        return found if len(found) <= CROWD else []

    def _code_beside(self, i: int, step: int) -> bool:
        k = neighbour(self.items, i, step)
        return k is not None and self.items[k].kind == "code"

    def connected(self, i: int, j: int, strong: bool = False) -> bool:
        """Whether item i's neighbours stand for original line j's neighbours: on the side that
        matters (an opening line belongs with what follows it, a closing one with what precedes),
        or either side. A marker or the snippet's edge counts as connected; with `strong` the
        neighbour pair must also be a line that means something."""
        balance = bracket_balance(self.items[i].text)
        sides = (1,) if balance > 0 else (-1,) if balance < 0 else (-1, 1)
        if i in self.headers and self.items[i].text.rstrip().endswith(("{", "(", "[", ":")):
            sides = (-1, 1)  # "}) => {" over a marker eliding its body belongs with that body too
        return any(self._same_neighbour(i, j, step, strong) for step in sides)

    def _same_neighbour(self, i: int, j: int, step: int, strong: bool) -> bool:
        k, t = i + step, j + step
        while 0 <= k < len(self.items) and self.items[k].kind == "blank":
            k += step
        if not 0 <= k < len(self.items) or self.items[k].kind == "marker":
            return True
        while 0 <= t < len(self.orig) and not self.onorm[t]:
            t += step
        if not 0 <= t < len(self.orig) or (strong and not self.distinct[t]):
            return False
        return self.onorm[t] == norm(self.items[k].text)

    def _edit_candidates(self) -> tuple[dict[int, list[tuple[int, float]]], dict[int, list[tuple[int, float]]]]:
        """Per lazy code line absent from the original, the original lines it may be an edited form
        of: similar enough, and one of few nearly as similar (a list of look-alike entries says
        nothing about which one a new entry edits). A few more than that are kept aside
        (``crowded``): the snippet's context beside the line may still tell which one it edits."""
        wanted = [
            i
            for i, item in enumerate(self.items)
            if item.kind == "code" and len(WORD.findall(norm(item.text))) >= 3 and norm(item.text) not in self.where
        ]
        tokens_of = {i: set(TOKEN.findall(norm(self.items[i].text).casefold())) for i in wanted}
        self.keyed: dict[str, list[int]] = {}
        names = {definition_key(self.items[i].text) for i in wanted} - {None}
        if names:
            for j, line in enumerate(self.orig):
                name = definition_key(line) if self.onorm[j] else None
                if name in names:
                    self.keyed.setdefault(name, []).append(j)
        asked = set().union(*tokens_of.values()) if tokens_of else set()
        postings: dict[str, list[int]] = {}
        for j, x in enumerate(self.onorm):
            if x and len(WORD.findall(x)) >= 3:
                for token in asked.intersection(TOKEN.findall(x.casefold())):
                    postings.setdefault(token, []).append(j)
        out: dict[int, list[tuple[int, float]]] = {}
        crowded: dict[int, list[tuple[int, float]]] = {}
        for i in wanted:
            item = self.items[i]
            key = norm(item.text)  # (a line the original has as it stands is context, not an edit)
            tokens = tokens_of[i]
            votes: Counter = Counter()
            for token in tokens:
                hits = postings.get(token, [])
                if len(hits) <= 400:
                    votes.update(hits)
            floor = SIMILAR_HEADER if i in self.headers else SIMILAR
            name = definition_key(item.text)
            same_name = [j for j in self.keyed.get(name, ())] if name else []
            found = []
            comment = is_comment_line(item.text)
            for j, shared in votes.items():
                # a line grown keeps every word of the old one, whatever their case: a comment
                # rewritten longer ("close codes" -> "close codes (RFC 6455, section 7.4.1)"), a
                # condition or a call given more ("if a {" -> "if b && a {"): its edited form, if less alike
                old = set(TOKEN.findall(self.onorm[j].casefold()))
                grown = shared == len(old) and (
                    (comment and is_comment_line(self.orig[j])) or (len(old) >= 2 and len(tokens) > len(old))
                )
                if shared * 2 >= len(tokens) or grown:
                    ratio = difflib.SequenceMatcher(None, key, self.onorm[j], autojunk=False).ratio()
                    if ratio >= (min(floor, SIMILAR_HEADER) if grown else floor):
                        found.append((j, ratio))
            if len(same_name) == 1 and all(j != same_name[0] for j, _ in found):
                found.append((same_name[0], SIMILAR))  # the one line assigning the same name: its new value
            if found:
                best = max(r for _, r in found)
                near = sorted((j, r) for j, r in found if r >= best - NEAR)
                if len(near) <= CROWD:
                    out[i] = near
                elif len(near) <= 2 * CROWD:  # (more: a list of entries, where a new one is added)
                    crowded[i] = near
        return out, crowded

    def _closer_of(self, j: int) -> int | None:
        """The original line closing the block that line j opens (items.block_closers' rule)."""
        if not self.onorm[j] or is_closer(self.orig[j]):
            return None
        for t in range(j + 1, len(self.orig)):
            if not self.onorm[t]:
                continue
            if self.width[t] <= self.width[j]:
                return t if self.width[t] == self.width[j] and is_closer(self.orig[t]) else None
        return None

    def _closing_pairs(self) -> dict[int, dict[int, float]]:
        """Per item that closes a block its chunk opens ("}" under "f() {"), the original lines
        closing the blocks that its opener's matches open, with the extra gain of that pair."""
        markers = {i for i, it in enumerate(self.items) if it.kind == "marker"}
        out: dict[int, dict[int, float]] = {}
        snippet_closers = block_closers([it.text for it in self.items], markers)
        for i_open, i_close in snippet_closers.items():
            for j_open in self.where.get(norm(self.items[i_open].text), []):
                j_close = self._closer_of(j_open)
                if j_close is not None and self.onorm[j_close] == norm(self.items[i_close].text):
                    out.setdefault(i_close, {})[j_close] = CLOSER
        # A closer whose opener the snippet does not show ("}" after new list entries) closes the
        # block around the nearest context line above it: the first shallower line after that line,
        # at the same shift.
        closes_own = set(snippet_closers.values())
        for i, item in enumerate(self.items):
            if item.kind != "code" or i in closes_own or not is_closer(item.text) or i in out:
                continue
            k = neighbour(self.items, i, -1)
            while k is not None and self.items[k].kind == "code" and not self.where.get(norm(self.items[k].text)):
                k = neighbour(self.items, k, -1)
            if k is None or self.items[k].kind != "code" or width(self.items[k].text) <= width(item.text):
                continue
            for j in self.where.get(norm(self.items[k].text), []):
                t = j + 1
                while t < len(self.orig) and (not self.onorm[t] or self.width[t] >= self.width[j]):
                    t += 1
                shift = self.width[j] - width(self.items[k].text)
                if (
                    t < len(self.orig)
                    and self.onorm[t] == norm(item.text)
                    and self.width[t] - width(item.text) == shift
                ):
                    out.setdefault(i, {})[t] = CLOSER
        return out
