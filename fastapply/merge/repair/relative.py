"""Moves an instruction states relative to another definition ("move isInt below Marshal"), which
the snippet may leave entirely under its markers: whether the output makes them (the builder that
makes one is ``moves.stated_move``).

Agents asked to "make Write use 0600, and move isInt below Marshal" often show only the first edit;
read literally, isInt stays where it was and the file is served without the move. The check reads
the order from the instruction and compares it with the output's definitions. A move "to the end
(top) of the file" or of the definition holding it is a move below the last (above the first)
definition beside it; at the end of a file whose last lines are code outside any definition, it is
checked against the file's last line, and flagged rather than made.

    >>> stated_order("Move isInt below Marshal so the exported functions stay together.", {"isInt", "Marshal", "Write"})
    [('isInt', 'below', 'Marshal')]
    >>> stated_order("Move the parse helper before `main`.", {"parse", "main"})
    [('parse', 'above', 'main')]
    >>> stated_order("Move the timeout check below the retry loop.", {"parse", "main"})  # names no definition
    []
    >>> stated_order("Move parse and lex below main.", {"parse", "lex", "main"})  # which one stands where?
    []
    >>> stated_order("Move the Ignore helper to the top of the namespace, before Report.", {"Ignore", "Report"})
    [('Ignore', 'above', 'Report')]
    >>> stated_order("Move Queue from the top of Parser.kt to the end, after warn().", {"Queue", "Parser", "warn"})
    [('Queue', 'below', 'warn')]
    >>> stated_order("Move f from right after the G class to the end of the file (after h).", {"f", "G", "h"})
    [('f', 'below', 'h')]
    >>> stated_order("Move getLimit() up so it sits right after its setter.", {"getLimit", "setLimit"})
    [('getLimit', 'below', 'setLimit')]
    >>> stated_order("pop() is internal: move it below push().", {"pop", "push"})
    [('pop', 'below', 'push')]
    >>> stated_order("Retry in fetch(); the delay is too short, move it below push().", {"fetch", "push"})
    []
"""

from __future__ import annotations

import re

from fastapply.merge.text.lines import split_lines
from fastapply.merge.text.normal import whole_word
from fastapply.merge.text.syntax import definitions, first_row, holder, short_name

_RELATION = re.compile(
    r"\b(?:move|moves|moving|put|place)\s+(?P<what>(?:[^.;,]|\.(?=\w)){1,60}?)\s+"
    r"(?P<where>below|after|under|beneath|above|before)\s+(?P<other>[^.;,]{1,40})",
    re.IGNORECASE,
)
# "move X to the top of the namespace, before Y" (or "(after Y)"): an end, then the place named more closely
_END_THEN_RELATION = re.compile(
    r"\b(?:move|moves|moving|put|place)\s+(?P<what>(?:[^.;]|\.(?=\w)){1,80}?)\s+(?:to|at)\s+(?:the\s+)?"
    r"(?:very\s+)?(?:end|bottom|top|start|beginning)\b[^.;]{0,40}?[\s,(](?P<where>below|after|under|beneath|above|before)\s+"
    r"(?P<other>[^.;,]{1,40})",
    re.IGNORECASE,
)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_FROM = re.compile(r"\s(?:from|out\s+of)\s", re.IGNORECASE)
_BELOW = {"below", "after", "under", "beneath"}
_TO = re.compile(r"\b(?:to|into|onto)\b", re.IGNORECASE)


def stated_order(instruction: str, names: set[str], rows: dict[str, int] | None = None) -> list[tuple[str, str, str]]:
    """(name, "below" | "above", other) for each move the instruction states between two names the
    file defines: the defined names before the relation word, the first defined name after it
    (within a few words). Two or more names listed ("move writer and readwriter below reader") go
    in the order listed, each right beside the one before, when that is also their order in the
    file (``rows``: the row each name stands at; without it, a list is read as no move)."""
    found: list[tuple[str, str, str]] = []
    for match in [*_RELATION.finditer(instruction), *_END_THEN_RELATION.finditer(instruction)]:
        what, *source = _FROM.split(match.group("what"), maxsplit=1)  # "X from the top of ArgParser.kt": X moves
        if source and match.re is _RELATION and not _TO.search(source[0]):
            continue  # "move X from right after Y to the end": the relation says where X stands now
        movers = list(dict.fromkeys(w for w in _NAME.findall(what) if w in names))
        pronoun = _PRONOUN.match(what)
        if pronoun and not movers:  # "remove() and setHead() are helpers: move them after setCapacity()"
            # the names the sentence opens with, and no other: the subject "it" or "them" stands for
            sentence = re.split(r"[.;!?](?:\s|$)", instruction[: match.start()])[-1].strip()
            movers = list(dict.fromkeys(w for w in _NAME.findall(sentence) if w in names))
            if not movers or not _listed(sentence, movers) or (len(movers) == 1) != (pronoun.group(1).lower() == "it"):
                continue
        others = [w for w in _NAME.findall(match.group("other"))[:4] if w in names] or _counterpart(
            match.group("other"), movers, names
        )
        where = "below" if match.group("where").lower() in _BELOW else "above"
        if not others or others[0] in movers:
            continue
        if len(movers) == 1 and (movers[0], where, others[0]) not in found:
            found.append((movers[0], where, others[0]))
        elif movers and (pronoun or _listed(what, movers)) and rows and _in_file_order(movers, rows):
            chain = [others[0], *movers] if where == "below" else [others[0], *movers[::-1]]
            found += [(mover, where, beside) for beside, mover in zip(chain, chain[1:])]
    return found


