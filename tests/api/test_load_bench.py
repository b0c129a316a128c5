"""Smoke run of the load benchmark (evals/load.py) against the tiny model's server."""

from __future__ import annotations

import json

from fastapply.api import Settings
from fastapply.evals import load


def test_load_benchmark_prints_a_table(serve_factory, tmp_path, capsys):
    dataset = tmp_path / "cases.jsonl"
    rows = [
        {
            "id": f"c{i}",
            "language": "python",
            "original": f"def f{i}(x):\n    return x + {i}\n",
            "snippet": f"def f{i}(x):\n    return x * {i}\n",
            "expected": "",
        }
        for i in range(4)
    ]
    dataset.write_text("".join(json.dumps(r) + "\n" for r in rows))
    # A benchmark server: the random model's flagged answers are served, so their bytes can be compared.
    with serve_factory(Settings(api_key=None, allow_flagged=True)) as live:
        args = ["--url", live.url, "--dataset", str(dataset), "--concurrency", "1,4", "--max-tokens", "16"]
        assert load.main(args) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| concurrency |") and len(lines) == 4
    seq, conc = (line.split("|") for line in lines[2:])
    assert int(seq[3]) == int(conc[3]) == 0  # no errors
    assert conc[11].strip() == "yes"  # identical bytes at concurrency 4
    assert int(conc[9]) < int(seq[9])  # fewer forward passes batched
