"""``fastapply mcp`` argument checks that fail before any server starts."""

from __future__ import annotations

import sys

from fastapply.cli import main


def test_without_the_sdk_it_says_what_to_install(tmp_path, monkeypatch, capsys):
    for name in [n for n in sys.modules if n == "mcp" or n.startswith("mcp.")] or ["mcp"]:
        monkeypatch.setitem(sys.modules, name, None)  # importing it now raises ImportError
    monkeypatch.delitem(sys.modules, "fastapply.mcp.server", raising=False)
    assert main(["mcp", str(tmp_path)]) == 2
    assert "pip install 'fastapply[mcp]'" in capsys.readouterr().err


def test_a_bad_diff_cap_is_refused(tmp_path, capsys):
    assert main(["mcp", str(tmp_path), "--max-diff-lines", "0"]) == 2
    assert "--max-diff-lines must be >= 1" in capsys.readouterr().err
