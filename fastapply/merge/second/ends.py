"""Where a block the snippet writes out whole ends: the old block's rest is not kept.

The alignment is free to keep, under the marker after a chunk, whatever original lines follow the
chunk's last match. A chunk that writes a definition (or any block) out whole, and whose last line
matched short of the old block's end (a closing brace that paired with a deeper one, a ``return``
after which the old body went on), would keep the old block's tail beside the new one. These
passes over the alignment's steps turn such kept lines into deleted ones.
"""

from __future__ import annotations

import re

from fastapply.merge.second.align import Op
from fastapply.merge.second.costs import Costs
from fastapply.merge.second.items import Item
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.normal import is_closer

_DEFINITION = re.compile(r"^(async\s+def|def|class)\s")
_RETURNS = re.compile(r"^(return|raise)\b")


def ends_returning(ops: list[Op], items: list[Item], orig: list[str]) -> list[Op]:
    """An indentation language has no closing line, but code after a ``return`` at a body's own
    level is dead: a chunk that shows a definition's header and ends, before a marker no deeper
    than that header (or the snippet's end), with such a ``return``/``raise`` has written the body
    out whole, and the old body's rest goes."""
    out = list(ops)
    for op in ops:
        if op.kind != "match" or not _DEFINITION.match(items[op.item].text.strip()):
            continue
        header = op.item
        last = header
        while last + 1 < len(items) and items[last + 1].kind != "marker":
            last += 1
        while last > header and items[last].kind == "blank":
            last -= 1
        body = [i for i in range(header + 1, last + 1) if items[i].kind == "code"]
        after = last + 1
        while after < len(items) and items[after].kind == "blank":
            after += 1
        if not body or (after < len(items) and width(items[after].text) > width(items[header].text)):
            continue
        if width(items[last].text) != width(items[body[0]].text) or not _RETURNS.match(items[last].text.strip()):
            continue
        end = op.line + 1  # the old definition runs while lines are deeper than its header
        while end < len(orig) and (not orig[end].strip() or width(orig[end]) > width(orig[op.line])):
            end += 1
        while end > op.line + 1 and not orig[end - 1].strip():
            end -= 1
        out = [Op("del", line=o.line) if o.kind == "keep" and op.line < o.line < end else o for o in out]
    return out


def ends_closed(ops: list[Op], items: list[Item], orig: list[str], costs: Costs) -> list[Op]:
    """A block the snippet writes out whole (its header, deeper lines with no marker among them,
    and a closing line at the header's depth) stands for the original's block whole, where its
    header is a line the original holds once: none of the old block's lines is kept, even where
    the snippet's closing line matched a deeper one (a body taken out of an ``if``: its closing
    brace is the old ``if``'s). A common header ("<section>", "} else {") may be another block's."""
    out = list(ops)
    for op in ops:
        if op.kind not in ("match", "edit") or items[op.item].kind != "code" or not _closes_block(items, op.item):
            continue
        if len(costs.where.get(costs.onorm[op.line], ())) != 1:
            continue
        end = _block_end(orig, op.line)
        if end is not None:
            out = [Op("del", line=o.line) if o.kind == "keep" and op.line < o.line <= end else o for o in out]
    return out


def _closes_block(items: list[Item], header: int) -> bool:
    """Whether the snippet shows the block ``header`` opens whole: deeper code lines (no marker
    among them), then a closing line at the header's depth."""
    depth, k, deeper = width(items[header].text), header + 1, False
    if k < len(items) and items[k].kind == "code" and items[k].text.strip() == "{" and width(items[k].text) == depth:
        k += 1  # the body's opening brace on its own line
    while k < len(items) and (items[k].kind == "blank" or (items[k].kind == "code" and width(items[k].text) > depth)):
        deeper = deeper or items[k].kind == "code"
        k += 1
    return (
        deeper
        and k < len(items)
        and items[k].kind == "code"
        and width(items[k].text) == depth
        and is_closer(items[k].text)
    )


def _block_end(orig: list[str], header: int) -> int | None:
    """The closing line of the block the original's line ``header`` opens, at its depth; None when
    none closes it there."""
    depth, k = width(orig[header]), header + 1
    if k < len(orig) and orig[k].strip() == "{" and width(orig[k]) == depth:
        k += 1
    start = k
    while k < len(orig) and (not orig[k].strip() or width(orig[k]) > depth):
        k += 1
    if k == start or k >= len(orig) or width(orig[k]) != depth or not is_closer(orig[k]):
        return None
    return k
