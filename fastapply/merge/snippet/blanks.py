"""Blank lines of a chunk written as the original's: a snippet's blank line carries no spacing, so
where it stands for a whitespace-only line of the file (``"    "`` between two methods), the file's
line is what is meant. Agents and editors never reproduce those spaces; a merge that writes ``""``
there changes a line the edit never touched."""

from __future__ import annotations


def blank_lines_kept(lines: list[str], pairs: list[tuple[int, int]], original: list[str]) -> list[str]:
    """The chunk (``lines``, anchored by ``pairs``: (chunk line, original line), in order) with each
    blank line between two anchors written as the whitespace-only original line it stands for.

    Where both have nothing but blank lines between two consecutive anchors, the chunk's blank lines
    stand for the original's counted from the lower anchor up; a blank chunk line facing a
    whitespace-only original line takes that line (the chunk's extra blank lines stay). Where
    the snippet writes or deletes code between them, which blank line stands for which no count can
    tell (writers of new code keep the file's separator above it, or below, or rewrite it): the
    snippet's blank lines stay as written.

    >>> blank_lines_kept(["a;", "", "b;"], [(0, 0), (2, 2)], ["a;", "\\t", "b;"])
    ['a;', '\\t', 'b;']
    >>> blank_lines_kept(["a;", "", "", "b;"], [(0, 0), (3, 2)], ["a;", "  ", "b;"])  # one more blank line
    ['a;', '', '  ', 'b;']
    >>> orig = ["  }", "    ", "  init() {"]  # new code between: the snippet's blank lines as written
    >>> blank_lines_kept(["  }", "", "  f() {}", "", "  init() {"], [(0, 0), (4, 2)], orig)
    ['  }', '', '  f() {}', '', '  init() {']
    """
    out = list(lines)
    for (c1, o1), (c2, o2) in zip(pairs, pairs[1:]):
        if any(line.strip() for line in original[o1 + 1 : o2] + lines[c1 + 1 : c2]):
            continue  # code gone or new here: which blank lines stand for which, no count can tell
        for c, o in zip(range(c2 - 1, c1, -1), range(o2 - 1, o1, -1)):
            out[c] = original[o] or lines[c]
    return out