_PRONOUN = re.compile(r"\s*(it|them|both)\b", re.IGNORECASE)
_ITS = re.compile(r"\s*its\s+(?:own\s+)?(setter|getter)\b", re.IGNORECASE)
_ACCESSOR = re.compile(r"^(get|set|is)(?=[A-Z_])")


def _counterpart(other: str, movers: list[str], names: set[str]) -> list[str]:
    """["setLimit"] for "its setter" after the one mover getLimit (and the other way round), when
    the file defines it."""
    its = _ITS.match(other)
    if not its or len(movers) != 1 or not _ACCESSOR.match(movers[0]):
        return []
    swapped = _ACCESSOR.sub("set" if its.group(1).lower() == "setter" else "get", movers[0])
    return [swapped] if swapped in names and swapped != movers[0] else []


def _listed(what: str, movers: list[str]) -> bool:
    """Whether the names open the text as one list ("`writer` and `readwriter` up so ...")."""
    joined = r"[\s`'\"]*(?:,\s*(?:and\s+)?|\s+and\s+)[\s`'\"]*".join(re.escape(m) + r"(?:\(\))?" for m in movers)
    return re.match(r"(?:the\s+)?[`'\"]?" + joined + r"\b", what.strip()) is not None


def _in_file_order(movers: list[str], rows: dict[str, int]) -> bool:
    return all(m in rows for m in movers) and [rows[m] for m in movers] == sorted(rows[m] for m in movers)


def single_definitions(text: str, language: str | None) -> dict[str, object]:
    """Definitions by short name, for the names the text defines exactly once."""
    seen: dict[str, list] = {}
    for d in definitions(text, language):
        seen.setdefault(short_name(d.name), []).append(d)
    return {name: ds[0] for name, ds in seen.items() if len(ds) == 1}


_END = re.compile(
    r"\b(?:move|moves|moving|put|place)\s+(?P<what>[^.;,]{1,60}?)\s+(?:to|at)\s+(?:the\s+)?(?:very\s+)?"
    r"(?P<end>end|bottom|top|start|beginning)\b",
    re.IGNORECASE,
)


def stated_ends(instruction: str, names: set[str]) -> list[tuple[str, str]]:
    """(name, "end" | "start") for each move the instruction states to an end of the file or of the
    definition that holds it: exactly one defined name before "to the end/bottom/top/start".

    >>> stated_ends("Move _get_module_path to the end of the file.", {"_get_module_path", "load"})
    [('_get_module_path', 'end')]
    """
    found = []
    for match in _END.finditer(instruction):
        movers = [w for w in _NAME.findall(match.group("what")) if w in names]
        rest = re.split(r"[.;](?:\s|$)", instruction[match.end() :])[0]
        if re.search(r"\b(?:before|above|after|below|ahead of|next to)\b", rest, re.I):
            continue  # "to the bottom, right before module.exports": the place is named more closely
        if len(set(movers)) == 1:
            found.append((movers[0], "end" if match.group("end").lower() in ("end", "bottom") else "start"))
    return found


_EXTENDS = re.compile(r"\s*(?:pub\s+)?(?:unsafe\s+)?(?:impl|extension)\b")  # Rust's impl, Swift's extension


