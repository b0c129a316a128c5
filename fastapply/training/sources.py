"""Where training code comes from: real source trees already on this machine (none written here),
listed deterministically and split into train/val by a hash of the file path."""

from __future__ import annotations

import glob
import hashlib
import os
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from functools import lru_cache

from .syntax import LANGS

# Evaluation data and this project's own code must never become training data. pip vendors psf/requests
# (`pip/_vendor/requests/`), one of the dev set's sources: `_vendor` and any `requests` folder stay out.
EXCLUDE_PARTS = (
    "/work/shared",
    "/work/main/fastapply",
    "/testdata/",
    "/tests/ui/",
    "/test/ui/",
    "/fixtures/",
    "/site-packages/fastapply",
    "/vendor/",
    "/_vendor/",
    "/requests/",
    ".min.js",
)
MAX_BYTES = 300_000


@dataclass(frozen=True)
class SourceFile:
    language: str
    path: str  # "zip:ARCHIVE!MEMBER" for files inside an archive

    def read(self) -> str | None:
        try:
            if self.path.startswith("zip:"):
                archive, member = self.path[4:].split("!", 1)
                data = _zip(archive).read(member)
            else:
                with open(self.path, "rb") as fh:
                    data = fh.read(MAX_BYTES + 1)
        except (OSError, KeyError):
            return None
        if len(data) > MAX_BYTES or b"\0" in data:
            return None
        try:
            return data.decode("utf-8").replace("\r\n", "\n")
        except UnicodeDecodeError:
            return None


@lru_cache(maxsize=4)
def _zip(path: str) -> zipfile.ZipFile:
    return zipfile.ZipFile(path)


def default_roots() -> dict[str, list[str]]:
    """Directory roots (and src.zip archives) per language that exist on this machine."""
    stdlib = sysconfig.get_paths()["stdlib"]
    py = [stdlib, *(p for p in sys.path if p.endswith("site-packages"))]
    roots = {
        "python": py,
        "javascript": [
            p for p in ("/usr/lib/node_modules", "/usr/local/lib/node_modules", os.path.expanduser("~/.npm"))
        ],
        "go": [
            "/usr/lib/go/src",
            "/usr/local/go/src",
            *sorted(glob.glob("/usr/share/go-*/src")),
            os.path.expanduser("~/go/pkg/mod"),
        ],
        "rust": [
            os.path.expanduser("~/.cargo/registry/src"),
            *sorted(glob.glob("/usr/src/rustc-*/library")),
            *sorted(glob.glob("/usr/src/rustc-*/compiler")),
            "/usr/share/cargo/registry",
        ],
        "java": sorted(glob.glob("/usr/lib/jvm/*/lib/src.zip")),
        "c": ["/usr/include"],
        # Docs that ship with installed software (READMEs, manuals, some generated API pages).
        "markdown": [
            "/usr/lib/node_modules",
            "/usr/share/doc",
            *sorted(glob.glob("/usr/src/rustc-*/src/doc")),
            *py[1:],
        ],
        "html": ["/usr/share/doc", "/usr/lib/node_modules", *py[1:]],
    }
    return {lang: list(dict.fromkeys(p for p in paths if os.path.exists(p))) for lang, paths in roots.items()}


def _excluded(path: str) -> bool:
    return any(part in path for part in EXCLUDE_PARTS)


def list_files(lang: str, roots: list[str]) -> list[SourceFile]:
    exts = LANGS[lang].exts
    found: set[str] = set()
    for root in roots:
        if root.endswith(".zip"):
            for member in _zip(root).namelist():
                if member.endswith(exts) and not _excluded(member):
                    found.add(f"zip:{root}!{member}")
            continue
        for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
            for name in filenames:
                path = os.path.join(dirpath, name)
                if name.endswith(exts) and not _excluded(path) and not os.path.islink(path):
                    found.add(os.path.realpath(path))
    return [SourceFile(lang, p) for p in sorted(_dedupe_java(found) if lang == "java" else found)]


def _dedupe_java(paths: set[str]) -> set[str]:
    """Several JDKs ship overlapping sources; keep the first archive's copy of each class."""
    seen, out = set(), set()
    for p in sorted(paths):
        key = p.split("!", 1)[-1]
        if key not in seen:
            seen.add(key)
            out.add(p)
    return out


def split_of(path: str, val_permille: int = 50) -> str:
    """Stable train/val assignment by file: every example from one file lands in one split. The key
    drops machine-specific prefixes (version dirs) so the split survives a reinstall."""
    key = path.split("!", 1)[-1]
    for marker in ("site-packages/", "/lib/python3", "/src/", "node_modules/", "/include/"):
        if marker in key:
            key = key.split(marker, 1)[-1]
            break
    h = int(hashlib.sha1(key.encode()).hexdigest()[:8], 16)
    return "val" if h % 1000 < val_permille else "train"
