"""What an instruction asks for that the merged file must show: names it says to remove are gone,
code it says to move is not left at its old place as well (``instruction_not_applied``). Which
names those are comes from the wording (``wording``)."""

from __future__ import annotations

import re
from collections import Counter

from fastapply.merge.repair.renames import EVERYWHERE, code_rows, is_file_name, renamed_at
from fastapply.merge.repair.wording import (
    _CLAUSE_END,
    _RENAME,
    _REPLACEMENT,
    asks_deletion,
    asks_removal,
    moved_names,
    named,
    removal_clauses,
    renames,
    replace_verbs,
    replacements,
    says_place,
)
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import definition_key, is_comment_line, norm, whole_word
from fastapply.merge.text.syntax import definitions


def instruction_not_applied(
    original: str, merged: str, instruction: str, snip: list[str] = (), lang=None
) -> tuple[str, ...]:
    """The names an instruction asks to remove that the merged file keeps: no rarer than in the
    original, or still on a line the snippet does not show (the snippet left the deletion under a
    marker) while the file defines the name as often as before (a method that went may still be
    called or mentioned elsewhere: those lines are not the definition kept). With "from/in NAME"
    naming a definition, only that definition's lines count, so "remove the unused x parameter
    from f" is not contradicted by an x elsewhere; with a place that is no definition ("from
    `.main.menu`"), fewer of the name is the removal made, and so is it for a use replaced at a
    place ("use X instead of Y in f", none of Y left in f where f is a definition). () when nothing is asked or all of it
    went."""
    if not instruction:
        return ()
    # edits stated in words alone: a quoted typo fixed, a modifier added to a declaration
    undone = typos_kept(original, merged, instruction) + modifiers_missing(original, merged, instruction)
    if undone:
        return undone
    old_lines = {norm(line) for line in original.splitlines()}
    new_lines = [line for line in snip if norm(line) not in old_lines]  # (a moved helper's new callers)
    copied = tuple(
        n
        for n in moved_names(instruction)
        if n in original
        and (
            _names_defined(merged, lang)[n] > _names_defined(original, lang)[n]
            or merged.count(n) - original.count(n) > sum(line.count(n) for line in new_lines)
        )
    )
    if copied:
        return copied  # a move that left the old copy in place
    renamed = renamed_kept(original, merged, instruction, snip, lang)
    if renamed or not asks_removal(instruction):
        return renamed
    # names the file defines once: "the parse overloads" may mean some of several
    defined = frozenset(name for name, n in _names_defined(original, lang).items() if n == 1)
    names = [w for w in (_as_written(n, original) for n in dict.fromkeys(named(instruction, defined))) if w]
    defined_before = Counter(_last(d.name) for d in definitions(original, lang)) if lang is not None else Counter()
    # "java.util.ResourceBundle" written as the file writes it: what goes is that, not every
    # ResourceBundle (but "Router.normalize_path" goes with the normalize_path the file defines)
    names = [
        n
        for n in names
        if defined_before[n] or not any(q != n and q.endswith(n) and q[-len(n) - 1] in ".:>" for q in names)
    ]
    if not names:
        return ()
    merged = _without_replacements(merged, instruction, lang)  # a helper's body may hold the replaced code
    scoped_before, scoped_after = _scoped(original, instruction, lang), _scoped(merged, instruction, lang)
    shown = {norm(line) for line in snip if line.strip() and not is_marker_line(line, lang)}
    defined_after = Counter(_last(d.name) for d in definitions(merged, lang)) if lang is not None else Counter()
    clauses = removal_clauses(instruction)
    placed = any(says_place(clause) for clause in clauses)
    # "use X instead of Y in f": a use replaced at a place, not every Y removed ("replace" asks that,
    # and so does a removal, unless Y is what "instead of" names: "..., and remove the old copy")
    replacing = not replace_verbs(instruction) and says_place(instruction)
    instead = " ".join(m.group(0) for m in replacements(instruction))
    # what "instead of" / "rather than" replaces, as written, when it is more than a name
    replaced = [
        p for p in (_first_token(m.group(2)) for m in replacements(instruction)) if p and not _BARE.fullmatch(p)
    ]
    commented = _COMMENTED_OUT.search(instruction) is not None
    kept = []
    for name in names:
        # Go declares methods beside their type: a scope that does not hold the name says nothing.
        before, after = (scoped_before, scoped_after) if name in scoped_before else (original, merged)
        if any(name in phrase and _uses(phrase, merged) < _uses(phrase, original) for phrase in replaced):
            continue  # "... instead of --this->end()": the expression went, its name is used anew
        if commented and _comments_with(name, merged) < _comments_with(name, original):
            continue  # "drop the commented-out `error` local": a comment went; the live `error` calls stay
        # (counted as a whole word: "isSafeString" is no use of SafeString)
        uses_before, uses_after = (len(whole_word(name).findall(text)) for text in (before, after))
        if uses_after >= uses_before > 0:
            # "skip them instead of raising X", with X kept in a branch the snippet shows: a
            # replacement made where asked, the old use written on purpose where it stays
            if not asks_deletion(instruction) and _only_where_shown(name, after, shown):
                continue
            kept.append(name)
        elif defined_after[_last(name)] < defined_before[_last(name)] or _declared(name, merged) == 0 < _declared(
            name, original
        ):
            continue  # a definition of that name went (or every line declaring it): what still says it uses it
        elif placed and before is original and _fewer(name, before, after):
            continue  # fewer of it, at a place the instruction names that is no definition (a CSS rule)
        elif (
            replacing
            and (not asks_deletion(instruction) or name in instead)
            and _fewer(name, before, after)
            and (before is original or not whole_word(name).search(after))
        ):
            continue  # "use X instead of Y in f": made where the snippet shows it; another Y is another use
        elif not _only_where_shown(name, after, shown):
            kept.append(name)
    return tuple(kept)


