"""Comments quoted from memory: a snippet's comment line written back with its punctuation left out,
an article or a word or two put in or left out, or reworded where the instruction says to leave
everything else as it is. Each is either a line quoted from memory or a change no one asked for,
so the file is flagged rather than served either way (``retyped.retyped_lines`` asks these).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter

from fastapply.merge.text.normal import is_comment_line, norm

TOKEN = re.compile(r"\w+|[^\w\s]")  # a word, or one mark
WORD = re.compile(r"\w+")

SPEAKS_OF_PROSE = re.compile(r"comment|doc|punctuat|typo|period|spelling|wording|grammar|sentence|capitali", re.I)


def punctuation_only(old: str, new: str, instruction: str) -> bool:
    """Whether a comment line was written back with the same words and punctuation left out ("///
    Used in panic messages." as "/// Used in panic messages"), the instruction saying nothing of
    comments or punctuation: a line quoted from memory, or a change no one asked for.

    >>> punctuation_only("/// Used in panic messages.", "/// Used in panic messages", "Fix the panic text.")
    True
    >>> punctuation_only("// Used in panics.", "// Used in panics", "Fix the doc comment's punctuation.")
    False
    >>> punctuation_only("// Used in panics", "// Used in panics.", "Fix the help text.")  # marks added
    False
    """
    if old.strip() == new.strip() or not is_comment_line(old) or not is_comment_line(new):
        return False
    if SPEAKS_OF_PROSE.search(instruction):
        return False
    # the same words, marks left out (memory drops them; a sweep that adds periods is an edit, and
    # spacing alone is a format change: "//Package" -> "// Package")
    before, after = TOKEN.findall(old), TOKEN.findall(new)
    if WORD.findall(old) != WORD.findall(new) or len(after) >= len(before):
        return False
    rest = iter(before)
    return all(token in rest for token in after)  # a subsequence: nothing added or reordered


_ARTICLES = frozenset({"a", "an", "the"})


def articles_only(old: str, new: str, instruction: str) -> list[str]:
    """The articles a comment line gained or lost where nothing else in it changed ("// Counts
    returns the internal counters" for the file's "// Counts returns internal counters"), the
    instruction saying nothing of comments: a line quoted from memory; [] otherwise.

    >>> articles_only("// Counts returns internal counters", "// Counts returns the internal counters", "Add Reset.")
    ['the']
    >>> articles_only("// Counts returns counters", "// Counts returns the counters", "Fix the doc comment.")
    []
    """
    if old.strip() == new.strip() or not is_comment_line(old) or not is_comment_line(new):
        return []
    if SPEAKS_OF_PROSE.search(instruction):
        return []
    before, after = TOKEN.findall(old), TOKEN.findall(new)
    if _without_articles(before) != _without_articles(after):
        return []
    before_n, after_n = Counter(t.lower() for t in before), Counter(t.lower() for t in after)
    return sorted(((before_n - after_n) + (after_n - before_n)).keys())


# An instruction that asks for comments to be worded otherwise ("fix the doc comment", "reword",
# "typo"); one that only removes them with their code ("with their doc comments") does not.
_SPEAKS_OF_WORDING = re.compile(
    r"typo|punctuat|period|spelling|wording|grammar|sentence|capitali|reword|rephras|"
    r"\b(?:update|fix|edit|change|rewrite|adjust|correct|improve|clarify|tweak|document)\w*\s+(?:\S+\s+){0,3}?"
    r"(?:comment|doc|docstring|javadoc|description)",
    re.IGNORECASE,
)
RETOUCH_TOKENS = 2  # tokens a comment line may gain or lose and still read as the same line
# What prose is retouched with: words and sentence marks. A number, a type's "|" or "?", or a doc
# tag ("@param array|null $data") is what the code says, edited with it.
_PROSE_TOKEN = re.compile(r"[^\W\d_]+|[.,;:!]")
DOC_TAG = re.compile(r"(?<!\w)[@\\]\w+")


def comment_retouched(old: str, new: str, instruction: str) -> list[str]:
    """The tokens a comment line only gained, or only lost (or ``["order"]``: the same words in another
    order), where it is otherwise the same line, at
    most ``RETOUCH_TOKENS`` of them, letter case aside ("// Filter the tasks based on the type" for
    the file's "// We filter the tasks based on the type", a full stop added), none of them a word
    the instruction uses and the instruction saying nothing of comments: a line quoted from memory,
    or a change no one asked for; [] otherwise.

    >>> comment_retouched("// We filter the tasks", "// Filter the tasks", "Add a search query.")
    ['we']
    >>> comment_retouched("* Throw a notice", "* Throw a notice.", "Remove the shims.")
    ['.']
    >>> comment_retouched("// Uses the cache", "// Uses the store", "Use the store instead of the cache.")
    []
    >>> comment_retouched("// Sets the field", "// Sets the fields", "Add null checks.")  # a word written anew
    []
    >>> comment_retouched("/* Parsing helpers */", "/* Input parsing */", "Make parsing stricter.")
    []
    >>> comment_retouched("// Reads a file", "// Reads a file.", "Remove f (with its doc comment).")
    ['.']
    >>> comment_retouched("// Reads a file", "// Reads a file.", "Fix the doc comment of read.")
    []
    >>> comment_retouched("// Retries twice", "// Retries three times", "Add jitter.")  # three tokens
    []
    >>> comment_retouched("// Waits 1 s", "// Waits 2 s", ""), comment_retouched("* @param array $d", "* @param array|null $d", "")
    ([], [])
    >>> comment_retouched("* Show the user delete page.", "* Show the delete user page.", "Extract a method.")
    ['order']
    """
    if old.strip() == new.strip() or not comment_like(old) or not comment_like(new):
        return []
    if _SPEAKS_OF_WORDING.search(instruction) or DOC_TAG.search(old + new):
        return []
    before, after = [t.lower() for t in TOKEN.findall(old)], [t.lower() for t in TOKEN.findall(new)]
    if before != after and sorted(before) == sorted(after):
        return ["order"]  # the same words in another order ("the delete user page" for "the user delete page")
    edits = [e for e in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes() if e[0] != "equal"]
    if {op for op, *_ in edits} not in ({"insert"}, {"delete"}):
        return []  # a word written otherwise ("field" for "fields"), or some out and others in: worded anew
    changed = [t for _, i1, i2, j1, j2 in edits for t in before[i1:i2] + after[j1:j2]]
    named = {w.lower() for w in WORD.findall(instruction)}
    if (
        not changed
        or len(changed) > RETOUCH_TOKENS
        or any(t in named or not _PROSE_TOKEN.fullmatch(t) for t in changed)
    ):
        return []
    return changed


# A trailing comment opens after code: "//", "#", "--" or "/*" after a space.
_TRAILING_COMMENT = re.compile(r"\S\s+(?://|#|--|/\*)\s*\S")


def comment_cut(old: str, new: str, instruction: str) -> bool:
    """Whether a code line was written back with its trailing comment cut short, nothing else
    changed, the instruction saying nothing of comments: a line quoted from memory ("// FIXME: I am
    lazy..." for "// FIXME: I am lazy... But 64KB should be enough."), not a comment rewritten.

    >>> comment_cut("buf = f(1); // FIXME: lazy. But 64KB is enough.", "buf = f(1); // FIXME: lazy.", "Check fd.")
    True
    >>> comment_cut("buf = f(1); // FIXME: lazy. But 64KB is enough.", "buf = f(1); // FIXME: lazy.", "Shorten the FIXME comment.")
    False
    >>> comment_cut("buf = f(1); // lazy", "buf = f(1);", "Check fd."), comment_cut("x = a + b", "x = a", "")
    (False, False)
    """
    before, after = norm(old), norm(new)
    if before == after or not before.startswith(after) or SPEAKS_OF_PROSE.search(instruction):
        return False
    opener = _TRAILING_COMMENT.search(after)
    return opener is not None and not is_comment_line(after) and bool(WORD.search(before[len(after) :]))


def _without_articles(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t.lower() not in _ARTICLES]


_NOTHING_ELSE = re.compile(
    r"\b(?:leave|keep)\s+(?:everything|all|the\s+rest)\s+(?:else\s+)?(?:as\s+(?:it|they)\s+(?:is|are|was|were)|"
    r"unchanged|alone|intact|untouched)|\bnothing\s+else\b|\b(?:don't|do\s+not)\s+(?:change|touch)\s+anything\s+else\b",
    re.I,
)


def comment_like(line: str) -> bool:
    text = line.strip()
    return bool(text) and (is_comment_line(text) or text.endswith("*/") or text.startswith("*"))


def comments_reworded(old: list[str], new: list[str], instruction: str) -> bool:
    """Whether comment lines were written over other comment lines where the instruction says to
    leave everything else as it is and speaks of no comment: the snippet's comments were quoted
    from memory (a two-line comment squashed onto one), not rewritten on request.

    >>> comments_reworded(["/* a b", "   c */"], ["/* a b c */"], "Drop the prefixes; leave everything else as it is.")
    True
    >>> comments_reworded(["/* a b", "   c */"], ["/* a b c */"], "Drop the prefixes.")
    False
    """
    if not old or not new or not _NOTHING_ELSE.search(instruction) or SPEAKS_OF_PROSE.search(instruction):
        return False
    return all(comment_like(line) for line in old + new) and [x.strip() for x in old] != [x.strip() for x in new]
