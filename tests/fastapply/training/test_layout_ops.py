"""Doc-comment and move edits, and snippets written at column 0."""

from __future__ import annotations

import pytest

from fastapply.training.compose import apply_reps, make_ctx
from fastapply.training.edits import DonorPool
from fastapply.training.layout_ops import op_add_doc_comments, op_move_function
from fastapply.training.snippets import SnippetStyle, render
from fastapply.training.syntax import parse
from fastapply.training.synth import main as synth_main

JS = """class Calculator {
  constructor() {
    this.result = 0;
  }

  add(number) {
    this.result += number;
    return this;
  }

  subtract(number) {
    this.result -= number;
    return this;
  }

  /** Already documented. */
  reset() {
    this.result = 0;
    return this;
  }
}
"""

PY = '''class Store:
    def get(self, key, default=None):
        return self.items.get(key, default)

    def put(self, key, value):
        """Already documented."""
        self.items[key] = value

    def size(self):
        return len(self.items)
'''


def _ops(text, lang, op, seeds=range(12)):
    info = parse(text, lang)
    for seed in seeds:
        edit = op(make_ctx(info, ("layout", lang, seed), DonorPool()))
        if edit is not None:
            yield info, edit, "".join(apply_reps(info.lines, edit.reps))


def _has_error(text: str, lang: str) -> bool:
    return parse(text, lang).tree.root_node.has_error


@pytest.mark.parametrize("lang,text", [("javascript", JS), ("python", PY)])
def test_doc_comments_only_add_lines_and_skip_documented_functions(lang, text):
    made = list(_ops(text, lang, op_add_doc_comments))
    assert len(made) >= 6
    for _info, edit, merged in made:
        assert edit.kind == "add_doc_comments" and not _has_error(merged, lang)
        new_lines = merged.splitlines()
        it = iter(new_lines)
        assert all(any(a == b for b in it) for a in text.splitlines()), "every original line kept, in order"
        added = len(new_lines) - len(text.splitlines())
        assert added >= 1
        # No second comment on the documented function: the line above `reset`/after `def put` is unchanged.
        assert "Already documented." in merged and merged.count("Already documented.") == 1
        if lang == "javascript":
            assert merged.split("reset()")[0].rstrip().endswith("/** Already documented. */")
        else:
            assert '        """Already documented."""\n        self.items' in merged


def test_python_docstring_goes_inside_the_function():
    for _, _, merged in _ops(PY, "python", op_add_doc_comments):
        for line in merged.splitlines():
            if line.lstrip().startswith('"""') and "Already" not in line:
                assert line.startswith("        "), line  # body indent, not the def's


@pytest.mark.parametrize("lang,text", [("javascript", JS), ("python", PY)])
def test_move_keeps_every_line_and_changes_the_order(lang, text):
    made = list(_ops(text, lang, op_move_function))
    assert made
    for _, edit, merged in made:
        assert edit.kind == "move_function" and merged != text and not _has_error(merged, lang)
        assert sorted(merged.splitlines()) == sorted(text.splitlines())


def test_moved_function_takes_its_doc_comment_along():
    info = parse(JS, "javascript")
    for _, edit, merged in _ops(JS, "javascript", op_move_function, range(30)):
        if "`subtract` below `reset`" in edit.desc:
            assert "  /** Already documented. */\n  reset() {" in merged
            assert merged.index("subtract(") > merged.index("reset(")
            break
    else:
        pytest.fail(f"no seed moved subtract below reset in {info.lang}")


def test_dedented_snippet_starts_at_column_zero():
    merged = JS.replace("this.result -= number;", "this.result -= number * 2;")
    info = parse(merged, "javascript")
    kept = SnippetStyle("function", 2, "... existing code ...", False, False, "next")
    flat = SnippetStyle("function", 2, "... existing code ...", False, False, "next", dedent=True)
    assert "\n  subtract(number) {" in "\n" + render(JS, merged, info, kept)
    snippet = render(JS, merged, info, flat)
    assert "\nsubtract(number) {\n  this.result -= number * 2;" in "\n" + snippet
    assert snippet.startswith("// ... existing code ...")


def test_synth_root_must_be_a_directory(tmp_path):
    with pytest.raises(SystemExit) as err:
        synth_main(["--out", str(tmp_path / "x.jsonl"), "--n", "1", "--root", f"javascript={tmp_path / 'missing'}"])
    assert err.value.code == 2
    with pytest.raises(SystemExit):
        synth_main(["--out", str(tmp_path / "x.jsonl"), "--n", "1", "--root", f"cobol={tmp_path}"])


def test_dedent_lines_keeps_ends_and_takes_an_empty_snippet():
    from fastapply.training.syntax import dedent_lines

    assert dedent_lines(["  a\n", "    b"]) == ["a\n", "  b\n"]
    assert dedent_lines([]) == []  # a snippet that rendered empty: no crash, the caller drops it