def _names_defined(text: str, lang: str | None) -> Counter:
    """How many definitions of each name (its last word: "fun sink" is sink) the file holds; none
    where its language is not known."""
    return Counter(d.name.split()[-1] for d in definitions(text, lang)) if lang is not None else Counter()


def _only_where_shown(name: str, text: str, shown: set[str]) -> bool:
    """Whether every line of ``text`` that says ``name`` is one the snippet shows."""
    return all(norm(line) in shown for line in text.splitlines() if name in line)


def _uses(phrase: str, text: str) -> int:
    """How often ``text`` holds the code an instruction quotes, where its ``()`` is any call's
    argument list ("filter()[0]" is ``.filter(t => t.name === name)[0]``).

    >>> _uses("filter()[0]", "a.filter(t => t.ok)[0]; b.filter(f)"), _uses("--this->end()", "--this->end()")
    (1, 1)
    """
    return len(re.findall(re.escape(phrase).replace(r"\(\)", r"\([^()]*\)"), text))


# "fix the 'preppended' typo", "correct the misspelled `recieve`", "the typo 'teh'": the word quoted
_TYPO = re.compile(
    r"""['"`]([A-Za-z]{3,})['"`]\s+(?:typo|misspelling)s?\b"""
    r"""|\b(?:typo|misspell(?:ing|ed)?)\s+(?:of\s+|in\s+)?['"`]([A-Za-z]{3,})['"`]""",
    re.I,
)


def typos_kept(original: str, merged: str, instruction: str) -> tuple[str, ...]:
    """Words the instruction quotes as typos to fix that the merged file still writes as often as
    the original (a fix stated in words, its line left under a marker).

    >>> typos_kept("// text preppended\\n", "// text preppended\\n", "Fix the 'preppended' typo in the comment.")
    ('preppended',)
    >>> typos_kept("// text preppended\\n", "// text prepended\\n", "Fix the 'preppended' typo in the comment.")
    ()
    """
    words = [a or b for a, b in _TYPO.findall(instruction)]
    return tuple(
        w
        for w in dict.fromkeys(words)
        if 0 < len(whole_word(w).findall(original)) <= len(whole_word(w).findall(merged))
    )


# "make the subscriberInfoIndexes field final", "make `cache` private and static"
_MAKE = re.compile(
    r"\bmake\s+(?:the\s+|its\s+)?`?([A-Za-z_$][\w$]*)`?\s+(?:(?:field|variable|property|member|constant|method|"
    r"function|class|parameter)\s+)?((?:final|static|private|public|protected|const|readonly|internal|sealed|"
    r"abstract|volatile|transient|lateinit)(?:\s*(?:,|and)\s*(?:final|static|private|public|protected|const|"
    r"readonly|internal|sealed|abstract|volatile|transient|lateinit))*)\b",
    re.I,
)


def modifiers_missing(original: str, merged: str, instruction: str) -> tuple[str, ...]:
    """Names the instruction makes final, static, private... ("make the x field final") whose every
    declaring line (``definition_key``) in the merged file still lacks that modifier, where the
    original declares them.

    >>> java = "    private final int n;\\n    private List x;\\n"
    >>> modifiers_missing(java, java, "Make the x field final.")
    ('x',)
    >>> modifiers_missing(java, java.replace("e List", "e final List"), "Make x final.")
    ()
    """
    found = []
    for match in _MAKE.finditer(instruction):
        name, wanted = match.group(1), re.findall(r"[a-z]+", match.group(2).lower())
        wanted = [w for w in wanted if w != "and"]
        declared = [line for line in merged.splitlines() if definition_key(line) == name]
        # (only where the file writes such modifiers on its declarations: Ruby's `private` is a line of its own)
        inline = any(
            definition_key(line) not in (None, name) and all(re.search(rf"\b{w}\b", line) for w in wanted)
            for line in original.splitlines()
        )
        if (
            inline
            and _declared(name, original)
            and declared
            and all(any(not re.search(rf"\b{w}\b", line) for w in wanted) for line in declared)
        ):
            found.append(name)
    return tuple(found)


