"""Mining eval cases from a git repository's history.

Picks first-parent commits that modify exactly one file of a known language and writes, per commit,
one row per snippet variant (``context3`` and ``function``). The output depends only on the
repository's contents: commits are visited in an order fixed by hashing their ids (spreading the
sample over history without a random seed), and the repo name comes from its origin URL.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from fastapply.merge.text.languages import detect_language

from .dataset import write_cases
from .metrics import count_marker_lines
from .snippets import VARIANTS, make_snippet


@dataclass(frozen=True)
class MineConfig:
    max_cases: int = 100  # rows written (each commit gives one row per variant)
    window: int = 4000  # newest first-parent commits considered
    min_changed_lines: int = 1
    max_changed_lines: int = 80
    min_file_lines: int = 20
    max_file_lines: int = 2000
    variants: tuple[str, ...] = VARIANTS

    def __post_init__(self) -> None:
        if self.max_cases < 1 or self.window < 1:
            raise ValueError("max_cases and window must be >= 1")
        if not 0 < self.min_changed_lines <= self.max_changed_lines:
            raise ValueError("need 0 < min_changed_lines <= max_changed_lines")
        if not 0 <= self.min_file_lines <= self.max_file_lines:
            raise ValueError("need 0 <= min_file_lines <= max_file_lines")
        unknown = set(self.variants) - set(VARIANTS)
        if unknown or not self.variants:
            raise ValueError(f"variants must be a non-empty subset of {VARIANTS}, got {self.variants}")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, encoding="utf-8", errors="replace"
    ).stdout


def repo_name(repo: Path) -> str:
    """``owner/name`` from the origin URL, else the directory name."""
    try:
        url = git(repo, "remote", "get-url", "origin").strip()
    except subprocess.CalledProcessError:
        url = ""
    match = re.search(r"[:/]([^/:]+/[^/]+?)(?:\.git)?/?$", url)
    return match.group(1) if match else repo.resolve().name


def candidate_commits(repo: Path, window: int) -> list[str]:
    """Newest ``window`` first-parent commits that have a parent, in a hash-fixed order."""
    try:
        shas = git(repo, "rev-list", "--first-parent", f"--max-count={window}", "--min-parents=1", "HEAD").split()
    except subprocess.CalledProcessError as exc:  # e.g. no commits yet
        raise ValueError(f"cannot read the history of {repo}: {exc.stderr.strip()}") from None
    return sorted(shas, key=lambda sha: hashlib.sha256(sha.encode()).hexdigest())


def single_file_change(repo: Path, sha: str) -> tuple[str, int] | None:
    """(path, changed lines) if ``sha`` modifies exactly one text file against its first parent."""
    numstat = git(repo, "diff", "--numstat", "--no-renames", f"{sha}^1", sha).strip().splitlines()
    if len(numstat) != 1:
        return None
    added, removed, path = numstat[0].split("\t", 2)
    if added == "-":  # binary
        return None
    status = git(repo, "diff", "--name-status", "--no-renames", f"{sha}^1", sha).split("\t", 1)[0]
    return (path, int(added) + int(removed)) if status == "M" else None


def file_at(repo: Path, sha: str, path: str) -> str | None:
    try:
        raw = subprocess.run(["git", "-C", str(repo), "show", f"{sha}:{path}"], check=True, capture_output=True).stdout
        return raw.decode("utf-8")
    except (subprocess.CalledProcessError, UnicodeDecodeError):
        return None


def mine_repo(repo: str | Path, config: MineConfig = MineConfig()) -> list[dict]:
    repo = Path(repo)
    if not git_dir_ok(repo):
        raise ValueError(f"not a git repository: {repo}")
    name = repo_name(repo)
    rows: list[dict] = []
    seen_pairs: set[str] = set()
    for sha in candidate_commits(repo, config.window):
        if len(rows) >= config.max_cases:
            break
        change = single_file_change(repo, sha)
        if change is None:
            continue
        path, n_changed = change
        language = detect_language(path=path)
        if language is None or not config.min_changed_lines <= n_changed <= config.max_changed_lines:
            continue
        before, after = file_at(repo, f"{sha}^1", path), file_at(repo, sha, path)
        if before is None or after is None or before == after:
            continue
        if not config.min_file_lines <= len(before.splitlines()) <= config.max_file_lines:
            continue
        if count_marker_lines(before) or count_marker_lines(after):
            continue  # a marker-like line in the file would make the snippet ambiguous
        pair_key = hashlib.sha256((before + "\0" + after).encode()).hexdigest()
        if pair_key in seen_pairs:
            continue
        seen_pairs.add(pair_key)
        subject = git(repo, "log", "-1", "--format=%s", sha).strip()
        for variant in config.variants:
            if len(rows) >= config.max_cases:
                break
            snippet, n_regions = make_snippet(before, after, language, variant)
            rows.append(
                {
                    "id": f"{name}/{sha[:12]}/{variant}",
                    "source": f"{name}@{sha}:{path}",
                    "language": language,
                    "original": before,
                    "snippet": snippet,
                    "expected": after,
                    "instruction": subject,
                    "variant": variant,
                    "orig_lines": len(before.splitlines()),
                    "n_hunks": n_regions,
                }
            )
    return rows


def git_dir_ok(repo: Path) -> bool:
    try:
        return git(repo, "rev-parse", "--is-inside-work-tree").strip() == "true"
    except (subprocess.CalledProcessError, FileNotFoundError, NotADirectoryError):
        return False


def mine_to_file(repo: str | Path, out: str | Path, config: MineConfig = MineConfig()) -> int:
    rows = mine_repo(repo, config)
    write_cases(out, rows)
    return len(rows)
