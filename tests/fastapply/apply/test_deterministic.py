import subprocess
import sys

import pytest

from fastapply import merge
from fastapply.apply.deterministic import DeterministicApplier, Prepared, apply_deterministic, settle
from fastapply.apply.request import ApplyRequest, NotConfident

SMALL = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
VAGUE = "x = 1\n# ... existing code ...\ny = 2\n"


def test_deterministic_mode_refuses_to_guess():
    with pytest.raises(NotConfident):
        apply_deterministic(
            ApplyRequest("a = 1\n", "zzz = 2\n# ... existing code ...\nqqq = 3\n", mode="deterministic")
        )


def test_a_confident_merge_answers_without_a_model():
    result = DeterministicApplier().apply(ApplyRequest(SMALL, "def b():\n    return 3\n", mode="auto"))
    assert result.mode_used == "deterministic" and result.stats.finish_reason == "deterministic"
    assert result.merged == SMALL.replace("return 2", "return 3") and not result.warnings


@pytest.mark.parametrize(
    "mode, snippet, settled",
    [
        ("model", "def b():\n    return 3\n", False),  # the model is asked for: never settled by the merge
        ("auto", "def b():\n    return 3\n", True),
        ("auto", VAGUE, False),  # not confident: left to the model
    ],
)
def test_settle_leaves_to_the_model_what_the_mode_or_the_merge_cannot_answer(mode, snippet, settled):
    candidate = merge.lazy_merge(SMALL, snippet, "python")
    result = settle(ApplyRequest(SMALL, snippet, mode=mode), Prepared("python", candidate, 0.0))
    assert (result is not None) is settled


