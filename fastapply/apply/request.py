"""What an apply request is and what it returns, with the errors bad input raises: the
vocabulary shared by the model applier, the deterministic path, the CLI and the HTTP service.

No model code here (no torch import), so that the CLI, the service's settings and the deterministic
mode can use it without paying the seconds it takes to import torch and transformers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapply import merge
from fastapply.engine.config import k_error
from fastapply.engine.stats import Stats

MODES = ("model", "deterministic", "auto")
# The most accurate mode on the dev set (README, "Accuracy"): the deterministic merge where it is
# confident and its output validates cleanly, the model everywhere else.
DEFAULT_MODE = "auto"
WINDOWING = ("auto", "always", "never")
# What auto does where the merge is unsure (apply/unsure.py): "candidates" lets the model choose
# among the merge's readings (or serves the only one), flagged; "generate" has the model rewrite
# the file freely, as model mode does.
FALLBACKS = ("candidates", "generate")
DEFAULT_FALLBACK = "candidates"
FALLBACK_HELP = (
    "where auto's merge is unsure: the model chooses among the merge's candidate files, or the only one is "
    "served (candidates), or the model rewrites the file freely (generate); the answer is flagged either way"
)


class ApplyError(ValueError):
    """Bad or unserviceable input; ``status`` is the HTTP status the service answers with."""

    status = 400


class InputTooLong(ApplyError):
    status = 413


class NotConfident(ApplyError):
    status = 422


@dataclass
class ApplyRequest:
    original: str
    snippet: str
    instruction: str = ""
    language: str | None = None
    path: str | None = None
    k: int | None = None  # None: the engine's k
    max_tokens: int | None = None  # per model generation; None: enough for original + snippet
    mode: str = DEFAULT_MODE
    # auto: rewrite only the windows the snippet touches whenever it anchors, else the whole file
    # (413 when that does not fit); always: windows or an error; never: the whole file or 413.
    windowing: str = "auto"
    # Model output restricted to lines of the original and the snippet (line_constraint.py):
    # lossless against constrained greedy decoding, which fixes copy slips and leaked markers.
    constrain_lines: bool = False
    # End a model output once it loops past what the inputs hold (runaway.py): the tokens before the
    # stop are the model's own, and only outputs that are already wrong ever stop.
    stop_loops: bool = True
    fallback: str = DEFAULT_FALLBACK  # auto mode only

    def check(self) -> None:
        if self.mode not in MODES:
            raise ApplyError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.windowing not in WINDOWING:
            raise ApplyError(f"windowing must be one of {', '.join(WINDOWING)}, got {self.windowing!r}")
        if self.fallback not in FALLBACKS:
            raise ApplyError(f"fallback must be one of {', '.join(FALLBACKS)}, got {self.fallback!r}")
        if not self.snippet.strip():
            raise ApplyError("the edit snippet is empty")
        for name, text in (("original", self.original), ("snippet", self.snippet), ("instruction", self.instruction)):
            if "\x00" in text:
                raise ApplyError(f"{name} contains NUL bytes: binary input is not supported")
        if self.max_tokens is not None and not 1 <= self.max_tokens <= 1_000_000:
            raise ApplyError(f"max_tokens must be in [1, 1000000], got {self.max_tokens}")
        if self.k is not None and (error := k_error(self.k)):
            raise ApplyError(error)


@dataclass
class ApplyResult:
    merged: str
    stats: Stats
    warnings: list = field(default_factory=list)  # merge.ApplyWarning
    diff: merge.DiffResult | None = None
    mode_used: str = "model"
    windowed: bool = False
    windows: list[tuple[int, int]] = field(default_factory=list)
    merge_confident: bool | None = None
    merge_reason: str | None = None

    def to_dict(self) -> dict:
        return {
            "merged": self.merged,
            "mode_used": self.mode_used,
            "windowed": self.windowed,
            "windows": [list(w) for w in self.windows],
            "stats": self.stats.to_dict(),
            "warnings": [w.to_dict() for w in self.warnings],
            "diff": self.diff.text if self.diff else "",
            "diff_stats": {"hunks": self.diff.hunks, "added": self.diff.added, "removed": self.diff.removed}
            if self.diff
            else {},
            "merge_confident": self.merge_confident,
            "merge_reason": self.merge_reason,
        }


def build_result(
    request: ApplyRequest,
    merged: str,
    stats: Stats,
    language: str | None,
    complete: bool,
    mode: str,
    candidate: merge.MergeResult,
    windowed: bool,
    windows: list[tuple[int, int]],
    warnings: list | None = None,
) -> ApplyResult:
    """The result for ``merged``: validated (unless the caller already has the warnings) and diffed.
    The original's byte order mark, if any, starts it (a model may drop it with the first line)."""
    merged = merge.with_bom_of(request.original, merged)
    if warnings is None:  # the deterministic path has validated its answer already
        warnings = merge.validate(
            request.original,
            request.snippet,
            merged,
            language,
            complete=complete,
            anchoring=candidate,
            instruction=request.instruction,
        )
    return ApplyResult(
        merged,
        stats,
        warnings,
        merge.unified_diff(request.original, merged, request.path or "file"),
        mode,
        windowed,
        windows,
        candidate.confident,
        candidate.reason,
    )
