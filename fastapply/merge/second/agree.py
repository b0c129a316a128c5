"""Agreement between the deterministic merge and the second opinion: the merge's answer is served
as sure only when an unrelated method gives the same code. Blank lines and trailing spaces do not
count: the two place blank lines by different conventions, and neither changes what the code does."""

from __future__ import annotations

from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.second.opinion import second_opinion
from fastapply.merge.text.lines import split_lines


def agreement(original: str, snippet: str, merged: str, language: str | None) -> ApplyWarning | None:
    """None when the second opinion writes `merged`; else a flag saying where they part, or why the
    second opinion gave none."""
    opinion = second_opinion(original, snippet, language)
    if opinion.merged is None:
        return ApplyWarning(Code.SECOND_OPINION_ABSTAINED, f"no second opinion to confirm the merge: {opinion.reason}")
    ours, theirs = _code(merged), _code(opinion.merged)
    if [text for _, text in ours] == [text for _, text in theirs]:
        return None
    n = next((n for n, (a, b) in enumerate(zip(ours, theirs)) if a[1] != b[1]), min(len(ours), len(theirs)))
    line = ours[n][0] if n < len(ours) else len(split_lines(merged)[0])
    return ApplyWarning(
        Code.SECOND_OPINION_DIFFERS,
        f"the second opinion (one global alignment of the snippet) writes other code from line {line} on",
        (line,),
    )


def _code(text: str) -> list[tuple[int, str]]:
    """(1-based line, line without trailing spaces) of each non-blank line."""
    return [(n, line.rstrip()) for n, line in enumerate(split_lines(text)[0], start=1) if line.strip()]
