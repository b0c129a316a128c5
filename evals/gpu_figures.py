"""The figures a script can check, from the agenda's results: ``docs/gpu-results.json``.

    {"device", "date", "commit", "copy_135m_tok_s_1", "copy_135m_tok_s_32", "shape_7b_tok_s_1",
     "shape_7b_tok_s_16", "served_135m_tok_s_1", "lossless_fp32"}

tok/s of the embedded model's copy case at k = 64 through the static runner (a CUDA graph on CUDA),
one stream and 32 streams in one engine; of the Qwen2.5-Coder-7B shape, one stream and 16; and of the
served configuration (every server default, slots sized from the KV budget), one stream.
``lossless_fp32``: the CUDA tests passed and every fp32 decoder agreed 100 % with HF greedy. A figure
the run did not measure is null. The speed step writes the file into its results on every device;
only a GPU run's copy goes to ``docs/`` (``write_figures``, called by ``gpu_agenda unpack``).
"""

from __future__ import annotations

import json
from pathlib import Path

KEYS = (
    "device",
    "date",
    "commit",
    "copy_135m_tok_s_1",
    "copy_135m_tok_s_32",
    "shape_7b_tok_s_1",
    "shape_7b_tok_s_16",
    "served_135m_tok_s_1",
    "lossless_fp32",
)


def _read(path: Path):
    return json.loads(path.read_text()) if path.is_file() else None


def _single(rows, k: int = 64):
    """tok/s of the static runner at ``k`` (the largest k measured when not ``k``)."""
    static = [r for r in rows or [] if r.get("runner") == "static" and r.get("k")]
    best = [r for r in static if r["k"] == k] or sorted(static, key=lambda r: r["k"])[-1:]
    return best[0]["tok_s"] if best else None


def _level(rows, level: int):
    return next((r["aggregate_tok_s"] for r in rows or [] if r["concurrency"] == level), None)


def _lossless(root: Path) -> bool:
    tests = _read(root / "1-correctness" / "tests.json") or []
    agreement = _read(root / "1-correctness" / "agreement.json") or []
    fp32 = [r for r in agreement if r["dtype"] == "float32"]
    passed = bool(tests) and all(t.get("returncode") == 0 and not t.get("failures") for t in tests)
    return passed and bool(fp32) and all(r["agree_hf"] == 1.0 for r in fp32)


def figures(root: Path, environment: dict | None = None) -> dict:
    """The figures from a results folder; ``environment`` (device, date) of the speed run, else the
    last speed command's."""
    root = Path(root)
    speed = root / "2-speed"
    if environment is None:
        runs = (speed / "commands.jsonl").read_text().splitlines() if (speed / "commands.jsonl").is_file() else []
        environment = (json.loads(runs[-1]).get("environment") or {}) if runs else {}
    bench = _read(speed / "bench.json") or {}
    shape = _read(speed / "shape-qwen2.5-coder-7b.json") or {}
    served = bench.get("served") or [{}]
    return {
        "device": environment.get("device"),
        "date": environment.get("date"),
        "commit": (_read(root / "plan.json") or {}).get("commit"),
        "copy_135m_tok_s_1": _single(bench.get("copy")),
        "copy_135m_tok_s_32": _level(bench.get("concurrency"), 32),
        "shape_7b_tok_s_1": _single(shape.get("single")),
        "shape_7b_tok_s_16": _level(shape.get("concurrency"), 16),
        "served_135m_tok_s_1": served[0].get("tok_s"),
        "lossless_fp32": _lossless(root),
    }


def write_figures(root: Path, dest: Path, require_gpu: bool = True) -> Path | None:
    """Write the speed step's figures (``2-speed/gpu-results.json``) to ``dest``; with
    ``require_gpu``, only when they were measured on a GPU (a CPU dry run never lands in docs/)."""
    data = _read(Path(root) / "2-speed" / "gpu-results.json")
    if data is None or (require_gpu and data.get("device") in (None, "cpu")):
        return None
    if data.get("commit") is None:  # a machine that was sent no plan: the one unpacked beside the results
        data["commit"] = (_read(Path(root) / "plan.json") or {}).get("commit")
    dest = Path(dest)
    dest.write_text(json.dumps({key: data.get(key) for key in KEYS}, indent=1) + "\n")
    return dest
