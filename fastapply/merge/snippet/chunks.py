"""Snippet chunks (the code between markers), block extents inside a chunk, and re-indentation."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from fastapply.merge.text.languages import INDENT_LANGUAGES
from fastapply.merge.text.lines import indent_of
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import continues_statement, norm


@dataclass
class Chunk:
    lines: list[str]
    marker_before: bool  # a marker stands right above (False: snippet start)
    marker_after: bool  # a marker stands right below (False: snippet end)
    indent_after: int | None  # indentation width of the marker below, when there is one
    blank_lines_before: int = 0  # how many blank lines were trimmed after the marker above
    blank_lines_after: int = 0  # how many blank lines were trimmed before the marker below

    @property
    def blank_before(self) -> bool:
        return self.blank_lines_before > 0

    @property
    def blank_after(self) -> bool:
        return self.blank_lines_after > 0


def split_chunks(snippet_lines: list[str], language: str | None) -> list[Chunk]:
    """Cut the snippet at marker lines; blank lines next to a marker are trimmed (and noted)."""
    chunks: list[Chunk] = []
    current: list[str] = []
    marker_before = False
    for line in snippet_lines + [None]:
        if line is not None and not is_marker_line(line, language):
            current.append(line)
            continue
        marker_after = line is not None
        if any(part.strip() for part in current):
            chunk = Chunk(
                list(current), marker_before, marker_after, len(indent_of(line).expandtabs(4)) if marker_after else None
            )
            _trim_blank_edges(chunk)
            chunks.append(chunk)
        current = []
        marker_before = True
    return chunks


def _trim_blank_edges(chunk: Chunk) -> None:
    lines = chunk.lines
    while lines and not lines[0].strip():
        lines.pop(0)
        chunk.blank_lines_before += 1
    while lines and not lines[-1].strip():
        lines.pop()
        chunk.blank_lines_after += 1


_STRINGS = re.compile(r'"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`|\'(?:\\.|[^\'\\]){0,2}\'')
_PY_STRINGS = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')


def _code_part(line: str, language: str | None) -> str:
    if language in INDENT_LANGUAGES:
        return re.sub(r"#.*$", "", _PY_STRINGS.sub('""', line))
    code = _STRINGS.sub('""', line)
    return re.sub(r"//.*$", "", code)


def block_end(lines: list[str], header: int, language: str | None, closed_after: bool) -> int | None:
    """Last line of the definition whose header is lines[header], or None when it runs off the end.

    Brace languages count brackets; indentation languages follow the indent. `closed_after`
    says whether running into the chunk's end also closes the block (the snippet ends there, or
    the next marker is indented no deeper than the header).
    """
    if language in INDENT_LANGUAGES:
        return _indent_block_end(lines, header, language, closed_after)
    if language in KEYWORD_END_LANGUAGES:
        return _keyword_block_end(lines, header)
    depth, opened = 0, False
    for i in range(header, len(lines)):
        code = _code_part(lines[i], language)
        for ch in code:
            if ch in "{([":
                depth += 1
                opened = opened or ch == "{"
            elif ch in "})]":
                depth -= 1
        if depth <= 0 and (opened or code.rstrip().endswith(";")):
            return i
        if not opened and i - header > 15:
            return None
    return None


KEYWORD_END_LANGUAGES = {"ruby", "lua", "elixir"}
_END = re.compile(r"^end\b")


def _keyword_block_end(lines: list[str], header: int) -> int | None:
    """``def … end`` / ``function … end``: the first ``end`` at the header's own indentation (a
    one-line definition ends on its header); None when the code dedents first or never ends."""
    base = len(indent_of(lines[header]).expandtabs(4))
    if re.search(r"\bend\s*$", _code_part(lines[header], None)):
        return header
    for i in range(header + 1, len(lines)):
        if not lines[i].strip():
            continue
        level = len(indent_of(lines[i]).expandtabs(4))
        if level == base and _END.match(lines[i].strip()):
            return i
        if level < base:
            return None
    return None


def _indent_block_end(lines, header, language, closed_after) -> int | None:
    base = len(indent_of(lines[header]).expandtabs(4))
    i, depth = header, 0
    while i < len(lines):  # skip decorators and a multi-line signature up to its colon
        code = _code_part(lines[i], language).rstrip()
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        if depth <= 0 and code.endswith(":") and not code.lstrip().startswith("@"):
            break
        i += 1
    else:
        return None
    last = i
    for j in range(i + 1, len(lines)):
        if not lines[j].strip():
            continue
        if len(indent_of(lines[j]).expandtabs(4)) <= base:
            return last
        last = j
    return last if closed_after else None


def _brackets(line: str, language: str | None):
    """+1 for each opening bracket of the line's code, -1 for each closing one, in order."""
    return [1 if ch in "{([" else -1 for ch in _code_part(line, language) if ch in "{([})]"]


