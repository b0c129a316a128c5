"""A local helper kept that nothing uses any more.

An agent that lifts a nested helper out of its function ("move two_neighborhood out of
is_reachable as _two_neighborhood") shows the new helper and the function's new calls, and leaves
the old nested definition under a marker ("# ... docstring unchanged ..."): a merge that keeps what
markers cover keeps it, now called by nothing. A nested function its holder used before and no
longer uses, where the file now also defines it elsewhere (under that name, or one holding it:
``_two_neighborhood``), is the old copy left behind. Only functions held by functions count: a
method of a class is used from outside it; and a helper whose last use an edit removed, with no
copy lifted out, is dead code the edit asked for.

    >>> original = "def f(g):\\n    def helper(x):\\n        return x\\n    return helper(g)\\n"
    >>> merged = "def _helper(x):\\n    return x\\n\\n\\n" + original.replace("return helper(g)", "return _helper(g)")
    >>> unused_local_helpers(original, merged, "python")
    ('helper',)
    >>> unused_local_helpers(original, original, "python")
    ()
"""

from __future__ import annotations

from fastapply.merge.text.normal import whole_word
from fastapply.merge.text.syntax import Definition, definitions, holder, short_name

FUNCTION_KINDS = frozenset(
    {
        "function_definition",
        "function_declaration",
        "generator_function_declaration",
        "function_item",
        "method_definition",
        "method_declaration",
    }
)


def unused_local_helpers(original: str, merged: str, language: str | None) -> tuple[str, ...]:
    """Names of the functions nested in a function of ``merged`` that their holder no longer uses,
    where the same helper in the same-named holder of ``original`` was used."""
    if language is None:
        return ()
    defs = definitions(merged, language)
    before = _local_uses(original.splitlines(), definitions(original, language))
    after = _local_uses(merged.splitlines(), defs)
    names = [_bare(short_name(d.name)) for d in defs]
    return tuple(
        sorted(
            name
            for key, name in after
            # (the helper itself, and its copy lifted out: two definitions holding the name)
            if after[key, name] == 0 and before.get((key, name), 0) > 0 and sum(_bare(name) in n for n in names) > 1
        )
    )


def _bare(name: str) -> str:
    """A name without case or underscores: ``_two_neighborhood`` holds ``twoNeighborhood``."""
    return name.replace("_", "").casefold()


def _local_uses(lines: list[str], defs: list[Definition]) -> dict[tuple[str, str], int]:
    """(holder's name, helper's name) -> how many lines of the holder, outside the helper, say the
    helper's name, for each function held by a function."""
    uses: dict[tuple[str, str], int] = {}
    for d in defs:
        outer = holder(d, defs)
        if d.kind not in FUNCTION_KINDS or outer is None or outer.kind not in FUNCTION_KINDS:
            continue
        name = short_name(d.name)
        word = whole_word(name)
        rows = [r for r in range(outer.start, outer.end + 1) if not d.start <= r <= d.end]
        uses[short_name(outer.name), name] = sum(bool(word.search(lines[r])) for r in rows if r < len(lines))
    return uses
