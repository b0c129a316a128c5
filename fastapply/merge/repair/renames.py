"""A rename the instruction states, made throughout the original before the snippet is placed.

"Rename the isTrue helper to parseBoolTag and update all of its callers", with a snippet that shows
the renamed function and three renamed call lines, each alone between markers: taken literally, the
call lines anchor nowhere (the file says ``isTrue(...)``) and the callers the snippet does not show
keep the old name. A person applying it renames the symbol first, then reads the snippet against
that file, where every line it shows is found again. This module builds that file, and says when
the literal merge needs it:

- the rename must be evidenced: the old name reads as code (``wording.renames``), stands in the
  original as a whole word, the new name stands in the snippet and nowhere in the original (so no
  two things merge into one name);
- "in NAME" (a definition of the file) limits the rename to that definition; in an HTML page, the
  rename is made in its scripts only, not in its markup;
- it is used only where the literal merge is unsure or keeps the old name somewhere; a merge that
  already renamed every place stays as it is.

The file served from it carries a note (``stated_rename``) naming each rename and how many places
it changed.

    >>> original = "def is_true(s):\\n    return s == 'y'\\n\\n\\ndef load(t):\\n    return is_true(t)\\n"
    >>> found = stated_rename(original, "def parse_bool(s):\\n# ...\\n", "Rename is_true to parse_bool.", "python")
    >>> found.renames, found.places
    ((('is_true', 'parse_bool'),), 2)
    >>> print(found.text.splitlines()[-1])
        return parse_bool(t)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fastapply.merge.repair.wording import renamed_word, renames
from fastapply.merge.text.normal import whole_word
from fastapply.merge.text.syntax import definitions, short_name


@dataclass(frozen=True)
class StatedRename:
    text: str  # the original with every rename made
    renames: tuple[tuple[str, str], ...]  # (old, new), as the instruction states them
    places: int  # occurrences renamed
    words: tuple[re.Pattern, ...] = ()  # where each old name stands as the thing renamed


def stated_rename(original: str, snippet: str, instruction: str, language: str | None) -> StatedRename | None:
    """The original with the instruction's evidenced renames made (within the definition "in NAME"
    points at, if any), or None when the instruction states none that the inputs bear out."""
    done: list[tuple[str, str]] = []
    words = []
    lines = original.splitlines(keepends=True)
    places = 0
    for old, new in renames(instruction):
        before, after = renamed_at(old, new, instruction, original, language), whole_word(new)
        if not before.search(original) or not after.search(snippet) or after.search(original):
            continue
        rows = _scope(original, instruction, old, language) or code_rows(lines, language)
        written: object = new
        if "name" in before.groupindex:  # (a PHP property: the name after "->", "::$", its declaration)
            written = _name_replaced(new.lstrip("$"))
        for row in rows:
            lines[row], n = before.subn(written, lines[row])
            places += n
        done.append((old, new))
        words.append(before)
    if not done or not places:
        return None
    return StatedRename("".join(lines), tuple(done), places, tuple(words))


def _name_replaced(new: str):
    """A replacement that writes `new` for the match's ``name`` group and keeps what stands before it."""
    return lambda m: m.group(0)[: m.start("name") - m.start()] + new


def renamed_at(old: str, new: str, instruction: str, original: str, language: str | None) -> re.Pattern:
    """Where ``old`` stands as the thing the instruction renames (``wording.renamed_word``); for a
    PHP ``$name`` the file declares as a property (under either name: the file may be renamed
    already), where that property stands (``_php_uses``): a bare ``$name`` there is a local variable
    of the same name."""
    if language == "php" and old.startswith("$") and (_php_property(original, old) or _php_property(original, new)):
        return _php_uses(old[1:])
    return renamed_word(old, instruction)


_PHP_DECLARED = r"\b(?:public|protected|private|var|readonly)\s+(?:(?:static|readonly)\s+)*(?:\??[\w\\|]+\s+)?\$"


def _php_property(original: str, old: str) -> bool:
    """Whether a PHP ``$name`` the instruction renames is a property the file declares: written
    ``->name`` or ``::$name`` wherever it is used, where a bare ``$name`` is a local variable.

    >>> _php_property("class A {\\n    private ?string $err = null;\\n", "$err"), _php_property("$err = 1;", "$err")
    (True, False)
    """
    return re.search(_PHP_DECLARED + re.escape(old[1:]) + r"\b", original) is not None


def _php_uses(name: str) -> re.Pattern:
    """Where a PHP property stands: its declaration, ``->name`` (not a method call), ``::$name``;
    the group ``name`` is the name itself.

    >>> [m.group(0) for m in _php_uses("err").finditer("private $err; $err = $this->err; $this->err(); self::$err")]
    ['private $err', '->err', '::$err']
    """
    return re.compile(rf"(?:{_PHP_DECLARED}|->|::\$)(?P<name>{re.escape(name)})\b(?!\s*\()")


