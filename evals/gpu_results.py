"""Where the agenda's results live on the GPU machine, and how they come back while a command runs.

Results accumulate under ``<state>/results/<step>/`` for the whole lease (the report reads them all);
what a command writes there is copied to ``$OUT`` every few seconds and at exit, so a command cut
short at its time limit still returns what it finished. Only files changed during this command are
copied (earlier commands already returned theirs), within the limits on what may come back.
"""
from __future__ import annotations

import json
import platform
import shutil
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

from .gpu_transfer import RETURN_FILE_LIMIT, RETURN_TOTAL_LIMIT

ALWAYS = ("report.md",)  # copied by every command, changed or not


class Results:
    def __init__(self, state: Path, out: Path | None, every_s: float = 15.0):
        self.root = state / "results"
        self.root.mkdir(parents=True, exist_ok=True)
        self.out = out
        self.started = time.time()
        self.every_s = every_s
        self.left_out: dict[str, str] = {}
        self.copied: set[str] = set()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def dir(self, step: str) -> Path:
        path = self.root / step
        path.mkdir(parents=True, exist_ok=True)
        return path

    def write_json(self, step: str, name: str, data) -> Path:
        path = self.dir(step) / name
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, default=str))
        tmp.replace(path)
        return path

    def read_json(self, step: str, name: str, default=None):
        path = self.root / step / name
        return json.loads(path.read_text()) if path.is_file() else default

    def is_done(self, step: str, part: str) -> bool:
        return part in self.read_json(step, "done.json", {})

    def mark_done(self, step: str, part: str, seconds: float) -> None:
        done = self.read_json(step, "done.json", {})
        done[part] = {"seconds": round(seconds, 1), "at": now()}
        self.write_json(step, "done.json", done)

    # -- copying back ---------------------------------------------------------------------------
    def mirror(self) -> None:
        """Copy files changed since this command started (and the report) to ``out``."""
        if self.out is None:
            return
        with self._lock:
            total = 0
            for path in sorted(self.root.rglob("*")):
                if not path.is_file() or path.name.endswith(".tmp"):
                    continue
                rel = path.relative_to(self.root)
                stat = path.stat()
                if stat.st_mtime < self.started - 1 and str(rel) not in ALWAYS:
                    continue
                if stat.st_size > RETURN_FILE_LIMIT or total + stat.st_size > RETURN_TOTAL_LIMIT - (1 << 20):
                    self.left_out[str(rel)] = f"{stat.st_size} bytes: over the limit of what comes back"
                    continue
                target = self.out / rel
                if not target.exists() or target.stat().st_mtime < stat.st_mtime:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, target)
                    self.copied.add(str(rel))
                total += stat.st_size
            for rel in [r for r in self.copied if not (self.root / r).exists()]:
                (self.out / rel).unlink(missing_ok=True)  # e.g. an eval's partial rows, now in results.jsonl
                self.copied.discard(rel)

    def start(self) -> "Results":
        def loop():
            while not self._stop.wait(self.every_s):
                try:
                    self.mirror()
                except OSError:  # a file replaced while copied: the next round copies it
                    pass

        self._thread = threading.Thread(target=loop, daemon=True, name="results-mirror")
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)
        self.mirror()


class Budget:
    """Seconds left for this command: each part checks it before starting, so the command ends inside
    its limit with everything finished so far written and copied back."""

    def __init__(self, seconds: float):
        self.deadline = time.monotonic() + seconds

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def allows(self, seconds: float) -> bool:
        return self.left() >= seconds


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def environment() -> dict:
    """Device, date and versions for the report's header of a step."""
    import torch

    info = {"date": now(), "python": platform.python_version(), "torch": torch.__version__,
            "cuda": torch.version.cuda, "device": "cpu", "host_cpus": _cpus()}
    if torch.cuda.is_available():
        info["device"] = torch.cuda.get_device_name()
    for name in ("transformers", "peft", "triton"):
        try:
            from importlib.metadata import version

            info[name] = version(name)
        except Exception:  # noqa: BLE001 - absent packages are reported as such
            info[name] = None
    return info


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 0)
