"""What an HTML document holds once (its ``<title>``, a ``<meta name=…>``, an element ``id``), or a
``match`` or ``switch`` holds once (an arm's pattern, a case label), twice in the merged file: the
old one kept beside the snippet's replacement.

A snippet that rewrites a page's title shows the new ``<title>`` and elides the rest of the head
under a marker; read literally, the old ``<title>`` stays below the new one. Code languages have
``defined_twice`` for this; markup has these keys.

    >>> keys_twice(["<title>Old</title>"], ["<title>New</title>", "<title>Old</title>"], ["<title>New</title>"])
    ['<title>']
    >>> keys_twice(['<div id="a"></div>'], ['<div id="a"></div>', '<p id="b"></p>'], ['<p id="b"></p>'])
    []

A snippet that rewrites one arm of a ``match`` shows the new arm and elides the others; where the
old arm's first line differs (``Some(X(v)) => match v {`` rewritten as ``Some(X(v)) => {``), no
anchor takes it away, and the match holds the pattern twice (the second arm never runs).

    >>> arms_twice(["match s {", "    A => 1,", "}"], ["match s {", "    A => {", "    }", "    A => 1,", "}"], ["    A => {"], "rust")
    ['A']
"""

from __future__ import annotations

import re
from collections import Counter

MARKUP = frozenset({"html", "vue", "svelte"})
_KEYS = (
    (re.compile(r"<title\b", re.I), lambda m: "<title>"),
    (re.compile(r"<meta\s+[^>]*\bname=[\"']([^\"']+)", re.I), lambda m: f'<meta name="{m.group(1)}">'),
    (re.compile(r"\bid=[\"']([^\"'{}$]+)[\"']"), lambda m: f'id="{m.group(1)}"'),
)


def _keys(lines: list[str]) -> Counter:
    found: Counter = Counter()
    for line in lines:
        for pattern, key in _KEYS:
            for match in pattern.finditer(line):
                found[key(match)] += 1
    return found


def keys_twice(original: list[str], merged: list[str], snippet: list[str]) -> list[str]:
    """The once-only keys the merged file holds more than once where neither the original nor the
    snippet does."""
    before, after, shown = _keys(original), _keys(merged), _keys(snippet)
    return sorted(key for key, n in after.items() if n > 1 and before[key] <= 1 and shown[key] <= 1)


_ARROW_ARMS = frozenset({"rust", "scala", "php"})
_CASE_LABELS = frozenset({"c", "cpp", "csharp", "java", "javascript", "typescript", "tsx", "jsx", "go", "swift"})
_ARROW = re.compile(r"^\s*(?:\|\s*)?([^=]+?)\s*=>")
_CASE = re.compile(r"^\s*case\s+(.+?)\s*:(?!:)")
_WHEN = re.compile(r"^\s*when\s+(.+?)\s*(?:then\b.*)?$")


def _arm(line: str, language: str | None) -> str | None:
    """The pattern an arm or case label says, in a language that writes arms so; None otherwise."""
    if language in _ARROW_ARMS:
        match = _ARROW.match(line)
        if match and (language == "scala") != match.group(1).startswith("case "):
            return None  # Scala's arms open with "case" ("() => f()" is a function)
        if match and re.search(r"\bfn\b|\bfunction\b", match.group(1)):
            return None  # PHP's "fn($x) => ..." is a function
    elif language in _CASE_LABELS:
        match = _CASE.match(line)
    elif language == "ruby":
        match = _WHEN.match(line)
    else:
        return None
    return " ".join(match.group(1).split()) if match else None


def _arms(lines: list[str], language: str | None) -> Counter:
    """(the lines enclosing it, pattern) of each arm: the same pattern in two blocks is two arms
    (two functions may each hold a ``match self.inner {``: their headers tell them apart)."""
    found: Counter = Counter()
    stack: list[tuple[int, str]] = []  # (width, text) of the lines enclosing the current one
    for line in lines:
        if not line.strip():
            continue
        width = len(line) - len(line.lstrip())
        while stack and stack[-1][0] >= width:
            stack.pop()
        arm = _arm(line, language)
        if arm is not None:
            found[(tuple(text for _, text in stack), arm)] += 1
        stack.append((width, " ".join(line.split())))
    return found


def arms_twice(original: list[str], merged: list[str], snippet: list[str], language: str | None) -> list[str]:
    """The patterns an arm of one block says more than once in the merged file where neither the
    original nor the snippet says it more than once."""
    if language not in _ARROW_ARMS | _CASE_LABELS | {"ruby"}:
        return []
    before, after = _arms(original, language), _arms(merged, language)
    shown = Counter(arm for arm in (_arm(line, language) for line in snippet) if arm is not None)
    return sorted({key[1] for key, n in after.items() if n > 1 and before[key] <= 1 and shown[key[1]] <= 1})
