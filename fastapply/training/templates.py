"""Small language-specific pieces the edit generator splices into real code: inserted statements,
class fields, new identifiers, literal and operator changes. Plausible rather than correct code: the
apply model has to copy it, not run it."""

from __future__ import annotations

import random
import re

# {ind}: statement indent, {u}: one indent step, {var}: an identifier of the function, {fn}: its name,
# {semi}: ";" where the file uses semicolons.
STATEMENTS: dict[str, list[str]] = {
    "python": [
        '{ind}logger.debug("{fn}: %r", {var})\n',
        '{ind}if {var} is None:\n{ind}{u}raise ValueError("{var} is required")\n',
        "{ind}# NOTE: {var} is checked by the caller\n",
        '{ind}assert {var} is not None, "{fn}"\n',
    ],
    "javascript": [
        "{ind}console.log('{fn}', {var}){semi}\n",
        "{ind}if ({var} == null) {{\n{ind}{u}return null{semi}\n{ind}}}\n",
        "{ind}// TODO: validate {var}\n",
        "{ind}debug('{fn} %o', {var}){semi}\n",
    ],
    "go": [
        '{ind}log.Printf("{fn}: %v", {var})\n',
        "{ind}if {var} == nil {{\n{ind}{u}return nil\n{ind}}}\n",
        "{ind}_ = {var}\n",
        "{ind}// TODO: check {var} before use\n",
    ],
    "rust": [
        '{ind}eprintln!("{fn}: {{:?}}", {var});\n',
        "{ind}let _ = &{var};\n",
        "{ind}// TODO: handle {var} errors\n",
        '{ind}debug_assert!(true, "{fn}");\n',
    ],
    "java": [
        '{ind}System.out.println("{fn}: " + {var});\n',
        '{ind}Objects.requireNonNull({var}, "{var}");\n',
        '{ind}if ({var} == null) {{\n{ind}{u}throw new IllegalArgumentException("{var} is null");\n{ind}}}\n',
        "{ind}// TODO: validate {var}\n",
    ],
    "c": [
        "{ind}(void){var};\n",
        "{ind}/* TODO: check {var} */\n",
        "{ind}assert({var});\n",
    ],
}

FIELDS: dict[str, list[str]] = {
    "python": ["{ind}{name} = None\n", "{ind}{name}: int = 0\n", '{ind}{name} = "{word}"\n'],
    "javascript": ["{ind}{name} = null{semi}\n", "{ind}{name} = 0{semi}\n"],
    "go": ["{ind}{Name} string\n", "{ind}{Name} int\n", "{ind}{Name} bool\n"],
    "rust": ["{ind}pub {name}: u32,\n", "{ind}{name}: Option<String>,\n", "{ind}pub {name}: bool,\n"],
    "java": [
        "{ind}private int {name};\n",
        '{ind}private static final String {NAME} = "{word}";\n',
        "{ind}private boolean {name} = false;\n",
    ],
    "c": ["{ind}int {name};\n", "{ind}unsigned long {name};\n"],
}

VERBS = [
    "get",
    "compute",
    "build",
    "parse",
    "load",
    "check",
    "update",
    "handle",
    "make",
    "find",
    "resolve",
    "collect",
    "normalize",
    "validate",
    "apply",
    "read",
    "write",
    "format",
]
NOUNS = [
    "value",
    "config",
    "entry",
    "result",
    "buffer",
    "state",
    "items",
    "name",
    "options",
    "path",
    "token",
    "count",
    "limit",
    "index",
    "cache",
    "header",
    "record",
    "context",
    "offset",
    "target",
]
RENAME_SUFFIXES = ["value", "tmp", "new", "local", "item", "data", "ref", "cur"]
WORDS = ["default", "enabled", "legacy", "pending", "auto", "primary", "fallback", "strict"]

_OP_SWAPS = [
    (" == ", " != "),
    (" != ", " == "),
    (" <= ", " < "),
    (" < ", " <= "),
    (" >= ", " > "),
    (" > ", " >= "),
    (" && ", " || "),
    (" || ", " && "),
    (" and ", " or "),
    (" or ", " and "),
    ("True", "False"),
    ("False", "True"),
    ("true", "false"),
    ("false", "true"),
]


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def words_of(name: str) -> list[str]:
    """The lower-case words of an identifier in any case style.

    >>> words_of("parseHTTPHeader_v2")
    ['parse', 'http', 'header', 'v', '2']
    """
    return [w.lower() for w in _WORD.findall(name)] or ["value"]


def camel(words: list[str]) -> str:
    return words[0] + "".join(w.capitalize() for w in words[1:])


def join_name(words: list[str], case: str) -> str:
    return "_".join(words) if case == "snake" else camel(words)


def new_func_name(rng: random.Random, case: str, taken: set[str]) -> str:
    for _ in range(20):
        name = join_name([rng.choice(VERBS), rng.choice(NOUNS)], case)
        if name not in taken:
            return name
    return join_name([rng.choice(VERBS), rng.choice(NOUNS), str(rng.randint(2, 99))], case)


def rename_ident(old: str, rng: random.Random, case: str) -> str:
    suffix = rng.choice(RENAME_SUFFIXES)
    if case == "snake" or "_" in old:
        return f"{old}_{suffix}"
    return old + suffix.capitalize()


_INT = re.compile(r"^\d+$")
_FLOAT = re.compile(r"^\d+\.\d+$")


def change_literal(text: str, rng: random.Random) -> str | None:
    """A different literal of the same kind, or None when this literal is left alone (escapes,
    multi-line strings, prefixes we do not understand)."""
    if _INT.match(text):
        old = int(text)
        new = rng.choice([old + 1, old * 2, max(0, old - 1), old + 10, rng.randint(0, 1000)])
        return str(new) if str(new) != text else str(old + 3)
    if _FLOAT.match(text):
        whole, frac = text.split(".")
        return f"{whole}.{(int(frac) + rng.randint(1, 9)) % 10 ** len(frac):0{len(frac)}d}"
    q = text[-1:]
    if len(text) >= 3 and q in "\"'" and text[0] == q and "\n" not in text and "\\" not in text[-3:]:
        body = text[1:-1]
        choice = rng.random()
        if choice < 0.4 or not body:
            return f"{q}{body}{rng.choice(['_v2', ' (deprecated)', '!', ':', ' ok'])}{q}"
        if choice < 0.7:
            return f"{q}{body.upper() if body != body.upper() else body.lower()}{q}"
        return f"{q}{rng.choice(WORDS)}{q}"
    return None


def swap_operator(line: str, rng: random.Random) -> str | None:
    options = [(a, b) for a, b in _OP_SWAPS if a in line]
    if not options:
        return None
    a, b = rng.choice(options)
    return line.replace(a, b, 1)


def uses_semicolons(lines: list[str]) -> bool:
    code = [ln.rstrip() for ln in lines if ln.strip() and not ln.strip().startswith(("//", "*", "/*"))]
    return sum(ln.endswith(";") for ln in code) > len(code) / 4 if code else True
