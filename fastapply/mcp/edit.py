"""One ``edit_file`` call: read the file, apply the edit, refuse a flagged result, write, report.

The file is only ever replaced by a result the validator passed (or one the caller accepted with
``allow_flagged``), in one rename (``files.write_atomic``: a crash leaves the old file whole), with
its permission bits and line endings kept, and only when it still holds what was read: an edit
that raced another writer is refused rather than overwrite that writer's work. A refusal leaves
the file byte for byte as it was and writes nothing beside it.

Torch-free: the apply itself is the caller's (``backends.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fastapply import merge
from fastapply.apply.request import ApplyError, ApplyRequest
from fastapply.files import InputFileError, keep_line_endings, read_text_file, write_atomic

from .allowed import EditError

# Diff lines an answer carries: enough for the agent to check a typical edit, never a whole file.
MAX_DIFF_LINES = 200


@dataclass(frozen=True)
class Answer:
    """What an apply returned, in process or over HTTP."""

    merged: str
    warnings: list  # merge.ApplyWarning, or backends.ServedWarning from a server
    mode_used: str
    complete: bool = True  # the producer finished (no token limit, loop stop or timeout)
    latency_ms: float = 0.0
    tokens_per_s: float | None = None  # the model's decode speed; None when no model ran


@dataclass
class EditReport:
    path: str  # as shown to the agent (relative to its allowed directory)
    written: bool
    dry_run: bool
    added: int
    removed: int
    hunks: int
    diff: str
    mode_used: str
    latency_ms: float
    tokens_per_s: float | None
    warnings: list = field(default_factory=list)  # merge.ApplyWarning
    refused: bool = False

    def flags(self) -> list:
        return merge.flags(self.warnings)

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "written": self.written,
            "dry_run": self.dry_run,
            "refused": self.refused,
            "added": self.added,
            "removed": self.removed,
            "hunks": self.hunks,
            "mode_used": self.mode_used,
            "latency_ms": round(self.latency_ms, 1),
            "tokens_per_s": None if self.tokens_per_s is None else round(self.tokens_per_s, 1),
            "warnings": [w.to_dict() for w in self.warnings],
            "diff": self.diff,
        }

    def text(self) -> str:
        """The answer an agent reads: what happened, the diff, the warnings."""
        how = f"{self.mode_used}, {self.latency_ms:.0f} ms"
        if self.tokens_per_s is not None:
            how += f", {self.tokens_per_s:.0f} tok/s"
        size = f"+{self.added} -{self.removed} lines in {self.hunks} hunk{'s' * (self.hunks != 1)}"
        if self.refused:
            head = (
                f"Not applied: the merged file for {self.path} was flagged ({how}), so {self.path} was left "
                "unchanged. Fix the edit (more unchanged lines around each change, one marker per elided "
                "region) and call again, or pass allow_flagged=true to write it anyway."
            )
        elif self.dry_run:
            head = f"Dry run, nothing written: the edit would change {self.path}: {size} ({how})."
        elif self.written:
            head = f"Applied the edit to {self.path}: {size} ({how})."
        else:
            head = f"No change: the edit leaves {self.path} as it is ({how})."
        parts = [head]
        if self.warnings:
            parts.append("\n".join(f"{w.severity}: {w.code}: {w.message}" for w in self.warnings))
        if self.diff:
            parts.append(("Candidate diff:\n" if self.refused else "") + self.diff.rstrip("\n"))
        return "\n\n".join(parts)


class EditRefused(EditError):
    """A flagged result: not written; the report says why and shows the candidate diff."""

    def __init__(self, report: EditReport):
        super().__init__(report.text())
        self.report = report


def cap_diff(diff: str, max_lines: int = MAX_DIFF_LINES) -> str:
    """The diff's first `max_lines` lines, and how many were left out.

    >>> cap_diff("a\\nb\\nc\\n", 2)
    'a\\nb\\n... 1 more diff line(s) not shown\\n'
    """
    lines = diff.splitlines(keepends=True)
    if len(lines) <= max_lines:
        return diff
    return "".join(lines[:max_lines]) + f"... {len(lines) - max_lines} more diff line(s) not shown\n"


def edit_file(
    target: Path,
    shown_path: str,
    instruction: str,
    code_edit: str,
    apply: Callable[[ApplyRequest], Answer],
    dry_run: bool = False,
    allow_flagged: bool = False,
    max_diff_lines: int = MAX_DIFF_LINES,
) -> EditReport:
    """Apply `code_edit` to the real file `target` (already checked against the allowed
    directories). Raises EditError (nothing written) for bad input and EditRefused for a flagged
    result without `allow_flagged`."""
    try:
        original = read_text_file(target)
    except InputFileError as e:
        raise EditError(str(e).replace(str(target), shown_path)) from None
    request = ApplyRequest(original, code_edit, instruction or "", path=shown_path)
    try:
        answer = apply(request)
    except ApplyError as e:
        raise EditError(f"{shown_path}: {e}") from None
    merged = keep_line_endings(original, answer.merged)
    diff = merge.unified_diff(original, merged, shown_path)
    warnings = list(answer.warnings)
    if not answer.complete and not any(w.code == merge.Code.TRUNCATED for w in warnings):
        warnings.append(merge.ApplyWarning(merge.Code.TRUNCATED, "the output stopped before the file was complete"))
    report = EditReport(
        shown_path,
        False,
        dry_run,
        diff.added,
        diff.removed,
        diff.hunks,
        cap_diff(diff.text, max_diff_lines),
        answer.mode_used,
        answer.latency_ms,
        answer.tokens_per_s,
        warnings,
    )
    if report.flags() and not allow_flagged:
        report.refused = True
        raise EditRefused(report)
    if dry_run or merged == original:
        return report
    if target.read_bytes() != original.encode("utf-8"):
        raise EditError(f"{shown_path} changed on disk while the edit was applied; nothing written: read it again")
    try:
        write_atomic(target, merged)
    except OSError as e:
        raise EditError(f"cannot write {shown_path}: {e.strerror or e}") from None
    report.written = True
    return report
