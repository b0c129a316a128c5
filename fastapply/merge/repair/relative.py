"""Moves an instruction states relative to another definition ("move isInt below Marshal"), which
the snippet may leave entirely under its markers: whether the output makes them (the builder that
makes one is ``moves.stated_move``).

Agents asked to "make Write use 0600, and move isInt below Marshal" often show only the first edit;
read literally, isInt stays where it was and the file is served without the move. The check reads
the order from the instruction and compares it with the output's definitions.

    >>> stated_order("Move isInt below Marshal so the exported functions stay together.", {"isInt", "Marshal", "Write"})
    [('isInt', 'below', 'Marshal')]
    >>> stated_order("Move the parse helper before `main`.", {"parse", "main"})
    [('parse', 'above', 'main')]
    >>> stated_order("Move the timeout check below the retry loop.", {"parse", "main"})  # names no definition
    []
    >>> stated_order("Move parse and lex below main.", {"parse", "lex", "main"})  # which one stands where?
    []
"""

from __future__ import annotations

import re

from fastapply.merge.text.lines import split_lines
from fastapply.merge.text.syntax import definitions, first_row

_RELATION = re.compile(
    r"\b(?:move|moves|moving|put|place)\s+(?P<what>[^.;,]{1,60}?)\s+"
    r"(?P<where>below|after|under|beneath|above|before)\s+(?P<other>[^.;,]{1,40})",
    re.IGNORECASE,
)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_BELOW = {"below", "after", "under", "beneath"}


def stated_order(instruction: str, names: set[str]) -> list[tuple[str, str, str]]:
    """(name, "below" | "above", other) for each move the instruction states between two names the
    file defines: exactly one defined name before the relation word, the first defined name after
    it (within a few words)."""
    found = []
    for match in _RELATION.finditer(instruction):
        movers = [w for w in _NAME.findall(match.group("what")) if w in names]
        others = [w for w in _NAME.findall(match.group("other"))[:4] if w in names]
        if len(set(movers)) == 1 and others and others[0] != movers[0]:
            found.append((movers[0], "below" if match.group("where").lower() in _BELOW else "above", others[0]))
    return found


def _short(name: str) -> str:
    return name.split()[-1].split(".")[-1]


def single_definitions(text: str, language: str | None) -> dict[str, object]:
    """Definitions by short name, for the names the text defines exactly once."""
    seen: dict[str, list] = {}
    for d in definitions(text, language):
        seen.setdefault(_short(d.name), []).append(d)
    return {name: ds[0] for name, ds in seen.items() if len(ds) == 1}


def unmade_moves(merged: str, language: str | None, instruction: str) -> list[tuple[str, str, str]]:
    """The stated moves the merged file does not show (each name defined once, in the wrong order)."""
    if not instruction or language is None:
        return []
    defs = single_definitions(merged, language)
    lines = split_lines(merged)[0]
    unmade = []
    for name, where, other in stated_order(instruction, set(defs)):
        mover, anchor = defs[name], defs[other]
        made = first_row(mover, lines) > anchor.end if where == "below" else mover.end < first_row(anchor, lines)
        if not made:
            unmade.append((name, where, other))
    return unmade
