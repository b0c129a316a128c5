"""A body marker read as the body it elides, where a new definition follows it.

"def f(): / # ... / def g():" adds g right after f's body. The alignment's marker is free to keep
any run of original lines, so without this reading the new definition lands wherever one of its
common lines ("return True", "return $this->createFrom($elements);") also stands, or nowhere. The
second opinion aligns the snippet again with such markers spelled out (opinion.py), and the new
definition's lines marked new (costs.py's ``fresh``).
"""

from __future__ import annotations

from fastapply.merge.second.align import Op
from fastapply.merge.second.items import Item, elided_headers, neighbour
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.lines import join_lines, split_lines
from fastapply.merge.text.normal import is_closer, is_preamble_line, norm


def spelled_out(original: str, snippet: str, items: list[Item], ops: list[Op]) -> tuple[str, frozenset[int]] | None:
    """A new definition after a header whose body a marker elides ("def f(): / # ... / def g():")
    goes right after that body, and all of it is new. A marker is free to keep any run of lines, and
    a common line of the new definition ("return True") stands in many places: read freely, the
    definition lands wherever that line happens to be. Here each such body marker is spelled out as
    the body it elides (the header's own block, with its closing line in a language that has one,
    at the line the first alignment gave the header), and the new definition's lines are marked
    new. Returns the snippet so written and those lines (indices in it), or None when no marker is
    of that shape: after it (and the body's closing line, where the snippet shows it) comes a
    line absent from the original at the header's depth, under its doc comment if any.

    >>> original = "class A:\\n    def f(self):\\n        return 1\\n\\n    def h(self):\\n        return 3\\n"
    >>> snippet = "class A:\\n    def f(self):\\n        # ...\\n\\n    def g(self):\\n        return 2\\n# ...\\n"
    >>> from fastapply.merge.second.opinion import _in_order
    >>> first = _in_order(original, snippet, None, "python")
    >>> text, fresh = spelled_out(original, snippet, first.items, first.ops)
    >>> print(text)
    class A:
        def f(self):
            return 1
    <BLANKLINE>
        def g(self):
            return 2
    # ...
    <BLANKLINE>
    >>> sorted(fresh)
    [4, 5]
    """
    orig = split_lines(original)[0]
    known = {norm(line) for line in orig}
    placed = {op.item: op.line for op in ops if op.kind in ("match", "edit")}
    bodies: dict[int, list[str]] = {}
    new: set[int] = set()
    for header in sorted(elided_headers(items)):
        marker = neighbour(items, header, 1)
        after = neighbour(items, marker, 1) if marker is not None else None
        if after is None or items[after].kind != "code" or header not in placed:
            continue
        depth = width(items[header].text)
        closer = is_closer(items[after].text) and width(items[after].text) == depth  # the snippet closes it
        opener = neighbour(items, after, 1) if closer else after
        if opener is None or items[opener].kind != "code" or width(items[opener].text) > depth:
            continue
        block = _new_block(items, opener)
        heading = next((k for k in block if not is_preamble_line(items[k].text)), None)
        if heading is None or norm(items[heading].text) in known or width(items[heading].text) != depth:
            continue  # an existing definition shown next, or no sibling of the header: none to place
        j = end = placed[header]
        end += 1  # the header's block: the lines deeper than it, and a closing line at its depth
        while end < len(orig) and (not orig[end].strip() or width(orig[end]) > width(orig[j])):
            end += 1
        while end > j + 1 and not orig[end - 1].strip():
            end -= 1
        if not closer and end < len(orig) and width(orig[end]) == width(orig[j]) and is_closer(orig[end]):
            end += 1
        bodies[items[marker].line] = orig[j + 1 : end]
        new.update(items[k].line for k in block)
    if not bodies:
        return None
    lines, newline, trailing = split_lines(snippet)
    out, fresh = [], set()
    for n, line in enumerate(lines):
        if n in new:
            fresh.add(len(out))
        out.extend(bodies.get(n, [line]))
    return join_lines(out, newline, trailing), frozenset(fresh)


def _new_block(items: list[Item], opener: int) -> list[int]:
    """The code items of the definition `opener` begins: its doc comment and decorators, its
    header, the lines deeper than it, and a closing line at its depth."""
    depth, header = width(items[opener].text), opener
    while (
        header + 1 < len(items) and is_preamble_line(items[header].text) and items[header + 1].kind in ("code", "blank")
    ):
        header += 1  # a doc comment, decorators and annotations over the header
    while header + 1 < len(items) and items[header].kind == "blank":
        header += 1
    block = list(range(opener, header + 1))
    for k in range(header + 1, len(items)):
        item = items[k]
        if item.kind == "blank":
            continue
        if item.kind != "code" or width(item.text) < depth:
            break
        if width(item.text) == depth and item.text.strip() == "{":
            block.append(k)  # a body's opening brace on its own line
            continue
        if width(item.text) == depth:
            if is_closer(item.text):
                block.append(k)
            break
        block.append(k)
    return block
