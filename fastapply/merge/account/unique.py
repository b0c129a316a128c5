"""What an HTML document holds once (its ``<title>``, a ``<meta name=…>``, an element ``id``), twice in
the merged file: the old one kept beside the snippet's replacement.

A snippet that rewrites a page's title shows the new ``<title>`` and elides the rest of the head
under a marker; read literally, the old ``<title>`` stays below the new one. Code languages have
``defined_twice`` for this; markup has these keys.

    >>> keys_twice(["<title>Old</title>"], ["<title>New</title>", "<title>Old</title>"], ["<title>New</title>"])
    ['<title>']
    >>> keys_twice(['<div id="a"></div>'], ['<div id="a"></div>', '<p id="b"></p>'], ['<p id="b"></p>'])
    []
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
