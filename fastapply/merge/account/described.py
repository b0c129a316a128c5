"""Code the instruction describes as removed, kept where the snippet did not show it.

A snippet cannot show code it deletes except between two context lines or as ``-`` lines; an agent
that says "remove the old Chrome color-input tweak" and elides that stretch under a marker has
stated the deletion in words alone. Markers mean "keep", so a merge keeps it: the file is then not
what was asked. Names are not needed to notice this: the removal's own words are. When the merge
removed any line holding one of those words, the removal happened, and nothing is said. Else an
original line
the merged file keeps and the snippet does not show, which holds a distinctive word of the
removal clause (a word few lines of the file use), is described code kept when it and the unshown
kept lines next to it hold at least ``MIN_WORDS`` of them; a comment line, when the clause removes a
comment ("remove the stale TODO comment above it"), holding one.

    >>> orig = ["a {", "  x: 1;", "}", "/* Chrome needs room for the color swatch */",
    ...         ".in[type=color] {", "  padding: 0;", "}"]
    >>> described_removal_kept(orig, list(range(7)), ["a {", "  x: 2;", "}"],
    ...                        "Set x to 2 and remove the Chrome color swatch padding tweak.")
    (4, 5, 6)
    >>> described_removal_kept(orig, list(range(7)), ["a {"], "Set x to 2.")
    ()
"""

from __future__ import annotations

import re
from collections import Counter

from fastapply.merge.account.checks import EDITED  # a lost line this similar to a written one was rewritten
from fastapply.merge.repair.wording import DELETE_VERB
from fastapply.merge.text.normal import is_comment_line, line_similarity, norm

MIN_WORDS = 2  # distinctive words of the removal clause a stretch of kept lines must hold
WINDOW = 3  # lines either side of a kept line that count with it (within unshown kept lines)
RARE_SHARE = 0.03  # a word is distinctive when at most this share of the file's lines use it (min 3)
# the removal verbs of the instruction reader (not after "that", "should", ...), and "eliminate"
_VERB = re.compile(rf"{DELETE_VERB.pattern}|\b[Ee]liminates?\b")
_CLAUSE_END = re.compile(  # (not at an ellipsis: "the whole /* ... */ block")
    r"(?<!\.)[.;!?](?:\s|$)|\n|,?\s+(?:and|then)\s+(?:make|add|change|rename|update|use|call|set|move|return|raise|keep)\b"
)
_COMMENT_OBJECT = re.compile(r"\bcomments?\b", re.I)
_ASIDE = re.compile(r"\s\((?:[^()]|\([^()]*\))*\)")  # "(callers can use getCacheRepository())", not a call's "()"
# a word written as code: one backticked name, or a suffix, a selector or a tag written with its
# "-", ".", "@" or "#" ("-alpine", ".ol-unsupported", "#:nodoc:": each of its words)
_LITERAL = re.compile(r"`([A-Za-z_$][\w$]*)`|(?<![\w`])(?:[-.@]|#:?)([A-Za-z][\w]*(?:-[A-Za-z0-9]\w*)*)")
_PLACE = re.compile(
    r"\s+(?:in|from|inside|within)\s+(?:(?:below|above|under|after|before)\s+)?(?:the\s+)?`?[\w$]+(?:(?:\.|::|->)[\w$]+)*(?:\(\))?`?"
)
_ALNUM = re.compile(r"[A-Za-z0-9]")
_QUOTED = re.compile(r'"([^"\n]+)"|`([^`\n]+)`')
_TOKEN = re.compile(r"[A-Za-z_$][\w$]*|\d{3,}")
_IDENT = re.compile(r"_|[a-z][A-Z]")  # snake_case or camelCase: a name, matched whole
_PART = re.compile(r"[A-Za-z][a-z]+|[A-Z]{2,}(?![a-z])|\d{3,}")
# Words of instructions that say what kind of thing goes, not which: they name nothing in a file.
_GENERIC = frozenset(
    """the and that this these those with from into onto also then them they its it's their there
    now not any all old new unused dead code line lines block blocks function functions method methods
    class classes call calls helper helpers field fields entry entries item items file files part parts
    comment comments section sections case cases check checks test tests value values variable
    variables type types param params parameter parameters argument arguments import imports
    statement statements return returns around above below after before inside within end start
    top bottom first last other same whole together needed anymore longer instead rather just only
    still which where when while because since about over under both each every some more most
    less few many much very too here usage used uses using make makes keep keeps leave leaves
    remove removes delete deletes drop drops strip eliminate get rid out one two three""".split()
)


