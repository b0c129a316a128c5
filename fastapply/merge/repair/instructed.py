"""What an instruction asks for that the merged file must show: names it says to remove are gone,
code it says to move is not left at its old place as well (``instruction_not_applied``)."""

from __future__ import annotations

import re
from collections import Counter

from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import norm, whole_word
from fastapply.merge.text.syntax import definitions

_DELETE_VERB = re.compile(r"\b(remove|removes|delete|deletes|drop|drops|get rid of|strip out)\b", re.I)
_IDENTIFIER = re.compile(
    r"`([^`]+)`|(/[\w\-./:{}]*\w|[A-Za-z_$][\w$]*<[^<>\s]+>|[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*(?:\(\))?)"
)  # a generic type ("From<&Method>") is as much a name as a call


_KIND_NOUN = re.compile(
    r"\b([A-Za-z_$][\w$]*)\s+(?:method|function|func|class|entry|import|field|property|"
    r"option|route|struct|constant|hook|component|prop|helper|getter|setter|accessor|"
    r"attribute|variable|macro|module|endpoint|case|branch|overload|impl|trait|enum|interface|decorator)s?\b"
)
_TITLED = re.compile(
    "(?i:" + _DELETE_VERB.pattern + r")\s+the\s+((?:[A-Z][\w-]*\s+){2,3})"
    r"(?:section|block|group|entry|rule|comment|note|heading|example|demo|panel|card|item|link|"
    r"button)s?\b"
)
_OBJECT = re.compile(_DELETE_VERB.pattern + r"\s+((?:\S+\s+){0,3}\S+)", re.I)
# "replace X with Y", "X instead of Y" / "rather than Y": the old thing goes too.
_REPLACED = re.compile(
    r"\breplac(?:e|es|ing)\s+((?:\S+\s+){0,3}?\S+?)\s+(?:with|by)\b|\b(?:instead\s+of|rather\s+than)\s+((?:[^\s,;]+\s+){0,2}[^\s,;]+)",  # not past the clause
    re.I,
)
_PLACE = re.compile(r"\s(?:in|inside|within)\s+(?:the\s+)?\S+")
_CONSTANT = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{5,}$")  # TIMEOUT, MAX_RETRIES


def asks_removal(instruction: str) -> bool:
    """Whether the instruction asks for code to go: removed, deleted, dropped, or replaced."""
    return asks_deletion(instruction) or bool(_replaced(instruction)) or bool(_REPLACE_VERB.search(instruction))


def asks_deletion(instruction: str) -> bool:
    """Whether the instruction asks for code to go without a replacement: removed, deleted, dropped."""
    return bool(instruction) and _DELETE_VERB.search(instruction) is not None


def _replaced(instruction: str) -> str:
    """The words naming what a "replace X with Y" / "instead of X" instruction replaces."""
    return " ".join(next(filter(None, m.groups()), "") for m in _REPLACED.finditer(instruction))


def _named(instruction: str, defined: frozenset[str] = frozenset()) -> list[str]:
    """Code-like names right after a deletion verb (the thing removed, within four words):
    backticked spans (only those, when the removal's clause quotes any), calls,
    dotted/underscored/camelCase words."""
    # What the removal clause quotes is exactly what goes: `matchErr = nil`, not every matchErr.
    quoted = [q for clause in _removal_clauses(instruction) for q in re.findall(r"`([^`]+)`", clause)]
    if quoted:
        return [q.removesuffix("()") for q in quoted]
    names = []
    objects = " ".join(
        [match.group(2) for match in _OBJECT.finditer(instruction)] + [_replaced(instruction), _listed(instruction)]
    )
    objects = _PLACE.sub(" ", objects)  # "NULL in RE2::Set::Add": the place is not what goes
    for ticked, word in _IDENTIFIER.findall(objects):
        token = ticked or word
        if ticked or token.endswith("()") or re.search(r"[_.$:/<]|[a-z][A-Z]|->", token) or _CONSTANT.match(token):
            names.append(token.removesuffix("()"))
            member = re.split(r"::|->|\.", token.removesuffix("()"))[-1]
            if member != names[-1] and re.search(r"_|[a-z][A-Z]", member):
                names.append(member)  # Route::getCallableResolver: the file says getCallableResolver
    # "the Push method", "the pformat helper" (a name the file defines once), not "the demo route"
    names += [w for w in _KIND_NOUN.findall(objects) if w[:1].isupper() or w in defined]
    names += [" ".join(m.group(2).split()) for m in _TITLED.finditer(instruction)]  # "the Media Queries section"
    return names


_LIST = re.compile(r"(?:[^\s:.;]+\s+){0,5}?[^\s:.;]*:\s+(.+?)(?:[.;](?:\s|$)|\n|$)")
_ABOUT = re.compile(r"\s+(?:it|that|which|who|they|we|since|because)\s", re.I)
_ITEM_SEP = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*/\s*")


