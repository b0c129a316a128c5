import json

import pytest

from fastapply.cli import main

ORIGINAL = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
SNIPPET = "# ... existing code ...\n\ndef sub(a, b):\n    return b - a\n"


@pytest.fixture
def files(tmp_path):
    o, s = tmp_path / "calc.py", tmp_path / "edit.txt"
    o.write_text(ORIGINAL)
    s.write_text(SNIPPET)
    return o, s


def test_apply_happy_path_json(files, tiny_model_dir, capsys):
    o, s = files
    rc = main(
        ["apply", str(o), str(s), "--model", str(tiny_model_dir), "--json", "--max-tokens", "20", "--mode", "model"]
        + ["--allow-flagged"]  # the tiny random model's file is flagged
    )
    out = capsys.readouterr()
    assert rc == 0
    result = json.loads(out.out)
    assert isinstance(result["merged"], str)
    assert result["stats"]["output_tokens"] <= 20 and result["stats"]["passes"] >= 1
    assert "tok/s" in out.err  # stats go to stderr


def test_plain_and_speculative_cli_runs_agree(files, tiny_model_dir, capsys, tmp_path):
    o, s = files
    outs = []
    for k in ("0", "64"):
        target = tmp_path / f"out{k}.py"
        assert (
            main(
                [
                    "apply",
                    str(o),
                    str(s),
                    "--model",
                    str(tiny_model_dir),
                    "--k",
                    k,
                    "--mode",
                    "model",
                    "--max-tokens",
                    "24",
                    "--out",
                    str(target),
                    "--allow-flagged",
                ]
            )
            == 0
        )
        outs.append(target.read_text())
    assert outs[0] == outs[1]


def test_default_mode_auto_uses_the_confident_deterministic_merge(files, tiny_model_dir, capsys):
    o, s = files
    assert main(["apply", str(o), str(s), "--model", str(tiny_model_dir), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["mode_used"] == "deterministic" and result["merged"] == ORIGINAL.replace("a - b", "b - a")


def test_auto_mode_loads_no_model_when_the_merge_answers(files, capsys):
    o, s = files
    # A model path that does not exist: loading it would fail, so success means it was never loaded.
    assert main(["apply", str(o), str(s), "--model", "/nonexistent/model"]) == 0
    out = capsys.readouterr()
    assert out.out == ORIGINAL.replace("a - b", "b - a")
    assert "[deterministic] deterministic merge answered (no model pass)" in out.err and "0 passes" not in out.err


def test_deterministic_mode_needs_no_model(files, capsys):
    o, s = files
    assert main(["apply", str(o), str(s), "--mode", "deterministic"]) == 0
    assert capsys.readouterr().out == ORIGINAL.replace("a - b", "b - a")


def test_missing_file(files, capsys):
    o, _ = files
    assert main(["apply", str(o), "/nonexistent/snippet"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_binary_and_non_utf8_files(files, tmp_path, capsys):
    o, s = files
    binary = tmp_path / "blob.bin"
    binary.write_bytes(b"\x7fELF\x00\x01\x02")
    assert main(["apply", str(binary), str(s)]) == 2
    assert "binary" in capsys.readouterr().err
    latin = tmp_path / "latin.py"
    latin.write_bytes("x = 'caf\xe9'\n".encode("latin-1"))
    assert main(["apply", str(latin), str(s)]) == 2
    assert "UTF-8" in capsys.readouterr().err


def test_empty_snippet(files, tmp_path, capsys):
    o, _ = files
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n")
    assert main(["apply", str(o), str(empty)]) == 2
    assert "empty" in capsys.readouterr().err


def test_input_longer_than_context(tmp_path, tiny_model_dir, capsys):
    o, s = tmp_path / "big.py", tmp_path / "edit.txt"
    o.write_text("".join(f"value_{i} = compute({i}, {i * 7})\n" for i in range(600)))
    s.write_text("this chunk anchors nowhere\n# ... existing code ...\n")
    assert main(["apply", str(o), str(s), "--model", str(tiny_model_dir), "--fallback", "generate"]) == 2
    err = capsys.readouterr().err
    assert "context" in err and "2048" in err


def test_an_unsure_merge_with_one_reading_is_written_flagged_without_loading_a_model(tmp_path, capsys):
    o, s = tmp_path / "big.py", tmp_path / "edit.txt"
    o.write_text("".join(f"value_{i} = compute({i}, {i * 7})\n" for i in range(600)))
    s.write_text("this chunk anchors nowhere\n# ... existing code ...\n")
    out = tmp_path / "merged.py"
    assert main(["apply", str(o), str(s), "--model", "/no/such/model", "--out", str(out)]) == 3  # no model needed
    err = capsys.readouterr().err
    assert "[deterministic]" in err and "warning: unsure_merge" in err
    assert out.read_text().startswith("this chunk anchors nowhere\n")
    assert main(["apply", str(o), str(s), "--model", "/no/such/model", "--out", str(out), "--allow-flagged"]) == 0


def test_deterministic_not_confident_is_an_error(files, tmp_path, capsys):
    o, _ = files
    s = tmp_path / "vague.txt"
    s.write_text("print('somewhere')\n# ... existing code ...\nprint('elsewhere')\n")
    assert main(["apply", str(o), str(s), "--mode", "deterministic"]) == 2
    assert "not confident" in capsys.readouterr().err


def test_unknown_model_path(files, capsys):
    o, s = files
    assert main(["apply", str(o), str(s), "--model", "/no/such/model", "--mode", "model"]) == 2
    assert "neither" in capsys.readouterr().err


def test_a_flagged_result_never_replaces_the_file_it_edits(tmp_path, capsys):
    o, s = tmp_path / "big.py", tmp_path / "edit.txt"
    before = "".join(f"value_{i} = compute({i}, {i * 7})\n" for i in range(600))
    o.write_text(before)
    s.write_text("this chunk anchors nowhere\n# ... existing code ...\n")
    assert main(["apply", str(o), str(s), "--model", "/no/such/model", "--out", str(o)]) == 3
    assert o.read_text() == before  # the edited file is untouched
    beside = tmp_path / "big.py.flagged"
    assert beside.read_text().startswith("this chunk anchors nowhere\n")
    assert "big.py.flagged" in capsys.readouterr().err
    # Asked for explicitly, the flagged file replaces it.
    assert main(["apply", str(o), str(s), "--model", "/no/such/model", "--out", str(o), "--allow-flagged"]) == 0
    assert o.read_text() == beside.read_text()


def test_a_clean_result_replaces_the_file_in_place_keeping_its_mode(files):
    o, s = files
    o.chmod(0o754)
    assert main(["apply", str(o), str(s), "--mode", "deterministic", "--out", str(o)]) == 0
    assert o.read_text() == ORIGINAL.replace("a - b", "b - a")
    assert o.stat().st_mode & 0o777 == 0o754
    assert sorted(p.name for p in o.parent.iterdir()) == ["calc.py", "edit.txt"]  # no temporary file left