def open_bracket_close(lines: list[str], lo: int, hi: int, language: str | None) -> int | None:
    """The line that closes the innermost bracket opened in lines[lo:hi] and still open at `hi`
    (``tween.easing = {`` shown, its entries elided: the table's ``}``); None when none is open."""
    opened = 0
    for i in range(lo, hi):
        for step in _brackets(lines[i], language):
            opened = max(opened + step, 0)
    if not opened:
        return None
    depth = 0
    for i in range(hi, len(lines)):
        for step in _brackets(lines[i], language):
            depth += step
            if depth < 0:
                return i
    return None


def closes_outer_block(lines: list[str], language: str | None) -> bool:
    """Whether the last line closes a bracket the lines before it never opened: the depth it
    leaves is below every depth reached before it (``}``, ``return x;``, ``};`` ends the function
    around them; ``f() {``, ``}``, ``g() {``, ``}`` does not)."""
    depth, lowest = 0, 0
    for i, line in enumerate(lines):
        depth += sum(_brackets(line, language))
        if i < len(lines) - 1:
            lowest = min(lowest, depth)
    return depth < lowest


def balanced_group(lines: list[str], language: str | None, opening: bool = True) -> bool:
    """Whether the lines close everything they open by the last, the bracket depth never dropping
    below zero, and (`opening`) open something on the first line (a bracket, a block comment):
    ``{``, ``title: 'x',``, ``},``; or ``/**``, `` * doc``, `` */``, ``f(() => {``, ``});``.
    Without `opening`, whole statements such as ``const names = ['a', 'b'];`` pass too."""
    if opening and _keyword_block(lines, language):
        return True
    depth = comments = 0
    for i, line in enumerate(lines):
        comments += line.count("/*") - line.count("*/")
        for step in _brackets(line, language):
            depth += step
            if depth < 0:
                return False
        if opening and i == 0 and depth == 0 and comments <= 0:
            return False
    return depth == 0 and comments == 0 and (len(lines) > 1 or not opening and bool(lines))


_KEYWORD_OPENER = re.compile(r"\s*(?:local\s+)?(?:function|def|class|module)\b")


def _keyword_block(lines: list[str], language: str | None) -> bool:
    """Whether the lines are one definition of a language that closes blocks with ``end`` (Lua,
    Ruby): a ``function``/``def``/``class`` header, its last line ``end`` at the header's
    indentation, every bracket between closed.

    >>> _keyword_block(["function Rule:f(x)", "    return x", "end"], "lua"), _keyword_block(["f(x)", "end"], "lua")
    (True, False)
    """
    if language not in ("lua", "ruby") or len(lines) < 2 or not _KEYWORD_OPENER.match(lines[0]):
        return False
    closed = lines[-1].strip() == "end" and indent_of(lines[-1]) == indent_of(lines[0])
    return closed and sum(step for line in lines for step in _brackets(line, language)) == 0