def test_deterministic_apply_and_eval_never_import_torch(tmp_path):
    # Importing torch + transformers costs seconds; the deterministic path needs neither.
    (tmp_path / "o.py").write_text(SMALL)
    (tmp_path / "s.py").write_text("def b():\n    return 3\n")
    (tmp_path / "d.jsonl").write_text(
        '{"id": "c", "original": "def b():\\n    return 2\\n", "snippet": "def b():\\n    return 3\\n", '
        '"expected": "def b():\\n    return 3\\n", "language": "python"}\n'
    )
    code = (
        "import sys\n"
        "from fastapply.cli import main\n"
        f"assert main(['apply', {str(tmp_path / 'o.py')!r}, {str(tmp_path / 's.py')!r}, '--mode', 'deterministic']) == 0\n"
        f"assert main(['eval', '--data', {str(tmp_path / 'd.jsonl')!r}, '--mode', 'deterministic', "
        f"'--out', {str(tmp_path / 'run')!r}]) == 0\n"
        "assert 'torch' not in sys.modules and 'transformers' not in sys.modules, 'torch was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "return 3" in done.stdout


def test_a_model_answer_that_differs_from_the_confident_merge_is_flagged():
    from fastapply.apply.deterministic import disagreement, prepare

    original = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
    request = ApplyRequest(original, "def b():\n    return 3\n", mode="model", language="python")
    prepared = prepare(request)
    right = original.replace("return 2", "return 3")
    assert disagreement(request, prepared, right) is None
    assert disagreement(request, prepared, right.replace("\n", "  \n")) is None  # trailing spaces aside
    flag = disagreement(request, prepared, original)
    assert flag.code == "disagrees_with_merge" and flag.severity == "flag"
    vague = ApplyRequest(original, "x = 1\n# ... existing code ...\ny = 2\n", mode="model", language="python")
    assert disagreement(vague, prepare(vague), original) is None  # no confident merge to disagree with


# A Python definition rewritten whole, then a marker at its own level: the merge replaces the body;
# a second opinion that kept the old body under the marker would not be confirmed (see below).
DECODER = 'class D:\n    def decode(self, s):\n        """Decode."""\n        obj = self.raw(s)\n        return obj\n\n    def raw(self, s):\n        return s\n'


def test_a_confident_merge_is_served_only_when_the_second_opinion_writes_the_same_code(monkeypatch):
    from fastapply.apply import deterministic
    from fastapply.merge.second import Opinion

    snippet = "# ...\n    def raw(self, s):\n        return s.strip()\n"
    request = ApplyRequest(DECODER, snippet, mode="auto", language="python")
    served = settle(request, deterministic.prepare(request))
    assert served is not None and served.merged == DECODER.replace("return s\n", "return s.strip()\n")
    # The same merge, with a second opinion that writes other code: not served, the doubt named.
    monkeypatch.setattr("fastapply.merge.second.agree.second_opinion", lambda *a, **k: Opinion(DECODER, None))
    assert settle(request, deterministic.prepare(request)) is None
    merged, warnings = deterministic.checked_merge(request, deterministic.prepare(request))
    assert [w.code for w in warnings] == ["second_opinion_differs"] and warnings[0].lines == (8,)


def test_a_second_opinion_that_abstains_leaves_the_merge_flagged_with_its_reason(monkeypatch):
    from fastapply.apply import deterministic
    from fastapply.merge.second import Opinion

    monkeypatch.setattr("fastapply.merge.second.agree.second_opinion", lambda *a, **k: Opinion(None, "nothing anchors"))
    request = ApplyRequest(DECODER, "# ...\n    def raw(self, s):\n        return s.strip()\n", language="python")
    (warning,) = deterministic.checked_merge(request, deterministic.prepare(request))[1]
    assert warning.code == "second_opinion_abstained" and "nothing anchors" in warning.message


def test_the_unsure_answer_lists_the_second_opinion_among_the_candidates(monkeypatch):
    from fastapply.apply.deterministic import prepare
    from fastapply.apply.unsure import candidates_for
    from fastapply.merge.second import Opinion

    request = ApplyRequest(DECODER, "# ...\n    def raw(self, s):\n        return s.strip()\n", language="python")
    literal = prepare(request).candidate.merged
    other = literal.replace("s.strip()", "s.lstrip()")
    monkeypatch.setattr("fastapply.merge.repair.candidates.second_opinion", lambda *a, **k: Opinion(other))
    assert [(c.label, c.text) for c in candidates_for(request, prepare(request))] == [
        ("the literal merge", literal),
        ("the second opinion", other),
    ]
    monkeypatch.setattr("fastapply.merge.repair.candidates.second_opinion", lambda *a, **k: Opinion(literal))
    assert [c.label for c in candidates_for(request, prepare(request))] == ["the literal merge"]  # the same file once


def test_a_stated_rename_is_made_before_the_snippet_is_placed_and_noted():
    original = (
        "def is_true(s):\n    return s in ('1', 'y')\n\n\ndef load(tag):\n    if is_true(tag):\n        return 1\n"
        "    return 0\n\n\ndef keep(req):\n    x = 2\n    if is_true(req):\n        return x\n    return None\n"
    )
    snippet = "def parse_bool(s):\n# ... existing code ...\n    if parse_bool(req):\n        return x + 1\n"
    request = ApplyRequest(original, snippet, "Rename is_true to parse_bool, and return x + 1 from keep.", path="m.py")
    result = apply_deterministic(request)
    assert result.merged == original.replace("is_true", "parse_bool").replace("return x\n", "return x + 1\n")
    notes = [w for w in result.warnings if w.code == merge.Code.STATED_RENAME]
    assert len(notes) == 1 and notes[0].severity == "note" and "is_true to parse_bool in 3 place(s)" in notes[0].message
    assert not merge.flags(result.warnings)


def test_a_second_opinion_that_writes_the_file_the_stated_edit_made_confirms_it(monkeypatch):
    from fastapply.apply import deterministic
    from fastapply.merge.second import Opinion

    request = ApplyRequest(DECODER, "# ...\n    def raw(self, s):\n        return s.strip()\n", language="python")
    literal = deterministic.prepare(request).candidate.merged
    stated = literal.replace("    def raw(self, s):\n        return s.strip()\n", "")  # as if a stated deletion
    note = merge.ApplyWarning(merge.Code.INFERRED_DELETION, "removed raw(), as the instruction states", severity="note")
    monkeypatch.setattr(merge, "stated_edit", lambda *a, **k: (stated, note))
    monkeypatch.setattr("fastapply.merge.second.agree.second_opinion", lambda *a, **k: Opinion(stated))
    merged, warnings = deterministic.checked_merge(request, deterministic.prepare(request))
    assert merged == stated and warnings == [note]
    # a second opinion that writes neither the literal placement nor the stated edit: flagged
    monkeypatch.setattr("fastapply.merge.second.agree.second_opinion", lambda *a, **k: Opinion(DECODER))
    merged, warnings = deterministic.checked_merge(request, deterministic.prepare(request))
    assert [w.code for w in warnings] == ["inferred_deletion", "second_opinion_differs"]
