"""Structure a merge must keep: brackets that balanced in the original still balance (a grammar's
error recovery can swallow a stray brace without an error node), and markup opens and closes each
element as often as before."""

from __future__ import annotations

import re
from collections import Counter

_OPEN, _CLOSE = "([{", ")]}"
_STRINGS = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`', re.S)


def bracket_depths(text: str, lang) -> tuple[int, ...]:
    """Net depth of (), [] and {} over a text, strings and comments (by the language's comment
    syntax, roughly) aside."""
    code = _STRINGS.sub('""', text)
    if lang in ("python", "ruby", "bash", "yaml", "toml", "perl", "r", "elixir"):
        code = re.sub(r"#[^\n]*", "", code)
    elif lang in ("lua", "sql", "haskell"):
        code = re.sub(r"--[^\n]*", "", code)
    else:
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", code, flags=re.S)
    return tuple(code.count(o) - code.count(c) for o, c in zip(_OPEN, _CLOSE))


def unbalanced(original: str, merged: str, lang) -> bool:
    """True when the original's brackets balance and the merged file's do not; in markup, when the
    merged file opens or closes some element a different number of times than the original."""
    before, after = bracket_depths(original, lang), bracket_depths(merged, lang)
    if before == (0, 0, 0) and after != before:
        return True
    return lang in _MARKUP and tag_balance(original) != tag_balance(merged)


_MARKUP = ("html", "xml", "vue", "svelte")
_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)[^<>]*?(/?)>")
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())


def tag_balance(text: str) -> Counter:
    """Per element name, opening tags minus closing tags (void and self-closed elements aside,
    comments, scripts and styles stripped): an edit that keeps a document's structure keeps it."""
    text = re.sub(r"<!--.*?-->|<(script|style)\b[^>]*>.*?</\1\s*>", "", text, flags=re.S | re.I)
    balance = Counter()
    for closing, name, self_closed in _TAG.findall(text):
        name = name.lower()
        if name in _VOID or self_closed:
            continue
        balance[name] += -1 if closing else 1
    return Counter({k: v for k, v in balance.items() if v})