_CLOSER = re.compile(r"[\s)}\];,]*|\s*(end|fi|done|esac|endif|end\)|end;|end,)\s*|\s*</[\w.:-]+>\s*")


def closing_only(lines: list[str]) -> bool:
    """True for chunks such as "}", "};" or "end" that only close blocks."""
    return all(_CLOSER.fullmatch(line) for line in lines)


def find_run(original: list[str], lines: list[str], starts) -> int | None:
    """The first of `starts` where `lines` stand in `original` as written (indentation included,
    trailing spaces aside); None when they stand at none of them."""
    want = [line.rstrip() for line in lines]
    for i in starts:
        if [line.rstrip() for line in original[i : i + len(want)]] == want:
            return i
    return None


def reindent(
    lines: list[str], pairs: list[tuple[int, int]], original: list[str], header: tuple[int, int] | None = None
) -> list[str]:
    """Shift the chunk so that its matched lines take the original's indentation.

    Agents often send a method at column 0; when most matched lines agree on one shift (add or
    drop the same leading whitespace), apply it to the whole chunk. Without agreement, leave it.
    A chunk that replaces a definition takes the shift of that definition's `header` pair (its
    body's lines may match deeper-nested original lines by accident).
    """
    converted = convert_tabs(lines, pairs, original)
    if converted is not None:
        return converted
    if header is not None:  # a replaced definition's header says how the whole chunk is shifted
        ci, oi = indent_of(lines[header[0]]), indent_of(original[header[1]])
        if ci != oi and oi.endswith(ci):
            return [oi[: len(oi) - len(ci)] + line if line.strip() else line for line in lines]
        if ci != oi and ci.endswith(oi):
            cut = ci[: len(ci) - len(oi)]
            if all(line.startswith(cut) or not line.strip() for line in lines):
                return [line[len(cut) :] if line.strip() else line for line in lines]
    votes: Counter = Counter()
    for c, o in pairs:
        if not lines[c].strip() or not original[o].strip():
            continue
        ci, oi = indent_of(lines[c]), indent_of(original[o])
        if ci == oi:
            votes[("same", "")] += 1
        elif oi.endswith(ci):
            votes[("add", oi[: len(oi) - len(ci)])] += 1
        elif ci.endswith(oi):
            votes[("drop", ci[: len(ci) - len(oi)])] += 1
        else:
            votes[("other", "")] += 1
    if not votes:
        return lines
    (kind, text), count = votes.most_common(1)[0]
    # Verbatim context (some lines already agree) means the indentation is intended as sent.
    if kind not in ("add", "drop") or votes[("same", "")] or count * 10 < sum(votes.values()) * 9:
        return lines
    if kind == "add":
        return [text + line if line.strip() else line for line in lines]
    return [line[len(text) :] if line.startswith(text) else line for line in lines]


def continuations_kept(lines: list[str], pairs: list[tuple[int, int]], original: list[str]) -> list[str]:
    """The chunk with each continuation line it shows unchanged written at the original's indentation,
    where the statement's line above stands as the original has it (same line, same indentation): how
    far a wrapped line is indented is layout, which agents retype from memory, not structure, which
    the statement's first line carries.

    >>> orig = ["        let t = f", "                .apply(a)", "                .apply(b)"]
    >>> continuations_kept(["        let t = f", "            .apply(a)", "            .apply(b)"], [(0, 0), (1, 1), (2, 2)], orig)[1:]
    ['                .apply(a)', '                .apply(b)']
    >>> continuations_kept(["    for x in xs:", "    f(x)"], [(0, 0), (1, 1)], ["    for x in xs:", "        f(x)"])[1]
    '    f(x)'
    """
    matched = dict(pairs)
    out = list(lines)
    for c, line in enumerate(lines):
        o = matched.get(c)
        if c == 0 or o is None or o == 0 or matched.get(c - 1) != o - 1 or not line.strip():
            continue
        old, above = original[o], original[o - 1]
        if (
            line.strip() != old.strip()
            or indent_of(line) == indent_of(old)
            or indent_of(out[c - 1]) != indent_of(above)
            or norm(out[c - 1]) != norm(above)
        ):
            continue
        if continues_statement(above, old) and not is_marker_line(above):
            out[c] = indent_of(old) + line.strip()
    return out


