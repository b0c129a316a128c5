"""What the checks report: the warning codes (one enum), one warning, and which warnings say a file
may be wrong."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Code(StrEnum):
    """Every warning the merge, its checks and the apply path can raise (the value is the code the
    API returns). Where each is raised: see the module named after the colon."""

    MARKER_LEAK = "marker_leak"  # check.validate
    SYNTAX_ERROR = "syntax_error"  # check.validate
    TRUNCATED = "truncated"  # check.line_checks
    NO_CHANGE = "no_change"  # check.line_checks
    INVENTED_LINES = "invented_lines"  # check.line_checks
    MISSING_SNIPPET_LINES = "missing_snippet_lines"  # check.line_checks
    ELIDED_EDIT = "elided_edit"  # check.line_checks
    DUPLICATED_LINES = "duplicated_lines"  # check.damage, account.repeats (a comment quoted twice)
    VANISHED_BODY = "vanished_body"  # check.damage
    DIFF_PREFIX = "diff_prefix"  # check.damage
    ORPHANED_LINES = "orphaned_lines"  # check.damage
    VANISHED_DEFINITION = "vanished_definition"  # check.damage
    DUPLICATED_DEFINITION = "duplicated_definition"  # check.damage (repair.moves answers it)
    REDECLARED = "redeclared"  # check.damage
    SHUFFLED_SNIPPET = "shuffled_snippet"  # check.damage
    UNBALANCED = "unbalanced"  # check.balance
    INSTRUCTION_NOT_APPLIED = "instruction_not_applied"  # repair.instructed (repair.intent answers it)
    SKIPPED_DEFINITION = "skipped_definition"  # repair.adjacency (repair.skips answers it)
    UNACCOUNTED_DELETION = "unaccounted_deletion"  # account.checks
    KEPT_BESIDE_REPLACEMENT = "kept_beside_replacement"  # account.checks, account.struck
    DEFINED_TWICE = "defined_twice"  # account.checks
    INDENT_SHIFT = "indent_shift"  # account.checks
    DESCRIBED_REMOVAL_KEPT = "described_removal_kept"  # account.described
    MOVED_BLOCK_KEPT = "moved_block_kept"  # account.repeats, account.unused, account.extracted
    PREAMBLE_DETACHED = "preamble_detached"  # account.attached
    COMMENT_DROPPED = "comment_dropped"  # account.comments
    RETYPED_CONTEXT = "retyped_context"  # account.retyped
    UNREACHABLE_LINES = "unreachable_lines"  # account.unreachable
    UNASKED_DELETION = "unasked_deletion"  # account.unasked
    MISPLACED_DEFINITION = "misplaced_definition"  # account.nesting
    SECOND_OPINION_DIFFERS = "second_opinion_differs"  # second.agree
    SECOND_OPINION_ABSTAINED = "second_opinion_abstained"  # second.agree
    INFERRED_DELETION = "inferred_deletion"  # repair.intent, repair.skips (a note)
    INFERRED_MOVE = "inferred_move"  # repair.moves (a note)
    STATED_RENAME = "stated_rename"  # repair.renames (a note)
    UNSURE_MERGE = "unsure_merge"  # apply.unsure
    DISAGREES_WITH_MERGE = "disagrees_with_merge"  # apply.deterministic
    TIMEOUT = "timeout"  # api


@dataclass(frozen=True)
class ApplyWarning:
    code: Code
    message: str
    lines: tuple[int, ...] = ()
    # "flag": the file may be wrong (auto falls back to the model; the API refuses it by default).
    # "note": something the service did that the caller should know, on a file it stands by.
    severity: str = "flag"

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", Code(self.code))  # a known code, or ValueError

    def to_dict(self) -> dict:
        return {"code": self.code.value, "message": self.message, "lines": list(self.lines), "severity": self.severity}


def flags(warnings) -> list[ApplyWarning]:
    """The warnings that say the file may be wrong (not the notes)."""
    return [w for w in warnings if w.severity == "flag"]
