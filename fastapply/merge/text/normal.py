"""How lines compare: a whitespace-insensitive normal form, whether a line means something when it
matches once, and a similarity for edited lines."""

from __future__ import annotations

import difflib
import functools
import re

WORD_CHAR = re.compile(r"[A-Za-z0-9_]")


# Words that change what a line means without changing what it reads like.
MODIFIERS = frozenset(
    """await async static final const readonly public private protected internal override virtual
    open inline volatile mut pub export abstract sealed lateinit suspend""".split()
)


def whole_word(name: str) -> re.Pattern:
    """``name`` as a whole word of code: not inside a longer identifier ("HiBlack" is not in
    "FgHiBlack"; ``$`` counts as an identifier character).

    A name that opens or ends with a mark (``.join``, a member) has no word edge there to keep.

    >>> bool(whole_word("HiBlack").search("FgHiBlack")), bool(whole_word("x.y").search("f(x.y)"))
    (False, True)
    >>> bool(whole_word(".join").search("m = ms.join(',')")), bool(whole_word(".join").search("ms.joined"))
    (True, False)
    """
    before = r"(?<![\w$])" if re.match(r"[\w$]", name) else ""
    after = r"(?![\w$])" if re.search(r"[\w$]$", name) else ""
    return re.compile(before + re.escape(name) + after)


# Lines whose normal form (and marker verdict, markers.py) stay cached: the checks of one apply ask
# for the same lines many times, and a large file often repeats its lines. validate() empties both
# caches when it ends, so they hold one request's lines at most (≈ 50 MB at this size).
LINE_CACHE = 1 << 18


@functools.lru_cache(maxsize=LINE_CACHE)
def norm(line: str) -> str:
    """Whitespace-insensitive form of a line."""
    return " ".join(line.split())


_LOOSE_SPACE = re.compile(r"(?<![\w$])\s+|\s+(?![\w$])")


def loose(line: str) -> str:
    """A line's form blind to how it was typed: no space but between two words, one kind of quote.
    Lines of one loose form differ only as retyping differs.

    >>> loose("  f( 'a', b )"), loose('f("a",b)'), loose("const char* name"), loose("const char *name")
    ('f("a",b)', 'f("a",b)', 'const char*name', 'const char*name')
    """
    return _LOOSE_SPACE.sub("", line.strip()).replace("'", '"').replace("`", '"')


_TRAILING = re.compile(r"\S\s+(?://|#|--|/\*)")  # where a trailing comment opens, after code


def code_part(line: str) -> str:
    """The line without its trailing comment (a whole-line comment stays as it is).

    >>> code_part("func f() error { //nolint: gocyclo"), code_part("// a // b"), code_part("x = '#'")
    ('func f() error {', '// a // b', "x = '#'")
    """
    comment = _TRAILING.search(line)
    return line if comment is None or is_comment_line(line) else line[: comment.start() + 1]


_PADDING = re.compile(r"\S\s{2,}\S|\S\t")


def retyped(written: str, old: str) -> str:
    """The line to write where a snippet line (``written``) stands for an original line (``old``) of
    the same normal form: the original's own spacing inside the line, unless the snippet pads its
    line (a run of spaces or a tab between words: a realigned column, made on purpose). Agents
    retype context lines single-spaced; that is not an edit. The indentation stays the written one.
    A statement terminator added or left out (``f(x);`` for the file's ``f(x)``) is the same retype.
    A comment is prose, whose spacing is what an edit fixes ("fix the double spaces in the comment"):
    it stays as written.

    >>> retyped("  x = a + b;", "x = a  + b;"), retyped("x    = 1", "x = 1"), retyped("  f(x);", "  f(x)")
    ('  x = a  + b;', 'x    = 1', '  f(x)')
    """
    # (trailing whitespace the snippet lacks stays lost: mined commits strip it on purpose)
    if written.strip() == old.strip() or _PADDING.search(written.strip()):
        return written
    if norm(written) != norm(old) and norm(written).rstrip(";") != norm(old).rstrip(";"):
        if norm(written) != norm(code_part(old)):  # (the line quoted without its trailing comment is the same line)
            return written
    if is_comment_line(old):
        return written
    return written[: len(written) - len(written.lstrip())] + old.strip()


def is_distinctive(normalized: str, min_chars: int = 6) -> bool:
    """Long enough to mean something when it matches once (not "}", "end", "return x"): at least
    `min_chars` word characters."""
    return len(WORD_CHAR.findall(normalized)) >= min_chars


def line_similarity(a: str, b: str) -> float:
    """0..1 similarity of two lines, whitespace-insensitive (for edited lines at chunk edges)."""
    return difflib.SequenceMatcher(None, norm(a), norm(b), autojunk=False).ratio()


