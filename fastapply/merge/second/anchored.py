"""Whether the second opinion's path can be trusted: every chunk of the snippet must stand on an
anchor of its own (a line that means something, or an edit the file's order pins down), and a
diff's context must be lines the original has."""

from __future__ import annotations

from fastapply.merge.second.align import Op
from fastapply.merge.second.costs import Costs
from fastapply.merge.second.items import CODE_KINDS


def _edits_between(items, ops: list[Op], chunk, costs: Costs, strong: set[int]) -> set[int]:
    """Chunks anchored by an edited line whose look-alikes (``if ($expr !== null) {`` in two
    methods) leave one between the anchored chunks around it: the order says which it is."""
    anchored = [
        (op.item, op.line) for op in ops if op.kind == "match" and chunk[op.item] in strong and costs.distinct[op.line]
    ]
    found = set()
    for op in ops:
        if op.kind != "edit" or chunk[op.item] in strong:
            continue
        lo = max((line for item, line in anchored if item < op.item), default=-1)
        hi = min((line for item, line in anchored if item > op.item), default=len(costs.orig))
        if [j for j, _ in costs.edits.get(op.item, ()) if lo < j < hi] == [op.line]:
            found.add(chunk[op.item])
    return found


def unanchored_chunk(items, ops: list[Op], chunk, costs: Costs) -> tuple[str | None, int | None]:
    """Why the path cannot be trusted, and the chunk that has no anchor if that is why: a chunk
    without a distinctive anchor (only the first may not lean on a neighbour's), or a diff line
    written as new because the original lacks it."""
    strong = {
        chunk[op.item]
        for op in ops
        if (
            op.kind == "match"
            and items[op.item].kind != "blank"
            and (costs.distinct[op.line] or items[op.item].kind != "code")
        )
        or (op.kind == "edit" and len(costs.edits.get(op.item, ())) == 1)
    }
    if not strong:
        return "no chunk has a distinctive anchor", None
    strong |= _edits_between(items, ops, chunk, costs, strong)
    # Closing lines alone ("}", "end") after an anchored chunk: the shift filter tied them to the
    # first such line at their neighbour's shift.
    weak = {
        chunk[op.item]
        for op in ops
        if op.kind == "match" and items[op.item].kind != "blank" and chunk[op.item] > min(strong)
    }
    for i, item in enumerate(items):
        if item.kind in CODE_KINDS and chunk[i] not in strong | weak:
            return f"snippet line {item.line + 1}: nothing anchors its chunk in the original", chunk[i]
    for op in ops:
        if op.kind == "ins" and items[op.item].kind in ("ctx", "del"):
            return f"snippet line {items[op.item].line + 1}: a diff line the original does not have", None
    return None, None