def _listed(instruction: str) -> str:
    """What a removal lists after a colon: "remove the buffer option: its handling, createBufferStream
    and DEFAULT_BUFFER_DURATION" names all three, past the four words after the verb.

    >>> _listed("Remove the deprecated buffer option: createBufferStream and DEFAULT_DURATION. Add x: y")
    'createBufferStream DEFAULT_DURATION'
    """
    found = []
    for verb in _DELETE_VERB.finditer(instruction):
        match = _LIST.match(instruction, verb.end() + 1)
        # "the Skeleton import it was the only user of": an item ends where a clause about it starts
        items = [_ABOUT.split(item)[0] for item in _ITEM_SEP.split(match.group(1).strip())] if match else []
        if items and all(0 < len(item.split()) <= 4 for item in items):  # a list, not a reason
            found.append(" ".join(items))
    return " ".join(found)


def instruction_not_applied(
    original: str, merged: str, instruction: str, snip: list[str] = (), lang=None
) -> tuple[str, ...]:
    """The names an instruction asks to remove that the merged file keeps: no rarer than in the
    original, or still on a line the snippet does not show (the snippet left the deletion under a
    marker) while the file defines the name as often as before (a method that went may still be
    called or mentioned elsewhere: those lines are not the definition kept). With "from/in NAME" naming a definition, only that definition's lines count, so
    "remove the unused x parameter from f" is not contradicted by an x elsewhere. () when nothing
    is asked or all of it went."""
    if not instruction:
        return ()
    copied = tuple(n for n in moved_names(instruction) if n in original and merged.count(n) > original.count(n))
    if copied:
        return copied  # a move that left the old copy in place
    renamed = _renamed_kept(original, merged, instruction, snip, lang)
    if renamed or not asks_removal(instruction):
        return renamed
    # names the file defines once: "the parse overloads" may mean some of several
    counts = Counter(d.name.split()[-1] for d in definitions(original, lang)) if lang is not None else Counter()
    defined = frozenset(name for name, n in counts.items() if n == 1)
    names = [n for n in dict.fromkeys(_named(instruction, defined)) if n in original]
    if not names:
        return ()
    merged = _without_replacements(merged, instruction, lang)  # a helper's body may hold the replaced code
    scoped_before, scoped_after = _scoped(original, instruction, lang), _scoped(merged, instruction, lang)
    shown = {norm(line) for line in snip if line.strip() and not is_marker_line(line, lang)}
    defined_before = Counter(_last(d.name) for d in definitions(original, lang)) if lang is not None else Counter()
    defined_after = Counter(_last(d.name) for d in definitions(merged, lang)) if lang is not None else Counter()
    kept = []
    for name in names:
        # Go declares methods beside their type: a scope that does not hold the name says nothing.
        before, after = (scoped_before, scoped_after) if name in scoped_before else (original, merged)
        if after.count(name) >= before.count(name) > 0:
            kept.append(name)
        elif defined_after[_last(name)] < defined_before[_last(name)]:
            continue  # a definition of that name went: what still says it calls or mentions it
        elif any(name in line and norm(line) not in shown for line in after.splitlines()):
            kept.append(name)
    return tuple(kept)


def _last(name: str) -> str:
    """The defined name a qualified or headed one ends with: "Pipe.sink" and "fun sink" are sink."""
    return re.split(r"::|->|\.|\s", name.strip())[-1]


_RENAME = re.compile(
    r"\brenam(?:e|es|ing)\s+(?:the\s+)?(?:\w+\s+)?`?([A-Za-z_$][\w$]*)(?:\(\))?`?\s+(?:to|into|as)\s+`?[A-Za-z_$]",
    re.I,
)


def renamed_names(instruction: str) -> list[str]:
    """The old names of "rename X to Y", when X reads as code (snake_case, camelCase, a constant).

    >>> renamed_names("Rename ignoreRemainingEvents to ignoreUnconsumedEvents in ChannelTurbine.")
    ['ignoreRemainingEvents']
    """
    names = [m.group(1) for m in _RENAME.finditer(instruction or "")]
    return [n for n in names if re.search(r"_|[a-z][A-Z]", n) or _CONSTANT.match(n)]


def _renamed_kept(original: str, merged: str, instruction: str, snip, lang) -> tuple[str, ...]:
    """Old names of a rename that the merged file keeps, as a whole word, on a line the snippet does
    not show, within the definition the rename names ("in ChannelTurbine") if any."""
    kept = []
    shown = {norm(line) for line in snip if line.strip() and not is_marker_line(line, lang)}
    for name in renamed_names(instruction):
        word = whole_word(name)
        if not word.search(original):
            continue
        scope = _scoped(
            merged,
            instruction,
            lang,
            clauses=[m.group(0) + instruction[m.end() :].split(".")[0] for m in _RENAME.finditer(instruction)],
        )
        if any(word.search(line) and norm(line) not in shown for line in scope.splitlines()):
            kept.append(name)
    return tuple(kept)