_KEYS = (
    re.compile(
        r"^(?:export\s+)?(?:(?:final|override|private|protected|public|implicit|inline|suspend|open|sealed|"
        r"abstract|static|async)\s+)*(?:def|function|fn|func|fun|class|struct|enum|interface|trait|object|module|type)"
        r"\s+([\w$]+)"
    ),
    re.compile(r"^(?:export\s+)?(?:pub\s+)?(?:const|let|var|val|static|final|local)\s+(?:mut\s+)?([\w$]+)"),
    re.compile(r"^([\w$.\[\]'\"]+|-*[\w$]+(?:-[\w$]+)+)\s*(?:=(?!=)|:=|:(?!:))"),  # a CSS property, a YAML key
    # a typed field after its modifiers: "private static final int LIMIT = 16;" (not a method: no "(")
    re.compile(
        r"^(?:(?:public|private|protected|internal|static|final|readonly|const|volatile|transient|override)\s+)+"
        r"(?:[\w$.\[\]?]+(?:<[^=;()]*>)?\s+)?([\w$]+)\s*(?:=(?!=)|;)"
    ),
)


# A line that opens a definition by keyword, after its modifiers (not an assignment, a label or a
# call); not Rust's impl, whose name is a type path.
_KEYWORD_HEADER = re.compile(
    r"^\s*(?:export\s+)?(?:default\s+)?(?:(?:public|private|protected|internal|static|abstract|final|async|"
    r"override|open|data|sealed|pub(?:\([\w:]+\))?)\s+)*"
    r"(?:def|function|fn|func|fun|class|struct|enum|interface|trait|object|module)\s+([\w$]+(?:(?:::|\.)[\w$]+)*)"
)


def keyword_definition(line: str) -> str | None:
    """The name a line opens a definition of by keyword ("    private fun load(" → load), if any.

    >>> keyword_definition("    override fun load(x: Int) {"), keyword_definition("    x = load()")
    ('load', None)
    """
    match = _KEYWORD_HEADER.match(line)
    return match.group(1) if match else None


def definition_key(line: str) -> str | None:
    """The name a line defines or assigns ("def f(" → f, "const X =" → X, "x = 1" → x), if any.

    >>> definition_key("    TIMEOUT = 10"), definition_key("return x")
    ('TIMEOUT', None)
    >>> definition_key("  private static final int LIMIT = 16;"), definition_key("  private int size(int x) {")
    ('LIMIT', None)
    >>> definition_key("  background-color: #fff;"), definition_key("  --menu-color: blue;"), definition_key("- a: 1")
    ('background-color', '--menu-color', None)
    >>> definition_key("  final def skip = { pos += 1; this }"), definition_key("  override def toString = s")
    ('skip', 'toString')
    """
    text = line.strip()
    for pattern in _KEYS:
        match = pattern.match(text)
        if match:
            return match.group(1)
    return None


# A line that only closes blocks: "}", "});", "end", "</div>".
_CLOSER = re.compile(r"^[\s)}\];,]*$|^\s*(end|fi|done|esac|endif|end\)|end;|end,)\s*$|^\s*</[\w.:-]+>\s*$")


def is_closer(line: str) -> bool:
    """Whether the line only closes blocks ("}", "});", "end", "</div>").

    >>> is_closer("  end"), is_closer("});"), is_closer("return x")
    (True, True, False)
    """
    return bool(_CLOSER.match(line))


# How a comment line opens, in the languages the merge reads (a docstring's quotes included).
COMMENT_STARTS = ("//", "#", "/*", "*", "--", "<!--", ";", '"""', "'''")


def is_comment_line(line: str) -> bool:
    """Whether the line, stripped, opens as a comment.

    >>> is_comment_line("  // note"), is_comment_line("x = 1  # note")
    (True, False)
    """
    return line.strip().startswith(COMMENT_STARTS)


# A line that goes on with the statement above it: the line above ends open (a bracket, a comma,
# an operator, a backslash; not a block's ``{`` or ``:``, nor YAML's ``|-``), or the line starts with
# a chained call, a logical operator or a closing bracket (not ``- item``: a list's nesting).
# (a C++ constructor's ") :" and a line opening on ": " go on into its initializer list)
_ENDS_OPEN = re.compile(r"(?:[(\[,=+*%?\\]|(?<![|>*/-])[-/]|&&|\|\||=>|->|::|(?<!\.)\.|\)\s+:)\s*$")
_STARTS_ON = re.compile(r"^\s*(?:\.(?!\.)|\?\.|&&|\|\||\|>|::|:\s|[)\]])")


def continues_statement(above: str, line: str) -> bool:
    """Whether ``line`` goes on with the statement on the line ``above`` it (code, not comments):
    where it is indented is layout, the statement's first line carries the structure.

    >>> continues_statement("let t = from", "    .apply(x)"), continues_statement("foo(a,", "    b)")
    (True, True)
    >>> continues_statement("if x:", "    y()"), continues_statement("steps: |-", "  run"), continues_statement("a", "- b")
    (False, False, False)
    >>> continues_statement("Pool::Pool(int n) :", "    _n(n) {"), continues_statement("Pool::Pool(int n)", "    : _n(n) {")
    (True, True)
    """
    if not above.strip() or not line.strip() or is_comment_line(above) or is_comment_line(line):
        return False
    return bool(_ENDS_OPEN.search(above) or _STARTS_ON.match(line))


def is_preamble_line(line: str) -> bool:
    """Whether the line heads a definition without being its header: a comment (a doc comment's
    lines too) or a decorator / annotation.

    >>> is_preamble_line("    /** Sorted. */"), is_preamble_line("  @staticmethod"), is_preamble_line("def f():")
    (True, True, False)
    """
    return is_comment_line(line) or line.lstrip().startswith("@")
