"""A new definition that resembles its neighbour is added beside it, not written over it.

Agents add a method next to one much like it (``getHeight()`` after ``getWidth()``, ``M.is_win``
before ``return M``). Line by line, the new method reads as the old one edited: its header and
its body are each similar enough to pair, and its closing lines are equal. Such a pairing says
the old definition was replaced, though the snippet never names it.

Worked example: the original ends ``public int getWidth() {`` / ``return w;`` / ``}`` / ``}`` and
the chunk, after a marker, is ``public int getHeight() {`` / ``return h;`` / ``}`` / ``}``. The
header pairs with ``getWidth``'s, whose name it does not contain, and nothing inside the new
method equals a line of the old one but its ``}``: the pairs inside the new method go, the
class's ``}`` stays paired, and the method is inserted before it.
"""

from __future__ import annotations

import re

from fastapply.merge.place.pairs import first_word
from fastapply.merge.snippet.chunks import Chunk, block_end
from fastapply.merge.text.normal import is_closer, is_distinctive, norm
from fastapply.merge.text.syntax import Definition


def unpair_new_siblings(
    chunk: Chunk, pairs: list[tuple[int, int]], defs: list[Definition], original: list[str], language: str | None
) -> list[tuple[int, int]]:
    """The pairs without those that write a new definition over an old one of another name: a
    chunk line paired with an original header, opening as it does (the same first word) but
    without its name, where no line of the chunk's block under it that means something (not a
    lone bracket or ``end``) equals the original line it paired with."""
    headers = {d.header: d for d in defs}
    dropped: set[int] = set()
    for c, o in pairs:
        d = headers.get(o)
        if d is None or c in dropped or norm(chunk.lines[c]) == norm(original[o]):
            continue
        if is_closer(chunk.lines[c]) or first_word(chunk.lines[c]) != first_word(original[o]):
            continue  # not a header like the old one
        name = re.split(r"::|[.:\s]", d.name)[-1]
        if not name or re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", chunk.lines[c]):
            continue  # the old definition's header, edited
        end = block_end(chunk.lines, c, language, True)
        if end is None or end <= c:
            continue
        inside = [(k, t) for k, t in pairs if c < k <= end]
        if any(norm(chunk.lines[k]) == norm(original[t]) and is_distinctive(norm(original[t])) for k, t in inside):
            continue  # a line of the old body, kept: the old definition, renamed and edited
        dropped.update(range(c, end + 1))
    return [(k, t) for k, t in pairs if k not in dropped]
