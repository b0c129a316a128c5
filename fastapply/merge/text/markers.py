"""Lazy markers: the comment lines with which an edit snippet elides unchanged code.

A marker is a whole line holding only a comment (``//``, ``#``, ``--``, ``;``, ``/* */``,
``<!-- -->``, JSX ``{/* */}``) whose text says "unchanged code stands here": an ellipsis
(``// ...``), or a short phrase such as ``... existing code ...``, ``rest of the file unchanged``
or ``same``. Ordinary comments that merely start with ``...`` or mention "existing" are not
markers: the phrase must be short, contain no code punctuation, and use the marker vocabulary.
"""

from __future__ import annotations

import functools
import re

from fastapply.merge.text.normal import LINE_CACHE

_COMMENT_FORMS = [
    re.compile(r"^\{\s*/\*+(?P<body>.*?)\*+/\s*\}$"),  # JSX {/* ... */}
    re.compile(r"^/\*+(?P<body>.*?)\*+/$"),
    re.compile(r"^<!--(?P<body>.*?)-->$"),
    re.compile(r"^\{-(?P<body>.*?)-\}$"),
    re.compile(r"^(?://+|#+|--+|;+|%+|')(?P<body>.*)$"),
    re.compile(r"^\*(?!/)(?P<body>.*)$"),  # a block comment's inner line: " * ... rest of the doc"
]
_ELLIPSIS = r"(?:\.{2,}|…)"
_ONLY_DOTS = re.compile(rf"^{_ELLIPSIS}$")
# Words that make an ellipsis comment a marker ("... existing code ...", "... other tests ...").
_MARKER_WORDS = re.compile(
    r"\b(existing|rest|same|unchanged|remaining|previous|prior|other|others|omitted|original|"
    r"keep|kept|more|etc|code|imports?|methods?|functions?|tests?|sections?|fields?|lines?|"
    r"implementation|content|body|logic|remainder|as before|elided|skipped|here|docstrings?|docs|"
    r"comments?|props|properties|options|entries|members|cases|params|parameters|arguments|handlers?|"
    r"stays?|remains?|as is|untouched|intact|unmodified|"
    # where the elided code sits: "... (earlier in the class) ...", "... inside removeListener ..."
    r"earlier|later|higher|lower|above|below|inside|within)\b",
    re.IGNORECASE,
)
# Marker phrases without an ellipsis: "keep existing code", "rest of the file unchanged", "same".
_PLAIN_FIRST = r"existing|remaining|rest\s+of(?:\s+the)?|unchanged|same|previous|other|original"
_PLAIN_PHRASE = re.compile(
    r"^(?:(?:keep|keeping|leave|leaving)\s+)?(?:the\s+|all\s+)?"
    rf"(?:{_PLAIN_FIRST})\b"
    r"(?P<tail>[\w\s]*)$",
    re.IGNORECASE,
)
_PLAIN_NOUN = re.compile(
    r"\b(code|file|implementation|contents?|methods|functions|imports|unchanged|same|as is|"
    r"as before|remains|stays|class|module|body)\b",
    re.IGNORECASE,
)
_SAME_AS = re.compile(
    r"(?:the\s+)?same(?:\s+(?:code|body|implementation|contents?|methods|functions|imports|class|module))?"
    r"(?:\s+(?:as\s+before|as\s+is|unchanged|remains|stays))?",
    re.IGNORECASE,
)
_PLACE_NOTE = re.compile(r"(?:in|into|at|on|for)\s+(?:the\s+)?[\w$.]+", re.IGNORECASE)
# what it stands for, named: a code name ("... onBecomeStale_ ..."), or a list of names, each maybe
# with a noun after it ("... diffValue accessors, schedule_ ...", "... toc item, Home, Work ...");
# one plain word is no name ("... links ..." may be prose)
_NAME = r"[\w$.]+(?: [a-z]+)?"
_NAME_LIST = re.compile(
    rf"[\w$.]*(?:[_$.]|[a-z][A-Z])[\w$.]*(?: [a-z]+)?|{_NAME}(?:,\s*(?:and\s+)?{_NAME})+(?:\s+and\s+{_NAME})?"
)
_CODE_PUNCT = re.compile(r"[(){}\[\];=<>\"'`]")
# An ellipsis, then a note that says where the next lines go ("... and in the head, next to x:").
_DIRECTION = re.compile(
    rf"^{_ELLIPSIS}\s*(?:and|then|also|plus|later|elsewhere|meanwhile|further)\s+"
    r"(?:(?:also|then|later|further|elsewhere)\s+)?(?:at|in|inside|near|next|up|down|below|"
    r"above|after|before|under|over|on|to|the|add|load|register|update|change|import)\b",
    re.IGNORECASE,
)
# "... (unchanged) ...", "... (rest of the code remains the same)": a parenthesised phrase after an
# ellipsis is still a phrase, not code.
_PAREN_PHRASE = re.compile(rf"^({_ELLIPSIS})\s*\(([\w\s,.'-]+)\)\s*((?:{_ELLIPSIS})?)$")


