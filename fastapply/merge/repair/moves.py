"""Moves an instruction states: the snippet shows code at its new place, and the literal merge keeps
the old copy too.

Agents move a definition by writing it out where it should go ("Reorder: put the hardlink object
after symlink") and eliding the rest; read literally, the old copy stays under a marker and the file
now holds the definition twice (``duplicated_definition``). When the instruction asks for a move,
this module builds the candidate without the old copy: of the two identical copies, the one that is
still part of the original's unchanged lines goes, with the blank lines after it. The caller
validates it and serves it with a note naming what was moved, so an inferred move is never silent.

Worked example (Scala; the snippet shows ``symlink`` then ``hardlink``, the original has them the
other way round)::

    merged:  /** hardlink */ object hardlink {...}   unchanged original lines: removed
             /** symlink */  object symlink {...}
             /** hardlink */ object hardlink {...}   the snippet's copy: kept
"""

from __future__ import annotations

from fastapply.merge.check.damage import duplicated_definitions
from fastapply.merge.check.validate import validate
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.merge import MergeResult
from fastapply.merge.repair.relative import paired, unmade_moves
from fastapply.merge.repair.wording import MOVE_VERB
from fastapply.merge.text.lines import indent_width, join_lines, line_opcodes, split_lines
from fastapply.merge.text.normal import norm, whole_word
from fastapply.merge.text.syntax import definitions, first_row, with_blank_run


def inferred_move(
    original: str,
    snippet: str,
    merged: str,
    language: str | None,
    instruction: str,
    anchoring: MergeResult | None = None,
) -> tuple[str, ApplyWarning] | None:
    """``merged`` without the old copies of the definitions the snippet moved, with the note that
    says so, when the instruction asks for a move and the result validates cleanly; else None."""
    if not instruction or not MOVE_VERB.search(instruction) or language is None:
        return None
    # Only the definitions the instruction names: another duplicate is a misplacement, not the move.
    names = [n for n in duplicated_definitions(original, snippet, merged, language) if _mentions(n, instruction)]
    if not names:
        return None
    lines, newline, trailing = split_lines(merged)
    unchanged = _unchanged_rows(split_lines(original)[0], lines)
    removed: list[tuple[int, int]] = []
    for name in names:
        copies = [d for d in definitions(merged, language) if d.name == name]
        old = [d for d in copies if all(row in unchanged for row in range(first_row(d, lines), d.end + 1))]
        if len(copies) != 2 or len(old) != 1:
            return None  # which copy is the old one is not clear
        removed.append(with_blank_run(lines, first_row(old[0], lines), old[0].end))
    gone = {row for a, b in removed for row in range(a, b + 1)}
    candidate = join_lines([line for row, line in enumerate(lines) if row not in gone], newline, trailing)
    if validate(original, snippet, candidate, language, anchoring=anchoring, instruction=instruction):
        return None
    return candidate, ApplyWarning(
        Code.INFERRED_MOVE,
        f"removed the old copy of {', '.join(names[:5])} ({len(gone)} line(s)): the snippet shows it at a "
        "new place and the instruction asks to move it",
        tuple(a + 1 for a, _ in removed),
        severity="note",
    )


def inferred_reorder(
    original: str,
    snippet: str,
    merged: str,
    language: str | None,
    instruction: str,
    anchoring: MergeResult | None = None,
) -> tuple[str, ApplyWarning] | None:
    """``merged`` with the definitions the snippet shows put in the snippet's order, when the
    instruction asks for a move, the definitions are siblings that fill one stretch of the file
    (blank lines aside), and the result validates cleanly; else None. For a snippet that reorders
    definitions by showing their headers in the new order (each body elided)."""
    if not instruction or not MOVE_VERB.search(instruction) or language is None:
        return None
    lines, newline, trailing = split_lines(merged)
    found = definitions(merged, language)
    by_header: dict[str, list] = {}
    for d in found:
        by_header.setdefault(norm(lines[d.header]), []).append(d)
    order = []
    for line in split_lines(snippet)[0]:
        holders = by_header.get(norm(line), []) if line.strip() else []
        if len(holders) == 1 and holders[0] not in order:
            order.append(holders[0])
    if len(order) < 2 or not _siblings(order, found):
        return None
    spans = sorted((first_row(d, lines), d.end) for d in order)
    start, end = spans[0][0], spans[-1][1]
    covered = {row for a, b in spans for row in range(a, b + 1)}
    if any(lines[row].strip() and row not in covered for row in range(start, end + 1)):
        return None  # other code in the stretch: not a plain reorder
    if [first_row(d, lines) for d in order] == [a for a, _ in spans]:
        return None  # already in the snippet's order
    separator = lines[spans[0][1] + 1 : spans[1][0]]
    body: list[str] = []
    for d in order:
        body += ([*separator] if body else []) + lines[first_row(d, lines) : d.end + 1]
    candidate = join_lines(lines[:start] + body + lines[end + 1 :], newline, trailing)
    if validate(original, snippet, candidate, language, anchoring=anchoring, instruction=instruction):
        return None
    return candidate, ApplyWarning(
        Code.INFERRED_MOVE,
        f"put {', '.join(d.name for d in order[:6])} in the order the snippet shows them, as the instruction asks",
        (start + 1,),
        severity="note",
    )


