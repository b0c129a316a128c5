"""A removal the instruction orders, of a unit of code, where the merge removed nothing at all.

"Drop the empty-input early return" or "remove that skip block and its comment", written to an
agent as an order, asks for code to go. When the merged file still holds every line of the original
(nothing removed, nothing rewritten), that order was not carried out, whatever the snippet shows:
the snippet left the removed code under a marker. Words alone cannot say which lines were meant
(that is ``described``'s harder question); that some line had to go, they can.

Only orders count, and only of code: the verb in its plain form opening a sentence or a clause
("...; remove that block", "and drop the depd dependency"), not a description of behaviour ("the
builder drops static imports", "which drops null fields", "drop-null variants"), and its object
names a unit of code ("block", "return", "dependency"), not runtime data ("empty entries", "that
key from the record").

    >>> ordered_removals("Stop tolerating an empty line; remove that skip block and its comment.")
    ['that skip block and its comment']
    >>> ordered_removals("Drop the empty-input early return at the top of from_str.")
    ['the empty-input early return']
    >>> ordered_removals("Remove the `.button, ...` rule.")
    ['the `.button, ...` rule']
    >>> ordered_removals("If it fails, remove the stored item after logging the error.")
    []
    >>> ordered_removals("Add withDropNulls, a copy of the printer which drops null-valued fields.")
    []
"""

from __future__ import annotations

import difflib
import re

from fastapply.merge.account.trace import gaps
from fastapply.merge.repair.wording import masked_quotes

_ORDER = re.compile(
    r"(?:^|[.;:!?,]\s+|\b(?:and|then|also|please)\s+)(?:remove|delete|drop|get\s+rid\s+of|strip\s+out|eliminate)\s+"
    r"(?P<object>[^.;:!?\n]+)",
    re.IGNORECASE,
)
# Nouns that name code, not the data it handles; the first OBJECT_WORDS words of the object count.
_CODE_UNIT = re.compile(
    r"\b(?:blocks?|checks?|guards?|comments?|returns?|dependency|dependencies|imports?|functions?|"
    r"methods?|helpers?|class(?:es)?|options?|parameters?|params?|arguments?|variables?|constants?|"
    r"statements?|branch(?:es)?|calls?|logs?|logging|warnings?|attributes?|annotations?|decorators?|"
    r"tests?|overloads?|sections?|banners?|handlers?|hooks?|routes?|exports?|structs?|enums?|"
    r"interfaces?|alias(?:es)?|macros?|wrappers?|loops?|conditions?|fallbacks?|workarounds?|shims?|"
    r"polyfills?|stubs?|assertions?|asserts?|prints?|lines?|rules?|selectors?|elements?|tags?)\b",
    re.IGNORECASE,
)
OBJECT_WORDS = 6
# where the object's noun phrase ends: "remove the stored item after logging the error" removes an item
_PHRASE_END = frozenset(
    "after before when whenever if unless once while because so since until from in inside within at "
    "to for with which who that's".split()
)


def ordered_removals(instruction: str) -> list[str]:
    """The objects of the removals the instruction orders, of units of code."""
    found = []
    masked = masked_quotes(instruction or "")  # quoted code ends no object: "the `.button, ...` rule"
    for match in _ORDER.finditer(masked):
        words = list(re.finditer(r"\S+", match.group("object")))
        end = next((n for n, word in enumerate(words) if n and word.group(0).lower() in _PHRASE_END), len(words))
        phrase = words[: min(end, OBJECT_WORDS)]
        if phrase and _CODE_UNIT.search(" ".join(word.group(0) for word in phrase)):
            start = match.start("object")
            found.append(" ".join((instruction or "")[start + phrase[0].start() : start + phrase[-1].end()].split()))
    return found


def ordered_removal_undone(
    original: list[str], kept: set[int] | dict, instruction: str, out: list[str] | None = None
) -> tuple[str, ...]:
    """The ordered removals, when the merged file keeps every non-blank original line (``kept``:
    the indices of original lines it keeps, or original -> merged index); () when it removed or
    rewrote any, except that an order to remove whole definitions (functions, overloads, classes)
    is still undone when every line that went was only rewritten in place. An order to remove
    blank lines ("drop the stray double blank line") is carried out when the merged file (``out``)
    has fewer blank lines than the original."""
    orders = ordered_removals(instruction)
    if out is not None and _blank_lines(out) < _blank_lines(original):
        orders = [order for order in orders if not _BLANK.search(order)]
    if not orders:
        return ()
    if any(line.strip() and row not in kept for row, line in enumerate(original)):
        # lines were rewritten or removed: an order to remove whole definitions ("delete the two-
        # and three-argument overloads"), where nothing is to be added, is still undone when every
        # old line that went was only rewritten in place (a parameter given a default value); a
        # smaller unit ("remove the trivial condition") is removed by rewriting a line
        wholes = [order for order in orders if _WHOLE_UNIT.search(order)]
        if not wholes or _ADDS.search(instruction) or out is None or not isinstance(kept, dict):
            return ()  # (what is added may be written where the removed code stood)
        return () if _removed(original, kept, out) else tuple(wholes)
    return tuple(orders)


_WHOLE_UNIT = re.compile(
    r"\b(?:functions?|methods?|overloads?|constructors?|class(?:es)?|helpers?|tests?|structs?|enums?|"
    r"interfaces?|traits?|modules?)\b",
    re.IGNORECASE,
)
_ADDS = re.compile(r"\b(?:add|adds|insert|inserts|introduce|introduces|create|creates|new)\b", re.IGNORECASE)


def _removed(original: list[str], kept: dict[int, int], out: list[str]) -> bool:
    """Whether some original line the merged file does not keep is gone, not just rewritten: between
    two kept lines, an old line no written line there stands for as its edited form (a parameter
    given a default value is rewritten, an overload left under a marker is not removed)."""
    for o1, m1, o2, m2 in gaps(kept, len(original), len(out)):
        old = [line.strip() for line in original[o1 + 1 : o2] if line.strip()]
        new = [line.strip() for line in out[m1 + 1 : m2] if line.strip()]
        for line in old:
            match = next((k for k, w in enumerate(new) if difflib.SequenceMatcher(None, line, w).ratio() >= 0.6), None)
            if match is None:
                return True
            new = new[match + 1 :]
    return False


_BLANK = re.compile(r"\b(?:blank|empty)\s+lines?\b", re.IGNORECASE)


def _blank_lines(lines: list[str]) -> int:
    return sum(not line.strip() for line in lines)
