"""A move the instruction states, made on the original before the snippet is placed.

"Move `_updateFilter` up so it sits right after `setView`", with a snippet that shows ``setView``,
then ``_updateFilter`` with its body elided, then an edit further down: read literally, the
moved header anchors at its old place, twenty lines below, and the chunk that runs from
``setView`` to it says that every method between them goes. A person applying it moves the method
first, then reads the snippet against that file, where the chunk is contiguous again. This module
builds that file (``moves.move_beside``), the way ``renames.py`` builds the renamed one:

- the move must be stated between two definitions the file holds ("move X below/after/above/before
  Y", or "to the end/top", ``relative.stated_moves``), and not made yet: X does not stand right
  beside Y; a list ("move A and B below C") is made one move after another;
- the file served from it carries a note (``inferred_move``) naming the moves.

    >>> original = "def a():\\n    pass\\n\\n\\ndef b():\\n    pass\\n\\n\\ndef c():\\n    pass\\n"
    >>> moved = stated_move_first(original, "Move c above b.", "python")
    >>> moved.moves, [line for line in moved.text.splitlines() if line.startswith("def")]
    ((('c', 'above', 'b'),), ['def a():', 'def c():', 'def b():'])
    >>> stated_move_first(original, "Move b below a.", "python") is None  # b stands right below a
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapply.merge.repair.moves import move_beside
from fastapply.merge.repair.relative import beside, paired, stated_moves
from fastapply.merge.text.lines import join_lines, split_lines
from fastapply.merge.text.syntax import definitions


@dataclass(frozen=True)
class StatedMove:
    text: str  # the original with the move made
    moves: tuple[tuple[str, str, str], ...]  # (name, "below" | "above", other), as the instruction states them


def stated_move_first(original: str, instruction: str, language: str | None) -> StatedMove | None:
    """The original with the instruction's stated moves made, or None when it states none, only
    ones the original already shows, or one that cannot be made at one level. The moves of a list
    ("move writer and readwriter below reader") are made one after another, each on the file the
    one before made."""
    lines, newline, trailing = split_lines(original)
    made = []
    for move in stated_moves(original, language, instruction):
        name, where, other = move
        every = definitions(join_lines(lines, newline, trailing), language)
        pair = paired(every, name, other)
        if pair is None:
            return None
        if beside(*pair, where, every, lines):
            continue
        moved = move_beside(lines, *pair, where)
        if moved is None:
            return None
        lines = moved[0]
        made.append(move)
    return StatedMove(join_lines(lines, newline, trailing), tuple(made)) if made else None