_MOVE = re.compile(r"\b(?:move|moves|hoist|hoists|relocate|relocates)\s+((?:\S+\s+){0,5}\S+)", re.I)
_QUOTED = re.compile(r"'([^'\n]{3,})'|\"([^\"\n]{3,})\"|`([^`\n]+)`")


def moved_names(instruction: str) -> list[str]:
    """Code an instruction asks to move: quoted spans and code-like names right after the verb."""
    names = []
    for match in _MOVE.finditer(instruction):
        objects = match.group(1)
        quoted = [next(filter(None, q)) for q in _QUOTED.findall(objects)]
        names += quoted
        rest = _QUOTED.sub(" ", objects)
        names += [w for w in re.findall(r"[A-Za-z_$][\w$]*", rest) if re.search(r"_|[a-z][A-Z]", w)]
    return list(dict.fromkeys(names))


_SCOPE = re.compile(r"\b(?:from|in|inside|within)\s+`?([A-Za-z_$][\w$]*)(?:\(\))?`?", re.I)


_CLAUSE_END = re.compile(r"[.;:,]\s|\s(?:and|then|but)\s")


_REPLACE_VERB = re.compile(r"\breplac(?:e|es|ing)\b", re.I)
_REPLACEMENT = re.compile(r"\s(?:with|by)\s", re.I)


def _removal_clauses(instruction: str) -> list[str]:
    """The clauses that ask for a removal ("remove x from f", up to the next , ; . or "and"; "replace
    x", up to its "with"): a scope named in another clause ("print the byte in f, and delete g") is
    not the removal's, nor is the replacement what goes.

    >>> _removal_clauses("Replace the repeated `n -= 1` lines with calls to `dec()`, and drop `tmp` from f")
    ['drop `tmp` from f', 'Replace the repeated `n -= 1` lines']
    """
    clauses = []
    for verb, end_at in ((_DELETE_VERB, _CLAUSE_END), (_REPLACE_VERB, _REPLACEMENT)):
        for match in verb.finditer(instruction):
            rest = instruction[match.start() :]
            end = end_at.search(rest)
            clauses.append(rest[: end.start()] if end else rest)
    return clauses


def scope_rows(text: str, instruction: str, lang) -> set[int] | None:
    r"""Rows of the definitions the removal clauses' "from/in NAME" points at in ``text``; None when
    they point at none ("drop the X special case in getpagesize": only getpagesize's rows).

    >>> scope_rows("int f() {\n  a();\n}\nint g() {\n  a();\n}\n", "Drop the a() call in g.", "c")
    {3, 4, 5}
    """
    wanted = {m.group(1) for clause in _removal_clauses(instruction) for m in _SCOPE.finditer(clause)}
    if not wanted or lang is None:
        return None
    rows = {row for d in definitions(text, lang) if d.name.split()[-1] in wanted for row in range(d.start, d.end + 1)}
    return rows or None


def _scoped(text: str, instruction: str, lang, clauses: list[str] | None = None) -> str:
    """The lines of the definition the instruction's "from/in NAME" points at (in its removal
    clauses, or the ``clauses`` given); all of ``text`` when there is none (or it is not a
    definition of ``text``)."""
    clauses = _removal_clauses(instruction) if clauses is None else clauses
    wanted = {m.group(1) for clause in clauses for m in _SCOPE.finditer(clause)}
    if not wanted or lang is None:
        return text
    lines = text.splitlines()
    spans = [(d.start, d.end) for d in definitions(text, lang) if d.name.split()[-1] in wanted]
    if not spans:
        return text
    return "\n".join("\n".join(lines[a : b + 1]) for a, b in spans)


def _without_replacements(text: str, instruction: str, lang) -> str:
    r"""``text`` with the lines of the definitions a "replace X with (calls to) Y" names as Y left
    out: extracting repeated code into a helper leaves that code in the helper's body.

    >>> _without_replacements("def dec():\n    n -= 1\n\nn -= 1\n", "Replace `n -= 1` with calls to dec", "python")
    '\nn -= 1'
    """
    names = set()
    for match in _REPLACE_VERB.finditer(instruction):
        rest = instruction[match.end() :]
        with_ = _REPLACEMENT.search(rest)
        if with_:
            tail = rest[with_.end() :]
            end = _CLAUSE_END.search(tail)
            names.update(re.findall(r"[A-Za-z_$][\w$]*", tail[: end.start()] if end else tail))
    if not names or lang is None:
        return text
    lines = text.splitlines()
    gone = {row for d in definitions(text, lang) if d.name.split()[-1] in names for row in range(d.start, d.end + 1)}
    return "\n".join(line for row, line in enumerate(lines) if row not in gone)
