"""Smoke run of the soak benchmark (evals/soak.py) against the tiny model's server: a few seconds of
the good/bad/large/cancelled mix, no 500 and no dropped connection."""

from __future__ import annotations

import json
import os

from fastapply.api import Settings
from fastapply.evals import soak


def test_a_short_soak_serves_every_kind_without_a_500(serve_factory, tmp_path, capsys):
    dataset = tmp_path / "cases.jsonl"
    rows = [
        {
            "id": f"c{i}",
            "language": "python",
            "original": f"def f{i}(x):\n    return x + {i}\n",
            "snippet": f"def f{i}(x):\n    return x * {i}\n",
            "expected": "",
        }
        for i in range(3)
    ]
    dataset.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with serve_factory(Settings(api_key=None)) as live:
        code = soak.main(
            [
                "--url",
                live.url,
                "--data",
                str(dataset),
                "--minutes",
                "0.03",
                "--phases",
                "2",
                "--concurrency",
                "3",
                "--large-mb",
                "0.5",
                "--server-pid",
                str(os.getpid()),
                "--json",
                str(tmp_path / "s.json"),
            ]
        )
    summary = json.loads((tmp_path / "s.json").read_text())
    assert code == 0 and summary["server_errors"] == 0 and summary["dropped"] == 0
    kinds = {key.split()[0].split("-")[0] for key in summary["by_kind_and_status"]}
    assert {"good", "bad"} <= kinds
    assert all(not key.startswith("bad 2") for key in summary["by_kind_and_status"])  # bad input is never a 200
    out = capsys.readouterr().out
    assert "500s: 0, dropped: 0" in out
    assert summary["rss_idle_mb"] > 0 and summary["rss_samples_mb"]  # read once the server drained its work
    assert len(summary["rss_idle_by_phase_mb"]) == 2 and "after each phase" in out


def test_the_client_outwaits_the_servers_default_timeouts():
    assert soak.CLIENT_TIMEOUT_S > (Settings.queue_timeout or Settings.request_timeout) + Settings.request_timeout
