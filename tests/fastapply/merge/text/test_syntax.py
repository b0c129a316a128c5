from fastapply.merge import lazy_merge
from fastapply.merge.text.syntax import definitions, error_lines, error_macros, holder_names, sections_once

CACHE = """class LRUCache {
 private:
  mutable port::Mutex mutex_;
  size_t usage_ GUARDED_BY(mutex_);
};
"""


def test_a_macro_the_grammar_does_not_know_excuses_the_same_macro_in_new_code():
    assert error_macros(CACHE, "cpp") == {"GUARDED_BY"}
    grown = CACHE.replace("};", "  uint64_t hits_ GUARDED_BY(mutex_);\n};")
    assert len(error_lines(grown, "cpp")) > len(error_lines(CACHE, "cpp"))
    excused = error_macros(CACHE, "cpp")
    assert error_lines(grown, "cpp", excused) == error_lines(CACHE, "cpp", excused)
    broken = CACHE.replace("};", "  uint64_t hits_ = (;\n};")  # a real error still counts
    assert len(error_lines(broken, "cpp", excused)) > len(error_lines(CACHE, "cpp", excused))


def test_new_members_with_the_originals_macro_merge_confidently():
    snippet = (
        "// ... existing code ...\n  size_t usage_ GUARDED_BY(mutex_);\n  uint64_t hits_ GUARDED_BY(mutex_);\n};\n"
    )
    result = lazy_merge(CACHE, snippet, "cpp")
    assert result.confident, result.reason
    assert result.merged == CACHE.replace("};", "  uint64_t hits_ GUARDED_BY(mutex_);\n};")


def test_parents_are_the_innermost_holding_definitions():
    text = (
        "class A:\n    def run(self):\n        pass\n\n\nclass B:\n    def run(self):\n"
        "        def inner():\n            pass\n\n\ndef top():\n    pass\n"
    )
    found = definitions(text, "python")
    holder = holder_names(found)
    parents = {(d.name, d.start): holder[id(d)] for d in found}
    assert parents == {
        ("A", 0): "",
        ("run", 1): "A",
        ("B", 5): "",
        ("run", 6): "B",
        ("inner", 7): "run",
        ("top", 11): "",
    }


def test_yaml_sections_are_definitions_named_by_key_when_the_file_opens_them_once():
    workflow = (
        "on:\n  push:\n    branches: [main]\n"
        "jobs:\n  test:\n    env:\n      CI: 1\n    steps:\n      - run: make\n"
        "  lint:\n    env:\n      CI: 1\n    steps:\n      - run: ruff\n"
    )
    names = [d.name for d in definitions(workflow, "yaml")]
    assert names == ["on", "push", "jobs", "test", "lint"]  # a scalar value is no section
    # an `env:` in every job does not say which one a snippet's `env:` rewrites ...
    assert ("test", "env") in sections_once(workflow, "yaml")
    # ... but a check counting copies keeps each one its holder opens once
    kept = definitions(workflow, "yaml", keep=sections_once(workflow, "yaml"))
    assert [d.name for d in kept].count("env") == 2


def test_a_python_block_left_without_its_body_is_a_parse_error_the_grammar_would_miss():
    """tree-sitter's Python grammar reads ``else:`` with nothing indented below as an empty block;
    Python's own parser refuses it, and so does the merge's check."""
    original = "def f(x):\n    if x is None:\n        y = set()\n    else:\n        y = set(x)\n    return y\n"
    broken = original.replace("        y = set(x)\n", "    y = as_set(x)\n")
    assert error_lines(original, "python") == []
    assert error_lines(broken, "python") == [4]
    assert error_lines("print 'python 2'\n", "python") == [0]  # the original's own errors count as before


def test_the_module_examples_hold():
    import doctest

    from fastapply.merge.text import syntax

    assert doctest.testmod(syntax).failed == 0