def _words(text: str) -> set[str]:
    """Lower-case words of ``text``: names (snake_case, camelCase) whole, other words with a
    plural's ``s`` and a suffix dropped (``_stem``); "compare_pointers" is not "compare_double"."""
    found = set()
    for token in _TOKEN.findall(text):
        if _IDENT.search(token.strip("_$")):
            found.add(token.lower())
            continue
        for word in _PART.findall(token):
            word = word.lower()
            if len(word) >= 4 and word.endswith("s") and not word.endswith("ss"):
                word = word[:-1]
            if len(word) >= 3 and word not in _GENERIC:
                found.add(_stem(word))
    return found


_SUFFIX = re.compile(r"(?:ion|ing|or|er|ed|e)$")
MIN_STEM = 6  # letters a word keeps without its suffix: "construct", "listen"; not "handl", "pars"


def _stem(word: str) -> str:
    """One form for a word's family, so that "the no-arg constructor" finds "Constructs a default
    instance" and "deprecation" finds "@deprecated".

    >>> [_stem(w) for w in ("constructor", "construct", "deprecated", "deprecation", "handler")]
    ['construct', 'construct', 'deprecat', 'deprecat', 'handler']
    """
    bare = _SUFFIX.sub("", word)
    return bare if len(bare) >= MIN_STEM else word


def removal_clauses(instruction: str) -> list[str]:
    """The instruction's clauses that ask for a removal: from each verb to the sentence's end,
    without the place they name ("in ConfigBase::to_config" says where, not what).

    >>> removal_clauses("Drop the commented-out header code in ConfigBase::to_config. Rename x.")
    [' the commented-out header code']
    >>> removal_clauses("Extract the traversal of Get and Remove into a helper.")
    []
    """
    clauses = []
    for match in _VERB.finditer(instruction or ""):
        before = instruction[: match.start()].rstrip()
        if match.group(0)[0].isupper() and before and before[-1] not in ".:;!?(-*":
            continue  # "the traversal of Get and Remove": a capital inside a sentence names a method
        rest = instruction[match.end() :]
        end = _CLAUSE_END.search(rest)
        clauses.append(_PLACE.sub("", rest[: end.start()] if end else rest))
    return clauses


def described_removal_kept(
    original: list[str],
    kept: list[int],
    shown: list[str],
    instruction: str,
    written: list[str] = (),
    struck: list[str] = (),
) -> tuple[int, ...]:
    """1-based original lines that are kept (``kept``: indices of original lines the merged file
    keeps), not shown by the snippet (``shown``: its code lines), and hold ``MIN_WORDS`` distinctive
    words of a removal clause. () when the instruction asks no removal, or when the merge removed
    a line holding one of those words: one the snippet strikes out (``struck``: its ``-`` lines),
    or one it did not rewrite (``written``, the lines the snippet put in the merged file, holds no
    edited form of it)."""
    clauses = removal_clauses(instruction)
    if not clauses:
        return ()
    # "drop the stray space in `#if !defined (X)`": a line quoted whole, which the merge no longer
    # holds as it was, is where the removal was made
    quoted = {norm(q) for clause in clauses for pair in _QUOTED.findall(clause) for q in pair if q}
    kept_set = set(kept)
    if any(norm(line) in quoted for o, line in enumerate(original) if o not in kept_set):
        return ()
    per_line = [_words(line) for line in original]
    use = Counter(word for words in per_line for word in words)
    most = max(3, int(RARE_SHARE * len(original)))
    # "remove the deprecated X initializer and the deprecated Y bridge": one verb, two objects, each
    # a removal of its own, made when the merge removed lines holding a word of it the other does
    # not say ("deprecated", said of both, tells nothing of which one went)
    objects = _split_objects(clauses[0]) if len(clauses) == 1 else []
    if len(objects) == 1 and struck:
        return ()  # one thing to remove, and the snippet strikes lines out: those are it, whatever their words
    if len(objects) < 2:
        return tuple(sorted(_kept_of(original, per_line, use, most, kept, shown, " ".join(clauses), written, struck)))
    found: set[int] = set()
    for k, part in enumerate(objects):
        others = set().union(*(_words(o) for j, o in enumerate(objects) if j != k))
        found |= _kept_of(original, per_line, use, most, kept, shown, part, written, struck, others)
    return tuple(sorted(found))


