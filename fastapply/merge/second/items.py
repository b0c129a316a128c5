"""The snippet as the aligner reads it: one item per line, and the few facts about items that the
cost model needs (block headers whose body a marker elides, chunk edges, blocks the snippet closes).

Lazy snippets give ``code``, ``blank`` and ``marker`` items; diff-form snippets give ``ctx`` (must
stand for an original line), ``del`` (an original line removed), ``add`` (a new line), ``blank``
and ``marker`` (a marker or an ``@@`` header: unchanged code between hunks).

    >>> [(it.kind, it.text) for it in parse_items(["def f():", "    # ...", "    return 2"], ["def f():", "    return 1"], "python")[0]]
    [('code', 'def f():'), ('marker', '    # ...'), ('code', '    return 2')]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from fastapply.merge.snippet.hunks import FILE_HEADER, HUNK_HEADER, is_diff_form
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import is_closer, norm
from fastapply.merge.text.style import Style

CODE_KINDS = ("code", "ctx", "del", "add")


@dataclass(frozen=True)
class Item:
    kind: str  # code | blank | marker | ctx | del | add
    text: str  # the line as it should read (a diff prefix dropped; a marker's own text)
    line: int  # index in the snippet


def parse_items(snippet: list[str], original: list[str], language: str | None) -> tuple[list[Item], bool]:
    """The snippet as items, and whether it is written as a diff."""
    if original and is_diff_form(snippet, original):
        return _diff_items(snippet, original, language), True
    items = []
    for n, line in enumerate(snippet):
        kind = "marker" if is_marker_line(line, language) else "code" if line.strip() else "blank"
        items.append(Item(kind, line, n))
    return items, False


def _diff_items(snippet: list[str], original: list[str], language: str | None) -> list[Item]:
    known = {norm(line) for line in original if line.strip()}
    exact = {line.rstrip() for line in original}
    # Whether context lines carry the diff's one-space prefix is one convention for the snippet:
    # told by the lines that stand in the file as they are, with it or without it, or, in a diff
    # written without the file's indentation, by every one of them standing one column off the
    # file's grid (" if x:" and "     return" among 4-space indents).
    once = {key for key, n in Counter(norm(line) for line in original).items() if n == 1}
    spaced = [line for line in snippet if line.startswith(" ") and norm(line) in known]
    spaced = [line for line in spaced if norm(line) in once] or spaced  # " }" stands anywhere
    dropped = sum(line[1:].rstrip() in exact for line in spaced)
    if dropped or any(line.rstrip() in exact for line in spaced):
        prefixed = dropped * 2 >= len(spaced)  # a tie: the diff convention
    else:
        style = Style(original)
        prefixed = bool(spaced) and not style.tabs and all(style.width(line) % style.unit == 1 for line in spaced)
    items = []
    for n, line in enumerate(snippet):
        if HUNK_HEADER.match(line) or is_marker_line(line, language) or is_marker_line(line[1:], language):
            items.append(Item("marker", line, n))
        elif FILE_HEADER.match(line):
            continue
        elif line.strip() in ("+", "-", ""):
            items.append(Item("blank", "", n))
        elif line[:1] == "-" and norm(line[1:]) in known and norm(line) not in known:
            items.append(Item("del", line[1:], n))
        elif line[:1] == "+" and norm(line) not in known:
            items.append(Item("add", line[1:], n))
        else:
            text = line[1:] if prefixed and line.startswith(" ") else line
            items.append(Item("ctx" if norm(text) in known else "add", text, n))
    return items


def chunk_ids(items: list[Item]) -> list[int]:
    """The chunk of each item (markers separate chunks; a marker itself is -1)."""
    out, k = [], 0
    for item in items:
        if item.kind == "marker":
            k += 1
            out.append(-1)
        else:
            out.append(k)
    return out


def neighbour(items: list[Item], i: int, step: int) -> int | None:
    """Index of the nearest non-blank item from `i` in direction `step` (None past the edge)."""
    k = i + step
    while 0 <= k < len(items) and items[k].kind == "blank":
        k += step
    return k if 0 <= k < len(items) else None


def beside_marker(items: list[Item], i: int, step: int) -> bool:
    """Whether the nearest non-blank item on that side is a marker (False at the snippet's edge)."""
    k = neighbour(items, i, step)
    return k is not None and items[k].kind == "marker"


def at_edge(items: list[Item], i: int, step: int) -> bool:
    """Whether only blanks, then a marker or the snippet's edge, lie on that side of item `i`."""
    k = neighbour(items, i, step)
    return k is None or items[k].kind == "marker"


def chunk_edges(items: list[Item]) -> set[int]:
    """Code items standing next to a marker: there, a line the original has is context."""
    return {
        i
        for i, item in enumerate(items)
        if item.kind == "code" and (beside_marker(items, i, -1) or beside_marker(items, i, 1))
    }


def elided_headers(items: list[Item]) -> set[int]:
    """Code items whose block body a deeper marker right below elides (``if (x) {`` then an
    indented ``// ...``): what the marker stands for is old code, so the header is old code too."""
    out = set()
    for i, item in enumerate(items):
        k = neighbour(items, i, 1)
        if (
            item.kind == "code"
            and k is not None
            and items[k].kind == "marker"
            and width(items[k].text) > width(item.text)
        ):
            out.add(i)
    return out


def block_closers(lines: list[str], markers: frozenset[int] | set[int] = frozenset()) -> dict[int, int]:
    """{opening line: closing line}. The first later line indented no deeper than an opening line
    closes its block when it stands at the same indentation and only closes ("}", "end", "</div>").
    A marker deeper than the opener stands inside the block; one at its level or above ends it.

    >>> block_closers(["f() {", "  x();", "}", "g();"])
    {0: 2}
    """
    out: dict[int, int] = {}
    widths = [width(x) if x.strip() else None for x in lines]
    for k, line in enumerate(lines):
        if k in markers or widths[k] is None or is_closer(line):
            continue
        for t in range(k + 1, len(lines)):
            w = widths[t]
            if w is None or (t in markers and w > widths[k]):
                continue
            if t not in markers and w == widths[k] and is_closer(lines[t]):
                out[k] = t
            if w <= widths[k] or t in markers:
                break
    return out


def bracket_balance(line: str) -> int:
    """Openers minus closers on a line ("{", "(", "[", "/*" against "}", ")", "]", "*/")."""
    opened = sum(line.count(c) for c in "{[(") + line.count("/*")
    return opened - sum(line.count(c) for c in "}])") - line.count("*/")