def _comment_body(stripped: str) -> str | None:
    for form in _COMMENT_FORMS:
        match = form.match(stripped)
        if match:
            return match.group("body").strip(" \t*-/#")
    return None


_PARENS = re.compile(r"\([^()]*\)")


# Between two ellipses, a marker phrase, then a clause that notes an exception (after a comma, or
# "except", "apart from": "... rest unchanged apart from f() using the new name ...").
_NOTED = re.compile(
    rf"({_ELLIPSIS}[^,;]+?)(?:\s*[,;]\s*(?:except|but|only|save)|\s+(?:except|apart\s+from|other\s+than))\b(.*?)({_ELLIPSIS})"
)
# Code a marker's note names ("... and earlier in request():", "rest of <head> unchanged",
# "the 'v' case"): a reference, not code, once the note reads as a marker.
_NAMED = re.compile(r"[\w$.]+\(\)|</?[\w-]+>|'[^'\s]{1,30}'|\"[^\"\s]{1,30}\"|`[^`]{1,40}`")
# A note with no ellipsis that says where the next lines go: "and in normalize():", "and earlier,
# in ParameterizedTypeImpl:" (an opening conjunction, a place word, a closing colon).
_WHERE_NOTE = re.compile(
    rf"^(?:{_ELLIPSIS}\s*)?(?:and|then|also|plus|meanwhile)\b[\w\s,]*?\b(?:at|in|inside|within|near|next|below|above|after|"
    r"before|under|over|earlier|later|elsewhere)\b[^:]*:$",
    re.IGNORECASE,
)