def _split_objects(clause: str) -> list[str]:
    """The objects of one removal clause: "the X rule and the Y hack" is two; an "and" inside
    parentheses ("(the reboot rule and the caret reset)") lists what one object holds."""
    masked = re.sub(r"\([^()]*\)", lambda m: "(" + "x" * (len(m.group(0)) - 2) + ")", clause)
    cuts = [m.span() for m in _AND_OBJECT.finditer(masked)]
    starts = [0] + [end for _, end in cuts]
    ends = [start for start, _ in cuts] + [len(clause)]
    return [clause[a:b] for a, b in zip(starts, ends)]


# "... the X initializer and the Y bridge", "its checkbox, the #x handler, and the y wiring": an
# "and" or a comma before another object's article or quote
_AND_OBJECT = re.compile(r",?\s+and\s+(?=(?:the|its|their)\s|`)|,\s+(?=(?:the|its|their)\s|`)")


def _kept_of(original, per_line, use, most, kept, shown, clause, written, struck, others=frozenset()) -> set[int]:
    """Original rows (1-based) of the code one removal clause describes that the merge keeps
    unshown; empty when the clause names too little, or the merge removed lines it describes
    (lines holding a word of it that ``others``, the words of the clause's other objects, lack)."""
    wanted = {w for w in _words(clause) if 0 < use[w] <= most}
    # "remove the stale TODO comment": a comment line needs one of the words, the object says the rest;
    # "drop the two -alpine versions": a word written as code is the code itself, and says enough alone
    # where the snippet writes it nowhere (where it does, the agent edited those lines, and kept the rest)
    of_comment = _COMMENT_OBJECT.search(clause) is not None
    # (names, too: "the whole LanguageConfig block"; not those of an aside, "(callers can use getX())")
    said = _ASIDE.sub(" ", clause)
    unquoted = re.sub(r"`[^`]*`", " ", said)  # quoted code says more than its names: other checks read it
    names = {t.lower() for t in _TOKEN.findall(unquoted) if _IDENT.search(t.strip("_$"))}
    as_code = {w for pair in _LITERAL.findall(said) for part in pair if part for w in _words(part)}
    literal = wanted & (as_code | names)
    literal -= set().union(*(_words(line) for line in shown))
    kept_set = set(kept)
    gone = [o for o in range(len(original)) if o not in kept_set and per_line[o] & wanted]
    own, theirs = wanted - others or wanted, others - _words(clause)

    def ours(o: int) -> bool:  # a line that says as much of another object's words was that one's
        return len(per_line[o] & own) > len(per_line[o] & theirs)

    # ... nor where the merge removed or rewrote a line of this object's holding it: the edit touched it
    literal -= {w for o in gone if ours(o) for w in per_line[o]}
    need = 1 if of_comment or literal else MIN_WORDS
    if len(wanted) < need:
        return set()
    struck_keys = {norm(line) for line in struck}
    made = [o for o in gone if norm(original[o]) in struck_keys or not _edited(original[o], written)]
    if any(ours(o) for o in made):
        return set()  # the merge removed code the clause describes: that removal is the one asked for
    seen = {norm(line) for line in shown}
    hidden = {o for o in kept if norm(original[o]) and norm(original[o]) not in seen}
    # a kept line of punctuation alone (" *", "}") joins the stretch even where the snippet writes
    # its like elsewhere: it shows nothing of which code that is
    bare = {o for o in kept if norm(original[o]) and not _ALNUM.search(original[o])}
    found: set[int] = set()
    for o in sorted(hidden):
        if not per_line[o] & wanted:
            continue
        # a comment and the code it speaks of share the words between them: a window of the
        # stretch of unshown kept lines around the line, up to a blank line
        window = [o]
        for step in (-1, 1):
            t = o + step
            while 0 <= t < len(original) and (t in hidden or t in bare) and abs(t - o) <= WINDOW:
                window.append(t)
                t += step
        hits = set().union(*(per_line[t] & wanted for t in window))
        if len(hits) >= MIN_WORDS or hits & literal or (of_comment and hits and is_comment_line(original[o])):
            found.add(o + 1)
    return found


def _edited(line: str, written: list[str]) -> bool:
    return any(line_similarity(line, new) >= EDITED for new in written)
