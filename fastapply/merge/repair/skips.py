"""Deletions a snippet states by adjacency: it shows two definitions one right after the other, the
literal merge keeps the one between them (``skipped_definition``), and the instruction asks to remove
it by name ("Remove the safecall decorator, nothing uses it"). The candidate without it is validated
and served with a note, so an inferred deletion is never silent."""

from __future__ import annotations

from fastapply.merge.check.damage import vanished_definitions
from fastapply.merge.check.validate import validate
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.merge import MergeResult
from fastapply.merge.repair.adjacency import skipped
from fastapply.merge.repair.wording import asks_removal
from fastapply.merge.snippet.hunks import new_side
from fastapply.merge.text.lines import join_lines, split_lines
from fastapply.merge.text.normal import norm, whole_word
from fastapply.merge.text.syntax import definitions, first_row, with_blank_run


def adjacent_deletion(
    original: str,
    snippet: str,
    merged: str,
    language: str | None,
    instruction: str,
    anchoring: MergeResult | None = None,
) -> tuple[str, ApplyWarning] | None:
    """``merged`` without the skipped definitions the snippet never shows and the instruction asks
    to remove by name, with the note that says so, when that validates cleanly; else None."""
    if language is None or not asks_removal(instruction):
        return None
    snip = split_lines(snippet)[0]
    lines, newline, trailing = split_lines(merged)
    shown = {norm(line) for line in snip if line.strip()}
    named = [
        d
        for d in skipped(snip, merged, language)
        if norm(lines[d.header]) not in shown and whole_word(d.name).search(instruction)
    ]
    if not named:
        return None
    spans = [with_blank_run(lines, first_row(d, lines), d.end) for d in named]
    gone = {row for a, b in spans for row in range(a, b + 1)}
    candidate = join_lines([line for row, line in enumerate(lines) if row not in gone], newline, trailing)
    # What the removal itself explains is not a fault: its lines gone, its definitions (nested ones too) gone.
    removed_lines = {norm(lines[row]) for row in gone}
    removed_names = {
        d.name for d in definitions(merged, language) if any(a <= d.start and d.end <= b for a, b in spans)
    }
    orig = split_lines(original)[0]
    for w in validate(original, snippet, candidate, language, anchoring=anchoring, instruction=instruction):
        if w.code == Code.UNACCOUNTED_DELETION and all(norm(orig[i - 1]) in removed_lines for i in w.lines):
            continue
        if (
            w.code == "vanished_definition"
            and set(_vanished(original, snippet, candidate, language, instruction, anchoring)) <= removed_names
        ):
            continue
        return None
    names = ", ".join(d.name for d in named[:5])
    return candidate, ApplyWarning(
        Code.INFERRED_DELETION,
        f"removed {len(gone)} line(s): {names}, which the snippet skips between two adjacent definitions "
        "and the instruction asks to remove",
        tuple(a + 1 for a, _ in spans),
        severity="note",
    )


def _vanished(original, snippet, merged, language, instruction, anchoring) -> tuple[str, ...]:
    snip = new_side(split_lines(snippet)[0], split_lines(original)[0], language)
    spans = anchoring.spans if anchoring is not None and anchoring.confident else []
    return vanished_definitions(original, snip, merged, language, instruction, spans)
