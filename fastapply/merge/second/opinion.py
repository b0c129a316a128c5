"""The second opinion: a merge built from a different idea than ``lazy_merge``'s.

``lazy_merge`` places the snippet chunk by chunk (anchors, definitions, edges, repairs). This one
solves a single optimisation over the whole snippet (align.py, valued by costs.py): walk the snippet
and the original together, in order; every snippet line either stands for an original line, is the
edited form of one, or is new; every original line is either kept under a marker, or deleted inside
a chunk. Where the two merges give the same file, two unrelated methods agree; where they do not,
at least one of them is wrong, and the answer is flagged.

It abstains (``merged`` None, with a ``reason``) rather than guess: a chunk that nothing distinctive
anchors, chunks shown out of file order, a diff line the original does not have, an input too large.

    >>> original = "def f():\\n    a = 1\\n    return a\\n\\n\\ndef g():\\n    return 2\\n"
    >>> snippet = "def f():\\n    a = 1\\n    b = 2\\n    return a + b\\n# ... existing code ...\\n"
    >>> print(second_opinion(original, snippet, "python").merged)
    def f():
        a = 1
        b = 2
        return a + b
    <BLANKLINE>
    <BLANKLINE>
    def g():
        return 2
    <BLANKLINE>
"""

from __future__ import annotations

import difflib
import functools
from collections import Counter
from dataclasses import dataclass, field, replace

from fastapply.merge.second.align import MAX_CELLS, Aligner, Op
from fastapply.merge.second.anchored import unanchored_chunk
from fastapply.merge.second.bodies import spelled_out
from fastapply.merge.second.costs import Costs
from fastapply.merge.second.ends import ends_closed, ends_returning
from fastapply.merge.second.items import CODE_KINDS, Item, chunk_ids, parse_items
from fastapply.merge.second.layout import Style, build, keep_edge_blanks, separate_new_blocks
from fastapply.merge.text.languages import INDENT_LANGUAGES
from fastapply.merge.text.lines import BOM, join_lines, split_lines, with_bom_of, without_bom
from fastapply.merge.text.normal import is_closer, norm

MAX_APART = 3  # chunks shown out of file order that the second opinion sets apart, at most


@dataclass
class Opinion:
    merged: str | None  # None: it abstains
    reason: str | None = None
    ops: list[Op] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    unplaced: int | None = None  # the chunk nothing anchors in file order, when that is why it abstains


@functools.lru_cache(maxsize=4)
def second_opinion(original: str, snippet: str, language: str | None = None, _depth: int = 0) -> Opinion:
    """The second opinion's file, or None with the reason it abstains. An apply asks for it twice
    (to confirm the merge, and as a candidate when the merge is unsure): the last answers are kept."""
    if original.startswith(BOM) or snippet.startswith(BOM):  # the file's encoding, not its code
        opinion = second_opinion(without_bom(original), without_bom(snippet), language, _depth)
        if opinion.merged is not None:
            opinion = replace(opinion, merged=with_bom_of(original, opinion.merged))
        return opinion
    opinion = _in_order(original, snippet, None, language)
    spelled = spelled_out(original, snippet, opinion.items, opinion.ops)
    if spelled is not None and (after_body := _in_order(original, *spelled, language)).merged is not None:
        return after_body
    if opinion.merged is None and opinion.unplaced is not None and _depth < MAX_APART:
        return _shown_apart(original, snippet, opinion, language, _depth) or opinion
    return opinion


