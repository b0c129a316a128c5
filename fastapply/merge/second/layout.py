"""From a path to the merged file's lines: the snippet's lines in the file's indentation, and the
blank lines around what is new.

Indentation: per chunk, the shift from the snippet's widths to the file's is the one its matched
lines show (0 as soon as one distinctive matched line already stands as the file has it, else the
most common shift), and every line the chunk writes moves by it. An added diff line takes the shift
of the old line above it, so a diff written without the file's indentation still lands under its
context; where the ``+`` took the place of one indent column (``+   x`` among 4-space lines), the
width is rounded up to the file's indent unit (unless the file's code or the lines the hunk stands
for use that width).

Blank lines: a blank snippet line next to a marker separates new code from the kept code beyond
the marker; next to context it stands for nothing; where the file already has a blank line there,
none is added.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from fastapply.merge.place.gaps import moved_with_anchors
from fastapply.merge.second.align import Op
from fastapply.merge.second.items import CODE_KINDS, Item, at_edge
from fastapply.merge.snippet.chunks import convert_tabs
from fastapply.merge.text.lines import indent_of
from fastapply.merge.text.normal import continues_statement, norm, retyped
from fastapply.merge.text.style import Style


def chunk_shifts(
    items: list[Item], ops: list[Op], original: list[str], chunk: list[int], style: Style
) -> dict[int, int]:
    """Per chunk, the indentation shift from snippet to file (see the module docstring)."""
    seen: dict[int, Counter] = {}
    for op in ops:
        if op.kind == "match" and items[op.item].kind != "blank" and original[op.line].strip():
            shift = style.width(original[op.line]) - style.width(items[op.item].text)
            seen.setdefault(chunk[op.item], Counter())[shift] += 1
    return {k: 0 if c[0] else c.most_common(1)[0][0] for k, c in seen.items()}


def build(items: list[Item], ops: list[Op], original: list[str], chunk: list[int], diff: bool) -> list[str]:
    items = _tabs_converted(items, ops, original, chunk)
    style = Style(original)
    shift_of = chunk_shifts(items, ops, original, chunk, style)
    local = _diff_shifts(items, ops, original, chunk, style)
    # the widths of the lines each hunk stands for are the file's too (a comment's text at 7 columns)
    shown: dict[int, set[int]] = {}
    for op in ops:
        if op.kind == "match" and original[op.line].strip():
            shown.setdefault(chunk[op.item], set()).add(style.width(original[op.line]))
    out: list[tuple[str, bool, bool]] = []  # (line, soft, new)
    stands: dict[int, str | None] = {}  # out index -> the original line a kept or matched line is
    for op in ops:
        if op.kind == "keep":
            stands[len(out)] = None
            out.append((original[op.line], False, False))
        elif op.kind == "match":
            item = items[op.item]
            if item.kind == "del":
                continue
            old = original[op.line]
            if old.strip():
                stands[len(out)] = old
            shift = shift_of.get(chunk[op.item], 0)
            if (
                item.kind in ("ctx", "blank")
                or not old.strip()
                or _continuation_kept(item.text, op.line, original, out)
            ):
                out.append((old, False, False))
            elif style.width(old) - style.width(item.text) == shift:
                text = retyped(
                    item.text if indent_of(item.text) == indent_of(old) else indent_of(old) + item.text.lstrip(), old
                )
                out.append((text, False, False))
            else:  # the snippet re-indents this line relative to its chunk: keep that
                out.append(
                    (style.render(style.width(item.text) + shift, retyped(item.text.strip(), old)), False, False)
                )
        elif op.kind in ("ins", "edit"):
            item = items[op.item]
            if item.kind == "blank":
                if not (at_edge(items, op.item, -1) and at_edge(items, op.item, 1)):
                    out.append(("", at_edge(items, op.item, -1) or at_edge(items, op.item, 1), True))
                continue
            shift = local.get(op.item)
            shift = shift_of.get(chunk[op.item], 0) if shift is None else shift
            width = style.width(item.text) + shift
            if (
                diff
                and width not in style.widths | shown.get(chunk[op.item], set())
                and width + 1 in style.widths
                and (width + 1) % style.unit == 0
            ):
                width += 1  # "+   x" among 4-space lines: the "+" took an indent column
            if shift == 0 and not style.foreign(item.text) and width == style.width(item.text):
                out.append((item.text, False, True))
            else:
                out.append((style.render(width, item.text.strip()), False, True))
    return _settle_soft_blanks(_kept_moved(out, stands, style))


def _kept_moved(out: list[tuple[str, bool, bool]], stands: dict[int, str | None], style: Style):
    """Kept original lines between two matched lines the snippet moved by the same columns, moved
    with them (as the merge moves the code a marker stands for: ``place.gaps.moved_with_anchors``)."""
    out = list(out)
    n = 0
    while n < len(out):
        if n not in stands or stands[n] is not None:
            n += 1
            continue
        end = n
        while end < len(out) and end in stands and stands[end] is None:
            end += 1
        above = next((k for k in range(n - 1, -1, -1) if out[k][0].strip()), None)
        below = next((k for k in range(end, len(out)) if out[k][0].strip()), None)
        if above is not None and below is not None and stands.get(above) and stands.get(below):
            run = [line for line, _, _ in out[n:end]]
            moved = moved_with_anchors((out[above][0], stands[above]), (out[below][0], stands[below]), run, style)
            out[n:end] = [(line, soft, new) for line, (_, soft, new) in zip(moved, out[n:end])]
        n = end
    return out


def _tabs_converted(items: list[Item], ops: list[Op], original: list[str], chunk: list[int]) -> list[Item]:
    """The items with each chunk written in spaces where the file indents with tabs (or the other
    way round), at one width its matched lines agree on, converted as the merge converts them
    (``snippet.chunks.convert_tabs``): two spaces a level in a file of tabs is a level, not two
    columns."""
    items = list(items)
    for k in set(chunk):
        members = [n for n, c in enumerate(chunk) if c == k]
        where = {n: i for i, n in enumerate(members)}
        pairs = [
            (where[op.item], op.line)
            for op in ops
            if op.kind == "match" and op.item in where and items[op.item].kind in CODE_KINDS
        ]
        converted = convert_tabs([items[n].text for n in members], pairs, original) if pairs else None
        for n, text in zip(members, converted or []):
            items[n] = replace(items[n], text=text)
    return items


def _continuation_kept(text: str, line: int, original: list[str], out: list[tuple[str, bool, bool]]) -> bool:
    """A line shown unchanged that goes on with the statement above it, that statement's line
    written just before at the file's indentation: how far it is indented is layout (as in the
    merge, ``snippet.chunks.continuations_kept``)."""
    return (
        line > 0
        and bool(out)
        and indent_of(out[-1][0]) == indent_of(original[line - 1])
        and norm(out[-1][0]) == norm(original[line - 1])
        and text.strip() == original[line].strip()
        and continues_statement(original[line - 1], original[line])
    )


def _diff_shifts(items, ops, original, chunk, style) -> dict[int, int | None]:
    """Diff form: each added line's shift, from the nearest old line above it in its hunk."""
    local: dict[int, int | None] = {}
    last: dict[int, int] = {}
    for op in ops:
        if op.kind == "match" and items[op.item].kind in ("ctx", "del"):
            last[chunk[op.item]] = style.width(original[op.line]) - style.width(items[op.item].text)
        elif op.kind == "ins" and items[op.item].kind == "add":
            local[op.item] = last.get(chunk[op.item])
    return local