def _end_orders(merged: str, language: str, instruction: str, defs: dict) -> list[tuple[str, str, str]]:
    """A move to an end as a move below the last (above the first) definition beside it, when the
    mover is not there yet: (name, "below" | "above", that definition's name)."""
    every = definitions(merged, language)
    lines = split_lines(merged)[0]
    held_by = {id(d): holder(d, every) for d in every}

    def parent(d):
        return held_by[id(d)]

    # a name defined more than once is the one at the top of the file, when only one stands there
    # ("move timeit to the end of the file", beside the method Timer.timeit)
    top = {}
    for d in every:
        if parent(d) is None:
            top.setdefault(short_name(d.name), []).append(d)
    movers = {**{name: ds[0] for name, ds in top.items() if len(ds) == 1}, **defs}
    orders = []
    for name, end in stated_ends(instruction, set(movers)):
        mover = movers[name]
        siblings = [e for e in every if e is not mover and parent(e) is parent(mover) and parent(e) is not mover]
        if not siblings:
            continue
        # what follows the mover and names it in its header (Rust's ``impl Display for Quoted``) goes with it
        word = whole_word(name)
        own = [
            e
            for e in siblings
            if e.start > mover.end and _EXTENDS.match(lines[e.header]) and word.search(lines[e.header])
        ]
        if own and end == "end":
            mover = max(own, key=lambda e: e.end)
            siblings = [e for e in siblings if e not in own]
            if not siblings:
                continue
        edge = max(siblings, key=lambda e: e.start) if end == "end" else min(siblings, key=lambda e: e.start)
        if end == "end" and parent(mover) is None:
            # the end of the file is its last line: code after the last definition comes before it
            last = max((row for row, line in enumerate(lines) if line.strip()), default=mover.end)
            if last > mover.end:
                orders.append(
                    (name, "below", short_name(edge.name)) if edge.end == last else (name, "to", "the end of the file")
                )
        elif (edge.start > mover.start) == (end == "end"):
            orders.append((name, "below" if end == "end" else "above", short_name(edge.name)))
    return orders


def unmade_moves(merged: str, language: str | None, instruction: str) -> list[tuple[str, str, str]]:
    """The stated moves the merged file does not show (each in the wrong order, or not yet at the
    end of the file or definition it was sent to)."""
    ends, orders = _stated(merged, language, instruction)
    if not orders:
        return ends
    every, lines = definitions(merged, language), split_lines(merged)[0]
    pairs = [(move, paired(every, move[0], move[2])) for move in orders]
    return ends + [move for move, pair in pairs if pair is not None and not beside(*pair, move[1], every, lines)]


def stated_moves(text: str, language: str | None, instruction: str) -> list[tuple[str, str, str]]:
    """The moves the instruction states, read on ``text``: a move to an end as one below (above) the
    definition the mover must pass, when it has not yet, or "to" the end of the file; a move beside
    another definition as it is stated."""
    ends, orders = _stated(text, language, instruction)
    return ends + orders


def _stated(text: str, language: str | None, instruction: str):
    """(the unmade moves to an end, the moves beside another definition). A name defined more
    than once is the one that shares the other's holder (``__init__`` of the class whose property
    moves), when only one does."""
    if not instruction or language is None:
        return [], []
    # the file is parsed only when the instruction speaks of a move: prepare() asks on every request
    ends = (
        _end_orders(text, language, instruction, single_definitions(text, language)) if _END.search(instruction) else []
    )
    if not _RELATION.search(instruction) and not _END_THEN_RELATION.search(instruction):
        return ends, []
    rows = {short_name(d.name): d.start for d in reversed(definitions(text, language))}
    return ends, stated_order(instruction, set(rows), rows)


def paired(every: list, name: str, other: str) -> tuple | None:
    """(the definition ``name``, the definition ``other``) among ``every``: each defined once, or
    the one of several that shares the holder of the other, defined once; None when that leaves
    either unclear."""
    movers, anchors = _named(every, name), _named(every, other)
    if len(movers) == 1 and len(anchors) > 1:
        anchors = [d for d in anchors if holder(d, every) == holder(movers[0], every)]
    elif len(anchors) == 1 and len(movers) > 1:
        movers = [d for d in movers if holder(d, every) == holder(anchors[0], every)]
    return (movers[0], anchors[0]) if len(movers) == 1 and len(anchors) == 1 else None


def _named(every: list, name: str) -> list:
    """The definitions of ``name``, a wrapper and what it wraps (a decorated function) as one."""
    found = sorted((d for d in every if short_name(d.name) == name), key=lambda d: (d.start, -d.end))
    return [d for k, d in enumerate(found) if all(e.header != d.header for e in found[:k])]


def beside(mover, anchor, where: str, every: list, lines: list[str]) -> bool:
    """Whether ``mover`` stands right below (above) ``anchor``: on its side, with no definition
    that shares its holder between them. "Move X after Y" where X already stands somewhere after Y
    asks for "directly after": a move that changes nothing is not what was asked."""
    top, a_top = first_row(mover, lines), first_row(anchor, lines)
    if (top <= anchor.end) if where == "below" else (mover.end >= a_top):
        return False
    low, high = (anchor.end, top) if where == "below" else (mover.end, a_top)
    parent = holder(mover, every)
    return not any(
        low < d.start and d.end < high and holder(d, every) == parent for d in every if d not in (mover, anchor)
    )
