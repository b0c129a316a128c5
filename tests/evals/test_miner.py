"""The miner on a temporary git repository built by the test."""

import os
import subprocess

import pytest

from fastapply.evals.dataset import load_cases
from fastapply.evals.metrics import is_marker_line
from fastapply.evals.miner import MineConfig, mine_repo, mine_to_file
from fastapply.evals.snippets import make_snippet

ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
}


def python_module(n_funcs=6):
    return "".join(f"def func{i}(x):\n    a = x + {i}\n    b = a * 2\n    return b\n\n\n" for i in range(n_funcs))


def go_file():
    return "package util\n\n" + "".join(
        f"func F{i}(x int) int {{\n\ty := x + {i}\n\treturn y\n}}\n\n" for i in range(6)
    )


def commit(repo, message, files):
    for name, text in files.items():
        (repo / name).write_text(text, encoding="utf-8")
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True, env=ENV)
    subprocess.run(["git", "-C", str(repo), "commit", "-q", "-m", message], check=True, env=ENV)


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    repo = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, env=ENV)
    subprocess.run(
        ["git", "-C", str(repo), "remote", "add", "origin", "https://example.com/acme/widgets.git"], check=True
    )
    app, util = python_module(), go_file()
    commit(repo, "initial", {"app.py": app, "util.go": util, "notes.txt": "hello\n"})
    commit(repo, "Tweak func3", {"app.py": app.replace("a = x + 3\n", "a = x + 33\n    a -= 1\n")})
    commit(
        repo,
        "Touch two files",
        {
            "app.py": app.replace("+ 1\n", "+ 11\n").replace("a = x + 3\n", "a = x + 33\n    a -= 1\n"),
            "util.go": util.replace("x + 2", "x + 22"),
        },
    )
    commit(repo, "Change F4", {"util.go": util.replace("x + 2", "x + 22").replace("y := x + 4", "y := x * 4")})
    commit(repo, "Add new file", {"new.py": python_module(5)})
    commit(repo, "Edit unknown type", {"notes.txt": "hello world\n"})
    return repo


def test_mines_single_file_commits_only(repo):
    rows = mine_repo(repo, MineConfig(max_cases=50, min_file_lines=10))
    subjects = sorted({r["instruction"] for r in rows})
    assert subjects == ["Change F4", "Tweak func3"]  # two-file, added-file and unknown-language commits skipped
    assert sorted({r["variant"] for r in rows}) == ["context3", "function"]
    for row in rows:
        assert row["source"].startswith("acme/widgets@") and row["id"].startswith("acme/widgets/")
        assert row["original"] != row["expected"]
        code = [line for line in row["snippet"].splitlines() if not is_marker_line(line)]
        assert set(code) <= set(row["expected"].splitlines())
    load_cases_roundtrip = {r["language"] for r in rows}
    assert load_cases_roundtrip == {"python", "go"}


def test_snippet_variants(repo):
    rows = {(r["language"], r["variant"]): r for r in mine_repo(repo, MineConfig(min_file_lines=10))}
    py_ctx = rows[("python", "context3")]["snippet"].splitlines()
    # changed lines + 3 lines of context either side, markers in Python comment syntax
    assert py_ctx[0] == "# ... existing code ..." and py_ctx[-1] == "# ... existing code ..."
    assert "def func3(x):" in py_ctx and "    a = x + 33" in py_ctx
    assert len(py_ctx) == 2 + 2 + 3 + 3
    py_fn = rows[("python", "function")]["snippet"].splitlines()
    assert py_fn[1:-1] == ["def func3(x):", "    a = x + 33", "    a -= 1", "    b = a * 2", "    return b"]
    go_fn = rows[("go", "function")]["snippet"].splitlines()
    assert go_fn[0] == "// ... existing code ..." and go_fn[1:-1] == [
        "func F4(x int) int {",
        "\ty := x * 4",
        "\treturn y",
        "}",
    ]


def test_mining_is_deterministic_and_respects_max(repo, tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert mine_to_file(repo, a, MineConfig(max_cases=3, min_file_lines=10)) == 3
    mine_to_file(repo, b, MineConfig(max_cases=3, min_file_lines=10))
    assert a.read_bytes() == b.read_bytes()
    cases, errors = load_cases(a)
    assert len(cases) == 3 and not errors


def test_bad_config_and_non_repo(tmp_path):
    with pytest.raises(ValueError):
        MineConfig(max_changed_lines=0)
    with pytest.raises(ValueError):
        MineConfig(variants=("whole-file",))
    with pytest.raises(ValueError):
        mine_repo(tmp_path)  # not a repository
    subprocess.run(["git", "init", "-q", str(tmp_path / "empty")], check=True, env=ENV)
    with pytest.raises(ValueError):
        mine_repo(tmp_path / "empty")  # no commits


def test_marker_indentation_follows_omitted_code():
    before = (
        "class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n"
        + "\n".join(f"    x{i} = {i}" for i in range(10))
        + "\n"
    )
    after = before.replace("return 2", "return 3")
    snippet, regions = make_snippet(before, after, "python", "context3")
    assert regions == 1
    assert snippet.splitlines()[-1] == "    # ... existing code ..."  # stands for the indented x3.. lines
