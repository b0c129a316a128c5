"""Moving files to a GPU machine in size-limited commands, and installing wheels there without pip.

Standard library only: the GPU machine runs this before anything else is installed (``gpu_boot.py``
imports it as a plain module). A large file travels as compressed parts, each named in a
manifest with its SHA-256; the machine reassembles the parts, decompresses them and checks that the
result is byte-identical to the file that was split.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import lzma
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

MIB = 1 << 20
COMMAND_LIMIT = 64 * MIB  # working tree + carried paths, per command
RETURN_TOTAL_LIMIT = 64_000_000  # all files coming back from one command
RETURN_FILE_COUNT = 8  # files coming back from one command
MANIFEST = "manifest.json"


def sha256_file(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# gzip for the model (xz would take a minute on 98 MB for a few % more); xz for JSONL data, where it
# is 3-4x smaller than gzip (the original, the snippet and the expected file repeat each other).
OPENERS = {
    "gzip": lambda path, mode: gzip.open(path, mode, compresslevel=6),
    "xz": lambda path, mode: lzma.open(path, mode, preset=6 if "w" in mode else None),
}


def compress(src: Path, dest: Path, method: str = "gzip") -> None:
    with open(src, "rb") as fin, OPENERS[method](dest, "wb") as fout:
        shutil.copyfileobj(fin, fout, 1 << 20)


def split_bytes(src: Path, plan: list[tuple[Path, int | None]], stem: str) -> list[dict]:
    """Cut ``src`` into consecutive parts, part i of ``plan[i][1]`` bytes (None: the rest) written to
    folder ``plan[i][0]`` as ``stem.partNN``; returns one record per part (file, size, sha256)."""
    parts, total = [], src.stat().st_size
    with open(src, "rb") as fh:
        for i, (folder, size) in enumerate(plan):
            data = fh.read(total if size is None else size)
            name = f"{stem}.part{i:02d}"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
            parts.append({"file": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        if fh.read(1):
            raise ValueError(f"{src}: part sizes {[s for _, s in plan]} do not cover the file")
    return parts


def part_entry(name: str, original: Path, parts: list[dict], dest: str, method: str) -> dict:
    """Manifest record of a file sent as parts: ``dest`` is where it is rebuilt (relative to the
    machine's state folder); ``sha256``/``size`` are those of the uncompressed original."""
    return {
        "name": name,
        "dest": dest,
        "size": original.stat().st_size,
        "sha256": sha256_file(original),
        "compression": method,
        "parts": parts,
    }


class MissingParts(FileNotFoundError):
    """Some parts of a file have not arrived (yet): the command that carries them has not run."""


def find_part(name: str, folders: list[Path]) -> Path | None:
    for folder in folders:
        if (folder / name).is_file():
            return folder / name
    return None


def join_parts(entry: dict, folders: list[Path], dest: Path) -> Path:
    """Rebuild one manifest entry at ``dest`` from parts found in ``folders``; every part and the
    whole file are checked against their SHA-256. Atomic: ``dest`` only appears when it is right."""
    missing = [p["file"] for p in entry["parts"] if find_part(p["file"], folders) is None]
    if missing:
        raise MissingParts(f"{entry['name']}: parts not here yet: {', '.join(missing)}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    joined = dest.with_name(dest.name + ".packed.tmp")
    with open(joined, "wb") as out:
        for p in entry["parts"]:
            path = find_part(p["file"], folders)
            if sha256_file(path) != p["sha256"]:
                raise ValueError(f"{path}: checksum mismatch (a damaged or stale part)")
            with open(path, "rb") as fh:
                shutil.copyfileobj(fh, out, 1 << 20)
    tmp = dest.with_name(dest.name + ".tmp")
    with OPENERS[entry["compression"]](joined, "rb") as fin, open(tmp, "wb") as fout:
        shutil.copyfileobj(fin, fout, 1 << 20)
    joined.unlink()
    if sha256_file(tmp) != entry["sha256"]:
        tmp.unlink()
        raise ValueError(f"{entry['name']}: reassembled file does not match its checksum")
    os.replace(tmp, dest)
    stamp(dest).write_text(entry["sha256"])
    return dest


def stamp(dest: Path) -> Path:
    """Where join_parts notes the checksum of what it rebuilt (checked once, not at every command)."""
    return dest.with_name(dest.name + ".sha256")


def is_rebuilt(entry: dict, dest: Path) -> bool:
    return dest.is_file() and stamp(dest).is_file() and stamp(dest).read_text() == entry["sha256"]


def stash_parts(folders: list[Path], into: Path) -> int:
    """Copy every part and manifest of the carried folders into the machine's state, so that a later
    command that no longer carries them (or replaces them) still finds them. Returns files copied."""
    into.mkdir(parents=True, exist_ok=True)
    copied = 0
    for folder in folders:
        for path in folder.iterdir() if folder.is_dir() else []:
            if not path.is_file() or ".part" not in path.name:
                continue
            target = into / path.name
            src = path.stat()
            if not target.exists() or (target.stat().st_size, int(target.stat().st_mtime)) != (
                src.st_size,
                int(src.st_mtime),
            ):
                shutil.copy2(path, target)
                copied += 1
    return copied


def read_manifests(paths: list[Path]) -> list[dict]:
    """Every file entry named by these manifest files (a file whose parts span two command folders
    is listed in both: once here)."""
    entries: dict[str, dict] = {}
    for path in paths:
        for entry in json.loads(path.read_text())["files"]:
            entries.setdefault(entry["name"], entry)
    return list(entries.values())


def install_wheels(wheel_dir: Path, site: Path) -> list[str]:
    """Unpack every wheel in ``wheel_dir`` into ``site`` (a folder on PYTHONPATH). A wheel is a zip of
    its importable files, so unpacking it is an install for packages without scripts or headers;
    no pip, no index. Idempotent: a wheel already unpacked (its .dist-info present) is skipped."""
    site.mkdir(parents=True, exist_ok=True)
    installed = []
    for wheel in sorted(wheel_dir.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
            info = next((n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")), None)
            if info and (site / info).is_dir():
                continue
            for name in names:
                top, _, rest = name.partition("/")
                target = name
                if top.endswith(".data"):  # purelib/platlib go to the site root; scripts etc. are not needed
                    kind, _, inner = rest.partition("/")
                    if kind not in ("purelib", "platlib") or not inner:
                        continue
                    target = inner
                if name.endswith("/"):
                    continue
                out = site / target
                out.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(name) as src, open(out, "wb") as dst:
                    shutil.copyfileobj(src, dst)
        installed.append(wheel.name)
    return installed


def tree_bytes(repo: Path) -> int:
    """Bytes of the working tree a GPU command copies: tracked files and untracked files git does
    not ignore (the ignored paths travel only when carried)."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=repo,
        capture_output=True,
        check=True,
    ).stdout
    total = 0
    for name in {n for n in out.decode().split("\0") if n}:
        path = repo / name
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
