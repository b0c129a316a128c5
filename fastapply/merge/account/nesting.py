"""A new definition placed inside another definition than the one the snippet writes it in.

A snippet that adds ``def ping(self)`` under ``class Names:`` (after ``def __iter__`` and a marker)
says where the method belongs: in Names. A chunk anchored by a line that also stands elsewhere
(``return True``) can land in another class, or inside another method, and still parse. The
definition that holds a new header in the output must be the one the snippet shows above it at a
shallower indentation.

    >>> snippet = ["class Names:", "    def __iter__(self):", "    def ping(self):", "        return True"]
    >>> snippet_holder(snippet, 2)
    'Names'
    >>> snippet_holder(snippet, 3) is None  # the nearest shallower line is a header, but not its own
    False
"""

from __future__ import annotations

from fastapply.merge.text.lines import indent_width
from fastapply.merge.text.normal import keyword_definition
from fastapply.merge.text.syntax import holder, short_name


def snippet_holder(lines: list[str], row: int) -> str | None:
    """The name the nearest line above ``row`` at a shallower indentation opens a definition of
    (``class Names:``, ``def run(``), in the snippet's code lines (markers left out); None when that
    line opens none (an ``if``, a label, an assignment) or there is none."""
    width = indent_width(lines[row])
    for line in reversed(lines[:row]):
        if line.strip() and indent_width(line) < width:
            return keyword_definition(line)
    return None


def misplaced(defs, new_headers: dict[int, int], snippet: list[str]) -> list[tuple[int, str, str | None]]:
    """(merged row, the snippet's holder, the output's holder) for each new definition header
    (``new_headers``: merged row -> snippet code line) that another definition holds in the output."""
    found = []
    for d in defs:
        at = new_headers.get(d.header)
        if at is None:
            continue
        wanted = snippet_holder(snippet, at)
        if wanted is None:
            continue
        wanted = short_name(wanted)  # "class Devise::RegistrationsController" holds it as RegistrationsController
        held_by = holder(d, defs)
        name = short_name(held_by.name) if held_by is not None else None
        if name != wanted:
            found.append((d.header, wanted, name))
    return found