def _is_marker_phrase(body: str) -> bool:
    whole = re.fullmatch(r"\((.+)\)", body.strip())
    if whole:
        return _is_marker_phrase(whole.group(1))  # "// (unchanged)", "// (existing code)"
    noted = _NOTED.fullmatch(body.strip())
    if noted and len(body.split()) <= 24:
        # "... event listeners unchanged, except that they now call f(...) ...": a marker, then a
        # note on what changes in the code it stands for (read by the elided-edit check)
        return _is_marker_phrase(f"{noted.group(1)} {noted.group(3)}")
    if re.match(_ELLIPSIS, body) or _WHERE_NOTE.match(_NAMED.sub("X", body)):
        body = _NAMED.sub("X", body)
    if _WHERE_NOTE.match(body) and len(body.split()) <= 12:
        return True
    body = _PAREN_PHRASE.sub(r"\1 \2 \3", body)
    if re.match(_ELLIPSIS, body) and re.search(_ELLIPSIS + r"$", body):
        # "... existing helpers (convert_key, convert_value) ...": names in parentheses between
        # ellipses are the marker's own note, not code.
        body = _PARENS.sub(" ", body)
    if not body or _CODE_PUNCT.search(body):
        return False
    if _ONLY_DOTS.match(body):
        return True
    words = body.split()
    if _DIRECTION.match(body) and len(words) <= 18:
        return True  # "... and at the top of the module, with the other imports:": a marker with a note
    if re.match(_ELLIPSIS, body) or re.search(_ELLIPSIS + r"$", body):
        inner = re.sub(_ELLIPSIS, " ", body).strip()
        # between two ellipses, a note that only says where: "... in the ExpectationMessage enum ..."
        around = bool(re.match(_ELLIPSIS, body) and re.search(_ELLIPSIS + r"$", body))
        placed = around and bool(_PLACE_NOTE.match(inner))
        # ... or names what it stands for: "... diffValue accessors, onBecomeStale_, schedule_ ..."
        listed = around and bool(_NAME_LIST.fullmatch(inner))
        return len(inner.split()) <= 8 and (not inner or placed or listed or bool(_MARKER_WORDS.search(inner)))
    if len(words) > 8:
        return False
    if body.lower().strip(".!") in ("same", "unchanged", "existing code", "keep existing code"):
        return True
    if re.match(r"(?:the\s+)?same\b", body, re.IGNORECASE):
        # "same as before" stands for code; "the same file." ends a comment's sentence
        return bool(_SAME_AS.fullmatch(body.rstrip(".!")))
    # the noun after the opening word: "same attachment as the declarations above" is prose
    match = _PLAIN_PHRASE.match(body.rstrip(".!"))
    return bool(match) and bool(_PLAIN_NOUN.search(match.group("tail")))


