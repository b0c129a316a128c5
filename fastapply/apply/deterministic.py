"""The deterministic path: answer with the tree-sitter lazy merge, no model (``mode="deterministic"``),
or settle an ``auto`` request before any model work when the merge is confident and validates.

Torch-free on purpose: ``fastapply apply --mode deterministic`` and ``fastapply eval --mode
deterministic`` load no model, and should not import the libraries that run one either.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from fastapply import merge
from fastapply.apply.request import ApplyError, ApplyRequest, ApplyResult, NotConfident, build_result
from fastapply.engine.stats import Stats


@dataclass(frozen=True)
class Prepared:
    """What every apply starts from: the checked request's language and the merge's candidate."""

    language: str | None
    candidate: merge.MergeResult
    started: float  # perf_counter() when the request arrived, for its latency
    # The original with an edit the instruction states already made, when the candidate was placed
    # on that file instead: a rename made throughout (``merge.stated_rename``) or a move
    # (``merge.stated_move_first``); None: on the original itself.
    restated: merge.StatedRename | merge.StatedMove | None = None

    def base(self, request: ApplyRequest) -> str:
        """The file the candidate was placed on: the checks read the candidate against it."""
        return self.restated.text if self.restated is not None else request.original


def prepare(request: ApplyRequest) -> Prepared:
    """Check the request (ApplyError on bad input) and run the deterministic merge once. Where the
    instruction states a rename that the literal merge leaves undone, or a move the original does
    not show yet, place the snippet on the file with that edit made instead, when that placement
    is confident."""
    request.check()
    started = time.perf_counter()
    language = merge.detect_language(path=request.path, text=request.original, hint=request.language)
    literal = merge.lazy_merge(request.original, request.snippet, language)
    renamed = merge.stated_rename(request.original, request.snippet, request.instruction, language)
    if renamed is not None and merge.needs_rename(renamed, literal.merged, literal.confident):
        placed = merge.lazy_merge(renamed.text, request.snippet, language)
        if placed.confident:
            return Prepared(language, placed, started, renamed)
    moved = merge.stated_move_first(request.original, request.instruction, language)
    if moved is not None:
        placed = merge.lazy_merge(moved.text, request.snippet, language)
        if placed.confident:
            return Prepared(language, placed, started, moved)
    return Prepared(language, literal, started)


def apply_deterministic(request: ApplyRequest) -> ApplyResult:
    """Deterministic mode without any model (raises NotConfident rather than guess)."""
    result = settle(replace(request, mode="deterministic"), prepare(request))
    assert result is not None  # deterministic mode answers or raises
    return result


class DeterministicApplier:
    """An applier for mode=deterministic that loads no model (same ``apply`` interface)."""

    engine = None

    def apply(self, request: ApplyRequest) -> ApplyResult:
        return apply_deterministic(request)


def checked_merge(request: ApplyRequest, prepared: Prepared) -> tuple[str | None, list]:
    """The merge's file and its warnings: the validator's (the edit accounting among them), and,
    for a confident merge, whether the second opinion (``merge.second``, one global alignment of
    the snippet) writes the same code — two unrelated methods agreeing is what lets a file be
    served as sure.

    When the validator shows that the literal merge missed an edit the instruction states (a
    deletion left under a marker, a definition skipped or moved), the file that makes it is
    validated and, if clean, replaces the literal one with a note saying what was done
    (``merge.stated``; severity "note"): served, and never silently. The second opinion confirms
    it when it writes either the literal placement, which the stated edit builds on, or the file
    the stated edit made. A candidate placed on a renamed or moved file is checked against that
    file, and its note says which renames or which move were made."""
    candidate, language, base = prepared.candidate, prepared.language, prepared.base(request)
    if candidate.merged is None:
        return None, []
    warnings = merge.validate(
        base, request.snippet, candidate.merged, language, anchoring=candidate, instruction=request.instruction
    )
    doubt = second_doubt(request, prepared)
    restated = [_restated_note(prepared.restated)] if prepared.restated is not None else []
    stated = merge.stated_edit(
        base, request.snippet, candidate.merged, language, request.instruction, candidate, warnings
    )
    if stated is not None:
        if doubt and merge.agreement(base, request.snippet, stated[0], language) is None:
            doubt = []  # the second opinion writes the file served, the stated edit made
        return stated[0], restated + [stated[1]] + doubt
    return candidate.merged, restated + warnings + doubt


def _restated_note(restated: merge.StatedRename | merge.StatedMove) -> merge.ApplyWarning:
    if isinstance(restated, merge.StatedMove):
        moves = ", ".join(f"{name} {where} {other}" for name, where, other in restated.moves)
        return merge.ApplyWarning(
            merge.Code.INFERRED_MOVE,
            f"moved {moves}, as the instruction states, then placed the snippet",
            severity="note",
        )
    pairs = ", ".join(f"{old} to {new}" for old, new in restated.renames)
    return merge.ApplyWarning(
        merge.Code.STATED_RENAME,
        f"renamed {pairs} in {restated.places} place(s), as the instruction states, then placed the snippet",
        severity="note",
    )


def second_doubt(request: ApplyRequest, prepared: Prepared) -> list[merge.ApplyWarning]:
    """[] when the second opinion confirms the confident merge's placement; else the flag saying
    where they part or why it gave none (nothing to ask of a merge that is unsure already)."""
    if not prepared.candidate.confident or prepared.candidate.merged is None:
        return []
    doubt = merge.agreement(prepared.base(request), request.snippet, prepared.candidate.merged, prepared.language)
    return [doubt] if doubt is not None else []


def new_file(request: ApplyRequest, prepared: Prepared) -> ApplyResult:
    """An empty original: the snippet is the new file, in every mode (no model could add to it).
    A snippet with lazy markers elides code that does not exist: ApplyError, not a file with markers."""
    markers = merge.find_markers(request.snippet, prepared.language)
    if markers:
        raise ApplyError(
            f"the original is empty, so the marker on line {markers[0] + 1} of the snippet "
            "elides nothing; to create a file, send its full text without markers"
        )
    stats = Stats(finish_reason="deterministic", latency_ms=1000 * (time.perf_counter() - prepared.started))
    return build_result(
        request, request.snippet, stats, prepared.language, True, "deterministic", prepared.candidate, False, [], []
    )


def settle(request: ApplyRequest, prepared: Prepared) -> ApplyResult | None:
    """The merge's answer when the request's mode takes it (deterministic always, auto when the merge
    is confident and nothing flags it; notes go with the answer), else None: the model answers."""
    language, candidate, started = prepared.language, prepared.candidate, prepared.started
    if not request.original.strip():
        return new_file(request, prepared)
    if request.mode == "model":
        return None
    if candidate.confident and candidate.merged is not None:
        merged, warnings = checked_merge(request, prepared)
        assert merged is not None  # the candidate's merge, checked
        if request.mode == "deterministic" or not merge.flags(warnings):
            stats = Stats(finish_reason="deterministic", latency_ms=1000 * (time.perf_counter() - started))
            return build_result(request, merged, stats, language, True, "deterministic", candidate, False, [], warnings)
    if request.mode == "deterministic":
        raise NotConfident(f"deterministic merge is not confident: {candidate.reason or 'unknown reason'}")
    return None


def disagreement(request: ApplyRequest, prepared: Prepared, merged: str) -> merge.ApplyWarning | None:
    """A flag when the model's file differs from the merge's own confident, clean answer (trailing
    spaces aside): two producers disagree, so one of them is wrong, and the merge is the one that is
    right where it answers. Only asked in model mode (auto takes the merge's answer itself)."""
    reference = settle(replace(request, mode="auto"), prepared) if prepared.candidate.confident else None
    if reference is None or reference.mode_used != "deterministic":
        return None
    if [line.rstrip() for line in reference.merged.splitlines()] == [line.rstrip() for line in merged.splitlines()]:
        return None
    return merge.ApplyWarning(
        merge.Code.DISAGREES_WITH_MERGE,
        "the model's file differs from the deterministic merge's confident, validated answer",
    )
