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
