"""A move the instruction states, made on the original before the snippet is placed.

"Move `_updateFilter` up so it sits right after `setView`", with a snippet that shows ``setView``,
then ``_updateFilter`` with its body elided, then an edit further down: read literally, the
moved header anchors at its old place, twenty lines below, and the chunk that runs from
``setView`` to it says that every method between them goes. A person applying it moves the method
first, then reads the snippet against that file, where the chunk is contiguous again. This module
builds that file (``moves.move_beside``), the way ``renames.py`` builds the renamed one:

- the move must be stated between two names the file defines once ("move X below/after/above/before
  Y", ``relative.stated_order``), exactly one, and not made yet: X does not stand right beside Y;
- the file served from it carries a note (``inferred_move``) naming the move.

    >>> original = "def a():\\n    pass\\n\\n\\ndef b():\\n    pass\\n\\n\\ndef c():\\n    pass\\n"
    >>> moved = stated_move_first(original, "Move c above b.", "python")
    >>> moved.move, [line for line in moved.text.splitlines() if line.startswith("def")]
    (('c', 'above', 'b'), ['def a():', 'def c():', 'def b():'])
    >>> stated_move_first(original, "Move b below a.", "python") is None  # b stands right below a
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapply.merge.repair.moves import move_beside
from fastapply.merge.repair.relative import single_definitions, unmade_moves
from fastapply.merge.text.lines import join_lines, split_lines


@dataclass(frozen=True)
class StatedMove:
    text: str  # the original with the move made
    move: tuple[str, str, str]  # (name, "below" | "above", other), as the instruction states it


def stated_move_first(original: str, instruction: str, language: str | None) -> StatedMove | None:
    """The original with the instruction's one stated move made, or None when it states none, more
    than one, or one the original already shows or that cannot be made at one level."""
    unmade = unmade_moves(original, language, instruction)
    if len(unmade) != 1:
        return None
    lines, newline, trailing = split_lines(original)
    moved = move_beside(lines, single_definitions(original, language), *unmade[0])
    if moved is None:
        return None
    return StatedMove(join_lines(moved[0], newline, trailing), unmade[0])