def _settle_soft_blanks(out: list[tuple[str, bool, bool]]) -> list[str]:
    """Soft blank lines (next to a marker or the snippet's edge) stay only between a new line and
    another non-blank line."""
    lines: list[str] = []
    previous_new = False
    n = 0
    while n < len(out):
        line, soft, new = out[n]
        if not soft:
            lines.append(line)
            previous_new = new
            n += 1
            continue
        end = n
        while end < len(out) and out[end][1]:
            end += 1
        before = lines[-1] if lines else None
        after = out[end] if end < len(out) else None
        if (
            before is not None
            and after is not None
            and before.strip()
            and after[0].strip()
            and (previous_new or after[2])
        ):
            lines.extend("" for _ in range(end - n))
        n = end
    return lines


def keep_edge_blanks(ops: list[Op], original: list[str]) -> list[Op]:
    """Blank lines at the file's very start or end are not the snippet's to delete."""
    ops = list(ops)
    for order in (range(len(ops)), range(len(ops) - 1, -1, -1)):
        for n in order:
            op = ops[n]
            if op.kind == "del" and not original[op.line].strip():
                ops[n] = Op("keep", line=op.line)
            elif op.kind not in ("keep", "marker"):
                break
    return ops


def separate_new_blocks(ops: list[Op], items: list[Item], original: list[str]) -> list[Op]:
    """New lines between a chunk's matched blank line and a marker take that blank line's place in
    the snippet, and the original's blank line stays between them and the kept code beyond the
    marker: the new block is separated from what follows as the snippet separated it from what
    precedes."""
    ops = list(ops)
    for n, op in enumerate(ops):
        if op.kind != "match" or items[op.item].kind != "blank":
            continue
        k = n + 1
        while k < len(ops) and ops[k].kind == "ins":
            k += 1
        if n + 1 < k < len(ops) and ops[k].kind == "marker":
            after = next((o for o in ops[k + 1 :] if o.kind != "marker"), None)
            j = op.line
            if after is not None and after.kind == "keep" and after.line == j + 1 and original[j + 1].strip():
                ops[n] = Op("ins", op.item)
                ops.insert(k + 1, Op("keep", line=j))
    return ops