_SCRIPT_OPEN = re.compile(r"<script\b[^>]*>", re.IGNORECASE)
_SCRIPT_CLOSE = re.compile(r"</script\s*>", re.IGNORECASE)
_HANDLER = re.compile(r"\son\w+\s*=", re.IGNORECASE)


def code_rows(lines: list[str], language: str | None) -> list[int]:
    """The rows a code name can stand on: every row, but in an HTML page only the rows of its
    ``<script>`` blocks and of ``on...=`` handler attributes (the rest is markup and text, where
    the same word is a class name or prose: ``<div class="alert">`` is no use of a variable
    ``alert``).

    >>> code_rows(['<div class="alert">', "<script>", "var alert = 1;", "</script>"], "html")
    [1, 2, 3]
    """
    if language != "html":
        return list(range(len(lines)))
    rows, inside = [], False
    for row, line in enumerate(lines):
        opens = bool(_SCRIPT_OPEN.search(line))
        if inside or opens or _HANDLER.search(line):
            rows.append(row)
        if opens:
            inside = True
        if _SCRIPT_CLOSE.search(line):
            inside = False
    return rows


def _scope(original: str, instruction: str, old: str, language: str | None) -> list[int] | None:
    """The rows of the definition the rename's sentence places it in ("in useField"), when that
    definition holds the old name; None: the whole file. Where the sentence lists its callers'
    definitions ("update its callers in multiply(), divide() and roundToUnit()", or its one
    "caller in set_input"), the rows of each of them, and the header of the definition renamed
    (its body may call another thing of that name: ``$calculator::round``)."""
    sentence = next((s for s in re.split(r"(?<=[.;])\s", instruction) if old in s), instruction)
    if EVERYWHERE.search(sentence):
        return None  # "everywhere in croutine.c: its prototype, its definition and the call in f"
    listed = []
    for m in _SCOPE_LIST.finditer(sentence):
        names = [_BARE_NAME.sub(r"\1", n) for n in _LIST_SEP.split(m.group(1)) if not is_file_name(n)]
        # (a list ends with "and": "in process, rename x" names one place)
        listed += names if re.search(r"\sand\s", m.group(1)) else names[:1]
    wanted = set(listed) - {old}
    if not wanted or language is None:
        return None
    lines = original.splitlines()
    defs = definitions(original, language)
    holding = [
        d
        for d in defs
        if d.name.split()[-1] in wanted and any(whole_word(old).search(x) for x in lines[d.start : d.end + 1])
    ]
    callers = _CALLERS.search(sentence) is not None  # "update its caller in set_input": not the rename's place
    if (len(wanted) == 1 and not callers) or not holding:
        return list(range(holding[0].start, holding[0].end + 1)) if holding else None
    rows = {r for d in holding for r in range(d.start, d.end + 1)}
    return sorted(rows | {d.header for d in defs if short_name(d.name) == old})


EVERYWHERE = re.compile(r"\b(?:everywhere|throughout)\b", re.I)
_FILE_NAME = re.compile(
    r"\.(?:c|h|cc|cpp|hpp|cs|go|rs|py|rb|php|js|jsx|ts|tsx|java|kt|kts|scala|swift|lua|css|scss|html?|ya?ml|json|md|sh)`?$"
)


def is_file_name(name: str) -> bool:
    """Whether a place an instruction names is a file ("in croutine.c"), not a definition of it.

    >>> is_file_name("croutine.c"), is_file_name("IFakeCallProcessor.Process")
    (True, False)
    """
    return _FILE_NAME.search(name.strip("`()")) is not None


_CALLERS = re.compile(r"\b(?:callers?|call sites?|calls|usages?|uses?)\s+(?i:in|inside|within)\b")


# a place: a name, qualified or not ("in IFakeCallProcessor.Process": the method Process)
_PLACE_NAME = r"`?[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*(?:\(\))?`?"
_SCOPE_LIST = re.compile(
    rf"\b(?i:in|inside|within)\s+({_PLACE_NAME}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_PLACE_NAME})*)"
)
_LIST_SEP = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_BARE_NAME = re.compile(r"^`?(?:[A-Za-z_$][\w$]*(?:\.|::))*([A-Za-z_$][\w$]*)(?:\(\))?`?$")


def needs_rename(rename: StatedRename, merged: str | None, confident: bool) -> bool:
    """Whether the literal merge leaves the rename undone: unsure, or the old name still in its file."""
    if merged is None or not confident:
        return True
    return any(word.search(merged) for word in rename.words)
