"""Values the instruction sets by name ("bump the library _VERSION to 1.2.2", "set MAX_RETRIES to
5"), which the snippet may leave under its markers: whether the output holds them.

An agent asked for two edits often shows one; the other, a one-line value change stated in words,
stays under a marker, and the literal merge serves the file with the old value. The check: each
name the instruction sets to a literal, where the file assigns that name on exactly one line, must
be assigned that literal in the output, or a line the output adds must assign it to a key that
holds the name ("bump the image to 8.11.3" made on ``imageTag``).

    >>> stated_values("Make a ^ b false when b is older, and bump the library _VERSION to 1.2.2.")
    [('_VERSION', '1.2.2')]
    >>> stated_values("Set `MAX_RETRIES` to 5 and raise the timeout to 30s.")
    [('MAX_RETRIES', '5'), ('timeout', '30s')]
    >>> stated_values("Change the title to something clearer.")
    []
"""

from __future__ import annotations

import re

from fastapply.merge.text.normal import definition_key

_SETS = re.compile(
    r"\b(?:bump|set|change|update|raise|lower|increase|decrease|reduce)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
    r"`?(?P<name>[A-Za-z_$][\w$.]*)`?\s+(?:to|from\s+\S+\s+to)\s+"
    r"[`'\"]?(?P<value>\d[\w.]*|true|false|null|nil|None)[`'\"]?(?=[\s.,;!?]|$)",
    re.IGNORECASE,
)


def stated_values(instruction: str) -> list[tuple[str, str]]:
    """(name, literal) for each "set/bump/change NAME to LITERAL" of the instruction (a number, a
    version, a boolean or null)."""
    return [(m.group("name"), m.group("value").rstrip(".")) for m in _SETS.finditer(instruction or "")]


def values_not_set(original: list[str], merged: list[str], instruction: str) -> list[tuple[str, str]]:
    """The stated (name, literal) pairs whose one assignment in the original (``definition_key``)
    does not hold the literal in the output, where the output still assigns the name once."""
    missing = []
    for name, value in stated_values(instruction):
        short = name.split(".")[-1]
        if sum(definition_key(line) == short for line in original) != 1:
            continue  # not assigned, or assigned in several places: which one is meant is unknown
        assigned = [line for line in merged if definition_key(line) == short]
        literal = re.compile(rf"(?<![\w.]){re.escape(value)}(?![\w.])")
        if len(assigned) == 1 and not literal.search(assigned[0]) and not _set_beside(short, literal, original, merged):
            missing.append((name, value))
    return missing


def _set_beside(name: str, literal: re.Pattern, original: list[str], merged: list[str]) -> bool:
    """Whether a line the output adds assigns the literal to a key that holds the name ("bump the
    image to 8.11.3" made on ``imageTag``): the value was set, on the key the file keeps it in."""
    old = set(original)
    return any(
        line not in old and literal.search(line) and name.lower() in (definition_key(line) or "").lower()
        for line in merged
    )


# "change the doc line `/// This can panic ...` to `...`": a line quoted whole, then its new form
_QUOTED_CHANGE = re.compile(
    r"\b(?:change|changes|replace|replaces|update|updates|rewrite|rewrites|reword|rewords)\b"
    r"(?:[^`\n]|`[^`\n]{1,11}`){0,60}?"  # (a short name quoted on the way: "the `insert` doc line")
    r"`(?P<old>[^`\n]{12,})`\s+(?:to|with|into|by)\b",
    re.IGNORECASE,
)


def quoted_changes_kept(original: str, merged: str, snip: list[str], instruction: str) -> list[str]:
    r"""Code the instruction quotes as what to change ("change the doc line `/// This can panic if
    the value cannot be serialised.` to ..."), twelve characters at least, that the output still
    holds as often as the original, on lines the snippet does not show: the change was stated in
    words and left under a marker.

    >>> quoted_changes_kept("a()\n/// Can panic here.\n", "a()\n/// Can panic here.\n", [], "Change `/// Can panic here.` to `/// Panics.`")
    ['/// Can panic here.']
    >>> quoted_changes_kept("a()\n/// Can panic here.\n", "a()\n/// Panics.\n", [], "Change `/// Can panic here.` to `/// Panics.`")
    []
    """
    kept = []
    for match in _QUOTED_CHANGE.finditer(instruction or ""):
        old = match.group("old").strip()
        if merged.count(old) >= original.count(old) > 0 and not any(old in line for line in snip):
            kept.append(old)
    return kept