def convert_tabs(lines: list[str], pairs: list[tuple[int, int]], original: list[str]) -> list[str] | None:
    """The chunk with its indentation converted when it indents with spaces where the original uses
    tabs (or the other way round) at one consistent width; None when that is not the case."""
    return _proportional_tabs(lines, pairs, original) or _shifted_tabs(lines, pairs, original)


SPACE_UNITS = (4, 2, 8)  # spaces a level, as snippets written with spaces indent


def _shifted_tabs(lines: list[str], pairs: list[tuple[int, int]], original: list[str]) -> list[str] | None:
    """The chunk in tabs when it indents with spaces, a level a fixed number of them, and leaves out
    levels the file's tabs have: a Go function's body written at column 0 with 4 spaces a level
    (``var (`` for the file's one tab, ``    b int`` for its two). Its matched lines, at two widths
    or more, must all say the same number of spaces a level and the same levels left out; None
    otherwise.

    >>> _shifted_tabs(["var (", "    b int", ")"], [(0, 0), (1, 1), (2, 2)], ["\\tvar (", "\\t\\tb int", "\\t)"])
    ['\\tvar (', '\\t\\tb int', '\\t)']
    """
    seen = set()
    for c, o in pairs:
        ci, oi = indent_of(lines[c]), indent_of(original[o])
        if not lines[c].strip() or not original[o].strip():
            continue
        if set(ci) - {" "} or set(oi) - {"\t"}:
            return None
        seen.add((len(ci), len(oi)))
    if len({spaces for spaces, _ in seen}) < 2:
        return None
    fits = [
        (unit, shifts.pop())
        for unit in SPACE_UNITS
        if all(spaces % unit == 0 for spaces, _ in seen)
        and len(shifts := {tabs - spaces // unit for spaces, tabs in seen}) == 1
    ]
    if len(fits) != 1 or fits[0][1] < 0:
        return None
    unit, shift = fits[0]

    def convert(line: str) -> str:
        indent = indent_of(line)
        if not line.strip() or set(indent) - {" "}:
            return line
        return "\t" * (len(indent) // unit + shift) + " " * (len(indent) % unit) + line[len(indent) :]

    return [convert(line) for line in lines]


def _proportional_tabs(lines: list[str], pairs: list[tuple[int, int]], original: list[str]) -> list[str] | None:
    widths: Counter = Counter()
    to_tabs = None
    for c, o in pairs:
        ci, oi = indent_of(lines[c]), indent_of(original[o])
        if not lines[c].strip() or not original[o].strip() or not ci and not oi:
            continue
        if not ci or not oi:
            return None  # a level at column 0 on one side only: no number of spaces a tab says that
        if set(oi) == {"\t"} and set(ci) == {" "} and len(ci) % len(oi) == 0:
            widths[("tabs", len(ci) // len(oi))] += 1
        elif set(oi) == {" "} and set(ci) == {"\t"} and len(oi) % len(ci) == 0:
            widths[("spaces", len(oi) // len(ci))] += 1
        else:
            return None
    if len(widths) != 1:
        return None
    ((to, width),) = widths
    to_tabs = to == "tabs"

    def convert(line: str) -> str:
        indent = indent_of(line)
        if to_tabs and set(indent) <= {" "}:
            return "\t" * (len(indent) // width) + " " * (len(indent) % width) + line[len(indent) :]
        if not to_tabs and set(indent) <= {"\t"}:
            return " " * (len(indent) * width) + line[len(indent) :]
        return line

    return [convert(line) for line in lines]