_BARE = re.compile(r"[A-Za-z_$][\w$]*(?:\(\))?")


def _first_token(words: str | None) -> str:
    """The first word of what "instead of" names, without quotes or a sentence's full stop."""
    return words.split()[0].strip("`").rstrip(".").strip("`") if words else ""


_COMMENTED_OUT = re.compile(r"\bcommented[- ]out\b", re.I)


def _comments_with(name: str, text: str) -> int:
    return sum(is_comment_line(line) and name in line for line in text.splitlines())


def _as_written(name: str, original: str) -> str | None:
    r"""The name as the file writes it: itself, or a name of several words with other spacing ("a
    em, a i" for a selector list the file spreads over two lines); None when the file lacks it.

    >>> _as_written("a em, a i", "a b {}\na em,\na i {\n  color: red;\n}\n")
    'a em,\na i'
    """
    if name in original:
        return name
    if not re.search(r"\s", name.strip()):
        return None
    found = re.search(r"\s+".join(map(re.escape, name.split())), original)
    return found.group(0) if found else None


def _fewer(name: str, before: str, after: str) -> bool:
    """Whether `after` says the name, as a whole word, fewer times than `before` ("Figma" is not
    in "FigmaIcon")."""
    word = whole_word(name)
    return len(word.findall(after)) < len(word.findall(before))


def _declared(name: str, text: str) -> int:
    """Lines of ``text`` that declare ``name`` (``definition_key``): a class constant, a field, an
    assignment, beside the definitions a syntax tree lists.

    >>> _declared("REMOVE", "    public const REMOVE = Visitor::REMOVE;\\n    return Visitor::REMOVE;\\n")
    1
    """
    return sum(definition_key(line) == name for line in text.splitlines())


def _last(name: str) -> str:
    """The defined name a qualified or headed one ends with: "Pipe.sink" and "fun sink" are sink."""
    return re.split(r"::|->|\.|\s", name.strip())[-1]


_SENTENCE_END = re.compile(r"\.(?=\s|$)")  # not the dot of "FakeManager.RecordCall"


def renamed_kept(original: str, merged: str, instruction: str, snip, lang) -> tuple[str, ...]:
    """Old names of a rename that the merged file keeps, as a whole word, on a line the snippet does
    not show, within the definition the rename names ("in ChannelTurbine") if any, where code
    stands (an HTML page's scripts, not its markup)."""
    kept = []
    shown = {norm(line) for line in snip if line.strip() and not is_marker_line(line, lang)}
    for name, new in renames(instruction):
        word = renamed_at(name, new, instruction, original, lang)
        if not word.search(original):
            continue
        clauses = [m.group(0) + _SENTENCE_END.split(instruction[m.end() :])[0] for m in _RENAME.finditer(instruction)]
        # "everywhere in croutine.c: its prototype, ... and the call in f": the whole file
        scope = merged if any(EVERYWHERE.search(c) for c in clauses) else _scoped(merged, instruction, lang, clauses)
        lines = scope.splitlines()
        if any(word.search(lines[row]) and norm(lines[row]) not in shown for row in code_rows(lines, lang)):
            kept.append(name)
    return tuple(kept)


# (a qualified place names its last part: "in IFakeCallProcessor.Process" is the method Process)
_SCOPE = re.compile(
    r"\b(?:from|in|inside|within)\s+`?(?:[A-Za-z_$][\w$]*(?:\.|::))*([A-Za-z_$][\w$]*)(?:\(\))?`?", re.I
)


def _places(clauses: list[str]) -> set[str]:
    """The definitions the clauses' "from/in NAME" name (a file, "in croutine.c", names none)."""
    return {m.group(1) for clause in clauses for m in _SCOPE.finditer(clause) if not is_file_name(m.group(0))}


def scope_rows(text: str, instruction: str, lang) -> set[int] | None:
    r"""Rows below the header of each definition the removal clauses' "from/in NAME" points at in
    ``text``; None when they point at none ("drop the X special case in getpagesize": only
    getpagesize's body rows; getpagesize itself is the place, not what goes).

    >>> scope_rows("int f() {\n  a();\n}\nint g() {\n  a();\n}\n", "Drop the a() call in g.", "c")
    {4, 5}
    """
    wanted = _places(removal_clauses(instruction))
    if not wanted or lang is None:
        return None
    rows = {
        row for d in definitions(text, lang) if d.name.split()[-1] in wanted for row in range(d.header + 1, d.end + 1)
    }
    return rows or None


def _scoped(text: str, instruction: str, lang, clauses: list[str] | None = None) -> str:
    """The lines of the definition the instruction's "from/in NAME" points at (in its removal
    clauses, or the ``clauses`` given); all of ``text`` when there is none (or it is not a
    definition of ``text``)."""
    clauses = removal_clauses(instruction) if clauses is None else clauses
    wanted = _places(clauses)
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
    for match in replace_verbs(instruction):
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