def _in_order(original: str, snippet: str, fresh: frozenset[int] | None, language: str | None) -> Opinion:
    """One alignment of the whole snippet in file order; `fresh`: snippet lines that are new code."""
    orig, newline, trailing = split_lines(original)
    items, diff = parse_items(split_lines(snippet)[0], orig, language)
    if not any(item.kind in CODE_KINDS for item in items):
        return Opinion(None, "the snippet holds no code")
    if not orig:
        return Opinion(None, "the original is empty")
    if len(items) * (len(orig) + 1) > MAX_CELLS:
        return Opinion(None, f"too large to align ({len(items)} snippet lines against {len(orig)})")
    new = frozenset(i for i, item in enumerate(items) if item.line in (fresh or ()))
    aligner = Aligner(items, orig, Costs(items, orig, new))
    chunk = chunk_ids(items)
    # Two passes: the first fixes each chunk's indentation shift, by which the second ties short
    # common lines ("}", "end") to their own block.
    first = aligner.best_path(True, True)
    if first is None:
        return Opinion(None, "no alignment", items=items)
    banned = _off_shift(items, first, orig, chunk, Style(orig), aligner.costs)
    ops = aligner.best_path(True, True, banned) or first
    placed = [op for op in ops if op.kind in ("match", "edit") and items[op.item].kind != "blank"]
    if not placed:
        code = [it for it in items if it.kind != "blank"]
        if not diff and all(it.kind == "code" for it in code) and 2 * len(code) >= sum(1 for x in orig if x.strip()):
            # No marker, no anchor, about the file's size: the snippet reads as the whole new file.
            return Opinion(join_lines([it.text for it in items], newline, trailing), None, [], items)
        return Opinion(None, "nothing in the snippet anchors", ops, items)
    start_wild = items[0].kind == "marker" or not _reaches(items, orig, placed[0], head=True)
    end_wild = items[-1].kind == "marker" or not _reaches(items, orig, placed[-1], head=False)
    if not (start_wild and end_wild):
        ops = aligner.best_path(start_wild, end_wild, banned)
        if ops is None:
            return Opinion(None, "no alignment reaches the file's edge", items=items)
    ops = (
        ends_returning(ops, items, orig)
        if language in INDENT_LANGUAGES
        else ends_closed(ops, items, orig, aligner.costs)
    )
    ops = separate_new_blocks(keep_edge_blanks(ops, orig), items, orig)
    problem, unplaced = unanchored_chunk(items, ops, chunk, aligner.costs)
    if problem:
        return Opinion(None, problem, ops, items, None if diff else unplaced)
    return Opinion(join_lines(build(items, ops, orig, chunk, diff), newline, trailing), None, ops, items)


def _shown_apart(original: str, snippet: str, failed: Opinion, language: str | None, depth: int) -> Opinion | None:
    """Agents show a later edit first ("... and at the top of the module:"). A chunk the order
    cannot place is set apart: the rest of the snippet is aligned first, then that chunk alone
    against the result, accepted when it only touches lines the rest left as they were. The chunks
    right after it that only close blocks ("end", "}" below a body marker) go with it: they close
    what it opened."""
    items, k = failed.items, failed.unplaced
    chunk = chunk_ids(items)
    while any(c == k + 1 for c in chunk) and all(
        is_closer(it.text) for it, c in zip(items, chunk) if c == k + 1 and it.kind != "blank"
    ):
        k += 1
    members = [i for i, c in enumerate(chunk) if failed.unplaced <= c <= k]
    marker = next(it.text for it in items if it.kind == "marker")
    lines = split_lines(snippet)[0]
    first, last = items[members[0]].line, items[members[-1]].line
    rest = "\n".join(lines[:first] + [marker] + lines[last + 1 :]) + "\n"
    alone = "\n".join([marker] + lines[first : last + 1] + [marker]) + "\n"
    before = second_opinion(original, rest, language, depth + 1)
    if before.merged is None:
        return None
    after = second_opinion(before.merged, alone, language, depth + 1)
    if after.merged is None:
        return None
    untouched = _unchanged_lines(split_lines(original)[0], split_lines(before.merged)[0])
    if any(op.kind in ("del", "edit") and op.line not in untouched for op in after.ops):
        return None  # the chunk set apart rewrites what the rest of the snippet wrote
    return Opinion(after.merged, None, after.ops, items)


def _unchanged_lines(original: list[str], merged: list[str]) -> set[int]:
    """Lines of `merged` that stand in `original` as they are (in order)."""
    matcher = difflib.SequenceMatcher(None, original, merged, autojunk=False)
    return {block.b + n for block in matcher.get_matching_blocks() for n in range(block.size)}