# Every marker holds an ellipsis or one of the words a marker phrase must start with: one C-speed
# search rules out almost every code line first.
_MAYBE_MARKER = re.compile(rf"\.\.|…|{_PLAIN_FIRST}|\b(?:and|then|also|plus|meanwhile)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=LINE_CACHE)
def is_marker_line(line: str, language: str | None = None) -> bool:
    """True when the line is a lazy marker (any indentation, any common comment syntax).

    A bare ``...`` line counts too, in Python as well: there it could be the Ellipsis statement, but
    agents elide with it (``def f():`` / ``...`` / ``return x``) far more often than they write a
    stub body, and a new stub read as an elided body leaves a definition without one, which the
    syntax check flags instead of serving.

    >>> is_marker_line("    // ... existing code ...")
    True
    >>> is_marker_line("# compute the rest of the totals")
    False
    >>> is_marker_line("// same as before"), is_marker_line("# the same file.")  # a sentence's end
    (True, False)
    >>> is_marker_line("// ... in the ExpectationMessage enum ..."), is_marker_line("// retry in a loop...")
    (True, False)
    """
    stripped = line.strip()
    if not stripped or len(stripped) > 120 or not _MAYBE_MARKER.search(stripped):
        return False
    if _ONLY_DOTS.match(stripped):
        return True
    body = _comment_body(stripped)
    if body is None:
        # An uncommented "... existing code ..." (agents write them too): an ellipsis plus marker
        # words, which no language accepts as code.
        # "...props" (a spread, a rest parameter) is code: an uncommented marker's ellipsis stands
        # apart from its words, or closes them too ("...existing code...")
        return (
            bool(re.match(_ELLIPSIS + r"(?:\s|$)", stripped) or re.fullmatch(rf"{_ELLIPSIS}.*{_ELLIPSIS}", stripped))
            and _is_marker_phrase(stripped)
            and bool(_MARKER_WORDS.search(re.sub(_ELLIPSIS, " ", stripped)))
        )
    return _is_marker_phrase(body)


def opens_with_ellipsis(line: str) -> bool:
    """A whole-line comment whose text starts with an ellipsis ("// ... null check as before"): the
    way elisions are written, whether or not its words are marker vocabulary. Code comments rarely
    start so; new code holding one most likely kept an elision the marker reader did not know.

    >>> opens_with_ellipsis("    // ... the null check, as it was ..."), opens_with_ellipsis("// retry...")
    (True, False)
    """
    body = _comment_body(line.strip())
    raw = line.strip()
    return body is not None and bool(body) and raw[:1] not in ".…" and bool(re.match(_ELLIPSIS, body))


def find_markers(text: str, language: str | None = None) -> list[int]:
    """0-based indices of the marker lines of a text."""
    return [i for i, line in enumerate(text.splitlines()) if is_marker_line(line, language)]


# What a note says when the code it stands for changes too: "... same change in the other
# overloads ...", "... rename it in SettingsPanel the same way ...", "... unchanged, except create()
# which goes away ...". A verb alone ("update", "add") may be the name of the code a note keeps
# ("... rest of update unchanged"): it counts where the note says nothing stays as it is. A plain
# comment, not a marker, must use one of the strongest phrases ("# same change in __delitem__").
_SAME_EDIT = r"same\s+(?:\w+\s+)?(?:change|changes|edit|edits|fix|fixes|rename|renames|update|updates|replacement)"
_STRONG_EDIT = re.compile(
    rf"(?<![-\w])(?:{_SAME_EDIT}|same\s+way|same\s+(?:in|for)|likewise|similarly|except|apart\s+from|"
    r"other\s+than|save\s+for|goes\s+away|instead|renamed|removed|dropped|deleted)\b",
    re.IGNORECASE,
)
_EDIT_VERB = re.compile(
    r"(?<![-\w])(?:renam(?:e|es|ing)|chang(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|drop(?:s|ping)?|"
    r"remov(?:e|es|ing)|delet(?:e|es|ing)|add(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)
_KEPT = re.compile(
    r"\b(?:unchanged|as\s+is|as\s+it\s+is|keep|kept|stays?|untouched|intact|existing|remains?|unmodified)\b",
    re.IGNORECASE,
)
# "... no changes below ...", "... nothing changed ...": a note that says the code does not change.
_NEGATED = re.compile(
    r"\b(?:no|nothing|not|without|never)\s+(?:other\s+|further\s+|more\s+)?(?:chang\w*|edit\w*|modif\w*)",
    re.IGNORECASE,
)
_STOCK = re.compile(r"\bexisting\s+code\b", re.IGNORECASE)
_PLAIN_EDIT_NOTE = re.compile(rf"\b{_SAME_EDIT}\b", re.IGNORECASE)


def states_edit(line: str, language: str | None = None) -> bool:
    """A snippet line that elides code and says that code changes too: the elided edit is in words,
    which no placement makes and no check can read.

    >>> states_edit("    // ... same change in the other three overloads ..."), states_edit("# same change in g")
    (True, True)
    >>> states_edit("// ... existing code (fromRawBytes removed) ..."), states_edit("// ... and update the callers ...")
    (True, True)
    >>> states_edit("  // ... existing code unchanged ..."), states_edit("// ... no changes below ...")
    (False, False)
    >>> states_edit("-- ... rest of update unchanged"), states_edit("# ... rest of renames unchanged ...")
    (False, False)
    >>> states_edit("// ... existing code (rename `Other` to `Unknown` as well) ..."), states_edit("// ... existing code ...")
    (True, False)
    >>> states_edit("// change the timeout here")  # a comment of the code, not a note
    False
    """
    body = _comment_body(line.strip())
    if not body:
        return False
    body = _NEGATED.sub(" ", body)
    if is_marker_line(line, language) or opens_with_ellipsis(line):
        # "existing code" only names what any marker stands for: "... existing code (rename the
        # `ParseOther` variant to `ParseUnknown` as well) ..." keeps nothing beyond what it renames
        said = _STOCK.sub(" ", body)
        return bool(_STRONG_EDIT.search(body)) or (bool(_EDIT_VERB.search(said)) and not _KEPT.search(said))
    return bool(_PLAIN_EDIT_NOTE.search(body))
