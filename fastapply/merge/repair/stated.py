"""Edits an instruction states that the literal merge missed, tried in order once the validator
has said what is missing: each builder proposes a file that makes the edit, and the first that
validates cleanly is served with a note saying what was done (never silently).

| validator code | builder | edit |
|---|---|---|
| ``instruction_not_applied`` | ``intent.inferred_deletion`` | remove what the instruction names and the snippet elides |
| ``instruction_not_applied`` | ``moves.stated_move`` | move a definition below or above another, as stated |
| ``skipped_definition`` | ``skips.adjacent_deletion`` | remove a definition skipped between two shown as adjacent |
| ``skipped_definition`` | ``moves.inferred_reorder`` | put definitions in the order the snippet shows them |
| ``duplicated_definition`` | ``moves.inferred_move`` | drop the old copy of a moved definition |
"""

from __future__ import annotations

from fastapply.merge.codes import ApplyWarning
from fastapply.merge.merge import MergeResult
from fastapply.merge.repair.intent import inferred_deletion
from fastapply.merge.repair.moves import inferred_move, inferred_reorder, stated_move
from fastapply.merge.repair.skips import adjacent_deletion

BUILDERS = (
    ("instruction_not_applied", inferred_deletion),
    ("instruction_not_applied", stated_move),
    ("skipped_definition", adjacent_deletion),
    ("skipped_definition", inferred_reorder),
    ("duplicated_definition", inferred_move),
)


def stated_edit(
    original: str,
    snippet: str,
    merged: str,
    language: str | None,
    instruction: str,
    anchoring: MergeResult | None,
    warnings: list[ApplyWarning],
) -> tuple[str, ApplyWarning] | None:
    """(file, note) from the first builder whose code is among ``warnings`` and whose candidate
    validates; None when none does."""
    codes = {w.code for w in warnings}
    for code, build in BUILDERS:
        if code in codes:
            found = build(original, snippet, merged, language, instruction, anchoring)
            if found is not None:
                return found
    return None