def _reaches(items: list[Item], orig: list[str], op: Op, head: bool) -> bool:
    """Whether an unmarked snippet edge means the file's own edge: nothing lies beyond its
    outermost anchor, or a few lines that the snippet's new lines there replace."""
    if head:
        new = [it for it in items[: op.item] if it.kind in ("code", "add")]
        beyond = [t for t in range(op.line) if orig[t].strip()]
    else:
        new = [it for it in items[op.item + 1 :] if it.kind in ("code", "add")]
        beyond = [t for t in range(op.line + 1, len(orig)) if orig[t].strip()]
    return not beyond or (bool(new) and len(beyond) <= max(2, len(new)))


def _off_shift(items, ops: list[Op], orig, chunk, style: Style, costs: Costs) -> set[tuple[int, int]]:
    """Matches of short common lines at another indentation shift than the nearest unique anchor
    of their chunk shows (a chunk that re-indents a block shifts that block, not the doc
    comment above it), or with none, than their chunk's anchors show most (a chunk of closers only
    takes the previous chunk's shift)."""
    shifts: dict[int, Counter] = {}
    anchored: dict[int, int] = {}  # item -> its shift, for the distinctive matches
    for op in ops:
        if op.kind == "match" and items[op.item].kind != "blank" and costs.distinct[op.line]:
            shift = style.width(orig[op.line]) - style.width(items[op.item].text)
            shifts.setdefault(chunk[op.item], Counter())[shift] += 1
            if len(costs.where.get(norm(orig[op.line]), ())) == 1:  # a line the file holds once
                anchored[op.item] = shift
    shift_of, last = {}, None
    for k in range(max(chunk) + 1):
        if shifts.get(k):
            last = shifts[k].most_common(1)[0][0]
        shift_of[k] = last
    closing = _closer_shifts(items, ops, orig, chunk, style)
    banned = set()
    for i, item in enumerate(items):
        if item.kind != "code" or shift_of.get(chunk[i]) is None:
            continue  # (a diff's context and removed lines stand for original lines by its own say)
        wanted = closing.get(i, _nearest_shift(i, anchored, chunk, shift_of[chunk[i]]))
        for j in costs.where.get(norm(item.text), []):
            if not costs.distinct[j] and style.width(orig[j]) - style.width(item.text) != wanted:
                banned.add((i, j))
    return banned


def _nearest_shift(i: int, anchored: dict[int, int], chunk: list[int], default: int) -> int:
    """The shift of the unique match nearest item i in its chunk (the later one of two as near:
    an opening line belongs with what follows it); ``default`` when the chunk has none."""
    near = [k for k in anchored if chunk[k] == chunk[i]]
    return anchored[min(near, key=lambda k: (abs(k - i), k < i))] if near else default


def _closer_shifts(items, ops: list[Op], orig, chunk, style: Style) -> dict[int, int]:
    """item -> the indentation shift of a closing line: its opener's (the chunk's nearest earlier
    line at its depth that is no closer), or, with none in the chunk, that of the outermost matched
    line, no closer, of the chunk or of the last chunk before it that has one (a chunk of
    closers). A snippet that re-indents a body ("the loop body should use 3-space steps") shifts
    the body's lines, not the lines that open and close it."""
    shift = {
        op.item: style.width(orig[op.line]) - style.width(items[op.item].text)
        for op in ops
        if op.kind in ("match", "edit") and items[op.item].kind == "code"
    }
    found: dict[int, int] = {}
    for i, item in enumerate(items):
        if item.kind != "code" or not is_closer(item.text):
            continue
        depth, opener = style.width(item.text), None
        for k in range(i - 1, -1, -1):
            if chunk[k] != chunk[i]:
                break
            if items[k].kind == "code" and style.width(items[k].text) <= depth:
                opener = k if style.width(items[k].text) == depth and not is_closer(items[k].text) else None
                break
        if opener is None:  # the outermost line of this chunk, or of the last one before it that has one
            matched = [k for k in shift if k < i and not is_closer(items[k].text)]
            last = max((chunk[k] for k in matched), default=None)
            opener = min(
                (k for k in matched if chunk[k] == last), key=lambda k: style.width(items[k].text), default=None
            )
        if opener is not None and opener in shift:
            found[i] = shift[opener]
    return found
