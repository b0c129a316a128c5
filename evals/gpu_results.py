"""Where the agenda's results live on the GPU machine, and how they come back while a command runs.

Results accumulate under ``<state>/results/<step>/`` for the whole lease (the report reads them all);
what a command writes there is copied to ``$OUT`` every few seconds and at exit, so a command cut
short at its time limit still returns what it finished. Only files changed during this command are
copied (earlier commands already returned theirs), within the limits on what may come back: at most
eight files of 16 MB, so they travel as one tar archive cut into parts (``results.tar.00``, ``.01``…)
beside ``report.md``. Unpack with ``cat results.tar.* | tar -x -C STATE/results``.
"""

from __future__ import annotations

import io
import json
import platform
import shutil
import tarfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from .gpu_transfer import RETURN_FILE_COUNT, RETURN_TOTAL_LIMIT

ALWAYS = ("report.md",)  # copied by every command, changed or not
ARCHIVE = "results.tar"
PART_BYTES = 15_000_000  # under the 16 MB a returned file may have, with room for tar's own blocks


def _archived(out: Path) -> set[str]:
    """The file names held by the ``results.tar`` parts already in ``out`` (none, or unreadable: empty)."""
    parts = sorted(out.glob(f"{ARCHIVE}.[0-9][0-9]"))
    if not parts:
        return set()
    try:
        with tarfile.open(fileobj=io.BytesIO(b"".join(p.read_bytes() for p in parts)), mode="r") as tar:
            return set(tar.getnames())
    except (tarfile.TarError, OSError):
        return set()


class Results:
    def __init__(self, state: Path, out: Path | None, every_s: float = 15.0):
        self.root = state / "results"
        self.root.mkdir(parents=True, exist_ok=True)
        self.out = out
        self.started = time.time()
        self.every_s = every_s
        self.left_out: dict[str, str] = {}
        self._sent: list | None = None  # what the last copy held: (name, mtime, size) per file
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        # What an earlier step of the same command (another process) already put in ``out``: kept in
        # this process's archive, which replaces that one.
        self._inherited = _archived(out) if out is not None else set()

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
        """Write the files changed since this command started to ``out`` as ``results.tar.NN`` parts,
        plus a copy of the report, within the limits on what comes back."""
        if self.out is None:
            return
        with self._lock:
            chosen, total = [], 0
            room = min(RETURN_TOTAL_LIMIT - (1 << 20), (RETURN_FILE_COUNT - len(ALWAYS)) * PART_BYTES) - 10240
            for path in sorted(self.root.rglob("*")):
                if not path.is_file() or path.name.endswith(".tmp"):
                    continue
                rel, stat = str(path.relative_to(self.root)), path.stat()
                if stat.st_mtime < self.started - 1 and rel not in self._inherited:
                    continue
                if total + stat.st_size + 1024 > room:
                    self.left_out[rel] = f"{stat.st_size} bytes: over the limit of what comes back"
                    continue
                chosen.append((path, rel))
                total += stat.st_size + 1024
            signature = [(rel, path.stat().st_mtime, path.stat().st_size) for path, rel in chosen]
            if signature == self._sent:
                return  # nothing new since the last copy
            self._sent = signature
            buffer = io.BytesIO()
            with tarfile.open(fileobj=buffer, mode="w") as tar:
                for path, rel in chosen:
                    tar.add(path, arcname=rel, recursive=False)
            data = buffer.getvalue()
            self.out.mkdir(parents=True, exist_ok=True)
            parts = [data[i : i + PART_BYTES] for i in range(0, len(data), PART_BYTES)]
            for i, chunk in enumerate(parts):
                tmp = self.out / f".{ARCHIVE}.{i:02d}.tmp"
                tmp.write_bytes(chunk)
                tmp.replace(self.out / f"{ARCHIVE}.{i:02d}")
            for stale in self.out.glob(f"{ARCHIVE}.*"):
                if int(stale.suffix[1:]) >= len(parts):
                    stale.unlink()
            for name in ALWAYS:
                if (self.root / name).is_file():
                    shutil.copy2(self.root / name, self.out / name)

    def start(self) -> Results:
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
    return datetime.now(UTC).isoformat(timespec="seconds")


def environment() -> dict:
    """Device, date and versions for the report's header of a step."""
    import torch

    info = {
        "date": now(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "device": "cpu",
        "host_cpus": _cpus(),
    }
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
