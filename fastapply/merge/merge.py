"""Deterministic lazy merge: splice a marker-elided edit snippet into the original file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from fastapply.merge.place.anchor import Alignment
from fastapply.merge.place.assemble import assemble
from fastapply.merge.place.gaps import anchors_also_in_marker_block, give_markers_room
from fastapply.merge.place.pairs import few_unshown, last_nonblank
from fastapply.merge.place.placement import EDITED_FORM, place_chunk
from fastapply.merge.place.seams import reconcile_closers
from fastapply.merge.place.unanchored import anchored_inside_new_definition, place_unanchored
from fastapply.merge.snippet.blanks import blank_lines_kept
from fastapply.merge.snippet.chunks import Chunk, balanced_group, continuations_kept, reindent, split_chunks
from fastapply.merge.snippet.hunks import apply_hunks, is_diff_form, parse_hunks
from fastapply.merge.text.languages import detect_language
from fastapply.merge.text.lines import join_lines, split_lines, with_bom_of, without_bom
from fastapply.merge.text.normal import (
    definition_key,
    is_closer,
    is_distinctive,
    is_preamble_line,
    line_similarity,
    norm,
    retyped,
    whole_word,
)
from fastapply.merge.text.syntax import definitions, new_parse_errors


@dataclass
class MergeResult:
    """Outcome of `lazy_merge`.

    merged: the merged file (None only when no placement at all was possible).
    confident: False whenever any step had to guess; `reason` then says which and why.
    spans: half-open 0-based line ranges of the ORIGINAL that the snippet replaced or touched
      (an insertion is an empty range ``(i, i)``), in file order.
    anchored: every chunk was placed without guessing (`confident` also needs no new parse
      errors); the spans are then trustworthy, e.g. as windows for the model to rewrite.
    edges: the snippet edges without a marker whose reading it guessed (new lines beyond the
      outermost anchor: inserted there, or reaching the file's start/end); the candidates try the
      other reading of each.
    """

    merged: str | None
    confident: bool
    reason: str | None
    language: str | None
    spans: list[tuple[int, int]] = field(default_factory=list)
    anchored: bool = True
    edges: frozenset[Edge] = frozenset()  # the unmarked snippet edges whose reading it guessed


@dataclass
class Plan:
    chunk: Chunk
    lines: list[str]
    start: int | None = None  # original range [start, end) the chunk replaces
    end: int | None = None
    earlier: bool = False  # anchored above a previous chunk: the snippet shows it out of file order
    pairs: list[tuple[int, int]] = field(default_factory=list)  # (chunk line, original line) anchors


def lazy_merge(original: str, snippet: str, language: str | None = None, path: str | None = None) -> MergeResult:
    """Merge a lazy edit snippet into the original without a model (see `_lazy_merge`); a byte
    order mark is the file's encoding: it is set aside, and the merged file starts with it when
    the original does."""
    result = _lazy_merge(without_bom(original), without_bom(snippet), language, path)
    if result.merged is not None:
        result.merged = with_bom_of(original, result.merged)
    return result


def _lazy_merge(original: str, snippet: str, language: str | None, path: str | None) -> MergeResult:
    """Merge a lazy edit snippet into the original without a model.

    Each run of snippet code between markers is anchored in the original (whitespace-insensitive
    line alignment, searched forward from the previous chunk); a chunk that holds a whole
    definition replaces that definition; code at a marker is kept. The original's newline style
    and trailing newline are preserved. Never guesses silently: `confident` is False with a
    `reason` when anchoring was ambiguous, a chunk had no anchor, or the merge adds parse errors.
    """
    lang = detect_language(path=path, text=original or snippet, hint=language)
    orig, newline, trailing = split_lines(original)
    snippet_lines, _, _ = split_lines(snippet)
    if orig and is_diff_form(snippet_lines, orig):
        return _merge_hunks(original, orig, snippet_lines, lang, newline, trailing)
    chunks = split_chunks(snippet_lines, lang)
    if not chunks:
        return MergeResult(original, True, "snippet holds no code, only markers", lang, [])
    if not orig:
        merged = join_lines(chunks[0].lines if len(chunks) == 1 else snippet_lines, "\n", True)
        return MergeResult(
            merged,
            len(chunks) == 1,
            None if len(chunks) == 1 else "markers in a snippet for an empty file",
            lang,
            [(0, 0)],
        )
    plans, problems, edges = plan_chunks(orig, chunks, lang, original)
    merged_lines, spans = assemble(plans, orig, problems)
    anchored = not problems
    merged = join_lines(merged_lines, newline, trailing)
    new_errors = new_parse_errors(original, lang)
    if new_errors(merged):

        def render(plans: list[Plan]) -> str:
            return join_lines(assemble(plans, orig, [])[0], newline, trailing)

        reconciled = reconcile_closers(plans, orig, render, lambda text: not new_errors(text))
        if reconciled is not None:
            merged_lines, spans = assemble(reconciled, orig, problems)
            merged = join_lines(merged_lines, newline, trailing)
    _check_syntax(new_errors, merged, problems)
    reason = "; ".join(problems) if problems else None
    return MergeResult(merged, not problems, reason, lang, spans, anchored, edges)


class Edge(StrEnum):
    START = "start"
    END = "end"


START_GUESS = "snippet starts without a marker with new lines above its first anchor"
END_GUESS = "snippet ends without a marker with new lines below its last anchor"


def edge_alternatives(original: str, snippet: str, literal: MergeResult) -> list[tuple[str, str]]:
    """The other readings of a snippet's unmarked edges that `lazy_merge` had to guess between:
    (label, file) with the first chunk reaching up to the file start and/or the last chunk down to
    the file end (everything the snippet does not show there deleted), one per guess that
    ``literal`` (this snippet's merge) reports. Empty when it guessed at neither edge."""
    guessed = set(literal.edges)
    if not guessed:
        return []  # no guess at an edge: nothing to plan again
    lang = literal.language
    orig, newline, trailing = split_lines(original)
    chunks = split_chunks(split_lines(snippet)[0], lang)
    readings = [{Edge.START}, {Edge.END}, {Edge.START, Edge.END}]
    out: list[tuple[str, str]] = []
    for edges in (r for r in readings if r <= guessed):
        plans, problems, _ = plan_chunks(orig, chunks, lang, original)
        placed = [plan for plan in plans if plan.start is not None]
        if Edge.START in edges:
            placed[0].start = 0
        if Edge.END in edges:
            placed[-1].end = len(orig)
        lines, _ = assemble(plans, orig, problems)
        out.append(
            (
                " and ".join(f"snippet reaching the file {e}" for e in sorted(edges, reverse=True)),
                join_lines(lines, newline, trailing),
            )
        )
    return out


def _merge_hunks(original, orig, snippet_lines, lang, newline, trailing) -> MergeResult:
    """A diff-form snippet, applied hunk by hunk (hunks.py)."""
    hunks = parse_hunks(snippet_lines, orig, lang)
    merged_lines, spans, problems = apply_hunks(orig, hunks)
    if not hunks:
        problems.append("diff-form snippet without hunks")
    merged = join_lines(merged_lines, newline, trailing)
    _check_syntax(new_parse_errors(original, lang), merged, problems)
    reason = "; ".join(problems) if problems else None
    return MergeResult(merged, not problems, reason, lang, spans, not problems)


def plan_chunks(orig: list[str], chunks: list[Chunk], lang: str | None, original: str):
    """Placement of every chunk: (plans with start/end/lines, problems found on the way)."""
    defs = definitions(original, lang)
    plans, problems, edges = _place_all(chunks, orig, defs, lang)
    place_unanchored(plans, orig, problems, defs, lang)
    give_markers_room(plans, orig)
    return plans, problems, frozenset(edges)


def _place_all(chunks, orig, defs, lang):
    plans: list[Plan] = []
    problems: list[str] = []
    edges: set[Edge] = set()
    cursor = 0
    # a snippet that writes whitespace-only lines itself means its empty ones as written
    spaced = any(line and not line.strip() for chunk in chunks for line in chunk.lines)
    for k, chunk in enumerate(chunks):
        first, last = k == 0, k == len(chunks) - 1
        alignment, replaced = place_chunk(chunk, orig, cursor, defs, lang, first, last)
        plan = Plan(chunk, chunk.lines)
        plans.append(plan)
        if (not alignment.pairs or alignment.weak) and chunk.marker_before and cursor > 0:
            alignment, replaced = _earlier_placement(chunk, orig, defs, lang, plans)
            plan.earlier = bool(alignment.pairs)
        if anchored_inside_new_definition(plans[:-1], chunk, orig, defs, alignment.pairs, lang):
            continue  # a new definition after an elided body: placed after that body
        if not alignment.pairs or alignment.weak:
            continue
        pairs = plan.pairs = alignment.pairs
        plan.start, plan.end = pairs[0][1], pairs[-1][1] + 1
        if first and not chunk.marker_before and not any(line.strip() for line in orig[: plan.start]):
            plan.start = 0  # the snippet starts where the file does: leading blank lines go too
        marker = plans[-2].chunk.indent_after if k and plans[-2].end is not None else None
        if marker and anchors_also_in_marker_block(chunk.lines, pairs, orig, plans[-2].end, marker):
            problems.append(f"chunk {k + 1}: its lines also stand in the block the marker above it stands in")
        if alignment.crossing:
            problems.append(f"chunk {k + 1}: its lines match the original out of order")
        elif alignment.ambiguous:
            problems.append(f"chunk {k + 1}: its anchor lines also occur elsewhere in the file")
        if (
            first
            and not chunk.marker_before
            and pairs[0][0] > 0
            and plan.start > 0
            and not _new_code_starts_snippet(chunk, pairs, orig, plan.start, lang, replaced)
        ):
            problems.append(f"{START_GUESS}: placed before the anchor, not at the file start")
            edges.add(Edge.START)
        if (
            last
            and not chunk.marker_after
            and not plan.earlier
            and pairs[-1][0] < len(chunk.lines) - 1
            and plan.end < len(orig)
            and not _new_code_ends_snippet(
                chunk, pairs, orig, plan.end, lang, headless=first and _headless(chunk, pairs, orig, plan.start)
            )
        ):
            problems.append(f"{END_GUESS}: placed after the anchor, not at the file end")
            edges.add(Edge.END)
        header = next(((c, o) for c, o in pairs for d in replaced if o == d.header and d.start == d.header), None)
        plan.lines = reindent(chunk.lines, [(c, o) for c, o in pairs], orig, header)
        plan.lines = continuations_kept(plan.lines, pairs, orig)
        if not spaced:
            plan.lines = blank_lines_kept(plan.lines, pairs, orig)
        matched = dict(pairs)
        plan.lines = [retyped(line, orig[matched[c]]) if c in matched else line for c, line in enumerate(plan.lines)]
        # New code opening the chunk keeps the blank line the snippet put after the marker.
        if chunk.blank_before and pairs[0][0] > 0 and plan.start > 0 and orig[plan.start - 1].strip():
            plan.lines = [""] + plan.lines
        # ... and new code closing it the blank line the snippet put before the marker below, where
        # the original goes on with code (not a closing line) right after the chunk's last anchor.
        if (
            chunk.blank_after
            and chunk.marker_after
            and pairs[-1][0] < last_nonblank(chunk.lines)
            and plan.end < len(orig)
            and orig[plan.end].strip()
            and not is_closer(orig[plan.end])
        ):
            plan.lines = plan.lines + [""]
        cursor = plan.end  # the next chunk is searched below this one, also one shown out of order
    return plans, problems, edges


def _new_code_starts_snippet(chunk: Chunk, pairs, orig: list[str], start: int, lang, replaced) -> bool:
    """The mirror of `_new_code_ends_snippet` for the snippet's start: a partial snippet (a marker
    follows the chunk, or the chunk rewrites a whole definition) opens with complete new code
    above its first anchor, with more than a few lines of code above that anchor in the original."""
    head = [line for line in chunk.lines[: pairs[0][0]] if line.strip()]
    return (
        bool(chunk.marker_after or replaced)
        and balanced_group(head, lang, opening=False)
        and not few_unshown(chunk.lines, orig, 0, start)
    )


def _headless(chunk: Chunk, pairs, orig: list[str], start: int) -> bool:
    """The snippet opens, without a marker, on a line deep in the file (more than a few lines of
    code above it that it does not show): a fragment, which leaves out the file's head unmarked and
    its tail as well."""
    return not chunk.marker_before and pairs[0][0] == 0 and not few_unshown(chunk.lines, orig, 0, start)


def _new_code_ends_snippet(chunk: Chunk, pairs, orig: list[str], end: int, lang, headless: bool = False) -> bool:
    """A partial snippet (it opens after a marker, or is a ``headless`` fragment) ends in complete
    new code (whole groups, every bracket closed) below its last anchor, with more than a few lines
    of code still below that anchor in the original: the snippet stops after its addition, it does
    not delete the rest of the file by leaving out a final marker."""
    tail = [line for line in chunk.lines[pairs[-1][0] + 1 :] if line.strip()]
    body = tail[next((n for n, line in enumerate(tail) if not is_preamble_line(line)), len(tail)) :]
    whole = (
        len(tail) > 1
        # (a doc comment above the new definition opens no group, but a one-line definition under
        # its block doc comment is whole: "/**", "Whether ...", "*/", "var isRecording: Bool { ... }")
        and (balanced_group(body, lang) or (tail[0].strip().startswith("/*") and balanced_group(tail, lang)))
    ) or (
        # one new definition line: where the snippet writes no marker at all (a fragment), not
        # where it leaves out only the last one (the file may end there)
        headless and _new_definition_line(tail, orig, end) and balanced_group(tail, lang, opening=False)
    )
    return (chunk.marker_before or headless) and whole and not few_unshown(chunk.lines, orig, end, len(orig))


def _new_definition_line(tail: list[str], orig: list[str], end: int) -> bool:
    """One new line that defines a name the file never writes (``final def remainingColumns =
    ...``), unlike the original line below the anchor: a definition added, not that line edited."""
    name = definition_key(tail[0]) if len(tail) == 1 else None
    below = next((line for line in orig[end:] if line.strip()), "")
    return (
        name is not None
        and not any(whole_word(name).search(line) for line in orig)
        and line_similarity(tail[0], below) < EDITED_FORM
    )


EARLIER_EVIDENCE = 16  # word characters the anchors of a chunk placed above the previous ones hold together


def _earlier_placement(chunk: Chunk, orig: list[str], defs, lang, plans: list[Plan]):
    """Agents show a later edit first ("... and at the top of the module:"): a chunk with no
    anchor below the previous chunks is placed above them when it anchors there without doubt
    (distinctive lines, one spot, in order) and overlaps no chunk already placed."""
    alignment, replaced = place_chunk(chunk, orig, 0, defs, lang, False, False)
    if not alignment.pairs or alignment.weak or alignment.ambiguous or alignment.crossing:
        return Alignment(), []
    start, end = alignment.pairs[0][1], alignment.pairs[-1][1] + 1
    # out of file order, one short statement ("return True") is no evidence: it occurs in many a
    # function, and a new method would end up inside another one
    anchors = [orig[o] for _, o in alignment.pairs]
    if not is_distinctive(" ".join(map(norm, anchors)), EARLIER_EVIDENCE) and not any(map(definition_key, anchors)):
        return Alignment(), []
    if not few_unshown(chunk.lines, orig, start, end, allowed=0, resembling=EDITED_FORM):
        return Alignment(), []  # it would replace code it does not show: new code resembling old
    if any(p.start is not None and start < p.end and p.start < end for p in plans):
        return Alignment(), []
    return alignment, replaced


def _check_syntax(new_errors: Callable[[str], list[int]], merged: str, problems: list[str]) -> None:
    after = new_errors(merged)
    if after:
        problems.append(f"merge introduces parse errors (line {after[0] + 1})")