def _siblings(order: list, found: list) -> bool:
    """Whether the definitions share their innermost holder."""

    def holder(d):
        around = [o for o in found if o is not d and o.start <= d.start and d.end <= o.end]
        return min(around, key=lambda o: o.end - o.start).start if around else None

    return len({holder(d) for d in order}) == 1


def _mentions(name: str, instruction: str) -> bool:
    short = name.split()[-1].split(".")[-1]  # "impl Foo" -> "Foo", "a.b" -> "b"
    return whole_word(short).search(instruction) is not None


def _unchanged_rows(orig: list[str], out: list[str]) -> set[int]:
    """Rows of ``out`` that a line diff matches to the original unchanged."""
    rows: set[int] = set()
    for tag, _i1, _i2, j1, j2 in line_opcodes([norm(x) for x in orig], [norm(x) for x in out]):
        if tag == "equal":
            rows.update(range(j1, j2))
    return rows


def stated_move(
    original: str,
    snippet: str,
    merged: str,
    language: str | None,
    instruction: str,
    anchoring: MergeResult | None = None,
) -> tuple[str, ApplyWarning] | None:
    """``merged`` with the one unmade stated move made, when both definitions stand at one level,
    neither holds the other, and the result validates cleanly; else None."""
    unmade = unmade_moves(merged, language, instruction)
    if len(unmade) != 1:
        return None
    name, where, other = unmade[0]
    lines, newline, trailing = split_lines(merged)
    pair = paired(definitions(merged, language), name, other)
    moved = move_beside(lines, *pair, where) if pair is not None else None
    if moved is None:
        return None
    out, at = moved
    candidate = join_lines(out, newline, trailing)
    if validate(original, snippet, candidate, language, anchoring=anchoring, instruction=instruction):
        return None
    return candidate, ApplyWarning(
        Code.INFERRED_MOVE,
        f"moved {name} {where} {other}, as the instruction asks (the snippet does not show the move)",
        (at + 1,),
        severity="note",
    )


def move_beside(lines: list[str], mover, anchor, where: str) -> tuple[list[str], int] | None:
    """``lines`` with the definition ``mover`` (its comments, decorators and the blank lines after
    it) cut out and put right ``where`` ("below" or "above") the definition ``anchor``, with as
    many blank lines between the two as the file keeps above ``anchor``: (the lines, the row the
    block now starts at). None when they stand at different levels or one holds the other."""
    top, bottom = first_row(mover, lines), mover.end
    a_top = first_row(anchor, lines)
    if indent_width(lines[mover.header]) != indent_width(lines[anchor.header]) or (
        top <= a_top <= bottom or a_top <= top <= anchor.end
    ):
        return None  # another level, or one holds the other
    block = lines[top : bottom + 1]
    cut_from, cut_to = with_blank_run(lines, top, bottom)
    rest = lines[:cut_from] + lines[cut_to + 1 :]
    shift = cut_to - cut_from + 1
    gap = [""] * max(1, next((n for n in range(a_top) if lines[a_top - 1 - n].strip()), 1))
    if where == "below":
        at = anchor.end + 1 - (shift if cut_from < anchor.end else 0)
        return rest[:at] + gap + block + rest[at:], at + len(gap)
    at = a_top - (shift if cut_from < a_top else 0)
    return rest[:at] + block + gap + rest[at:], at
